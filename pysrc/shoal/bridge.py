"""JSON in, JSON out: the one door the browser's Web Worker uses.

Every request is one JSON object ``{"cmd": ..., ...}``; every answer is ``{"ok": true, ...}`` or
``{"ok": false, "error": "..."}``. :func:`handle` answers every string, never raises: wrong types, oversized or
too deeply nested requests and even engine bugs come back as a short ``error`` (a bug's traceback goes to stderr,
the browser console, never into the answer).

Secrecy: an answer holds only what ``view(viewer)`` shows. Answers carry views, never states, and not even the
actions bots chose (a bot's pass or discard is its secret); the page learns what happened from the view. The
exceptions are ``record`` and ``position``: a record is the whole truth (with its seed every shuffle can be
replayed), for saving only, and a position names every hidden card, for a lesson's author (the Studio, which shows
its author every seat).

Commands:
  games                                  -> {"games": [info, ...]}
  new    {match, game, players, seed, options, viewer}  -> step
  load   {match, record, viewer}         -> step   (a bad record is refused and the old match, if any, kept)
  view   {match, viewer}                 -> step
  play   {match, seat, action, viewer, bots?} -> step   (with ``bots``, those bots then play as ``bots`` with
                                            ``chain`` does, and the answer says which seats ``moved``; a refusal of
                                            any part means nothing was played)
  bot    {match, seat, bot, viewer, budget?}      -> step   (chooses and plays)
  bots   {match, seats: [[seat, bot], ...], viewer, budget?, chain?} -> step   (each in turn, while due; the whole
                                            request is checked first, and a refusal means no bot played; with
                                            ``chain: true``, round after round while any of them is due, and the
                                            answer says which seats ``moved``, in order)
  undo   {match, seat, humans, viewer}   -> {"taken_back": [log lines viewer had read], **step}   (Match.undo)
  can_undo {match, seat, humans}         -> {"can_undo": bool}
  record {match}                         -> {"record": ...}   (the whole truth: never show it during a match)
  replay_step {match, record, upto, viewer} -> {"total": n, "upto": k, "move": [seat, action] | null, **step}
                                            (the position after the record's first ``upto`` actions; the replay viewer;
                                            the request holds the whole record, so its answer reveals nothing new;
                                            ``match`` names the board, whose replay is kept for its next step)
  replay_compile {record}                -> {"replay": compiled replay}   (every step's spectator view beside the
                                            record, for a page to paint without Python: shoal.replays, the CLI's
                                            ``python -m shoal replay``)
  close  {match}                         -> {}   (the match, and the board's kept replay)
  analyse_start {record, seats?, budget?, seed?} -> {"total": n, "plies": [[ply, seat], ...], "unit", "thresholds"}
                                            (a record's analysis, docs/analysis.md: the decisions of ``seats``,
                                            default every seat; replaces any analysis under way)
  analyse_next  {ms?}                    -> {"decisions": [decision, ...], "done": k, "total": n, "progress": 0..1,
                                            "over": bool, "summary"?}   (works about ``ms`` milliseconds, default
                                            250, and answers the decisions finished meanwhile; ``summary`` once over.
                                            The page cancels by asking no more)
  analyse_stop  {}                       -> {}     (forgets the analysis under way)
  analyse_move  {record, ply, action, budget?, seed?, ms?} -> {"decision": decision | null, "progress": 0..1}
                                            (``action`` judged as if played instead of the record's move ``ply``,
                                            from that seat's view: "Try it yourself"; with ``ms`` as ``hint``)
  try_move {record, ply, action, decision, budget?, seed?, ms?} -> {"verdict": {accepted, reason, loss, mark,
                                            unit} | null, "progress": 0..1}   ("Try it yourself": whether ``action``
                                            is accepted instead of the record's move ``ply``, whose analysis
                                            ``decision`` is; judged first when that cannot tell, as ``hint``)
  hint   {match, seat, budget?, seed?, ms?} -> {"hint": {seat, unit, forced, best, alternative} | null,
                                            "progress": 0..1}   (the move the analysis prefers for a seat to act,
                                            judged from its view alone; with ``ms``, null until found: ask again with
                                            the same request to go on, and the work is dropped once the match moves)
  lesson_answer {lesson, step, action}   -> {"right": bool, "reply": str, "view": view after the move}
                                            (a wrong move: "explained", and "refute" {seat, view, said} when the
                                            lesson refutes it; ``solve: true`` instead of ``action`` plays the
                                            solution: "solution", "said"; docs/lessons.md "Gamebook questions")
  lesson_open   {match, lesson, step, viewer} -> step   (the lesson's position at that step, to play on)
  lesson_compile {lesson, id?}           -> {"lesson": compiled lesson}   (exactly what the build writes; a bad
                                            lesson is refused with "lesson step N, field: why")
  lesson_check  {lesson, id?}            -> {"problems": [{"step": N | null, "field", "message", "text"}, ...]}
                                            (every problem found at once, [] when it compiles; ``step`` counts
                                            from 1, ``message`` is the reason, ``text`` the whole line)
  lesson_conditions {game}               -> {"conditions": [{"name", "help", "params": [{"name", "type",
                                            "help", "required", "choices"?, "labels"?, "default"?}]}]}
  position      {match}                  -> {"position": the game's notation of the match's position}
                                            (new_match(..., position=it) shows every seat the same views; it
                                            names every hidden card: for an author, never during a game)
``budget`` (optional, a positive integer) caps a search bot's iterations a decision: a test-only knob (the page's
``botBudget`` URL parameter) that keeps browser tests fast while running the same search code.
A *step* is ``{"to_act": [...], "over": bool, "view": view(viewer)}``; ``viewer`` may be null (a spectator). When
the request names ``humans`` (the seats people play), a step also says ``undo_seat``: the person who may take back
its last move now (with the bot moves after it), or null.
``match`` is a name (a string of at most 40 characters, default ``"main"``).
"""

