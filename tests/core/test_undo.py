"""Undo: a seat may undo its own moves back to the last point where hidden information was revealed to anyone, a
random event happened, or another human acted; against bots, undo takes back the human's last move together with the
bot moves that followed it. Decided once in core by replaying the record without the taken-back moves.

Each game says what a seat has seen (``Game.seen``); these tests prove, game by game, that a move the rule lets a
person take back showed that person nothing: positions that differ only in what it could not see still look the same
to it after the move.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest

import shoal
from shoal.core import IllegalAction, Rng
from tests.aquarena.test_views import _hide_differently as aquarena_twin
from tests.reef.test_secrecy import _twin_with_another_pile

TABLES = [
    ("museum", 2, 5),
    ("museum", 2, 8),
    ("brunch", 3, 5),
    ("brunch", 4, 8),
    ("aquarena", 2, 4),
    ("aquarena", 3, 9),
    ("reef", 2, 6),
    ("reef", 3, 1),
]
HUMAN = 0


def snapshot(match) -> str:
    """The record and every seat's (and a spectator's) view: the whole of what anyone could see or replay."""
    return json.dumps(
        {"record": match.record(), "views": [match.view(s) for s in [None, *range(match.players)]]}, sort_keys=True
    )


def play_against_bots(game_id: str, players: int, seed: int):
    """Seat 0 (the person) plays random legal moves, the others the random bot; yields each move for the caller to
    play."""
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        action = rng.choice(match.legal_actions(seat)) if seat == HUMAN else match.bot_action(seat, "random")
        yield match, seat, action


@pytest.mark.parametrize("game_id,players,seed", TABLES)
def test_undo_restores_the_earlier_position_exactly_and_the_record_forgets_the_moves(game_id, players, seed):
    """'prove for each game that the reconstructed position equals the earlier one'; 'A record never contains
    undone moves'."""
    shots: list[str] = [snapshot(shoal.new_match(game_id, players, seed=seed))]
    undone = 0
    for match, seat, action in play_against_bots(game_id, players, seed):
        match.play(seat, action)
        shots.append(snapshot(match))
        if not match.can_undo(HUMAN, [HUMAN]):
            continue
        twin = shoal.replay(match.record())
        taken = twin.undo(HUMAN, [HUMAN])
        keep = len(twin.actions)
        assert taken == match.actions[keep:] and taken[0][0] == HUMAN
        assert all(seat != HUMAN for seat, _ in taken[1:]), "the person's last move, with the bot moves after it"
        assert snapshot(twin) == shots[keep], "every seat sees exactly what it saw before that move"
        assert twin.record()["actions"] == match.record()["actions"][:keep]
        undone += 1
    assert undone >= 3, f"the rule allowed only {undone} undos in {game_id}: the test proves little"


def test_a_refused_undo_says_so_and_changes_nothing():
    match = shoal.new_match("museum", 2, seed=3)
    before = snapshot(match)
    with pytest.raises(IllegalAction, match="cannot take back"):
        match.undo(0, [0])
    assert snapshot(match) == before
    assert not match.can_undo(0, [0]) and not match.can_undo("0", [0]) and not match.can_undo(1, [0])


def _moves_until_undoable(match, humans, rng):
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
        if match.can_undo(seat, humans):
            return seat
    raise AssertionError("no undoable move came up")


def test_another_persons_move_ends_what_can_be_taken_back():
    """'…or another human acted': at a hot-seat table, once someone else has moved, the earlier move is final."""
    match = shoal.new_match("reef", 2, seed=6)
    rng = random.Random(2)
    seat = _moves_until_undoable(match, [0, 1], rng)
    assert match.can_undo(seat, [0, 1])
    other = 1 - seat
    while match.to_act() == [seat]:  # a Large Animal choice may follow in the same turn
        match.play(seat, rng.choice(match.legal_actions(seat)))
    if match.to_act() == [other] and not match.is_over():
        match.play(other, rng.choice(match.legal_actions(other)))
        assert not match.can_undo(seat, [0, 1])
        assert match.can_undo(seat, [seat]) or match.reveals[-1] != (False, frozenset()), (
            "with the other seat a bot, only a reveal or a random event could stop it"
        )


