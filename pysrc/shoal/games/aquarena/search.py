"""What the shared search (``shoal.bots.search``) needs to play Aquarena: positions sampled from a view, a value, a
fast policy and a move ordering.

Hidden from a seat: the other seats' hands, piles and discards, and the numbers of their face-down cards on tiles not
yet revealed; the order of every pile (its own too). Each seat holds one card of each number 1–10 every round, so a
sampled position deals each other seat the numbers the viewer has not seen of it — all ten minus its face-up cards,
its cards already eaten, resolved or tangled this round — at random to its face-down places, hand, pile and discards
(the counts are public). The viewer's own pile is what is left of its ten, shuffled.

Searching sampled positions to the end of the game is what the old ``heuristic`` lacked: face-down cards are
somebody's real cards in each sample, a Dragonfly's fly moves and a Salamander eating from another tile happen in the
playouts, and a tile is judged by how the whole round turns out rather than "as if it resolved now".
"""

from __future__ import annotations

from typing import Any

from shoal.bots.search import GameSearch, SearchBot, levels
from shoal.core import Action, QuietLog, Rng, View

from . import data, effects
from .state import AquarenaState, Catch, Tile

# --- sampling -----------------------------------------------------------------------------------------------------
_ORDER = data.NUMBERS


def _base(view: View) -> tuple[AquarenaState, list[Any]]:
    """The public part of ``view`` as a state, and for each seat what to deal: (unknown numbers, face-down slots on
    tiles to fill, hand size, pile size, discard count)."""
    t, me, players = view["table"], view["seat"], view["players"]
    s = AquarenaState(players, dict(view["options"]), Rng(0))
    s.log = QuietLog()  # nobody reads a sampled position's lines
    s.round, s.heron, s.phase, s.decision = t["round"], t["heron"], t["phase"], t["decision"]
    known: list[set[int]] = [set() for _ in range(players)]
    slots: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (tile, position) of unknown cards
    for i, tv in enumerate(t["tiles"]):
        tile = Tile(-1, tv["capacity"], tv["flies"])
        tile.resolved = tv["resolved"]
        for j, c in enumerate(tv["cards"]):
            tile.cards.append((c["seat"], c["card"] if c["card"] is not None else 0, c["face_up"]))
            if c["card"] is None:
                slots[c["seat"]].append((i, j))
            else:
                known[c["seat"]].add(c["card"])
        s.tiles.append(tile)
    for sv in t["seats"]:
        seat = sv["seat"]
        catch = Catch()
        catch.flies = sv["catch"]["flies"]
        catch.cards = [(c["seat"], c["card"], c["tile"]) for c in sv["catch"]["cards"]]
        catch.predators = list(sv["catch"]["predators"])
        catch.returned = list(sv["catch"]["returned"])
        s.catches[seat] = catch
        known[seat].update(catch.predators)
        known[seat].update(catch.returned)
        s.placed[seat] = sv["placed"]
        for c in sv["catch"]["cards"]:
            known[c["seat"]].add(c["card"])
    s.scores = list(t["scores"])
    s.history = t["history"]
    s.turn = t["turn"] if t["turn"] is not None else s.heron
    s.tiles_done = sum(1 for tv in t["tiles"] if tv["resolved"])
    s.current = t["current"]
    if s.current is not None:
        s.chooser_seat = t["chooser"]
        acting = t["acting"]
        s.acting = (acting["seat"], acting["card"]) if acting else None
        if acting:
            s.pool, s.left = acting["pool"], acting["left"]
        n = players
        rest = [(c[0], c[1]) for c in s.tiles[s.current].cards if (c[0], c[1]) != s.acting]
        s.queue = sorted(rest, key=lambda c: (c[1], (c[0] - s.chooser_seat) % n))
        if s.acting is not None:  # cards before the acting one have gone; equal numbers after it in turn order
            key = (s.acting[1], (s.acting[0] - s.chooser_seat) % n)
            s.queue = [c for c in s.queue if (c[1], (c[0] - s.chooser_seat) % n) > key]
        s.tangled = [
            c for c in s.queue if c[1] in (data.FISH_HOOK, data.HERON) and sum(1 for q in s.queue if q[1] == c[1]) > 1
        ]
    s.steps = [
        dict(step, ate=[dict(a) for a in step["ate"]]) if "ate" in step else dict(step) for step in t["last_resolution"]
    ]
    deals = []
    for seat, sv in enumerate(t["seats"]):
        if seat == me:
            s.hands[seat] = list(t["hand"])
            s.discards[seat] = list(t["discards"])
            known[seat].update(t["hand"], t["discards"])
        unknown = [n for n in _ORDER if n not in known[seat]]
        hand = 0 if seat == me else sv["hand"]
        discarded = 0 if seat == me else sv["discarded"]
        deals.append((unknown, slots[seat], hand, sv["pile"], discarded))
    return s, deals


