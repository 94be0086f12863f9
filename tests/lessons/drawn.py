"""What each game's renderer draws with a ``data-ref`` for a view, worked out from the view alone as docs/refs.md
says ("What the board draws"). A lesson's highlight and every outcome row's refs must fall inside this set: a ref
that is not drawn lights nothing. The browser tests check these sets against the real renderers
(tests/e2e/test_explain.py), so this model cannot drift from web/games/*.js unnoticed.
"""

from __future__ import annotations

from typing import Any


def drawn_refs(view: dict[str, Any]) -> set[str]:
    """Every ref the board of ``view`` carries (as drawn by the app and the viewer, with the default reef on show)."""
    return {"museum": _museum, "brunch": _brunch, "aquarena": _aquarena, "reef": _reef}[view["game"]](view)


def _museum(view: dict[str, Any]) -> set[str]:
    t = view["table"]
    refs = {f"seat:{s}" for s in range(view["players"])} | {f"hand:{s}" for s in range(view["players"])}
    refs.add("deck:museum")
    for c in t["cards"]:
        refs |= {f"cell:{c['x']},{c['y']}", f"row:{c['y']}", f"column:{c['x']}"}
        if c["card"]:
            refs.add(f"card:{c['card']['id']}")
    refs |= {f"card:{c['id']}" for c in t["hand"] or []}
    refs |= {f"cell:{a['x']},{a['y']}" for a in view["legal"] if a["type"] in ("place", "move_token")}
    return refs


def _brunch(view: dict[str, Any]) -> set[str]:
    t, me, r = view["table"], view["seat"], view["table"]["round"]
    refs = {f"seat:{s}" for s in range(view["players"])}
    if not view["over"]:
        refs |= {"deck:predators", "deck:aqua"}
    for s, up in enumerate(t["up_cards"] or []):  # the face-up deal cards, on every seat's place
        refs |= {f"card:{r}.{s}.{i}" for i in range(len(up))}
    for seat in t["seats"]:  # the food each seat has eaten, on its place
        refs |= {f"food:{c}.{v}" for c, v in seat["collected"]}
    if me is not None and not view["over"] and t["hand"]:  # the seat at the device: its hand and Aqua cards
        refs.add(f"hand:{r}.{me}")
        refs |= {f"card:{r}.{me}.{i}" for i in range(len(t["hand"]))}
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
            refs |= {f"card:{rev['round']}.{s}.{i}" for i in range(len(rev["hands"][s]))}
            refs.add(f"food:{t['colours'][s]}.{rev['food'][s]}")
        refs |= {f"food:{tk['colour']}.{tk['value']}" for tk in rev["takes"]}
    for rnd in t["history"]:  # the score sheet: every finished round's hands, Aqua cards and food taken
        for s, hand in enumerate(rnd["hands"]):
            refs.add(f"hand:{rnd['round']}.{s}")
            refs |= {f"card:{rnd['round']}.{s}.{i}" for i in range(len(hand))}
            if rnd["aqua"][s]:
                refs.add(f"aqua:{rnd['round']}.{s}")
        refs |= {f"food:{tk['colour']}.{tk['value']}" for tk in rnd["takes"]}
    return refs


def _aquarena(view: dict[str, Any]) -> set[str]:
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


def reef_boards_shown(view: dict[str, Any]) -> list[int]:
    """The reefs on screen: every seat's at the end of a game with several players; otherwise the viewer's (or,
    for a spectator, the seat to play's) until the reader picks another tab."""
    t = view["table"]
    if view["over"] and view["players"] > 1:
        return list(range(view["players"]))
    shown = view["seat"] if view["seat"] is not None else t["current"] if t["current"] is not None else 0
    return [shown]


def _reef(view: dict[str, Any]) -> set[str]:
    t = view["table"]
    refs = {f"ecosystem:{e['slot']}" for e in t["ecosystems"]}
    if not view["over"]:
        refs |= {f"market:{m['index']}" for m in t["market"]}
    if view["players"] > 1 and not view["over"]:
        refs |= {f"seat:{s}" for s in range(view["players"])}  # the tabs
    for s in reef_boards_shown(view):
        b = t["boards"][s]
        refs |= {f"seat:{s}", f"board:{s}"} | {f"hex:{s}.{x['q']},{x['r']}" for x in b["tiles"]}
        refs |= {f"coral:{s}.{c['cell'][0]},{c['cell'][1]}.{c['d']}" for c in b["corals"]}
        refs |= {f"hex:{s}.{c['cell'][0]},{c['cell'][1]}" for c in b["corals"]}
        refs |= {f"reef:{s}.{c['reef']}" for c in b["corals"] if c["reef"] is not None}
        refs |= {f"habitat:{s}.{h['at'][0]},{h['at'][1]}" for h in b["habitats"] if h["at"]}
        refs |= {f"animal:{s}.{i}" for i in range(len(b["large"]))}
        if s == t["current"] and not view["over"]:  # the empty spaces a tile may grow into
            refs |= {f"hex:{s}.{c['q']},{c['r']}" for c in t["frontier"]}
    return refs
