"""Fonts by role: the manifest says which packaged OFL font plays which part on a sheet.

Templates never name a font file; they ask for a role (:class:`FontRole`: ``FontRole.SANS``,
``FontRole.HAND`` ...; its values are the manifest's role names) and get the
name of a TrueType font registered with ReportLab, embedded and subset in every PDF. The font
playing a role depends on the script of the locale (``fonts/manifest.toml`` keeps a fallback
chain per role and script): Kalam writes English and French, Caveat Russian.

>>> font(FontRole.SANS, "en")
'printkit-sans'
>>> font(FontRole.HAND, "ru")
'printkit-hand-cyrillic'
>>> missing_glyphs("Счёт 1\\u202f234", FontRole.HAND, "ru")
[]

Every lookup names its locale: there is no "current" one (a drawing passes ``ctx.locale``,
or asks ``ctx.font(role)``).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import fontpkg
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.engines.core.progress import say
from printkit.errors import FontError
from printkit.resources import cache_dir, fonts_dir
from printkit.scripts import SCRIPT_CODES, SCRIPT_NAMES, SCRIPT_SAMPLES, script_name


@dataclass(frozen=True)
class FontChoice:
    """One font of a fallback chain: a family at a weight and style."""

    family: str
    weight: int = 400
    style: str = "normal"


class FontRole(StrEnum):
    """The part a font plays on a sheet: the roles of ``fonts/manifest.toml``, by name (a
    member is its name as a string, so manifest, TOML files and PDFs say ``"sans-bold"``)."""

    SANS = "sans"
    SANS_BOLD = "sans-bold"
    SANS_ITALIC = "sans-italic"
    HAND = "hand"
    HAND_BOLD = "hand-bold"
    NOTE = "note"

    @classmethod
    def parse(cls, value: object, where: str) -> FontRole:
        """The role named ``value``; a :class:`FontError` naming ``where`` (the file and key it
        was read from) when there is none.

        >>> FontRole.parse("hand-bold", "x.toml: [a] role")
        <FontRole.HAND_BOLD: 'hand-bold'>
        >>> FontRole.parse("sans-blod", "x.toml: [a] role")
        Traceback (most recent call last):
        ...
        printkit.errors.FontError: x.toml: [a] role: unknown font role 'sans-blod'; roles are \
hand, hand-bold, note, sans, sans-bold, sans-italic
        """
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise FontError(f"{where}: unknown font role {value!r}; roles are "
                        f"{', '.join(sorted(cls))}")


@dataclass(frozen=True)
class RoleSpec:
    """What the manifest says of a role: its font, its fallbacks per script, its purpose."""

    role: FontRole
    family: str
    weight: int = 400
    style: str = "normal"
    purpose: str = ""
    scripts: dict[str, tuple[FontChoice, ...]] = field(default_factory=dict, compare=False)
    """Script name (``cyrillic``) -> the fonts to try for it, before the role's own."""

    @property
    def default(self) -> FontChoice:
        return FontChoice(self.family, self.weight, self.style)

    def chain(self, script_name: str) -> tuple[FontChoice, ...]:
        """The manifest's fonts for ``script_name``, best first, ending with the role's own."""
        return (*self.scripts.get(script_name, ()), self.default)


@dataclass(frozen=True)
class PackagedFamily:
    """A family that is a TrueType file inside an installed package (not a fontpkg one)."""

    slug: str
    name: str
    package: str
    file: str
    variable: bool = False
    license: str = ""


@dataclass(frozen=True)
class Resolved:
    """The font that plays a role in a script, and where it came from."""

    role: FontRole
    script: str  # the manifest's name: latin, cyrillic...
    name: str  # registered with ReportLab
    path: Path  # the static TTF that is embedded
    source: str  # the family, or the user file or variable that chose it


