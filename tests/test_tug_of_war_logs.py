"""Tug of War logs written by hand, as people write them down at the table: they replay, a
redundant "end" changes nothing, and every refused line names its line and the rule broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from printkit.engines.core import (
    CHANCE,
    IllegalActionError,
    Replay,
    parse_log,
    replay,
    validate_log_lines,
)
from printkit.engines.core.errors import ReplayError
from printkit.engines.tug_of_war import (
    RED,
    YELLOW,
    Action,
    EndTurn,
    Exchange,
    Phase,
    Remove,
    TugOfWar,
    TugOfWarState,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "tug-of-war"


def header(options: dict[str, Any] | None = None,
           names: tuple[str, ...] = ("Ann", "Ben")) -> str:
    return json.dumps({
        "printkit_log": 1, "game": "tug-of-war", "rules": "1.0", "options": options or {},
        "seed": None, "players": [{"name": n, "bot": None} for n in names],
    })


def play_back(text: str) -> Replay[TugOfWarState, Action]:
    game = TugOfWar()
    validate_log_lines(game, text)
    return replay(game, parse_log(text), keep_steps=True)


def refused(text: str, line: int, *words: str) -> str:
    with pytest.raises(ReplayError) as info:
        replay(TugOfWar(), parse_log(text))
    assert info.value.line == line, info.value
    for w in words:
        assert w in info.value.message, info.value.message
    return info.value.message


# A few turns from a position (the seed's dice): Ann is Yellow, Ben is Red.
ENDGAME = header({"position": {"team": [[2, 4, 6], [1, 3, 5]], "athletes": [3, 4]}}) + """
{"chance": [1, 3, 5]}
{"player": 0, "action": {"reroll": [1]}, "reason": "the 6 lets me re-roll one"}
{"chance": [4]}
{"player": 0, "action": {"exchange": {"common": 3, "team": 2}}, "reason": "+2"}
{"player": 0, "action": {"remove": {"common": 5, "team": 4}}}
{"player": 0, "action": "end", "reason": "the 4 can't beat my 6"}
{"chance": [2, 2, 6]}
{"player": 1, "action": {"remove": {"common": 2, "team": 1}}}
{"player": 1, "action": {"remove": {"common": 6, "team": 5}}}
{"player": 1, "action": "end"}
{"chance": [4, 4, 6]}
{"player": 0, "action": {"reroll": []}}
{"player": 0, "action": {"remove": {"common": 4, "team": 3}}}
{"player": 0, "action": {"remove": {"common": 4, "team": 4}}}
{"player": 0, "action": {"remove": {"common": 6, "team": 6}}, "reason": "Ben's last"}
{"player": 0, "action": "end"}
{"result": {"winner": 0, "athletes": [3, 0], "turns": 3}}
"""


def test_the_example_table_game_replays() -> None:
    text = (EXAMPLES / "ann-and-ben.jsonl").read_text(encoding="utf-8")
    r = play_back(text)
    assert r.state.is_terminal() and r.state.winner == YELLOW
    assert r.state.first_player == RED and r.state.opening_athletes == (13, 9)
    # three of its "end" lines come after turns that had ended by themselves
    ends = [line for line in text.splitlines() if '"action": "end"' in line]
    assert len(ends) == 4
    assert sum(isinstance(s.move, EndTurn) for s in r.steps) == 1


def test_an_endgame_written_at_the_table_replays() -> None:
    r = play_back(ENDGAME)
    assert r.state.result()["athletes"] == [3, 0]
    assert r.state.winner == YELLOW and r.state.turns == 3
    assert r.state.team == ((3, 4, 6), (1, 3, 5))


def _without_redundant_ends(text: str) -> str:
    """The same log with only the "end" lines the game needs (those that stop a turn)."""
    r = play_back(text)
    needed = {s.entry.line for s in r.steps if isinstance(s.move, EndTurn)}
    lines = text.splitlines()
    return "\n".join(
        line for number, line in enumerate(lines, start=1)
        if '"action": "end"' not in line or number in needed
    ) + "\n"


@pytest.mark.parametrize("name", ["ann-and-ben", "endgame"])
def test_a_redundant_end_changes_nothing(name: str) -> None:
    text = ENDGAME if name == "endgame" else (EXAMPLES / f"{name}.jsonl").read_text()
    bare = _without_redundant_ends(text)
    assert bare.count('"end"') < text.count('"end"')
    with_ends, without = play_back(text), play_back(bare)
    assert with_ends.state.result() == without.state.result()
    assert [(s.player, s.move) for s in with_ends.steps] == [
        (s.player, s.move) for s in without.steps
    ]
    assert [repr(s.after) for s in with_ends.steps] == [repr(s.after) for s in without.steps]


def test_a_turn_that_ends_at_the_roll_may_be_closed_with_end() -> None:
    """Red's 1, 1, 1 cannot beat a 5, and every exchange would empty Red's rope: the turn
    ends as the dice land; writing "end" there is accepted and skipped."""
    text = header({"position": {"team": [[1, 1, 1], [5, 5, 5]], "athletes": [9, 1],
                                "to_move": 1}}) + """
{"chance": [1, 1, 1]}
{"player": 1, "action": "end", "reason": "nothing to do"}
{"chance": [2, 3, 4]}
{"player": 0, "action": {"remove": {"common": 2, "team": 1}}}
{"result": {"winner": 0}}
"""
    r = play_back(text)
    assert r.state.winner == YELLOW and len(r.steps) == 3


SEQUENTIAL = (EXAMPLES / "sequential-rerolls.jsonl").read_text(encoding="utf-8")


def test_sequential_rerolls_written_down() -> None:
    r = play_back(SEQUENTIAL)
    assert r.state.athletes == (4, 3) and r.state.player == RED
    rolls = [s.move for s in r.steps if s.is_chance]
    assert rolls == [(1, 2, 5), (1,), (6,)]  # a re-roll lists only the re-rolled die


def test_the_hook_absorbs_only_a_redundant_end() -> None:
    state = TugOfWar().new_initial_state(2, {"position": {
        "team": [[1, 1, 1], [5, 5, 5]], "athletes": [9, 1], "to_move": 1}})
    assert not state.absorbs_redundant(EndTurn())  # nothing has ended yet
    state.apply((1, 1, 1))  # Red's turn ends by itself
    assert state.current_player() == CHANCE and state.player == YELLOW
    assert state.absorbs_redundant(EndTurn())
    assert state.absorbs_redundant(EndTurn(), player=RED)
    assert not state.absorbs_redundant(EndTurn(), player=YELLOW)
    with pytest.raises(IllegalActionError, match="none on the rope"):
        state.absorbs_redundant(Exchange(1, 5))
    with pytest.raises(IllegalActionError, match="none on the rope"):
        state.absorbs_redundant(Exchange(1, 5), player=RED)
    assert not state.absorbs_redundant(Exchange(1, 5), player=YELLOW)  # forgot the roll
    state.apply((2, 2, 2))
    assert not state.absorbs_redundant(EndTurn())  # a roll came in between
    state.apply(EndTurn())  # an "end" that stops a turn...
    assert not state.absorbs_redundant(EndTurn())  # ...is not redundant a second time


# -- every refusal names the rule it breaks -----------------------------------------------------

# Jeff's turn from the seed, with Jeff Red as in every example (Bernd is Yellow).
JEFF = header({"position": {"team": [[1, 3, 5], [2, 4, 6]], "athletes": [6, 3], "to_move": 1}},
              names=("Bernd", "Jeff"))
NO_SIX = header({"position": {"team": [[1, 2, 3], [4, 5, 5]], "athletes": [2, 8]}})


REFUSALS = [
    pytest.param(
        header({"position": {"team": [[1, 5, 6], [1, 1, 1]], "athletes": [2, 9]}}) + """
{"chance": [1, 1, 4]}
{"player": 0, "action": {"reroll": []}}
{"player": 0, "action": {"exchange": {"common": 1, "team": 6}}}
""", 4, ["exchanging the common 1 for the team 6 would leave Yellow none on the rope",
         "may not take your own last athlete off the rope"], id="exchange-empties-the-rope"),
    pytest.param(
        header({"position": {"team": [[1, 1, 1], [5, 5, 5]], "athletes": [9, 1],
                             "to_move": 1}}) + """
{"chance": [1, 1, 1]}
{"player": 1, "action": {"exchange": {"common": 1, "team": 5}}}
""", 3, ["Red's turn already ended by itself", "a roll is due next",
         "exchanging the common 1 for the team 5 would leave Red none on the rope"],
        id="exchange-after-the-turn-ended-because-it-would-empty-the-rope"),
    pytest.param(NO_SIX + """
{"chance": [1, 4, 5]}
{"player": 0, "action": {"reroll": []}}
""", 3, ["there is no re-roll decision this turn", "no 6 among the team dice"],
        id="keep-with-no-six"),
    pytest.param(
        header({"position": {"team": [[1, 1, 1], [5, 5, 5]], "athletes": [9, 1],
                             "to_move": 1}}) + """
{"chance": [1, 1, 1]}
{"player": 1, "action": {"reroll": []}}
""", 3, ["Red's turn already ended by itself", "there is no re-roll decision this turn",
         "Red had no 6 among the team dice"], id="keep-with-no-six-after-the-turn-ended"),
    pytest.param(NO_SIX + """
{"chance": [6, 4, 5]}
{"player": 0, "action": {"exchange": {"common": 6, "team": 1}}}
{"player": 0, "action": {"reroll": [4]}}
""", 4, ["a 6 brought in by an exchange grants no re-roll"], id="six-from-an-exchange"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"remove": {"common": 5, "team": 4}}}
""", 3, ["Red's team dice [2, 4, 6] hold a 6",
         "must first say which common dice to re-roll"],
        id="use-before-the-reroll-decision"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": [1, 3]}}
