"""Issue 25, items 7, 8 and parts of 10, for the engines' values and options: every value a
user gives (a sheet, a rules copy, an option, a log's landing, a scheduler's address) has a
checked range, and a value outside it is one line on stderr naming its key, exit code 2, in
seconds: no traceback, no hang.

Each test runs the command line in-process (``printkit.cli.main``) as a user would.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
TINKERER = ROOT / "examples" / "war-pnp" / "sheets" / "tinkerer.toml"
TINKERER_LOG = ROOT / "examples" / "war-pnp" / "tinkerer-game.jsonl"
CONVERGE_LOG = ROOT / "examples" / "war-of-bones" / "converge-game.jsonl"
BONES_RULES = ROOT / "engines" / "war_of_bones" / "data" / "rules.toml"


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging the suite) if the block runs longer than ``seconds``."""
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run(capsys: pytest.CaptureFixture[str], *args: str, seconds: int = 30) -> tuple[int, str]:
    """``printkit ARGS`` in-process: the exit code and stderr."""
    capsys.readouterr()
    with deadline(seconds):
        code = main(list(args))
    return code, capsys.readouterr().err


def refused(capsys: pytest.CaptureFixture[str], name: str, *args: str,
            seconds: int = 30) -> str:
    """Assert ``printkit ARGS`` is refused: exit 2, one stderr line naming ``name``."""
    code, err = run(capsys, *args, seconds=seconds)
    lines = err.splitlines()
    assert code == 2, err
    assert len(lines) == 1, err
    assert lines[0].startswith("printkit: ") and name in lines[0], lines[0]
    assert "Traceback" not in err
    return lines[0]


def edited(path: Path, old: str, new: str, into: Path, line: int | None = None) -> Path:
    """A copy of ``path`` in ``into`` with ``old`` replaced by ``new`` (on ``line`` only, 1
    counting from the first, when given)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    where = range(len(lines)) if line is None else [line - 1]
    done = False
    for i in where:
        if old in lines[i] and not done:
            lines[i] = lines[i].replace(old, new, 1)
            done = True
    assert done, f"{old!r} not in {path.name}"
    out = into / path.name
    out.write_text("\n".join(lines), encoding="utf-8")
    return out


def bones_rules(tmp_path: Path, key: str, value: str) -> Path:
    """A copy of War of Bones' rules.toml with ``key = value``."""
    lines = BONES_RULES.read_text(encoding="utf-8").splitlines()
    hits = [i for i, line in enumerate(lines) if line.split("=")[0].strip() == key]
    assert len(hits) == 1, key
    lines[hits[0]] = f"{key} = {value}"
    out = tmp_path / "rules.toml"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


# --- W.A.R. PnP sheets (item 7, 8 and 10) -------------------------------------------------


