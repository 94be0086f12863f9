// Aquarena: the pond (Water tiles with their flies and the cards along their edges), your hand, every seat's catch,
// and the last tile's resolution told step by step. Everything shown comes from view.table; every move from
// view.legal (a card in hand is a step; a tile, a fly or a prey card commits the action).

import { keyOf, patchChildren } from "../redraw.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const findLegal = (view, action) => view.legal.find((a) => same(a, action));
const has = (view, type) => view.legal.some((a) => a.type === type);

const FAMILY = { fish: "fish", amphibian: "amphibian", insect: "insect" };
const PHASE = { planning: "Planning", resolution: "Resolution", scored: "Round scored", over: "Game over" };

// How far the resolution on screen has been told: only steps new since the last drawing slide in, one by one.
const told = { key: "", count: 0 };

export default {
  // Drawn in place (the page hands back the root of the last drawing, web/RENDERERS.md "Redraw"): the finished rounds'
  // catches, the score table and the card reference (no handlers; they grow with the game) stay on screen while the
  // data they are drawn from is the same; the pond, hands, choices, resolution and seats are built again.
  inPlace: true,

  render(root, view, ui) {
    const t = view.table;
    const resolving = t.phase === "resolution";
    const names = t.seats.map(({ seat }) => ui.seatName(seat));
    const seats = t.seats.map(({ seat }) => seat);
    patchChildren(root, [
      [null, () => header(view, ui)],
      [null, () => pond(view, ui)],
      [null, () => choicePanel(view, ui)],
      [null, () => (resolving ? resolutionPanel(view, ui) : myHand(view, ui))],
      [null, () => (resolving ? myHand(view, ui) : resolutionPanel(view, ui))],
      [null, () => seatsPanel(view, ui)],
      [t.history.length ? keyOf("catches", t.history, seats, names, view.over, t.cards) : null,
        () => catchTable(view, ui)],
      [t.history.length ? keyOf("scores", t.history, t.scores, view.players, names, view.over) : null,
        () => scoreTable(view, ui)],
      [keyOf("cards", t.cards), () => cardReference(t, ui)],
    ]);
  },

  renderOutcome(root, view, ui) {
    const o = view.outcome;
    root.append(ui.el("div", { class: "aq-rounds-final" },
      ui.el("h3", { text: "Points per round" }),
      ui.el("table", {},
        ui.el("thead", {}, ui.el("tr", {}, ui.el("th", { text: "" }),
          o.rounds[0].map((_, r) => ui.el("th", { scope: "col" }, ui.el("span", { class: "aq-rlong", text: "Round " }),
          String(r + 1))), ui.el("th", { text: "Total" }))),
        ui.el("tbody", {}, o.rounds.map((rounds, s) => ui.el("tr", {},
          ui.el("td", {}, dot(ui, s), ui.seatName(s)),
          rounds.map((p) => ui.el("td", { class: "num", text: String(p) })),
          ui.el("td", { class: "num strong", text: String(o.scores[s]) })))))));
  },
};

// ---- small pieces ------------------------------------------------------------------------------------------------
function dot(ui, s) {
  return seatMark(ui, s, "aq-dot");
}

// A seat's colour with its number on it: colour is never the only sign of whose card or catch it is.
// The number is drawn by CSS (data-seat-no), so it is not part of a card's or a pond's visible text: the accessible
// name of a card or pond you can press always contains the words you see on it (WCAG 2.5.3, "label in name").
const SEAT_INK = ["#000", "#fff", "#000", "#fff", "#000", "#000", "#fff"]; // ≥ 4.5:1 on each seat colour
function seatMark(ui, s, cls = "") {
  return ui.el("i", { class: `aq-mark ${cls}`, "aria-hidden": "true", dataset: { seatNo: String(s + 1) },
    style: { background: ui.seatColor(s), color: SEAT_INK[s % SEAT_INK.length] } });
}

const whose = (ui, s) => (ui.seatName(s) === "You" ? "yours" : `${ui.seatName(s)}'s`);

// What a sighted player reads off a card, as one sentence for a screen reader.
function cardLabel(ui, t, c) {
  const owner = c.seat === undefined || c.seat === null ? "" : `, ${whose(ui, c.seat)}`;
  if (c.card === null || c.card === undefined) return `A face-down card${owner}`;
  const info = t.cards[c.card - 1];
  const prey = info.family ? `${info.family}` : "never prey";
  const face = c.face_up === false ? "face down (only you see it)" : "face up";
  return `${info.card} ${info.name}${owner}, ${face}, ${prey}`;
}

