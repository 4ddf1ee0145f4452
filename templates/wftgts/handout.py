"""What the WFtGtS rule handout is written from: the dice, the scoring tables, the example.

Every number comes from the engine: the dice, point values and round structure from
``rules.toml``, each group's points from the scorer, and the worked example from replaying the
seed's game (``examples/wftgts/seed-example.jsonl``), so an edited rules file or log changes
the handout with the game. Only the optimal-play figures are constants: they come from a
table build of several seconds and a 200,000-game run that no handout should wait for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from babel.lists import format_list

from printkit.context import DrawContext
from printkit.engines.wftgts.game import LINE_NAMES, MAX_PLAYERS, WFtGtS, WFtGtSState
from printkit.engines.wftgts.rules import RULES, Rules
from printkit.engines.wftgts.scoring import Group, Scoring, best_scoring, score_groups
from printkit.i18n import N_

#: the exact expected final score of a solo game played perfectly, with and without ever
#: scoring junk, and of one round (``Tables.game_value``, ``game_value_without_junk`` and
#: ``expected_round`` in engines/wftgts/optimal.py; tests/test_handouts_games.py checks them
#: against the cached tables when they are built)
OPTIMAL_GAME = 568.178
OPTIMAL_NO_JUNK = 560.690
OPTIMAL_ROUND = 93.448
#: the mean best score of a first roll taken as it lands (``first_roll_mean``)
FIRST_ROLL = 36.03
#: the optimal bot's mean over 200,000 solo games, seeds 0 .. 199,999 (``make bench``)
BOT_MEAN = 568.14
BOT_GAMES = 200_000

#: how a die with a reading rule is read, by die id (the sentence in ``rules.toml`` is the
#: engine's, in English, for its error messages; these are the handout's, translated)
READINGS = {
    "d10_ones": N_("0 counts as 10."),
    "d10_tens": N_("Read it without the extra zero: 00 counts as 10, 10 as 1, 20 as 2, and so "
                   "on up to 90 as 9."),
}


def example_log() -> Path:
    """The log the handout shows: the kit's example folder and the handout's example."""
    from printkit.templates.wftgts import KIT

    assert KIT.examples is not None and KIT.handout is not None
    assert KIT.handout.example is not None
    return KIT.examples / KIT.handout.example


def replay_example(path: Path) -> tuple[str, WFtGtSState]:
    """The first player's name and the final state of the game in ``path``."""
    from printkit.engines.core import replay
    from printkit.engines.core.log import read_log

    log = read_log(path)
    return log.header.players[0].name, replay(WFtGtS(), log).state


def arithmetic(group: Group, rules: Rules = RULES) -> str:
    """A group's points as sums a player can check: the dice's points, the multiplier.

    >>> arithmetic(best_scoring([2, 3, 2, 10, 8, 4, 1]).groups[0])
    '(9 + 3 + 2 + 5) × 4 = 76'
    """
    points = " + ".join(str(rules.dice[d].points) for d in group.dice)
    return f"({points}) × {group.multiplier} = {group.points}"


class _Words:
    """The handout's small phrases in the build's language: dice, faces, lists, groups."""

    def __init__(self, ctx: DrawContext, rules: Rules) -> None:
        self.ctx = ctx
        self.rules = rules
        self.locale = ctx.locale.replace("-", "_")

    def join(self, items: Iterable[str]) -> str:
        return format_list(list(items), locale=self.locale)

    def label(self, die: int) -> str:
        return self.ctx._(self.rules.dice[die].label)

    def faces(self, line: Sequence[int], dice: Iterable[int]) -> str:
        """"d8 2, d6 3 and d12 4": the dice, in the order given, with what they show."""
        return self.join(f"{self.label(d)} {line[d]}" for d in dice)

    def dice(self, dice: Iterable[int]) -> str:
        return self.join(self.label(d) for d in sorted(dice))

    def count(self, text: str, n: int, **values: Any) -> str:
        """``text`` (the form ``ngettext`` chose for ``n``: call it with the literal
        messages, so that Babel extracts them) with the number written the locale's way."""
        return text % {"num": self.ctx.format_number(n), **values}

    def group(self, group: Group) -> str:
        """"run of 4 dice, 1 to 4" or "set of 3 dice showing 2": numbers, not number
        words, so that every language says it the same way."""
        n = len(group.dice)
        if group.kind == "set":
            return self.count(self.ctx.ngettext("set of %(num)s die showing %(value)s",
                                                "set of %(num)s dice showing %(value)s", n),
                              n, value=group.values[0])
        return self.count(self.ctx.ngettext("run of %(num)s die, %(first)s to %(last)s",
                                            "run of %(num)s dice, %(first)s to %(last)s", n),
                          n, first=group.values[0], last=group.values[-1])

    def scored(self, line: Sequence[int], scoring: Scoring) -> dict[str, Any]:
        """A line's groups as the handout shows them: for each, the dice (in the order of
        its sum), what it is and its points; then the total of the groups."""
        groups = [{"dice": self.faces(line, g.dice), "name": self.group(g),
                   "points": arithmetic(g, self.rules)} for g in scoring.groups]
        total = (f"{' + '.join(str(g.points) for g in scoring.groups)} = {scoring.points}"
                 if len(scoring.groups) > 1 else "")
        text = "; ".join(f"{g['name']} ({g['dice']})" for g in groups)
        return {"groups": groups, "sum": total, "points": scoring.points, "text": text}


