"""Resolution: tiles chosen in turn, their cards revealed and resolved 1 → 10, and the round's end.

The engine runs on by itself while no seat has a real choice (``advance``), and stops at a decision: a seat choosing
the next tile, a predator's owner choosing prey among more candidates than it eats, or a Dragonfly's owner choosing
where a fly goes. Every card's outcome is kept in ``state.steps`` (public) and written to the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import data, effects, scoring, text
from .effects import Bite
from .state import AquarenaState, Card, deal_round


# --- entering and leaving the phase ---------------------------------------------------------------------------
def start(state: AquarenaState) -> None:
    """Planning is over: the heron holder chooses the first tile."""
    state.phase, state.decision = "resolution", "tile"
    state.tiles_done, state.current = 0, None
    state.log.add(f"All cards placed. Resolution starts with {text.seat(state.chooser())}.")
    advance(state)


def open_tile(state: AquarenaState, index: int, last: bool = False) -> None:
    """Reveal ``index``'s cards and line them up: by number, equal numbers clockwise from the chooser."""
    tile = state.tiles[index]
    chooser = state.chooser()
    state.current, state.chooser_seat = index, chooser
    n = state.players
    state.queue = sorted(((s, num) for s, num, _ in tile.cards), key=lambda c: (c[1], (c[0] - chooser) % n))
    state.tangled = []
    for number in (data.FISH_HOOK, data.HERON):
        same = [c for c in state.queue if c[1] == number]
        if len(same) > 1:
            state.tangled += same
    hidden = [(s, num) for s, num, up in tile.cards if not up]
    state.steps = [
        {
            "kind": "reveal",
            "round": state.round,
            "tile": index,
            "chooser": chooser,
            "last": last,
            "revealed": [{"seat": s, "card": num} for s, num in hidden],
        }
    ]
    state.decision = None
    if state.log.quiet:  # a search's sampled position: nobody reads its lines
        return
    shown = ", ".join(text.owned(s, num) for s, num in hidden)
    opening = (
        f"The last tile, {text.tile(index)}, opened by itself (equal numbers act clockwise from {text.seat(chooser)})"
        if last
        else f"{text.seat(chooser)} chose {text.tile(index)}"
    )
    state.log.add(opening + (f"; revealed: {shown}." if hidden else "."))


def _finish_tile(state: AquarenaState) -> None:
    tile = state.tiles[state.current]
    tile.resolved = True
    tile.cards = []
    state.current, state.queue, state.tangled, state.acting = None, [], [], None
    state.tiles_done += 1


# --- the loop -------------------------------------------------------------------------------------------------
def advance(state: AquarenaState, one_tile: bool = False) -> None:
    """Run the resolution forward until a seat has a real decision to make (or the match ends).

    With ``one_tile`` it stops as soon as the current tile is resolved (for looking ahead at one tile).
    """
    while state.phase == "resolution":
        if state.decision in ("eat", "move"):
            return
        if state.acting is not None:
            if not _feed(state):
                return
            continue
        if state.current is None:
            if one_tile:
                return
            left = state.unresolved()
            if not left:
                end_round(state)
                return
            if len(left) > 1:
                state.decision = "tile"
                return
            open_tile(state, left[0], last=True)  # the last tile: no choice to make
            continue
        if not state.queue:
            _finish_tile(state)
            continue
        card = state.queue.pop(0)
        _begin(state, card)


def _begin(state: AquarenaState, card: Card) -> None:
    """A card's turn on the current tile: skipped if eaten, returned if tangled, otherwise it starts to eat."""
    index = state.current
    seat, number = card
    if not state.tiles[index].has(card):
        return  # eaten earlier: its step was written by the eater
    if card in state.tangled:
        state.tiles[index].remove(card)
        state.catches[seat].returned.append(number)
        others = len([c for c in state.tangled if c[1] == number]) - 1
        state.steps.append({"kind": "tangle", "seat": seat, "card": number, "tile": index})
        if state.log.quiet:
            return
        verb = "tangled with" if number == data.FISH_HOOK else "flew away with"
        state.log.add(
            f"{text.owned(seat, number)} {verb} {text.count(others, 'other ' + data.name(number))} "
            f"and went back unused."
        )
        return
    state.pool, state.left = effects.plan(state, card, index)
    state.acting = card
    state.steps.append(
        {"kind": "act", "seat": seat, "card": number, "tile": index, "pool": state.pool, "ate": [], "moved": None}
    )


def _feed(state: AquarenaState) -> bool:
    """Let the acting card eat what it must; False when its owner has to choose (decision set)."""
    card, index = state.acting, state.current
    while state.left > 0:
        bites, total = effects.candidates(state, card, index, state.pool)
        if not bites:
            break
        if total <= state.left:
            for bite in bites:
                for _ in range(_items(state, bite)):
                    eat(state, bite)
            state.left = 0
            break
        if len(bites) > 1:
            state.decision = "eat"
            return False
        eat(state, bites[0])
        state.left -= 1
    return _after_eating(state)


def _items(state: AquarenaState, bite: Bite) -> int:
    return state.tiles[bite[1]].flies if bite[0] == "fly" else 1


def _after_eating(state: AquarenaState) -> bool:
    """The Dragonfly's move (when a fly is left on its tile), then the card leaves the tile with its catch."""
    card, index = state.acting, state.current
    step = state.steps[-1]
    if card[1] == data.DRAGONFLY and state.tiles[index].flies and step["moved"] is None:
        where = effects.fly_destinations(state, index)
        if len(where) > 1:
            state.decision = "move"
            return False
        if where:
            move_fly(state, where[0])
    _done(state)
    return True