from __future__ import annotations

import copy
import json
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from . import GAMES, new_match, replay
from .core import IllegalAction, Match, ShoalError
from .core.errors import brief, clip
from .core.limits import MAX_TEXT, text_problem

MAX_REQUEST = MAX_TEXT  # characters (and 40 levels of nesting): the limits every outside input is held to (core.limits)
MAX_MATCHES = 64
NAME_LIMIT = 40

_matches: dict[str, Match] = {}


def _name(req: dict[str, Any]) -> str:
    name = req.get("match", "main")
    if not isinstance(name, str) or not 0 < len(name) <= NAME_LIMIT:
        raise ShoalError(f"match must be a name of 1 to {NAME_LIMIT} characters, got {brief(name)}")
    return name


def _match(req: dict[str, Any]) -> Match:
    name = _name(req)
    if name not in _matches:
        raise ShoalError(f"no match named {brief(name)}")
    return _matches[name]


def _keep(req: dict[str, Any], match: Match) -> None:
    name = _name(req)
    if name not in _matches and len(_matches) >= MAX_MATCHES:
        raise ShoalError(f"too many matches open ({MAX_MATCHES}): close one first")
    _matches[name] = match


def _step(match: Match, req: dict[str, Any]) -> dict[str, Any]:
    """Everything an answer may say about a match: what ``viewer`` sees, and nothing else. The view is serialised at
    once (``handle``), so it need not be a copy (``Match.shared_view``)."""
    view = match.shared_view(req.get("viewer"))
    out = {"to_act": view["to_act"], "over": view["over"], "view": view}
    if "humans" in req:
        out["undo_seat"] = match.undo_seat(_humans(match, req))
    return out


def _check_viewer(match: Match, viewer: Any) -> None:
    """Refuse a bad viewer before anything is played, as ``match.view(viewer)`` would, without building a view that
    is thrown away (a view is most of a request's time in Pyodide)."""
    if viewer is not None:
        match._check_seat(viewer)


def _humans(match: Match, req: dict[str, Any]) -> list[int]:
    humans = req.get("humans")
    if not (
        isinstance(humans, list)
        and len(humans) <= match.players
        and all(type(s) is int and 0 <= s < match.players for s in humans)
    ):
        raise ShoalError(f"humans must be a list of seats from 0 to {match.players - 1}, got {brief(humans)}")
    return humans


