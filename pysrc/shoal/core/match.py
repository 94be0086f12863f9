"""A match: one game, one position, its record. The single door through which anything changes a position.

``play`` validates first and applies to a copy, so a refused or failing action leaves the match exactly as it was.
"""

from __future__ import annotations

import copy
import json
import marshal
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

from . import actions as _actions
from .errors import BadRecord, IllegalAction, ShoalError, brief
from .game import Action, Game, State, View, capped
from .limits import check_data, data_problem
from .rng import Rng

RECORD_FORMAT = "shoal-record"
MAX_POSITION = 20_000  # characters: a position notation is a line or a few, never a file
MAX_SEED = 2**53 - 1  # the integers a browser's JSON keeps exactly
NAME_LIMIT = 40  # characters in a player's name kept with a record
SEAT_KINDS = ("human", "bot", "easy", "normal", "hard")  # besides the game's own bot names


def _check_seed(seed: Any) -> int:
    if type(seed) is not int:
        raise ShoalError(f"seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise ShoalError(f"seed must be an integer from 0 to 2**53-1 ({MAX_SEED}), got {brief(seed)}")
    return seed


def _plain(data: Any) -> Any:
    """A deep copy of plain data, so that nothing a caller receives is one of the match's own objects (games cache
    legal lists and parts of views). ``marshal`` copies dicts, lists, strings and numbers in C: several times faster
    than a JSON round trip or a Python walk, and it refuses anything that is not plain data."""
    return marshal.loads(marshal.dumps(data))


class LazyView(MutableMapping[str, Any]):
    """A seat's view that is built on its first read. A bot is handed its seat's view and nothing else; one that never
    reads it (``random``, a search with one legal action) then costs no view: in the page a reef view is most of a
    click's Python. Reads, writes and comparisons behave as on the plain dict ``build()`` returns."""

    __slots__ = ("_build", "_view")

    def __init__(self, build: Callable[[], View]) -> None:
        self._build: Callable[[], View] | None = build
        self._view: View | None = None

    @property
    def built(self) -> bool:
        """Whether anything read the view (tests: a bot that does not read its view costs none)."""
        return self._view is not None

    def _plain_view(self) -> View:
        if self._view is None:
            assert self._build is not None
            self._view, self._build = self._build(), None
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._plain_view()[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self._plain_view()[key] = value

    def __delitem__(self, key: str) -> None:
        del self._plain_view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._plain_view())

    def __len__(self) -> int:
        return len(self._plain_view())

    def __eq__(self, other: object) -> bool:
        return self._plain_view() == (other._plain_view() if isinstance(other, type(self)) else other)

    __hash__ = None  # type: ignore[assignment]  # a view is mutable, as a dict is

    def __repr__(self) -> str:
        return f"LazyView({self._plain_view()!r})"


def resolve_options(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and refuse unknown options or values outside their choices."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ShoalError(f"options must be an object, got {type(options).__name__}")
    check_data(options, "options")
    unknown = [name for name in options if not isinstance(name, str) or name not in game.options]
    if unknown:
        known = ", ".join(sorted(game.options)) or "none"
        raise ShoalError(f"{game.id} has no option {', '.join(brief(u, 30) for u in unknown[:5])} (options: {known})")
    out = {}
    for name, opt in game.options.items():
        value = options.get(name, opt.default)
        why = opt.problem(value)
        if why:
            raise ShoalError(f"option {name!r} {why}")
        out[name] = list(value) if opt.length else value  # a sequence option: the match's own list
    return out


class Match:
    """One game in progress. Every method answers from the point of view the caller names."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        position: str | None = None,
    ) -> None:
        if type(players) is not int or not game.min_players <= players <= game.max_players:
            raise ShoalError(f"{game.title} is for {game.min_players}–{game.max_players} players, got {brief(players)}")
        self.game = game
        self.players = players
        self.seed = _check_seed(seed)
        self.options = resolve_options(game, options)
        self.position = position
        if position is None:
            self.state: State = game.setup(players, dict(self.options), Rng(self.seed))
        else:
            self.state = start_from(game, position, players, dict(self.options), Rng(self.seed))
        self.actions: list[list[Any]] = []
        # Per action: did it draw from the RNG, and which seats learned something (see :meth:`can_undo`).
        self.reveals: list[tuple[bool, frozenset[int]]] = []

    # --- whose turn ------------------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.game.is_over(self.state) else list(self.game.to_act(self.state))

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        """A fresh copy each call: a game may cache its lists, and a caller must not be able to edit them."""
        if type(seat) is not int or seat not in self.to_act():
            return []
        return _plain(self.game.legal_actions(self.state, seat))

    # --- changing the position -------------------------------------------------------------------------------
    def _check_seat(self, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"seat must be an integer from 0 to {self.players - 1}, got {brief(seat)}")
        return seat

    def check(self, seat: Any, action: Any) -> None:
        """Raise :class:`IllegalAction` naming what is wrong, or return if ``action`` is legal for ``seat``."""
        seat = self._check_seat(seat)
        if self.is_over():
            raise IllegalAction("the match is over")
        waiting = self.to_act()
        if seat not in waiting:
            raise IllegalAction(f"seat {seat} is not to act now (waiting for seat {', '.join(map(str, waiting))})")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action must be a JSON object, got {type(action).__name__}")
        _actions.check_json(action)
        quick = self.game.is_legal(self.state, seat, action)
        if quick is True:
            return
        legal = self.game.legal_actions(self.state, seat)
        if quick is None and _actions.find(action, legal):
            return
        raise IllegalAction(f"seat {seat}: {_actions.explain(action, legal)}")

    def play(self, seat: int, action: Action) -> None:
        """Play a legal action, or raise :class:`IllegalAction` and change nothing."""
        self.check(seat, action)
        action = json.loads(json.dumps(action))  # our own copy: the caller may reuse its dict
        trial = self.state.clone()
        self.game.apply(trial, seat, action)
        self.reveals.append(_what_changed(self.game, self.state, trial))
        self.state = trial
        self.actions.append([seat, action])

    def clone(self) -> Match:
        """An independent copy to play on (a lesson judging an answer plays it on one): the position cloned and the
        record's lists copied, so nothing played on the copy reaches this match."""
        twin = copy.copy(self)
        twin.options = dict(self.options)
        twin.state = self.state.clone()
        twin.actions = list(self.actions)
        twin.reveals = list(self.reveals)
        return twin

    # --- taking moves back -----------------------------------------------------------------------------------
    def undo_point(self, seat: int, humans: list[int] | None = None) -> int | None:
        """How many actions remain if ``seat`` takes back its last move, or None if it may not (BGA's rule).

        ``seat`` takes back its own last move together with the moves of bots (seats not in ``humans``; default:
        every seat is a person) that followed it, unless one of those moves drew on the RNG (a random event), made
        any person learn something (a card drawn or turned, a tile revealed, a simultaneous phase resolved), was
        another person's, or was a bot's in a game with private views. There every seat holds something the person
        cannot see (its hand, its face-down cards), so a bot's answer is chosen on information the person lacks:
        taking the move back and trying another would show the person how that hidden hand answers each. In a game
        without private views (AQUA) a bot sees nothing the person does not, and its answers are taken back too.
        A finished match is final.
        """
        people = set(range(self.players) if humans is None else humans)
        if type(seat) is not int or seat not in people or self.is_over():
            return None
        for i in range(len(self.actions) - 1, -1, -1):
            mover = self.actions[i][0]
            random, learned = self.reveals[i]
            if random or learned & people or (mover != seat and (mover in people or self.game.private_views)):
                return None
            if mover == seat:
                return i
        return None

    def can_undo(self, seat: int, humans: list[int] | None = None) -> bool:
        return self.undo_point(seat, humans) is not None

    def undo_seat(self, humans: list[int] | None = None) -> int | None:
        """The one person who may take back a move now (the last person who moved, if the rule allows), or None."""
        people = set(range(self.players) if humans is None else humans)
        last = next((seat for seat, _ in reversed(self.actions) if seat in people), None)
        return last if last is not None and self.can_undo(last, humans) else None

    def undo(self, seat: int, humans: list[int] | None = None) -> list[list[Any]]:
        """Take back ``seat``'s last move (and the bot moves after it) by replaying the record without them.

        Returns the actions taken back; raises :class:`IllegalAction` and changes nothing if the rule forbids it.
        """
        keep = self.undo_point(seat, humans)
        if keep is None:
            raise IllegalAction(f"seat {brief(seat)} cannot take back a move now")
        record = self.record()
        record["actions"] = record["actions"][:keep]
        earlier = replay(record, {self.game.id: self.game})
        taken = self.actions[keep:]
        self.state, self.actions, self.reveals = earlier.state, earlier.actions, earlier.reveals
        return taken

    # --- what a seat sees ------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see (``None``: a spectator). The only path from a position to a screen or a bot."""
        return _plain(self.shared_view(seat))  # a copy: editing a view (a bot, a page) must not reach the match

    def shared_view(self, seat: int | None = None) -> View:
        """:meth:`view` without the copy: it shares the parts the game keeps cached, so it is only for serialising at
        once (the bridge's answers) and never to keep or edit. A copy would cost a third as much as building a reef
        view in a click."""
        if seat is not None:
            self._check_seat(seat)
        over = self.is_over()
        waiting = self.to_act()
        out: View = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "options": self.options,
            "to_act": waiting,
            "over": over,
            "legal": self.game.legal_actions(self.state, seat) if seat is not None and seat in waiting else [],
            "log": self.state.log.for_viewer(seat),
            "table": self.game.view(self.state, seat),
        }
        if over:
            out["outcome"] = self.game.outcome(self.state)
        return out

    def outcome(self) -> dict[str, Any]:
        if not self.is_over():
            raise ShoalError("the match is not over yet")
        return _plain(self.game.outcome(self.state))

    # --- bots ------------------------------------------------------------------------------------------------
    def bot_action(self, seat: int, bot: str = "random", budget: int | None = None) -> Action:
        """The action bot ``bot`` would play for ``seat``; it sees only that seat's view. Does not play it.

        ``budget`` caps a search bot's iterations a decision (tests and the page's test-only ``botBudget``)."""
        seat = self._check_seat(seat)
        if not isinstance(bot, str) or bot not in self.game.bots:
            raise ShoalError(f"{self.game.id} has no bot {brief(bot, 40)} (bots: {', '.join(self.game.bots)})")
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} is not to act now")
        rng = Rng.for_bot(self.seed, len(self.actions), seat)
        choose = self.game.bots[bot]
        if budget is not None:
            if type(budget) is not int or budget < 1:
                raise ShoalError(f"a bot budget is a positive integer, got {brief(budget)}")
            choose = capped(choose, budget)
        # The seat's view, built only if the bot reads it (it is built from this position: the bot reads it before
        # choosing, and nothing is played until it has chosen).
        return choose(LazyView(lambda: self.view(seat)), legal, rng)

    def notation(self) -> str:
        """The position now, in the game's notation (``Game.to_position``): ``new_match(game, players, seed,
        options, position=...)`` starts a match that shows every seat this position's views. Like the record, it
        holds every hidden card: for the author's eyes, never a player's."""
        return self.game.to_position(self.state)

    # --- records ---------------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this match: a plain JSON object."""
        out = {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": _plain(self.options),
            "actions": json.loads(json.dumps(self.actions)),
        }
        if self.position is not None:
            out["position"] = self.position  # the match began here, not from a fresh deal
        return out