def _done(state: AquarenaState) -> None:
    seat, number = state.acting
    state.tiles[state.current].remove(state.acting)
    state.catches[seat].predators.append(number)
    if not state.log.quiet:
        state.log.add(describe(state.steps[-1]))
    state.acting, state.pool, state.left = None, "", 0


# --- the actions of the phase -------------------------------------------------------------------------------------
def eat(state: AquarenaState, bite: Bite) -> None:
    """The acting card eats one prey item; an eaten card leaves its tile at once and will not act."""
    seat = state.acting[0]
    step = state.steps[-1]
    if bite[0] == "fly":
        state.tiles[bite[1]].flies -= 1
        state.catches[seat].flies += 1
        step["ate"].append({"fly": True, "tile": bite[1]})
    else:
        _, index, owner, number = bite
        state.tiles[index].remove((owner, number))
        state.catches[seat].cards.append((owner, number, index))
        step["ate"].append({"seat": owner, "card": number, "tile": index})


def move_fly(state: AquarenaState, to: int) -> None:
    state.tiles[state.current].flies -= 1
    state.tiles[to].flies += 1
    state.steps[-1]["moved"] = {"from": state.current, "to": to}


def settle_tile(state: AquarenaState, index: int, choose: Callable[[AquarenaState, list], Any]) -> None:
    """Open tile ``index`` and resolve it to the end, asking ``choose(state, options)`` at every decision.

    ``options`` are bites (``effects.Bite``) when a predator picks prey, tile indices when a Dragonfly moves a fly.
    Stops once the tile is done, without going on to other tiles or the round's end: a pure look-ahead for bots,
    tests and teaching pages.
    """
    open_tile(state, index)
    while True:
        advance(state, one_tile=True)
        if state.decision == "eat":
            bites, _ = effects.candidates(state, state.acting, state.current, state.pool)
            state.decision = None
            eat(state, choose(state, bites))
            state.left -= 1
        elif state.decision == "move":
            state.decision = None
            move_fly(state, choose(state, effects.fly_destinations(state, state.current)))
            _done(state)
        else:
            return


def choose_tile(state: AquarenaState, index: int) -> None:
    open_tile(state, index)
    advance(state)


def choose_prey(state: AquarenaState, bite: Bite) -> None:
    state.decision = None
    eat(state, bite)
    state.left -= 1
    advance(state)


def choose_fly_move(state: AquarenaState, to: int) -> None:
    state.decision = None
    move_fly(state, to)
    _done(state)
    advance(state)


# --- the round's end ------------------------------------------------------------------------------------------
def end_round(state: AquarenaState) -> None:
    """Score the catches; then end the match after the fourth round, or else put flies and cards back, refill
    emptied tiles and pass the heron."""
    sheet = []
    for seat in range(state.players):
        catch = state.catches[seat]
        rows = scoring.round_breakdown(seat, catch.flies, [(o, n) for o, n, _ in catch.cards])
        total = sum(r["points"] for r in rows)
        state.scores[seat] += total
        sheet.append(
            {
                "seat": seat,
                "round": state.round,
                "rows": rows,
                "total": total,
                "flies": catch.flies,
                "cards": [{"seat": o, "card": n} for o, n, _ in catch.cards],
            }
        )
        state.log.add(
            f"{text.seat(seat)} scored {total} this round ({text.flies(catch.flies)}"
            f", {text.count(len(catch.cards), 'card')} caught); total {state.scores[seat]}."
        )
    state.history = state.history + [sheet]
    if state.round == data.ROUNDS:  # "If this is the 4th token, the game ends immediately": no refill, no reset
        state.phase, state.decision = "over", None
        state.log.add("The fourth round is over: the match has ended.")
        return
    if state.hold_deal:  # a lesson's answer: the scored round stays on the table (see AquarenaState.hold_deal)
        state.phase, state.decision = "scored", None
        return
    refilled = []
    for i, tile in enumerate(state.tiles):
        tile.resolved = False
        if tile.flies == 0:
            tile.flies = tile.capacity
            refilled.append(text.tile(i))
    if refilled:
        state.log.add(f"Refilled with flies: {', '.join(refilled)}.")
    state.round += 1
    state.heron = (state.heron + 1) % state.players
    deal_round(state)
    state.log.add(f"Round {state.round} begins; the heron token went to {text.seat(state.heron)}: first to play.")


def describe(step: dict[str, Any]) -> str:
    """One log line for a card's resolution: what it ate and from where, and where it moved a fly."""
    who = text.owned(step["seat"], step["card"])
    here = step["tile"]
    parts: list[str] = []
    flies: dict[int, int] = {}
    for a in step["ate"]:
        if a.get("fly"):
            flies[a["tile"]] = flies.get(a["tile"], 0) + 1
        else:
            where = "" if a["tile"] == here else f" from {text.tile(a['tile'])}"
            parts.append(text.owned(a["seat"], a["card"]) + where)
    for t, n in flies.items():
        where = "" if t == here else f" from {text.tile(t)}"
        parts.append(("a fly" if n == 1 else f"{n} flies") + where)
    traps = step["card"] in (data.FISH_HOOK, data.SPIDER_WEB)  # they catch rather than eat
    verb = "caught " if traps else "ate "
    line = f"{who} " + (verb + _join(parts) if parts else ("caught nothing" if traps else "found nothing to eat"))
    if step.get("moved"):
        line += f", then moved a fly to {text.tile(step['moved']['to'])}"
    return line + "."


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