_CACHE: list[Any] = [None, None]  # [the last view sampled, its base]: the search samples one view many times


def sample(view: View, rng: Rng) -> AquarenaState:
    """A full position consistent with ``view``: each seat's unseen numbers dealt at random to its hidden places."""
    if _CACHE[0] is not view:
        _CACHE[0], _CACHE[1] = view, _base(view)
    base, deals = _CACHE[1]
    s = base.clone()
    s.history = base.history
    s.horizon = s.round  # type: ignore[attr-defined]  # see round_over
    s.rng = Rng(rng.next64())
    for seat, (unknown, slots, hand, pile, discarded) in enumerate(deals):
        cards = list(unknown)
        rng.shuffle(cards)
        for i, j in slots:
            owner, _, up = s.tiles[i].cards[j]
            s.tiles[i].cards[j] = (owner, cards.pop(), up)
        if hand:
            s.hands[seat] = sorted(cards.pop() for _ in range(hand))
        if discarded:
            s.discards[seat] = [cards.pop() for _ in range(discarded)]
        s.piles[seat] = cards[:pile]
    return s


# --- value --------------------------------------------------------------------------------------------------------
# What catching a card of each number scores (``scoring.round_points`` for one opposing card; own cards score 0).
_WORTH = {n: data.POINTS[data.family(n)] for n in _ORDER if data.family(n) is not None}


def _squash(x: float) -> float:
    return 0.5 + 0.5 * x / (1.0 + abs(x))


def totals(s: AquarenaState) -> list[int]:
    """Scores with the current round's catch counted (it is scored at the round's end)."""
    if s.phase == "over":
        return list(s.scores)
    return [
        s.scores[seat] + c.flies + sum(_WORTH[n] for o, n, _ in c.cards if o != seat)
        for seat, c in enumerate(s.catches)
    ]


def round_over(s: AquarenaState) -> bool:
    """Rollouts stop once the sampled round is scored: every later round is dealt afresh from shuffled cards, so
    playing it out adds noise, not knowledge (only the scores and the heron token carry over)."""
    return s.round != getattr(s, "horizon", s.round)


def evaluate(s: AquarenaState, seat: int) -> float:
    """Mostly the win (shared on a tie), partly the margin over the best other seat. Before the end the margin
    stands in for the win, judged against the rounds still to play (each swings a few points)."""
    scores = totals(s)
    margin = scores[seat] - max(v for i, v in enumerate(scores) if i != seat)
    if s.phase == "over":
        best = max(scores)
        win = 1.0 / scores.count(best) if scores[seat] == best else 0.0
    else:
        rounds_left = data.ROUNDS - s.round + (1 if s.phase == "planning" and not any(s.placed) else 0)
        win = _squash(margin / (3.0 + 3.0 * rounds_left))
    return 0.8 * win + 0.2 * _squash(margin / 10)


# --- the fast policy ----------------------------------------------------------------------------------------------
# What each predator can eat (prey numbers), and how many: the pools of ``effects.plan`` as plain tables.
_FISH = {n for n in _ORDER if data.family(n) == data.FISH}
_AMPH = {n for n in _ORDER if data.family(n) == data.AMPHIBIAN}
_INSECT_EATERS = {
    data.PIKE: 2,
    data.FROG: 1,
    data.TOAD: 2,
    data.DRAGONFLY: 1,
    data.NEWT: 1,
    data.SALAMANDER: 1,
    data.CARP: 3,
    data.SPIDER_WEB: 1,
}
EXPOSED = {True: 1.0, False: 0.45}  # how likely a predator that could eat a card finds it (face up / face down)


