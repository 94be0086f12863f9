"""Golden playthroughs: one fixed match per game and player count, written out ply by ply as plain text.

A transcript catches any change in behaviour a player could notice: who is to act, which moves are legal, what the
bots choose, what each seat and a spectator see (a hash of each view, so a secret that leaks into a view shows up as a
changed hash on that seat's line), every log line as each viewer reads it, and the outcome. It uses only the public
engine API (``shoal.new_match``, ``Match.to_act/legal_actions/play/view/outcome/record/bot_action``, ``shoal.replay``),
so it survives any reshuffling of the games' insides and proves that such a change kept behaviour identical.

Moves are chosen by the games' own bots, one per seat from a fixed line-up, each seeded from the match seed, the ply
and the seat (``Match.bot_action``); the search levels run with a small fixed iteration budget so they are cheap and
give the same move on every machine. Regenerate with ``python3 -m tests.playthroughs.regen`` and review the diff like
code; ``python3 -m tests.playthroughs.regen --show CASE PLY`` prints the full views after a ply when a hash changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import shoal

HERE = Path(__file__).resolve().parent
LEVELS = ("easy", "normal", "hard")
BUDGET = 6  # search iterations a decision for the levels: enough to run every part of the search, cheap to replay
FEW = 4  # list the legal actions themselves when there are at most this many


@dataclass(frozen=True)
class Case:
    """One golden match: ``lineup[seat % len(lineup)]`` is the bot that plays ``seat``."""

    name: str
    game: str
    players: int
    seed: int
    lineup: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def bot(self, seat: int) -> str:
        return self.lineup[seat % len(self.lineup)]


CASES: tuple[Case, ...] = (
    Case("museum-2p", "museum", 2, 1, ("easy", "greedy")),
    Case("brunch-3p", "brunch", 3, 1, ("easy", "heuristic", "random")),
    Case("brunch-5p", "brunch", 5, 2, ("heuristic", "random", "easy")),
    Case("brunch-7p", "brunch", 7, 3, ("heuristic", "random")),
    Case("aquarena-2p", "aquarena", 2, 1, ("easy", "heuristic")),
    Case("aquarena-4p", "aquarena", 4, 2, ("heuristic", "random", "easy")),
    Case("aquarena-6p", "aquarena", 6, 3, ("heuristic", "random")),
    Case("reef-1p-solo", "reef", 1, 1, ("greedy",)),
    Case("reef-2p", "reef", 2, 2, ("easy", "greedy")),
    Case("reef-4p", "reef", 4, 3, ("greedy", "random")),
    Case("reef-2p-family", "reef", 2, 4, ("greedy", "random"), {"variant": "family"}),
    Case("reef-3p-advanced", "reef", 3, 5, ("greedy", "random", "easy"), {"variant": "advanced"}),
    Case("reef-1p-line", "reef", 1, 6, ("greedy",), {"line": [1, 2, 3, 10, 11, 12]}),
    Case("reef-1p-scenario-D-mod-8", "reef", 1, 7, ("greedy",), {"scenario": "D", "modification": "8"}),
)
BY_NAME = {case.name: case for case in CASES}


def canonical(data: Any) -> str:
    """JSON with sorted keys and no spaces: the same text for the same data, whatever order a game builds it in."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def action_text(action: dict[str, Any]) -> str:
    """An action as compact JSON, its type first and the other keys sorted, so it reads like a move."""
    ordered = {"type": action.get("type"), **{k: action[k] for k in sorted(action) if k != "type"}}
    return json.dumps(ordered, separators=(",", ":"), ensure_ascii=False)


def view_hash(view: dict[str, Any], new_lines: list[str]) -> str:
    """A short, stable digest of a view, with only the log lines it gained since the last ply (the earlier ones were
    hashed before, and the whole log grows a ply at a time: hashing it all again would cost the most of a run)."""
    rest = {key: value for key, value in view.items() if key != "log"}
    return hashlib.sha256(canonical([rest, new_lines]).encode()).hexdigest()[:10]


def viewers(players: int) -> list[int | None]:
    return [None, *range(players)]


def label(viewer: int | None) -> str:
    return "-" if viewer is None else str(viewer)


def start(case: Case) -> shoal.Match:
    return shoal.new_match(case.game, case.players, case.seed, dict(case.options))


def choose(match: shoal.Match, case: Case, seat: int) -> dict[str, Any]:
    bot = case.bot(seat)
    return match.bot_action(seat, bot, BUDGET if bot in LEVELS else None)


@dataclass
class Ply:
    """One action of a golden match, as it stood just after it was played."""

    match: shoal.Match
    index: int
    waiting: list[int]  # the seats to act before it
    seat: int
    legal: list[dict[str, Any]]
    action: dict[str, Any]


def plies(case: Case) -> Iterator[Ply]:
    """Play the case's match, yielding each action just after it is played.

    In a simultaneous phase the lowest seat still to decide moves first, so the order never depends on timing."""
    match = start(case)
    index = 0
    while not match.is_over():
        waiting = match.to_act()
        seat = waiting[0]
        legal = match.legal_actions(seat)
        action = choose(match, case, seat)
        match.play(seat, action)
        yield Ply(match, index, waiting, seat, legal, action)
        index += 1


def all_views(match: shoal.Match) -> dict[int | None, dict[str, Any]]:
    return {viewer: match.view(viewer) for viewer in viewers(match.players)}