// The words drawn on an element, as a screen reader's "visible text" check reads them.
const shown = (node) => node.textContent.replace(/\s+/g, " ").trim();

// A drawn card or pond that now commits an action or takes a step is announced as a button whose name starts or ends
// with the words drawn on it.
function pressable(node, before = "", after = "") {
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", `${before}${shown(node)}${after}`);
  return node;
}

// Parts drawn side by side, with a space between them (so their words never run together when read).
const spaced = (parts) => parts.filter(Boolean).flatMap((p, i) => (i ? [" ", p] : [p]));

function capital(str) {
  return str.charAt(0).toUpperCase() + str.slice(1);
}

function cardName(t, n) {
  return t.cards[n - 1].name;
}

// A predator card: number, name, prey family; `back` draws the back of a face-down card the viewer may not see.
function card(ui, t, c, opts = {}) {
  const owner = c.seat;
  if (c.card === null || c.card === undefined) {
    return ui.el("div", { class: "aq-card back" + (opts.small ? " small" : ""),
      style: { borderColor: ui.seatColor(owner), background: ui.seatColor(owner) },
      title: `${ui.seatName(owner)}: a face-down card`, dataset: { seat: String(owner) }, role: "img",
        "aria-label": cardLabel(ui, t, c) },
      ui.el("span", { class: "num", text: "?" }), seatMark(ui, owner, "aq-card-seat"));
  }
  const info = t.cards[c.card - 1];
  const hidden = c.face_up === false;
  const cls = ["aq-card", `fam-${info.family || "none"}`];
  if (opts.small) cls.push("small");
  if (hidden) cls.push("facedown");
  if (c.acting) cls.push("acting");
  if (opts.extra) cls.push(opts.extra);
  return ui.el("div", {
    class: cls.join(" "), style: { borderColor: owner === undefined ? "#6b7b8c" : ui.seatColor(owner) },
    title: `${info.name} ${info.card}${owner === undefined ? "" : ` ` +
      `(${ui.seatName(owner)})`}: ${info.text}${hidden ? " — face down: only you can see it" : ""}`,
    dataset: { card: String(info.card), seat: owner === undefined ? "" : String(owner),
      ref: opts.ref || (owner === undefined ? "" : `card:${owner}.${info.card}`) },
    role: "img", "aria-label": cardLabel(ui, t, c),
  },
  spaced([
    ui.el("span", { class: "num", text: String(info.card) }),
    ui.el("span", { class: "name" + (info.name.length > 8 ? " long" : ""), text: info.name }),
    // a small card has no room for its family (its name says it); a big one shows it
    opts.small ? null : info.family ? ui.el("span", { class: "fam", text: FAMILY[info.family] })
      : ui.el("span", { class: "fam none", text: "never prey" }),
    hidden ? ui.el("span", { class: "down", text: "face down" }) : null]),
  opts.small && owner !== undefined ? seatMark(ui, owner, "aq-card-seat") : null);
}

// A fly token (a small SVG insect).
function fly(ui, empty = false) {
  const s = ui.svg("svg", { viewBox: "0 0 24 24", class: "aq-fly" + (empty ? " empty" : ""), "aria-hidden": "true" });
  if (empty) {
    s.append(ui.svg("circle", { cx: 12, cy: 12, r: 8, fill: "none", stroke: "currentColor", "stroke-dasharray": "3 2",
      "stroke-width": 1.5 }));
  } else {
    s.append(
      ui.svg("ellipse", { cx: 7.5, cy: 9, rx: 5, ry: 3.2, fill: "#e7f5ff", stroke: "#4c6ef5", "stroke-width": 1,
        transform: "rotate(-25 7.5 9)" }),
      ui.svg("ellipse", { cx: 16.5, cy: 9, rx: 5, ry: 3.2, fill: "#e7f5ff", stroke: "#4c6ef5", "stroke-width": 1,
        transform: "rotate(25 16.5 9)" }),
      ui.svg("ellipse", { cx: 12, cy: 14, rx: 3.2, ry: 5.5, fill: "#212529" }),
      ui.svg("circle", { cx: 12, cy: 8, r: 2.6, fill: "#c92a2a" }));
  }
  return s;
}