def test_a_finished_match_is_final():
    match = shoal.new_match("reef", 2, seed=6)
    for m, seat, action in play_against_bots("reef", 2, 6):
        m.play(seat, action)
        match = m
    last_seat, last = match.actions[-1]
    assert match.is_over() and not match.can_undo(last_seat, [last_seat])


def test_museum_a_drawn_card_cannot_be_taken_back_but_a_late_placement_can():
    """Drawing back up shows the drawer a card: its move is final. Once the deck is empty, a placement that turns
    nothing up may be taken back."""
    drew = late = 0
    for match, seat, action in play_against_bots("museum", 2, 8):
        deck = len(match.state.deck)
        match.play(seat, action)
        if seat == HUMAN and action["type"] == "place" and len(match.state.deck) < deck:
            assert not match.can_undo(HUMAN, [HUMAN])
            drew += 1
        elif seat == HUMAN and action["type"] == "place" and not match.state.last["revealed"] and not match.is_over():
            if match.state.phase == "place" or match.state.mover == HUMAN:
                assert match.can_undo(HUMAN, [HUMAN]), match.record()
                late += 1
    assert drew >= 3 and late >= 1


# --- the proof: a move the rule lets a person take back showed that person nothing ---------------------------------
def _museum_twin(match, viewer):
    """The same position with every card ``viewer`` cannot name dealt differently (deck, other hand, face-down cards
    it did not place), and another RNG."""
    twin = shoal.replay(match.record())
    s = twin.state
    slots = [("deck", i) for i in range(len(s.deck))]
    slots += [("hand", i) for i in range(len(s.hands[1 - viewer]))]
    slots += [("grid", p) for p in s.grid if not s.knows(viewer, p)]
    cards = [s.deck[i] if k == "deck" else s.hands[1 - viewer][i] if k == "hand" else s.grid[i] for k, i in slots]
    cards = cards[1:] + cards[:1]
    for (kind, i), card in zip(slots, cards):
        if kind == "deck":
            s.deck[i] = card
        elif kind == "hand":
            s.hands[1 - viewer][i] = card
        else:
            s.grid[i] = card
    s.rng = Rng(424242)
    return twin


def _brunch_twin(match, viewer):
    """Another deck order and Aqua stack order (hidden from everyone) and, in a Lunch window, the other seats'
    undisclosed decisions the other way round."""
    twin = shoal.replay(match.record())
    s = twin.state
    s.deck.reverse()
    s.aqua_stack.reverse()
    if s.phase == "lunch":
        s.pending = {
            seat: (not c if isinstance(c, bool) else c) if seat != viewer else c for seat, c in s.pending.items()
        }
    return twin


def _aquarena_twin(match, viewer):
    twin = shoal.replay(match.record())
    twin.state = aquarena_twin(match.state, viewer)
    return twin


def _reef_twin(match, viewer):
    if match.state.pile:
        return _twin_with_another_pile(match)
    twin = shoal.replay(match.record())  # the pile is spent: nothing is hidden any more
    twin.state.rng = Rng(424242)
    return twin


TWINS = {"museum": _museum_twin, "brunch": _brunch_twin, "aquarena": _aquarena_twin, "reef": _reef_twin}


def _hidden_part(match) -> bytes:
    """The whole position but its RNG (which every twin changes), to check that the twins really differ."""
    state = match.state.clone()
    state.rng = None
    return pickle.dumps(state)


def _seen_by(match, seat) -> str:
    v = match.view(seat)
    return json.dumps(
        {"table": v["table"], "log": v["log"], "recent": v["recent"], "legal": v["legal"], "to_act": v["to_act"]},
        sort_keys=True,
    )


