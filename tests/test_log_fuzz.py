"""Every game's shipped example logs, cut short and mutated, keep the README's contract.

Each case is a log written to a file and given to ``printkit replay`` and ``printkit example``
in-process. Both must exit 0 (replayed; drawn, the PDF complete and nothing else in its
folder) or 2 (bad input: exactly one line on stderr, ``printkit: ...``, no traceback, no PDF
and no temporary file left behind); no other exception may escape. ``example`` may also exit
1 when the drawing's preflight found an error (the README's "a check that ran and failed":
a mutated name or reason too long for its box, a glyph no font has), the PDF complete and
the report on stderr. ``example`` must accept exactly the logs ``replay`` accepts: an
unfinished game (a log cut after any line) is legal, and its example draws what was played
so far, preflight clean.

The mutations are schema-valid-ish, so that most reach the engines and the printers: a value
replaced by another the game's logs use (numbers, hex codes, ids, names), a key or a list item
dropped, a value of another type, a value the reader cannot hold (5,000 digits, ``1e999``,
``NaN``, nesting 3,000 deep, 100,000 characters), a line duplicated, deleted or swapped with the
next. Cases are drawn by Hypothesis, derandomized (CI runs the same cases every time) and few
per game: Pwinch Wars draws its map twice for the set-up alone (about 3 s), so its cases cut
the log early. ``fuzz_case`` and ``check`` are reused by a larger run outside the suite.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from printkit.kits import game_kits

if TYPE_CHECKING:  # `make fuzz` runs this file as tests.test_log_fuzz, conftest not on its path
    from conftest import Cli, CliResult

KITS = {k.name: k for k in game_kits()}
GAMES = sorted(KITS)


def _example_logs(game: str) -> list[Path]:
    examples = KITS[game].examples
    assert examples is not None, game  # every game kit ships example logs
    return sorted(examples.glob("*.jsonl"))


LOGS = {g: _example_logs(g) for g in GAMES}

SCALE = int(os.environ.get("PRINTKIT_FUZZ_SCALE", "1"))
"""``make fuzz`` runs this module with many times the cases (``PRINTKIT_FUZZ_SCALE``), each
case tallied in ``PRINTKIT_FUZZ_TALLY`` (a file, one line per case) for its summary."""
CUT_CASES = {g: n * SCALE for g, n in {"wftgts": 10, "tug-of-war": 10, "war-pnp": 8,
                                        "war-of-bones": 10, "pwinch-wars": 2}.items()}
MUTATION_CASES = {g: n * SCALE for g, n in {"wftgts": 100, "tug-of-war": 100, "war-pnp": 60,
                                             "war-of-bones": 80, "pwinch-wars": 12}.items()}
EVERY_CUT = 12
"""A log this short is cut after every line; a longer one at drawn cut points."""
LONGEST_CUT = {"pwinch-wars": 80}
"""A mutated Pwinch Wars log is cut after at most this many lines (set-up and equipment, the
first placings): a legal one is drawn, and each turn drawn costs about a second."""

SETTINGS = settings(deadline=None, derandomize=SCALE == 1, database=None,
                    phases=(Phase.explicit, Phase.generate))
"""No shrinking: a failing case prints the mutation that broke it, and shrinking a case that
draws a PDF could run for minutes. The suite draws the same cases every time; ``make fuzz``
draws new ones on every run."""


def log_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def leaves(value: Any) -> list[Any]:
    """Every scalar in a decoded JSON value."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return [value]


@functools.cache
def vocabulary(game: str) -> list[Any]:
    """The scalars the game's logs use (plus a few near them): the values a mutation
    swaps in so that the line stays close to one the engine reads."""
    seen: dict[str, Any] = {}
    for path in LOGS[game]:
        for line in log_lines(path):
            for leaf in leaves(json.loads(line)):
                seen.setdefault(json.dumps(leaf), leaf)
    extra = [-1, 0, 1, 2, 3, 6, 7, 12, 99, 0.5, -0.5, "", True, False, None]
    for leaf in extra:
        seen.setdefault(json.dumps(leaf), leaf)
    return [seen[k] for k in sorted(seen)]


HUGE = (
    "9" * 5000,                                  # more digits than Python turns into an int
    "-" + "9" * 400, "1e999", "-1e999", "1e-400", "NaN", "Infinity", "-Infinity",
    "9223372036854775807", "18446744073709551616", "1e300", "0.1e-320",
    '"' + "x" * 100_000 + '"',                   # a 100,000-character string
    '"' + "\u2028\u0085 \U0001f600" * 20 + '"',  # line separators and an emoji
    "[" * 3000 + "]" * 3000,                     # nesting deeper than the recursion limit
    "[" * 60 + "]" * 60,
    '{"a":' * 60 + "1" + "}" * 60,
    "[" + ",".join(["0"] * 20_000) + "]",        # longer than any list a log holds
    "[" + ",".join(["6"] * 300) + "]",
)
"""JSON (or what Python's reader takes for JSON) that no log of any game should hold."""