// ---- header: round, phase, heron, prompt ---------------------------------------------------------------------------
function header(view, ui) {
  const t = view.table;
  const mine = view.legal.length > 0;
  return ui.el("div", { class: "aq-head" },
    ui.el("div", { class: "aq-stats" },
      ui.el("b", { text: `Round ${t.round} of ${t.rounds}` }),
      ui.el("span", { text: PHASE[t.phase] || t.phase }),
      ui.el("span", { class: "aq-heron" }, "Heron token: ", dot(ui, t.heron), ui.seatName(t.heron),
        view.over ? "" : " (starts this round)"),
      ui.el("span", { text: `Flies in the supply: ${t.supply}` })),
    // the prompt is read by the page's live region
    ui.el("p", { class: "aq-prompt" + (mine ? " mine" : ""), text: ui.text(t.prompt) }));
}

// ---- the pond ----------------------------------------------------------------------------------------------------
// The pond is one keyboard stop (a grid of its Water tiles, web/keys.js): arrows move from pond to pond — or, while a
// predator eats, from prey to prey — and Enter or Space places, resolves, moves the fly or eats.
function pond(view, ui) {
  const t = view.table;
  const box = ui.el("div", { class: `aq-pond n${t.tiles.length}`,
    dataset: { viewer: view.seat === null ? "" : String(view.seat) } });
  const tiles = t.tiles.map((tile) => tileBox(view, ui, tile));
  if (ui.keyGrid) ui.keyGrid(box, [tiles], { label: `The pond: ${tiles.length} Water tiles` });
  else box.append(...tiles);
  return box;
}

function tileBox(view, ui, tile) {
  const t = view.table;
  const i = tile.index;
  const cls = ["aq-tile"];
  if (tile.resolved) cls.push("resolved");
  if (tile.resolving) cls.push("resolving");
  const box = ui.el("div", { class: cls.join(" "), dataset: { tile: String(i), ref: `tile:${i}` } });

  // What clicking the tile itself does, if anything.
  let tileAction = null;
  let tileLabel = "";
  const sel = ui.local.card;
  if (has(view, "place") && sel !== undefined) {
    tileAction = findLegal(view, { type: "place", card: sel, tile: i });
    tileLabel = `Place ${cardName(t, sel)} here${t.face_up_next ? "" : " (face down)"}`;
  } else if (has(view, "resolve")) {
    tileAction = findLegal(view, { type: "resolve", tile: i });
    tileLabel = "Resolve this tile";
  } else if (has(view, "move_fly")) {
    tileAction = findLegal(view, { type: "move_fly", tile: i });
    tileLabel = "Move the fly here";
  }
  if (tileAction) {
    box.classList.add("target");
    ui.markAction(box, tileAction);
    box.setAttribute("title", tileLabel);
  }

  const status = tile.resolving ? "resolving now" : tile.resolved ? "resolved" : "";
  box.append(ui.el("div", { class: "aq-tile-head" }, spaced([
    ui.el("span", { class: "letter", text: tile.letter }),
    ui.el("span", { class: "cap", text: `${tile.flies}/${tile.capacity} flies` }),
    status ? ui.el("span", { class: "state", text: status }) : null,
    tileAction ? ui.el("span", { class: "hint-chip", text: tileChip(tileAction) }) : null])), " ");

  // Fly tokens: filled ones for the flies present, dashed rings for the room left.
  const flies = ui.el("div", { class: "aq-flies" });
  const eatFly = findLegal(view, { type: "eat_fly", tile: i });
  for (let k = 0; k < Math.max(tile.flies, tile.capacity); k++) {
    const token = ui.el("span", { class: "aq-fly-slot" }, fly(ui, k >= tile.flies));
    if (eatFly && k < tile.flies) {
      token.classList.add("prey");
      token.setAttribute("title", `Eat a fly from ${tile.name}`);
      pressable(ui.markAction(token, eatFly), `Eat a fly from ${tile.name}`);
    }
    flies.append(token);
  }
  box.append(flies);

  const cards = ui.el("div", { class: "aq-edge" });
  for (const c of tile.cards) {
    const el = card(ui, t, c, { small: true });
    if (c.card !== null) {
      const eat = findLegal(view, { type: "eat_card", tile: i, seat: c.seat, card: c.card });
      if (eat) {
        el.classList.add("prey");
        el.setAttribute("title", `Eat ${cardName(t, c.card)} ${c.card} (${ui.seatName(c.seat)})`);
        pressable(ui.markAction(el, eat), "Eat ", `: ${cardLabel(ui, t, c)}, on ${tile.name}`);
      }
    }
    cards.append(el, " ");
  }
  if (!tile.cards.length && t.phase === "planning") {
    cards.append(ui.el("span", { class: "aq-empty", text: "no cards yet" }));
  }
  box.append(cards);
  // The pond's name: the words on it ("A 2/3 flies place here 10 Spider Web …"), then what they mean and what
  // pressing it does. A pond is a group (or a button, or a grid cell of the keyboard's pond grid).
  const about = `. ${tileName(view, ui, tile)}${tileAction ? `. ${tileLabel}.` : ""}`;
  if (tileAction) pressable(box, "Pond ", about);
  else { box.setAttribute("role", "group"); box.setAttribute("aria-label", `Pond ${shown(box)}${about}`); }
  return box;
}

