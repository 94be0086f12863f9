"""JSON in, JSON out: the one door the browser's Web Worker uses.

Every request is one JSON object ``{"cmd": ..., ...}``; every answer is ``{"ok": true, ...}`` or
``{"ok": false, "error": "..."}``. Answers carry views, never states, so nothing secret can cross into the page
except through :meth:`Match.view` for the seat the page names.

Commands:
  games                                  -> {"games": [info, ...]}
  new    {match, game, players, seed, options, viewer}  -> step
  load   {match, record, viewer}         -> step   (a bad record is refused and the old match, if any, kept)
  view   {match, viewer}                 -> step
  play   {match, seat, action, viewer}   -> step
  bot    {match, seat, bot, viewer, budget?}      -> {"action": ..., **step}   (chooses and plays)
  bots   {match, seats: [[seat, bot], ...], viewer, budget?} -> {"actions": [...], **step}   (each in turn, while due)
  undo   {match, seat, humans, viewer}   -> {"taken_back": [log lines seat had read], **step}   (Match.undo)
  can_undo {match, seat, humans}         -> {"can_undo": bool}
  record {match}                         -> {"record": ...}
  replay_step {record, upto, viewer}     -> {"total": n, "upto": k, "move": [seat, action] | null, **step}
                                            (the position after the record's first ``upto`` actions; the replay viewer)
  close  {match}                         -> {}
  lesson_answer {lesson, step, action}   -> {"right": bool, "reply": str, "view": view after the move}
  lesson_open   {match, lesson, step, viewer} -> step   (the lesson's position at that step, to play on)
``budget`` (optional, a positive integer) caps a search bot's iterations a decision: a test-only knob (the page's
``botBudget`` URL parameter) that keeps browser tests fast while running the same search code.
A *step* is ``{"to_act": [...], "over": bool, "view": view(viewer)}``; ``viewer`` may be null (a spectator). When
the request names ``humans`` (the seats people play), a step also says ``undo_seat``: the person who may take back
its last move now (with the bot moves after it), or null.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from . import GAMES, new_match, replay
from .core import Match, ShoalError

_matches: dict[str, Match] = {}


def _match(req: dict[str, Any]) -> Match:
    name = req.get("match", "main")
    if name not in _matches:
        raise ShoalError(f"no match named {name!r}")
    return _matches[name]


def _step(match: Match, req: dict[str, Any]) -> dict[str, Any]:
    out = {"to_act": match.to_act(), "over": match.is_over(), "view": match.view(req.get("viewer"))}
    if "humans" in req:
        out["undo_seat"] = match.undo_seat(_humans(match, req))
    return out


def _humans(match: Match, req: dict[str, Any]) -> list[int]:
    humans = req.get("humans")
    if not (isinstance(humans, list) and all(type(s) is int and 0 <= s < match.players for s in humans)):
        raise ShoalError(f"humans must be a list of seats from 0 to {match.players - 1}, got {humans!r}")
    return humans


def _games(req: dict[str, Any]) -> dict[str, Any]:
    return {"games": [g.info() for g in GAMES.values()]}


def _new(req: dict[str, Any]) -> dict[str, Any]:
    match = new_match(req.get("game"), req.get("players"), req.get("seed", 0), req.get("options"))
    _matches[req.get("match", "main")] = match
    return _step(match, req)


def _load(req: dict[str, Any]) -> dict[str, Any]:
    match = replay(req.get("record"))
    _matches[req.get("match", "main")] = match
    return _step(match, req)


def _view(req: dict[str, Any]) -> dict[str, Any]:
    return _step(_match(req), req)


def _play(req: dict[str, Any]) -> dict[str, Any]:
    match = _match(req)
    match.play(req.get("seat"), req.get("action"))
    return _step(match, req)


def _bot(req: dict[str, Any]) -> dict[str, Any]:
    match = _match(req)
    action = match.bot_action(req.get("seat"), req.get("bot", "random"), req.get("budget"))
    match.play(req.get("seat"), action)
    return {"action": action, **_step(match, req)}


def _bots(req: dict[str, Any]) -> dict[str, Any]:
    """Several bots at once (a simultaneous phase): one round trip instead of one per seat."""
    match = _match(req)
    seats = req.get("seats")
    if not isinstance(seats, list):
        raise ShoalError("bots needs seats: [[seat, bot], ...]")
    played = []
    due = set(match.to_act())
    for entry in seats:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise ShoalError(f"bots: each entry is [seat, bot], got {entry!r}")
        seat, bot = entry
        waiting = set(match.to_act())
        if not waiting <= due:
            break  # a new phase began: the page shows it before any bot acts in it
        if seat not in waiting:
            continue  # no longer asked (e.g. a Lunch call ended the window)
        action = match.bot_action(seat, bot, req.get("budget"))
        match.play(seat, action)
        played.append([seat, action])
    return {"actions": played, **_step(match, req)}


def _undo(req: dict[str, Any]) -> dict[str, Any]:
    """Take back the seat's last move (and the bots' after it); the answer names the log lines it had read of them."""
    match = _match(req)
    seat, humans = req.get("seat"), _humans(match, req)
    if not match.can_undo(seat, humans):
        raise ShoalError(f"seat {seat!r} cannot take back a move now")
    before = match.view(seat)["log"]
    match.undo(seat, humans)
    after = match.view(seat)["log"]
    taken_back = before[len(after):] if before[:len(after)] == after else []
    return {"taken_back": taken_back, **_step(match, req)}


def _can_undo(req: dict[str, Any]) -> dict[str, Any]:
    match = _match(req)
    return {"can_undo": match.can_undo(req.get("seat"), _humans(match, req))}


def _record(req: dict[str, Any]) -> dict[str, Any]:
    return {"record": _match(req).record()}


# Replays kept between replay_step calls: stepping forward plays on from the last position, stepping back starts from
# the nearest checkpoint (a copy every CHECKPOINT actions), so a long Brunch game steps as fast as a short one.
CHECKPOINT = 16
_replays: dict[str, Any] = {"key": None, "full": None, "checkpoints": {}}


def _replay_step(req: dict[str, Any]) -> dict[str, Any]:
    record = req.get("record")
    key = json.dumps(record, sort_keys=True)
    if _replays["key"] != key:
        full = replay(record)  # refuses a bad record before anything is kept
        start = replay({**record, "actions": []})
        _replays.update(key=key, full=full, checkpoints={0: start})
    full: Match = _replays["full"]
    total = len(full.actions)
    upto = req.get("upto", total)
    if type(upto) is not int or not 0 <= upto <= total:
        raise ShoalError(f"replay_step: upto must be an integer from 0 to {total}, got {upto!r}")
    points = _replays["checkpoints"]
    base = max(k for k in points if k <= upto)
    match = copy.deepcopy(points[base])
    for i in range(base, upto):
        match.play(*full.actions[i])
        if (i + 1) % CHECKPOINT == 0 and i + 1 not in points:
            points[i + 1] = copy.deepcopy(match)
    move = full.actions[upto - 1] if upto else None
    return {"total": total, "upto": upto, "move": move, **_step(match, req)}


def _close(req: dict[str, Any]) -> dict[str, Any]:
    _matches.pop(req.get("match", "main"), None)
    return {}


def _lesson_answer(req: dict[str, Any]) -> dict[str, Any]:
    """Check a reader's answer to a lesson's question (``lesson`` is the hand-written lesson, its ``source``)."""
    from . import lessons

    return lessons.answer(req.get("lesson"), req.get("step"), req.get("action"))


def _lesson_open(req: dict[str, Any]) -> dict[str, Any]:
    """Load a lesson's position at ``step`` as a playable match (for "play on from here")."""
    from . import lessons

    match = lessons.open_step(req.get("lesson"), req.get("step"))
    _matches[req.get("match", "main")] = match
    return _step(match, req)


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "games": _games, "new": _new, "load": _load, "view": _view, "play": _play, "bot": _bot, "bots": _bots,
    "undo": _undo, "can_undo": _can_undo, "record": _record, "close": _close,
    "lesson_answer": _lesson_answer, "lesson_open": _lesson_open, "replay_step": _replay_step,
}


def handle(request: str) -> str:
    """Answer one JSON request with one JSON answer; errors are answers too, never exceptions."""
    try:
        req = json.loads(request)
    except ValueError as e:
        return json.dumps({"ok": False, "error": f"request is not JSON: {e}"})
    if not isinstance(req, dict) or req.get("cmd") not in COMMANDS:
        cmd = req.get("cmd") if isinstance(req, dict) else None
        return json.dumps({"ok": False, "error": f"unknown command {cmd!r} (commands: {', '.join(COMMANDS)})"})
    try:
        answer = COMMANDS[req["cmd"]](req)
    except ShoalError as e:
        return json.dumps({"ok": False, "error": str(e)})
    return json.dumps({"ok": True, **answer})