def _games(req: dict[str, Any]) -> dict[str, Any]:
    return {"games": [g.info() for g in GAMES.values()]}


def _new(req: dict[str, Any]) -> dict[str, Any]:
    match = new_match(req.get("game"), req.get("players"), req.get("seed", 0), req.get("options"))
    answer = _step(match, req)  # a bad viewer is refused before the match is kept
    _keep(req, match)
    return answer


def _load(req: dict[str, Any]) -> dict[str, Any]:
    match = replay(req.get("record"))
    answer = _step(match, req)
    _keep(req, match)
    return answer


def _view(req: dict[str, Any]) -> dict[str, Any]:
    return _step(_match(req), req)


def _play(req: dict[str, Any]) -> dict[str, Any]:
    """Play the seat's action; with ``bots`` ([[seat, bot], ...]), those bots then play while any of them is due, as
    ``bots`` with ``chain`` would (one round trip and one view for a click against instant bots)."""
    match = _match(req)
    seat, viewer = req.get("seat"), req.get("viewer")
    _check_viewer(match, viewer)  # a bad viewer is refused before anything is played
    chain = _bot_seats(match, req.get("bots")) if "bots" in req else None
    saved = _saved(match) if chain is not None else None  # only a chain can fail half-way
    try:
        match.play(seat, req.get("action"))
    except IllegalAction:
        if type(seat) is int and seat != viewer and 0 <= seat < match.players:
            # The full reason lists that seat's legal actions: its secrets, which this viewer may not read.
            raise IllegalAction(f"seat {seat} cannot play that now") from None
        raise
    if chain is None:
        return _step(match, req)
    assert saved is not None
    moved = _guarded(match, saved, lambda: _chain(match, chain, req.get("budget")))
    return {"moved": moved, **_step(match, req)}


def _bot(req: dict[str, Any]) -> dict[str, Any]:
    """Choose and play; the answer does not say what the bot chose (only what the viewer can see of it)."""
    match = _match(req)
    seat = req.get("seat")
    _check_viewer(match, req.get("viewer"))
    action = match.bot_action(seat, req.get("bot", "random"), req.get("budget"))
    match.play(seat, action)
    return _step(match, req)


def _bot_seats(match: Match, seats: Any) -> list[tuple[int, str]]:
    """Check a ``[[seat, bot], ...]`` list before any bot plays."""
    if not isinstance(seats, list) or not 0 < len(seats) <= match.players:
        raise ShoalError(f"bots needs seats: [[seat, bot], ...], at most one per seat, got {brief(seats)}")
    for entry in seats:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise ShoalError(f"bots: each entry is [seat, bot], got {brief(entry)}")
        seat, bot = entry
        if type(seat) is not int or not 0 <= seat < match.players:
            raise ShoalError(f"bots: seat must be an integer from 0 to {match.players - 1}, got {brief(seat)}")
        if not isinstance(bot, str) or bot not in match.game.bots:
            raise ShoalError(f"{match.game.id} has no bot {brief(bot, 40)} (bots: {', '.join(match.game.bots)})")
    return [(seat, bot) for seat, bot in seats]


def _saved(match: Match) -> dict[str, Any]:
    return {key: (list(value) if isinstance(value, list) else value) for key, value in vars(match).items()}


def _guarded(match: Match, saved: dict[str, Any], work: Callable[[], Any]) -> Any:
    """Run ``work``; if it fails half-way, the match is put back as ``saved``: refused means nothing happened."""
    try:
        return work()
    except BaseException:
        vars(match).clear()
        vars(match).update(saved)
        raise


def _bots_round(match: Match, seats: list[tuple[int, str]], budget: Any) -> list[int]:
    """Each listed bot that is due plays once, in order, until a new phase begins (the page shows it first)."""
    moved = []
    due = set(match.to_act())
    for seat, bot in seats:
        waiting = set(match.to_act())
        if not waiting <= due:
            break  # a new phase began: the page shows it before any bot acts in it
        if seat not in waiting:
            continue  # no longer asked (e.g. a Lunch call ended the window)
        match.play(seat, match.bot_action(seat, bot, budget))
        moved.append(seat)
    return moved


MAX_CHAIN = 400  # bot moves in one chained request: a table of bots alone still answers now and then


