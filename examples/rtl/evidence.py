"""Evidence for leaving right-to-left locales out: which ReportLab 5.1 paths put Arabic and
Hebrew words in right-to-left order with joined letters.

Run ``python examples/rtl/evidence.py``: it writes ``evidence.pdf`` beside itself (rendered as
``evidence.png``) and prints, per case, the order of the digits 1 2 3 from left to right on the
page (a right-to-left line reads 321). Only the canvas path (``printkit.scripts.visual``) is
both shaped and ordered; a Paragraph is shaped or ordered, never both.
"""
import sys
import types
from pathlib import Path

import pdfplumber

from printkit.scripts import log2vis

# ReportLab's bidi needs its rlbidi package (not on PyPI): python-bidi stands in
shim = types.ModuleType("rlbidi")
shim.log2vis = log2vis
sys.modules["rlbidi"] = shim
from reportlab.lib.rl_accel import fp_str  # noqa: E402
from reportlab.pdfgen import textobject  # noqa: E402

assert textobject.rtlSupport


def setRise(self, rise):  # ReportLab 5.1 IndexError on a raised first glyph of a shaped run
    v = f"{fp_str(rise)} Ts"
    if self._code and self._code[-1].endswith(" Ts"):
        self._y += self._rise
        self._code[-1] = v
    else:
        self._rise = rise
        self._y -= rise
        self._code.append(v)


textobject.PDFTextObject.setRise = setRise
from reportlab.lib.enums import TA_RIGHT  # noqa: E402 - after the rlbidi stand-in
from reportlab.lib.styles import ParagraphStyle  # noqa: E402 - after the rlbidi stand-in
from reportlab.pdfgen.canvas import Canvas  # noqa: E402 - after the rlbidi stand-in
from reportlab.platypus import Paragraph  # noqa: E402 - after the rlbidi stand-in

from printkit.fonts import font  # noqa: E402 - after the rlbidi stand-in
from printkit.scripts import visual  # noqa: E402 - after the rlbidi stand-in

OUT = Path(__file__).with_name("evidence.pdf")
cases = [
    ("ar, shaping=1, plain text", "ar", 1, "واحد 1 اثنان 2 ثلاثة 3"),
    ("ar, shaping=0, plain text (letters unjoined)", "ar", 0, "واحد 1 اثنان 2 ثلاثة 3"),
    ("ar, shaping=1, with <b> markup", "ar", 1, "واحد 1 <b>اثنان</b> 2 ثلاثة 3"),
    ("he, shaping=0, plain text", "he", 0, "אחת 1 שתיים 2 שלוש 3"),
    ("he, shaping=0, with <b> markup", "he", 0, "אחת 1 <b>שתיים</b> 2 שלוש 3"),
]
c = Canvas(str(OUT), pagesize=(420, 330), initialFontName=font("sans", "en"))
y = 300
for label, loc, shaping, text in cases:
    st = ParagraphStyle(label, fontName=font("sans", loc), fontSize=14, leading=18,
                        wordWrap="RTL", shaping=shaping, alignment=TA_RIGHT)
    c.setFont(font("sans", "en"), 7)
    c.drawString(10, y + 4, label)
    p = Paragraph(text, st)
    _w, h = p.wrap(250, 100)
    p.drawOn(c, 160, y - h + 14)
    y -= 40
f = font("sans", "ar")
c.setFont(font("sans", "en"), 7)
c.drawString(10, y + 4, "ar, canvas: printkit.scripts.visual()")
c.setFont(f, 14)
c.drawRightString(410, y - 8, visual("واحد 1 اثنان 2 ثلاثة 3", "ar", f, 14))
c.save()
with pdfplumber.open(str(OUT)) as pdf:
    chars = pdf.pages[0].chars
rows: list[list] = []
digits = [c for c in chars if c["text"] in "123" and c["x0"] > 150]
for ch in sorted(digits, key=lambda c: c["top"]):
    if rows and abs(rows[-1][0]["top"] - ch["top"]) < 10:
        rows[-1].append(ch)
    else:
        rows.append([ch])
labels = [case[0] for case in cases] + ["ar, canvas: printkit.scripts.visual()"]
for found, label in zip(rows, labels, strict=True):
    order = "".join(c["text"] for c in sorted(found, key=lambda c: c["x0"]))
    verdict = "right-to-left OK" if order == "321" else "WRONG"
    print(f"{label:50s} digits left to right: {order}  -> {verdict}")