def _threats(number: int) -> frozenset[int]:
    """The numbers that may eat a card of ``number`` (they act before it): what ``card_on_tile`` counts as risk."""
    family = data.family(number)
    return frozenset(
        n
        for n in _ORDER
        if n < number
        and (
            (n == data.FISH_HOOK and family == data.FISH)
            or (n == data.HERON and family == data.AMPHIBIAN and number != data.NEWT)
            or (n == data.PIKE and family == data.AMPHIBIAN)
            or (n in _INSECT_EATERS and family == data.INSECT and n != data.PIKE)
        )
    )


_THREATS = {n: _threats(n) for n in _ORDER}
_RISK = {(n, up): float(_WORTH[n]) * EXPOSED[up] if n in _WORTH else 0.0 for n in _ORDER for up in (True, False)}
_HERON_PREY = _AMPH - {data.NEWT}
# What each card eats as it starts to act, and how many (``effects.plan``; a Pike without amphibians: 2 insects).
_PLAN = {
    data.FISH_HOOK: ("fish", 1),
    data.HERON: ("heron", 2),
    data.PIKE: ("amphibian", 1),
    data.SALAMANDER: ("salamander", 1),
    data.TOAD: ("insect", 2),
    data.CARP: ("insect", 3),
}
_POOL_TEST = {"fish": _FISH, "amphibian": _AMPH, "heron": _HERON_PREY}


def card_on_tile(s: AquarenaState, seat: int, number: int, index: int, up: bool) -> float:
    """A rough worth of placing ``number`` on tile ``index``: what it may eat there minus what it risks.

    Cards act 1 → 10, so a card is food only for predators numbered below it; the sampled position knows every card,
    the ones it cannot see yet included (they are part of the sample). (One pass over the tile's cards: the rollout
    policy asks this a dozen times a move.)"""
    tile = s.tiles[index]
    if tile.resolved:
        return -5.0
    cards = tile.cards
    threats = _THREATS[number]
    risk = 0.0
    if threats:
        for o, n, _ in cards:
            if n in threats and o != seat:
                risk = _RISK[number, up]
                break
    if number == data.FISH_HOOK:
        best = 0.0
        for o, n, _ in cards:
            if n == data.FISH_HOOK:
                return 0.0 - risk
            if n in _FISH and o != seat and _WORTH[n] > best:
                best = float(_WORTH[n])
        return best - risk
    if number == data.HERON:
        prey = []
        for o, n, _ in cards:
            if n == data.HERON:
                return 0.0 - risk
            if n in _HERON_PREY:
                prey.append(0.0 if o == seat else float(_WORTH[n]))
        prey.sort(reverse=True)
        return sum(prey[:2]) - risk
    if number == data.PIKE:
        best = None
        for o, n, _ in cards:
            if n in _AMPH and n > number:
                v = 0.0 if o == seat else float(_WORTH[n])
                if best is None or v > best:
                    best = v
        if best is not None:
            return best - risk
    elif number == data.SALAMANDER:
        return (1.0 if any(t.flies for t in s.tiles if not t.resolved) else 0.0) - risk
    if number in _INSECT_EATERS:
        eaters_before = 0
        dragonfly = 0.0
        found = False
        for o, n, _ in cards:
            if n < number:
                eaters_before += _INSECT_EATERS.get(n, 0)
            elif n == data.DRAGONFLY and n > number and not found:
                dragonfly, found = (0.0 if o == seat else 1.0), True
        return min(_INSECT_EATERS[number], max(0, tile.flies - eaters_before)) + dragonfly - risk
    return 0.0 - risk


def _best_places(s: AquarenaState, seat: int) -> dict[int, tuple[float, int]]:
    up = s.placed[seat] < data.FACE_UP_PLACEMENTS
    best: dict[int, tuple[float, int]] = {}
    for number in s.hands[seat]:
        for i in range(len(s.tiles)):
            v = card_on_tile(s, seat, number, i, up)
            if number not in best or v > best[number][0]:
                best[number] = (v, i)
    return best


