"""Lessons: hand-written walks through positions, with comments, highlights and questions the engine checks.

A lesson is plain JSON (see ``docs/lessons.md``)::

    {"title": ..., "game": "museum", "players": 2, "start": {"position": "..."}, "viewer": 0,
     "steps": [{"move": null, "comment": "...", "highlight": ["cell:0,0"]},
               {"move": [0, {...}], "comment": "...",
                "question": {"seat": 1, "prompt": "...", "accept": {"condition": "makes_line_score"},
                             "right": "...", "wrong": "..."}}]}

:func:`load` checks a lesson and plays it through, refusing it with a :class:`ShoalError` that names the step and the
field; :func:`compile_lesson` adds every step's view (done at build time with CPython, so a page paints at once);
:func:`answer` checks a reader's move against a question; :func:`open_step` gives the match at a step, to play on.
"""

from __future__ import annotations

import json
import re
from typing import Any

from shoal.core import IllegalAction, Match, ShoalError, limits
from shoal.core import actions as _actions

from . import conditions

FORMAT = "shoal-lesson"
LESSON_KEYS = {"format", "id", "title", "summary", "game", "players", "options", "seed", "start", "viewer", "steps"}
STEP_KEYS = {"move", "comment", "highlight", "viewer", "question"}
QUESTION_KEYS = {"seat", "prompt", "accept", "right", "wrong"}
START_KEYS = {"position", "record", "actions"}
REF = re.compile(r"^[a-z_]+:[^\s]+$")
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class LessonError(ShoalError):
    """A lesson could not be read: the message names the step and the field."""


def _where(step: int | None, field: str) -> str:
    return field if step is None else f"step {step + 1}, {field}"


def _need(obj: dict, key: str, kind: type | tuple, step: int | None, field: str, optional: bool = False) -> Any:
    if key not in obj:
        if optional:
            return None
        raise LessonError(f"lesson {_where(step, field)}: missing")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not any(type(value) is k for k in kinds):
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise LessonError(f"lesson {_where(step, field)}: must be {names}, got {type(value).__name__}")
    return value


