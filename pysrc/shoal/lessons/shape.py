"""A lesson's shape: its fields, their types, seats in range, refs written as refs, conditions the game knows, with
their parameters — everything that can be checked without playing the lesson (``shoal.lessons`` plays it)."""

from __future__ import annotations

import json
import re
from typing import Any

from shoal.core import ShoalError, limits
from shoal.core.condition import Condition

from . import conditions
from .problems import LessonError, Problems, problem, where

FORMAT = "shoal-lesson"
LESSON_KEYS = {"format", "id", "title", "summary", "game", "players", "options", "seed", "start", "viewer", "steps"}
STEP_KEYS = {"move", "comment", "highlight", "viewer", "question"}
QUESTION_KEYS = {"seat", "prompt", "accept", "right", "wrong", "hint", "explain", "refute"}
START_KEYS = {"position", "record", "actions"}
REF = re.compile(r"^[a-z_]+:[^\s]+$")
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

# What one answer may cost: each bot condition makes that bot decide once (a question caches its bots' choices, but a
# lesson from a link is untrusted and must not be able to ask for a hundred searches).
MAX_BOT_CONDITIONS = 4  # per question
SEARCH_BUDGET_LEVEL = "hard"  # a question's bot searches add up to at most one decision of this level


def need(obj: dict, key: str, kind: type | tuple, step: int | None, field: str, optional: bool = False) -> Any:
    """``obj[key]`` if it is of ``kind`` (None when ``optional`` and absent), else a :class:`LessonError`."""
    if key not in obj:
        if optional:
            return None
        raise problem(step, field, "missing")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not any(type(value) is k for k in kinds):
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise problem(step, field, f"must be {names}, got {type(value).__name__}")
    return value