def _settle_value(
    s: AquarenaState, index: int, seat: int, extra: tuple[int, int, bool] | None = None, points: list[int] | None = None
) -> float:
    """``seat``'s points minus the best other seat's once tile ``index`` (with ``extra`` placed on it, if given) is
    resolved now, every owner eating its best bite (``_bite_key``) and a Dragonfly moving a left-over fly to the
    first tile with room. It reads the rules' own result (a test resolves the same tiles with ``resolution``).
    ``points``: ``totals(s)`` if the caller has it already."""
    after = [p + g for p, g in zip(totals(s) if points is None else points, _tile_gains(s, index, extra))]
    mine = after.pop(seat)
    return mine - max(after)


def _tile_gains(
    s: AquarenaState, index: int, extra: tuple[int, int, bool] | None = None, seen_by: int | None = None
) -> list[int]:
    """The points each seat catches when tile ``index`` resolves now (the rules of ``resolution`` and ``effects``
    replayed on plain lists: no state copied, no steps or log written; the policy asks this many times a ply).
    With ``seen_by``, the tile holds only the cards that seat can see (its own and the face-up ones)."""
    n = s.players
    tiles = s.tiles
    chooser = (s.heron + s.tiles_done) % n
    placed = tiles[index].cards if extra is None else tiles[index].cards + [extra]
    if seen_by is None:
        here = [(o, c) for o, c, _ in placed]  # unresolved cards still on the tile, in placement order
    else:
        here = [(o, c) for o, c, up in placed if up or o == seen_by]
    order = sorted(here, key=lambda card: (card[1], (card[0] - chooser) % n))
    tangled = []  # two or more Fish Hooks (Herons) on a tile: none of them acts
    if len(order) > 1 and order[1][1] <= data.HERON:
        for number in (data.FISH_HOOK, data.HERON):
            same = [c for c in order if c[1] == number]
            if len(same) > 1:
                tangled += same
    flies = [t.flies for t in tiles]
    away: list[tuple[int, int]] | None = None  # face-up Dragonflies on other tiles (tile, owner): Salamander's prey
    gains = [0] * n
    for card in order:
        if card not in here:
            continue  # eaten before its turn
        if card in tangled:
            here.remove(card)
            continue
        seat, number = card
        pool, left = _PLAN.get(number, ("insect", 1))
        if number == data.PIKE and not any(c[1] in _AMPH for c in here):
            pool, left = "insect", 2
        while left > 0:
            bites: list[tuple] = []
            total = 0
            if pool == "insect":
                bites = [("card", index, o, c) for o, c in here if c == data.DRAGONFLY and (o, c) != card]
                total = len(bites)
                if flies[index]:
                    bites.append(("fly", index))
                    total += flies[index]
            elif pool == "salamander":
                if away is None:
                    away = [
                        (i, o)
                        for i, t in enumerate(tiles)
                        if i != index
                        for o, c, up in t.cards
                        if c == data.DRAGONFLY and up
                    ]
                for i in range(len(tiles)):
                    if i == index:
                        bites += [("card", index, o, c) for o, c in here if c == data.DRAGONFLY and (o, c) != card]
                    else:
                        bites += [("card", i, o, data.DRAGONFLY) for j, o in away if j == i]
                total = len(bites)
                for i, f in enumerate(flies):
                    if f:
                        bites.append(("fly", i))
                        total += f
            else:
                test = _POOL_TEST[pool]
                bites = [("card", index, o, c) for o, c in here if c in test and (o, c) != card]
                total = len(bites)
            if not bites:
                break
            everything = total <= left  # it eats all it may; else one item, the best bite first
            if everything:
                eaten, left = bites, 0
            else:
                eaten, left = [bites[0] if len(bites) == 1 else max(bites, key=lambda b: _bite_key(seat, b))], left - 1
            for bite in eaten:
                if bite[0] == "fly":
                    got = flies[bite[1]] if everything else 1
                    flies[bite[1]] -= got
                    gains[seat] += got
                    continue
                _, i, o, c = bite
                if i == index:
                    here.remove((o, c))
                else:
                    away.remove((i, o))  # type: ignore[union-attr]
                if o != seat:
                    gains[seat] += _WORTH[c]
        if number == data.DRAGONFLY and flies[index]:
            to = next((i for i, t in enumerate(tiles) if i != index and flies[i] < t.capacity), None)
            if to is not None:
                flies[index] -= 1
                flies[to] += 1
        here.remove(card)
    return gains