def start_from(game: Game, position: Any, players: int, options: dict[str, Any], rng: Rng) -> State:
    """The state a position notation describes, or :class:`ShoalError` naming what is wrong with it."""
    if type(position) is not str:
        raise ShoalError(f"a position must be a string in {game.id}'s notation, got {type(position).__name__}")
    if len(position) > MAX_POSITION:
        raise ShoalError(f"a position is at most {MAX_POSITION} characters, got {len(position)}")
    try:
        state = game.from_position(position, players, options, rng)
    except ShoalError as e:
        raise ShoalError(f"{game.id} position: {e}") from None
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise ShoalError(f"{game.id} position cannot be read: {e}") from None
    if state.players != players:
        raise ShoalError(f"{game.id} position is for {state.players} players, the match has {players}")
    if not game.is_over(state):
        stuck = [seat for seat in game.to_act(state) if not game.legal_actions(state, seat)]
        if stuck or not game.to_act(state):
            raise ShoalError(f"{game.id} position leaves nobody a legal move")
    return state


def _what_changed(game: Game, before: State, after: State) -> tuple[bool, frozenset[int]]:
    """Whether a move drew on the RNG, and the seats whose :meth:`Game.seen` summary changed (``None``: unknown)."""
    random = before.rng.state != after.rng.state
    learned = frozenset(
        s for s in range(before.players) if (was := game.seen(before, s)) is None or was != game.seen(after, s)
    )
    return random, learned