OTHER_TYPES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, "x", "0", [], {}, [0], {"x": 1})

KINDS = ("value", "value", "value", "drop", "type", "huge", "duplicate", "delete", "swap")
SENTINEL = "\x00printkit-fuzz\x00"


@dataclasses.dataclass(frozen=True)
class Mutation:
    """One change to a log: ``kind`` at ``line`` (an index into the cut log), on the node
    numbered ``node`` of that line's JSON (depth first, the whole line first), with
    ``choice`` picking the value put there."""

    kind: str
    line: int
    node: int
    choice: int

    def describe(self) -> str:
        return f"{self.kind} at line {self.line + 1}, node {self.node}, choice {self.choice}"


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _nodes(v, (*path, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


def mutate(lines: list[str], m: Mutation, vocab: list[Any]) -> list[str]:
    """``lines`` with the mutation ``m`` applied (a new list)."""
    out = list(lines)
    i = m.line % len(out)
    if m.kind == "duplicate":
        return [*out[:i + 1], out[i], *out[i + 1:]]
    if m.kind == "delete":
        return out[:i] + out[i + 1:]
    if m.kind == "swap":
        j = (i + 1) % len(out)
        out[i], out[j] = out[j], out[i]
        return out
    obj = json.loads(out[i])
    nodes = _nodes(obj)
    path = nodes[m.node % len(nodes)]
    if m.kind == "drop":
        if not path:  # the whole line: drop it
            return out[:i] + out[i + 1:]
        parent = _get(obj, path[:-1])
        del parent[path[-1]]
        out[i] = json.dumps(obj, ensure_ascii=False)
        return out
    if m.kind == "value":
        new = vocab[m.choice % len(vocab)]
    elif m.kind == "type":
        old = _get(obj, path)
        others = [t for t in OTHER_TYPES if type(t) is not type(old)]
        new = others[m.choice % len(others)]
    else:  # huge: written as raw text, since json.dumps cannot write most of these
        new = SENTINEL
    text = json.dumps(_set(obj, path, new), ensure_ascii=False)
    if m.kind == "huge":
        text = text.replace(json.dumps(SENTINEL, ensure_ascii=False), HUGE[m.choice % len(HUGE)])
    out[i] = text
    return out


@st.composite
def mutations(draw: st.DrawFn, length: int) -> Mutation:
    return Mutation(draw(st.sampled_from(KINDS)), draw(st.integers(0, length - 1)),
                    draw(st.integers(0, 400)), draw(st.integers(0, 10_000)))


# --- the contract --------------------------------------------------------------------------


PREFLIGHT_FAILED = re.compile(r"printkit: preflight found \d+ error\(s\)")


def assert_contract(result: CliResult, what: str, *, preflight: bool = False) -> None:
    """Exit 0, or 2 with one line on stderr; with ``preflight`` (``example``) also 1 when
    the drawing's preflight found an error (the README's "a check that ran and failed": a
    name or reason too long for its box, a glyph no font has), the report on stderr."""
    assert "Traceback" not in result.err, what
    codes = (0, 1, 2) if preflight else (0, 2)
    assert result.code in codes, f"{what}: exit {result.code}: {result.err[:2000]}"
    lines = result.err.splitlines()
    if result.code == 2:
        assert len(lines) == 1 and lines[0].startswith("printkit: "), (
            f"{what}: stderr is not one 'printkit: ' line: {result.err[:2000]!r}")
    if result.code == 1:
        assert lines and PREFLIGHT_FAILED.fullmatch(lines[-1]), (
            f"{what}: exit 1 without a preflight report: {result.err[:2000]!r}")


def _tally(game: str, outcome: str) -> None:
    """One case's outcome, for ``make fuzz``'s summary (nothing when no tally is asked)."""
    tally = os.environ.get("PRINTKIT_FUZZ_TALLY")
    if tally:
        with open(tally, "a", encoding="utf-8") as f:
            f.write(f"{game} {outcome}\n")


def check(cli: Cli, game: str, text: str, folder: Path, what: str) -> tuple[int, int]:
    """Feed ``text`` as a log to ``replay`` and ``example``; assert the contract; return
    their exit codes."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "case.jsonl"
    log.write_text(text, encoding="utf-8")
    out = folder / "out"
    out.mkdir()
    try:
        replayed = cli("replay", game, str(log))
        assert_contract(replayed, f"replay {game} ({what})")
        pdf = out / "example.pdf"
        drawn = cli("example", game, str(log), "--out", str(pdf))
        assert_contract(drawn, f"example {game} ({what})", preflight=True)
        left = sorted(p.name for p in out.iterdir())
        if drawn.code in (0, 1):  # drawn (1: and its preflight found something)
            assert left == ["example.pdf"], f"example {game} ({what}) left {left}"
            data = pdf.read_bytes()
            assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"), what
        else:
            assert left == [], f"example {game} ({what}) exited {drawn.code} and left {left}"
        assert (drawn.code == 2) == (replayed.code == 2), (
            f"{game} ({what}): replay exits {replayed.code} ({replayed.err.strip()}) but "
            f"example exits {drawn.code} ({drawn.err.strip()})")
        _tally(game, f"{replayed.code} {drawn.code}")
        return int(replayed.code), int(drawn.code)
    except Exception:  # a broken contract, or anything that escaped the command line
        _tally(game, "broke")
        raise
    finally:
        for p in out.iterdir():
            p.unlink()
        out.rmdir()
        log.unlink()


def fuzz_case(game: str, log: int, cut: int, mutation: Mutation | None) -> tuple[str, str]:
    """The text of one case, and what it is: the game's ``log``-th example log, cut after
    ``cut`` lines (at least the header), then mutated."""
    path = LOGS[game][log % len(LOGS[game])]
    lines = log_lines(path)
    lines = lines[:max(1, min(cut, len(lines)))]
    what = f"{path.name} cut after line {len(lines)}"
    if mutation is not None:
        mutation = dataclasses.replace(mutation, line=mutation.line % len(lines))
        lines = mutate(lines, mutation, vocabulary(game))
        what += ", " + mutation.describe()
    return "\n".join(lines) + "\n", what


# --- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_an_unfinished_game_replays_and_draws_what_was_played(
    game: str, cli: Cli, tmp_path: Path
) -> None:
    """A log cut after any line is an unfinished game: replay takes it, example draws it.
    The header alone and every cut of a short log are always tried; other cut points are
    drawn."""
    cases = iter(range(10**6))

    def one(log: int, cut: int) -> None:
        text, what = fuzz_case(game, log, cut, None)
        codes = check(cli, game, text, tmp_path / str(next(cases)), what)
        assert codes == (0, 0), f"{game}: {what} exits {codes} (replay, example), not 0"

    one(0, 1)
    for log, path in enumerate(LOGS[game]):  # a short log is cut after every line
        if len(log_lines(path)) <= EVERY_CUT:
            for cut in range(2, len(log_lines(path))):
                one(log, cut)
    longest = max(len(log_lines(p)) for p in LOGS[game])

    @settings(SETTINGS, max_examples=CUT_CASES[game])
    @given(log=st.integers(0, len(LOGS[game]) - 1), cut=st.integers(2, longest))
    def cut_short(log: int, cut: int) -> None:
        one(log, cut)

    cut_short()


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_log_is_replayed_or_refused_in_one_line(
    game: str, cli: Cli, tmp_path: Path
) -> None:
    """Mutated logs: replay and example both exit 0, or both refuse the log in one line
    with exit 2; nothing else escapes and no partial PDF is left behind."""
    cases = iter(range(10**6))
    longest = LONGEST_CUT.get(game, max(len(log_lines(p)) for p in LOGS[game]))

    @settings(SETTINGS, max_examples=MUTATION_CASES[game])
    @given(log=st.integers(0, len(LOGS[game]) - 1), cut=st.integers(1, longest),
           data=st.data())
    def mutated(log: int, cut: int, data: st.DataObject) -> None:
        m = data.draw(mutations(min(cut, longest)))
        text, what = fuzz_case(game, log, cut, m)
        check(cli, game, text, tmp_path / str(next(cases)), what)

    mutated()


def summary(tally: Path) -> tuple[str, bool]:
    """``make fuzz``'s report from the tally: cases per game and what they came to (exit
    codes of replay and example), and whether any broke the contract."""
    counts: dict[str, dict[str, int]] = {}
    for line in tally.read_text(encoding="utf-8").splitlines():
        game, outcome = line.split(" ", 1)
        per = counts.setdefault(game, {})
        per[outcome] = per.get(outcome, 0) + 1
    rows = []
    for game in sorted(counts):
        per = counts[game]
        shown = ", ".join(f"{n} {o.replace(' ', '/')}" for o, n in sorted(per.items()))
        rows.append(f"{game}: {sum(per.values())} cases ({shown})")
    broke = sum(per.get("broke", 0) for per in counts.values())
    total = sum(sum(per.values()) for per in counts.values())
    rows.append(f"all: {total} cases, {broke} broke the contract "
                "(replay/example exit codes; 'broke' = anything else)")
    return "\n".join(rows), broke > 0


if __name__ == "__main__":  # make fuzz
    import sys

    text, broke = summary(Path(sys.argv[1]))
    print(text)
    sys.exit(1 if broke else 0)
