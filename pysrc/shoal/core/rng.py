"""A tiny seeded random generator that every game draws from.

Why not :mod:`random`? Its state is a 625-word tuple that is slow to copy and awkward to keep in a match; this
SplitMix64 generator is one integer, so cloning a state (which bots do thousands of times) costs nothing, and the
same seed gives the same numbers on CPython and on Pyodide's 32-bit WebAssembly build alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: deterministic, copyable, and good enough for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *salt: int) -> None:
        state = _mix(seed & _MASK)
        for s in salt:
            state = _mix(((state ^ (s & _MASK)) + _GOLDEN) & _MASK)
        self.state = state

    @classmethod
    def for_bot(cls, seed: int, ply: int, seat: int) -> Rng:
        """A bot's private generator for one decision, derived one way from the match seed.

        SplitMix64 can be run backwards, so ``Rng(seed, ply, seat)`` would hand a bot (and anyone it talks to) the
        match seed, and with it every hidden card. A hash in between makes the seed unrecoverable while keeping the
        bot's choices reproducible from the record.
        """
        digest = hashlib.sha256(f"shoal-bot:{seed}:{ply}:{seat}".encode()).digest()
        return cls(int.from_bytes(digest[:8], "big"))

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both ends included."""
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self, *salt: int) -> Rng:
        """An independent generator derived from this one's state and ``salt``, leaving this one untouched."""
        return Rng(self.state, *salt)
