"""Start positions cannot hang or strand the engine, in any game's notation.

Positions are written from random games at random moments (each game's own notation: museum, Brunch, Aquarena and
AQUA's ``P/R/M/T/S`` lines), some garbled a little. A position is either refused with a ShoalError, or it starts a
match in which every bot level plays a few plies (a small budget; the searches' own ply cap ends any playout that
could not end) and a random continuation to the end never meets a seat to act with no legal move. An AQUA position
with a short market would do that in every continuation and hang every search level.

The suite runs a few examples per game; ``SHOAL_HYPOTHESIS_PROFILE=long`` runs many.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shoal
from shoal.core import ShoalError
from shoal.games.aquarena import notation as aquarena_notation
from shoal.games.brunch import notation as brunch_notation
from shoal.games.museum import notation as museum_notation
from shoal.games.reef import data as reef_data
from shoal.games.reef.notation import format_board

LONG = os.environ.get("SHOAL_HYPOTHESIS_PROFILE") == "long"
EXAMPLES = settings(max_examples=300 if LONG else 6, deadline=None)
BOT_PLIES = 2  # each bot level plays this many plies from the position
BUDGET = 2  # iterations a decision for the search levels
CONTINUATION = 3000  # plies of the random continuation (the longest real games are a few hundred)


def reef_position(s) -> str:
    """An AQUA match position in ``Game.from_position``'s notation: the round as if it began with the seat to play."""
    lines = [f"V {s.rules.variant}"]
    if s.line:
        lines.append("E " + " ".join(f"{n}:{sp}" for n, sp in s.line))
    lines += [format_board(b) for b in s.boards]
    lines += [f"R {s.round}", "M " + " ".join(reef_data.TILES[t] for t in s.market), f"T {s.queue[0]}"]
    if s.snail_holder is not None:
        lines.append(f"S {s.snail_holder}")
    return " ; ".join(lines)


WRITE = {
    "museum": museum_notation.dump,
    "brunch": brunch_notation.dump,
    "aquarena": aquarena_notation.dump,
    "reef": reef_position,
}
LENGTH = {"museum": 18, "brunch": 120, "aquarena": 120, "reef": 40}  # plies to choose the moment from


def _garble(text: str, edits: list[tuple[int, int, int]]) -> str:
    """Small edits of the position's tokens: drop one, change a digit, swap two, repeat one."""
    tokens = text.split(" ")
    for kind, i, j in edits:
        i, j = i % len(tokens), j % len(tokens)
        if kind == 0 and len(tokens) > 1:
            del tokens[i]
        elif kind == 1:
            digits = [k for k, c in enumerate(tokens[i]) if c.isdigit()]
            if digits:
                k = digits[j % len(digits)]
                tokens[i] = tokens[i][:k] + str((int(tokens[i][k]) + 1 + j) % 10) + tokens[i][k + 1 :]
        elif kind == 2:
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens.insert(j, tokens[i])
    return " ".join(tokens)


def _written_after(match, plies: int, rng: random.Random) -> str | None:
    """The position after ``plies`` random moves, or after the next few until the notation can write it (Brunch
    writes only the start of a phase's decisions); None if the game ends first."""
    for ply in range(plies + 40):
        if match.is_over():
            return None
        if ply >= plies:
            try:
                return WRITE[match.game.id](match.state)
            except ShoalError:
                pass
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return None


def _position(game_id: str, data) -> tuple[int, int, str] | None:
    game = shoal.GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    text = _written_after(match, data.draw(st.integers(0, LENGTH[game_id]), label="moment"), rng)
    if text is None:
        return None
    edits = data.draw(
        st.lists(st.tuples(st.integers(0, 3), st.integers(0, 400), st.integers(0, 400)), max_size=2), label="edits"
    )
    return players, seed, _garble(text, edits)


def _no_seat_stranded(match) -> None:
    assert match.is_over() or (match.to_act() and all(match.legal_actions(s) for s in match.to_act())), (
        f"a seat to act with no legal move: {match.record()}"
    )


@pytest.mark.parametrize("game_id", sorted(WRITE))
@EXAMPLES
@given(data=st.data())
def test_a_start_position_is_refused_or_plays_on_without_a_stranded_seat(game_id, data):
    drawn = _position(game_id, data)
    if drawn is None:
        return
    players, seed, text = drawn
    try:
        start = shoal.new_match(game_id, players, seed=seed, position=text)
    except ShoalError as e:
        assert 0 < len(str(e)) <= 300
        return
    _no_seat_stranded(start)
    for bot in shoal.GAMES[game_id].bots:
        match = shoal.replay(start.record())
        for _ in range(BOT_PLIES):
            if match.is_over():
                break
            seat = match.to_act()[0]
            match.play(seat, match.bot_action(seat, bot, budget=BUDGET))
            _no_seat_stranded(match)
    rng = random.Random(text)
    for _ in range(CONTINUATION):
        if start.is_over():
            break
        seat = rng.choice(start.to_act())
        start.play(seat, rng.choice(start.legal_actions(seat)))
        _no_seat_stranded(start)


def test_the_fuzz_reaches_positions_that_start_matches_in_every_game():
    """The fuzz proves little if every position were refused: unchanged positions of every game start matches."""
    for game_id in WRITE:
        game = shoal.GAMES[game_id]
        started = 0
        for seed in range(6):
            players = game.min_players + seed % (game.max_players - game.min_players + 1)
            rng = random.Random(seed)
            text = _written_after(shoal.new_match(game_id, players, seed=seed), rng.randrange(LENGTH[game_id]), rng)
            try:
                started += text is not None and bool(shoal.new_match(game_id, players, seed=seed, position=text))
            except ShoalError:
                continue
        assert started >= 3, game_id