// "pond A: 2 of 3 flies; cards: 7 Newt, yours, face up, amphibian; a face-down card, Bot 2's; resolved"
function tileName(view, ui, tile) {
  const t = view.table;
  const cards = tile.cards.map((c) => cardLabel(ui, t, c));
  const status = tile.resolving ? "; resolving now" : tile.resolved ? "; resolved" : "";
  return `${tile.name}: ${tile.flies} of ${tile.capacity} ` +
    `flies; ${cards.length ? `cards: ${cards.join("; ")}` : "no cards"}${status}`;
}

function tileChip(action) {
  return { place: "place here", resolve: "resolve", move_fly: "move the fly here" }[action.type];
}

// ---- the choices the seat at the device has now, spelled out as buttons ---------------------------------------------
function choicePanel(view, ui) {
  const t = view.table;
  if (!view.legal.length) return null;
  const box = ui.el("div", { class: "aq-choices" });
  if (has(view, "eat_fly") || has(view, "eat_card")) {
    box.append(ui.el("p", { text: "Click a highlighted prey on the pond, or pick it here:" }));
    box.append(ui.el("div", { class: "aq-buttons" }, view.legal.map((act) => {
      const where = t.tiles[act.tile].name;
      const label = act.type === "eat_fly" ? `A fly from ${where}`
        : `${cardName(t, act.card)} ${act.card} (${ui.seatName(act.seat)}) on ${where}`;
      return ui.actionButton(label, act);
    }), " "));
  } else if (has(view, "move_fly")) {
    box.append(ui.el("p", { text: "Click a highlighted Water tile, or pick it here:" }));
    box.append(ui.el("div", { class: "aq-buttons" },
      view.legal.map((act) => ui.actionButton(`To ${t.tiles[act.tile].name}`, act))));
  } else if (has(view, "resolve")) {
    box.append(ui.el("p", { text: "Choose the next Water tile to resolve (click it, or):" }));
    box.append(ui.el("div", { class: "aq-buttons" },
      view.legal.map((act) => ui.actionButton(`Resolve ${t.tiles[act.tile].name}`, act))));
  } else {
    return null; // planning: the hand below carries the choices
  }
  const buttons = box.querySelector(".aq-buttons");
  if (ui.keyList) ui.keyList(buttons, [...buttons.querySelectorAll("button")], { label: "Your choices" });
  return box;
}