def _choice(spec: Any, base: FontChoice, where: str) -> FontChoice:
    if isinstance(spec, str):
        return FontChoice(spec, base.weight, base.style)
    if isinstance(spec, dict) and "family" in spec:
        return FontChoice(str(spec["family"]), int(spec.get("weight", base.weight)),
                          str(spec.get("style", base.style)))
    raise FontError(f"fonts/manifest.toml: {where} must be a family name or a table with "
                    f"a family, not {spec!r}")


def _load() -> dict[str, Any]:
    return tomllib.loads((fonts_dir() / "manifest.toml").read_text(encoding="utf-8"))


@cache
def manifest() -> dict[FontRole, RoleSpec]:
    """The roles declared in ``fonts/manifest.toml`` (every :class:`FontRole`, no other)."""
    roles: dict[FontRole, RoleSpec] = {}
    declared = _load()["roles"]
    for name, spec in declared.items():
        role = FontRole.parse(name, f"fonts/manifest.toml: [roles.{name}]")
        base = FontChoice(spec["family"], int(spec.get("weight", 400)),
                          spec.get("style", "normal"))
        scripts: dict[str, tuple[FontChoice, ...]] = {}
        for name, entry in spec.get("scripts", {}).items():
            if name not in SCRIPT_CODES:
                raise FontError(f"fonts/manifest.toml: [roles.{role}.scripts] names an unknown "
                                f"script {name!r}; scripts are {', '.join(SCRIPT_CODES)}")
            entries = entry if isinstance(entry, list) else [entry]
            scripts[name] = tuple(_choice(e, base, f"roles.{role}.scripts.{name}")
                                  for e in entries)
        roles[role] = RoleSpec(role, base.family, base.weight, base.style,
                               spec.get("purpose", ""), scripts)
    missing = [str(r) for r in FontRole if r not in roles]
    if missing:
        raise FontError(f"fonts/manifest.toml: no [roles.{missing[0]}] (every font role needs "
                        f"a font: {', '.join(missing)})")
    return roles


@cache
def packaged_families() -> dict[str, PackagedFamily]:
    """The ``[families]`` of the manifest: fonts shipped by packages other than fontpkg's."""
    return {
        slug: PackagedFamily(slug, spec.get("name", slug), spec["package"], spec["file"],
                             bool(spec.get("variable", False)), spec.get("license", ""))
        for slug, spec in _load().get("families", {}).items()
    }


def _env_name(role: FontRole, script_name: str = "") -> str:
    name = "PRINTKIT_FONT_" + role.upper().replace("-", "_")
    return name + "_" + script_name.upper().replace("-", "_") if script_name else name


# -- the fallback chain -------------------------------------------------------------------------

@dataclass(frozen=True)
class _Candidate:
    source: str
    find: Callable[[], Path | None]  # the file to look at (None: not installed); may raise
    make: Callable[[], Path | None]  # the static file to draw with (instanced, blanks added)
    forced: bool = False  # used even when it lacks the script's letters


def _env_file(variable: str) -> Path | None:
    value = os.environ.get(variable)
    if not value:
        return None
    path = Path(value)
    if not path.is_file():
        raise FontError(f"{variable} names {path}, which is not a file")
    return path


def _user_file(name: str) -> Path | None:
    path = fonts_dir() / "user" / name
    return path if path.is_file() else None


def _family_file(choice: FontChoice, instance: bool = True, script: str = "") -> Path | None:
    """The TTF of ``choice`` (None: not installed), ready to embed: a variable font instanced
    at the choice's weight, blank characters added (see :data:`BLANKS`). With ``instance``
    false, the installed file as it is (to look at its characters only). ``script`` (the
    manifest's name) says what the font is for in the line a long first run prints."""
    packaged = packaged_families().get(choice.family)
    if packaged is not None:
        try:
            path = Path(str(resources.files(packaged.package) / packaged.file))
        except ModuleNotFoundError:
            return None
        if not path.is_file():
            return None
        variable, family = packaged.variable, packaged.name
    else:
        try:
            fam = fontpkg.family(choice.family)
            chosen = fontpkg.select_file(fam, fontpkg.normalize_weight(choice.weight),
                                         fontpkg.normalize_style(choice.style), True)
        except fontpkg.FontpkgError:
            return None
        path, variable, family = Path(chosen.path), bool(chosen.variable), str(fam.name)
    if not instance:
        return path
    if variable:
        return static_instance(path, choice.weight, family=family, script=script)
    return supplemented(path)


