"""A record's analysis: every decision of the seats asked for, judged from that seat's view (``shoal.bots.analysis``).

A *decision* is a move in the record whose seat had two or more legal actions (forced moves are skipped), simultaneous
phases included: each seat's pass or plan is judged from its view at the moment it chose. Each one is judged as a pure
function of that seat's view, the move it played, the budget and the analysis seed, so the decisions can be judged in
any order, a few at a time (:class:`Session`, the page's worker) or in several processes (``jobs``), with the same
results. The record is the whole truth and its owner has it; the analysis of a seat says nothing that seat's views
did not show, which is why the page may show a seat's analysis wherever it may show that seat's replay.

JSON (docs/analysis.md): ``{"game", "decisions": [...], "summary": {...}}``, each decision
``{"ply", "seat", "played", "best", "loss", "mark", "unit", "gap", "error", "played_value", "best_value", "moves",
"samples"}`` where ``ply`` counts the record's actions from 1 (the position before it is the replay's step
``ply - 1``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from . import replay
from .bots.analysis import MARKS, Judgement, analyst, budget_for, decision_rng, thresholds, unit_for
from .bots.search import action_key
from .core import Action, Game, IllegalAction, Match, ShoalError, View
from .core.errors import brief
from .core.match import MAX_SEED

PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
MAX_BUDGET = 100_000  # playouts a decision: far beyond any use, low enough that a typo cannot run for a week


@dataclass(frozen=True)
class Decision:
    """A move of the record to judge: the seat's view and legal actions just before it, and what it played."""

    ply: int  # 1-based index of the move in the record's actions
    seat: int
    view: View
    legal: list[Action]
    played: Action | None  # None for a hint: nothing is played yet


def check_seats(seats: Any, players: int) -> list[int]:
    """The seats to analyse (``None``: every seat), ascending, or :class:`ShoalError`."""
    if seats is None:
        return list(range(players))
    if not (isinstance(seats, list) and 0 < len(seats) <= 64):
        raise ShoalError(f"seats must be a list of seats, got {brief(seats)}")
    bad = next((s for s in seats if type(s) is not int or not 0 <= s < players), None)
    if bad is not None:
        raise ShoalError(f"seats are numbered 0 to {players - 1} in this game, got {brief(bad)}")
    return sorted(set(seats))


def check_budget(budget: Any) -> int | None:
    if budget is None:
        return None
    if type(budget) is not int or not 1 <= budget <= MAX_BUDGET:
        raise ShoalError(f"an analysis budget is a number of playouts from 1 to {MAX_BUDGET}, got {brief(budget)}")
    return budget


def check_seed(seed: Any) -> int:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ShoalError(f"an analysis seed is an integer from 0 to 2**53-1, got {brief(seed)}")
    return seed


def _start(record: Any) -> tuple[Match, Match]:
    """The whole record replayed (refusing a bad one whole), and a match at its start to walk it again."""
    full = replay(record)
    return full, replay({**record, "actions": []})


def plan(record: Any, seats: list[int] | None = None) -> list[tuple[int, int]]:
    """``(ply, seat)`` of every decision of ``seats`` in the record (a move with two or more legal actions)."""
    full, match = _start(record)
    wanted = set(check_seats(seats, full.players))
    out = []
    for i, (seat, action) in enumerate(full.actions):
        if seat in wanted and len(match.game.legal_actions(match.state, seat)) > 1:
            out.append((i + 1, seat))
        match.play(seat, action)
    return out


def walk(record: Any, plies: list[tuple[int, int]]) -> Iterator[Decision]:
    """The decisions ``plies`` names, in order, each built only when it is reached (a view is not free)."""
    full, match = _start(record)
    for ply, seat in plies:
        while len(match.actions) < ply - 1:
            match.play(*full.actions[len(match.actions)])
        yield Decision(ply, seat, match.view(seat), match.legal_actions(seat), full.actions[ply - 1][1])


def judge(game: Game, decision: Decision, budget: int | None = None, seed: int = 0) -> dict[str, Any]:
    """One decision judged, as its JSON."""
    answer = Judging(game, decision, budget, seed).advance(lambda: False)
    assert answer is not None
    return answer


def decision_json(decision: Decision, judgement: Judgement) -> dict[str, Any]:
    played, best = judgement.played, judgement.best
    assert played is not None and best is not None
    if judgement.loss == 0:
        best = played  # the samples show no better move: the move played is the best
    return {
        "ply": decision.ply,
        "seat": decision.seat,
        "played": played.action,
        "best": best.action,
        "loss": round(judgement.loss, 4),
        "mark": judgement.mark,
        "unit": judgement.unit,
        "gap": round(judgement.gap, 4),
        "error": round(judgement.error, 4),
        "played_value": _value(played.to_json()),
        "best_value": _value(best.to_json()),
        "moves": [m.to_json() for m in judgement.moves],
        "samples": played.samples,
    }