// ---- your hand ---------------------------------------------------------------------------------------------------
function myHand(view, ui) {
  const t = view.table;
  if (view.over) return null;
  if (view.seat === null || view.seat === undefined || !t.hand) {
    return ui.el("div", { class: "aq-hand-area" },
      ui.el("p", { class: "hint", text: "Watching: hands and face-down cards stay hidden." }));
  }
  const me = t.seats[view.seat];
  const placing = has(view, "place");
  const discarding = has(view, "discard");
  const area = ui.el("div", { class: "aq-hand-area" + (placing || discarding ? " active" : ""),
    style: { borderColor: ui.seatColor(view.seat) } });
  let hint = "";
  if (placing) {
    hint = ui.local.card === undefined
      ? `Click a card, then a Water tile. This card ` +
        `goes ${t.face_up_next ? "face up" : "face down (only you will see it until its tile resolves)"}.`
      : `Now click a Water tile for ${cardName(t, ui.local.card)} ${ui.local.card} (or pick another ` +
        `card). ${t.cards[ui.local.card - 1].text}`;
  } else if (discarding) {
    hint = "Click a card to discard it face down; then you draw.";
  }
  const row = ui.el("div", { class: "aq-hand" });
  for (const n of t.hand) {
    const el = card(ui, t, { seat: view.seat, card: n, face_up: true },
      { extra: ui.local.card === n ? "selected" : "" });
    if (placing) {
      pressable(ui.markStep(el, `card-${n}`,
        () => { ui.local.card = n; if (ui.focusNext) ui.focusNext(); ui.rerender(); }), "",
        `: play it ${t.face_up_next ? "face up" : "face down"}, then choose a pond`);
      el.setAttribute("aria-pressed", ui.local.card === n ? "true" : "false");
    } else if (discarding) {
      const act = findLegal(view, { type: "discard", card: n });
      if (act) { el.classList.add("discardable"); pressable(ui.markAction(el, act), "Discard "); }
    }
    row.append(el, " ");
  }
  // The hand is one keyboard stop: arrows move from card to card, Enter or Space picks one (then the focus goes to the
  // first pond it may go to), Escape puts it back.
  if (ui.keyList) ui.keyList(row, [...row.children], { label: "Your hand" });
  if (placing && ui.onEscape) {
    ui.onEscape(() => (ui.local.card === undefined ? false : (ui.local.card = undefined, true)));
  }
  area.append(...[
    ui.el("h3", {}, dot(ui, view.seat), `${ui.seatName(view.seat)} — your hand`,
      ui.el("span", { class: "hint aq-hand-count", text: `pile ${me.pile} · placed this round ${me.placed}/4` })),
    hint ? ui.el("p", { class: "aq-hint", text: hint }) : null,
    row,
    t.discards && t.discards.length ? ui.el("p", { class: "hint" }, "Your discards this round (face down): ",
      t.discards.map((n) => `${cardName(t, n)} ${n}`).join(", ")) : null,
  ].filter(Boolean));
  return area;
}

// ---- the last resolution, step by step -----------------------------------------------------------------------------
function resolutionPanel(view, ui) {
  const t = view.table;
  const steps = t.last_resolution;
  if (!steps || !steps.length) return null;
  const head = steps[0];
  const key = JSON.stringify([head, view.seat]);
  const already = told.key === key ? told.count : 0;
  told.key = key;
  told.count = steps.length;
  const tileName = t.tiles[head.tile].name;
  const live = head.round === t.round && t.phase === "resolution" && t.current === head.tile;
  const list = ui.el("ol", { class: "aq-steps" });
  const owned = (s, n) => `${cardName(t, n)} ${n} (${ui.seatName(s)})`;
  const pending = live && t.acting ? steps[steps.length - 1] : null; // the card still eating: its step is open
  let k = 0;
  for (const st of steps) {
    let line;
    let cls = st.kind;
    if (st.kind === "reveal") {
      line = [head.last ? `${capital(tileName)}, the last tile, opened by itself; equal numbers act clockwise ` +
        `from ${ui.seatName(head.chooser)}.` : `${ui.seatName(head.chooser)} chose ${tileName}.`,
        st.revealed.length ? ` Revealed: ${st.revealed.map((c) => owned(c.seat, c.card)).join(", ")}.`
          : " No face-down card there."].join("");
    } else if (st.kind === "tangle") {
      line = st.card === 1
        ? `${owned(st.seat, st.card)} tangled with another Fish Hook: it caught nothing and went back.`
        : `${owned(st.seat, st.card)} flew away with another Heron: it ate nothing and went back.`;
    } else {
      const parts = [];
      const flies = {};
      for (const a of st.ate) {
        if (a.fly) flies[a.tile] = (flies[a.tile] || 0) + 1;
        else parts.push(owned(a.seat, a.card) + (a.tile === st.tile ? "" : ` from ${t.tiles[a.tile].name}`));
      }
      for (const [tile, n] of Object.entries(flies)) {
        parts.push((n === 1 ? "a fly" : `${n} flies`) + (+tile === st.tile ? "" : ` from ${t.tiles[tile].name}`));
      }
      const trap = st.card === 1 || st.card === 10;
      if (st === pending) {
        line = `${owned(st.seat, st.card)}` + (parts.length ? ` ate ${parts.join(", ")} so far` : "") +
          (t.decision === "move" ? `; a fly must move to another tile: ${ui.seatName(st.seat)} to choose where.`
            : `; ${t.acting.left} more to eat: ${ui.seatName(st.seat)} to choose which.`);
        cls += " waiting";
      } else {
        line = `${owned(st.seat, st.card)} ` + (parts.length ? `${trap ? "caught" : "ate"} ${parts.join(", ")}`
          : `${trap ? "caught" : "found"} nothing`);
        if (st.moved) line += `, then moved a fly to ${t.tiles[st.moved.to].name}`;
        line += ".";
      }
      if (!st.ate.length && st !== pending) cls += " empty";
      if (st.ate.some((a) => !a.fly)) cls += " ate-card";
    }
    const fresh = k >= already;
    const li = ui.el("li", { class: cls + (fresh ? " fresh" : ""),
      style: fresh ? { animationDelay: `${(k - already) * 0.35}s` } : {} },
      dot(ui, st.kind === "reveal" ? head.chooser : st.seat), line);
    list.append(li);
    k++;
  }
  const title = live ? `Resolving ${tileName} now` : `Last tile resolved: ${tileName} (round ${head.round})`;
  return ui.el("section", { class: "aq-resolution" }, ui.el("h3", { text: title }), list);
}