def _chain(match: Match, seats: list[tuple[int, str]], budget: Any) -> list[int]:
    """Rounds of ``_bots_round`` while any listed bot is due: what the page's loop would ask one round at a time
    (bots before people in a simultaneous phase), in one request."""
    moved: list[int] = []
    listed = {seat for seat, _ in seats}
    while len(moved) < MAX_CHAIN and not match.is_over() and listed & set(match.to_act()):
        step = _bots_round(match, seats, budget)
        if not step:
            break
        moved += step
    return moved


def _bots(req: dict[str, Any]) -> dict[str, Any]:
    """Several bots at once (a simultaneous phase): one round trip instead of one per seat. With ``chain``, round
    after round while any of them is due (the answer then says which seats ``moved``, in order).

    The whole request is checked before any bot plays, and a failure half-way restores the match: refused means
    nothing happened.
    """
    match = _match(req)
    seats = _bot_seats(match, req.get("seats"))
    _check_viewer(match, req.get("viewer"))
    saved = _saved(match)
    if req.get("chain") is True:
        moved = _guarded(match, saved, lambda: _chain(match, seats, req.get("budget")))
        return {"moved": moved, **_step(match, req)}
    _guarded(match, saved, lambda: _bots_round(match, seats, req.get("budget")))
    return _step(match, req)


def _undo(req: dict[str, Any]) -> dict[str, Any]:
    """Take back the seat's last move (and the bots' after it); the answer names the log lines the viewer had read of
    them (the viewer's, not the seat's: an answer shows only what the viewer may see)."""
    match = _match(req)
    seat, humans = req.get("seat"), _humans(match, req)
    viewer = req.get("viewer")
    if not match.can_undo(seat, humans):
        raise ShoalError(f"seat {brief(seat)} cannot take back a move now")
    before = match.view(viewer)["log"]
    match.undo(seat, humans)
    after = match.view(viewer)["log"]
    taken_back = before[len(after) :] if before[: len(after)] == after else []
    return {"taken_back": taken_back, **_step(match, req)}


def _can_undo(req: dict[str, Any]) -> dict[str, Any]:
    match = _match(req)
    return {"can_undo": match.can_undo(req.get("seat"), _humans(match, req))}


def _record(req: dict[str, Any]) -> dict[str, Any]:
    return {"record": _match(req).record()}


# Replays kept between replay_step calls, one per board (by its match name, as every other command): stepping forward
# plays on from the last position, stepping back starts from the nearest checkpoint (a copy every CHECKPOINT
# actions), so a long Brunch game steps as fast as a short one, and two replay boards on one page stepped in turn
# keep their own. At most MAX_REPLAYS boards are kept; the one stepped longest ago goes first.
CHECKPOINT = 16
MAX_REPLAYS = 8
_replays: dict[str, dict[str, Any]] = {}  # board name -> {"key", "full", "checkpoints"}, least recently used first


def _replay_step(req: dict[str, Any]) -> dict[str, Any]:
    name = _name(req)
    record = req.get("record")
    key = json.dumps(record, sort_keys=True)
    kept = _replays.get(name)
    if kept is None or kept["key"] != key:
        full = replay(record)  # refuses a bad record before anything is kept
        start = replay({**record, "actions": []})
        kept = {"key": key, "full": full, "checkpoints": {0: start}}
    _replays.pop(name, None)
    _replays[name] = kept  # the most recently used, last
    while len(_replays) > MAX_REPLAYS:
        del _replays[next(iter(_replays))]
    full: Match = kept["full"]
    total = len(full.actions)
    upto = req.get("upto", total)
    if type(upto) is not int or not 0 <= upto <= total:
        raise ShoalError(f"replay_step: upto must be an integer from 0 to {total}, got {brief(upto)}")
    points = kept["checkpoints"]
    base = max(k for k in points if k <= upto)
    match = copy.deepcopy(points[base])
    for i in range(base, upto):
        match.play(*full.actions[i])
        if (i + 1) % CHECKPOINT == 0 and i + 1 not in points:
            points[i + 1] = copy.deepcopy(match)
    move = full.actions[upto - 1] if upto else None
    return {"total": total, "upto": upto, "move": move, **_step(match, req)}


