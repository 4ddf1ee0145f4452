"""Example booklets are written for players (issue 11, item 12): no internal names in their
text, and every bot reason of both engines is a message id marked for extraction with named
placeholders, so catalogs can translate the booklets (issue 12).

The wording scan prints every example log of both games (and a bot-played game of each) and
reads the PDFs back with pypdf; the extraction check runs Babel's own Python extractor over
the bots' modules, as ``make extract`` does (each game's ``locale/babel.cfg`` lists its
``engines/<game>/**.py``).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from conftest import pdf_text

from printkit.engines.core import Reason, read_log
from printkit.engines.core.log import ReasonText

ROOT = Path(__file__).resolve().parent.parent
BOTS = {
    "tug-of-war": ROOT / "engines" / "tug_of_war" / "bots.py",
    "wftgts": ROOT / "engines" / "wftgts" / "bots.py",
}
INTERNAL = {
    "an internal die id": re.compile(r"d10_"),
    "an expected value": re.compile(r"\bEV\b"),
    "the bots' team potential": re.compile(r"potential", re.I),
    "an identifier with an underscore": re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]"),
    "an unfilled placeholder": re.compile(r"%\("),
}


def _bot_played(game_name: str, bots: list[str], seed: int, out: Path) -> Path:
    from printkit.engines.core import play
    from printkit.kits import get_game_kit

    played = play(get_game_kit(game_name).game(), bots, seed=seed)
    assert played.log is not None
    path = out / f"{game_name}-{'-'.join(bots)}-{seed}.jsonl"
    played.log.write(path)
    return path


@pytest.fixture(scope="module")
def booklets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The text of every example PDF of both games: the logs in examples/, and one freshly
    bot-played game per game (its reasons straight from the bots)."""
    from printkit.context import BuildContext
    from printkit.kits import get_game_kit
    from printkit.paper import paper
    from printkit.pipeline import draw_example

    out = tmp_path_factory.mktemp("wording")
    logs = [(game, path) for game in ("tug-of-war", "wftgts")
            for path in sorted((ROOT / "examples" / game).glob("*.jsonl"))]
    logs += [("tug-of-war", _bot_played("tug-of-war", ["greedy", "lookahead"], 3, out)),
             ("wftgts", _bot_played("wftgts", ["greedy", "optimal"], 4, out))]
    texts = {}
    for game, log in logs:
        pdf = out / f"{game}-{log.stem}.pdf"
        draw_example(get_game_kit(game), read_log(log), BuildContext(paper("a4")), pdf)
        texts[f"{game}/{log.name}"] = " ".join(pdf_text(pdf).split())
    return texts


def test_every_example_game_is_printed(booklets: dict[str, str]) -> None:
    assert len(booklets) == 2 + sum(
        len(list((ROOT / "examples" / g).glob("*.jsonl"))) for g in ("tug-of-war", "wftgts"))
    assert all(len(text) > 200 for text in booklets.values())


@pytest.mark.parametrize("what", sorted(INTERNAL))
def test_no_internal_names_in_the_example_booklets(booklets: dict[str, str], what: str) -> None:
    found = {name: INTERNAL[what].findall(text) for name, text in booklets.items()}
    assert not {name: hits for name, hits in found.items() if hits}, what


def test_the_bot_played_booklets_print_the_bots_reasons(booklets: dict[str, str]) -> None:
    tug = booklets["tug-of-war/tug-of-war-greedy-lookahead-3.jsonl"]
    assert "the best re-roll" in tug and "taking an athlete off costs nothing" in tug
    sheets = booklets["wftgts/wftgts-greedy-optimal-4.jsonl"]
    assert "expects about" in sheets


# -- every reason is a marked message id ------------------------------------------------------


def _extracted(path: Path) -> set[str]:
    """The message ids ``pybabel extract`` finds in ``path`` (default keywords, with ``N_``)."""
    assert "N_" in DEFAULT_KEYWORDS
    return {m[1] for m in extract_from_file("python", str(path)) if isinstance(m[1], str)}


