"""printkit as a user runs it: the wheel built from this checkout, installed into a fresh
virtual environment outside it, and every command the README shows a user run from an empty
folder through the installed ``printkit`` script.

The fresh environment gets printkit from the wheel only; its dependencies come from this
test's own environment through a ``.pth`` file (read after the environment's own
site-packages, and never scanning it for the checkout's editable-install hooks), so nothing is
downloaded and nothing of the checkout is importable. The cache is a new empty folder, as on
a user's first run.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import sysconfig
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class User:
    """A fresh environment with the wheel installed, an empty working folder and cache."""

    env: Path
    site: Path
    work: Path
    cache: Path
    build_log: str

    def run(self, *args: str, ok: bool = True, **env: str) -> subprocess.CompletedProcess[str]:
        environ = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "PRINTKIT_QUIET", "VIRTUAL_ENV")}
        environ.update(PRINTKIT_CACHE_DIR=str(self.cache), **env)
        proc = subprocess.run([str(self.env / "bin" / "printkit"), *args], cwd=self.work,
                              env=environ, capture_output=True, text=True, timeout=900)
        if ok:
            assert proc.returncode == 0, (args, proc.stdout[-2000:], proc.stderr[-2000:])
        return proc

    def python(self, code: str) -> subprocess.CompletedProcess[str]:
        environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        environ["PRINTKIT_CACHE_DIR"] = str(self.cache)
        return subprocess.run([str(self.env / "bin" / "python"), "-c", code], cwd=self.work,
                              env=environ, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def user(tmp_path_factory: pytest.TempPathFactory) -> User:
    base = tmp_path_factory.mktemp("user")
    wheels = base / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v",
         "-w", str(wheels), str(ROOT)],
        cwd=base, capture_output=True, text=True, check=True)
    (wheel,) = wheels.glob("printkit-*.whl")
    env = base / "env"
    venv.EnvBuilder(with_pip=False).create(env)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(env / "bin" / "python"),
                    "install", "--no-deps", "-q", str(wheel)],
                   cwd=base, check=True, capture_output=True)
    (site,) = (env / "lib").glob("python3*/site-packages")
    (site / "zz_printkit_test_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    work = base / "work"
    work.mkdir()
    cache = base / "cache"
    return User(env, site, work, cache, built.stdout + built.stderr)


def test_the_wheel_builds_without_a_warning(user: User) -> None:
    # a Python warning (BuildBackendWarning, SetuptoolsDeprecationWarning, ...), not distutils'
    # "warning: byte-compiling is disabled" notes when PYTHONDONTWRITEBYTECODE is set
    warned = re.compile(r"\b[A-Z]\w*Warning\b|deprecat", re.IGNORECASE)
    lines = [line for line in user.build_log.splitlines()
             if warned.search(line) and "byte-compiling is disabled" not in line]
    assert not lines, lines[:5]


def test_the_installed_printkit_is_the_wheel_and_ships_its_data(user: User) -> None:
    proc = user.python("import printkit; print(printkit.__file__)")
    assert proc.stdout.startswith(str(user.site)), proc.stdout + proc.stderr
    package = user.site / "printkit"
    shipped = list(package.glob("**/locale/*/LC_MESSAGES/*.po"))
    # printkit's own catalog and each game's, in every language
    assert {po.parent.parent.parent.parent.name for po in shipped} >= {
        "printkit", "wftgts", "pwinch_wars"}, shipped
    for po in shipped:
        assert po.with_suffix(".mo").is_file(), po
    assert (package / "examples" / "wftgts" / "seed-example.jsonl").is_file()
    assert not (package / "examples" / "rtl").exists()


def test_an_installed_printkit_never_compiles_a_catalog(user: User) -> None:
    code = ("import babel.messages.pofile as p\n"
            "def refuse(*a, **k): raise SystemExit('a .po was compiled at run time')\n"
            "p.read_po = refuse\n"
            "from printkit.i18n import translations\n"
            "from printkit.kits import get_kit\n"
            "kit = get_kit('wftgts').catalog\n"
            "print(translations('fr', kit).gettext('Score'),"
            " translations('pt_BR', kit).gettext('Score'),"
            " translations('de', kit).gettext('Rule handout'))")
    proc = user.python(code)
    assert proc.returncode == 0, proc.stderr
    # a kit's word from the kit's catalog (French keeps "Score"), printkit's own through the
    # fallback
    assert proc.stdout.split() == ["Score", "Pontuação", "Spielregel"], proc.stdout


def test_first_commands_from_an_empty_folder(user: User) -> None:
    games = user.run("games").stdout
    assert "wftgts:" in games and "pwinch-wars:" in games
    listed = user.run("examples", "list").stdout
    assert "examples/wftgts/seed-example.jsonl" in listed
    assert "examples/war-pnp/sheets/tinkerer.toml" in listed
    assert "examples/decks/sample.csv" in listed
    shipped = len(listed.strip().splitlines()) - 1  # a line per file, then where they are
    copied = user.run("examples", "copy", "examples").stdout
    assert f"copied {shipped} of {shipped} " in copied, copied
    assert (user.work / "examples" / "wftgts" / "seed-example.jsonl").is_file()
    again = user.run("examples", "copy", "examples").stdout
    assert "copied 0 of" in again

    played = user.run("play", "wftgts", "--players", "3", "--bot", "optimal", "--bot",
                      "greedy", "--bot", "random", "--seed", "7", "--log", "g.jsonl")
    assert "wins" in played.stdout or "tie" in played.stdout
    assert "Player 1 (optimal)" in played.stdout and "{" not in played.stdout
    # the first optimal game fills the empty cache, and says so in one line
    assert "computing the WFtGtS optimal-play tables" in played.stderr, played.stderr
    assert str(user.cache) in played.stderr
    cached = user.run("cache").stdout
    assert "wftgts-optimal" in cached and "total" in cached
    as_json = user.run("play", "wftgts", "--seed", "7", "--json")
    assert set(json.loads(as_json.stdout)) >= {"scores", "winners"}
    replayed = user.run("replay", "wftgts", "g.jsonl")
    assert "all legal" in replayed.stdout

    drawn = user.run("example", "wftgts", "examples/wftgts/seed-example.jsonl")
    example_pdf = user.work / "out" / "wftgts" / "example-seed-example.pdf"
    assert example_pdf.stat().st_size > 10_000, drawn.stdout
    validated = user.run("validate", "wftgts", "--games", "40", "--seed", "1")
    assert validated.stdout.strip()
    sheet = user.run("validate", "war-pnp", "--sheet", "examples/war-pnp/sheets/tinkerer.toml",
                     "--games", "8", ok=False)
    assert sheet.returncode in (0, 1), sheet.stderr


def test_build_all_writes_every_kit_readable_by_others(user: User) -> None:
    built = user.run("build", "all", "--out", "kits")
    assert "building 6 kits" in built.stderr
    kits = sorted((user.work / "kits").glob("*/*-kit.pdf"))
    assert len(kits) == 6, kits
    for pdf in (user.work / "kits").rglob("*.pdf"):
        mode = stat.S_IMODE(pdf.stat().st_mode)
        assert mode & stat.S_IRGRP and mode & stat.S_IROTH, (pdf, oct(mode))
    letter = user.run("build", "wftgts", "--paper", "letter", "--out", "kits", ok=False)
    assert letter.returncode == 2 and "--overwrite" in letter.stderr
    assert len(letter.stderr.strip().splitlines()) == 1


def test_handouts_deck_preview_and_calibration(user: User) -> None:
    made = user.run("handouts", "all", "--locales", "fr")
    assert "6 files" in made.stdout, made.stdout
    assert len(list((user.work / "out" / "handouts").glob("*/*-rules-fr-a4.pdf"))) == 6
    deck = user.run("deck", "examples/decks/sample.csv")
    assert (user.work / "out" / "decks" / "sample.pdf").is_file(), deck.stdout
    potions = user.run("deck", "examples/decks/potions.csv", "--out", "potions.pdf")
    assert (user.work / "potions.pdf").is_file(), potions.stdout
    shown = user.run("preview", "out/decks/sample.pdf", "--dpi", "30")
    assert list((user.work / "out" / "previews" / "sample").glob("*.png")), shown.stdout
    user.run("calibrate")
    assert (user.work / "out" / "calibration-a4.pdf").is_file()


@pytest.mark.parametrize(("args", "says"), [
    (("build", "dice", "--locale", "nl", "--out", "nl"), "no catalog for locale 'nl'"),
    (("build", "dice", "--locale", "ar", "--out", "ar"), "right to left"),
    (("handouts", "wftgts", "--locales", "nl", "--out", "nl"), "no catalog for locale 'nl'"),
])
def test_a_locale_without_a_catalog_is_refused(user: User, args: tuple[str, ...],
                                               says: str) -> None:
    proc = user.run(*args, ok=False)
    assert proc.returncode == 2 and says in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not (user.work / args[-1]).exists()


@pytest.mark.parametrize(("template", "says"), [
    ("<p>{{ game.__class__ }}</p>\n", "t.j2:1: access to attribute '__class__'"),
    ("<p>ok</p>\n<p>{{ missing.value }}</p>\n", "t.j2:2: 'missing' is undefined"),
    ('<p>{% include "/etc/passwd" %}</p>\n', "cannot read other files"),
])
def test_a_template_that_breaks_the_sandbox_is_bad_input(user: User, template: str,
                                                         says: str) -> None:
    (user.work / "t.j2").write_text(template, encoding="utf-8")
    proc = user.run("handouts", "wftgts", "--template", "t.j2", "--out", "bad", ok=False)
    assert proc.returncode == 2 and says in proc.stderr, proc.stderr
    assert not (user.work / "bad").exists()


def test_a_plugin_kit_from_another_distribution(user: User, tmp_path: Path) -> None:
    """The README's plug-in kit (``tests/plugin``: the score pad), installed as its own
    distribution: found through the entry point, its component's own option offered by
    ``build``, its words printed from its own catalog. Installed into a folder of its own
    that only this test's commands see (``PYTHONPATH``), so the other tests see no plug-in."""
    from pypdf import PdfReader

    site = tmp_path / "plugin-site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                    "-q", "--target", str(site), str(ROOT / "tests" / "plugin")],
                   cwd=tmp_path, check=True, capture_output=True)

    def with_plugin(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return user.run(*args, ok=ok, PYTHONPATH=str(site))

    assert "--large-print" not in user.run("build", "--help").stdout
    listed = with_plugin("games").stdout
    assert "scorepad: Score pad" in listed and "  - pad: Score pad" in listed
    helped = with_plugin("build", "--help").stdout
    assert "--large-print" in helped and "(scorepad pad)" in helped, helped

    with_plugin("build", "scorepad", "--locale", "de", "--out", "pads")
    text = PdfReader(user.work / "pads" / "scorepad" / "pad.pdf").pages[0].extract_text()
    assert "Punkteblock" in text and "Spieler 1" in text and "Spieler 4" in text, text
    with_plugin("build", "scorepad", "--large-print", "--out", "large")
    plain = with_plugin("build", "scorepad", "--out", "plain")
    assert "Score pad" in PdfReader(user.work / "plain" / "scorepad" / "pad.pdf").pages[0] \
        .extract_text(), plain.stdout
    rows = [_horizontal_rules(user.work / folder / "scorepad" / "pad.pdf")
            for folder in ("plain", "large")]
    assert rows[0] - rows[1] == 8, rows  # 16 rows to write in, and 8 with --large-print

    refused = with_plugin("build", "wftgts", "--large-print", "--out", "no", ok=False)
    assert refused.returncode == 2, refused.stderr
    assert "--large-print applies to no component of wftgts" in refused.stderr


def _horizontal_rules(pdf: Path) -> int:
    """The score pad's row rules: the page's stroked lines whose two ends share a height."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        return sum(1 for line in doc.pages[0].lines
                   if abs(line["y0"] - line["y1"]) < 0.01 and line["width"] > 100)
