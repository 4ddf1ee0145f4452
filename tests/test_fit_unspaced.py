"""Line breaking of text written without spaces (Japanese, Chinese): it breaks between
characters, never before a closing mark, and adds no hyphen."""

from __future__ import annotations

from printkit.context import BuildContext
from printkit.fonts import FontRole
from printkit.layout.fit import fit_text, wrap
from printkit.paper import paper
from printkit.pipeline import drawing

JAPANESE = "水風船を一つ補充する。敵の隠れマーカーを一つ表に返し、その場で士気判定をさせる。"


def _font() -> str:
    with drawing(BuildContext(paper("a4"), locale="ja")) as ctx:
        return ctx.font(FontRole.SANS)


def test_unspaced_text_breaks_between_characters_within_the_width() -> None:
    font = _font()
    lines, widest, hyphenated = wrap(JAPANESE, font, 9, 60)
    assert len(lines) > 3
    assert widest <= 60.5
    assert "".join(lines) == JAPANESE  # nothing added, nothing lost
    assert not hyphenated
    assert not any(line.startswith(("。", "、")) for line in lines)


def test_unspaced_text_fits_a_card_box_that_spaced_breaking_could_not() -> None:
    with drawing(BuildContext(paper("a4"), locale="ja")) as ctx:
        fitted = fit_text(JAPANESE, FontRole.SANS, 120, 80, locale=ctx.locale, max_size=9,
                          min_size=6)
        assert ctx.locale == "ja"
    assert fitted.fits
    assert fitted.width <= 120.5
