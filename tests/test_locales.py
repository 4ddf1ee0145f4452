"""Every shipped language prints: every component of every kit and every handout builds in
it with no preflight finding (no text over its box, under the minimum size, or missing from
its font), and plural forms follow the language's rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from buildcache import built_kits

from printkit.context import BuildContext
from printkit.handouts import build_handout
from printkit.i18n import available_locales, translations
from printkit.kits import kits
from printkit.paper import paper

LOCALES = available_locales()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_kit_and_handout_prints_clean_in(tmp_path_factory: pytest.TempPathFactory,
                                               tmp_path: Path, locale: str) -> None:
    # built once for the run (tests/buildcache.py): in English it is the A4 home build
    # tests/test_print_conformance.py reads
    _out, report = built_kits(tmp_path_factory, "all", BuildContext(paper("a4"), locale=locale))
    assert report.findings == [], f"{locale}:\n{report.report()}"
    (tmp_path / "h").mkdir()
    for kit in kits().values():
        if kit.handout is not None:
            build_handout(kit, BuildContext(paper("letter"), locale=locale), tmp_path / "h")


def test_russian_counts_take_three_forms() -> None:
    t = translations("ru", kits()["tug-of-war"].catalog)
    forms = {n: t.ngettext("%(num)s six-sided die", "%(num)s six-sided dice", n)
             for n in (1, 2, 5, 21, 22, 25)}
    assert forms[1] == forms[21] and forms[2] == forms[22] and forms[5] == forms[25]
    assert len({forms[1], forms[2], forms[5]}) == 3


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_counts_are_translated_in(locale: str) -> None:
    t = translations(locale, kits()["tug-of-war"].catalog)
    assert t.ngettext("%(num)s six-sided die", "%(num)s six-sided dice", 9) != \
        "%(num)s six-sided dice"


def test_a_text_box_hyphenates_in_its_language_when_shrinking_is_not_enough() -> None:
    """The turn summary shrinks its text first; a word still too long for the column is then
    hyphenated with the language's dictionary (a hyphen at a syllable) instead of being cut
    anywhere without one."""
    from printkit.pipeline import drawing
    from printkit.templates.tug_of_war.summary import _paragraphs

    column = [("Zug", ["Donaudampfschifffahrtsgesellschaftskapitänsmütze und Reserve"])]

    def lines(hyphenate: bool) -> list[str]:
        with drawing(BuildContext(paper("a4"), locale="de"), kit=kits()["tug-of-war"]) as ctx:
            para = _paragraphs(ctx, column, 7, hyphenate)[1][0]
            para.wrap(60, 10_000)
            return [" ".join(line[1]) for line in para.blPara.lines]

    cut = lines(False)
    hyphenated = lines(True)
    assert len(cut) > 1 and not any(line.endswith("-") for line in cut)
    assert hyphenated[0] == "Donaudampf-"  # at a syllable, with its hyphen
    assert all(line.endswith("-") for line in hyphenated[:-2])
