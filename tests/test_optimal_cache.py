"""The WFtGtS optimal tables as they are stored (the best move of every line, not 196 MB of
floats), the cache folder they live in (``printkit cache``), and what a first run says.

The bot's moves were recorded from the code that read float tables (every keep valued at
decision time, the first maximum taken), before the tables were changed: the stored moves must
give the same keeps, the same junk and the same points in the reasons, to the last one.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from printkit.cli import main
from printkit.engines.core import play
from printkit.engines.wftgts import WFtGtS
from printkit.engines.wftgts import optimal as opt
from printkit.engines.wftgts.rules import RULES, Rules, parse_rules

DISK_LIMIT_MIB = 16
"""The stored tables measure 9.7 MiB (the float tables: 196 MiB)."""
FIRST_RUN = re.compile(r"printkit: computing the WFtGtS optimal-play tables \(first run only, "
                       r"about \d+ s; cached in (.+)\)")

# The optimal seats' moves in seeded games, recorded from the float-table code: a keep is
# "mask@points" (mask in hex, bit i = die i; points as its reason says them), "B" scores the
# best groups, "J@worth" takes the junk (and what saving it was worth).
GOLDEN: dict[tuple[str, ...], dict[int, str]] = {
    ('optimal',): {
        0: ("18@77 2d@59 J@6 59@97 5b@98 B 21@77 2e@84 B 2e@96 3e@110 B 6f@111 6f@105 B 4f@100 "
             "66@90 B"),
        1: ("1@75 1f@63 B 21@77 35@64 J@5 4c@113 6f@112 B 18@77 1f@90 B 5@71 26@63 B 7f@196 "
             "7f@196 B"),
        2: ("2c@79 39@64 J@6 24@77 7e@162 B 11@73 12@40 B 55@131 55@118 B 32@91 3e@78 B 36@112 "
             "36@99 B"),
        3: "68@125 6f@127 B 7@81 7@57 J@5 68@95 60@64 B 31@77 79@63 B 26@86 26@69 B 5c@102 74@83 B",
        4: ("41@89 5b@73 B 48@94 7e@170 B 34@87 7d@114 B 6d@108 7d@102 B 25@86 3c@78 B 35@104 "
             "35@82 B"),
        5: "24@78 5a@58 J@6 6d@98 6d@82 B 15@82 2d@73 B 45@76 61@55 B 61@97 79@90 B 3d@92 3f@90 B",
        6: "39@82 39@64 B 2a@85 2e@64 B 69@98 3d@77 B 38@86 35@70 B 7b@108 7b@94 B 56@99 5a@75 B",
        7: ("2e@108 6a@109 B 71@104 71@78 B 11@76 3e@65 B 1a@84 5a@67 J@3 34@75 7@49 B 75@102 "
             "77@153 B"),
        8: ("21@81 71@78 B 52@79 2a@71 B 3d@122 3e@110 B 31@87 35@69 B 23@84 3b@106 B 1d@86 "
             "6e@135 B"),
        9: "68@84 7d@106 B 74@109 74@87 B 1c@80 54@62 B 3@77 74@92 B 73@85 73@66 B 27@85 27@67 B",
        10: "f@99 f@74 B 2@74 1a@61 J@5 d@76 4f@63 B 3a@75 3c@81 B 31@87 3f@88 B 32@83 64@58 B",
        11: ("4b@102 4b@78 B 3d@88 3d@73 B 1d@90 1d@67 J@4 25@79 2d@67 B 7c@133 7e@170 B 48@92 "
             "5f@122 B"),
        12: "2c@88 75@124 B 9@78 44@67 B 19@83 39@84 B 7@80 5e@90 B 20@78 78@115 B 18@81 3a@68 J",
        13: ("64@96 75@128 B 49@95 69@74 J@5 6c@129 7e@170 B e@82 5b@77 B 48@80 52@82 B 7e@106 "
             "7e@103 B"),
        14: ("5@78 d@62 B 75@141 7b@158 B 29@87 29@69 B 67@103 3e@110 B 41@89 41@64 B 58@110 "
             "5c@89 B"),
        15: ("37@109 37@94 B 29@87 29@69 B 9@81 2d@64 J@4 56@112 7b@158 B 29@74 22@48 B 13@80 "
             "59@93 B"),
        16: ("64@127 67@150 B 6e@150 7a@140 B d@77 3d@59 B 33@86 33@63 B 2c@82 2d@65 B 15@83 "
             "71@97 B"),
        17: "1c@79 7f@196 B 24@81 3c@89 B 7b@138 7b@133 B 22@84 23@65 B 28@85 6a@69 B c@82 1a@69 B",
        18: "33@86 3b@106 B 30@85 3a@85 B 3@77 19@64 B 11@80 1c@67 J@3 1a@85 1a@51 B 34@81 6d@97 B",
        19: "2a@86 3b@98 B e@81 39@84 B 1d@87 1d@63 B b@82 5f@105 B 79@117 79@106 B 12@82 31@66 B",
        20: ("51@91 7f@121 B 32@85 3a@85 B 45@86 2f@94 B 29@81 6c@96 B 3e@126 3f@129 B 3e@94 "
             "3f@129 B"),
        21: ("71@112 73@120 B 75@90 75@74 B 33@86 35@62 J@4 6a@119 7c@100 B 56@115 7d@164 B 46@84 "
             "5c@105 B"),
        22: ("1c@82 28@59 J@6 2c@94 62@102 B 30@85 3f@81 B 1d@83 3e@70 B 2f@121 7a@138 B 34@85 "
             "34@65 B"),
        23: ("55@131 55@118 B 3b@89 3d@75 B 79@107 79@81 B 18@83 19@65 B 30@85 7e@110 B 18@76 "
             "24@57 B"),
    },
    ('optimal', 'greedy'): {
        100: ("1e@81 2e@61 B 41@87 69@78 B 34@85 3f@129 B 78@118 7f@196 B 9@80 27@67 B 28@81 "
             "68@88 B"),
        101: ("39@113 3d@130 B 17@87 77@75 B 3f@100 7f@124 B 3a@96 7c@118 B 17@96 76@121 B 4@75 "
             "75@93 B"),
        102: ("14@76 33@70 B 3e@105 7f@196 B 8@76 4c@80 B 4c@92 5e@130 B 3d@116 7d@157 B 48@97 "
             "7d@106 B"),
        103: ("2d@92 7c@182 B 50@90 78@79 B 11@80 1a@64 J@4 53@102 63@82 B 3a@93 3c@60 B 55@81 "
             "7@53 B"),
        104: "c@75 60@65 B e@83 1f@63 B 19@85 2b@70 B 5d@93 7f@159 B 34@83 1d@63 B 31@87 6c@110 B",
        105: ("35@90 5e@129 B 48@97 48@70 B 31@87 3c@73 B 66@126 6f@153 B 5b@109 79@98 B 39@85 "
             "6e@101 B"),
        106: ("5c@105 5c@94 B 44@83 6f@85 B 27@85 27@67 B 42@89 7e@114 B 76@126 77@153 B 3c@111 "
             "3e@92 B"),
        107: ("41@92 7d@111 B 34@88 2c@62 B 41@93 68@90 B 1c@82 1f@71 B 6d@134 6f@153 B 5b@86 "
             "7b@85 B"),
    },
    ('greedy', 'random', 'optimal'): {
        200: ("26@87 2a@62 J@6 3b@88 7b@110 B 48@99 7c@101 B 6c@96 7f@126 B 49@94 73@72 B 8@73 "
             "6e@92 B"),
        201: ("2e@104 6e@96 B 4d@104 62@102 B 7b@163 7e@162 B 5a@102 5b@92 B 23@84 36@70 B 54@101 "
             "7b@158 B"),
        202: "24@78 2b@79 B 30@85 3f@87 B 52@96 77@92 B 1c@87 2d@80 B 19@77 39@84 B 16@89 46@78 B",
        203: ("72@99 7a@126 B 2a@91 2a@74 B 34@88 75@88 B 2a@91 3e@138 B 6e@149 6e@135 B 51@109 "
             "79@99 B"),
    },
    ('optimal', 'optimal'): {
        300: ("55@96 55@96 59@70 59@70 J@6 J@6 2a@94 2a@94 77@106 77@106 B B 1@71 1@71 29@55 "
             "29@55 B B 2f@85 2f@85 2f@72 2f@72 B B 3@74 3@74 7@42 7@42 B B 1a@91 1a@91 37@101 "
             "37@101 B B"),
        301: ("3f@95 3f@95 3f@86 3f@86 B B 12@79 12@79 19@64 19@64 B B 28@80 28@80 52@58 52@58 "
             "J@4 J@4 27@85 27@85 1d@79 1d@79 B B 66@96 66@96 7f@196 7f@196 B B 46@96 46@96 "
             "7c@103 7c@103 B B"),
        302: ("30@81 30@81 34@80 34@80 B B 48@92 48@92 4d@80 4d@80 B B 59@97 59@97 4f@119 4f@119 "
             "B B 3d@91 3d@91 1f@88 1f@88 B B a@77 a@77 6c@71 6c@71 B B 49@108 49@108 7c@138 "
             "7c@138 B B"),
        303: ("1d@98 1d@98 7c@100 7c@100 B B 72@106 72@106 75@124 75@124 B B 20@76 20@76 29@58 "
             "29@58 B B 74@101 74@101 75@93 75@93 B B 30@83 30@83 7c@87 7c@87 B B 42@95 42@95 "
             "75@124 75@124 B B"),
    },
}


@dataclass
class FirstRun:
    root: Path
    code: int
    out: str
    err: str
    tables: opt.Tables


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirstRun]:
    """``printkit play wftgts --bot optimal`` with an empty cache folder: the real build
    (about 10 s), kept for every test here; removed afterwards."""
    root = tmp_path_factory.mktemp("printkit-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PRINTKIT_CACHE_DIR", str(root))
        mp.delenv("PRINTKIT_QUIET", raising=False)
        code, out, err = _cli("play", "wftgts", "--bot", "optimal", "--seed", "1")
        tables = opt.load_tables()  # the same, from memory
    yield FirstRun(root, code, out, err, tables)
    opt._LOADED.pop(tables.path, None)
    shutil.rmtree(root, ignore_errors=True)


def _tiny(set_bonus: int = 2) -> Rules:
    """Rules of three small dice: tables that build in a blink, keyed by their own hash."""
    dice = [{"id": i, "label": i, "sides": s, "points": p}
            for i, s, p in (("a", 3, 1), ("b", 4, 2), ("c", 5, 3))]
    return parse_rules({"rounds": 2, "rolls_per_round": 3, "min_group": 3,
                        "set_bonus": set_bonus, "junk_uses": 1, "dice": dice})


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def _moves(seats: list[str], seed: int) -> str:
    ids = RULES.die_ids
    tokens = []
    log = play(WFtGtS(), seats, seed=seed).log
    assert log is not None
    for entry in log.entries:
        if entry.player is None or seats[entry.player] != "optimal":
            continue
        params = entry.to_json().get("reason_params", {})
        if "keep" in entry.data:
            mask = sum(1 << ids.index(d) for d in entry.data["keep"])
            tokens.append(f"{mask:x}@{params['points']}")
        elif entry.data["score"] == "best":
            tokens.append("B")
        else:
            tokens.append("J" + (f"@{params['worth']}" if "worth" in params else ""))
    return " ".join(tokens)


# -- the first run --------------------------------------------------------------------------


def test_a_first_run_says_what_it_computes_how_long_and_where(first_run: FirstRun) -> None:
    assert first_run.code == 0
    lines = first_run.err.splitlines()
    assert len(lines) == 1, first_run.err
    said = FIRST_RUN.fullmatch(lines[0])
    assert said and Path(said.group(1)) == first_run.root
    assert "computing" not in first_run.out
    # the next run reads the cache and says nothing
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PRINTKIT_CACHE_DIR", str(first_run.root))
        mp.delenv("PRINTKIT_QUIET", raising=False)
        code, _out, err = _cli("play", "wftgts", "--bot", "optimal", "--seed", "2")
    assert code == 0 and err == ""


def test_a_quiet_first_run_says_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PRINTKIT_QUIET", "1")
    opt.load_tables(tmp_path / "quiet", rules=_tiny())
    assert capsys.readouterr().err == ""
    monkeypatch.delenv("PRINTKIT_QUIET")
    opt.load_tables(tmp_path / "said", rules=_tiny())
    said = FIRST_RUN.fullmatch(capsys.readouterr().err.strip())
    assert said and Path(said.group(1)) == tmp_path / "said"


def test_a_build_reports_its_progress_through_the_callback(tmp_path: Path) -> None:
    calls: list[tuple[str, int | None]] = []
    steps: list[int] = []

    class Progress:
        def __init__(self, line: str, total: int | None) -> None:
            calls.append((line, total))

        def __enter__(self) -> Callable[[int], None]:
            return steps.append

        def __exit__(self, *exc: object) -> None:
            return None

    rules = _tiny()
    opt.load_tables(tmp_path, rules=rules, progress=Progress)
    assert len(calls) == 1 and FIRST_RUN.fullmatch(f"printkit: {calls[0][0]}")
    assert calls[0][1] == opt.build_steps(rules) == sum(steps)


# -- small on disk, the same moves ----------------------------------------------------------


def test_the_tables_are_small_on_disk(first_run: FirstRun) -> None:
    folder = first_run.tables.path
    assert [p.name for p in first_run.root.iterdir()] == [folder.name]
    assert sorted(p.name for p in folder.iterdir()) == ["meta.json", "packed.bin"]
    assert _size(folder) < DISK_LIMIT_MIB * 2**20


def test_the_optimal_bot_moves_as_it_did_with_the_float_tables(
    first_run: FirstRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(first_run.root))
    for seats, games in GOLDEN.items():
        for seed, moves in games.items():
            assert _moves(list(seats), seed) == moves, (seats, seed)


def test_a_stored_move_is_the_first_best_of_the_values(first_run: FirstRun) -> None:
    # the values, recomputed on demand, exactly as the moves were chosen from
    tables = first_run.tables
    rng = np.random.default_rng(4)
    sides = np.asarray(RULES.sides)
    for table, stage in ((tables.plain, 1), (tables.table(3, 1), 0)):
        lines = rng.integers(1, sides + 1, size=(300, len(sides)))
        values = table.keep_values(stage, lines)
        masks, worths = table.best_keeps(stage, lines)
        assert (masks == values.argmax(axis=1)).all()
        best = values[np.arange(len(lines)), masks].astype(np.float64)
        assert (worths == np.rint(best)).all()
        line = tuple(int(v) for v in lines[0])
        assert table.best_keep(stage, line) == (int(masks[0]), int(worths[0]))


def test_the_game_values_come_with_the_moves(first_run: FirstRun) -> None:
    # the figures the handout and the bench print are kept in meta.json
    tables = first_run.tables
    assert round(tables.game_value, 3) == 568.178
    assert round(tables.expected_round, 3) == 93.448


# -- stale tables ---------------------------------------------------------------------------


def test_a_rules_change_replaces_the_tables_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRINTKIT_QUIET", "1")
    old = opt.load_tables(tmp_path, rules=_tiny(2)).path
    older = tmp_path / "wftgts-optimal-v2-0e01f3d491336da9"  # the float tables' format
    older.mkdir()
    (older / "t0-grid0.npy").write_bytes(b"0" * 100)
    abandoned = tmp_path / f".{old.name}.x1y2z3"  # a build killed two hours ago
    abandoned.mkdir()
    os.utime(abandoned, (time.time() - 7200,) * 2)
    building = tmp_path / f".{old.name}.a1b2c3"  # another process building right now
    building.mkdir()
    keep = [tmp_path / "fonts", tmp_path / "notes", tmp_path / "wftgts-optimal-v3-mine"]
    for folder in keep:
        folder.mkdir()
        (folder / "x").write_text("x")
    (tmp_path / "wftgts-optimal-notes.txt").write_text("mine")
    keep += [tmp_path / "wftgts-optimal-notes.txt", building]

    new = opt.load_tables(tmp_path, rules=_tiny(1)).path
    assert new != old and new.is_dir()
    assert not old.exists() and not older.exists() and not abandoned.exists()
    assert all(p.exists() for p in keep)
    # a second load of the same rules writes nothing and removes nothing
    opt._LOADED.pop(new)
    opt.load_tables(tmp_path, rules=_tiny(1))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in [new, *keep])


def test_a_broken_table_folder_is_built_again_in_its_place(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_QUIET", "1")
    rules = _tiny()
    packed = opt.load_tables(tmp_path, rules=rules).path / "packed.bin"
    whole = packed.read_bytes()
    packed.write_bytes(whole[:-5])  # a disk that filled up, say
    opt._LOADED.pop(packed.parent)
    tables = opt.load_tables(tmp_path, rules=rules)
    assert packed.read_bytes() == whole and tables.best_keep(1, (3, 3, 3))[0] == 7


def test_an_unwritable_cache_builds_in_memory_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PRINTKIT_QUIET", raising=False)
    (tmp_path / "file").write_text("x")
    tables = opt.load_tables(tmp_path / "file" / "cache", rules=_tiny())
    assert tables.best_keep(1, (3, 3, 3))[0] == 7
    err = capsys.readouterr().err
    assert "cannot be written, so every run computes them" in err and "first run" not in err


# -- printkit cache -------------------------------------------------------------------------


def test_printkit_cache_lists_and_clear_empties(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PRINTKIT_QUIET", "1")
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    tables = opt.load_tables(rules=_tiny()).path
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "NotoSansJP-400-abc.ttf").write_bytes(b"0" * 3 * 2**20)
    (tmp_path / "notes.txt").write_text("x")
    capsys.readouterr()

    assert main(["cache"]) == 0
    shown = capsys.readouterr().out
    assert f"cache folder: {tmp_path}" in shown
    assert re.search(rf"optimal tables:\n  {tables.name} +0\.0 MiB\n", shown), shown
    assert re.search(r"font instances:\n  fonts/NotoSansJP-400-abc\.ttf +3\.0 MiB\n", shown)
    assert re.search(r"other:\n  notes\.txt +0\.0 MiB\n", shown)
    assert shown.strip().endswith("total: 3.0 MiB in 3 entries")

    assert main(["cache", "clear"]) == 0
    assert capsys.readouterr().out.strip() == f"freed 3.0 MiB: removed 3 entries from {tmp_path}"
    assert list(tmp_path.iterdir()) == []
    assert main(["cache"]) == 0
    assert "nothing cached" in capsys.readouterr().out
    assert main(["cache", "clear"]) == 0
    assert capsys.readouterr().out.strip() == f"nothing to clear in {tmp_path}"


@pytest.mark.parametrize("args", [["cache"], ["cache", "clear"]])
def test_a_cache_path_that_is_a_file_is_bad_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  args: list[str]) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    for where in (blocker, blocker / "inside"):
        monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(where))
        assert main(args) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith(f"printkit: cannot use {where} as printkit's cache")
        assert len(captured.err.strip().splitlines()) == 1
    assert blocker.read_text() == "not a folder"


def test_clear_refuses_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.tex").write_text("years of work")
    monkeypatch.setattr(Path, "home", lambda: home)
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(home))
    assert main(["cache", "clear"]) == 2
    assert "will not empty" in capsys.readouterr().err
    assert (home / "thesis.tex").exists()
