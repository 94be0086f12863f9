"""How a round of Aqua Brunch moves: the deal, the Lunch window, the Aqua poll, the passes, food and the division.

Every simultaneous phase stores each seat's choice in ``state.pending`` and resolves only when the last seat has
chosen, looking at the choices by seat number, so the order in which seats submit never changes the result.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Outcome, Rng

from . import text
from .data import AQUA_VALUES, COLOURS, FACE_UP, FOOD_VALUES, HAND_SIZE, ROUNDS, predator_deck
from .scoring import food_points, own_colour_count, taking_order, tie_break, top_choices, winners
from .state import BrunchState
from .strength import card_strengths, strength

SIMULTANEOUS = ("lunch", "pass", "food")


# --- setup and the deal ----------------------------------------------------------------------------------------
def setup(players: int, options: dict[str, Any], rng: Rng) -> BrunchState:
    state = BrunchState(players, options, rng)
    state.food = [list(FOOD_VALUES) for _ in range(state.players)]
    state.deck = predator_deck()
    state.rng.shuffle(state.deck)
    start_round(state)
    return state


def draw(state: BrunchState) -> str:
    """The top predator card; an empty deck is first rebuilt from the shuffled discard pile (RULINGS 9)."""
    if not state.deck:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        state.log.add(
            f"The predator deck ran out: the discard pile ({len(state.deck)} cards) is shuffled into a new deck."
        )
    return state.deck.pop()


def start_round(state: BrunchState) -> None:
    n = state.players
    state.round += 1
    state.aqua_stack = list(AQUA_VALUES)
    state.rng.shuffle(state.aqua_stack)
    state.aqua = [[] for _ in range(n)]
    state.hands = [[] for _ in range(n)]
    for seat in range(n):
        for _ in range(HAND_SIZE):
            state.hands[seat].append(draw(state))
    state.up_cards = [h[:FACE_UP] for h in state.hands]
    state.passes = 0
    state.passed, state.received = [None] * n, [None] * n
    state.calls, state.callers, state.caller = [], [], None
    state.poll, state.answers, state.pending = [], [], {}
    state.reveal, state.takers, state.pool, state.takes = None, [], [], []
    state.phase = "lunch"
    state.log.add(f"Round {state.round}: 3 predators each, 2 face up.")
    for seat in range(n):
        state.log.add(f"Face up for {text.who(seat)}: {text.cards(state.up_cards[seat])}.")
        state.log.add(f"Your face-down card is {text.card(state.hands[seat][FACE_UP])}.", seats=[seat])


# --- whose decision --------------------------------------------------------------------------------------------
def to_act(state: BrunchState) -> list[int]:
    if state.phase in SIMULTANEOUS:
        return [s for s in range(state.players) if s not in state.pending]
    if state.phase == "aqua":
        return state.poll[:1]
    if state.phase == "take":
        return state.takers[:1]
    return []


def legal_actions(state: BrunchState, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    if state.phase == "lunch":
        return [{"type": "lunch"}, {"type": "keep_passing"}]
    if state.phase == "pass":
        kinds: list[str] = []
        for kind in state.hands[seat]:
            if kind not in kinds:
                kinds.append(kind)
        return [{"type": "pass", "card": k} for k in kinds]
    if state.phase == "aqua":
        return [{"type": "aqua"}, {"type": "agree"}]
    if state.phase == "food":
        return [{"type": "food", "value": v} for v in state.food[seat]]
    if state.phase == "take":
        return [{"type": "take", "colour": c} for c, _ in top_choices(state.pool)]
    return []


def apply(state: BrunchState, seat: int, action: dict[str, Any]) -> None:
    kind = action["type"]
    if state.phase == "lunch":
        said = "call Lunch" if kind == "lunch" else "keep passing"
        choose_secretly(state, seat, kind, said, "decided (secretly)")
        if not to_act(state):
            resolve_lunch_window(state)
    elif state.phase == "pass":
        card = action["card"]
        choose_secretly(state, seat, card, f"pass {text.card(card)}", "chose a card to pass")
        if not to_act(state):
            resolve_pass(state)
    elif state.phase == "aqua":
        answer_poll(state, seat, kind == "aqua")
    elif state.phase == "food":
        value = action["value"]
        choose_secretly(state, seat, value, f"play your {text.food(value)}", "placed a food card face down")
        if not to_act(state):
            reveal(state)
    elif state.phase == "take":
        take(state, seat, next(card for card in top_choices(state.pool) if card[0] == action["colour"]))
        divide(state)


def choose_secretly(state: BrunchState, seat: int, choice: Any, mine: str, public: str) -> None:
    """Record a simultaneous choice; the others learn only that this seat has chosen."""
    state.pending[seat] = choice
    state.log.add(f"You chose to {mine}.", seats=[seat], others=f"{text.who(seat)} {public}.")


# --- phase 1: Lunch, Aqua and passing ----------------------------------------------------------------------------
def resolve_lunch_window(state: BrunchState) -> None:
    """Everyone has decided: nobody called → pass; callers → the RNG says who touched the Lunch card first."""
    callers = sorted(s for s, choice in state.pending.items() if choice == "lunch")
    state.pending = {}
    if not callers:
        state.log.add("Nobody called Lunch: everyone passes a card to the left.")
        state.phase = "pass"
        return
    caller = callers[0] if len(callers) == 1 else state.rng.choice(callers)
    state.caller, state.callers = caller, callers
    if len(callers) > 1:
        state.log.add(f"{text.seats(callers)} called Lunch together; {text.who(caller)} touched the Lunch card first.")
    else:
        state.log.add(f"{text.who(caller)} called Lunch!")
    if not state.aqua_stack:
        state.log.add("No Aqua card is left, so nobody can answer Aqua: passing is over.")
        finish_call(state, aqua_by=None, no_aqua_left=True)
        end_phase_one(state)
        return
    state.poll = [(caller + i) % state.players for i in range(1, state.players)]
    state.answers = []
    state.phase = "aqua"


def answer_poll(state: BrunchState, seat: int, says_aqua: bool) -> None:
    """One answer to the Lunch call: the first Aqua draws the top Aqua card and passing resumes at once."""
    state.poll.pop(0)
    if says_aqua:
        value = state.aqua_stack.pop()
        state.aqua[seat].append(value)
        state.log.add(f"{text.who(seat)} said Aqua! and took an Aqua card.")
        state.log.add(f"Your Aqua card is {value}.", seats=[seat])
        finish_call(state, aqua_by=seat, no_aqua_left=False)
        state.poll, state.caller, state.callers = [], None, []
        state.phase = "pass"
        state.log.add("Passing resumes.")
        return
    state.answers.append([seat, "agree"])
    state.log.add(f"{text.who(seat)} agreed to lunch.")
    if not state.poll:
        finish_call(state, aqua_by=None, no_aqua_left=False)
        end_phase_one(state)


def finish_call(state: BrunchState, aqua_by: int | None, no_aqua_left: bool) -> None:
    state.calls.append(
        {
            "caller": state.caller,
            "callers": list(state.callers),
            "answers": list(state.answers),
            "aqua_by": aqua_by,
            "no_aqua_left": no_aqua_left,
            "after_passes": state.passes,
        }
    )


def resolve_pass(state: BrunchState) -> None:
    """Every seat has picked: all cards move one seat to the left (clockwise) together."""
    n = state.players
    given = [state.pending[s] for s in range(n)]
    state.pending = {}
    for seat in range(n):
        state.hands[seat].remove(given[seat])
    for seat in range(n):
        left = (seat + 1) % n
        state.hands[left].append(given[seat])
        state.passed[seat], state.received[left] = given[seat], given[seat]
    state.passes += 1
    state.up_cards = None
    state.log.add(f"Pass {state.passes}: every seat gave one card to the left.")
    for seat in range(n):
        got = state.received[seat]
        state.log.add(
            f"You gave {text.card(given[seat])} to {text.who((seat + 1) % n)} and got {text.card(got)} "
            f"from {text.who((seat - 1) % n)}: strength now {strength(state.hands[seat], state.aqua[seat])}.",
            seats=[seat],
        )
    state.phase = "lunch"


def end_phase_one(state: BrunchState) -> None:
    state.poll, state.answers = [], []
    state.phase = "food"
    state.log.add(f"Lunch! {text.who(state.caller)} ended the passing. Everyone plays a food card face down.")


# --- phases 2 and 3: food and the division ---------------------------------------------------------------------
def reveal(state: BrunchState) -> None:
    """Food, predators and Aqua cards are turned over; the taking order is fixed and explained."""
    n = state.players
    played = [state.pending[s] for s in range(n)]
    state.pending = {}
    for seat in range(n):
        state.food[seat].remove(played[seat])
    per_card = [card_strengths(h) for h in state.hands]
    predator = [sum(c) for c in per_card]
    totals = [predator[s] + sum(state.aqua[s]) for s in range(n)]
    caller = state.caller
    order = taking_order(totals, played, caller)
    reasons = [tie_break(a, b, totals, played, caller) for a, b in zip(order, order[1:])]
    state.reveal = {
        "round": state.round,
        "caller": caller,
        "hands": [list(h) for h in state.hands],
        "card_strengths": per_card,
        "predator": predator,
        "aqua": [list(a) for a in state.aqua],
        "strength": totals,
        "food": played,
        "order": order,
        "reasons": reasons,
        "explain": [explain(a, b, r, totals, played, caller) for a, b, r in zip(order, order[1:], reasons)],
    }
    for seat in range(n):
        aqua = f" + Aqua {', '.join(map(str, state.aqua[seat]))}" if state.aqua[seat] else ""
        state.log.add(
            f"Revealed, {text.who(seat)}: {text.cards(state.hands[seat])}{aqua} = strength {totals[seat]}; "
            f"played {text.food(played[seat], COLOURS[seat])}."
        )
    state.log.add("Taking order: " + ", ".join(text.who(s) for s in order) + ".")
    state.pool = [[COLOURS[s], played[s]] for s in range(n)]
    state.takers = list(order)
    state.takes = []
    divide(state)


def explain(ahead: int, behind: int, reason: str, totals: list[int], played: list[int], caller: int) -> str:
    """Why ``ahead`` takes before ``behind``, naming the rule (or the tie-break) that decided it."""
    a, b = text.who(ahead), text.who(behind)
    if reason == "strength":
        return f"{a} before {b}: stronger ({totals[ahead]} vs {totals[behind]})"
    if reason == "food":
        return (
            f"{a} before {b}: both {totals[ahead]}; tie-break 1, higher food played "
            f"({played[ahead]} vs {played[behind]})"
        )
    return (
        f"{a} before {b}: both {totals[ahead]} with food {played[ahead]}; tie-break 2, "
        f"nearer clockwise to the Lunch caller {text.who(caller)}"
    )


def divide(state: BrunchState) -> None:
    """Give out food in taking order; stop to ask a taker who faces equal-valued cards of different colours."""
    while state.takers:
        choices = top_choices(state.pool)
        if len(choices) > 1:
            state.phase = "take"
            return
        take(state, state.takers[0], choices[0])
    finish_round(state)


def take(state: BrunchState, seat: int, card: list[Any]) -> None:
    options = [c for c, _ in top_choices(state.pool)]
    state.pool.remove(card)
    state.collected[seat].append(card)
    state.takers.pop(0)
    state.takes.append({"seat": seat, "colour": card[0], "value": card[1], "choices": options})
    chose = f" (chosen among {', '.join(options)})" if len(options) > 1 else ""
    state.log.add(f"{text.who(seat)} took the {text.food(card[1], card[0])}{chose}.")


def finish_round(state: BrunchState) -> None:
    """Predators to the discard pile, the round into the history; then the next deal or the end of the game."""
    state.history.append({**state.reveal, "takes": list(state.takes)})
    if state.hold_deal:  # a lesson's answer: the round's table stays as it is (see BrunchState.hold_deal)
        state.phase = "divided"
        return
    for hand in state.hands:
        state.discard.extend(hand)
    state.hands = [[] for _ in range(state.players)]
    state.aqua = [[] for _ in range(state.players)]
    state.pool, state.takers = [], []
    if state.round >= ROUNDS:
        state.phase = "over"
        state.up_cards = None
        state.log.add(f"After {ROUNDS} rounds each seat discards its last food card. The game is over.")
        return
    start_round(state)


# --- the end ---------------------------------------------------------------------------------------------------
def outcome(state: BrunchState) -> dict[str, Any]:
    """Each round's row names that round's hand and Aqua cards and the food taken (``refs``, docs/refs.md)."""
    out = Outcome(state.players)
    for seat in range(state.players):
        taken = [[t["colour"], t["value"]] for rnd in state.history for t in rnd["takes"] if t["seat"] == seat]
        before = list(state.collected[seat])
        for card in taken:
            before.remove(card)
        if before:  # a match started from a position: food collected in rounds before it
            out.add(
                seat,
                "Collected before the starting position: " + ", ".join(text.food(v, c) for c, v in before),
                sum(v for _, v in before),
                refs=[f"food:{c}.{v}" for c, v in before],
            )
        for rnd in state.history:
            taken = next(t for t in rnd["takes"] if t["seat"] == seat)
            r = rnd["round"]
            refs = [f"hand:{r}.{seat}"] + ([f"aqua:{r}.{seat}"] if rnd["aqua"][seat] else [])
            refs.append(f"food:{taken['colour']}.{taken['value']}")
            out.add(
                seat,
                f"Round {r}: {text.food(taken['value'], taken['colour'])}",
                taken["value"],
                round=r,
                colour=taken["colour"],
                refs=refs,
            )
        mine = own_colour_count(state.collected[seat], COLOURS[seat])
        out.add(
            seat,
            f"Own-colour cards collected: {mine} (tie-break only)",
            0,
            own_colour=mine,
            refs=[f"food:{c}.{v}" for c, v in state.collected[seat] if c == COLOURS[seat]],
        )
    points = [food_points(c) for c in state.collected]
    own = [own_colour_count(state.collected[s], COLOURS[s]) for s in range(state.players)]
    return out.to_json(winners=winners(points, own), own_colour=own)
