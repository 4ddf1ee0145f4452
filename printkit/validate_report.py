"""The PDF report of ``printkit validate --report``: what a designer acts on, per game.

Per game one PDF (every variant in it): the capacities as observed-against-capacity bars with
their verdicts, the game-length and score distributions, seat and first-player advantage and
bots against bots as win rates with 95 % intervals, the extreme games kept as logs with their
example PDFs linked, and a changed game beside the standard one. One summary page lists every
game and links to its report. Everything is drawn with ReportLab's graphics, with embedded
fonts and no date, so the same run gives the same bytes; a run stopped by Ctrl-C is marked
partial on every page that shows its figures.

``--report DIR`` writes ``DIR/summary.pdf``, ``DIR/<game>.pdf`` and the extreme games in
``DIR/games/``; ``--report FILE.pdf`` writes one PDF (summary first) and the games beside it
in ``FILE_files/``.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from printkit.context import BuildContext, DrawContext
from printkit.drawing.draw import fit_size
from printkit.fonts import FontRole
from printkit.layouts import Color, load_layout
from printkit.page.canvas import open_canvas
from printkit.pipeline import drawing
from printkit.simulation import Histogram
from printkit.units import mm

if TYPE_CHECKING:
    from printkit.validate import CapacityCheck, ValidationResult, WinRate



@dataclass(frozen=True)
class PageSizes:
    margin: float
    gap: float
    heading: float
    subheading: float
    body: float
    small: float


@dataclass(frozen=True)
class ChartSizes:
    histogram_h: float
    bins: int
    label: float
    tick: float
    row_h: float
    row_label: float
    row_text: float
    min_text: float


@dataclass(frozen=True)
class ReportLayout:
    """``validate_report.toml``: the report's inks, page (mm, text sizes in pt) and charts."""

    ink: dict[str, Color]
    page: PageSizes
    chart: ChartSizes


LAYOUT = load_layout(ReportLayout, Path(__file__).with_name("validate_report.toml"))
GAMES_FOLDER = "games"


def files_folder(out: Path) -> Path:
    """Where the extreme games' logs and examples go for a report written to ``out``."""
    if out.suffix.lower() == ".pdf":
        return out.parent / f"{out.stem}_files"
    return out / GAMES_FOLDER


# -- styles ------------------------------------------------------------------------------


def _style(ctx: DrawContext, name: str, size: float | None = None, bold: bool = False,
           **kw: Any) -> ParagraphStyle:
    """A paragraph style at ``size`` pt (the body's by default)."""
    size = LAYOUT.page.body if size is None else size
    kw.setdefault("textColor", LAYOUT.ink["text"])
    return ParagraphStyle(name, fontName=ctx.font(FontRole.SANS_BOLD if bold else FontRole.SANS),
                          fontSize=size, leading=size * 1.3, **kw)