def test_a_sheet_power_given_as_a_list_is_one_line(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('name = "Lists"\npowers = [["grow"]]\n', encoding="utf-8")
    line = refused(capsys, "'powers'", "play", "war-pnp", "--sheet", str(sheet))
    assert "['grow']" in line


def test_a_bad_power_in_a_full_sheet_is_reported_once(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """The Tinkerer with its powers as a list of lists: one mistake, not one more for each of
    its [options] tables (those powers are misnamed, not missing)."""
    bad = edited(TINKERER, 'powers = ["grow", "double", "bend", "steal", "cancel", "trap", '
                           '"reroll", "poke"]', 'powers = [["grow"]]', tmp_path)
    refused(capsys, "'powers'", "play", "war-pnp", "--sheet", str(bad))


def test_a_sheet_key_with_a_newline_is_one_line_per_mistake(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('name = "X"\n"bad\\nkey" = 1\n', encoding="utf-8")
    line = refused(capsys, "bad\\nkey", "play", "war-pnp", "--sheet", str(sheet))
    assert "is not a sheet key" in line
    sheet.write_text('name = "X"\n[options]\n"gr\\u2028ow" = [1, 2, 3, 4, 5, 6]\n',
                     encoding="utf-8")
    refused(capsys, "options.gr\\u2028ow", "play", "war-pnp", "--sheet", str(sheet))


def test_a_sheet_name_on_two_lines_is_refused(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('name = "The\\nGardener"\n', encoding="utf-8")
    refused(capsys, "'name'", "play", "war-pnp", "--sheet", str(sheet))


def test_a_sheet_with_a_byte_order_mark_is_read(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    sheet = tmp_path / "bom.toml"
    sheet.write_bytes(b"\xef\xbb\xbf" + TINKERER.read_bytes())
    code, err = run(capsys, "play", "war-pnp", "--sheet", str(sheet))
    assert code == 0, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_as_the_sheet_is_refused_not_waited_on(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    fifo = tmp_path / "sheet.toml"
    os.mkfifo(fifo)
    line = refused(capsys, "sheet.toml", "play", "war-pnp", "--sheet", str(fifo), seconds=10)
    assert "not a regular file" in line


def test_a_huge_sheet_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sheet = tmp_path / "huge.toml"
    sheet.write_text('name = "X"\n' + "# padding\n" * 120_000, encoding="utf-8")
    refused(capsys, "huge.toml", "play", "war-pnp", "--sheet", str(sheet))


def test_many_mistakes_are_reported_in_bounded_lines(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    from printkit.engines.war_pnp.sheets import MAX_MISTAKES

    sheet = tmp_path / "many.toml"
    sheet.write_text("".join(f"key{i} = 1\n" for i in range(5000)), encoding="utf-8")
    code, err = run(capsys, "play", "war-pnp", "--sheet", str(sheet))
    assert code == 2 and len(err.splitlines()) == MAX_MISTAKES + 1, err[-300:]
    assert f"and {5000 - MAX_MISTAKES} more mistakes" in err


def test_many_equal_sums_are_refused_at_once(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """A column listing a sum 100,000 times: refused by its length, not counted pair by pair
    (a quadratic count took minutes)."""
    sheet = tmp_path / "sums.toml"
    sheet.write_text("[[points_columns]]\nsums = [" + "7, " * 100_000 + "7]\n"
                     "values = [1, 2, 3, 4, 5, 6]\n", encoding="utf-8")
    refused(capsys, "points_columns[0].sums", "play", "war-pnp", "--sheet", str(sheet),
            seconds=15)


@pytest.mark.parametrize("option, key", [
    ("round_limit=[]", "round_limit"),
    ("round_limit={}", "round_limit"),
    ('sheet={"powers": [["grow"]]}', "'powers'"),
    ('sheet={"name": "a\\nb"}', "'name'"),
])
def test_war_pnp_options_of_the_wrong_kind_are_one_line(capsys: pytest.CaptureFixture[str],
                                                        option: str, key: str) -> None:
    refused(capsys, key, "play", "war-pnp", "--option", option)


def test_an_illegal_war_pnp_move_is_told_in_words(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """The rule message quotes the move as a player would say it, not a Python repr."""
    bad = edited(TINKERER_LOG, '{"develop_power": {"row": 3, "power": "grow"}}',
                 '{"develop_power": {"row": 6, "power": "powerup"}}', tmp_path, line=8)
    line = refused(capsys, "line 8", "replay", "war-pnp", str(bad))
    assert "'develop Powers row 6 as PowerUp' does not" in line
    assert "PowerKind" not in line and "DevelopPower(" not in line


def test_every_war_pnp_action_has_words() -> None:
    from printkit.engines.war_pnp.actions import (
        Action,
        DevelopPoints,
        DevelopPower,
        Erase,
        EraseTrap,
        Mark,
        Pass,
        Reroll,
        Score,
        SetActivation,
        SetTrap,
        Stop,
        Target,
        Undevelop,
        Unwither,
        UsePower,
        Wither,
        describe,
    )
    samples: list[Action]
    samples = [SetActivation(1, 2), DevelopPower(3), DevelopPoints("5/9"), Mark(1, "7", 2),
               SetTrap(1, 25), Wither(1, "6/8"), UsePower(3), Target(2), Reroll(1),
               Stop(1, 4), Unwither(0, "6/8"), Erase(0, "7", 2), EraseTrap(0, 25),
               Score(9, 3), Undevelop(3, row=2), Undevelop(1, column="7"), Pass()]
    words = [describe(a) for a in samples]
    assert all("(" not in w and "does not know" not in w for w in words), words
    assert len(set(words)) == len(words)


# --- Pwinch Wars options (item 7) ---------------------------------------------------------


@pytest.mark.parametrize("option", ["scenario=[]", "scenario={}", 'scenario=["a"]',
                                    "choose=[]", "scenario=1e999"])
def test_pwinch_wars_options_of_the_wrong_kind_are_one_line(capsys: pytest.CaptureFixture[str],
                                                            option: str) -> None:
    refused(capsys, option.split("=")[0], "play", "pwinch-wars", "--option", option)


# --- War of Bones: logs and options (item 7) -----------------------------------------------


@pytest.mark.parametrize("value, words", [
    ("1e999", "a position is a number of millimetres from 0 to 914.4"),
    ("1e300", "a position is a number of millimetres from 0 to 914.4"),
    ("-1e999", "less than the minimum of 0"),  # the log schema's own check
    ("-3.0", "less than the minimum of 0"),
])
def test_a_landing_out_of_any_area_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               value: str, words: str) -> None:
    bad = edited(CONVERGE_LOG, "[20.7, 68.4, 6]", f"[{value}, 68.4, 6]", tmp_path, line=2)
    line = refused(capsys, "line 2", "replay", "war-of-bones", str(bad))
    assert words in line


def test_reason_params_of_infinity_are_one_line(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    bad = edited(CONVERGE_LOG, '"reason_params": {"n": 6,', '"reason_params": {"n": Infinity,',
                 tmp_path, line=5)
    refused(capsys, "reason_params", "replay", "war-of-bones", str(bad))


def test_a_whole_number_too_large_for_its_decimal_placeholder_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Found by `make fuzz`: a 400-digit integer where the reason prints ``%(gain).1f``."""
    bad = edited(CONVERGE_LOG, '"gain": 14.96', '"gain": ' + "9" * 400 + ', "was": 14.96',
                 tmp_path, line=5)
    line = refused(capsys, "reason_params", "replay", "war-of-bones", str(bad))
    assert "too large to print" in line


def test_a_header_with_several_mistakes_is_still_one_line(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """Found by `make fuzz`: a W.A.R. PnP header whose custom sheet lost its power list gives
    options to two absent powers; a log's refusal is one line, the mistakes joined."""
    log = Path(__file__).resolve().parent.parent / "examples" / "war-pnp" / "tinkerer-game.jsonl"
    bad = edited(log, '"powers": ["grow", "double", "bend", "steal", "cancel", "trap", "reroll", '
                      '"poke"], ', "", tmp_path, line=1)
    line = refused(capsys, "bad options in the header", "replay", "war-pnp", str(bad))
    assert "reroll" in line and "; " in line and "poke" in line


@pytest.mark.parametrize("option", ["turn_limit=100000000000", "turn_limit=0",
                                    "turn_limit=[]", "turn_limit=1e999"])
def test_war_of_bones_turn_limit_has_a_range(capsys: pytest.CaptureFixture[str],
                                             option: str) -> None:
    refused(capsys, "turn_limit", "play", "war-of-bones", "--option", option)


# --- War of Bones: --rules (items 7 and 8) -------------------------------------------------


@pytest.mark.parametrize("key, value", [
    ("faces", "1000000"),
    ("faces", "9223372036854775807"),
    ("faces", "1"),
    ("area_in", "0.1"),
    ("area_in", "inf"),
    ("troops", "1000"),
    ("position_precision_mm", "1e-320"),
    ("position_precision_mm", "0.05"),
    ("converge_in", "1e-300"),
    ("converge_in", "nan"),
    ("turn_limit", "9223372036854775807"),
    ("die_size_max_mm", "1e308"),
    ("die_size_presets_mm", "[16.0, -1.0]"),
    ("player_letters", '["R", "G"]'),
    ("title", '"a\\nb"'),
])
def test_a_rules_value_out_of_range_is_one_line_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key: str, value: str
) -> None:
    rules = bones_rules(tmp_path, key, value)
    started = time.monotonic()
    refused(capsys, key, "play", "war-of-bones", "--rules", str(rules), seconds=20)
    assert time.monotonic() - started < 10


def test_a_build_with_huge_faces_is_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    rules = bones_rules(tmp_path, "faces", "1000000")
    refused(capsys, "faces", "build", "war-of-bones", "--rules", str(rules), "--out",
            str(tmp_path / "out"), seconds=20)
    assert not (tmp_path / "out" / "war-of-bones").exists()


def test_dice_that_cannot_fit_the_smallest_area_are_refused(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """16 dice of 20 mm in a 4 in area would jam: no roll could find room for the last."""
    rules = bones_rules(tmp_path, "area_in", "4.0")
    line = refused(capsys, "area_in", "play", "war-of-bones", "--rules", str(rules))
    assert "die_size_max_mm" in line


def test_a_misspelt_rules_key_is_refused(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    rules = bones_rules(tmp_path, "troops", "8")
    rules.write_text(rules.read_text(encoding="utf-8") + "\ntroop = 10\n", encoding="utf-8")
    refused(capsys, "troop", "play", "war-of-bones", "--rules", str(rules))


def test_each_range_is_checked_at_both_ends() -> None:
    """Every key of RANGES: just outside either end is refused naming the key; the designed
    rules are inside every range."""
    import tomllib

    from printkit.engines.war_of_bones.rules import RANGES, parse_rules

    data = tomllib.loads(BONES_RULES.read_text(encoding="utf-8"))
    parse_rules(data)
    for name, r in RANGES.items():
        table, _, key = name.rpartition(".")
        step = 1 if r.whole else 0.01
        for bad in (r.low - step, r.high + step):
            edited_data = {**data, "designed_for_printkit": {**data["designed_for_printkit"]}}
            (edited_data[table] if table else edited_data)[key] = bad
            with pytest.raises(ValueError, match=f"'{name}'"):
                parse_rules(edited_data)


def test_converges_allowed_is_worked_out_not_counted() -> None:
    from dataclasses import replace

    from printkit.engines.war_of_bones.rules import RULES

    assert RULES.converges_allowed == 1
    with deadline(5):
        assert replace(RULES, converge_in=1e-300).converges_allowed > 10 ** 290
    assert replace(RULES, converge_in=1.0).converges_allowed == 2
    assert replace(RULES, area_in=4.0).converges_allowed == 0


def test_a_rules_file_with_a_byte_order_mark_is_read(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_bytes(b"\xef\xbb\xbf" + BONES_RULES.read_bytes())
    code, err = run(capsys, "play", "war-of-bones", "--rules", str(rules))
    assert code == 0, err


# --- validate --executor dask --scheduler (item 7) ----------------------------------------


@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "tcp://10.0.0.5:99999",
                                     "tcp://a b:8786", "tcp://10.0.0.5:8786\nx"])
def test_a_malformed_scheduler_address_is_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                          address: str) -> None:
    pytest.importorskip("distributed")
    started = time.monotonic()
    refused(capsys, "--scheduler", "validate", "wftgts", "--executor", "dask", "--scheduler",
            address, "--games", "10", seconds=20)
    assert time.monotonic() - started < 5


def test_a_server_that_never_answers_is_one_line_in_seconds() -> None:
    """A port that takes the connection and says nothing (dask's own client waits for it
    forever): refused after the connect timeout, naming the address."""
    pytest.importorskip("distributed")
    from printkit.errors import PrintkitError
    from printkit.simulation import DaskExecutor

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        started = time.monotonic()
        with deadline(20), pytest.raises(PrintkitError, match=address):
            _ = DaskExecutor(address, timeout=1.0).workers
        assert time.monotonic() - started < 10


def test_a_refused_port_is_one_line_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    refused(capsys, f"127.0.0.1:{port}", "validate", "wftgts", "--executor", "dask",
            "--scheduler", f"tcp://127.0.0.1:{port}", "--games", "10", seconds=20)
    assert time.monotonic() - started < 5


if sys.platform == "win32":  # pragma: no cover - SIGALRM is POSIX
    pytestmark = pytest.mark.skip(reason="the deadline uses SIGALRM")
