"""Gamebook questions: a hint, an explanation for each kind of wrong move, the opponent's reply that shows why it
fails, and the solution on request.

A question may carry, beside ``accept``/``right``/``wrong``::

    "hint": "Look at the top row.",
    "explain": [{"accept": <accept>, "reply": "...", "refute": <refute>}, ...],   # tried in order, wrong moves only
    "refute": <refute>                                                          # for a wrong move no entry refutes

where ``<accept>`` is the matcher language of ``accept`` and ``<refute>`` is the reply played after the wrong move:
``[seat, action]`` (that move), ``"best_by_bot"`` (the game's quick bot's answer) or ``{"best_by_bot": "<bot>"}``.
The replying seat must be the one seat to act after the wrong move, and not the question's. A bot's reply sees only
that seat's view (``Match.bot_action``), and the reader is shown only its own view of what it did, so a refute tells
the reader nothing its seat may not see; an explanation is chosen by conditions that judge from the reader's view.
"""

from __future__ import annotations

import json
from typing import Any

import shoal
from shoal.core import Match
from shoal.core import actions as _actions

from . import conditions
from .problems import Problems, problem
from .shape import check_accept, check_seat, need, unknown

EXPLAIN_KEYS = {"accept", "reply", "refute"}
MAX_EXPLAIN = 20  # entries a question may explain: each is judged for every wrong answer


# --- shape ----------------------------------------------------------------------------------------------------------
def check_shape(q: dict, game: str | None, players: int | None, i: int, problems: Problems, bots: list) -> None:
    """The gamebook fields of question ``q`` (step ``i``); the bots their conditions and refutes ask go to ``bots``
    with the accept's, so that one answer's bot decisions stay under the same bound (``shape.check_cost``)."""
    each = problems.each
    if "hint" in q:
        with each():
            if not need(q, "hint", str, i, "question.hint").strip():
                raise problem(i, "question.hint", "is empty: leave it out, or say what to look at")
    if "refute" in q:
        with each():
            check_refute(q["refute"], game, players, i, "question.refute", bots)
    if "explain" not in q:
        return
    entries = need(q, "explain", list, i, "question.explain")
    if not entries:
        raise problem(i, "question.explain", "an empty list explains nothing: leave it out")
    if len(entries) > MAX_EXPLAIN:
        raise problem(i, "question.explain", f"at most {MAX_EXPLAIN} explanations a question, got {len(entries)}")
    for j, entry in enumerate(entries):
        field = f"question.explain[{j}]"
        with each():
            if not isinstance(entry, dict):
                raise problem(i, field, 'must be {"accept": ..., "reply": "..."}')
            unknown(entry, EXPLAIN_KEYS, i, field)
            with each():
                need(entry, "reply", str, i, f"{field}.reply")
            if game is not None:
                with each():
                    if "accept" not in entry:
                        raise problem(i, f"{field}.accept", "missing")
                    check_accept(entry["accept"], game, i, f"{field}.accept", problems, bots)
            if "refute" in entry:
                check_refute(entry["refute"], game, players, i, f"{field}.refute", bots)


def refute_bot(refute: Any, game: str) -> str | None:
    """The bot a ``best_by_bot`` refute names (the game's quick one by default); None for a written move."""
    if refute == "best_by_bot":
        return conditions.default_bot(shoal.GAMES[game].bots)
    if isinstance(refute, dict):
        return refute["best_by_bot"]
    return None


def check_refute(refute: Any, game: str | None, players: int | None, i: int, field: str, bots: list) -> None:
    if isinstance(refute, list):
        if len(refute) != 2 or not isinstance(refute[1], dict):
            raise problem(i, field, 'a move is [seat, action]; or "best_by_bot", or {"best_by_bot": "<bot>"}')
        if players is not None:
            check_seat(refute[0], players, i, f"{field}[0]", allow_none=False)
        return
    if isinstance(refute, dict):
        unknown(refute, {"best_by_bot"}, i, field)
        bot = refute.get("best_by_bot")
        if game is not None and bot not in shoal.GAMES[game].bots:
            names = ", ".join(shoal.GAMES[game].bots)
            raise problem(i, f"{field}.best_by_bot", f"{game} has no bot {json.dumps(bot)} (bots: {names})")
    elif refute != "best_by_bot":
        raise problem(i, field, f'must be [seat, action], "best_by_bot" or {{"best_by_bot": "<bot>"}}, got {refute!r}')
    if game is not None:
        bots.append((field, refute_bot(refute, game)))


# --- played through -------------------------------------------------------------------------------------------------
def _wrong_moves(match: Match, seat: int, q: dict, asked: conditions.Asked) -> list[dict]:
    """The legal moves that may be wrong answers (a move only a bot condition could make right counts as wrong:
    these checks never ask a bot)."""
    from . import _verdict

    return [a for a in match.legal_actions(seat) if _verdict(a, q["accept"], asked, ask_bots=False) is not True]