@pytest.mark.parametrize("game_id,players,seed", TABLES)
def test_a_move_game_seen_calls_quiet_shows_the_person_nothing_it_could_not_see(game_id, players, seed):
    """``Game.seen``'s promise, move by move: when a move leaves seat 0's summary unchanged (and draws on no RNG), a
    twin position that differs only in what seat 0 cannot see gives seat 0 the same view after the same move. (Moves
    the twin makes illegal — a bot playing a card the twin dealt elsewhere — are skipped and counted.)"""
    checked = differed = 0
    for match, seat, action in play_against_bots(game_id, players, seed):
        twin = TWINS[game_id](match, HUMAN)
        assert _seen_by(twin, HUMAN) == _seen_by(match, HUMAN), "the twin differs only in what seat 0 cannot see"
        mark_before = len(match.reveals)
        match.play(seat, action)
        random_event, learned = match.reveals[mark_before]
        learned_nothing = not random_event and HUMAN not in learned
        if not learned_nothing:
            continue
        try:
            twin.play(seat, action)
        except IllegalAction:
            continue
        differed += _hidden_part(twin) != _hidden_part(match)
        assert _seen_by(twin, HUMAN) == _seen_by(match, HUMAN), (game_id, seat, action)
        checked += 1
    assert checked >= 5, f"only {checked} quiet moves were checked"
    assert differed >= checked // 2, "the twins really differed in what seat 0 could not see"


# Each world's bot answers for itself: a quick bot that reads its view (its hand, its face-down cards), as a level does.
ANSWER_TABLES = [*TABLES, ("museum", 2, 1002), ("museum", 2, 21), ("aquarena", 2, 7)]


def _answer_for_itself(world, bot):
    """One move of the first bot due in ``world`` (seat 0 the person), chosen by that world's own bot; False when no
    bot is due (the person's turn, or the end)."""
    due = [s for s in world.to_act() if s != HUMAN]
    if not due or world.is_over():
        return False
    world.play(due[0], world.bot_action(due[0], bot))
    return True


@pytest.mark.parametrize("game_id,players,seed", ANSWER_TABLES)
def test_while_a_move_may_be_taken_back_the_bots_answers_showed_the_person_nothing(game_id, players, seed):
    """Undo cannot probe a bot's hidden cards: seat 0 plays the same move in two worlds that differ only in what it
    cannot see, and each world's bot answers for itself. Whenever the rule still lets seat 0 take its move back, seat 0
    sees the same in both worlds: had a bot answered on its secrets, the move would be final. (Museum, seed 1002,
    after 11 moves: greedy answers face down at (-1, 0) in one world and face up at (-1, -1) in the other.)"""
    bot = next(b for b in ("greedy", "heuristic") if b in shoal.GAMES[game_id].bots)
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    checked = answered = 0
    while not match.is_over():
        if HUMAN not in match.to_act():
            _answer_for_itself(match, bot)
            continue
        twin = TWINS[game_id](match, HUMAN)
        assert _seen_by(twin, HUMAN) == _seen_by(match, HUMAN), "the twin differs only in what seat 0 cannot see"
        action = rng.choice(match.legal_actions(HUMAN))
        match.play(HUMAN, action)
        twin.play(HUMAN, action)  # legal in both: seat 0's own moves are chosen from what it sees
        for _ in range(40):  # the answers, until seat 0 is to act again
            if match.can_undo(HUMAN, [HUMAN]) or twin.can_undo(HUMAN, [HUMAN]):
                assert match.can_undo(HUMAN, [HUMAN]) == twin.can_undo(HUMAN, [HUMAN])
                assert _seen_by(twin, HUMAN) == _seen_by(match, HUMAN), (game_id, seed, len(match.actions))
                checked += 1
            moved = [_answer_for_itself(world, bot) for world in (match, twin)]
            if not any(moved):
                break
            answered += 1
    assert checked >= 3 and answered >= 3, (checked, answered)