// ---- every seat: score, cards left, this round's catch --------------------------------------------------------------
function seatsPanel(view, ui) {
  const t = view.table;
  const box = ui.el("div", { class: "aq-seats" });
  for (const info of t.seats) {
    const s = info.seat;
    const c = info.catch;
    const waiting = view.to_act.includes(s);
    const catchRow = ui.el("div", { class: "aq-catch", dataset: { ref: `catch:${s}` } },
      c.flies ? ui.el("span", { class: "aq-catch-flies", title: `${c.flies} flies caught`,
        dataset: { ref: `flies:${t.round}.${s}` } }, fly(ui), `× ${c.flies}`) : null,
      c.cards.map((p) => card(ui, t, { seat: p.seat, card: p.card, face_up: true },
        { small: true, extra: p.seat === s ? "own" : "", ref: `prey:${t.round}.${p.seat}.${p.card}` })));
    // "Acted: …" and "tangled: …" on one line; a seat whose every card tangled gets "Tangled: …" alone.
    const names = (cards) => cards.map((n) => cardName(t, n)).join(", ");
    const acted = [c.predators.length ? `Acted: ${names(c.predators)}` : "",
      c.returned.length ? `${c.predators.length ? "tangled" : "Tangled"}: ${names(c.returned)}` : ""];
    const said = acted.filter(Boolean).join(" · ");
    const played = ui.el("div", { class: "aq-played" }, said ? ui.el("small", { text: said }) : null);
    box.append(ui.el("div", { class: "aq-seat" + (waiting ? " to-act" : "") + (s === view.seat ? " me" : ""),
      style: { borderColor: ui.seatColor(s) }, dataset: { seat: String(s), ref: `seat:${s}` } },
      ui.el("div", { class: "aq-seat-name" }, dot(ui, s), ui.seatName(s),
        s === t.heron ? ui.el("span", { class: "aq-badge", title: "holds the heron token: starts this round",
          text: "heron", dataset: { ref: "heron:token" } }) : null,
        ui.el("span", { class: "pts", text: `${info.score} pts` })),
      ui.el("small", { class: "hint", text: `hand ${info.hand} · pile ${info.pile} · placed ${info.placed}/4` }),
      ui.el("div", { class: "aq-catch-label" }, c.flies || c.cards.length
        ? [view.over ? "Caught in the last round: " : "Caught this round: ",
          ui.el("b", { class: "aq-catch-points", text: `+${c.points} ${c.points === 1 ? "point" : "points"}` })]
        : (view.over ? "Nothing caught in the last round" : "Nothing caught yet this round")),
      catchRow, played));
  }
  return box;
}