def replay(record: Any, games: dict[str, Game]) -> Match:
    """Rebuild a match from its record, or raise :class:`BadRecord`; a bad record never yields a half-loaded match."""
    if not isinstance(record, dict):
        raise BadRecord(f"a record must be a JSON object, got {type(record).__name__}")
    why = data_problem(record, "record")  # the bridge's limits, for a record handed in from Python too
    if why:
        raise BadRecord(why)
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise BadRecord(f"not a Shoal record (format {brief(record.get('format'))})")
    required = {"game": str, "rules_version": int, "players": int, "seed": int, "actions": list}
    for key, kind in required.items():
        if key not in record:
            raise BadRecord(f"record has no {key!r}")
        if type(record[key]) is not kind:
            raise BadRecord(f"record {key!r} must be {kind.__name__}, got {type(record[key]).__name__}")
    extra = [
        key for key in record if key not in required and key not in ("format", "options", "names", "seats", "position")
    ]
    if extra:
        raise BadRecord(f"record has unknown key(s) {', '.join(brief(k, 30) for k in extra[:5])}")
    game = games.get(record["game"])
    if game is None:
        raise BadRecord(f"unknown game {brief(record['game'], 40)} (games: {', '.join(games)})")
    if record["rules_version"] != game.rules_version:
        raise BadRecord(
            f"record was made with {game.id} rules version {brief(record['rules_version'])}, "
            f"this Shoal plays version {game.rules_version}"
        )
    players = record["players"]
    if not game.min_players <= players <= game.max_players:  # before anything is built for that many seats
        raise BadRecord(
            f"record cannot start: {game.title} is for {game.min_players}–{game.max_players} players, "
            f"got {brief(players)}"
        )
    _check_seat_labels(record, game, players)
    try:
        match = Match(game, record["players"], record["seed"], record.get("options"), record.get("position"))
    except ShoalError as e:
        raise BadRecord(f"record cannot start: {e}") from None
    for i, entry in enumerate(record["actions"]):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise BadRecord(f"action #{i} must be [seat, action], got {brief(entry)}")
        try:
            match.play(entry[0], entry[1])
        except IllegalAction as e:
            raise BadRecord(f"action #{i} is illegal: {e}") from None
    return match


def _check_seat_labels(record: dict[str, Any], game: Game, players: int) -> None:
    """``names`` and ``seats`` (kept by the page beside a record) are lists of one short string per seat; a seat kind
    is ``human``, a level or a bot of this game."""
    kinds = set(SEAT_KINDS) | set(game.bots)
    for key in ("names", "seats"):
        if key not in record:
            continue
        labels = record[key]
        if not isinstance(labels, list) or len(labels) != players:
            raise BadRecord(f"record {key!r} must list one string per seat ({players}), got {brief(labels)}")
        for seat, label in enumerate(labels):
            if not isinstance(label, str) or len(label) > NAME_LIMIT:
                raise BadRecord(
                    f"record {key}[{seat}] must be a string of at most {NAME_LIMIT} characters, got {brief(label)}"
                )
            if key == "seats" and label not in kinds:
                raise BadRecord(
                    f"record seats[{seat}] = {brief(label)} is not a seat kind ({', '.join(sorted(kinds))})"
                )