def _esc(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _pct(x: float) -> str:
    return f"{x * 100:.1f} %"


def _num(x: float | None, digits: int = 1) -> str:
    if x is None:
        return "-"
    return f"{x:.{digits}f}" if not float(x).is_integer() else f"{int(x)}"


# -- charts ------------------------------------------------------------------------------


def _bins(hist: Histogram, most: int) -> tuple[list[float], float]:
    """The bars' left edges and their width: one bar per value where the values are few
    whole numbers, else ``most`` equal bins."""
    lo, hi = hist.min(), hist.max()
    assert lo is not None and hi is not None
    whole = all(float(v).is_integer() for v in hist.counts)
    if whole and hi - lo + 1 <= most:
        return [lo + i for i in range(int(hi - lo) + 1)], 1.0
    step = (hi - lo) / most if hi > lo else 1.0
    if whole:
        step = float(math.ceil((hi - lo + 1) / most))
    count = max(1, math.ceil((hi - lo + (1 if whole else 0)) / step)) if hi > lo else 1
    return [lo + i * step for i in range(count)], step


def _binned(hist: Histogram, edges: Sequence[float], step: float) -> list[int]:
    counts = [0] * len(edges)
    lo = edges[0]
    for value, n in hist.items():
        counts[min(len(edges) - 1, int((value - lo) // step))] += n
    return counts


def histogram_chart(ctx: DrawContext, series: Sequence[tuple[str, Histogram]], width: float,
                    height: float, x_label: str, y_label: str) -> Drawing:
    """Histograms drawn with ReportLab's bar chart, on bins shared by every series, both
    axes titled; two series get a legend."""
    chart_ink = [LAYOUT.ink["bar"], LAYOUT.ink["bar_second"]]
    tick, label = LAYOUT.chart.tick, LAYOUT.chart.label
    merged = Histogram()
    for _name, hist in series:
        merged.merge(hist)
    edges, step = _bins(merged, LAYOUT.chart.bins)
    data = [_binned(hist, edges, step) for _name, hist in series]
    d = Drawing(width, height)
    d.initialFontName = ctx.font(FontRole.SANS)  # no stray, unembedded Helvetica from the renderer
    top = 14 if len(series) > 1 else 4
    chart = VerticalBarChart()
    chart.x, chart.y = 42, 25
    chart.width, chart.height = width - 52, height - 25 - top - 6
    chart.data = data
    every = max(1, math.ceil(len(edges) / 8))
    chart.categoryAxis.categoryNames = [
        (_num(e, 0) if step >= 1 else _num(e, 2)) if i % every == 0 else ""
        for i, e in enumerate(edges)]
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = ctx.font(FontRole.SANS)
        axis.labels.fontSize = tick
    chart.valueAxis.valueMin = 0
    peak = max(max(row) for row in data) or 1
    chart.valueAxis.valueStep = max(1, math.ceil(peak / 5))  # whole counts
    chart.groupSpacing = 1 if len(edges) > 12 else 3
    chart.barSpacing = 0
    for i in range(len(series)):
        chart.bars[i].fillColor = chart_ink[i % 2]
        chart.bars[i].strokeColor = None
    d.add(chart)
    if len(series) > 1:
        legend = Legend()
        legend.x, legend.y = chart.x, height - 5
        legend.fontName, legend.fontSize = ctx.font(FontRole.SANS), tick
        legend.alignment = "right"
        legend.columnMaximum = 1
        legend.deltax = 0
        legend.dxTextSpace = 4
        legend.colorNamePairs = [(chart_ink[i % 2], name) for i, (name, _h) in enumerate(series)]
        d.add(legend)
    d.add(String(chart.x + chart.width / 2, 4, x_label, fontName=ctx.font(FontRole.SANS),
                 fontSize=fit_size(x_label, ctx.font(FontRole.SANS), label, chart.width, 6.0),
                 textAnchor="middle"))
    y = String(0, 0, y_label, fontName=ctx.font(FontRole.SANS),
               fontSize=fit_size(y_label, ctx.font(FontRole.SANS), label, chart.height, 6.0),
               textAnchor="middle")
    d.add(Group(y, transform=(0, 1, -1, 0, 10, chart.y + chart.height / 2)))
    return d


def _row_text(ctx: DrawContext, d: Drawing, text: str, x: float, y: float, width: float,
              anchor: str, size: float, ink: Any = None, bold: bool = False) -> None:
    name = ctx.font(FontRole.SANS_BOLD if bold else FontRole.SANS)
    size = fit_size(text, name, size, width, LAYOUT.chart.min_text)
    d.add(String(x, y, text, fontName=name, fontSize=size, textAnchor=anchor,
                 fillColor=ink or LAYOUT.ink["text"]))


def rate_chart(ctx: DrawContext, rows: Sequence[tuple[str, WinRate]], width: float,
               axis_label: str) -> Drawing:
    """Win rates as bars from 0 to 100 %, each with its 95 % interval as a whisker and the
    even-match share as a dashed line, the figures written at the right."""
    cfg = LAYOUT.chart
    row_h = mm(cfg.row_h)
    label_w, text_w = width * cfg.row_label, width * cfg.row_text
    track_x, track_w = label_w, width - label_w - text_w - 4
    height = row_h * len(rows) + 26
    d = Drawing(width, height)
    d.initialFontName = ctx.font(FontRole.SANS)
    tick = cfg.tick
    base = 20.0
    for i, (name, record) in enumerate(rows):
        y = base + (len(rows) - 1 - i) * row_h
        mid = y + row_h / 2
        _row_text(ctx, d, name, label_w - 4, mid - 3, label_w - 6, "end", cfg.label)
        d.add(Rect(track_x, y + 2, track_w, row_h - 4, fillColor=LAYOUT.ink["track"],
                   strokeColor=None))
        d.add(Rect(track_x, y + 2, track_w * record.rate, row_h - 4,
                   fillColor=LAYOUT.ink["bar"], strokeColor=None))
        low, high = record.interval
        whisker = LAYOUT.ink["whisker"]
        d.add(Line(track_x + track_w * low, mid, track_x + track_w * high, mid,
                   strokeColor=whisker, strokeWidth=0.8))
        for end in (low, high):
            d.add(Line(track_x + track_w * end, mid - 3, track_x + track_w * end, mid + 3,
                       strokeColor=whisker, strokeWidth=0.8))
        fair_x = track_x + track_w * record.fair
        d.add(Line(fair_x, y + 1, fair_x, y + row_h - 1, strokeColor=LAYOUT.ink["fair"],
                   strokeWidth=0.9, strokeDashArray=[2, 1.5]))
        _row_text(ctx, d, f"{_pct(record.rate)} ({_pct(low)}-{_pct(high)})",
                  width - text_w, mid - 3, text_w, "start", tick)
    for tenth in range(0, 11, 2):
        x = track_x + track_w * tenth / 10
        d.add(Line(x, base - 2, x, base, strokeColor=LAYOUT.ink["hint"], strokeWidth=0.5))
        d.add(String(x, base - 10, f"{tenth * 10} %", fontName=ctx.font(FontRole.SANS),
                     fontSize=tick,
                     textAnchor="middle", fillColor=LAYOUT.ink["hint"]))
    _row_text(ctx, d, axis_label, track_x + track_w / 2, 1, track_w, "middle",
              cfg.label, LAYOUT.ink["hint"])
    return d


def capacity_chart(ctx: DrawContext, checks: Sequence[CapacityCheck], width: float) -> Drawing:
    """Every capacity as a bar of what the games needed against a track of what the layout
    holds (the capacity at 80 % of the track, so an overflow shows), with its verdict."""
    cfg = LAYOUT.chart
    row_h = mm(cfg.row_h)
    label_w, text_w = width * cfg.row_label, width * cfg.row_text * 1.6
    track_x, track_w = label_w, width - label_w - text_w - 4
    d = Drawing(width, row_h * len(checks) + 4)
    d.initialFontName = ctx.font(FontRole.SANS)
    scale = 0.8 * track_w
    for i, check in enumerate(checks):
        y = 2 + (len(checks) - 1 - i) * row_h
        mid = y + row_h / 2
        _row_text(ctx, d, check.name, label_w - 4, mid - 3, label_w - 6, "end", cfg.label)
        d.add(Rect(track_x, y + 2, scale, row_h - 4, fillColor=LAYOUT.ink["track"],
                   strokeColor=None))
        share = check.observed_max / check.capacity if check.capacity else 1.25
        ink = LAYOUT.ink["ok" if check.ok else "short"]
        d.add(Rect(track_x, y + 3.5, min(track_w, scale * share), row_h - 7, fillColor=ink,
                   strokeColor=None))
        d.add(Line(track_x + scale, y + 0.5, track_x + scale, y + row_h - 0.5,
                   strokeColor=LAYOUT.ink["rule"], strokeWidth=1.0))
        verdict = ctx._("fits") if check.ok else ctx._("TOO SMALL")
        _row_text(ctx, d, f"{check.observed_max} / {check.capacity}  {verdict}", width - text_w,
                  mid - 3, text_w, "start", cfg.tick, ink, bold=not check.ok)
    return d


# -- flowing pages -----------------------------------------------------------------------


class _Linked(Paragraph):  # type: ignore[misc]
    """A paragraph that is a link: to another PDF (opened at its first page), to a file
    beside the report, or to a named place of this PDF."""

    def __init__(self, text: str, style: ParagraphStyle, target: str, kind: str) -> None:
        super().__init__(text, style)
        self.target, self.kind = target, kind

    def draw(self) -> None:
        super().draw()
        rect = (0, 0, self.width, self.height)
        if self.kind == "internal":
            self.canv.linkRect("", self.target, rect, relative=1, thickness=0)
        else:
            self.canv.linkURL(self.target, rect, relative=1, thickness=0, kind=self.kind)


class _Anchor(Flowable):  # type: ignore[misc]
    """A named place of the PDF (a summary row links to it)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.width = self.height = 0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.name)


class _Pages:
    """Flowables placed top-down on the canvas, a new page when one does not fit."""

    def __init__(self, c: Canvas, ctx: DrawContext, footer: str) -> None:
        self.c, self.ctx, self.page, self.footer = c, ctx, ctx.paper, footer
        self.margin = mm(LAYOUT.page.margin)
        self.width = self.page.width - 2 * self.margin
        self.y = self.page.height - self.margin
        self.started = False

    def add(self, *items: Flowable) -> None:
        for item in items:
            _w, h = item.wrap(self.width, self.page.height)
            if self.y - h < self.margin + 10 and self.started:
                self.new_page()
            item.drawOn(self.c, self.margin, self.y - h)
            self.y -= h + mm(LAYOUT.page.gap)
            self.started = True

    def together(self, *items: Flowable) -> None:
        """Items that belong together (a title, its text, its chart) on one page."""
        gap = mm(LAYOUT.page.gap)
        height = sum(item.wrap(self.width, self.page.height)[1] + gap for item in items)
        if self.started and self.y - height < self.margin + 10:
            self.new_page()
        self.add(*items)

    def new_page(self) -> None:
        self._footer()
        self.c.showPage()
        self.y = self.page.height - self.margin
        self.started = False

    def _footer(self) -> None:
        size = LAYOUT.page.small
        self.c.setFont(self.ctx.font(FontRole.SANS), size)
        self.c.setFillColor(LAYOUT.ink["hint"])
        self.c.drawString(self.margin, self.margin / 2, self.footer)
        self.c.drawRightString(self.page.width - self.margin, self.margin / 2,
                               str(self.c.getPageNumber()))

    def finish(self) -> None:
        if self.started:
            self._footer()
            self.c.showPage()
            self.started = False


def _table(ctx: DrawContext, rows: list[list[Any]], widths: Sequence[float], *,
           red_rows: Sequence[int] = (), right: Sequence[int] | None = None) -> Table:
    """A table with a bold header; ``right`` are the columns of figures (default: all but
    the first)."""
    size = LAYOUT.page.small + 0.5
    table = Table(rows, colWidths=list(widths), repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), ctx.font(FontRole.SANS), size),
        ("FONT", (0, 0), (-1, 0), ctx.font(FontRole.SANS_BOLD), size),
        ("TEXTCOLOR", (0, 0), (-1, -1), LAYOUT.ink["text"]),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, LAYOUT.ink["rule"]),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LAYOUT.ink["band"]]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ] + [("ALIGN", (col, 0), (col, -1), "RIGHT")
         for col in (range(1, len(widths)) if right is None else right)]
        + [("TEXTCOLOR", (0, r), (-1, r), LAYOUT.ink["short"]) for r in red_rows]))
    return table


def _partial_banner(ctx: DrawContext, result: ValidationResult | None,
                    interrupted: bool) -> Paragraph | None:
    if result is not None and result.partial:
        text = ctx._("PARTIAL RUN: stopped by the user after %(n)d of %(m)d games; the figures "
                 "count the games played.") % {"n": result.games, "m": result.planned}
    elif interrupted:
        text = ctx._("PARTIAL RUN: stopped by the user; games and variants after the stop were "
                 "not played.")
    else:
        return None
    return Paragraph(_esc(text), _style(ctx, "partial", bold=True, textColor=LAYOUT.ink["partial"]))


def _link_to(target: Path, source: Path) -> tuple[str, str]:
    """A link target and kind from the PDF ``source`` to ``target``: another PDF opens at its
    first page (GoToR), any other file by its relative address (URI)."""
    rel = os.path.relpath(target, source.parent).replace(os.sep, "/")
    return rel, "GoToR" if target.suffix.lower() == ".pdf" else "URI"


def _anchor(result: ValidationResult) -> str:
    return "game-" + "".join(ch if ch.isalnum() else "-" for ch in result.label)


# -- one game ----------------------------------------------------------------------------


def _game_pages(ctx: DrawContext, pages: _Pages, result: ValidationResult, pdf: Path,
                interrupted: bool) -> None:
    w = pages.width
    h1 = _style(ctx, "h1", LAYOUT.page.heading, bold=True)
    h2 = _style(ctx, "h2", LAYOUT.page.subheading, bold=True, spaceBefore=4)
    body = _style(ctx, "body")
    small = _style(ctx, "small", LAYOUT.page.small, textColor=LAYOUT.ink["hint"])
    tally = result.tally
    title = result.title or result.game
    heading = ctx._("Balance and layout: %(game)s") % {"game": title}
    if result.variant:
        heading += " - " + ctx._("variant %(v)s") % {"v": result.variant}
    pages.add(_Anchor(_anchor(result)), Paragraph(_esc(heading), h1))
    banner = _partial_banner(ctx, result, interrupted)
    if banner is not None:
        pages.add(banner)
    run = ctx._("%(n)d games of %(p)d players auto-played with the %(bot)s bot in every seat, "
            "seeds %(a)d to %(b)d.") % {"n": result.games, "p": result.players,
                                         "bot": result.bot, "a": result.seed,
                                         "b": result.seed + max(0, result.planned - 1)}
    if result.options:
        run += " " + ctx._("Changed from the standard game: %(o)s.") % {
            "o": _options_text(result.options)}
    pages.add(Paragraph(_esc(run), body))
    if result.mean_score is not None:
        pages.add(Paragraph(_esc(ctx._("Mean score: %(m).1f") % {"m": result.mean_score}), body))

    pages.add(Paragraph(_esc(ctx._("Capacities: what the games needed against what the layout "
                               "holds")), h2))
    if result.capacities:
        pages.add(capacity_chart(ctx, result.capacities, w))
    short = [c.name for c in result.capacities if not c.ok]
    verdict = (ctx._("Every capacity holds what the games needed.") if not short else
               ctx._("Too small for the games played: %(names)s.") % {"names": ", ".join(short)})
    pages.add(Paragraph(_esc(verdict), _style(ctx, "verdict", bold=bool(short),
                                               textColor=LAYOUT.ink["short" if short else "ok"])))
    if tally is None or not tally.games:
        return
    chart_h = mm(LAYOUT.chart.histogram_h)
    d = tally.decisions
    length = ctx._("Game length: %(mean).1f decisions on average (%(lo)s to %(hi)s, median "
               "%(med)s); a decision is any choice a player made.") % {
        "mean": float(d.mean() or 0), "lo": _num(d.min()), "hi": _num(d.max()),
        "med": _num(d.quantile(0.5))}
    if tally.rounds.total:
        length += " " + ctx._("The game's own count: %(mean).1f rounds or turns on average (%(lo)s "
                          "to %(hi)s).") % {"mean": float(tally.rounds.mean() or 0),
                                            "lo": _num(tally.rounds.min()),
                                            "hi": _num(tally.rounds.max())}
    pages.together(
        Paragraph(_esc(ctx._("Game length")), h2), Paragraph(_esc(length), body),
        histogram_chart(ctx, [(ctx._("games"), d)], w, chart_h,
                        ctx._("decisions in the game (%(g)d games)") % {"g": tally.games},
                        ctx._("number of games")))
    if tally.scores.total:
        x_label = ctx._("final score (%(n)d scores: %(p)d players in each of %(g)d games)") % {
            "n": tally.scores.total, "p": result.players, "g": tally.games}
        series = [(ctx._("every score"), tally.scores)]
        if result.players > 1:
            series.append((ctx._("the winning score"), tally.winning_scores))
        s = tally.scores
        text = ctx._("Scores: mean %(mean).1f, spread (standard deviation) %(sd).1f, from %(lo)s "
                 "to %(hi)s; the winner's score averages %(win).1f.") % {
            "mean": float(s.mean() or 0), "sd": s.sd() or 0.0, "lo": _num(s.min()),
            "hi": _num(s.max()), "win": float(tally.winning_scores.mean() or 0)}
        pages.together(
            Paragraph(_esc(ctx._("Score distribution")), h2), Paragraph(_esc(text), body),
            histogram_chart(ctx, series, w, chart_h, x_label, ctx._("number of scores")))
    _seat_section(ctx, pages, result, h2, body, small)
    _extremes_section(ctx, pages, result, pdf, h2, body, small)
    if result.standard is not None:
        _comparison_section(ctx, pages, result, result.standard, h2, small)


def _seat_section(ctx: DrawContext, pages: _Pages, result: ValidationResult, h2: ParagraphStyle,
                  body: ParagraphStyle, small: ParagraphStyle) -> None:
    tally = result.tally
    assert tally is not None
    seats = result.seat_records()
    if len(seats) > 1:
        rows = [(ctx._("seat %(n)d") % {"n": i + 1}, s) for i, s in enumerate(seats)]
        first = result.first_player()
        if first is not None:
            rows.append((ctx._("first to decide"), first))
        text = ctx._("Wins by seat, a shared win counted as its share (%(d)d games ended level "
                 "for everyone). The first to decide is the seat that made the game's first "
                 "choice. The dashed line is an even match; the whiskers are 95 %% confidence "
                 "intervals: a seat whose interval misses the line has an advantage.") % {
            "d": tally.draws}
        pages.together(
            Paragraph(_esc(ctx._("Seat and first-player advantage")), h2),
            Paragraph(_esc(text), body),
            rate_chart(ctx, rows, pages.width, ctx._("share of the games won")))
    if result.pairings:
        games = result.pairings[0].record.games
        text = ctx._("Each bot in one seat against another bot in every other seat, its seat "
                 "moving round the table: %(g)d games per pairing (a tenth of the main run "
                 "unless --pair-games says otherwise).") % {"g": games}
        rows = [(ctx._("%(a)s against %(b)s") % {"a": p.bot, "b": p.against}, p.record)
                for p in result.pairings]
        pages.together(
            Paragraph(_esc(ctx._("Bots against bots")), h2), Paragraph(_esc(text), body),
            rate_chart(ctx, rows, pages.width, ctx._("share of the games won by the first named")))
    elif len(result.bots) > 1 and result.players > 1:
        pages.add(Paragraph(_esc(ctx._("Bots against bots: not played in this run "
                                   "(--pair-games 0).")), small))


def _extremes_section(ctx: DrawContext, pages: _Pages, result: ValidationResult, pdf: Path,
                      h2: ParagraphStyle, body: ParagraphStyle, small: ParagraphStyle) -> None:
    if not result.extremes:
        return
    link_style = _style(ctx, "link", LAYOUT.page.small, textColor=LAYOUT.ink["link"])
    rows: list[list[Any]] = [[ctx._("game"), ctx._("seed"), ctx._("value"), ctx._("log"),
                              ctx._("example")]]
    names = {"longest": ctx._("longest (decisions)"), "highest score": ctx._("highest score")}
    for e in result.extremes:
        cells: list[Any] = [names.get(e.kind, e.kind), str(e.seed), _num(e.value)]
        for path in (e.log, e.example):
            if path is not None:
                target, kind = _link_to(path, pdf)
                cells.append(_Linked(_esc(path.name), link_style, target, kind))
            else:
                cells.append(Paragraph(_esc(e.note or "-"), small))
        rows.append(cells)
    w = pages.width
    table = _table(ctx, rows, [w * 0.2, w * 0.1, w * 0.1, w * 0.3, w * 0.3], right=(1, 2))
    text = ctx._("The most extreme games of the main run, kept by their seeds and replayed with "
             "their logs recorded; the example PDFs are drawn from those logs by the kit's "
             "example printer. Replay one with: printkit replay GAME LOG.")
    pages.together(Paragraph(_esc(ctx._("Extreme games")), h2),
                   Paragraph(_esc(text), body), table)


def _comparison_section(ctx: DrawContext, pages: _Pages, changed: ValidationResult,
                        standard: ValidationResult, h2: ParagraphStyle,
                        small: ParagraphStyle) -> None:
    rows: list[list[Any]] = [[ctx._("figure"), ctx._("standard game"), ctx._("this game")]]
    red: list[int] = []

    def add(name: str, a: str, b: str, bad: bool = False) -> None:
        rows.append([name, a, b])
        if bad:
            red.append(len(rows) - 1)

    add(ctx._("games played"), str(standard.games), str(changed.games))
    ts, tc = standard.tally, changed.tally
    if ts is not None and tc is not None and ts.games and tc.games:
        add(ctx._("mean length (decisions)"), _num(float(ts.decisions.mean() or 0)),
            _num(float(tc.decisions.mean() or 0)))
        if ts.rounds.total or tc.rounds.total:
            add(ctx._("mean rounds or turns"), _num(_mean(ts.rounds)), _num(_mean(tc.rounds)))
        if ts.scores.total or tc.scores.total:
            add(ctx._("mean score"), _num(_mean(ts.scores)), _num(_mean(tc.scores)))
            add(ctx._("mean winning score"), _num(_mean(ts.winning_scores)),
                _num(_mean(tc.winning_scores)))
        for i, (a, b) in enumerate(zip(standard.seat_records(), changed.seat_records(),
                                       strict=False)):
            if changed.players > 1:
                add(ctx._("seat %(n)d wins") % {"n": i + 1}, _rate(a), _rate(b))
        fa, fb = standard.first_player(), changed.first_player()
        if fa is not None and fb is not None:
            add(ctx._("first to decide wins"), _rate(fa), _rate(fb))
    std_caps = {c.name: c for c in standard.capacities}
    for c in changed.capacities:
        s = std_caps.get(c.name)
        add(c.name, f"{s.observed_max} / {s.capacity}" if s else "-",
            f"{c.observed_max} / {c.capacity}", bad=not c.ok)
    w = pages.width
    text = ctx._("The same seeds played in the standard game and in this one (changed: "
             "%(o)s). Capacities read needed / holds.") % {"o": _options_text(changed.options)}
    pages.together(Paragraph(_esc(ctx._("Against the standard game")), h2),
                            Paragraph(_esc(text), small),
                   _table(ctx, rows, [w * 0.44, w * 0.28, w * 0.28], red_rows=red))


def _mean(hist: Histogram) -> float | None:
    mean = hist.mean()
    return None if mean is None else float(mean)


def _rate(record: WinRate) -> str:
    low, high = record.interval
    return f"{_pct(record.rate)} ({_pct(low)}-{_pct(high)})"


def _options_text(options: Any) -> str:
    parts = []
    for key, value in sorted(options.items()):
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
        parts.append(f"{key} = {text if len(text) <= 40 else text[:37] + '...'}")
    return "; ".join(parts)


# -- the summary -------------------------------------------------------------------------


def _summary_page(ctx: DrawContext, pages: _Pages, results: Sequence[ValidationResult], pdf: Path,
                  targets: dict[str, Path | None], interrupted: bool) -> None:
    h1 = _style(ctx, "h1", LAYOUT.page.heading, bold=True)
    body = _style(ctx, "body")
    link_style = _style(ctx, "link", LAYOUT.page.small, textColor=LAYOUT.ink["link"])
    pages.add(Paragraph(_esc(ctx._("Balance and layout validation: summary")), h1))
    banner = _partial_banner(ctx, None, interrupted)
    if banner is not None:
        pages.add(banner)
    games = sorted({r.planned for r in results})
    text = ctx._("Every game and variant auto-played (%(g)s games each, from seed %(s)d) and "
             "checked against its printed capacities. Follow a name to its report.") % {
        "g": ", ".join(str(g) for g in games), "s": results[0].seed if results else 0}
    pages.add(Paragraph(_esc(text), body))
    rows: list[list[Any]] = [[ctx._("game"), ctx._("games"), ctx._("length"), ctx._("first player"),
                              ctx._("seat spread"), ctx._("capacities"), ctx._("verdict")]]
    red = []
    for r in results:
        target = targets.get(r.label)
        name: Any = r.label
        if target is None:
            name = _Linked(_esc(r.label), link_style, _anchor(r), "internal")
        else:
            rel, kind = _link_to(target, pdf)
            name = _Linked(_esc(r.label), link_style, rel, kind)
        t = r.tally
        seats = r.seat_records()
        spread = (max(s.rate for s in seats) - min(s.rate for s in seats)) if len(seats) > 1 \
            else None
        first = r.first_player()
        fits = sum(1 for c in r.capacities if c.ok)
        verdict = ctx._("fits") if r.ok else ctx._("TOO SMALL")
        if r.partial:
            verdict += " " + ctx._("(partial)")
        rows.append([name, f"{r.games}", _num(_mean(t.decisions)) if t else "-",
                     _pct(first.rate) if first else "-",
                     _pct(spread) if spread is not None else "-",
                     f"{fits} / {len(r.capacities)}", verdict])
        if not r.ok:
            red.append(len(rows) - 1)
    w = pages.width
    pages.add(_table(ctx, rows, [w * 0.3, w * 0.09, w * 0.1, w * 0.13, w * 0.13, w * 0.11,
                            w * 0.14], red_rows=red))
    note = ctx._("Length is the mean number of decisions; the first player's share of the wins "
             "and the seat spread (the best seat's share minus the worst's) are of the main "
             "run; an even match gives every seat the same share.")
    pages.add(Paragraph(_esc(note), _style(ctx, "note", LAYOUT.page.small,
                                           textColor=LAYOUT.ink["hint"])))


# -- writing -----------------------------------------------------------------------------


def write_reports(results: Sequence[ValidationResult], build: BuildContext, out: Path, *,
                  partial: bool = False) -> list[Path]:
    """Write the report of ``results`` to ``out`` (a folder, or one ``.pdf``); returns the
    PDFs written, the summary first. The report is written in the build's language and drawn
    through a drawing context like every printed file (its own recorder: a report is not part
    of a kit, so what its charts' small print records is not reported)."""
    with drawing(build) as ctx:
        return _write_reports(ctx, results, out, partial)


def _write_reports(ctx: DrawContext, results: Sequence[ValidationResult], out: Path,
                   partial: bool) -> list[Path]:
    footer = ctx._("printkit validation report") + (" - " + ctx._("PARTIAL") if partial else "")
    if out.suffix.lower() == ".pdf":
        title = ctx._("Balance and layout validation report")
        with open_canvas(out, ctx.paper, title=title, ctx=ctx) as c:
            pages = _Pages(c, ctx, footer)
            if len(results) > 1 or partial:
                _summary_page(ctx, pages, results, out, {}, partial)
                pages.finish()
            for result in results:
                _game_pages(ctx, pages, result, out, partial)
                pages.finish()
        return [out]
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    by_game: dict[str, list[ValidationResult]] = {}
    for result in results:
        by_game.setdefault(result.game, []).append(result)
    targets: dict[str, Path | None] = {}
    for game, group in by_game.items():
        pdf = out / f"{game}.pdf"
        title = ctx._("Balance and layout: %(game)s") % {"game": group[0].title or game}
        with open_canvas(pdf, ctx.paper, title=title, ctx=ctx) as c:
            pages = _Pages(c, ctx, footer)
            for result in group:
                _game_pages(ctx, pages, result, pdf, partial)
                pages.finish()
                targets[result.label] = pdf
        written.append(pdf)
    summary = out / "summary.pdf"
    with open_canvas(summary, ctx.paper, title=ctx._("Balance and layout validation: summary"),
                     ctx=ctx) as c:
        pages = _Pages(c, ctx, footer)
        _summary_page(ctx, pages, results, summary, targets, partial)
        pages.finish()
    return [summary, *written]