def _unknown(obj: dict, allowed: set, step: int | None, where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise LessonError(
            f"lesson {_where(step, where)}: unknown field(s) {', '.join(map(repr, extra))} "
            f"(known: {', '.join(sorted(allowed))})"
        )


class Lesson:
    """A checked lesson: its fields, and the match at every step (built once, on demand)."""

    def __init__(self, source: dict[str, Any], lesson_id: str | None = None) -> None:
        self.source = source
        self.id = lesson_id or source.get("id")
        self.title = source["title"]
        self.summary = source.get("summary", "")
        self.game = source["game"]
        self.players = source["players"]
        self.options = source.get("options") or {}
        self.seed = source.get("seed", 0)
        self.steps: list[dict[str, Any]] = source["steps"]

    # --- the match at a step ---------------------------------------------------------------------------------
    def start(self) -> Match:
        import shoal

        start = self.source.get("start") or {}
        try:
            if "record" in start:
                match = shoal.replay(start["record"])
                if match.game.id != self.game or match.players != self.players:
                    raise LessonError(
                        f"lesson start.record: a {match.players}-player {match.game.id} record, "
                        f"the lesson is {self.players}-player {self.game}"
                    )
                return match
            match = shoal.new_match(self.game, self.players, self.seed, self.options, start.get("position"))
        except LessonError:
            raise
        except ShoalError as e:
            raise LessonError(f"lesson start: {e}") from None
        for i, entry in enumerate(start.get("actions", [])):
            if not (isinstance(entry, list) and len(entry) == 2):
                raise LessonError(f"lesson start.actions[{i}]: must be [seat, action]")
            try:
                match.play(entry[0], entry[1])
            except ShoalError as e:
                raise LessonError(f"lesson start.actions[{i}]: {e}") from None
        return match

    def match_at(self, step: int) -> Match:
        """The match after step ``step``'s move (steps count from 0)."""
        if type(step) is not int or not 0 <= step < len(self.steps):
            raise LessonError(f"lesson has steps 0–{len(self.steps) - 1}, got {step!r}")
        match = self.start()
        for i in range(step + 1):
            move = self.steps[i].get("move")
            if move is not None:
                _play_move(match, move, i)
        return match

    def viewer(self, step: int) -> int | None:
        s = self.steps[step]
        if "viewer" in s:
            return s["viewer"]
        if s.get("question"):
            return s["question"]["seat"]
        return self.source.get("viewer")


def _play_move(match: Match, move: Any, i: int) -> None:
    if not (isinstance(move, list) and len(move) == 2):
        raise LessonError(f"lesson {_where(i, 'move')}: must be [seat, action] or null")
    try:
        match.play(move[0], move[1])
    except ShoalError as e:
        raise LessonError(f"lesson {_where(i, 'move')}: {e}") from None


# --- reading and checking ---------------------------------------------------------------------------------------
def _check_seat(value: Any, players: int, step: int | None, field: str, allow_none: bool) -> None:
    if value is None and allow_none:
        return
    if type(value) is not int or not 0 <= value < players:
        raise LessonError(
            f"lesson {_where(step, field)}: must be a seat 0–{players - 1}"
            f"{' or null' if allow_none else ''}, got {json.dumps(value)}"
        )


def _check_accept(
    accept: Any, game: str, step: int, field: str, bots: list[tuple[str, str]] | None = None
) -> list[tuple[str, str]]:
    """Check an ``accept`` (a list of actions, a condition, ``any_of`` of them) and return the bots its conditions
    ask, as ``(field, bot)``: what answering it costs (:func:`_check_cost`)."""
    import shoal

    bots = [] if bots is None else bots
    if isinstance(accept, list):
        if not accept:
            raise LessonError(f"lesson {_where(step, field)}: an empty list accepts nothing")
        for j, a in enumerate(accept):
            if not isinstance(a, dict):
                raise LessonError(f"lesson {_where(step, f'{field}[{j}]')}: an action is a JSON object")
        return bots
    if not isinstance(accept, dict):
        raise LessonError(f'lesson {_where(step, field)}: must be a list of actions or {{"condition": ...}}')
    name = accept.get("condition")
    if name == "any_of":
        _unknown(accept, {"condition", "of"}, step, field)
        of = accept.get("of")
        if not isinstance(of, list) or not of:
            raise LessonError(f"lesson {_where(step, field + '.of')}: must be a non-empty list")
        for j, part in enumerate(of):
            _check_accept(part, game, step, f"{field}.of[{j}]", bots)
        return bots
    known = conditions.known(shoal.GAMES.values())
    if not isinstance(name, str) or name not in known:
        raise LessonError(
            f"lesson {_where(step, field + '.condition')}: unknown condition {json.dumps(name)} "
            f"(conditions: {', '.join(['any_of', *known])})"
        )
    found = conditions.lookup(shoal.GAMES[game], name)
    if found is None:
        raise LessonError(
            f"lesson {_where(step, field + '.condition')}: {name} is for {', '.join(known[name])}, not {game}"
        )
    _, params = found
    _unknown(accept, {"condition", *params}, step, field)
    for key, (kind, required) in params.items():
        _need(accept, key, kind, step, f"{field}.{key}", optional=not required)
    if name in conditions.BOT_CONDITIONS:
        game_bots = shoal.GAMES[game].bots
        bot = conditions.bot_named(game_bots, accept)
        if bot not in game_bots:
            raise LessonError(
                f"lesson {_where(step, field + '.bot')}: {game} has no bot {json.dumps(bot)} "
                f"(bots: {', '.join(game_bots)})"
            )
        bots.append((field, bot))
    return bots


# What one answer may cost: each bot condition makes that bot decide once (a question caches its bots' choices, but a
# lesson from a link is untrusted and must not be able to ask for a hundred searches).
MAX_BOT_CONDITIONS = 4  # per question
SEARCH_BUDGET_LEVEL = "hard"  # a question's bot searches add up to at most one decision of this level


def _search_work(bot: Any) -> int:
    """Iterations a search bot runs for a decision (a quick bot: 0, it searches nothing)."""
    return int(getattr(bot, "iterations", 0) or 0)


def _check_cost(game: str, step: int, bots: list[tuple[str, str]]) -> None:
    """Refuse a question whose bot conditions are too many or search too much, naming the condition over the line."""
    import shoal

    game_bots = shoal.GAMES[game].bots
    budget = _search_work(game_bots.get(SEARCH_BUDGET_LEVEL))
    work = 0
    for count, (field, bot) in enumerate(bots, 1):
        if count > MAX_BOT_CONDITIONS:
            raise LessonError(
                f"lesson {_where(step, field)}: a question may ask at most {MAX_BOT_CONDITIONS} bot "
                f"conditions ({', '.join(conditions.BOT_CONDITIONS)}); this is number {count}"
            )
        work += _search_work(game_bots[bot])
        if work > budget:
            raise LessonError(
                f"lesson {_where(step, field)}: bot {json.dumps(bot)} takes the question's bot "
                f"searches to {work} iterations, more than one {SEARCH_BUDGET_LEVEL} decision "
                f"({budget})"
            )


def parse(obj: Any, lesson_id: str | None = None) -> Lesson:
    """Check a lesson's shape (fields, types, seats, refs) without playing it. Raises :class:`LessonError`."""
    import shoal

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
    _unknown(obj, LESSON_KEYS, None, "top level")
    if obj.get("format", FORMAT) != FORMAT:
        raise LessonError(f"lesson format: must be {FORMAT!r}, got {obj.get('format')!r}")
    for key in ("id",):
        value = _need(obj, key, str, None, key, optional=True)
        if value is not None and not ID.match(value):
            raise LessonError(f"lesson id: lower-case letters, digits and '-' only, got {value!r}")
    if lesson_id is not None and obj.get("id", lesson_id) != lesson_id:
        raise LessonError(f"lesson id: {obj['id']!r} differs from its file name {lesson_id!r}")
    _need(obj, "title", str, None, "title")
    _need(obj, "summary", str, None, "summary", optional=True)
    game = _need(obj, "game", str, None, "game")
    if game not in shoal.GAMES:
        raise LessonError(f"lesson game: unknown game {game!r} (games: {', '.join(shoal.GAMES)})")
    players = _need(obj, "players", int, None, "players")
    g = shoal.GAMES[game]
    if not g.min_players <= players <= g.max_players:
        raise LessonError(f"lesson players: {g.title} is for {g.min_players}–{g.max_players} players, got {players}")
    _need(obj, "options", dict, None, "options", optional=True)
    _need(obj, "seed", int, None, "seed", optional=True)
    if "viewer" in obj:
        _check_seat(obj["viewer"], players, None, "viewer", allow_none=True)
    start = _need(obj, "start", (dict, type(None)), None, "start", optional=True) or {}
    _unknown(start, START_KEYS, None, "start")
    if len(start) > 1 and "record" in start:
        raise LessonError("lesson start: a record cannot be combined with a position or actions")
    _need(start, "position", str, None, "start.position", optional=True)
    _need(start, "record", dict, None, "start.record", optional=True)
    _need(start, "actions", list, None, "start.actions", optional=True)
    steps = _need(obj, "steps", list, None, "steps")
    if not steps:
        raise LessonError("lesson steps: a lesson has at least one step")
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            raise LessonError(f"lesson step {i + 1}: must be an object")
        _unknown(step, STEP_KEYS, i, "fields")
        _need(step, "move", (list, type(None)), i, "move", optional=True)
        _need(step, "comment", str, i, "comment")
        highlight = _need(step, "highlight", list, i, "highlight", optional=True) or []
        for j, ref in enumerate(highlight):
            if not isinstance(ref, str) or not REF.match(ref):
                raise LessonError(
                    f'lesson {_where(i, f"highlight[{j}]")}: a ref is "kind:id" (docs/refs.md), got {json.dumps(ref)}'
                )
        if "viewer" in step:
            _check_seat(step["viewer"], players, i, "viewer", allow_none=True)
        q = _need(step, "question", (dict, type(None)), i, "question", optional=True)
        if q is None:
            continue
        _unknown(q, QUESTION_KEYS, i, "question")
        _need(q, "seat", int, i, "question.seat")
        _check_seat(q["seat"], players, i, "question.seat", allow_none=False)
        for key in ("prompt", "right", "wrong"):
            _need(q, key, str, i, f"question.{key}")
        if "accept" not in q:
            raise LessonError(f"lesson {_where(i, 'question.accept')}: missing")
        _check_cost(game, i, _check_accept(q["accept"], game, i, "question.accept"))
        if "viewer" in step and step["viewer"] != q["seat"]:
            raise LessonError(
                f"lesson {_where(i, 'viewer')}: a question for seat {q['seat']} is shown from that "
                f"seat's view, not {json.dumps(step['viewer'])}"
            )
    return Lesson(obj, lesson_id)


# --- questions --------------------------------------------------------------------------------------------------
def accepts(match: Match, seat: int, action: dict, accept: Any, asked: conditions.Asked | None = None) -> bool:
    """Whether the (legal) ``action`` of ``seat`` answers the question: in the list, or meeting the condition, judged
    from what the seat knows (``asked``: the position as the seat sees it, shared by several answers)."""
    if isinstance(accept, list):
        return any(_actions.same(action, a) for a in accept)
    asked = asked or conditions.Asked(match, seat)
    name = accept["condition"]
    if name == "any_of":
        return any(accepts(match, seat, action, part, asked) for part in accept["of"])
    found = conditions.lookup(match.game, name)
    assert found is not None, name  # ``parse`` refused a condition the game does not know
    return bool(found[0](asked, action, accept))


def _check_question(lesson: Lesson, i: int, match: Match) -> None:
    q = lesson.steps[i]["question"]
    seat = q["seat"]
    legal = match.legal_actions(seat)
    if not legal:
        raise LessonError(
            f"lesson {_where(i, 'question.seat')}: seat {seat} is not to act at this step "
            f"(waiting for {match.to_act()})"
        )
    if isinstance(q["accept"], list):
        for j, a in enumerate(q["accept"]):
            if not _actions.find(a, legal):
                raise LessonError(
                    f"lesson {_where(i, f'question.accept[{j}]')}: not a legal move here: {_actions.explain(a, legal)}"
                )
    asked = conditions.Asked(match, seat)
    verdicts = [accepts(match, seat, a, q["accept"], asked) for a in legal]
    if not any(verdicts):
        raise LessonError(f"lesson {_where(i, 'question.accept')}: no legal move is accepted")
    if all(verdicts):
        raise LessonError(f"lesson {_where(i, 'question.accept')}: every legal move is accepted, so it asks nothing")


def load(obj: Any, lesson_id: str | None = None) -> Lesson:
    """Check a lesson fully: its shape, then every move and question played through. Raises :class:`LessonError`."""
    lesson = parse(obj, lesson_id)
    match = lesson.start()
    for i, step in enumerate(lesson.steps):
        if step.get("move") is not None:
            _play_move(match, step["move"], i)
        if step.get("question"):
            _check_question(lesson, i, match)
    return lesson


def validate(obj: Any) -> None:
    """Raise :class:`LessonError` naming the step and the field if the lesson is malformed."""
    load(obj)


def compile_lesson(obj: Any, lesson_id: str | None = None) -> dict[str, Any]:
    """The compiled lesson the page reads (TEAM.md): every step's view precomputed, the source kept for the engine."""
    lesson = load(obj, lesson_id)
    match = lesson.start()
    steps = []
    for i, step in enumerate(lesson.steps):
        move = step.get("move")
        if move is not None:
            match.play(move[0], move[1])
        q = step.get("question")
        steps.append(
            {
                "comment": step["comment"],
                "highlight": list(step.get("highlight", [])),
                "viewer": lesson.viewer(i),
                "move": move,
                "view": match.view(lesson.viewer(i)),
                "question": None if not q else {"seat": q["seat"], "prompt": q["prompt"]},
            }
        )
    return {
        "format": FORMAT,
        "id": lesson.id,
        "title": lesson.title,
        "game": lesson.game,
        "players": lesson.players,
        "options": match.options,
        "summary": lesson.summary,
        "steps": steps,
        "source": lesson.source,
    }


def index_entry(compiled: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": compiled["id"],
        "title": compiled["title"],
        "game": compiled["game"],
        "summary": compiled["summary"],
        "steps": len(compiled["steps"]),
    }


def answer(obj: Any, step: int, action: Any) -> dict[str, Any]:
    """Check a reader's move at a question: ``{"right": bool, "reply": str, "view": view after the move}``.

    A move the rules refuse is not an answer: ``right`` is false, the reply says why, the view is the step's own.
    """
    lesson = obj if isinstance(obj, Lesson) else parse(obj)
    match = lesson.match_at(step)
    q = lesson.steps[step].get("question")
    if not q:
        raise LessonError(f"lesson {_where(step, 'question')}: this step asks no question")
    seat = q["seat"]
    try:
        match.check(seat, action)
    except IllegalAction as e:
        return {"right": False, "reply": f"That move is not allowed here: {e}", "view": match.view(seat)}
    right = accepts(match, seat, action, q["accept"])
    match.play(seat, action)
    return {"right": right, "reply": q["right"] if right else q["wrong"], "view": match.view(seat)}


def open_step(obj: Any, step: int) -> Match:
    """The match at ``step``, to play on from there (its record starts from the lesson's start)."""
    lesson = obj if isinstance(obj, Lesson) else parse(obj)
    return lesson.match_at(step)


__all__ = [
    "FORMAT",
    "Lesson",
    "LessonError",
    "accepts",
    "answer",
    "compile_lesson",
    "index_entry",
    "load",
    "open_step",
    "parse",
    "validate",
]