def unknown(obj: dict, allowed: set, step: int | None, field: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise problem(
            step, field, f"unknown field(s) {', '.join(map(repr, extra))} (known: {', '.join(sorted(allowed))})"
        )


def check_seat(value: Any, players: int, step: int | None, field: str, allow_none: bool) -> None:
    if value is None and allow_none:
        return
    if type(value) is not int or not 0 <= value < players:
        raise problem(
            step,
            field,
            f"must be a seat 0–{players - 1}{' or null' if allow_none else ''}, got {json.dumps(value)}",
        )


def check_id(name: str, field: str = "id", source: str = "") -> None:
    """Lesson ids (and so the file names of lessons) are lower-case letters, digits and ``-``: they go into URLs."""
    if not ID.match(name):
        suggest = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-") or "my-lesson"
        raise problem(
            None,
            field,
            f"{source}{name!r} must be lower-case letters, digits and '-' only (starting with a letter or digit), "
            f"e.g. {suggest!r}",
        )


def read_params(
    condition: Condition, accept: dict, step: int | None = None, field: str = "", game: str = ""
) -> dict[str, Any]:
    """A condition's parameters as its check reads them (a colour's name becomes its letter); a bad one refused with
    the values it accepts."""
    out: dict[str, Any] = {}
    for name, param in condition.params.items():
        if name not in accept:
            if param.required:
                raise problem(step, f"{field}.{name}", f"missing ({param.help})")
            continue
        value, why = param.read(accept[name])
        if why:
            raise problem(step, f"{field}.{name}", f"{game} {why}" if param.type == "bot" else why)
        out[name] = value
    return out


def check_accept(
    accept: Any, game: str, step: int, field: str, problems: Problems, bots: list[tuple[str, str]]
) -> None:
    """Check an ``accept`` (a list of actions, a condition, ``any_of`` of them), each part on its own; note in ``bots``
    the bots its conditions ask, as ``(field, bot)``: what answering it costs (:func:`check_cost`)."""
    import shoal

    if isinstance(accept, list):
        if not accept:
            raise problem(step, field, "an empty list accepts nothing")
        for j, a in enumerate(accept):
            if not isinstance(a, dict):
                problems.say(step, f"{field}[{j}]", "an action is a JSON object")
        return
    if not isinstance(accept, dict):
        raise problem(step, field, 'must be a list of actions or {"condition": ...}')
    name = accept.get("condition")
    if name == "any_of":
        unknown(accept, {"condition", "of"}, step, field)
        of = accept.get("of")
        if not isinstance(of, list) or not of:
            raise problem(step, field + ".of", "must be a non-empty list")
        for j, part in enumerate(of):
            with problems.each():
                check_accept(part, game, step, f"{field}.of[{j}]", problems, bots)
        return
    known = conditions.known(shoal.GAMES.values())
    if not isinstance(name, str) or name not in known:
        raise problem(
            step,
            field + ".condition",
            f"unknown condition {json.dumps(name)} (conditions: {', '.join(['any_of', *known])})",
        )
    found = conditions.lookup(shoal.GAMES[game], name)
    if found is None:
        raise problem(step, field + ".condition", f"{name} is for {', '.join(known[name])}, not {game}")
    unknown(accept, {"condition", *found.params}, step, field)
    params = read_params(found, accept, step, field, game)
    if found.asks_bot:
        bots.append((field, conditions.bot_named(shoal.GAMES[game].bots, params)))


def _search_work(bot: Any) -> int:
    """Iterations a search bot runs for a decision (a quick bot: 0, it searches nothing)."""
    return int(getattr(bot, "iterations", 0) or 0)


def check_cost(game: str, step: int, bots: list[tuple[str, str]]) -> None:
    """Refuse a question whose bot conditions are too many or search too much, naming the condition over the line."""
    import shoal

    game_bots = shoal.GAMES[game].bots
    budget = _search_work(game_bots.get(SEARCH_BUDGET_LEVEL))
    work = 0
    asking = ", ".join(n for n, c in conditions.GENERIC.items() if c.asks_bot)
    for count, (field, bot) in enumerate(bots, 1):
        if count > MAX_BOT_CONDITIONS:
            raise problem(
                step,
                field,
                f"a question may ask at most {MAX_BOT_CONDITIONS} bot conditions ({asking}); this is number {count}",
            )
        work += _search_work(game_bots[bot])
        if work > budget:
            raise problem(
                step,
                field,
                f"bot {json.dumps(bot)} takes the question's bot searches to {work} iterations, more than one "
                f"{SEARCH_BUDGET_LEVEL} decision ({budget})",
            )


def read(obj: Any) -> dict:
    """The lesson object from text or data, under the engine's limits; a compiled lesson gives its source."""
    # Text or data, the same limits before anything below recurses (a lesson nested 5,000 deep kills Pyodide).
    why = None if isinstance(obj, str) else limits.data_problem(obj, "lesson")
    if why:
        raise LessonError(why)
    if isinstance(obj, str):
        try:
            obj = limits.loads(obj, "lesson")
        except ShoalError as e:
            raise LessonError(str(e)) from None
    if not isinstance(obj, dict):
        raise LessonError(f"a lesson is a JSON object, got {type(obj).__name__}")
    if isinstance(obj.get("source"), dict) and "steps" in obj:  # a compiled lesson: the engine reads its source
        obj = obj["source"]
    return obj


def check_shape(obj: dict, lesson_id: str | None, problems: Problems) -> bool:
    """Report every shape problem of ``obj`` to ``problems``; True when the game, the seats and the start could be
    read (the lesson can then be played through, as far as its steps' moves can be read)."""
    import shoal

    each = problems.each
    with each():
        unknown(obj, LESSON_KEYS, None, "top level")
    with each():
        if obj.get("format", FORMAT) != FORMAT:
            raise problem(None, "format", f"must be {FORMAT!r}, got {obj.get('format')!r}")
    if lesson_id is not None:
        with each():
            check_id(lesson_id, "id", "the file name ")
    with each():
        value = need(obj, "id", str, None, "id", optional=True)
        if value is not None:
            check_id(value)
            if lesson_id is not None and value != lesson_id:
                raise problem(None, "id", f"{value!r} differs from its file name {lesson_id!r}")
    with each():
        need(obj, "title", str, None, "title")
    with each():
        need(obj, "summary", str, None, "summary", optional=True)
    playable = False
    players = None
    with each():
        game = need(obj, "game", str, None, "game")
        if game not in shoal.GAMES:
            raise problem(None, "game", f"unknown game {game!r} (games: {', '.join(shoal.GAMES)})")
        players = need(obj, "players", int, None, "players")
        g = shoal.GAMES[game]
        if not g.min_players <= players <= g.max_players:
            raise problem(None, "players", f"{g.title} is for {g.min_players}–{g.max_players} players, got {players}")
        playable = True
    with each():
        need(obj, "options", dict, None, "options", optional=True)
    with each():
        need(obj, "seed", int, None, "seed", optional=True)
    if "viewer" in obj and players is not None:
        with each():
            check_seat(obj["viewer"], players, None, "viewer", allow_none=True)
    start_ok = False
    with each():
        start = need(obj, "start", (dict, type(None)), None, "start", optional=True) or {}
        unknown(start, START_KEYS, None, "start")
        if len(start) > 1 and "record" in start:
            raise problem(None, "start", "a record cannot be combined with a position or actions")
        need(start, "position", str, None, "start.position", optional=True)
        need(start, "record", dict, None, "start.record", optional=True)
        need(start, "actions", list, None, "start.actions", optional=True)
        start_ok = True
    steps = None
    with each():
        steps = need(obj, "steps", list, None, "steps")
        if not steps:
            raise problem(None, "steps", "a lesson has at least one step")
    if not steps:
        return False
    for i, step in enumerate(steps):
        with each():
            check_step(step, i, obj.get("game") if playable else None, players if playable else None, problems)
    return playable and start_ok


def check_step(step: Any, i: int, game: str | None, players: int | None, problems: Problems) -> None:
    """One step's shape; with ``game`` None (the lesson's game is not known) only what needs no game."""
    each = problems.each
    if not isinstance(step, dict):
        raise problem(i, "fields", "must be an object")  # "lesson step N, fields: ..." like every step problem
    with each():
        unknown(step, STEP_KEYS, i, "fields")
    with each():
        need(step, "move", (list, type(None)), i, "move", optional=True)
    with each():
        need(step, "comment", str, i, "comment")
    highlight = []
    with each():
        highlight = need(step, "highlight", list, i, "highlight", optional=True) or []
    for j, ref in enumerate(highlight):
        if not isinstance(ref, str) or not REF.match(ref):
            problems.say(i, f"highlight[{j}]", f'a ref is "kind:id" (docs/refs.md), got {json.dumps(ref)}')
    if "viewer" in step and players is not None:
        with each():
            check_seat(step["viewer"], players, i, "viewer", allow_none=True)
    q = need(step, "question", (dict, type(None)), i, "question", optional=True)
    if q is None:
        return
    with each():
        unknown(q, QUESTION_KEYS, i, "question")
    if players is not None:
        with each():
            need(q, "seat", int, i, "question.seat")
            check_seat(q["seat"], players, i, "question.seat", allow_none=False)
    for key in ("prompt", "right", "wrong"):
        with each():
            need(q, key, str, i, f"question.{key}")
    if game is not None:
        with each():
            if "accept" not in q:
                raise problem(i, "question.accept", "missing")
            bots: list[tuple[str, str]] = []
            with each():
                check_accept(q["accept"], game, i, "question.accept", problems, bots)
            with each():
                gamebook.check_shape(q, game, players, i, problems, bots)
            check_cost(game, i, bots)
    if game is None:
        with each():
            gamebook.check_shape(q, None, players, i, problems, [])
    if "viewer" in step and isinstance(q.get("seat"), int) and step["viewer"] != q["seat"]:
        problems.say(
            i,
            "viewer",
            f"a question for seat {q['seat']} is shown from that seat's view, not {json.dumps(step['viewer'])}",
        )


from . import gamebook  # noqa: E402  (it reads this module's checks)

__all__ = ["FORMAT", "ID", "REF", "check_accept", "check_cost", "check_shape", "read", "read_params", "where"]
