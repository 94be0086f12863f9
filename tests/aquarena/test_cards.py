"""One scenario per predator card: build the tile, resolve it, assert the catch (rulebook "Predator Card Effects")."""

from __future__ import annotations

from .util import SPARE, ate, flies, legal, play, pond, resolve, step_of, waiting


# 1. Fish Hook -----------------------------------------------------------------------------------------------------
def test_fish_hook_catches_one_fish():
    """'Fish Hook: Catches 1 fish.' The caught Pike never acts."""
    s = resolve(pond(2, "2/3 | 0.fishhook 1.pike 1.frog", *SPARE), 0)
    assert ate(s, 0, "fishhook") == ["1.pike"]
    assert s.catches[0].cards == [(1, 3, 0)]
    assert ate(s, 1, "pike") is None
    assert ate(s, 1, "frog") == ["fly"]


def test_fish_hook_owner_chooses_between_two_fish():
    """RULINGS 5: 'when there are more candidates than it eats, its owner chooses which.'"""
    s = resolve(pond(2, "2/3 | 0.fishhook 1.pike 1.carp", *SPARE), 0)
    assert waiting(s) == [0]
    assert sorted(a["card"] for a in legal(s, 0)) == [3, 9]
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 9})
    assert ate(s, 0, "fishhook") == ["1.carp"]
    assert ate(s, 1, "pike") == ["fly", "fly"]  # no amphibian: the Pike takes two insects
    assert ate(s, 1, "carp") is None


def test_two_fish_hooks_tangle_and_catch_nothing():
    """'If several fish hooks are on the same tile, they tangle up and don't catch anything ... take back their
    Fish Hook cards.'"""
    s = resolve(pond(3, "2/3 | 0.fishhook 1.fishhook 2.carp", *SPARE), 0)
    assert [c.returned for c in s.catches] == [[1], [1], []]
    assert [st["kind"] for st in s.steps[1:3]] == ["tangle", "tangle"]
    assert ate(s, 0, "fishhook") is None and ate(s, 1, "fishhook") is None
    assert ate(s, 2, "carp") == ["fly", "fly"]


# 2. Heron --------------------------------------------------------------------------------------------------------
def test_heron_eats_up_to_two_amphibians_chosen_by_its_owner():
    """'Heron: Eats up to 2 amphibians.' Three candidates: the owner picks two, one at a time, own colour allowed."""
    s = resolve(pond(2, "3/3 | 0.heron 1.frog 1.toad 0.salamander", *SPARE), 0)
    assert waiting(s) == [0]
    assert sorted((a["seat"], a["card"]) for a in legal(s, 0)) == [(0, 8), (1, 4), (1, 5)]
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 5})
    assert sorted((a["seat"], a["card"]) for a in legal(s, 0)) == [(0, 8), (1, 4)]
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 4})
    assert ate(s, 0, "heron") == ["1.frog", "1.toad"]
    assert ate(s, 0, "salamander") is not None  # it survived and acted


def test_heron_eats_the_only_amphibian_without_asking():
    s = resolve(pond(2, "1/3 | 0.heron 1.frog", *SPARE), 0)
    assert ate(s, 0, "heron") == ["1.frog"] and waiting(s) == [1]  # next: seat 1 chooses a tile


def test_two_herons_fly_away():
    """'If several herons are on the same tile, they fly away and don't eat anything.'"""
    s = resolve(pond(2, "2/2 | 0.heron 1.heron 1.frog", *SPARE), 0)
    assert [c.returned for c in s.catches] == [[2], [2]]
    assert ate(s, 1, "frog") == ["fly"]


# 3. Pike ---------------------------------------------------------------------------------------------------------
def test_pike_eats_one_amphibian_and_no_insect():
    """'Pike: Eats 1 amphibian.' Flies stay when it found an amphibian."""
    s = resolve(pond(2, "3/3 | 0.pike 1.frog", *SPARE), 0)
    assert ate(s, 0, "pike") == ["1.frog"]
    assert flies(s)[0] == 3


def test_pike_without_amphibians_eats_up_to_two_insects():
    """'If there are no amphibians, the pike eats up to 2 insects.' A Dragonfly is an insect."""
    s = resolve(pond(2, "1/3 | 0.pike 1.dragonfly", *SPARE), 0)
    assert ate(s, 0, "pike") == ["1.dragonfly", "fly"]
    s = resolve(pond(2, "3/3 | 0.pike 1.carp", *SPARE), 0)
    assert ate(s, 0, "pike") == ["fly", "fly"] and ate(s, 1, "carp") == ["fly"]


# 4. Frog, 5. Toad ------------------------------------------------------------------------------------------------
def test_frog_eats_one_insect():
    s = resolve(pond(2, "3/3 | 1.frog", *SPARE), 0)
    assert ate(s, 1, "frog") == ["fly"] and flies(s)[0] == 2


def test_toad_eats_up_to_two_insects():
    s = resolve(pond(2, "3/3 | 1.toad", *SPARE), 0)
    assert ate(s, 1, "toad") == ["fly", "fly"] and flies(s)[0] == 1
    s = resolve(pond(2, "1/3 | 1.toad", *SPARE), 0)
    assert ate(s, 1, "toad") == ["fly"]