def _ready(path: Path | None) -> Path | None:
    """A user's file (None: not given), with the blank characters it lacks added."""
    return None if path is None else supplemented(path)


def _candidates(role: FontRole, script_name: str) -> list[_Candidate]:
    """The fallback chain of ``role`` in ``script_name``, best first."""
    spec = manifest()[role]
    by_script, by_role = _env_name(role, script_name), _env_name(role)
    script_file, role_file = f"{role}-{script_name}.ttf", f"{role}.ttf"
    found = [
        _Candidate(by_script, lambda: _env_file(by_script),
                   lambda: _ready(_env_file(by_script)), True),
        _Candidate(f"user/{script_file}", lambda: _user_file(script_file),
                   lambda: _ready(_user_file(script_file)), True),
        # the role's own override is the Latin font; other scripts use it when it has them
        _Candidate(by_role, lambda: _env_file(by_role), lambda: _ready(_env_file(by_role)),
                   script_name == "latin"),
        _Candidate(f"user/{role_file}", lambda: _user_file(role_file),
                   lambda: _ready(_user_file(role_file)), script_name == "latin"),
    ]
    for choice in dict.fromkeys(spec.chain(script_name)):
        label = f"{choice.family} {choice.weight}" + (
            f" {choice.style}" if choice.style != "normal" else "")
        found.append(_Candidate(label, lambda c=choice: _family_file(c, instance=False),  # type: ignore[misc]
                                lambda c=choice: _family_file(c, script=script_name)))  # type: ignore[misc]
    return found


@cache
def _covers(path: Path, sample: str) -> bool:
    return not [ch for ch in sample if ord(ch) not in _cmap(path)]


@cache
def _cmap(path: Path) -> frozenset[int]:
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.ttLib import TTFont as FTFont

    try:
        ft = FTFont(str(path), lazy=True)
        # code points only: glyph numbers for names spares fontTools naming every glyph from
        # the cmap first (0.3 s for Noto Sans JP, whose post table has no names)
        ft.setGlyphOrder([f"g{i}" for i in range(ft["maxp"].numGlyphs)])
        return frozenset(ft.getBestCmap() or {})
    except Exception as exc:  # fontTools raises many kinds on a file that is no font
        raise FontError(f"cannot read {path} as a font: {exc}") from None


@cache
def resolve(role: FontRole, script_name: str) -> Resolved:
    """The font for ``role`` in the script named ``script_name`` (``latin``, ``cyrillic``...),
    by the role's fallback chain (see ``fonts/manifest.toml``)."""
    if role not in manifest():
        raise FontError(f"unknown font role {str(role)!r}; roles are "
                        f"{', '.join(sorted(manifest()))}")
    sample = SCRIPT_SAMPLES.get(SCRIPT_CODES.get(script_name, ""), "")
    first: _Candidate | None = None
    chosen: _Candidate | None = None
    for candidate in _candidates(role, script_name):
        path = candidate.find()
        if path is None:
            continue
        if candidate.forced or _covers(path, sample):
            chosen = candidate
            break
        first = first or candidate
    if chosen is None:
        if first is None:
            tried = ", ".join(c.source for c in _candidates(role, script_name))
            raise FontError(f"no font for role {str(role)!r} is installed (tried {tried})")
        chosen = first
    path = chosen.make()
    assert path is not None
    name = f"printkit-{role}"
    if script_name != "latin" and path != resolve(role, "latin").path:
        name = f"{name}-{script_name}"
        for other in manifest():  # one file, one embedded font: share an earlier role's name
            if other == role:
                break
            if resolve(other, script_name).path == path:
                name = resolve(other, script_name).name
                break
    return Resolved(role, script_name, name, path, chosen.source)