def _bite_key(seat: int, bite: effects.Bite) -> tuple[int, int]:
    """Most points first; then an opposing card (it will not act) before a fly; own cards last."""
    own = bite[0] == "card" and bite[2] == seat
    return (effects.bite_points(seat, bite), 0 if own else (2 if bite[0] == "card" else 1))


def _fly_welcome(s: AquarenaState, seat: int, index: int) -> int:
    """Own unresolved insect-eaters on the tile minus the others' (a fly there feeds them)."""
    tile = s.tiles[index]
    if tile.resolved or index == s.current:
        return -9
    return sum((1 if o == seat else -1) for o, n, _ in tile.cards if n in _INSECT_EATERS)


def _score(s: AquarenaState, seat: int, a: Action, memo: dict) -> float:
    kind = a["type"]
    if kind == "place":
        return card_on_tile(s, seat, a["card"], a["tile"], s.placed[seat] < data.FACE_UP_PLACEMENTS)
    if kind == "discard":
        if "best" not in memo:
            memo["best"] = _best_places(s, seat)
        return -memo["best"][a["card"]][0]
    return _score_resolution(s, seat, a)


def _score_resolution(s: AquarenaState, seat: int, a: Action) -> float:
    kind = a["type"]
    if kind == "resolve":
        return _settle_value(s, a["tile"], seat)
    if kind == "eat_fly":
        return float(_bite_key(seat, ("fly", a["tile"]))[0]) + 0.1
    if kind == "eat_card":
        key = _bite_key(seat, ("card", a["tile"], a["seat"], a["card"]))
        return key[0] + 0.1 * key[1]
    if kind == "move_fly":
        return float(_fly_welcome(s, seat, a["tile"]))
    return 0.0


# The settling policy's placements: like the old ``heuristic``, a card is worth what resolving its tile now with it
# would gain over resolving the tile without it, minus a share of its own worth for being exposed to cards placed
# later (face up more than face down) — but on the sampled position, judged by the margin over the best other seat,
# and seeing what the seat to act can see (its own cards and the face-up ones, as a player at the table would).
EXPOSURE = {True: 0.35, False: 0.1}
_EXPOSURE_COST = {(n, up): EXPOSURE[up] * _WORTH[n] for n in _WORTH for up in (True, False)}


def _seen_margin(s: AquarenaState, seat: int, index: int, points: list[int], extra=None) -> int:
    after = [p + g for p, g in zip(points, _tile_gains(s, index, extra, seat))]
    mine = after.pop(seat)
    return mine - max(after)


def _placements(s: AquarenaState, seat: int, memo: dict) -> dict[tuple[int, int], float]:
    """(card, tile) -> worth of placing it there, for every card in ``seat``'s hand (computed once a decision)."""
    got = memo.get("places")
    if got is None:
        up = s.placed[seat] < data.FACE_UP_PLACEMENTS
        points = totals(s)
        got = memo["places"] = {}
        for i, tile in enumerate(s.tiles):
            if tile.resolved:
                for number in s.hands[seat]:
                    got[number, i] = -5.0
                continue
            base = _seen_margin(s, seat, i, points)
            for number in s.hands[seat]:
                got[number, i] = (
                    _seen_margin(s, seat, i, points, (seat, number, up)) - base - _EXPOSURE_COST.get((number, up), 0.0)
                )
    return got