def _is_marked(node: ast.expr) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "N_" and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))


@pytest.mark.parametrize("game", sorted(BOTS))
def test_every_reason_in_the_source_is_a_marked_literal(game: str) -> None:
    """A ``Reason(...)`` is made from ``N_("a literal")``: no sentence glued together from
    pieces (a translator sees whole sentences) and none left unmarked."""
    tree = ast.parse(BOTS[game].read_text(encoding="utf-8"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "Reason"]
    assert len(calls) >= 8
    unmarked = [ast.unparse(c) for c in calls if not c.args or not _is_marked(c.args[0])]
    assert not unmarked


@pytest.mark.parametrize("game", sorted(BOTS))
def test_every_message_id_names_its_placeholders(game: str) -> None:
    """Named placeholders only (``%(dice)s``), so a translation may reorder them; and no
    internal names in the sentences themselves."""
    ids = _extracted(BOTS[game])
    assert len(ids) >= 8
    for msgid in ids:
        assert not re.search(r"%(?!\(\w+\)[-+ #0]*\d*(?:\.\d+)?[sdif])", msgid), msgid
        assert not any(p.search(msgid.replace("%(", "")) for what, p in INTERNAL.items()
                       if what != "an unfilled placeholder"), msgid


def _reasons_in_play(game_name: str, bots: list[str], games: int,
                     options: dict[str, Any] | None = None) -> set[str]:
    """The message id of every reason the bots give over ``games`` games, read from the
    :class:`Reason` objects themselves (what a log records once the runner keeps ids)."""
    from printkit.kits import get_game_kit

    game = get_game_kit(game_name).game()
    seen: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(len(bots), {**game.default_options(), **(options or {})})
        players = [game.bots()[b](game, i, random.Random(seed * 7 + i))
                   for i, b in enumerate(bots)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.chance_outcomes().sample(rng))
                continue
            who = state.current_player()
            decision = players[who].decide(state.view(who))
            assert isinstance(decision.reason, Reason), decision
            seen.add(decision.reason.text)
            state.apply(decision.action)
    return seen


@pytest.mark.parametrize("game, bots, games, options", [
    ("tug-of-war", ["greedy", "lookahead"], 25, None),
    ("tug-of-war", ["lookahead", "greedy"], 25, {"reroll_mode": "sequential"}),
    ("wftgts", ["greedy", "optimal"], 12, None),
])
def test_every_reason_given_in_play_is_extracted(game: str, bots: list[str], games: int,
                                                 options: dict[str, Any] | None) -> None:
    given = _reasons_in_play(game, bots, games, options)
    assert len(given) >= 6
    assert given <= _extracted(BOTS[game])


def test_a_logged_reason_keeps_its_message_id() -> None:
    """What the log records of a bot's reason: the message id and its values (the runner
    passes the :class:`Reason` on), read back as the same English text."""
    from printkit.engines.core import parse_log
    from printkit.engines.core.log import LogEntry

    reason = Reason("the team %(team)s gains about %(swing).1f a turn",
                    {"team": "1, 5, 6", "swing": 5.2})
    entry = LogEntry.decision(0, "end", reason)
    assert entry.to_json() == {"player": 0, "action": "end",
                               "reason": "the team %(team)s gains about %(swing).1f a turn",
                               "reason_params": {"team": "1, 5, 6", "swing": 5.2}}
    assert entry.reason == "the team 1, 5, 6 gains about 5.2 a turn"
    head = '{"printkit_log": 1, "game": "tug-of-war", "players": ["Ann", "Ben"]}\n'
    back = parse_log(head + '{"player": 0, "action": "end", "reason": "plain words"}\n')
    assert back.entries[0].reason == "plain words"
    assert not isinstance(back.entries[0].reason, ReasonText)