def _script_name(locale: str) -> str:
    return script_name(locale)


def font_for(role: FontRole, locale: str) -> Resolved:
    """What plays ``role`` in ``locale``."""
    chosen = resolve(role, _script_name(locale))
    if not chosen.path.is_file():  # the cache folder was emptied (or moved) under us
        resolve.cache_clear()
        chosen = resolve(role, _script_name(locale))
    return chosen


def font_path(role: FontRole, locale: str) -> Path:
    """The static TTF that plays ``role`` in ``locale``: a user override, or a packaged font."""
    return font_for(role, locale).path


def font(role: FontRole, locale: str) -> str:
    """Register the font for ``role`` in ``locale`` with ReportLab (once) and return its name."""
    chosen = font_for(role, locale)
    return _register(chosen.name, chosen.path, role)


@cache
def _register(name: str, path: Path, role: FontRole) -> str:
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except Exception as exc:  # ReportLab raises bare TTFError/AssertionError on bad files
        raise FontError(f"cannot use {path} for role {str(role)!r}: {exc}") from None
    return name


def _drawn(ch: str) -> bool:
    """Is ``ch`` drawn as a glyph? (Not a line break, tab or other control character.)"""
    return unicodedata.category(ch) != "Cc"


def missing_glyphs(text: str, role: FontRole, locale: str) -> list[str]:
    """The characters of ``text`` that the font playing ``role`` in ``locale`` lacks (sorted;
    empty when it has them all). Spaces count: U+00A0 and U+202F are characters a font must
    have to print a French number."""
    face = pdfmetrics.getFont(font(role, locale)).face
    cmap = face.charToGlyph
    return sorted({ch for ch in text if _drawn(ch) and ord(ch) not in cmap})


def has_glyphs(role: FontRole, text: str, locale: str) -> list[str]:
    """The characters of ``text`` the ``role`` font lacks (empty when all are there); the
    same as :func:`missing_glyphs`, arguments in the older order."""
    return missing_glyphs(text, role, locale)


def text_width(text: str, role: FontRole, size: float, locale: str) -> float:
    return float(pdfmetrics.stringWidth(text, font(role, locale), size))


def describe(locale: str) -> list[dict[str, str]]:
    """One row per role in ``locale``'s script, for ``printkit fonts`` and the kit metadata."""
    rows = []
    for role, spec in manifest().items():
        chosen = font_for(role, locale)
        rows.append({"role": role, "script": chosen.script, "family": chosen.source,
                     "weight": str(spec.weight), "file": str(chosen.path),
                     "purpose": spec.purpose})
    return rows


def scripts() -> list[str]:
    """The script names the manifest picks fonts for, besides Latin."""
    found = {name for spec in manifest().values() for name in spec.scripts}
    return [name for name in SCRIPT_NAMES.values() if name in found]


# -- making the files ReportLab embeds ------------------------------------------------------

#: Blank characters a sheet may print that a font can lack, and their width: ``space`` (the
#: font's), ``thin`` (its thin space, else 5/8 of its space), ``figure`` (its digit zero) or
#: nothing. French numbers group digits with U+202F; Babel's Arabic and Hebrew formats use the
#: direction marks.
BLANKS: dict[int, str] = {
    0x00A0: "space",  # no-break space
    0x2007: "figure",  # figure space
    0x2009: "thin",  # thin space
    0x202F: "thin",  # narrow no-break space
    0x200B: "", 0x200C: "", 0x200D: "", 0x200E: "", 0x200F: "", 0x2060: "", 0x061C: "",
    0xFEFF: "",
}
#: Bump when the code making a cached font changes what it writes: the version, the
#: :data:`BLANKS` and fontTools' version are part of each cached file's name, so a file made
#: by another recipe is never used (and is removed when its successor is written).
RECIPE_VERSION = "2"
#: CPU seconds per MB of variable font to instance it and save it once (Noto Sans JP, 9.6 MB:
#: 13 s on a 2-core machine), for the line a first run prints.
_SECONDS_PER_MB = 1.4
_WEIGHT_NAMES = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium",
                 600: "SemiBold", 700: "Bold", 800: "ExtraBold", 900: "Black"}


