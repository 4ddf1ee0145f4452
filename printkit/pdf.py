"""A ReportLab canvas set up the printkit way: reproducible, fonts embedded, never half-written.

Every PDF printkit writes comes from :func:`open_canvas`: ``invariant=1`` (same input, same
bytes), our own initial font (no stray unembedded Helvetica), a PrintScaling=None viewer hint
(print at 100 %), and an atomic write (a temporary file renamed into place on success only).
Inside a pipeline (:mod:`printkit.pipeline`) the canvas is a
:class:`~printkit.tracking.TrackingCanvas` that checks the safe area while it draws. A print-shop
sheet's page is larger than its paper (:class:`~printkit.production.profiles.SheetFrame`): the
canvas then takes the frame's page size and checks the safe area where the paper lies on it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from printkit.engines.core.log import atomic_write_bytes
from printkit.errors import PrintkitError
from printkit.fonts import FontRole, font
from printkit.paper import Paper

if TYPE_CHECKING:
    from printkit.context import DrawContext
    from printkit.production.profiles import SheetFrame

rl_config.useA85 = 0  # about 20 % smaller files, no downside for print

@contextmanager
def open_canvas(
    path: str | Path,
    paper: Paper,
    *,
    ctx: DrawContext,
    title: str = "",
    subject: str = "",
    author: str = "printkit",
    keywords: str = "",
    frame: SheetFrame | None = None,
) -> Iterator[Canvas]:
    """Yield a canvas for ``paper``; on a clean exit the PDF lands atomically at ``path``.

    The canvas records into the drawing context's preflight recorder whatever it draws
    outside the safe area of ``paper`` (there is no canvas without a context: nothing is
    drawn unchecked). With ``frame`` (a sheet framed for print: ``frame.paper`` is
    ``paper``), the page is the frame's and the safe area lies where the paper lies on it."""
    from printkit.production.profiles import profile, safe_rect
    from printkit.tracking import TrackingCanvas

    path = Path(path)
    if not path.parent.exists():
        raise PrintkitError(f"output folder {path.parent} does not exist")
    buffer = io.BytesIO()
    options: dict[str, Any] = dict(pagesize=frame.size if frame else paper.size, invariant=1,
                                   initialFontName=font(FontRole.SANS,
                                                        ctx.locale), initialFontSize=10,
                                   pageCompression=1)
    prof = profile(ctx.profile)
    safe = safe_rect(paper, prof)
    if frame is not None:
        safe = frame.to_page(safe)
    canvas: Canvas = TrackingCanvas(buffer, safe=safe, report=ctx.preflight,
                                    check_shapes=prof.name != "print-shop",
                                    where=f"{path.name} [{ctx.locale}]", source=str(path),
                                    **options)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator("printkit")
    canvas.setProducer("printkit (ReportLab)")
    if keywords:
        canvas.setKeywords(keywords)
    canvas.setViewerPreference("PrintScaling", "None")
    yield canvas
    canvas.save()
    try:
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise PrintkitError(f"cannot write {path}: {exc.strerror or exc}") from None