def _replay_compile(req: dict[str, Any]) -> dict[str, Any]:
    """A record compiled for a page (the spectator's views only: the file is for handing round)."""
    from . import replays

    return {"replay": replays.compile_replay(req.get("record"))}


# The record analysis and the hint under way (one of each): each request does a slice of the work, so the worker
# answers the page between slices and nothing runs between requests.
_analysis: dict[str, Any] = {"session": None, "hint": None, "hint_key": None, "move": None, "move_key": None}
SLICE_MS = 250
MAX_SLICE_MS = 10_000


def _slice(req: dict[str, Any], default: int | None) -> Callable[[], bool]:
    """When to stop: after ``ms`` milliseconds (checked between sampled positions), or never without ``ms`` and
    ``default``. The results do not depend on it, only how soon the answer comes."""
    ms = req.get("ms", default)
    if ms is None:
        return lambda: False
    if type(ms) is not int or not 1 <= ms <= MAX_SLICE_MS:
        raise ShoalError(f"ms must be an integer from 1 to {MAX_SLICE_MS}, got {brief(ms)}")
    deadline = time.monotonic() + ms / 1000
    return lambda: time.monotonic() >= deadline


def _analyse_start(req: dict[str, Any]) -> dict[str, Any]:
    from .analysis import Session, thresholds

    session = Session(req.get("record"), req.get("seats"), req.get("budget"), req.get("seed", 0))
    _analysis["session"] = session
    return {
        "total": session.total,
        "plies": [list(p) for p in session.plies],
        "unit": session.unit,
        "thresholds": thresholds(session.unit),
    }


def _analyse_next(req: dict[str, Any]) -> dict[str, Any]:
    session = _analysis["session"]
    if session is None:
        raise ShoalError("no analysis under way: analyse_start first")
    finished = session.advance(_slice(req, SLICE_MS))
    out = {
        "decisions": finished,
        "done": len(session.results),
        "total": session.total,
        "progress": round(session.progress, 4),
        "over": session.over,
    }
    if session.over:
        out["summary"] = session.summary()
    return out


def _analyse_stop(req: dict[str, Any]) -> dict[str, Any]:
    _analysis["session"] = None
    return {}


def _moved(req: dict[str, Any], make: Callable[[], Any]) -> tuple[Any, float]:
    """The tried move's work under way for this same request (else a new one from ``make``), advanced a slice:
    its answer (None before it is found) and its progress."""
    key = json.dumps({k: v for k, v in req.items() if k != "ms"}, sort_keys=True)
    job = _analysis["move"] if _analysis["move_key"] == key else None
    if job is None:
        job = make()
        _analysis["move"], _analysis["move_key"] = job, key
    found = job.advance(_slice(req, None))
    if found is not None:
        _analysis["move"] = _analysis["move_key"] = None
    return found, round(job.progress, 4)


def _analyse_move(req: dict[str, Any]) -> dict[str, Any]:
    from .analysis import attempt

    args = (req.get("record"), req.get("ply"), req.get("action"), req.get("budget"), req.get("seed", 0))
    found, progress = _moved(req, lambda: attempt(*args))
    return {"decision": found, "progress": progress}


def _try_move(req: dict[str, Any]) -> dict[str, Any]:
    from .tryit import Trying

    args = (req.get("record"), req.get("ply"), req.get("action"), req.get("decision"))
    found, progress = _moved(req, lambda: Trying(*args, req.get("budget"), req.get("seed", 0)))
    return {"verdict": found, "progress": progress}


def _hint(req: dict[str, Any]) -> dict[str, Any]:
    from .analysis import Hint

    match = _match(req)
    # The work under way goes on only for the same match object (kept here, so no other can take its place) at the
    # same moves, for the same request.
    key = (match, json.dumps([match.actions, req.get("seat"), req.get("budget"), req.get("seed", 0)]))
    held = _analysis["hint_key"]
    hint = _analysis["hint"] if held is not None and held[0] is key[0] and held[1] == key[1] else None
    if hint is None:
        hint = Hint(match, req.get("seat"), req.get("budget"), req.get("seed", 0))
        _analysis["hint"], _analysis["hint_key"] = hint, key
    found = hint.advance(_slice(req, None))
    if found is not None:
        _analysis["hint"] = _analysis["hint_key"] = None
    return {"hint": found, "progress": round(hint.progress, 4)}