def scoring_examples(words: _Words) -> dict[str, dict[str, Any]]:
    """The seed's own scoring examples, scored by the engine: a run, the same run with a
    cheaper die, a set, the example's first round, two groups written by hand and the best
    grouping of the same line, and the best line there is."""
    run_line = (3, 3, 2, 8, 8, 4, 14)  # the example's line 1a
    set_line = (3, 3, 3, 8, 8, 4, 14)  # "pretend that the d8 also had a 3"
    twos = (2, 3, 2, 2, 2, 4, 1)  # "pretend that the two d10s had come up 2"
    top = tuple(1 for _d in words.rules.dice)
    return {
        "swap": {"dearer": words.label(1), "cheaper": words.label(0), "value": run_line[1]},
        "run": words.scored(run_line, score_groups(run_line, [(1, 2, 5)])),
        "cheaper": words.scored(run_line, score_groups(run_line, [(0, 2, 5)])),
        "set": words.scored(set_line, score_groups(set_line, [(0, 1, 2)])),
        "written": words.scored(twos, score_groups(twos, [(1, 2, 5, 6), (0, 3, 4)])),
        "best": words.scored(twos, best_scoring(twos)),
        "top": words.scored(top, best_scoring(top)),
    }


def example_game(words: _Words, name: str, state: WFtGtSState) -> dict[str, Any]:
    """The example game for the walk-through: its first round step by step, every round's
    points and the final score."""
    sheet = state.sheets[0]
    first = sheet.rounds[0]
    a, b, c = first.lines[0], first.lines[1], first.lines[-1]
    kept_a, kept_b = first.carried[0], first.carried[-1]
    every = range(len(words.rules.dice))
    start = best_scoring(a)
    assert first.scoring is not None
    return {
        "player": name,
        "line_a": words.faces(a, every),
        "kept_a": words.dice(kept_a),
        "start": words.scored(a, start),
        "spare": words.faces(a, sorted(kept_a - start.dice)),
        "new_b": words.faces(b, sorted(set(every) - kept_a)),
        "dropped_b": words.dice(kept_a - kept_b),
        "kept_b": words.dice(kept_b),
        "new_c": words.faces(c, sorted(set(every) - kept_b)),
        "scored_c": words.scored(c, first.scoring),
        "added": words.faces(c, sorted(first.scoring.dice - kept_b)),
        "round_points": words.join(str(r.points) for r in sheet.rounds),
        "rounds": len(sheet.rounds),
        "final": sheet.total,
        "tie_break": sheet.c_sum_best,
        "junk_round": sheet.junk_round or 0,
    }


def handout_data(ctx: DrawContext, rules: Rules = RULES) -> Mapping[str, Any]:
    words = _Words(ctx, rules)
    n = len(rules.dice)
    lines = [LINE_NAMES[i] for i in range(rules.rolls_per_round)]
    points_total = sum(rules.points)
    needs = [
        ctx._("a play sheet for each player"),
        ctx._("a pencil or a pen for each player"),
        words.count(ctx.ngettext("%(num)s die", "%(num)s dice", n), n) + ": "
        + words.join(ctx._("one {die}").format(die=words.label(d)) for d in range(n)),
    ]
    dice = [{"label": words.label(i), "sides": d.sides, "points": d.points,
             "reading": ctx._(READINGS[d.id]) if d.id in READINGS else
             (d.reading or "–")}
            for i, d in enumerate(rules.dice)]
    multipliers = [{"size": k, "run": k, "set": k + rules.set_bonus}
                   for k in range(rules.min_group, n + 1)]
    log = example_log()
    name, state = replay_example(log)
    return {
        "rules": {
            "dice": n, "rounds": rules.rounds, "rolls": rules.rolls_per_round,
            "keeps": rules.rolls_per_round - 1, "first_line": lines[0],
            "last_line": lines[-1], "lines": words.join(lines),
            "min_group": rules.min_group, "set_bonus": rules.set_bonus,
            "junk_uses": rules.junk_uses, "max_groups": n // rules.min_group,
            "max_players": MAX_PLAYERS, "points_total": points_total,
            "best_line": best_scoring(tuple(1 for _d in rules.dice)).points,
            "best_value": min(rules.sides), "max_sum": sum(rules.sides),
            "version": rules.rules_version,
        },
        "junk_times": words.count(ctx.ngettext("once per game", "%(num)s times per game",
                                               rules.junk_uses), rules.junk_uses),
        "needs": needs,
        "dice": dice,
        "multipliers": multipliers,
        "examples": scoring_examples(words),
        "example": example_game(words, name, state),
        "example_log": f"examples/{log.parent.name}/{log.name}",
        "figures": {"game": OPTIMAL_GAME, "no_junk": OPTIMAL_NO_JUNK, "round": OPTIMAL_ROUND,
                    "first_roll": FIRST_ROLL, "bot": BOT_MEAN, "bot_games": BOT_GAMES},
    }
