"""What Aquarena's board names (docs/refs.md): the refs its renderer tags, worked out from a view alone, so that the
compiler can refuse a lesson's highlight that would light nothing."""

from __future__ import annotations

from typing import Any


def drawn(view: dict[str, Any]) -> set[str]:
    """Every ref the board of ``view`` tags (docs/refs.md, "What the board draws")."""
    t, me = view["table"], view["seat"]
    refs = {f"seat:{s}" for s in range(view["players"])} | {"heron:token"}
    refs |= {f"tile:{x['index']}" for x in t["tiles"]}
    refs |= {f"card:{c['seat']}.{c['card']}" for x in t["tiles"] for c in x["cards"] if c["card"] is not None}
    if me is not None and not view["over"]:
        refs |= {f"card:{me}.{n}" for n in t["hand"] or []}
    for seat in t["seats"]:  # this round's catch in front of each seat
        s, catch = seat["seat"], seat["catch"]
        refs.add(f"catch:{s}")
        refs |= {f"prey:{t['round']}.{c['seat']}.{c['card']}" for c in catch["cards"]}
        if catch["flies"]:
            refs.add(f"flies:{t['round']}.{s}")
    for sheet in t["history"]:  # every finished round's catch, seat by seat
        for row in sheet:
            refs.add(f"catch:{row['seat']}")
            if row["flies"]:
                refs.add(f"flies:{row['round']}.{row['seat']}")
            refs |= {f"prey:{row['round']}.{c['seat']}.{c['card']}" for c in row["cards"]}
    return refs