def _close(req: dict[str, Any]) -> dict[str, Any]:
    _matches.pop(_name(req), None)
    _replays.pop(_name(req), None)
    return {}


def _lesson_answer(req: dict[str, Any]) -> dict[str, Any]:
    """Check a reader's answer to a lesson's question (``lesson`` is the hand-written lesson, its ``source``)."""
    from . import lessons

    return lessons.answer(req.get("lesson"), req.get("step"), req.get("action"), solve=req.get("solve") is True)


def _lesson_open(req: dict[str, Any]) -> dict[str, Any]:
    """Load a lesson's position at ``step`` as a playable match (for "play on from here")."""
    from . import lessons

    match = lessons.open_step(req.get("lesson"), req.get("step"))
    answer = _step(match, req)
    _keep(req, match)
    return answer


def _lesson_id(req: dict[str, Any]) -> str | None:
    value = req.get("id")
    if value is not None and not isinstance(value, str):
        raise ShoalError(f"id must be a lesson id (text), got {brief(value)}")
    return value


def _lesson_compile(req: dict[str, Any]) -> dict[str, Any]:
    """Compile a hand-written lesson as the build does (the page mounts it, the Studio previews it)."""
    from . import lessons

    return {"lesson": lessons.compile_lesson(req.get("lesson"), _lesson_id(req))}


def _lesson_check(req: dict[str, Any]) -> dict[str, Any]:
    """Every problem of a lesson, each with its step and field: the Studio shows each beside its field."""
    from . import lessons

    return {"problems": [p.to_json() for p in lessons.check(req.get("lesson"), _lesson_id(req))]}


def _lesson_conditions(req: dict[str, Any]) -> dict[str, Any]:
    """The conditions a question of this game may use, with their parameters (the Studio's list)."""
    from . import game
    from .lessons import conditions

    return {"conditions": conditions.describe(game(req.get("game")))}


def _position(req: dict[str, Any]) -> dict[str, Any]:
    return {"position": _match(req).notation()}


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "games": _games,
    "new": _new,
    "load": _load,
    "view": _view,
    "play": _play,
    "bot": _bot,
    "bots": _bots,
    "undo": _undo,
    "can_undo": _can_undo,
    "record": _record,
    "close": _close,
    "lesson_answer": _lesson_answer,
    "lesson_open": _lesson_open,
    "lesson_compile": _lesson_compile,
    "lesson_check": _lesson_check,
    "lesson_conditions": _lesson_conditions,
    "position": _position,
    "replay_step": _replay_step,
    "replay_compile": _replay_compile,
    "analyse_start": _analyse_start,
    "analyse_next": _analyse_next,
    "analyse_stop": _analyse_stop,
    "analyse_move": _analyse_move,
    "try_move": _try_move,
    "hint": _hint,
}


def _refuse(message: str) -> str:
    return json.dumps({"ok": False, "error": clip(message)})


def handle(request: Any) -> str:
    """Answer one JSON request with one JSON answer; errors are answers too, never exceptions."""
    try:
        if not isinstance(request, str):
            return _refuse(f"a request must be a JSON string, got {type(request).__name__}")
        why = text_problem(request, "request")  # before the parser, which recurses once per level
        if why:
            return _refuse(why)
        try:
            req = json.loads(request)
        except (ValueError, RecursionError) as e:
            return _refuse(f"request is not JSON: {e}")
        cmd = req.get("cmd") if isinstance(req, dict) else None
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            return _refuse(f"unknown command {brief(cmd, 30)} (commands: {', '.join(COMMANDS)})")
        try:
            answer = COMMANDS[cmd](req)
        except ShoalError as e:
            return _refuse(str(e))
        return json.dumps({"ok": True, **answer})
    except Exception as e:  # a bug: the player gets a short line, the console the whole story
        traceback.print_exc(file=sys.stderr)
        return _refuse(f"internal error: {type(e).__name__}: {clip(str(e), 120)}")
