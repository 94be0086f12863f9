"""Compiled replays: a record with every step's spectator view beside it, so a page paints the replay without Python.

A compiled replay is plain JSON (docs/embedding.md, "Records for a page")::

    {"format": "shoal-replay", "version": 1, "game": "museum", "players": 2, "total": 20,
     "record": {...the record, with its seats and names...},
     "steps": [{"view": {...the spectator's view, without its log...}, "log": {"keep": 0, "add": ["..."]}}, ...]}

Step ``k`` is the position after the record's first ``k`` actions (step 0: the start), exactly what the bridge's
``replay_step`` answers for the spectator. Its log is written as a change to the step before (keep that step's first
``keep`` lines, then ``add`` these): a view's log holds every line so far, and written out whole at every step it would
be most of a long game's file. The move that led to step ``k`` is the record's action ``k - 1``.

Only the spectator's views: a compiled replay is a file to hand round, and a shared replay shows nobody's hand (a seat's
view, Analyse and "play on" are the engine's, from the record, when a reader asks). The record is the whole game, as
in any shared replay link.
"""

from __future__ import annotations

import json
from typing import Any

from . import BadRecord, replay
from .core import ShoalError
from .core.errors import brief

FORMAT = "shoal-replay"
VERSION = 1
MAX_FILE = 64_000_000  # characters: a long Brunch game's file is under 2 MB
LABELS = ("seats", "names")  # what the page keeps beside a record (who played each seat), kept in the file


def is_compiled(obj: Any) -> bool:
    """Whether ``obj`` says it is a compiled replay (its shape is checked by :func:`check`)."""
    return isinstance(obj, dict) and obj.get("format") == FORMAT


def compile_replay(record: Any) -> dict[str, Any]:
    """The compiled replay of ``record`` (a bad record is refused with :class:`BadRecord`, nothing compiled)."""
    final = replay(record)  # checks the whole record first
    kept = {**final.record(), **{k: record[k] for k in LABELS if k in record}}
    match = replay({**kept, "actions": []})
    steps = [_step(match.view(None), [])]
    for seat, action in final.actions:
        before = match.shared_view(None)["log"]
        match.play(seat, action)
        steps.append(_step(match.view(None), before))
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": final.game.id,
        "players": final.players,
        "total": len(final.actions),
        "record": kept,
        "steps": steps,
    }


def _step(view: dict[str, Any], before: list[str]) -> dict[str, Any]:
    """A step: the view without its log, and the log as a change to the step before's."""
    log = view.pop("log")
    keep = 0
    while keep < min(len(before), len(log)) and before[keep] == log[keep]:
        keep += 1
    return {"view": view, "log": {"keep": keep, "add": log[keep:]}}


def check(obj: Any) -> dict[str, Any]:
    """``obj`` if it is a whole, true compiled replay: its shape, every view the spectator's, and every step what its
    record compiles to (so nothing was edited, added or left out). Refused whole with :class:`ShoalError` otherwise."""
    if not is_compiled(obj):
        raise ShoalError(f"not a compiled replay (its format must be {FORMAT!r})")
    if obj.get("version") != VERSION:
        raise ShoalError(f"compiled replay version {brief(obj.get('version'))}: this Shoal reads version {VERSION}")
    steps = obj.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ShoalError("compiled replay has no steps")
    for k, step in enumerate(steps):
        view = step.get("view") if isinstance(step, dict) else None
        if not isinstance(view, dict) or view.get("seat", "") is not None:
            raise ShoalError(f"compiled replay step {k}: every view must be the spectator's")
    try:
        fresh = compile_replay(obj.get("record"))
    except BadRecord as e:
        raise ShoalError(f"compiled replay: its record is not playable: {e}") from None
    for key in ("game", "players", "total", "record"):
        if obj.get(key) != fresh[key]:
            raise ShoalError(f"compiled replay: its {key} is not its record's")
    if len(steps) != len(fresh["steps"]):
        raise ShoalError(f"compiled replay has {len(steps)} steps, its record {len(fresh['steps'])}")
    for k, (got, want) in enumerate(zip(steps, fresh["steps"])):
        if got != want:
            raise ShoalError(f"compiled replay step {k} is not what its record shows (edited, or another Shoal's)")
    extra = sorted(set(obj) - set(fresh))
    if extra:
        raise ShoalError(f"compiled replay has unknown key(s) {', '.join(brief(k, 30) for k in extra[:5])}")
    return obj


def views(compiled: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step's whole view, log included, as the page rebuilds them (web/replay-file.js)."""
    out, log = [], []
    for step in compiled["steps"]:
        log = log[: step["log"]["keep"]] + step["log"]["add"]
        out.append({**step["view"], "log": log})
    return out


def dumps(compiled: dict[str, Any]) -> str:
    """The file's text: compact (a long game's file is mostly views, read by a program)."""
    return json.dumps(compiled, separators=(",", ":"), ensure_ascii=False) + "\n"


__all__ = ["FORMAT", "VERSION", "check", "compile_replay", "dumps", "is_compiled", "views"]
