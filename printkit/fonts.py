"""Fonts by role: the manifest says which packaged OFL font plays which part on a sheet.

Templates never name a font file; they ask for a role (``"sans"``, ``"hand"`` ...) and get the
name of a TrueType font registered with ReportLab, embedded and subset in every PDF.

>>> font("sans")
'printkit-sans'
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import fontpkg
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import FontError
from printkit.resources import cache_dir, fonts_dir


@dataclass(frozen=True)
class FontRole:
    role: str
    family: str
    weight: int = 400
    style: str = "normal"
    purpose: str = ""


@cache
def manifest() -> dict[str, FontRole]:
    """The roles declared in ``fonts/manifest.toml``."""
    data = tomllib.loads((fonts_dir() / "manifest.toml").read_text(encoding="utf-8"))
    return {
        role: FontRole(role, spec["family"], int(spec.get("weight", 400)),
                       spec.get("style", "normal"), spec.get("purpose", ""))
        for role, spec in data["roles"].items()
    }


def _env_name(role: str) -> str:
    return "PRINTKIT_FONT_" + role.upper().replace("-", "_")


def font_path(role: str) -> Path:
    """The static TTF that plays ``role``: a user override, or the packaged font."""
    roles = manifest()
    if role not in roles:
        raise FontError(f"unknown font role {role!r}; roles are {', '.join(sorted(roles))}")
    override = os.environ.get(_env_name(role))
    if override:
        path = Path(override)
        if not path.is_file():
            raise FontError(f"{_env_name(role)} names {path}, which is not a file")
        return path
    user = fonts_dir() / "user" / f"{role}.ttf"
    if user.is_file():
        return user
    spec = roles[role]
    try:
        fam = fontpkg.family(spec.family)
        chosen = fontpkg.select_file(
            fam, fontpkg.normalize_weight(spec.weight), fontpkg.normalize_style(spec.style), True
        )
    except fontpkg.FontpkgError as exc:
        raise FontError(f"font for role {role!r} is not installed: {exc}") from None
    if chosen.variable:
        return static_instance(chosen.path, spec.weight)
    return Path(chosen.path)


def static_instance(variable_font: Path, weight: int) -> Path:
    """A static instance of a variable font at ``weight``, made once and cached.

    ReportLab draws only a variable font's default instance, so we pin the axes with
    fontTools. The instance gets its own internal name: ReportLab de-duplicates by name.
    """
    data = Path(variable_font).read_bytes()
    key = hashlib.sha256(data).hexdigest()[:16]
    out = cache_dir() / "fonts" / f"{Path(variable_font).stem.split('[')[0]}-{weight}-{key}.ttf"
    if out.is_file():
        return out
    from fontTools.ttLib import TTFont as FTFont
    from fontTools.varLib.instancer import instantiateVariableFont

    vf = FTFont(str(variable_font))
    try:
        inst = instantiateVariableFont(vf, {"wght": weight}, updateFontNames=True)
    except ValueError:  # no STAT entry for this weight: name it ourselves
        vf = FTFont(str(variable_font))
        inst = instantiateVariableFont(vf, {"wght": weight})
        _rename(inst, weight)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")
    inst.save(str(tmp))
    os.replace(tmp, out)
    return out


def _rename(font, weight: int) -> None:  # type: ignore[no-untyped-def]
    name = font["name"]
    family = name.getDebugName(1) or "Font"
    ps = (name.getDebugName(6) or family).split("-")[0]
    for rec in list(name.names):
        if rec.nameID in (4, 6, 3, 16, 17):
            name.removeNames(nameID=rec.nameID)
    name.setName(f"{family} W{weight}", 4, 3, 1, 0x409)
    name.setName(f"{ps}-W{weight}", 6, 3, 1, 0x409)
    name.setName(f"{ps}-W{weight};printkit", 3, 3, 1, 0x409)


@cache
def font(role: str) -> str:
    """Register the font for ``role`` with ReportLab (once) and return its font name."""
    path = font_path(role)
    name = f"printkit-{role}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except Exception as exc:  # ReportLab raises bare TTFError/AssertionError on bad files
        raise FontError(f"cannot use {path} for role {role!r}: {exc}") from None
    return name


def has_glyphs(role: str, text: str) -> list[str]:
    """The characters of ``text`` that the ``role`` font lacks (empty when all are there)."""
    face = pdfmetrics.getFont(font(role)).face
    cmap = face.charToGlyph
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) not in cmap})


def text_width(text: str, role: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, font(role), size))


def describe() -> list[dict[str, str]]:
    """One row per role, for ``printkit fonts`` and the kit metadata."""
    rows = []
    for role, spec in manifest().items():
        rows.append({"role": role, "family": spec.family, "weight": str(spec.weight),
                     "file": str(font_path(role)), "purpose": spec.purpose})
    return rows
