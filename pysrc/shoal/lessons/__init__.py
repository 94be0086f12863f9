"""Lessons: hand-written walks through positions, with comments, highlights and questions the engine checks.

A lesson is plain JSON (see ``docs/lessons.md``)::

    {"title": ..., "game": "museum", "players": 2, "start": {"position": "..."}, "viewer": 0,
     "steps": [{"move": null, "comment": "...", "highlight": ["cell:0,0"]},
               {"move": [0, {...}], "comment": "...",
                "question": {"seat": 1, "prompt": "...", "accept": {"condition": "makes_line_score"},
                             "right": "...", "wrong": "..."}}]}

One compiler, run in two places: the build (CPython, so a shipped lesson paints at once) and the page's engine worker
(a hand-written lesson mounted as it is, and the Studio). :func:`compile_lesson` checks a lesson and plays it through,
refusing it with a :class:`LessonError` that names the step and the field; :func:`check` runs the same checks but
reports every problem it finds (the Studio shows each beside its field); :func:`answer` checks a reader's move against
a question; :func:`open_step` gives the match at a step, to play on.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from shoal.core import IllegalAction, Match, ShoalError
from shoal.core import actions as _actions

from . import conditions, gamebook
from .problems import LessonError, Problems, problem, where
from .shape import FORMAT, check_shape, read, read_params


class Lesson:
    """A lesson whose shape was checked: its fields, and the match at every step (built on demand)."""

    def __init__(self, source: dict[str, Any], lesson_id: str | None = None) -> None:
        self.source = source
        self.id = lesson_id or source.get("id")
        self.title = source.get("title", "")
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
                    raise problem(
                        None,
                        "start.record",
                        f"a {match.players}-player {match.game.id} record, the lesson is {self.players}-player "
                        f"{self.game}",
                    )
                return match
            match = shoal.new_match(self.game, self.players, self.seed, self.options, start.get("position"))
        except LessonError:
            raise
        except ShoalError as e:
            raise problem(None, "start", str(e)) from None
        for i, entry in enumerate(start.get("actions", [])):
            if not (isinstance(entry, list) and len(entry) == 2):
                raise problem(None, f"start.actions[{i}]", "must be [seat, action]")
            try:
                match.play(entry[0], entry[1])
            except ShoalError as e:
                raise problem(None, f"start.actions[{i}]", str(e)) from None
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
        raise problem(i, "move", "must be [seat, action] or null")
    try:
        match.play(move[0], move[1])
    except ShoalError as e:
        raise problem(i, "move", str(e)) from None


# --- questions --------------------------------------------------------------------------------------------------
def accepts(match: Match, seat: int, action: dict, accept: Any, asked: conditions.Asked | None = None) -> bool:
    """Whether the (legal) ``action`` of ``seat`` answers the question: in the list, or meeting the condition, judged
    from what the seat knows (``asked``: the position as the seat sees it, shared by several answers)."""
    return _verdict(action, accept, asked or conditions.Asked(match, seat), ask_bots=True) is True


def _verdict(action: dict, accept: Any, asked: conditions.Asked, ask_bots: bool) -> bool | None:
    """True or False; or None when it depends only on what a bot condition's bot would play and ``ask_bots`` is
    False (a check that need not run the search: at most one move per bot condition turns out right)."""
    if isinstance(accept, list):
        return any(_actions.same(action, a) for a in accept)
    name = accept["condition"]
    if name == "any_of":
        parts = [_verdict(action, part, asked, ask_bots) for part in accept["of"]]
        return True if True in parts else None if None in parts else False
    found = conditions.lookup(asked.match.game, name)
    assert found is not None, name  # the shape check refused a condition the game does not know
    if found.asks_bot and not ask_bots:
        return None
    return bool(found.check(asked, action, read_params(found, accept)))


def _bot_conditions(accept: Any, game: Any) -> int:
    if isinstance(accept, list):
        return 0
    if accept["condition"] == "any_of":
        return sum(_bot_conditions(part, game) for part in accept["of"])
    found = conditions.lookup(game, accept["condition"])
    return 1 if found is not None and found.asks_bot else 0


def _check_question(lesson: Lesson, i: int, match: Match, problems: Problems, asked: conditions.Asked) -> None:
    q = lesson.steps[i]["question"]
    seat = q["seat"]
    legal = match.legal_actions(seat)
    if not legal:
        raise problem(i, "question.seat", f"seat {seat} is not to act at this step (waiting for {match.to_act()})")
    if isinstance(q["accept"], list):
        bad = False
        for j, a in enumerate(q["accept"]):
            if not _actions.find(a, legal):
                problems.say(i, f"question.accept[{j}]", f"not a legal move here: {_actions.explain(a, legal)}")
                bad = True
        if bad:
            return
    # Bot conditions decide last, and only if the other parts leave the answer open: each makes exactly one legal
    # move right (its bot's), so it can never make a question accept nothing, and it can make it accept everything
    # only when at most that many moves are still wrong.
    verdicts = [_verdict(a, q["accept"], asked, ask_bots=False) for a in legal]
    if None in verdicts:
        open_ = sum(1 for v in verdicts if v is not True)
        if open_ > _bot_conditions(q["accept"], match.game):
            return
        verdicts = [v if v is not None else _verdict(a, q["accept"], asked, True) for a, v in zip(legal, verdicts)]
    if not any(verdicts):
        raise problem(i, "question.accept", "no legal move is accepted")
    if all(verdicts):
        raise problem(i, "question.accept", "every legal move is accepted, so it asks nothing")


# --- what a highlight may name ------------------------------------------------------------------------------------
def _shown_view(view: dict[str, Any], asking: bool) -> dict[str, Any]:
    """The view as the page draws a step: a step that asks nothing is drawn without its legal moves."""
    return view if asking else {**view, "legal": []}


def _check_highlight(lesson: Lesson, i: int, view: dict[str, Any], asking: bool, problems: Problems) -> None:
    """Every highlight names something the step's board draws (``Game.drawn_refs``): a ref that is not drawn would
    light nothing, silently."""
    import shoal

    highlight = lesson.steps[i].get("highlight") or []
    if not isinstance(highlight, list):
        return
    drawn = shoal.game(lesson.game).drawn_refs(_shown_view(view, asking))
    seen = "the spectator's view" if view["seat"] is None else f"seat {view['seat']}'s view"
    for j, ref in enumerate(highlight):
        if not isinstance(ref, str) or ":" not in ref or ref in drawn:
            continue
        kind = ref.split(":", 1)[0]
        same = sorted(r for r in drawn if r.split(":", 1)[0] == kind)
        if same:
            listed = ", ".join(same[:8]) + (f" and {len(same) - 8} more" if len(same) > 8 else "")
            why = f"{json.dumps(ref)} is not drawn on this step's board ({seen}); its {kind} refs are {listed}"
        else:
            kinds = ", ".join(sorted({r.split(":", 1)[0] for r in drawn}))
            why = f"this step's board ({seen}) draws no {kind}: ref (it draws {kinds}; docs/refs.md)"
        problems.say(i, f"highlight[{j}]", why)


# --- checking and compiling ---------------------------------------------------------------------------------------
def _steps_with(problems: Problems, *fields: str) -> set[int]:
    """The steps (from 0) with a problem in one of ``fields`` (a field or the start of one's path)."""
    return {
        e.step - 1
        for e in problems.found
        if e.step is not None and any(e.field == f or e.field.startswith((f + ".", f + "[")) for f in fields)
    }


def _walk(obj: Any, lesson_id: str | None, problems: Problems) -> tuple[Lesson | None, list[dict[str, Any]]]:
    """Check the lesson's shape, then play it through step by step, checking every move, question and highlight;
    the compiled steps come out of the same walk. With a collecting ``problems`` it goes on past what it can."""
    try:
        source = read(obj)
    except LessonError as e:
        problems.add(e)
        return None, []
    if not check_shape(source, lesson_id, problems):
        return None, []
    lesson = Lesson(source, lesson_id)
    try:
        match = lesson.start()
    except LessonError as e:
        problems.add(e)
        return lesson, []
    bad_move = _steps_with(problems, "move", "fields")
    bad_question = _steps_with(problems, "question", "viewer")
    compiled: list[dict[str, Any]] = []
    for i, step in enumerate(lesson.steps):
        if i in bad_move:
            return lesson, compiled  # the position after an unreadable move is unknown: later steps cannot be checked
        move = step.get("move")
        if move is not None:
            try:
                _play_move(match, move, i)
            except LessonError as e:
                problems.add(e)
                return lesson, compiled
        q = step.get("question")
        if q and i not in bad_question:
            asked = conditions.Asked(match, q["seat"])  # one seat's views, shared by every check of its question
            with problems.each():
                _check_question(lesson, i, match, problems, asked)
            if any(k in q for k in ("explain", "refute")) and i not in _steps_with(problems, "question"):
                with problems.each():
                    gamebook.check_play(match, i, q, problems, asked)
        if i in bad_question:
            continue
        viewer = lesson.viewer(i)
        view = match.view(viewer)
        _check_highlight(lesson, i, view, bool(q), problems)
        if problems.collect:
            continue  # only a lesson without a problem is compiled
        compiled.append(
            {
                "comment": step["comment"],
                "highlight": list(step.get("highlight", [])),
                "viewer": viewer,
                "move": move,
                "view": view,
                "question": None if not q else _compiled_question(q),
            }
        )
    if not problems:
        lesson.options = match.options  # every option, defaults filled in: what the page reads
    return lesson, compiled


def _compiled_question(q: dict[str, Any]) -> dict[str, Any]:
    """What the page shows of a question before it is answered: who answers, the prompt, the hint (the replies come
    from the engine, with the verdict)."""
    out = {"seat": q["seat"], "prompt": q["prompt"]}
    if "hint" in q:
        out["hint"] = q["hint"]
    return out


def check(obj: Any, lesson_id: str | None = None) -> list[LessonError]:
    """Every problem of a lesson that can be found at once (the compiler stops at the first): at least the first of
    each step, and each independent one (a bad comment does not hide a bad highlight). Empty when it compiles.

    Checking plays the lesson through once, as compiling does; a bot condition's search runs only when the rest of
    its question leaves the verdict open (see ``_check_question``)."""
    problems = Problems(collect=True)
    _walk(obj, lesson_id, problems)
    return sorted(problems.found, key=lambda e: -1 if e.step is None else e.step)


def load(obj: Any, lesson_id: str | None = None) -> Lesson:
    """Check a lesson fully: its shape, then every move, question and highlight played through. Raises
    :class:`LessonError` at the first problem."""
    lesson, _ = _walk(obj, lesson_id, Problems())
    assert lesson is not None
    return lesson


def parse(obj: Any, lesson_id: str | None = None) -> Lesson:
    """Check a lesson's shape (fields, types, seats, refs) without playing it. Raises :class:`LessonError`."""
    source = read(obj)
    check_shape(source, lesson_id, Problems())
    return Lesson(source, lesson_id)


def validate(obj: Any) -> None:
    """Raise :class:`LessonError` naming the step and the field if the lesson is malformed."""
    load(obj)


def compile_lesson(obj: Any, lesson_id: str | None = None) -> dict[str, Any]:
    """The compiled lesson the page reads (TEAM.md): every step's view precomputed, the source kept for the engine."""
    lesson, steps = _walk(obj, lesson_id, Problems())
    assert lesson is not None
    return {
        "format": FORMAT,
        "id": lesson.id,
        "title": lesson.title,
        "game": lesson.game,
        "players": lesson.players,
        "options": lesson.options,
        "summary": lesson.summary,
        "steps": steps,
        "source": lesson.source,
        "hash": content_hash(lesson.source),
    }


def content_hash(source: Any) -> str:
    """A short fingerprint of a lesson's text: a reader's remembered place belongs to this version of the lesson, so
    an edited lesson (another hash) starts fresh. Key order and spacing do not count; every word and move does."""
    text = json.dumps(source, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def index_entry(compiled: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": compiled["id"],
        "title": compiled["title"],
        "game": compiled["game"],
        "summary": compiled["summary"],
        "steps": len(compiled["steps"]),
        "hash": compiled["hash"],
    }


def answer(obj: Any, step: int, action: Any = None, solve: bool = False) -> dict[str, Any]:
    """Check a reader's move at a question: ``{"right": bool, "reply": str, "view": view after the move}``.

    A move the rules refuse is not an answer: ``right`` is false, the reply says why, the view is the step's own.
    A wrong move gets the first explanation that catches it (``explained``: its index) and, with a refute, the reply
    played after it (``refute``: ``{"seat", "view", "said"}``). ``solve`` plays a move the question accepts instead
    of ``action`` (``solution``: that move; ``said``: the log lines it added). The move is played held where its
    round ends (``Game.hold_round_end``), so the view stays on the position the question discusses. Every view is the
    question seat's own.
    """
    lesson = obj if isinstance(obj, Lesson) else parse(obj)
    match = lesson.match_at(step)
    q = lesson.steps[step].get("question")
    if not q:
        raise problem(step, "question", "this step asks no question")
    seat = q["seat"]
    asked = conditions.Asked(match, seat)
    if solve:
        action = gamebook.solution(match, seat, q, asked, step)
    try:
        match.check(seat, action)
    except IllegalAction as e:
        reply = f"That move is not allowed here: {e}"
        return {"right": False, "reply": reply, "view": match.view(seat), "illegal": True}
    right = accepts(match, seat, action, q["accept"], asked)
    before = len(asked.view["log"])
    played = gamebook.after_answer(match, seat, action)
    view = played.view(seat)
    out: dict[str, Any] = {"right": right, "reply": q["right"] if right else q["wrong"], "view": view}
    if solve:
        out.update(solution=action, said=view["log"][before:])
    if not right:
        out["explained"], out["reply"], refute = gamebook.explanation(q, action, asked)
        if refute is not None:
            reply = gamebook.refutation(played, seat, refute)
            if reply is not None:
                out["refute"] = reply
    return out


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
    "check",
    "compile_lesson",
    "content_hash",
    "index_entry",
    "load",
    "open_step",
    "parse",
    "validate",
    "where",
]