def after_answer(match: Match, seat: int, action: dict) -> Match:
    """A copy of ``match`` with the answer played, held where its round ends (``Game.hold_round_end``)."""
    twin = match.clone()
    twin.game.hold_round_end(twin.state)
    twin.play(seat, action)
    return twin


def replier(match: Match, seat: int) -> int | str:
    """The seat that replies to a wrong answer in ``match`` (played), or why none may."""
    acting = match.to_act()
    if len(acting) == 1 and acting[0] != seat:
        return acting[0]
    if not acting:
        return "nobody is to act"
    if acting == [seat]:
        return "the question's own seat is still to act"
    return f"seats {', '.join(map(str, acting))} are to act at once"


def check_play(match: Match, i: int, q: dict, problems: Problems, asked: conditions.Asked) -> None:
    """Every explanation fits some wrong move, and every refute can be played after each wrong move it answers."""
    from . import _verdict

    seat = q["seat"]
    wrong = _wrong_moves(match, seat, q, asked)
    entries = q.get("explain") or []
    # which entries may catch each wrong move: the first that surely does, and any undecided (bot) one before it
    catches: dict[int, list[int]] = {}
    for k, action in enumerate(wrong):
        for j, entry in enumerate(entries):
            verdict = _verdict(action, entry["accept"], asked, ask_bots=False)
            if verdict is not False:
                catches.setdefault(k, []).append(j)
            if verdict is True:
                break
    for j in range(len(entries)):
        if not any(j in got for got in catches.values()):
            problems.say(
                i,
                f"question.explain[{j}].accept",
                "no wrong move here meets it, or an earlier explanation catches each one first (a right answer "
                "gets the question's right reply, never an explanation)",
            )
    for k, action in enumerate(wrong):
        caught = catches.get(k, [])
        refutes = [(f"question.explain[{j}].refute", entries[j]["refute"]) for j in caught if "refute" in entries[j]]
        last = caught[-1] if caught else None
        surely = last is not None and _verdict(action, entries[last]["accept"], asked, False) is True
        if "refute" in q and not (surely and "refute" in entries[last]):
            refutes.append(("question.refute", q["refute"]))
        if not refutes:
            continue
        played = after_answer(match, seat, action)
        who = replier(played, seat)
        for field, refute in refutes:
            if isinstance(who, str):
                problems.say(i, field, f"after the wrong move {_brief(action)} {who}: there is no opponent's reply")
                continue
            if isinstance(refute, list):
                if refute[0] != who:
                    problems.say(i, field, f"after the wrong move {_brief(action)} seat {who} replies, not {refute[0]}")
                elif not _actions.find(refute[1], played.legal_actions(who)):
                    legal = played.legal_actions(who)
                    why = _actions.explain(refute[1], legal)
                    problems.say(i, field, f"not a legal reply after the wrong move {_brief(action)}: {why}")


def _brief(action: dict) -> str:
    return json.dumps(action, separators=(", ", ": "))


# --- answering --------------------------------------------------------------------------------------------------------
def explanation(q: dict, action: dict, asked: conditions.Asked) -> tuple[int | None, str, Any]:
    """For a wrong ``action``: the explain entry that catches it (or None), its reply, and the refute to play."""
    from . import accepts

    for j, entry in enumerate(q.get("explain") or []):
        if accepts(asked.match, asked.seat, action, entry["accept"], asked):
            return j, entry["reply"], entry.get("refute", q.get("refute"))
    return None, q["wrong"], q.get("refute")


def refutation(match: Match, seat: int, refute: Any) -> dict[str, Any] | None:
    """Play the reply to a wrong answer on ``match`` (already played and held): ``{"seat", "view", "said"}`` with the
    question seat's view after it and the log lines that view gained (the reply in the reader's words)."""
    who = replier(match, seat)
    if isinstance(who, str):
        return None  # the checker refuses such a lesson; an unchecked one simply gets no reply
    before = len(match.view(seat)["log"])
    bot = refute_bot(refute, match.game.id)
    action = refute[1] if bot is None else match.bot_action(who, bot)
    match.play(who, action)
    view = match.view(seat)
    return {"seat": who, "view": view, "said": view["log"][before:]}


def solution(match: Match, seat: int, q: dict, asked: conditions.Asked, step: int) -> dict:
    """A move the question accepts: the first listed one, or the first legal move its condition accepts."""
    from . import accepts

    legal = match.legal_actions(seat)
    if isinstance(q["accept"], list):
        for a in q["accept"]:
            if _actions.find(a, legal):
                return a
    for a in legal:
        if accepts(match, seat, a, q["accept"], asked):
            return a
    raise problem(step, "question.accept", "no legal move is accepted")
