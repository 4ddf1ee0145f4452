"""Font roles are a closed vocabulary and layout files are read into typed dataclasses: a
misspelt role or key is one error naming the file and the key, at load time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit.errors import FontError, PrintkitError
from printkit.fonts import FontRole, manifest
from printkit.layouts import Color, LayoutDataError, layout_from_toml, load_layout


def test_the_roles_are_the_manifests() -> None:
    assert set(manifest()) == set(FontRole)
    # a member is its string: the equality mypy holds impossible for an enum is the point
    assert FontRole.SANS_BOLD == "sans-bold" and f"printkit-{FontRole.HAND}" == "printkit-hand"  # type: ignore[comparison-overlap]


def test_an_unknown_role_names_where_it_was_read() -> None:
    with pytest.raises(FontError, match=r"^manifest: \[roles\.sans-blod\]: unknown font role "
                                        r"'sans-blod'; roles are hand, hand-bold"):
        FontRole.parse("sans-blod", "manifest: [roles.sans-blod]")


@dataclass(frozen=True)
class Title:
    role: FontRole
    size: float
    offset: tuple[float, float] = (0.0, 0.0)
    note: str | None = None


@dataclass(frozen=True)
class Sheet:
    title: Title
    rows: int
    ink: dict[str, Color]


GOOD = '''rows = 3
[title]
role = "sans-bold"
size = 12
offset = [1, 2.5]
[ink]
rule = "#5a5a5a"
'''


def test_a_layout_reads_into_its_dataclass(tmp_path: Path) -> None:
    path = tmp_path / "game" / "layout.toml"
    path.parent.mkdir()
    path.write_text(GOOD)
    lay = load_layout(Sheet, path)
    assert lay.title == Title(FontRole.SANS_BOLD, 12.0, (1.0, 2.5), None)
    assert isinstance(lay.title.size, float) and lay.rows == 3
    assert lay.ink["rule"].hexval() == "0x5a5a5a"


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace('"sans-bold"', '"sans-blod"'),
     "game/layout.toml: [title] role: unknown font role 'sans-blod'; roles are hand, "),
    (GOOD.replace("size = 12\n", ""), "game/layout.toml: [title] size: missing key"),
    (GOOD.replace("size = 12", "size = 12\nsise = 3"),
     "game/layout.toml: [title] sise: unknown key (keys are note, offset, role, size)"),
    (GOOD.replace("rows = 3", 'rows = "3"'),
     "game/layout.toml: rows: expected an integer, not '3'"),
    (GOOD.replace("rows = 3", "rows = 3.0"),
     "game/layout.toml: rows: expected an integer, not 3.0"),
    (GOOD.replace("[1, 2.5]", "[1]"), "game/layout.toml: [title] offset: expected 2 values"),
    (GOOD.replace("#5a5a5a", "grey"),
     "game/layout.toml: [ink] rule: expected a colour \"#rrggbb\", not 'grey'"),
])
def test_a_bad_layout_is_one_error_naming_file_and_key(text: str, message: str) -> None:
    with pytest.raises(LayoutDataError) as caught:
        layout_from_toml(Sheet, text, "game/layout.toml")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value) and isinstance(caught.value, PrintkitError)