def gained(views: dict[int | None, dict[str, Any]], seen: dict[int | None, list[str]]) -> dict[int | None, list[str]]:
    """The log lines each viewer gained since the last call (and remember the logs for the next one).

    A log only grows; a viewer whose log is not an extension of what it showed before gains its whole log again, marked
    by a first line ``(log rewritten)``, so the change shows in the text and in the hash."""
    out: dict[int | None, list[str]] = {}
    for viewer, view in views.items():
        log = view["log"]
        before = seen.get(viewer, [])
        out[viewer] = log[len(before) :] if log[: len(before)] == before else ["(log rewritten)", *log]
        seen[viewer] = log
    return out


def _without(lines: list[str], others: list[str]) -> list[str]:
    """``lines`` less one copy of each line of ``others``, in order."""
    rest = list(others)
    out = []
    for line in lines:
        if line in rest:
            rest.remove(line)
        else:
            out.append(line)
    return out


def _log_lines(new: dict[int | None, list[str]]) -> list[str]:
    """The spectator's new lines in full; for each seat only what it reads beyond (+) or instead of (-) them."""
    public = new[None]
    out = [f"  log - {line}" for line in public]
    for viewer, lines in new.items():
        if viewer is not None:
            out += [f"  log {viewer} + {line}" for line in _without(lines, public)]
            out += [f"  log {viewer} - {line}" for line in _without(public, lines)]
    return [line.replace("\n", "\\n") for line in out]


def _views_line(views: dict[int | None, dict[str, Any]], new: dict[int | None, list[str]]) -> str:
    return "  views " + " ".join(f"{label(viewer)}={view_hash(view, new[viewer])}" for viewer, view in views.items())


def _nested(value: Any) -> bool:
    """Whether ``value`` holds an object somewhere: such a value is written a row per line."""
    return isinstance(value, dict) or (isinstance(value, list) and any(_nested(v) for v in value))


def _order(key: str) -> tuple[int, str]:
    """The outcome's contract fields first, in the contract's order, then any game's own fields by name."""
    first = ("scores", "winners", "breakdown")
    return (first.index(key), "") if key in first else (len(first), key)


def outcome_lines(path: str, value: Any) -> list[str]:
    """The outcome one short line per row: lists of objects and objects holding them are opened up, key by key."""
    if isinstance(value, list) and _nested(value):
        return [line for i, item in enumerate(value) for line in outcome_lines(f"{path}.{i}", item)]
    if isinstance(value, dict) and any(_nested(v) for v in value.values()):
        plain = {k: v for k, v in value.items() if not _nested(v)}
        if path == "outcome":  # the top level: each field on its own line, scores and winners first
            return [line for k in sorted(value, key=_order) for line in outcome_lines(f"{path}.{k}", value[k])]
        head = [f"{path} {canonical(plain)}"] if plain else []
        return head + [
            line for k in sorted(value) if _nested(value[k]) for line in outcome_lines(f"{path}.{k}", value[k])
        ]
    return [f"{path} {canonical(value)}"]


def transcript(case: Case) -> str:
    """The golden text of ``case``; the same on every run and machine."""
    return play_out(case)[0]


def play_out(case: Case) -> tuple[str, shoal.Match]:
    """The golden text of ``case`` and its finished match."""
    game = shoal.GAMES[case.game]
    lines = [
        f"# Golden playthrough {case.name}: {game.title}, {case.players} player(s).",
        "# Regenerate: python3 -m tests.playthroughs.regen  (then review the diff like code).",
        "# Each ply: the seats to act, the legal count (and the actions when few), the action played, a hash of every",
        "# viewer's view (- the spectator, then each seat), the log lines the spectator gained, and per seat the lines",
        "# it reads beyond (+) or instead of (-) them.",
        f"game {case.game} rules_version {game.rules_version}",
        f"players {case.players}",
        f"seed {case.seed}",
        f"options {canonical(case.options)}",
        "bots "
        + " ".join(f"{seat}={case.bot(seat)}" for seat in range(case.players))
        + f" (levels: {BUDGET} iterations a decision)",
        "",
    ]
    match = start(case)
    seen: dict[int | None, list[str]] = {}
    views = all_views(match)
    new = gained(views, seen)
    lines += ["start", _views_line(views, new), *_log_lines(new)]
    for ply in plies(case):
        match = ply.match
        lines += [
            "",
            f"ply {ply.index}: to act {','.join(map(str, ply.waiting))}; seat {ply.seat} has {len(ply.legal)} legal",
        ]
        if len(ply.legal) <= FEW:
            lines.extend(f"  legal {action_text(a)}" for a in ply.legal)
        views = all_views(match)
        new = gained(views, seen)
        lines += [f"  plays {action_text(ply.action)}", _views_line(views, new), *_log_lines(new)]
    lines += ["", f"over after {len(match.record()['actions'])} actions", *outcome_lines("outcome", match.outcome())]
    return "\n".join(lines) + "\n", match


def views_after(case: Case, ply: int) -> dict[str, Any]:
    """Every viewer's full view just after ``ply`` (``-1``: at the start), to read what a changed hash hides."""
    match = start(case)
    if ply >= 0:
        for step in plies(case):
            if step.index == ply:
                match = step.match
                break
        else:
            raise ValueError(f"{case.name} has no ply {ply}")
    return {label(viewer): view for viewer, view in all_views(match).items()}