""", 3, ["may re-roll only 1 common die: one per 6 among the team dice [2, 4, 6]"],
        id="too-many-rerolls"),
    pytest.param(header({"reroll_mode": "sequential", "position": {
        "team": [[6, 6, 2], [1, 3, 4]], "athletes": [4, 5]}}) + """
{"chance": [1, 2, 5]}
{"player": 0, "action": {"reroll": [1, 2]}}
""", 3, ["one at a time", "name one die", "2 re-rolls left"], id="sequential-two-at-once"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": [2]}}
""", 3, ["cannot re-roll [2]: the dice show [1, 3, 5]"], id="reroll-a-die-not-rolled"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": [1]}}
{"chance": [4]}
{"player": 1, "action": {"exchange": {"common": 3, "team": 2}}}
{"player": 1, "action": {"exchange": {"common": 4, "team": 6}}}
""", 6, ["only one exchange is allowed per turn"], id="second-exchange"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": [1]}}
{"chance": [4]}
{"player": 1, "action": {"exchange": {"common": 3, "team": 2}}}
{"player": 1, "action": {"remove": {"common": 4, "team": 3}}}
""", 6, ["the team 3 is already paired with a common die this turn"],
        id="the-exchanged-die-is-paired"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": {"remove": {"common": 3, "team": 4}}}
