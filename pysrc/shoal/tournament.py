"""Bots against bots: many games with seats rotated, on every core, with win shares and their 95% intervals.

``python -m shoal tournament museum --players 2 --seats hard,greedy --games 200 --jobs 2``. Game ``i`` plays seed
``seed + i`` with the seat list rotated by ``i`` places, so every bot sits in every seat equally often. A bot is named
as the game lists it, or ``module:function`` names a *bot source* (``source(game_id, name) -> bot or None``) that the
strength benchmark uses to bring in bots frozen from git history.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from . import GAMES, new_match
from .core import Bot, ShoalError
from .core.rng import Rng


@dataclass
class GameResult:
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)  # bot name -> seconds of each decision


def _resolve(game_id: str, name: str, source: str | None) -> Bot:
    if source:
        module, _, func = source.partition(":")
        bot = getattr(import_module(module), func)(game_id, name)
        if bot is not None:
            return bot
    bots = GAMES[game_id].bots
    if name not in bots:
        raise ShoalError(f"{game_id} has no bot {name!r} (bots: {', '.join(bots)})")
    return bots[name]


def play_game(
    game_id: str,
    players: int,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    source: str | None = None,
    budget: int | None = None,
) -> GameResult:
    """One game: seat ``s`` is played by bot ``seats[s]``, each seeing only its view, with the match's bot Rng."""
    from .bots.search import capped

    match = new_match(game_id, players, seed=seed, options=options)
    bots = [capped(_resolve(game_id, name, source), budget) for name in seats]
    times: dict[str, list[float]] = {}
    while not match.is_over():
        for seat in match.to_act():
            if seat not in match.to_act():
                continue
            legal = match.legal_actions(seat)
            # The match's own bot generator if it names one (the page's derivation), else the documented one.
            rng = match.bot_rng(seat) if hasattr(match, "bot_rng") else Rng(match.seed, len(match.actions), seat)
            start = time.process_time()  # CPU seconds: other processes on a shared machine do not count
            action = bots[seat](match.view(seat), legal, rng)
            if len(legal) > 1:  # only real decisions are timed
                times.setdefault(seats[seat], []).append(time.process_time() - start)
            match.play(seat, action)
    out = match.outcome()
    return GameResult(seed, list(seats), list(out["scores"]), list(out["winners"]), times)


def _job(args: tuple) -> GameResult:
    return play_game(*args)


def rotated(seats: list[str], i: int) -> list[str]:
    k = i % len(seats)
    return seats[k:] + seats[:k]


def run(
    game_id: str,
    players: int,
    seats: list[str],
    games: int,
    jobs: int = 1,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    source: str | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    first: int = 0,
) -> list[GameResult]:
    """Play ``games`` games (seats rotated), in ``jobs`` processes; results in game order. Game *i* plays seed
    ``seed + i`` with the seats rotated *i* places; ``first`` starts at game *first*, so a long run can be played in
    parts that add up to exactly the games one run would have played."""
    if game_id not in GAMES:
        raise ShoalError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})")
    if len(seats) != players:
        raise ShoalError(f"{players} players need {players} seats, got {len(seats)}: {','.join(seats)}")
    for name in set(seats):
        _resolve(game_id, name, source)  # fail before starting any process
    tasks = [
        (game_id, players, rotated(seats, i), seed + i, options, source, budget) for i in range(first, first + games)
    ]
    results: list[GameResult] = []
    if jobs <= 1:
        for task in tasks:
            results.append(_job(task))
            if progress:
                progress(len(results), games)
        return results
    import multiprocessing

    with multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork").Pool(jobs) as pool:
        for result in pool.imap(_job, tasks):
            results.append(result)
            if progress:
                progress(len(results), games)
    return results


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(n)


def summarise(results: list[GameResult]) -> dict[str, dict[str, Any]]:
    """Per bot name: win share per seat it held (ties shared) with 95% interval, mean and median score, seconds per
    decision (mean, max) and how many decisions were timed."""
    names = list(dict.fromkeys(name for r in results for name in r.seats))
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        shares, scores, times = [], [], []
        for r in results:
            mine = [s for s, n in enumerate(r.seats) if n == name]
            if not mine:
                continue
            won = sum(1.0 / len(r.winners) for s in mine if s in r.winners)
            shares.append(won / len(mine))
            scores.extend(r.scores[s] for s in mine)
            times.extend(r.times.get(name, []))
        share, half = interval(shares)
        out[name] = {
            "seats": sum(r.seats.count(name) for r in results) / max(1, len(results)),
            "games": len(shares),
            "win": share,
            "win95": half,
            "mean_score": statistics.fmean(scores) if scores else 0.0,
            "median_score": statistics.median(scores) if scores else 0.0,
            "sec_mean": statistics.fmean(times) if times else 0.0,
            "sec_max": max(times) if times else 0.0,
            "decisions": len(times),
        }
    return out


def table(summary: dict[str, dict[str, Any]], players: int) -> str:
    lines = [
        f"{'bot':<14}{'seats':>6}{'games':>7}  {'win share (95%)':<18}{'mean score':>11}{'median':>8}"
        f"{'s/decision':>12}{'max s':>8}"
    ]
    for name, s in summary.items():
        win = f"{s['win']:.3f} ± {s['win95']:.3f}" if players > 1 else "—"
        lines.append(
            f"{name:<14}{s['seats']:>6.0f}{s['games']:>7}  {win:<18}{s['mean_score']:>11.2f}"
            f"{s['median_score']:>8.1f}{s['sec_mean']:>12.4f}{s['sec_max']:>8.3f}"
        )
    if players > 1:
        lines.append(f"(a fair share is {1 / players:.3f} per seat; ties are shared)")
    return "\n".join(lines)


__all__ = ["GameResult", "interval", "play_game", "rotated", "run", "summarise", "table"]
