"""What just happened: a view's ``recent`` (docs/engine.md, Views) names what other seats and the table did since the
viewer's own last decision, worded for it, and only things its board draws.

The secrecy half (a twin that differs only in what the viewer may not see gives the same ``recent``) is proved with
the other view secrets: tests/trust/test_twins.py, tests/core/test_undo.py and each game's view tests.
"""

from __future__ import annotations

import json
import re

import pytest

import shoal
from shoal.core import Rng
from tests.lessons.drawn import drawn_refs

GAMES = [("museum", 2), ("brunch", 4), ("aquarena", 3), ("aquarena", 2), ("reef", 3), ("reef", 1)]
BOT = {"museum": "greedy", "brunch": "heuristic", "aquarena": "heuristic", "reef": "greedy"}
REF = re.compile(r"^[a-z]+:\S+$")


def on_screen(view):
    """Every ref the board may draw for ``view``: in AQUA each seat's reef is drawn when its tab is picked."""
    refs = drawn_refs(view)
    if view["game"] == "reef" and not view["over"]:
        for s in range(view["players"]):
            refs |= drawn_refs({**view, "seat": s, "table": {**view["table"], "current": None}})
    return refs


def played(game_id, players, seed, bot=None):
    """A match played to the end, yielding it after every move (the bots and random moves mixed)."""
    match = shoal.new_match(game_id, players, seed=seed)
    rng = Rng(seed, 29)
    while not match.is_over():
        seat = match.to_act()[0]
        if bot and rng.below(3):
            action = match.bot_action(seat, bot)
        else:
            action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        yield match, seat


@pytest.mark.parametrize("game_id,players", GAMES)
def test_recent_names_only_what_the_board_draws_and_is_plain_words(game_id, players):
    """docs/refs.md: a ref the board does not draw lights nothing; a line is engine text with ``{seat:N}`` names."""
    lines = 0
    for match, _ in played(game_id, players, seed=3, bot=BOT[game_id]):
        for viewer in [None, *range(players)]:
            view = match.view(viewer)
            recent = view["recent"]
            assert set(recent) == {"refs", "moves"}
            missing = set(recent["refs"]) - on_screen(view)
            assert not missing, (len(match.actions), viewer, sorted(missing))
            assert recent["refs"] == list(dict.fromkeys(r for m in recent["moves"] for r in m["refs"]))
            for move in recent["moves"]:
                assert set(move) == {"seat", "text", "refs"}
                assert move["seat"] is None or 0 <= move["seat"] < players
                assert move["seat"] != viewer or viewer is None, "a seat's own doings are not news to it"
                assert move["text"] and not move["text"].endswith(".") and "{seat:" in move["text"] + "{seat:"
                assert all(REF.match(r) for r in move["refs"])
                lines += 1
    assert lines > 20


def _others_since(match, viewer):
    """How many moves other seats made since ``viewer``'s last one."""
    seats = [seat for seat, _ in match.actions]
    last = max((i for i, s in enumerate(seats) if s == viewer), default=-1)
    return sum(1 for s in seats[last + 1 :] if s != viewer)


@pytest.mark.parametrize("game_id", ["museum", "reef", "aquarena"])
def test_every_move_by_another_seat_since_the_viewers_last_decision_has_its_line(game_id):
    """The issue: "the moves made since the person's last decision are highlighted" — in a game of turns every move by
    another seat since then is told (AQUA's "no Large Animal" says nothing new and has no line), and the viewer's
    own move clears them."""
    players = 2 if game_id != "reef" else 3
    checked = 0
    for match, mover in played(game_id, players, seed=5, bot=BOT[game_id]):
        for viewer in range(players):
            moves = match.view(viewer)["recent"]["moves"]
            told = [m for m in moves if m["seat"] is not None]
            skipped = sum(
                1
                for s, a in match.actions[len(match.actions) - _others_since(match, viewer) :]
                if a["type"] == "skip_large"
            )
            assert len(told) == _others_since(match, viewer) - skipped, (viewer, moves)
            if viewer == mover:
                assert not told
            checked += 1
    assert checked >= 30


def test_a_spectator_sees_what_the_last_move_did():
    match = shoal.new_match("museum", 2, seed=1)
    assert match.view(None)["recent"] == {"refs": [], "moves": []}
    for _ in range(3):
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "greedy"))
        last = match.view(None)["recent"]["moves"]
        assert [m["seat"] for m in last] == [seat]


def test_a_seat_that_has_not_moved_yet_sees_everything_so_far():
    match = shoal.new_match("reef", 3, seed=2)
    first = match.to_act()[0]
    last = (first + 2) % 3
    while match.to_act()[0] != last:
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "greedy"))
    movers = [m["seat"] for m in match.view(last)["recent"]["moves"]]
    assert set(movers) == {first, (first + 1) % 3}


def test_a_replay_and_an_undo_give_the_same_recent_as_the_match_played():
    """Records and replays are unchanged: ``recent`` is worked out from the moves, never stored."""
    match = shoal.new_match("aquarena", 3, seed=4)
    rng = Rng(4)
    for _ in range(30):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    again = shoal.replay(match.record())
    assert "recent" not in json.dumps(match.record())
    for viewer in (None, 0, 1, 2):
        assert again.view(viewer)["recent"] == match.view(viewer)["recent"]
    reef = shoal.new_match("reef", 2, seed=9)
    for _ in range(6):
        seat = reef.to_act()[0]
        reef.play(seat, reef.bot_action(seat, "greedy"))
    before = reef.view(0)["recent"]
    seat = reef.to_act()[0]
    reef.play(seat, reef.bot_action(seat, "greedy"))
    if reef.can_undo(seat):
        reef.undo(seat)
        assert reef.view(0)["recent"] == before


def test_brunch_names_a_passed_card_to_its_receiver_alone():
    """A pass is secret until every seat has chosen; then each seat learns the card it received, nobody else does."""
    from shoal.games.brunch.data import PREDATOR_NAMES

    match = shoal.new_match("brunch", 4, seed=3)
    while match.state.phase != "pass":
        for seat in match.to_act():
            match.play(seat, {"type": "keep_passing"})
    for seat in (1, 2, 3):
        match.play(seat, match.legal_actions(seat)[0])
        for viewer in (None, 0, 1, 2, 3):
            lines = [m["text"] for m in match.view(viewer)["recent"]["moves"]]
            assert lines in ([], ["Nobody called Lunch: every seat passes a card"]), "a choice stays secret"
    match.play(0, match.legal_actions(0)[0])
    table = "Pass 1: every seat passed a card to its left"
    for viewer in range(4):
        name = PREDATOR_NAMES[match.state.received[viewer]]
        article = "an" if name[0] in "AEIOU" else "a"
        lines = [m["text"] for m in match.view(viewer)["recent"]["moves"]]
        assert lines == [table, f"{{seat:{(viewer - 1) % 4}}} passed you {article} {name}"]
    assert [m["text"] for m in match.view(None)["recent"]["moves"]] == [table]


def test_aquarena_names_a_face_down_card_only_as_a_card_on_its_tile():
    match = shoal.new_match("aquarena", 2, seed=1)
    while True:
        seat = match.to_act()[0]
        action = match.legal_actions(seat)[0]
        face_up = match.view(seat)["table"]["face_up_next"]
        match.play(seat, action)
        if action["type"] == "place" and not face_up:
            break
    line = match.view(1 - seat)["recent"]["moves"][-1]
    assert line["text"] == f"{{seat:{seat}}} placed a card face down on pond {'ABC'[action['tile']]}"
    assert line["refs"] == [f"tile:{action['tile']}"]
