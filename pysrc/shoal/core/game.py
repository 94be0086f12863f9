"""What a game folder provides: the static facts of a game and the pure functions over its state.

A :class:`Game` never holds a position; a position is a :class:`State`. The :class:`~shoal.core.match.Match` joins the
two, validates actions and keeps the record, so that every game gets validation, atomic play, replay and views the
same way (OpenSpiel's split between a game and its states).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import same
from .condition import Condition
from .errors import brief
from .log import Log
from .rng import Rng

Action = dict[str, Any]
View = dict[str, Any]
# A bot sees exactly what its seat sees: its view and its legal actions, plus a private generator for its own choices.
Bot = Callable[[View, list[Action], Rng], Action]


def capped(bot: Bot, budget: int | None) -> Bot:
    """``bot`` with at most ``budget`` iterations a decision if it searches (a search bot offers ``capped(budget)``,
    ``shoal.bots.search``); any other bot as it is. Here, beside :data:`Bot`, so that the match can cap a bot
    without knowing how any bot searches."""
    if budget is None:
        return bot
    cap = getattr(bot, "capped", None)
    return bot if cap is None else cap(budget)


@dataclass(frozen=True)
class Option:
    """One match option a lobby can offer: its allowed values, its default, and words for a person.

    With ``length`` k > 0 the value is instead a list of k choices in order (say, six Ecosystems left to right), each
    appearing at most ``repeats[i]`` times (once each when ``repeats`` is empty), or the default (e.g. ``()``: off).
    """

    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    labels: tuple[str, ...] = ()  # words for each choice, in order ("A — Ecosystems 1–6, 60+"); empty: the values
    length: int = 0  # 0: one of the choices; k: a sequence of k of them
    repeats: tuple[int, ...] = ()  # with ``length``: how often each choice may appear (empty: once each)

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.label!r}: {len(self.labels)} labels for {len(self.choices)} choices")
        if self.repeats and len(self.repeats) != len(self.choices):
            raise ValueError(f"option {self.label!r}: {len(self.repeats)} repeats for {len(self.choices)} choices")

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not allowed for this option, in words after its name; None when it is allowed."""

        def shown(v: Any) -> str:
            try:
                text = json.dumps(v) if _is_json(v) else repr(v)
            except (ValueError, RecursionError):  # an int over 4,300 digits, nesting 1,000 deep
                return brief(v)
            return text if len(text) <= 60 else text[:57] + "..."

        if not self.length:
            if any(same(value, c) for c in self.choices):
                return None
            return f"= {shown(value)} is not one of {json.dumps(list(self.choices))}"
        if value is self.default or same(value, _plain(self.default)):
            return None
        ints = all(type(c) is int for c in self.choices)
        if ints and list(self.choices) == list(range(self.choices[0], self.choices[0] + len(self.choices))):
            pool = f"{self.choices[0]}–{self.choices[-1]}"
        else:
            pool = shown(list(self.choices))
        if not isinstance(value, list) or len(value) != self.length:
            return f"must be {self.length} values from {pool} in order, got {shown(value)}"
        for v in value:
            i = next((i for i, c in enumerate(self.choices) if same(v, c)), None)
            if i is None:
                return f"must be {self.length} values from {pool}: {shown(v)} is not one of them"
            most = self.repeats[i] if self.repeats else 1
            count = sum(1 for w in value if same(w, v))
            if count > most:
                allowed = "once" if most == 1 else f"{most} times"
                return f"must be {self.length} values from {pool}: {shown(v)} appears {count} times, at most {allowed}"
        return None

    def to_json(self) -> dict[str, Any]:
        labels = list(self.labels) or [str(c) for c in self.choices]
        out = {
            "label": self.label,
            "choices": list(self.choices),
            "default": _plain(self.default),
            "help": self.help,
            "labels": labels,
        }
        if self.length:
            out["length"] = self.length
            out["repeats"] = list(self.repeats) or [1] * len(self.choices)
        return out


def _plain(value: Any) -> Any:
    """A default as JSON holds it (a tuple default, kept immutable here, is a list there)."""
    return list(value) if isinstance(value, tuple) else value


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError, RecursionError):
        return False


class State:
    """The part of every position the core relies on: seat count, options, the seeded RNG and the log.

    Subclasses add their own fields and must implement :meth:`clone` cheaply (no ``copy.deepcopy``: bots copy states
    thousands of times a move).
    """

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.log = Log()

    def clone(self) -> State:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def _clone_base(self, twin: State) -> None:
        """Copy the core fields into ``twin`` (helper for subclasses' ``clone``)."""
        twin.players = self.players
        twin.options = self.options
        twin.rng = self.rng.clone()
        twin.log = self.log.clone()