# 6. Dragonfly ----------------------------------------------------------------------------------------------------
def test_dragonfly_eats_an_opposing_dragonfly_then_moves_a_fly():
    """'Eats 1 insect, even if it's an opposing dragonfly ... after it eats, the dragonfly must move 1 Fly token on
    its tile to another Water tile.' Only pond B has room, so the fly goes there without asking."""
    s = resolve(pond(2, "2/3 | 0.dragonfly 1.dragonfly", "1/2 |", "2/2 |", "2/2 |"), 0)
    assert waiting(s) == [0]
    assert {a["type"] for a in legal(s, 0)} == {"eat_card", "eat_fly"}
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 6})
    assert ate(s, 0, "dragonfly") == ["1.dragonfly"]
    assert ate(s, 1, "dragonfly") is None
    assert step_of(s, 0, 6)["moved"] == {"from": 0, "to": 1}
    assert flies(s) == [1, 2, 2, 2]


def test_dragonfly_owner_chooses_where_the_fly_goes_resolved_tiles_included():
    """RULINGS 6: 'move one fly from its tile to another Water tile (resolved or not) that is below its capacity;
    its owner chooses.'"""
    s = resolve(pond(2, "2/3 | 0.dragonfly", "0/2 |", "1/3 resolved |", "2/2 |"), 0)
    assert waiting(s) == [0]
    assert legal(s, 0) == [{"type": "move_fly", "tile": 1}, {"type": "move_fly", "tile": 2}]
    play(s, 0, {"type": "move_fly", "tile": 2})
    assert flies(s) == [0, 0, 2, 2]
    assert ate(s, 0, "dragonfly") == ["fly"]


def test_dragonfly_moves_nothing_when_no_fly_is_left_or_no_tile_has_room():
    """'If possible' — no fly left on its tile, or no other tile below capacity: no move."""
    s = resolve(pond(2, "1/3 | 0.dragonfly", "0/2 |", *SPARE), 0)
    assert step_of(s, 0, 6)["moved"] is None and flies(s)[:2] == [0, 0]
    s = resolve(pond(2, "2/3 | 0.dragonfly", *SPARE), 0)
    assert step_of(s, 0, 6)["moved"] is None and flies(s) == [1, 2, 2]


# 7. Newt ---------------------------------------------------------------------------------------------------------
def test_newt_eats_one_insect_and_herons_cannot_eat_it():
    """'Newt: Eats 1 insect. A newt cannot be eaten by a heron.'"""
    s = resolve(pond(2, "2/3 | 0.heron 1.newt", *SPARE), 0)
    assert ate(s, 0, "heron") == []
    assert ate(s, 1, "newt") == ["fly"]


def test_newt_is_still_prey_for_a_pike():
    """Only herons spare the Newt: it is an amphibian for everyone else (RULINGS 1)."""
    s = resolve(pond(2, "2/3 | 0.pike 1.newt", *SPARE), 0)
    assert ate(s, 0, "pike") == ["1.newt"]


# 8. Salamander ---------------------------------------------------------------------------------------------------
def test_salamander_may_eat_a_face_up_dragonfly_on_another_tile_never_a_face_down_one():
    """RULINGS 6: 'its insect may be a fly on any tile or a face-up, unresolved Dragonfly on any tile.'"""
    s = resolve(pond(3, "0/3 | 0.salamander", "2/2 | 1.dragonfly 2.dragonfly*", "1/3 resolved |", "2/2 |"), 0)
    assert waiting(s) == [0]
    options = legal(s, 0)
    assert {"type": "eat_card", "tile": 1, "seat": 1, "card": 6} in options
    assert not any(a.get("seat") == 2 for a in options)
    assert {"type": "eat_fly", "tile": 2} in options and {"type": "eat_fly", "tile": 1} in options
    play(s, 0, {"type": "eat_card", "tile": 1, "seat": 1, "card": 6})
    assert ate(s, 0, "salamander") == ["1.dragonfly@1"]
    # The eaten Dragonfly is gone from pond B and will not act there.
    play(s, 1, {"type": "resolve", "tile": 1})
    assert ate(s, 1, "dragonfly") is None and ate(s, 2, "dragonfly") == ["fly"]


def test_salamander_may_take_a_fly_from_a_resolved_tile():
    s = resolve(pond(2, "0/3 | 0.salamander", "2/2 |", "1/3 resolved |", "2/2 |"), 0)
    play(s, 0, {"type": "eat_fly", "tile": 2})
    assert ate(s, 0, "salamander") == ["fly@2"] and flies(s) == [0, 2, 0, 2]


# 9. Carp, 10. Spider Web -----------------------------------------------------------------------------------------
def test_carp_eats_up_to_three_insects():
    s = resolve(pond(2, "4/4 | 1.carp", *SPARE), 0)
    assert ate(s, 1, "carp") == ["fly", "fly", "fly"] and flies(s)[0] == 1


def test_spider_web_catches_one_insect():
    s = resolve(pond(2, "3/3 | 0.spiderweb 1.frog", *SPARE), 0)
    assert ate(s, 1, "frog") == ["fly"]
    assert ate(s, 0, "spiderweb") == ["fly"] and flies(s)[0] == 1
