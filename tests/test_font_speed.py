"""Fonts cost their time once: glyphs measured when used (and kept), variable fonts instanced
once into a file named by its recipe.

A Japanese example used to measure all 33,488 glyphs of Noto Sans JP in every process, and a
first Japanese build instanced the font and then saved it a second time to add blank glyphs.
These tests hold the faster ways to the results of the slow ones: the ink bounds are exactly
fontTools' ``BoundsPen`` bounds (not the control-point boxes the font stores), whether measured
or read back from the cache, and a cached font is replaced, not joined, when its recipe changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import Cli

# one role and locale per font file the manifest resolves to (checked below)
FONTS = [
    ("sans", "en"), ("sans-bold", "en"), ("sans-italic", "en"),  # Fira Sans
    ("hand", "en"), ("hand-bold", "en"),  # Kalam
    ("note", "en"), ("hand", "ru"), ("hand-bold", "ru"),  # Caveat 500, 400, 700
    ("sans", "ja"), ("sans-bold", "ja"),  # Noto Sans JP 400, 700
    ("sans", "ar"), ("sans-bold", "ar"),  # Noto Sans Arabic
    ("hand", "ar"), ("hand-bold", "ar"),  # Amiri
]
SAMPLE = 150  # characters measured per font, spread over its cmap
DIGITS = "0123456789"


@pytest.fixture
def measures() -> Iterator[Callable[[], None]]:
    """Forget, as a new process would, what was measured in this one; the test points
    ``PRINTKIT_CACHE_DIR`` at an empty folder once it has resolved its fonts (in the user
    cache, where they are instanced once)."""
    from printkit.drawing import draw

    def forget() -> None:
        for f in (draw._glyph_bounds_of, draw._glyph_top_of, draw._measured, draw._font_file,
                  draw._best_cmap, draw._glyph_set):
            f.cache_clear()

    forget()
    yield forget
    forget()


def reference(path: Path, chars: list[str]) -> dict[str, tuple[object, object]]:
    """What the code measured before (every glyph through a ``BoundsPen``; the top of a
    digit's stroke from a ``RecordingPen``), on a font opened anew."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    ft = TTFont(str(path), lazy=True)
    upm = float(ft["head"].unitsPerEm)
    glyphs, cmap = ft.getGlyphSet(), ft.getBestCmap()
    found: dict[str, tuple[object, object]] = {}
    for ch in chars:
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(ch)]].draw(pen)
        bounds = None if pen.bounds is None else tuple(v / upm for v in pen.bounds)
        top = None
        if ch not in DIGITS:  # glyph_top is asked of a "1" only: the flag of a written one
            found[ch] = (bounds, top)
            continue
        rec = RecordingPen()
        glyphs[cmap[ord(ch)]].draw(rec)
        points = [pt for _op, args in rec.value for pt in args]
        if points:
            high = max(y for _x, y in points)
            near = [x for x, y in points if y >= high - 0.05 * upm]
            top = (sum(near) / len(near) / upm, high / upm)
        found[ch] = (bounds, top)
    return found