""", 4, ["a common 3 cannot remove an athlete against the team 4",
         "the common die must be at least as high"], id="common-die-too-low"),
    pytest.param(JEFF + """
{"chance": [2, 5, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": {"remove": {"common": 2, "team": 2}}}
{"player": 1, "action": {"remove": {"common": 2, "team": 4}}}
""", 5, ["the common 2 has already been used this turn"], id="common-die-used-twice"),
    pytest.param(JEFF + """
{"chance": [2, 5, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": {"exchange": {"common": 2, "team": 2}}}
""", 4, ["an exchange needs dice of different values"], id="exchange-equal-values"),
    pytest.param(JEFF + """
{"chance": [2, 5, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": {"remove": {"common": 6, "team": 2}}}
""", 4, ["no common die shows 6 (the common dice show [2, 5, 5])"], id="no-such-common-die"),
    pytest.param(JEFF + """
{"chance": [2, 5, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": {"remove": {"common": 5, "team": 5}}}
""", 4, ["no team die of Red shows 5 (the team dice show [2, 4, 6])"],
        id="no-such-team-die"),
    pytest.param(JEFF + """
{"chance": [2, 5, 5]}
{"player": 1, "action": {"reroll": []}}
{"player": 1, "action": "end"}
{"player": 1, "action": "end"}
""", 5, ["a roll is due next"], id="end-twice-after-stopping"),
    pytest.param(JEFF + """
{"chance": [1, 3]}
""", 2, ["[1, 3] is not a possible roll: 3 dice showing 1-6 are due"], id="roll-too-few-dice"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 1, "action": {"reroll": [1]}}
{"chance": [4, 4]}
""", 4, ["[4, 4] is not a possible roll: 1 die showing 1-6 is due"], id="reroll-too-many-dice"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"chance": [2, 2, 2]}
""", 3, ["it is Jeff's (player 1) decision, not a roll"], id="roll-instead-of-decision"),
    pytest.param(JEFF + """
{"chance": [1, 3, 5]}
{"player": 0, "action": {"reroll": [1]}}
""", 3, ["it is Jeff's (player 1) decision"], id="wrong-player"),
    pytest.param(ENDGAME.replace('"turns": 3', '"turns": 4'), 18,
                 ["recorded result turns=4 but the game gives 3"], id="wrong-result"),
    pytest.param(ENDGAME.replace(
        '{"player": 0, "action": "end"}\n{"result"',
        '{"player": 0, "action": "end"}\n{"player": 0, "action": {"remove": '
        '{"common": 6, "team": 6}}}\n{"result"'), 18, ["the game is already over"],
        id="move-after-the-win"),
]


@pytest.mark.parametrize("text, line, words", REFUSALS)
def test_every_refusal_names_the_line_and_the_rule(text: str, line: int, words: list[str]) -> None:
    refused(text, line, *words)


def test_the_state_names_the_rule_as_well() -> None:
    """The same rules, asked of the state directly (no log)."""
    from printkit.engines.tug_of_war import TugOfWarState

    state = TugOfWarState.from_position(team=((1, 1, 1), (5, 5, 5)), athletes=(9, 1),
                                        to_move=RED)
    state.apply((1, 1, 1))
    assert state.phase == Phase.TURN_ROLL and state.player == YELLOW
    with pytest.raises(IllegalActionError, match="Red's turn already ended by itself"):
        state.apply(Remove(1, 5))
    assert "a common 1 cannot remove an athlete against the team 5" in state.explain_illegal(
        Remove(1, 5))
    with pytest.raises(IllegalActionError, match="Red's turn already ended by itself"):
        state.apply(EndTurn())  # a redundant "end" is for replay to skip, not a move


# -- reasons as message ids (issue 12): written with their values, read back, translated ------

BOT_LINE = ('{"player": 0, "action": {"exchange": {"common": 3, "team": 2}}, '
            '"reason": "more athletes now, and the team %(team)s still gains or removes about '
            '%(swing).1f athletes a turn on average", "reason_params": {"team": "3, 4, 6", '
            '"swing": 4.2}}')
REROLL_WHY = "the best re-roll on average, for this turn and for the team dice it leaves"
BOT_TURN = header({"position": {"team": [[2, 4, 6], [1, 3, 5]], "athletes": [3, 6]}}) + f"""
{{"chance": [1, 3, 5]}}
{{"player": 0, "action": {{"reroll": [1]}}, "reason": "{REROLL_WHY}"}}
{{"chance": [4]}}
{BOT_LINE}
"""


def test_a_reason_with_its_values_reads_back_as_the_sentence() -> None:
    from printkit.engines.core.log import ReasonText

    log = parse_log(BOT_TURN)
    why = log.entries[-1].reason
    assert isinstance(why, ReasonText)
    assert why == ("more athletes now, and the team 3, 4, 6 still gains or removes about 4.2 "
                   "athletes a turn on average")
    assert why.params == {"team": "3, 4, 6", "swing": 4.2}
    # written out again as it came in: the message id and its values
    assert json.loads(log.dumps().splitlines()[-1]) == json.loads(BOT_LINE)
    assert isinstance(log.entries[1].reason, str)  # a plain reason stays plain
    steps = replay(TugOfWar(), log, keep_steps=True).steps
    assert steps[-1].reason == why and steps[-1].reason.msgid == why.msgid


@pytest.mark.parametrize("line, words", [
    ('{"player": 0, "action": "end", "reason_params": {"n": 1}}', "has none"),
    ('{"player": 0, "action": "end", "reason": "%(n)d left", "reason_params": [1]}',
     "must be an object"),
    ('{"player": 0, "action": "end", "reason": "%(n)d left", "reason_params": {"m": 1}}',
     "do not fill"),
    ('{"player": 0, "action": "end", "reason": "%(n)d left", "reason_params": {"n": "x"}}',
     "do not fill"),
])
def test_reason_values_that_do_not_fit_name_the_line(line: str, words: str) -> None:
    from printkit.engines.core import LogFormatError

    with pytest.raises(LogFormatError) as info:
        parse_log(header() + "\n" + line + "\n")
    assert info.value.line == 2 and words in str(info.value)


def test_the_booklet_translates_a_bots_reason(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's message id goes through the booklet's catalog and is then filled in; a reason
    written by hand is printed as written."""
    import gettext

    from conftest import pdf_text

    import printkit.context
    from printkit.context import BuildContext
    from printkit.kits import get_game_kit
    from printkit.paper import paper
    from printkit.pipeline import draw_example

    msgid = json.loads(BOT_LINE)["reason"]

    class Catalog(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {msgid: "plus d'athlètes : l'équipe %(team)s gagne ou retire environ "
                           "%(swing).1f athlètes par tour"}.get(message, message)

    monkeypatch.setattr(printkit.context, "translations", lambda locale, catalog=None: Catalog())
    out = tmp_path / "fr.pdf"
    log = parse_log(BOT_TURN.replace('"reroll": [1]}, "reason": "the best',
                                     '"reroll": [1]}, "reason": "by hand: the best'))
    draw_example(get_game_kit("tug-of-war"), log, BuildContext(paper("a4"), locale="fr"), out)
    text = " ".join(pdf_text(out).split())
    assert "l'équipe 3, 4, 6 gagne ou retire environ 4,2 athlètes par tour" in text  # 4,2
    assert "by hand: the best re-roll on average" in text
    assert "%(" not in text


# -- the booklet: both set-ups share one strip -----------------------------------------------


def test_both_set_ups_share_one_strip() -> None:
    """A set-up is a roll and a team: both sit in one strip, a row each, beside one rope
    (alone, each left half its strip empty)."""
    from printkit.context import BuildContext, DrawContext
    from printkit.page.preflight import Preflight
    from printkit.paper import paper
    from printkit.templates.tug_of_war.example import BookletExample, blocks

    class Collect(BookletExample):
        def end(self, state: TugOfWarState) -> None:  # the strips, not the PDF
            self.blocks = blocks(self.builder.strips)

    log = parse_log((EXAMPLES / "ann-and-ben.jsonl").read_text(encoding="utf-8"))
    seen = Collect(DrawContext(BuildContext(paper("a4")), Preflight()), log.header,
                   Path("unused.pdf"))
    replay(TugOfWar(), log, visitor=seen)
    kinds = [[s.kind for s in block] for block in seen.blocks]
    assert kinds[0] == ["setup", "setup"] and all(k == ["turn"] for k in kinds[1:])
    assert log.result is not None
    assert len(kinds) == 1 + log.result["turns"]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_set_up_strip_is_filled(tmp_path: Path, paper_name: str) -> None:
    """Measured on the page: both set-up rows and the rope sit in one strip, the second row's
    caption ends in the strip's lower quarter (no half-empty strip), and who starts is said
    once, under the rope."""
    import pdfplumber

    from printkit.context import BuildContext
    from printkit.kits import get_game_kit
    from printkit.paper import paper
    from printkit.pipeline import draw_example, drawing
    from printkit.templates.tug_of_war.example import strip_boxes

    out = tmp_path / "bernd.pdf"
    build = BuildContext(paper(paper_name))
    draw_example(get_game_kit("tug-of-war"), parse_log(
        (EXAMPLES / "bernd-setup.jsonl").read_text(encoding="utf-8")), build, out)
    with drawing(build) as ctx:
        box = strip_boxes(ctx.safe_area)[0]
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        words = page.extract_words(extra_attrs=["size"])
        text = " ".join(page.extract_text().split())
    tops = [height - float(w["top"]) for w in words if w["text"] == "Set-up" and w["size"] > 9]
    assert len(tops) == 2 and all(box.y < t <= box.top for t in tops)
    caption = [height - float(w["bottom"]) for w in words
               if box.y <= height - float(w["bottom"]) <= box.top]
    assert min(caption) < box.y + box.h / 4
    assert text.count("On the rope after set-up") == 1
    assert text.count("Bernd starts: fewer athletes on the rope.") == 1
    assert "Bernd (Yellow) · Jeff (Red)" in text