def recipe(step: str) -> bytes:
    """What makes a cached font besides its source file: ``step`` (the instancing, or none),
    the blanks added, the recipe version and fontTools' version (whose output bytes a PDF
    embeds)."""
    import fontTools  # lazy: fontTools takes 0.1 s to load, and only drawing needs it

    blanks = " ".join(f"{cp:04X}={kind or 'zero'}" for cp, kind in sorted(BLANKS.items()))
    return (f"printkit font recipe {RECIPE_VERSION}; fontTools {fontTools.version}; {step}; "
            f"blanks {blanks}").encode()


def _key(path: Path, how: bytes) -> str:
    """The hash naming a cached font: of the source font's bytes and of ``how`` it is made."""
    stat = path.stat()
    return hashlib.sha256(f"{_digest(path, stat.st_size, stat.st_mtime_ns)}\0".encode()
                          + how).hexdigest()[:16]


@cache
def _digest(path: Path, size: int, mtime_ns: int) -> str:
    """The SHA-256 of a file, once per process and version of the file (every role asks for
    its font: five times the 9.6 MB of Noto Sans JP for a Japanese sheet)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _fonts_cache() -> Path:
    return cache_dir() / "fonts"


def instance_file(variable_font: Path, weight: int) -> Path:
    """Where the static instance of ``variable_font`` at ``weight`` is cached: named by the
    family, the weight and a hash of the font's bytes and of the :func:`recipe`, so that a new
    font or recipe makes a new file."""
    source = Path(variable_font)
    key = _key(source, _instance_recipe(weight))
    return _fonts_cache() / f"{source.stem.split('[')[0]}-{weight}-{key}.ttf"


def _instance_recipe(weight: int) -> bytes:
    return recipe(f"instanced at wght={weight}, other axes at their defaults, names updated")


def static_instance(variable_font: Path, weight: int, *, family: str = "",
                    script: str = "") -> Path:
    """A static instance of a variable font at ``weight``, blank characters added, made once
    and cached (written once: instancing Noto Sans JP takes seconds, saving it again as
    many).

    ReportLab draws only a variable font's default instance, so we pin the axes with
    fontTools (``wght`` at ``weight``, any other axis, such as ``wdth``, at its default). The
    instance gets its own internal name: ReportLab de-duplicates by name. The first run says
    on stderr what it makes (``family``, for ``script``), how long it takes and where.
    """
    out = instance_file(variable_font, weight)
    if out.is_file():
        return out
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.ttLib import TTFont as FTFont
    from fontTools.varLib.instancer import instantiateVariableFont

    stem = Path(variable_font).stem.split("[")[0]
    what = f"{family or stem} {_WEIGHT_NAMES.get(weight, f'weight {weight}')}"
    if script:
        what += f" for {script.replace('-', ' ').capitalize()}"
    data = Path(variable_font).read_bytes()
    seconds = max(1, round(len(data) / 1e6 * _SECONDS_PER_MB))
    seconds = 5 * round(seconds / 5) if seconds > 10 else seconds
    say(f"preparing {what} (first run only, about {seconds} s; cached in {out.parent})")
    vf = FTFont(io.BytesIO(data))
    axes: dict[str, float] = {a.axisTag: a.defaultValue for a in vf["fvar"].axes}
    axes["wght"] = weight
    try:  # in place: a copy of a 33,000-glyph font costs seconds
        instantiateVariableFont(vf, axes, inplace=True, updateFontNames=True)
    except ValueError:  # no STAT entry for this weight: name it ourselves
        vf = FTFont(io.BytesIO(data))
        instantiateVariableFont(vf, axes, inplace=True)
        _rename(vf, weight)
    _add_blanks(vf)
    _save(vf, out)
    _remove_stale(out, re.compile(rf"{re.escape(stem)}-{weight}-[0-9a-f]{{16}}"
                                  rf"(-blanks-[0-9a-f]{{16}})?\.ttf"))
    return out


def _save(ft: Any, out: Path) -> None:
    """Write ``ft`` to ``out`` atomically, keeping its date: the same font, the same bytes (a
    PDF embeds them, and a kit built anew must not differ)."""
    ft.recalcTimestamp = False
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")
    ft.save(str(tmp))
    os.replace(tmp, out)


def _remove_stale(out: Path, same: re.Pattern[str]) -> None:
    """Remove the cached files of the same font and weight as ``out`` made by another recipe
    or from another version of the font (they would only fill the cache: none is used)."""
    for old in out.parent.iterdir():
        if old != out and same.fullmatch(old.name):
            # another process may have removed it first, or it may not be ours to remove
            with contextlib.suppress(OSError):
                old.unlink()


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


def supplemented(path: Path) -> Path:
    """``path``, or a cached copy with blank glyphs for the :data:`BLANKS` it lacks (a static
    font; :func:`static_instance` adds them to the instances it makes)."""
    cmap = _cmap(path)
    if all(cp in cmap for cp in BLANKS):
        return path
    stem = path.stem.split("[")[0]
    out = _fonts_cache() / f"{stem}-blanks-{_key(path, recipe('not instanced'))}.ttf"
    if out.is_file():
        return out
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.ttLib import TTFont as FTFont

    ft = FTFont(str(path))
    if "glyf" not in ft:  # CFF outlines: ReportLab cannot embed them anyway
        return path
    _add_blanks(ft)
    _save(ft, out)
    _remove_stale(out, re.compile(rf"{re.escape(stem)}-blanks-[0-9a-f]{{16}}\.ttf"))
    return out


def _add_blanks(ft: Any) -> None:
    """Give the fontTools font ``ft`` an empty glyph for each of the :data:`BLANKS` it lacks
    (nothing for a font that has them all, or has CFF outlines)."""
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    best = ft.getBestCmap()
    if "glyf" not in ft or all(cp in best for cp in BLANKS):
        return
    hmtx = ft["hmtx"]
    space = hmtx[best[0x20]][0] if 0x20 in best else ft["head"].unitsPerEm // 4
    thin = next((hmtx[best[cp]][0] for cp in (0x2009, 0x202F) if cp in best),
                round(space * 5 / 8))
    widths = {"space": space, "thin": thin, "": 0,
              "figure": hmtx[best[0x30]][0] if 0x30 in best else space}
    order = list(ft.getGlyphOrder())
    taken = set(order)
    vertical = ft["vmtx"] if "vmtx" in ft else None
    for cp, kind in BLANKS.items():
        if cp in best:
            continue
        name = f"uni{cp:04X}"
        while name in taken:
            name += ".pk"
        taken.add(name)
        order.append(name)
        ft["glyf"].glyphs[name] = Glyph()
        hmtx.metrics[name] = (widths[kind], 0)
        if vertical is not None:
            vertical.metrics[name] = (ft["head"].unitsPerEm, 0)
        for table in ft["cmap"].tables:
            if table.isUnicode() and table.format != 14:
                table.cmap[cp] = name
    ft["glyf"].glyphOrder = order
    ft.setGlyphOrder(order)
    for tag in ("hdmx", "LTSH", "VDMX"):  # per-glyph device tables we would have to extend
        if tag in ft:
            del ft[tag]
