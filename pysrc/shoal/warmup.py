"""Warm the exact paths a click takes, on a scratch match, right after a match opens, so the player's first clicks
redraw the board as fast as later ones.

A page restored from the build's memory snapshot starts with the engines imported but the interpreter's wasm code
cold: V8 compiles each wasm function when it is first called, runs it on its baseline code, and optimises the hot ones
on background threads once they have run for a while. A trace of the first clicks of a reef game showed ~150 ms of that
optimisation (``wasm.TopTierCompilation``) on both cores during the first two clicks, which then took 65–95 ms against
25–50 for the rest. Playing the same kind of click once as soon as the match is open starts that work while the
player looks at the first board, instead of inside their first click.

The scratch match is of the same game, player count and options as the one opened (so the same rules, view, JSON and
record code runs), under a name of its own, with instant random bots at every other seat and its own moves drawn from
a generator of its own; it is closed at the end. Nothing here touches the opened match, and no randomness is shared:
every bot draws from its match's seeded stream. The work comes in steps (one bridge request each) so that the worker
answers a request that arrives meanwhile before the next step (web/worker.js).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from . import GAMES, bridge

MATCH = "~warm-up"  # a name the page never uses (its matches are "main" and "lesson…" names)
CLICKS = 60  # scratch clicks at most: a whole game of most titles (the worker ends the warm-up at the first request)


def _ask(**request: Any) -> dict[str, Any]:
    answer = json.loads(bridge.handle(json.dumps(request)))
    if not answer.get("ok"):
        raise RuntimeError(answer.get("error", "refused"))
    return answer


def steps(opened: str, clicks: int = CLICKS) -> Iterator[None]:
    """The warm-up for the match that ``opened`` (a ``new`` or ``load`` request, JSON as the page sent it) opened: up to
    ``clicks`` scratch clicks, one bridge request a step. Closing the iterator early closes the scratch match."""
    req = json.loads(opened)
    if req.get("cmd") == "load" and isinstance(req.get("record"), dict):
        req = req["record"]  # a saved game reopened: its game, players and options
    gid, players, options = req.get("game"), req.get("players"), req.get("options") or {}
    if gid not in GAMES or type(players) is not int or not isinstance(options, dict):
        return
    pick = random.Random(2026)  # its own generator: no shared randomness is drawn from
    try:
        answer = _ask(cmd="new", match=MATCH, game=gid, players=players, seed=1, options=options, viewer=0, humans=[0])
        yield
        for _ in range(clicks):
            if answer["over"] or not answer["to_act"]:
                break
            seat = answer["to_act"][0]
            if answer["view"].get("seat") != seat:
                answer = _ask(cmd="view", match=MATCH, viewer=seat, humans=[seat])
                yield
            legal = answer["view"].get("legal") or []
            if not legal:
                break
            bots = [[s, "random"] for s in range(players) if s != seat]
            answer = _ask(
                cmd="play",
                match=MATCH,
                seat=seat,
                action=pick.choice(legal),
                viewer=seat,
                humans=[seat],
                **({"bots": bots} if bots else {}),
            )  # as the page asks (a solo game has no bots)
            yield
        _ask(cmd="record", match=MATCH)
    finally:
        bridge.handle(json.dumps({"cmd": "close", "match": MATCH}))


__all__ = ["steps", "MATCH"]
