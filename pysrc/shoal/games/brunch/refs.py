"""What Aqua Brunch's board names (docs/refs.md): the refs its renderer tags, worked out from a view alone, so that the
compiler can refuse a lesson's highlight that would light nothing."""

from __future__ import annotations

from typing import Any


def drawn(view: dict[str, Any]) -> set[str]:
    """Every ref the board of ``view`` tags (docs/refs.md, "What the board draws")."""
    t, me, r = view["table"], view["seat"], view["table"]["round"]
    refs = {f"seat:{s}" for s in range(view["players"])}
    if not view["over"]:
        refs |= {"deck:predators", "deck:aqua"}
    for s, up in enumerate(t["up_cards"] or []):  # the face-up deal cards, on every seat's place
        refs |= {f"card:{r}.{s}.{k}" for k in up}
    for s, seat in enumerate(t["seats"]):  # on each seat's place: the food it has eaten, and the food it still holds
        refs |= {f"food:{c}.{v}" for c, v in seat["collected"]}
        refs |= {f"food:{t['colours'][s]}.{v}" for v in seat["food_left"]}
    if me is not None and not view["over"] and t["hand"]:  # the seat at the device: its hand and Aqua cards
        refs.add(f"hand:{r}.{me}")
        refs |= {f"card:{r}.{me}.{k}" for k in t["hand"]}
        if t["aqua_mine"]:
            refs.add(f"aqua:{r}.{me}")
        own = t["colours"][me]
        refs |= {f"food:{own}.{a['value']}" for a in view["legal"] if a["type"] == "food"}
        pool = dict((c, v) for c, v in t["pool"])
        refs |= {f"food:{a['colour']}.{pool[a['colour']]}" for a in view["legal"] if a["type"] == "take"}
    rev = t["reveal"] or (t["history"][-1] if t["history"] else None)
    if rev:  # the reveal (this round's, or the last finished one's): every hand, Aqua, food played and taken
        for s in rev["order"]:
            refs |= {f"hand:{rev['round']}.{s}", f"aqua:{rev['round']}.{s}"}
            refs |= {f"card:{rev['round']}.{s}.{k}" for k in rev["hands"][s]}
            refs.add(f"food:{t['colours'][s]}.{rev['food'][s]}")
        refs |= {f"food:{tk['colour']}.{tk['value']}" for tk in rev["takes"]}
    for rnd in t["history"]:  # the score sheet: every finished round's hands, Aqua cards and food taken
        for s, hand in enumerate(rnd["hands"]):
            refs.add(f"hand:{rnd['round']}.{s}")
            refs |= {f"card:{rnd['round']}.{s}.{k}" for k in hand}
            if rnd["aqua"][s]:
                refs.add(f"aqua:{rnd['round']}.{s}")
        refs |= {f"food:{tk['colour']}.{tk['value']}" for tk in rnd["takes"]}
    return refs
