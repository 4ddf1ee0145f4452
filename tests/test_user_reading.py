"""What a user writes is read without a traceback: JSON that Python cannot hold (a 5,000-digit
number, nesting thousands deep) in a log line, a header or an ``--option``; TOML nested
thousands deep in a sheet, rules or deck layout file; and names holding the Unicode line
separators that ``json.dumps(ensure_ascii=False)`` writes raw (issue 25, items 2 and 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Cli

from printkit.engines.core import parse_log
from printkit.engines.core.reading import UnreadableError, json_value, log_lines, toml_document
from printkit.kits import game_kits

GAMES = [kit.name for kit in game_kits()]
HUGE = "1" * 5000
DEEP_JSON = "[" * 3000 + "]" * 3000
DEEP_TOML = "a = " + "[" * 3000 + "]" * 3000 + "\n"


def _header(game: str, **extra: object) -> str:
    head = {"printkit_log": 1, "game": game, "rules": "1", "options": {}, "seed": None,
            "players": [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": None}]}
    head.update(extra)
    return json.dumps(head)


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("where", "says"), [
    ("chance", "line 2: a number has more than"),
    ("deep", "line 2: nested too deeply"),
    ("seed", "line 1: a number has more than"),
])
def test_json_python_cannot_hold_is_one_line_in_replay_and_example(
        cli: Cli, tmp_path: Path, game: str, where: str, says: str) -> None:
    if where == "seed":
        text = _header(game).replace('"seed": null', f'"seed": {HUGE}') + "\n"
    elif where == "deep":
        text = _header(game) + "\n" + DEEP_JSON + "\n"
    else:
        text = _header(game) + "\n" + '{"chance": [' + HUGE + "]}\n"
    log = tmp_path / "bad.jsonl"
    log.write_text(text, encoding="utf-8")
    for command in (("replay", game, str(log)),
                    ("example", game, str(log), "--out", str(tmp_path / "x.pdf"))):
        r = cli(*command)
        assert r.code == 2 and says in _one_line(r.err), (command, r.err)
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("value", [HUGE, DEEP_JSON, "[" * 2000])
def test_an_option_python_cannot_hold_is_one_line(cli: Cli, value: str) -> None:
    r = cli("play", "wftgts", "--option", f"round_limit={value}")
    assert r.code == 2 and "--option round_limit" in _one_line(r.err)


def test_toml_nested_thousands_deep_is_one_line_everywhere(cli: Cli, tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP_TOML, encoding="utf-8")
    r = cli("play", "war-pnp", "--sheet", str(deep))
    assert r.code == 2 and "nested too deeply" in _one_line(r.err)
    r = cli("play", "war-of-bones", "--rules", str(deep))
    assert r.code == 2 and "nested too deeply" in _one_line(r.err)
    cards = tmp_path / "cards.csv"
    cards.write_text("title,text\nA,b\n", encoding="utf-8")
    (tmp_path / "cards.toml").write_text(DEEP_TOML, encoding="utf-8")
    r = cli("deck", str(cards), "--out", str(tmp_path / "d.pdf"))
    assert r.code == 2 and "nested too deeply" in _one_line(r.err)
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\x0b", "\x0c", "\x1c",
                                       "\x1d", "\x1e"])
def test_a_name_with_a_line_separator_round_trips(cli: Cli, tmp_path: Path, separator: str) -> None:
    log = tmp_path / "g.jsonl"
    name = f"Ann{separator}Bo"
    r = cli("play", "wftgts", "--players", "1", "--name", name, "--seed", "2",
            "--log", str(log))
    assert r.code == 0, r.err
    replayed = cli("replay", "wftgts", str(log), "--json")
    assert replayed.code == 0, replayed.err
    assert parse_log(log.read_text(encoding="utf-8")).header.players[0].name == name


def test_the_readers_say_why_in_one_short_line() -> None:
    for text in (HUGE, DEEP_JSON, "{", '{"a": 1,}'):
        with pytest.raises(UnreadableError) as caught:
            json_value(text)
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 120
    with pytest.raises(UnreadableError, match="nested too deeply"):
        toml_document(DEEP_TOML)
    with pytest.raises(UnreadableError, match="not valid TOML"):
        toml_document("a = [1,\n")
    assert toml_document("a = [[1], [2]]\n[t]\nb = 'x'\n") == {"a": [[1], [2]], "t": {"b": "x"}}
    assert log_lines("a\r\nb\u2028c\n\nd") == ["a", "b\u2028c", "", "d"]


def test_a_huge_list_is_refused_before_the_schema_walks_it(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text(_header("wftgts") + '\n{"chance": [' + ",".join(["1"] * 200_000) + "]}\n",
                   encoding="utf-8")
    r = cli("replay", "wftgts", str(log))
    assert r.code == 2 and "a list of 200,000 items" in _one_line(r.err)
    log.write_text(_header("wftgts") + '\n{"chance": [' + ",".join(['"' + "x" * 80 + '"'] * 50)
                   + "]}\n", encoding="utf-8")
    r = cli("replay", "wftgts", str(log))
    assert r.code == 2 and len(_one_line(r.err)) < 250, r.err