def _value(judged: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in judged.items() if k != "action"}


def summary(decisions: list[dict[str, Any]], seats: list[int], unit: str, budget: int, seed: int) -> dict[str, Any]:
    """Per seat asked: how many decisions, how many of each mark, the mean loss; and the unit and thresholds."""
    per_seat = []
    for seat in seats:
        mine = [d for d in decisions if d["seat"] == seat]
        row: dict[str, Any] = {"seat": seat, "decisions": len(mine)}
        for name in MARKS:
            row[name] = sum(1 for d in mine if d["mark"] == name)
        row["mean_loss"] = round(sum(d["loss"] for d in mine) / len(mine), 4) if mine else 0.0
        per_seat.append(row)
    return {"unit": unit, "thresholds": thresholds(unit), "budget": budget, "seed": seed, "seats": per_seat}


def _task(args: tuple[Game, Decision, int | None, int]) -> dict[str, Any]:
    return judge(*args)


def analyse(
    record: Any,
    seats: list[int] | None = None,
    budget: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The whole analysis, ``{"game", "decisions", "summary"}``; ``jobs`` processes judge decisions side by side
    (the same results: each decision depends on nothing but itself)."""
    budget, seed = check_budget(budget), check_seed(seed)
    full = replay(record)
    chosen = check_seats(seats, full.players)
    plies = plan(record, chosen)
    game = full.game
    tasks = ((game, d, budget, seed) for d in walk(record, plies))
    results: list[dict[str, Any]] = []
    if jobs <= 1:
        for task in tasks:
            results.append(_task(task))
            if progress:
                progress(len(results), len(plies))
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork").Pool(jobs) as pool:
            for result in pool.imap(_task, tasks):
                results.append(result)
                if progress:
                    progress(len(results), len(plies))
    used = budget_for(game, full.players, budget)
    return {
        "game": game.id,
        "decisions": results,
        "summary": summary(results, chosen, unit_for(full.players), used, seed),
    }


class Judging:
    """One decision judged a little at a time: ``advance(stop)`` works until ``stop()`` says so (asked after every
    sampled position) or the judgement is done, and gives its answer then (None before). However the work is cut,
    the answer is the same as :func:`judge`'s."""

    def __init__(self, game: Game, decision: Decision, budget: int | None = None, seed: int = 0) -> None:
        self.decision = decision
        view = decision.view
        judge = analyst(game, decision.seat, view["players"], budget)
        self._steps = judge.steps(view, decision.legal, decision_rng(seed, view), decision.played)
        self.result: dict[str, Any] | None = None
        self.progress = 0.0

    def advance(self, stop: Callable[[], bool]) -> dict[str, Any] | None:
        while self.result is None:
            try:
                done, planned = next(self._steps)
            except StopIteration as end:
                self.result, self.progress = self.answer(end.value), 1.0
                break
            self.progress = min(0.99, done / planned)
            if stop():
                break
        return self.result

    def answer(self, judgement: Judgement) -> dict[str, Any]:
        return decision_json(self.decision, judgement)


class Session:
    """A record's analysis done a little at a time (the bridge's ``analyse_next``): the same decisions, in the same
    order and with the same values, as :func:`analyse`, however the work is cut. Nothing runs between calls, so a
    caller cancels by not asking again."""

    def __init__(self, record: Any, seats: list[int] | None = None, budget: int | None = None, seed: int = 0) -> None:
        self.budget, self.seed = check_budget(budget), check_seed(seed)
        full = replay(record)
        self.game, self.players = full.game, full.players
        self.seats = check_seats(seats, full.players)
        self.unit = unit_for(full.players)
        self.plies = plan(record, self.seats)
        self.results: list[dict[str, Any]] = []
        self._walk = walk(record, self.plies)
        self._job: Judging | None = None

    @property
    def total(self) -> int:
        return len(self.plies)

    @property
    def over(self) -> bool:
        return len(self.results) == self.total

    @property
    def progress(self) -> float:
        """Share of the work done, in [0, 1]: decisions finished, plus the part of the current one."""
        if not self.total:
            return 1.0
        part = self._job.progress if self._job is not None else 0.0
        return min(1.0, (len(self.results) + part) / self.total)

    def advance(self, stop: Callable[[], bool]) -> list[dict[str, Any]]:
        """Work until ``stop()`` says so (asked after every sampled position) or the analysis is over; the decisions
        finished meanwhile."""
        finished: list[dict[str, Any]] = []
        while not self.over:
            if self._job is None:
                self._job = Judging(self.game, next(self._walk), self.budget, self.seed)
            result = self._job.advance(stop)
            if result is None:
                break
            self.results.append(result)
            finished.append(result)
            self._job = None
            if stop():
                break
        return finished

    def summary(self) -> dict[str, Any]:
        return summary(self.results, self.seats, self.unit, budget_for(self.game, self.players, self.budget), self.seed)


def attempt(record: Any, ply: Any, action: Any, budget: int | None = None, seed: int = 0) -> Judging:
    """The judgement of ``action`` played instead of the record's move ``ply`` (counted from 1), from that seat's
    view then: "Try it yourself" asks it of a move the analysis did not judge."""
    budget, seed = check_budget(budget), check_seed(seed)
    full = replay(record)
    if type(ply) is not int or not 1 <= ply <= len(full.actions):
        raise ShoalError(f"ply must be a move of the record, from 1 to {len(full.actions)}, got {brief(ply)}")
    seat = full.actions[ply - 1][0]
    decision = next(walk(record, [(ply, seat)]))
    if len(decision.legal) < 2:
        raise ShoalError(f"move {ply} was the only legal move: there is nothing to judge")
    if not isinstance(action, dict) or action_key(action) not in {action_key(a) for a in decision.legal}:
        raise IllegalAction(f"that is not a legal move for seat {seat} before move {ply}")
    return Judging(full.game, Decision(ply, seat, decision.view, decision.legal, action), budget, seed)


def move_text(action: Action) -> str:
    """An action in one short line: its type, then its other fields as ``key=value``."""
    rest = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action.get('type')} {rest}".strip()