def sample(path: Path) -> list[str]:
    from fontTools.ttLib import TTFont

    codes = sorted(TTFont(str(path), lazy=True).getBestCmap())
    step = max(1, len(codes) // SAMPLE)
    return sorted({chr(c) for c in codes[::step]} | {c for c in DIGITS + " " if ord(c) in codes})


def test_the_sample_covers_every_font_file_the_manifest_uses() -> None:
    from printkit.fonts import manifest, resolve, scripts
    from printkit.scripts import script_name

    used = {resolve(role, script).path for script in ["latin", *scripts()] for role in manifest()}
    assert used == {resolve(role, script_name(locale)).path for role, locale in FONTS}


def measured(path: Path, ch: str) -> tuple[object, object]:
    from printkit.drawing import draw

    return (draw._glyph_bounds_of(str(path), ch),
            draw._glyph_top_of(str(path), ch) if ch in DIGITS else None)


@pytest.mark.parametrize(("role", "locale"), FONTS)
def test_glyph_bounds_are_the_bounds_pen_bounds(role: str, locale: str,
                                                measures: Callable[[], None],
                                                monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    """Measured per glyph, read back from the cache by the next process: the same floats."""
    from printkit.drawing import draw
    from printkit.fonts import FontRole, font_path

    path = font_path(FontRole(role), locale)
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    chars = sample(path)
    expected = reference(path, chars)
    for ch in chars:
        assert measured(path, ch) == expected[ch], ch
    measures()  # a new process: what was measured comes from the cache folder
    for ch in chars:
        assert measured(path, ch) == expected[ch], ch
    assert draw._font_file.cache_info().currsize == 0  # the font was not opened again


def test_a_character_the_font_lacks_has_no_bounds(measures: Callable[[], None],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    from printkit.drawing import draw
    from printkit.fonts import FontRole, font_path

    path = str(font_path(FontRole.HAND, "en"))  # Kalam: no kana
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    assert draw._glyph_bounds_of(path, "あ") is None and draw._glyph_top_of(path, "あ") is None
    assert draw._glyph_bounds_of(path, "\u00a0") is None  # a blank glyph added to the font
    assert draw._glyph_bounds_of(path, "ab") is None


def test_a_stale_or_broken_measurement_file_is_not_trusted(measures: Callable[[], None],
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    from printkit.drawing import draw
    from printkit.fonts import FontRole, font_path

    path = str(font_path(FontRole.HAND, "en"))
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    first = draw._glyph_bounds_of(path, "1")
    (file,) = (tmp_path / "fonts" / "glyphs").iterdir()
    old = file.with_name(re.sub(r"-[0-9a-f]{16}\.json$", "-0123456789abcdef.json", file.name))
    old.write_text("{}", encoding="utf-8")
    file.write_text('{"bounds": {"1": [1, 2, 3]}, "top": "x"}', encoding="utf-8")
    measures()
    assert draw._glyph_bounds_of(path, "1") == first  # measured again
    measures()
    file.unlink()  # a new measure file for this font removes the older one
    assert draw._glyph_bounds_of(path, "2") is not None
    assert sorted(p.name for p in (tmp_path / "fonts" / "glyphs").iterdir()) == [file.name]


def test_a_japanese_example_is_the_same_measured_or_cached(cli: Cli, measures: Callable[[], None],
                                                           tmp_path: Path, seed_log: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.fonts import font_for, manifest

    for role in manifest():  # instanced (or found) in the user cache, not in tmp_path
        font_for(role, "ja")
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    for name in ("one.pdf", "two.pdf"):
        measures()
        r = cli("example", "wftgts", str(seed_log), "--locale", "ja", "--out",
                str(tmp_path / name))
        assert r.code == 0, r.err
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
    assert any((tmp_path / "fonts" / "glyphs").glob("NotoSansJP-400-*.json"))


# -- the fonts printkit makes -------------------------------------------------------------------

def caveat() -> Path:
    import fontpkg

    return Path(fontpkg.family("caveat").files[0].path)


def noto_sans_jp() -> Path:
    from printkit.fonts import FontChoice, _family_file

    path = _family_file(FontChoice("noto-sans-jp"), instance=False)
    assert path is not None
    return path


def test_the_cached_font_name_changes_with_its_recipe(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    import fontTools

    from printkit import fonts

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    source = noto_sans_jp()
    name = fonts.instance_file(source, 400).name
    assert re.fullmatch(r"NotoSansJP-400-[0-9a-f]{16}\.ttf", name)
    assert fonts.instance_file(source, 400).name == name  # the same recipe, the same name
    assert fonts.instance_file(source, 700).name != name
    changes = [
        (fonts, "RECIPE_VERSION", fonts.RECIPE_VERSION + "x"),
        (fonts, "BLANKS", {**fonts.BLANKS, 0x2008: "thin"}),
        (fonts, "BLANKS", {**fonts.BLANKS, 0x00A0: "thin"}),
        (fontTools, "version", fontTools.version + ".post1"),
    ]
    for owner, attribute, value in changes:
        with monkeypatch.context() as m:
            m.setattr(owner, attribute, value)
            assert fonts.instance_file(source, 400).name != name, (attribute, value)


def test_an_instance_is_made_once_said_once_and_replaces_its_stale_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fontTools.ttLib import TTFont

    from printkit import fonts

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "one"))
    monkeypatch.delenv("PRINTKIT_QUIET", raising=False)
    folder = tmp_path / "one" / "fonts"
    folder.mkdir(parents=True)
    stale = ["Caveat-400-0123456789abcdef.ttf",
             "Caveat-400-0123456789abcdef-blanks-fedcba9876543210.ttf"]
    kept = ["Caveat-700-0123456789abcdef.ttf", "Caveat-4000-0123456789abcdef.ttf",
            "Caveat-400-notes.txt", "CaveatBrush-400-0123456789abcdef.ttf"]
    for name in stale + kept:
        (folder / name).write_bytes(b"")
    made = fonts.static_instance(caveat(), 400, family="Caveat", script="cyrillic")
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"printkit: preparing Caveat Regular for Cyrillic (first run only, about "
                     f"1 s; cached in {folder})"]
    assert made.parent == folder
    assert sorted(p.name for p in folder.iterdir()) == sorted([made.name, *kept])
    ft = TTFont(str(made))
    assert "fvar" not in ft and "gvar" not in ft
    assert set(fonts.BLANKS) <= set(ft.getBestCmap())  # the blanks in the same, single file
    assert fonts.static_instance(caveat(), 400) == made  # cached: made once...
    assert capsys.readouterr().err == ""  # ...and said once
    # made anew elsewhere: the same bytes (a PDF embeds them), and quiet when asked
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "two"))
    monkeypatch.setenv("PRINTKIT_QUIET", "1")
    again = fonts.static_instance(caveat(), 400)
    assert capsys.readouterr().err == ""
    assert again.name == made.name and again.read_bytes() == made.read_bytes()


def test_a_static_font_gets_its_blanks_in_a_file_named_by_its_recipe(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import fontpkg

    from printkit import fonts

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    kalam = Path(fontpkg.select_file(fontpkg.family("kalam"), 400, "normal", True).path)
    folder = tmp_path / "fonts"
    folder.mkdir()
    (folder / "Kalam-Regular-blanks-0123456789abcdef.ttf").write_bytes(b"")
    made = fonts.supplemented(kalam)
    assert re.fullmatch(r"Kalam-Regular-blanks-[0-9a-f]{16}\.ttf", made.name)
    assert [p.name for p in folder.iterdir()] == [made.name]
    with monkeypatch.context() as m:
        m.setattr(fonts, "RECIPE_VERSION", fonts.RECIPE_VERSION + "x")
        assert fonts.supplemented(kalam).name != made.name
