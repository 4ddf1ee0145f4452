"""Batch builds: many handouts (or kits) in a process pool, with a manifest and an index page.

A batch is a list of :class:`Job` s, each one file set (one handout in one language on one
paper, or one kit in one language). They run in a process pool (``jobs`` workers; one job
runs in this process), a failing job does not stop the others, and every file lands
atomically. Afterwards the batch writes

- ``manifest.json``: every file with its game, language, paper, layout, pages, bytes and
  sha256, sorted by path, so that the same inputs give the same manifest whatever ``jobs``;
- ``index.html``: a page listing every file with a thumbnail of its first page
  (``thumbs/*.png``), to check a batch at a glance.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pypdfium2
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.engines.core.files import atomic_write_bytes, atomic_write_text
from printkit.errors import PrintkitError
from printkit.handouts import HandoutOptions, build_handout
from printkit.i18n import check_locale
from printkit.kits import get_kit
from printkit.paper import paper
from printkit.pipeline import build_kits

THUMB_WIDTH = 160  # pixels


@dataclass(frozen=True)
class Job:
    """One unit of a batch: ``kind`` "handout" (one handout file) or "kit" (one kit's PDFs
    in one language)."""

    kind: str
    kit: str
    locale: str
    paper: str
    columns: int = 1
    booklet: bool = False
    profile: str = "home"
    template: str | None = None
    sheet: str | None = None
    """A custom sheet file (``--sheet``) the handout is written for."""

    @property
    def label(self) -> str:
        layout = "booklet" if self.booklet else f"{self.columns} col"
        if self.kind == "kit":
            return f"{self.kit} kit ({self.locale}, {self.paper}, {self.profile})"
        return f"{self.kit} handout ({self.locale}, {self.paper}, {layout})"


@dataclass(frozen=True)
class Entry:
    """One file a batch wrote, as the manifest lists it."""

    file: str  # relative to the batch's folder, with forward slashes
    game: str
    locale: str
    paper: str
    layout: str
    pages: int
    bytes: int
    sha256: str


@dataclass
class Outcome:
    job: Job
    entries: list[Entry] = field(default_factory=list)
    error: str = ""


@dataclass
class BatchResult:
    entries: list[Entry]
    failures: list[tuple[Job, str]]
    seconds: float

    @property
    def pages(self) -> int:
        return sum(e.pages for e in self.entries if e.file.endswith(".pdf"))


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _entry(path: Path, root: Path, job: Job, layout: str) -> Entry:
    data = path.read_bytes()
    pages = len(PdfReader(path).pages) if path.suffix == ".pdf" else 0
    return Entry(path.relative_to(root).as_posix(), job.kit, job.locale, job.paper, layout,
                 pages, len(data), hashlib.sha256(data).hexdigest())


def thumbnail(pdf: Path, root: Path) -> Path:
    """A PNG of the first page of ``pdf``, ``THUMB_WIDTH`` pixels wide, under
    ``root/thumbs/`` (same PDF, same PNG bytes)."""
    doc = pypdfium2.PdfDocument(str(pdf))
    page = doc[0]
    scale = THUMB_WIDTH / page.get_size()[0]
    image = page.render(scale=scale).to_pil()
    doc.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    target = root / "thumbs" / (pdf.relative_to(root).as_posix().replace("/", "--")[:-4] + ".png")
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(target, buffer.getvalue())
    return target


def run_job(job: Job, root: str) -> Outcome:
    """Run one job (in a worker process); an expected error becomes the outcome's one-line
    ``error``, an unexpected one too, with its type, so the batch goes on."""
    out = Path(root)
    outcome = Outcome(job)
    try:
        game_options: dict[str, Any] = {}
        if job.sheet is not None:
            game_options = get_kit(job.kit).sheet_options(job.sheet)
        ctx = BuildContext(paper(job.paper), job.profile, check_locale(job.locale),
                           game_options=game_options)
        if job.kind == "handout":
            options = HandoutOptions(job.columns, job.booklet,
                                     Path(job.template) if job.template else None)
            folder = out / job.kit
            folder.mkdir(parents=True, exist_ok=True)
            path = build_handout(get_kit(job.kit), ctx, folder, options)
            layout = "booklet" if job.booklet else f"{job.columns}-column"
            outcome.entries.append(_entry(path, out, job, layout))
            thumbnail(path, out)
        elif job.kind == "kit":
            folder = out / job.locale
            folder.mkdir(parents=True, exist_ok=True)
            report = build_kits(job.kit, ctx, folder, echo=lambda _line: None)
            if report.errors:
                raise PrintkitError(f"preflight found {len(report.errors)} error(s): "
                                    f"{report.errors[0].message}")
            for path in sorted((folder / job.kit).glob("*")):
                if path.suffix not in (".pdf", ".txt"):
                    continue
                outcome.entries.append(_entry(path, out, job, job.profile))
                if path.stem.endswith("-kit"):
                    thumbnail(path, out)
        else:
            raise PrintkitError(f"unknown job kind {job.kind!r}")
    except PrintkitError as exc:
        outcome.error = str(exc)
    except Exception as exc:  # noqa: BLE001 - a batch reports every failure and goes on
        outcome.error = f"{type(exc).__name__}: {exc}"
    return outcome


def run(jobs: Sequence[Job], out: Path, *, workers: int,
        progress: Callable[[Iterable[Outcome], int], Iterable[Outcome]] | None = None
        ) -> BatchResult:
    """Run ``jobs`` with ``workers`` processes, then write the manifest and the index."""
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    stream: Iterable[Outcome]
    if workers <= 1 or len(jobs) <= 1:
        stream = (run_job(job, str(out)) for job in jobs)
        outcomes = list(progress(stream, len(jobs)) if progress else stream)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            futures = [pool.submit(run_job, job, str(out)) for job in jobs]
            stream = (f.result() for f in as_completed(futures))
            outcomes = list(progress(stream, len(jobs)) if progress else stream)
    entries = sorted((e for o in outcomes for e in o.entries), key=lambda e: e.file)
    order = {job: i for i, job in enumerate(jobs)}
    failures = sorted(((o.job, o.error) for o in outcomes if o.error),
                      key=lambda f: order[f[0]])
    write_manifest(out, entries)
    write_index(out, entries)
    return BatchResult(entries, failures, time.perf_counter() - start)


def write_manifest(out: Path, entries: Sequence[Entry]) -> Path:
    path = out / "manifest.json"
    data = {"printkit_manifest": 1, "files": [asdict(e) for e in entries]}
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return path


def write_index(out: Path, entries: Sequence[Entry]) -> Path:
    """``index.html``: one card per file, with its thumbnail and its facts."""
    cards = []
    for e in entries:
        thumb = "thumbs/" + e.file.replace("/", "--").rsplit(".", 1)[0] + ".png"
        img = (f'<img src="{html.escape(thumb)}" width="{THUMB_WIDTH}" alt="">'
               if (out / thumb).is_file() else "")
        cards.append(
            f'<figure><a href="{html.escape(e.file)}">{img}</a><figcaption>'
            f'<a href="{html.escape(e.file)}">{html.escape(e.file)}</a><br>'
            f'{html.escape(e.game)} · {html.escape(e.locale)} · {html.escape(e.paper)} · '
            f'{html.escape(e.layout)}<br>{e.pages} pages · {e.bytes / 1024:.0f} KB'
            f'</figcaption></figure>')
    page = ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>printkit batch</title><style>"
            "body{font-family:sans-serif;margin:1.5em}figure{display:inline-block;"
            "vertical-align:top;width:" + str(THUMB_WIDTH + 40) + "px;margin:0 1em 1.5em 0}"
            "img{border:1px solid #bbb}figcaption{font-size:12px;word-break:break-all}"
            "</style></head><body>\n"
            f"<h1>printkit batch: {len(entries)} files</h1>\n" + "\n".join(cards)
            + "\n</body></html>\n")
    path = out / "index.html"
    atomic_write_text(path, page)
    return path


def handout_jobs(kits: Sequence[str], locales: Sequence[str], papers: Sequence[str], *,
                 columns: int = 1, booklet: bool = False,
                 template: Path | None = None, sheet: Path | None = None) -> list[Job]:
    """Every (kit, locale, paper) handout job, in that order."""
    return [Job("handout", kit, locale, paper, columns, booklet,
                template=str(template) if template else None,
                sheet=str(sheet) if sheet else None)
            for kit in kits for locale in locales for paper in papers]


def describe(result: BatchResult) -> dict[str, Any]:
    return {"files": len(result.entries), "pages": result.pages,
            "failures": len(result.failures), "seconds": round(result.seconds, 2)}