def table(result: dict[str, Any]) -> str:
    """The command's table: one line a decision, then each seat's summary."""
    s = result["summary"]
    unit = "expected points" if s["unit"] == "points" else "winning chances"
    rows = [("ply", "seat", "played", "best", "loss", "mark")]
    for d in result["decisions"]:
        best = "=" if d["best"] == d["played"] else move_text(d["best"])
        loss = f"{d['loss']:.1f}" if d["unit"] == "points" else f"{d['loss']:.3f}"
        rows.append((str(d["ply"]), str(d["seat"]), move_text(d["played"]), best, loss, d["mark"] or ""))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in rows]
    marks = ", ".join(f"{name} ≥ {at}" for name, at in s["thresholds"].items())
    lines += [
        "",
        f'loss in {unit} (best "=": the move played was the best found); {marks}; '
        f"{s['budget']} playouts a decision, seed {s['seed']}",
        "",
    ]
    for row in s["seats"]:
        counts = ", ".join(f"{row[name]} {name if row[name] == 1 else PLURALS[name]}" for name in MARKS)
        lines.append(f"seat {row['seat']}: {row['decisions']} decisions, {counts}, mean loss {row['mean_loss']:.4f}")
    return "\n".join(lines)


class Hint(Judging):
    """The move the analysis prefers for a seat that is to act in a live match, judged from its view alone, done a
    little at a time like :class:`Judging` (or at once: ``advance(lambda: False)``)."""

    def __init__(self, match: Match, seat: Any, budget: int | None = None, seed: int = 0) -> None:
        budget, seed = check_budget(budget), check_seed(seed)
        if type(seat) is not int or not 0 <= seat < match.players:
            raise ShoalError(f"seat must be an integer from 0 to {match.players - 1}, got {brief(seat)}")
        legal = match.legal_actions(seat)
        if not legal:
            raise ShoalError(f"seat {seat} is not to act now")
        self.unit = unit_for(match.players)
        super().__init__(
            match.game, Decision(len(match.actions) + 1, seat, match.view(seat), legal, None), budget, seed
        )

    def answer(self, judgement: Judgement) -> dict[str, Any]:
        """``{"seat", "unit", "best", "alternative", "forced"}``: the best move and the best other one judged, each
        ``{"action", "chances" and "win" (with rivals), "points"}``; a forced move has no values and no
        alternative."""
        best, other = judgement.best, judgement.alternative()
        return {
            "seat": self.decision.seat,
            "unit": self.unit,
            "forced": judgement.forced,
            "best": best.to_json() if best is not None else {"action": self.decision.legal[0]},
            "alternative": other.to_json() if other is not None else None,
        }


__all__ = [
    "Decision",
    "Hint",
    "Judging",
    "Session",
    "analyse",
    "attempt",
    "check_seats",
    "decision_json",
    "judge",
    "move_text",
    "plan",
    "summary",
    "table",
    "walk",
]
