"""A tiny simultaneous game used only to test the core: each round every seat secretly picks 1–3; highest unique
wins."""

from __future__ import annotations

from shoal.bots import random_bot
from shoal.core import Game, Outcome, State


class ToyState(State):
    def clone(self):
        t = ToyState.__new__(ToyState)
        self._clone_base(t)
        t.round, t.picks, t.points = self.round, dict(self.picks), list(self.points)
        return t


class Toy(Game):
    id, title, min_players, max_players = "toy", "Toy", 2, 3
    bots = {"random": random_bot}

    def setup(self, players, options, rng):
        s = ToyState(players, options, rng)
        s.round, s.picks, s.points = 0, {}, [0] * players
        return s

    def to_act(self, s):
        return [] if s.round == 3 else [p for p in range(s.players) if p not in s.picks]

    def legal_actions(self, s, seat):
        return [{"type": "pick", "n": n} for n in (1, 2, 3)] if seat in self.to_act(s) else []

    def apply(self, s, seat, action):
        s.picks[seat] = action["n"]
        s.log.add(f"You picked {action['n']}", seats=[seat], others=f"Seat {seat} picked")
        if len(s.picks) == s.players:
            vals = list(s.picks.values())
            uniq = [v for v in vals if vals.count(v) == 1]
            if uniq:
                s.points[next(p for p, v in s.picks.items() if v == max(uniq))] += 1 + s.rng.below(2)
            s.picks, s.round = {}, s.round + 1

    def is_over(self, s):
        return s.round == 3

    def outcome(self, s):
        o = Outcome(s.players)
        for p in range(s.players):
            o.add(p, "Rounds", s.points[p])
        return o.to_json()

    def view(self, s, seat):
        return {
            "round": s.round,
            "points": s.points,
            "picked": sorted(s.picks),
            "mine": s.picks.get(seat) if seat is not None else None,
        }