def test_undo_cannot_probe_a_bots_hidden_hand_in_the_museum():
    """The repro: seed 1002, 11 moves (seat 0 random, seat 1 greedy), then seat 0 plays the 6 lily pad face up at
    (-1, 1). Greedy answers differently in a twin that differs only in what seat 0 cannot see: once it has answered,
    seat 0's move is final in both worlds."""
    match = shoal.new_match("museum", 2, seed=1002)
    rng = random.Random(1002)
    for _ in range(11):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)) if seat == HUMAN else match.bot_action(seat, "greedy"))
    twin = _museum_twin(match, HUMAN)
    move = {"type": "place", "card": 11, "x": -1, "y": 1, "face": "up"}
    answers = []
    for world in (match, twin):
        world.play(HUMAN, move)
        assert world.can_undo(HUMAN, [HUMAN]), "no bot has answered yet: the move may still be taken back"
        answers.append(world.bot_action(1, "greedy"))
        world.play(1, answers[-1])
        assert not world.can_undo(HUMAN, [HUMAN]), "the bot answered from its hidden hand: the move is final"
    assert answers[0] != answers[1], "the worlds' bots answer differently: what undo would have let seat 0 probe"


def test_in_aqua_a_bots_answer_is_still_taken_back_with_the_persons_move():
    """AQUA has no private views: a bot sees nothing the person does not, so undo takes its answer back as before."""
    match = shoal.new_match("reef", 2, seed=6)
    rng = random.Random(6)
    taken = 0
    while not match.is_over() and not taken:
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)) if seat == HUMAN else match.bot_action(seat, "greedy"))
        if seat != HUMAN and match.can_undo(HUMAN, [HUMAN]):
            taken = len(match.undo(HUMAN, [HUMAN]))
    assert taken >= 2, "the person's move and the bot's answer came back together"


# --- the bridge -----------------------------------------------------------------------------------------------------
def _ask(**req):
    from shoal import bridge

    return json.loads(bridge.handle(json.dumps(req)))


def test_the_bridge_offers_undo_only_when_allowed_and_answers_with_views():
    """'Bridge command(s) undo/can_undo (answers carry only views)'."""
    step = _ask(cmd="new", match="undo-test", game="aquarena", players=2, seed=6, viewer=0, humans=[0])
    assert step["ok"] and step["undo_seat"] is None
    rng = random.Random(2)
    for _ in range(40):
        seat = step["to_act"][0]
        if seat == 0:
            step = _ask(
                cmd="play", match="undo-test", seat=0, action=rng.choice(step["view"]["legal"]), viewer=0, humans=[0]
            )
        else:
            step = _ask(cmd="bots", match="undo-test", seats=[[seat, "random"]], viewer=0, humans=[0])
        if step["undo_seat"] == 0:
            break
    assert step["undo_seat"] == 0, "an undoable move came up"
    log = step["view"]["log"]
    again = _ask(cmd="undo", match="undo-test", seat=0, humans=[0], viewer=0)
    assert again["ok"] and set(again) == {"ok", "taken_back", "to_act", "over", "view", "undo_seat"}
    assert again["taken_back"] and log[-len(again["taken_back"]) :] == again["taken_back"]
    assert again["view"]["log"] == log[: len(log) - len(again["taken_back"])]
    assert _ask(cmd="can_undo", match="undo-test", seat=0, humans=[0]) == {
        "ok": True,
        "can_undo": again["undo_seat"] == 0,
    }
    bad = _ask(cmd="undo", match="undo-test", seat=0, humans="everyone", viewer=0)
    assert not bad["ok"] and "humans" in bad["error"]
    _ask(cmd="close", match="undo-test")


def test_only_the_last_person_to_move_may_take_back_and_only_until_another_person_moves():
    """At a hot-seat table the one who may undo is the last person who moved, until someone else moves."""
    match = shoal.new_match("brunch", 3, seed=4)
    everyone = [0, 1, 2]
    assert match.undo_seat(everyone) is None
    seat = match.to_act()[0]
    match.play(seat, match.legal_actions(seat)[0])  # a secret Lunch decision: the others still decide
    assert match.undo_seat(everyone) == seat and match.can_undo(seat, everyone)
    other = next(s for s in match.to_act() if s != seat)
    match.play(other, match.legal_actions(other)[0])
    assert match.undo_seat(everyone) == other and not match.can_undo(seat, everyone)