def _score_settling(s: AquarenaState, seat: int, a: Action, memo: dict) -> float:
    kind = a["type"]
    if kind == "place":
        return _placements(s, seat, memo)[a["card"], a["tile"]]
    if kind == "discard":
        best = memo.get("best")
        if best is None:
            places = _placements(s, seat, memo)
            best = memo["best"] = {}
            for (number, _), v in places.items():
                if number not in best or v > best[number]:
                    best[number] = v
        return -best[a["card"]]
    return _score_resolution(s, seat, a)


def _choose(score, s: AquarenaState, seat: int, legal: list[Action], rng: Rng) -> Action:
    memo: dict = {}
    start = rng.below(len(legal))
    best, choice = None, legal[start]
    for a in legal[start:] + legal[:start]:
        v = score(s, seat, a, memo)
        if best is None or v > best:
            best, choice = v, a
    return choice


def policy(s: AquarenaState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The quick rollout policy: the best action by :func:`_score`, ties (and near ties) broken at random."""
    return _choose(_score, s, seat, legal, rng)


def settling_policy(s: AquarenaState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The settling rollout policy: placements judged by resolving their tile (``_score_settling``); ~3× the cost of
    :func:`policy` a ply; alone (on one sampled position) it won 29.8% ± 6.1% of 200 games against two old heuristics,
    :func:`policy` 23.0% ± 5.7% (seeing every sampled card as well: 33.8% ± 6.3%)."""
    return _choose(_score_settling, s, seat, legal, rng)


def candidates(s: AquarenaState, seat: int, legal: list[Action]) -> list[Action]:
    """Every action, best first by the policy's judgement."""
    memo: dict = {}
    scored = sorted(((_score(s, seat, a, memo), i) for i, a in enumerate(legal)), key=lambda x: (-x[0], x[1]))
    return [legal[i] for _, i in scored]


def settling_candidates(s: AquarenaState, seat: int, legal: list[Action]) -> list[Action]:
    """Every action, best first by the settling policy's judgement."""
    memo: dict = {}
    scored = sorted(((_score_settling(s, seat, a, memo), i) for i, a in enumerate(legal)), key=lambda x: (-x[0], x[1]))
    return [legal[i] for _, i in scored]


# The analysis's typical winning margin, in points (the median of games between beginner seats): a win by this
# much is worth 0.75 of the margin's part of a playout's winning chances (shoal.bots.analysis.chances).
MARGIN_SCALE = 4

SEARCH = GameSearch(sample=sample, evaluate=evaluate, policy=policy, candidates=candidates, rollout_stop=round_over)
SETTLING = GameSearch(
    sample=sample, evaluate=evaluate, policy=settling_policy, candidates=settling_candidates, rollout_stop=round_over
)
# The post-game analysis plays out with hard's settling policy: judged with the quick policy, a move of easy (which
# plays out with that same policy) looked no worse than one of hard (33 and 39 decisions of 15 games of hard against
# easy: easy 0.0059, hard 0.0040 winning chances), with the settling policy easy 0.0135 and hard 0.0030.
ANALYSIS = SETTLING


def make_levels(game) -> dict:
    """easy / normal / hard: iterations a decision, rollouts to the end of the round (``round_over``).

    ``hard`` plays its rollouts with the settling policy (placements judged by resolving their tile, as the old
    ``heuristic`` does, but on the sampled position and seeing what each seat can see): alone it beats the quick
    policy by 29.8% to 23.0% of games against two old heuristics (200 games each), and it models such opponents
    closely; it costs about 3× a ply, paid for by the faster tile replay. ``easy`` and ``normal`` keep the quick
    policy and their budgets, so the three levels stay well apart."""
    bots = levels(
        SEARCH,
        game,
        easy={"iterations": 30, "rollout_depth": None, "node_candidates": 6},
        normal={"iterations": 100, "rollout_depth": None, "node_candidates": 8},
    )
    bots["hard"] = SearchBot(SETTLING, game, 350, None, node_candidates=10, name="hard")
    return bots


__all__ = [
    "ANALYSIS",
    "SEARCH",
    "SETTLING",
    "candidates",
    "evaluate",
    "make_levels",
    "policy",
    "round_over",
    "sample",
    "settling_candidates",
    "settling_policy",
]