class Game:
    """Static facts and rules of one game. Subclasses fill in the class attributes and the methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {}
    summary: ClassVar[str] = ""  # a sentence or two in our own words, for the lobby
    rules: ClassVar[list[str]] = []  # a short in-app rules summary, in our own words (never the rulebook's text)
    bots: ClassVar[dict[str, Bot]] = {}
    # Whether seats see different things. A game with no secret between seats (False) is played hot-seat without a
    # pass-the-device screen; the contract suite then checks that every seat's view equals the spectator's, except
    # for ``viewer_fields`` of the table (words addressed to the viewer, such as its prompt).
    private_views: ClassVar[bool] = True
    viewer_fields: ClassVar[tuple[str, ...]] = ()

    # --- rules -------------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        """Seats whose decision is awaited, in increasing order; several in simultaneous phases; [] when over."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (JSON-native: dicts, lists, str, int, bool); [] if it is not to act."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> None:
        """Carry out a legal action (the match has already checked it). Mutates ``state``."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def outcome(self, state: State) -> dict[str, Any]:
        """``{"scores": [...], "winners": [...], "breakdown": [[{"label", "points"}, ...] per seat]}``."""
        raise NotImplementedError

    # --- what a seat sees --------------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        """The game's part of the view: only what ``seat`` may see (``None``: a spectator)."""
        raise NotImplementedError

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> State:
        """Optional: the position written in the game's one-line notation, as a state (for lessons and tests).

        Raise :class:`~shoal.core.errors.ShoalError` (or ``ValueError``) naming what cannot be read. Games without a
        notation keep this default, which refuses every position.
        """
        from .errors import ShoalError

        raise ShoalError(f"{self.id} has no position notation")

    def to_position(self, state: State) -> str:
        """Optional: ``state`` written in the game's notation, so that ``from_position`` gives it back (the Studio
        writes a position out for its author; bug reports and tests quote one). It shows every card: never for a
        player's eyes. Games without a notation keep this default, which refuses."""
        from .errors import ShoalError

        raise ShoalError(f"{self.id} has no position notation")

    def seen(self, state: State, seat: int) -> Any:
        """A summary that changes whenever ``seat`` learns something it could not know before (a card drawn or turned
        up, a tile revealed, a simultaneous phase resolved, another seat's card shown). The undo rule compares it before
        and after every move; it must stay the same when a move shows ``seat`` only what it already knew. ``None``
        (the default) means "cannot tell": every move then counts as a reveal and nothing can be taken back.
        """
        return None

    def is_legal(self, state: State, seat: int, action: Action) -> bool | None:
        """Optional fast legality check; ``None`` means "ask legal_actions" (the default)."""
        return None

    # --- lessons -----------------------------------------------------------------------------------------------
    def hold_round_end(self, state: State) -> None:
        """Make ``state`` stop where its round ends instead of dealing the next one: a lesson's answer then shows the
        position it discusses, not a new hand. A game whose moves deal no new round keeps this default."""

    # The game's own lesson conditions, beside the generic ones of ``shoal.lessons.conditions``: name -> Condition
    # (``core.condition``: its check, its words and its parameters). A check reads only the seat's views (``Asked``),
    # so a verdict never tells the reader what its seat may not see.
    lesson_conditions: ClassVar[dict[str, Condition]] = {}

    def drawn_refs(self, view: View) -> set[str]:
        """Every ref (docs/refs.md) that the game's renderer tags with ``data-ref`` on the board it draws for ``view``
        (with the default reef on show). A lesson's highlight must name one of them, and so must every ref of an
        outcome row: a ref that is not drawn lights nothing. The browser tests hold each game's renderer to this."""
        raise NotImplementedError

    def view_points(self, view: View, seat: int) -> int:
        """What ``seat`` has scored so far as ``view`` (its own) shows it: what a lesson's ``scores_at_least`` asks.
        Every game answers from the view, never the state, for the same reason as the conditions."""
        raise NotImplementedError

    # --- lobby facts -------------------------------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "summary": self.summary,
            "rules": list(self.rules),
            "options": {name: opt.to_json() for name, opt in self.options.items()},
            "bots": list(self.bots),
            "private_views": self.private_views,
        }


@dataclass
class Outcome:
    """Helper to build an outcome dict with the shared tie and breakdown conventions."""

    players: int
    breakdown: list[list[dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.breakdown:
            self.breakdown = [[] for _ in range(self.players)]

    def add(self, seat: int, label: str, points: int, **detail: Any) -> None:
        row = {"label": label, "points": points}
        row.update(detail)
        self.breakdown[seat].append(row)

    def scores(self) -> list[int]:
        return [sum(row["points"] for row in rows) for rows in self.breakdown]

    def to_json(self, winners: list[int] | None = None, **extra: Any) -> dict[str, Any]:
        """Scores summed from the breakdown; winners default to everyone on the top score (a shared win)."""
        scores = self.scores()
        if winners is None:
            best = max(scores)
            winners = [s for s, v in enumerate(scores) if v == best]
        out = {"scores": scores, "winners": winners, "breakdown": self.breakdown}
        out.update(extra)
        return out