// ---- every finished round's catch, seat by seat: what the final score sheet's rows name ----------------------------
// A row of the score sheet sums a category over the rounds and names each fly count (`flies:<r>.<s>`) and caught card
// (`prey:<r>.<o>.<n>`) of every round (docs/refs.md): they are all drawn here, the seat's row being its `catch:<s>`.
function catchTable(view, ui) {
  const t = view.table;
  if (!t.history.length) return null;
  const rounds = t.history.map((sheet) => sheet[0].round);
  return ui.el("section", { class: "aq-catches" },
    ui.el("h3", { text: view.over ? "Every catch, round by round" : "Catches of the finished rounds" }),
    ui.el("div", { class: "scroll-x" }, ui.el("table", {},
      ui.el("thead", {}, ui.el("tr", {}, ui.el("th", { text: "" }),
        rounds.map((r) => ui.el("th", { text: `Round ${r}` })))),
      ui.el("tbody", {}, t.seats.map(({ seat: s }) => ui.el("tr", { dataset: { ref: `catch:${s}` } },
        ui.el("td", { class: "who" }, dot(ui, s), ui.seatName(s)),
        t.history.map((sheet) => {
          const mine = sheet[s];
          return ui.el("td", { class: "aq-round-catch" },
            mine.flies ? ui.el("span", { class: "aq-catch-flies",
              title: `${mine.flies} ${mine.flies === 1 ? "fly" : "flies"} caught`,
              dataset: { ref: `flies:${mine.round}.${s}` } }, fly(ui), `× ${mine.flies}`) : null,
            mine.cards.map((p) => card(ui, t, { seat: p.seat, card: p.card, face_up: true },
              { small: true, extra: p.seat === s ? "own" : "", ref: `prey:${mine.round}.${p.seat}.${p.card}` })),
            mine.flies || mine.cards.length ? ui.el("b", { class: "aq-catch-points", text: `+${mine.total}` })
              : ui.el("span", { class: "hint", text: "—" }));
        })))))));
}

// ---- score table: per-round totals and the last round's breakdown --------------------------------------------------
function scoreTable(view, ui) {
  const t = view.table;
  if (!t.history.length) return null;
  const n = view.players;
  const last = t.history[t.history.length - 1];
  const keys = last[0].rows.map((r) => r.label);
  return ui.el("details", { class: "aq-scores", open: !view.over },
    ui.el("summary", { text: `Scores after round ${t.history.length}` }),
    ui.el("table", {},
      ui.el("thead", {}, ui.el("tr", {}, ui.el("th", { text: "" }),
        t.history.map((_, r) => ui.el("th", { text: `R${r + 1}` })), ui.el("th", { text: "Total" }))),
      ui.el("tbody", {}, Array.from({ length: n }, (_, s) => ui.el("tr", {},
        ui.el("td", {}, dot(ui, s), ui.seatName(s)),
        t.history.map((round) => ui.el("td",
          { class: "num", title: round[s].rows.map((r) => `${r.label}: ${r.count} → ${r.points}`).join("\n"),
          text: String(round[s].total) })),
        ui.el("td", { class: "num strong", text: String(t.scores[s]) }))))),
    ui.el("h4", { text: `Round ${t.history.length} in detail (count → points)` }),
    ui.el("table", { class: "aq-breakdown" },
      ui.el("thead", {}, ui.el("tr", {}, ui.el("th", { text: "" }), keys.map((k) => ui.el("th", { text: k })),
        ui.el("th", { text: "Round" }))),
      ui.el("tbody", {}, last.map((row) => ui.el("tr", {},
        ui.el("td", {}, dot(ui, row.seat), ui.seatName(row.seat)),
        row.rows.map((r) => ui.el("td",
          { class: "num" + (r.count ? "" : " zero"), text: r.count ? `${r.count} → ${r.points}` : "—" })),
        ui.el("td", { class: "num strong", text: String(row.total) }))))));
}

// ---- the ten cards -------------------------------------------------------------------------------------------------
function cardReference(t, ui) {
  return ui.el("details", { class: "aq-reference" },
    ui.el("summary", { text: "The ten predator cards" }),
    ui.el("ul", {}, t.cards.map((c) => ui.el("li", {},
      ui.el("b", { text: `${c.card} ${c.name}` }),
      ui.el("span", { class: "hint", text: c.family ? ` (${c.family})` : " (never prey)" }),
      ` — ${c.text}`))));
}
