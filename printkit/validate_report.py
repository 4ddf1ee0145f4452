"""The PDF report of ``printkit validate --report``: a table of capacities and a score chart."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from printkit.context import BuildContext
from printkit.fonts import font
from printkit.i18n import _
from printkit.pdf import open_canvas
from printkit.units import mm

if TYPE_CHECKING:
    from printkit.validate import ValidationResult


def score_chart(scores: Sequence[float], width: float, height: float, bins: int = 20, *,
                games: int | None = None) -> Drawing:
    """A histogram of final scores (one per player per game), drawn with ReportLab's own bar
    chart, with both axes labelled."""
    lo, hi = min(scores), max(scores)
    step = max(1.0, (hi - lo) / bins)
    counts = Counter(min(bins - 1, int((s - lo) // step)) for s in scores)
    d = Drawing(width, height)
    d.initialFontName = font("sans")  # no stray, unembedded Helvetica from the renderer
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 42, 25, width - 52, height - 40
    chart.data = [[counts.get(i, 0) for i in range(bins)]]
    chart.categoryAxis.categoryNames = [
        f"{int(lo + i * step)}" if i % 4 == 0 else "" for i in range(bins)
    ]
    chart.categoryAxis.labels.fontName = font("sans")
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontName = font("sans")
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueStep = max(1, math.ceil(max(counts.values()) / 5))  # whole counts
    chart.bars[0].fillColor = colors.HexColor("#1d3f8f")
    chart.bars[0].strokeColor = None
    d.add(chart)
    x_label = _("final score (%(n)d scores: every player of every game)") % {"n": len(scores)}
    if games:
        x_label = _("final score (%(n)d scores: %(p)d players in each of %(g)d games)") % {
            "n": len(scores), "p": len(scores) // games, "g": games}
    d.add(String(chart.x + chart.width / 2, 4, x_label, fontName=font("sans"), fontSize=8,
                 textAnchor="middle"))
    y_label = String(0, 0, _("number of scores"), fontName=font("sans"), fontSize=8,
                     textAnchor="middle")
    d.add(Group(y_label, transform=(0, 1, -1, 0, 10, chart.y + chart.height / 2)))
    return d


def write_report(results: Sequence[ValidationResult], ctx: BuildContext, out: Path) -> None:
    page = ctx.paper
    margin = mm(15)
    width = page.width - 2 * margin
    h1 = ParagraphStyle("h1", fontName=font("sans-bold"), fontSize=15, leading=19)
    body = ParagraphStyle("body", fontName=font("sans"), fontSize=9.5, leading=12.5)
    with open_canvas(out, page, title=_("Layout validation report"), ctx=None) as c:
        for result in results:
            flow = [
                Paragraph(_("Layout validation: %(game)s") % {"game": result.game}, h1),
                Spacer(0, 4),
                Paragraph(_("%(n)d games of %(p)d players auto-played with the %(bot)s bot "
                            "from seed %(seed)d.") % {"n": result.games, "p": result.players,
                                                      "bot": result.bot, "seed": result.seed},
                          body),
            ]
            if result.mean_score is not None:
                flow.append(Paragraph(_("Mean score: %(m).1f") % {"m": result.mean_score}, body))
            flow.append(Spacer(0, 8))
            rows = [[_("capacity"), _("holds"), _("needed"), _("ok")]]
            rows += [[ch.name, str(ch.capacity), str(ch.observed_max),
                      _("yes") if ch.ok else _("NO")] for ch in result.capacities]
            table = Table(rows, colWidths=[width * 0.55, width * 0.15, width * 0.15, width * 0.15])
            table.setStyle(TableStyle([
                ("FONT", (0, 0), (-1, -1), font("sans"), 9.5),
                ("FONT", (0, 0), (-1, 0), font("sans-bold"), 9.5),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f0f0f0")]),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
            ] + [("TEXTCOLOR", (3, i + 1), (3, i + 1), colors.red)
                 for i, ch in enumerate(result.capacities) if not ch.ok]))
            flow += [table, Spacer(0, 12)]
            if result.mean_score is not None and result.scores:
                flow.append(score_chart(result.scores, width, mm(70), games=result.games))
            y = page.height - margin
            for item in flow:
                _w, h = item.wrap(width, y - margin)
                item.drawOn(c, margin, y - h)
                y -= h
            c.showPage()
