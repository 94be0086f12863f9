// AQUA: Biodiversity in the Oceans. One player's reef as a pannable, zoomable SVG; the market with the Sea Snail; the
// Ecosystems with their native species and what each scores now; the animal supply; the score of the reef on show.
// Every shape comes ready to draw from the view (tile side 1, y downwards); every move comes from view.legal.
import { colourKey, coralPatterns, coralShape, coralWords, CORAL, hexAround, legalIndex, pts,
  speciesBadge } from "./reef/look.js";
import { boardPanel, reefRef } from "./reef/board.js";
import { keyOf, patchChildren } from "../redraw.js";
import { achievementsPanel, objectivePanel } from "./reef-achievements.js";

// The renderer's latest arguments, for the keyboard shortcuts (R / Shift+R rotate, M mirror, + / - zoom).
let live = null;

document.addEventListener("keydown", (e) => {
  if (!live || !live.root.isConnected || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLElement && e.target.closest("input, select, textarea")) return;
  const key = e.key.toLowerCase();
  const { ui } = live;
  if (key === "r" && live.rotate) { live.rotate(e.shiftKey ? -1 : 1); e.preventDefault(); }
  else if (key === "m" && live.mirror) { live.mirror(); e.preventDefault(); }
  else if ((key === "+" || key === "=") && live.zoom) { live.zoom(1 / 1.25); e.preventDefault(); }
  else if ((key === "-" || key === "_") && live.zoom) { live.zoom(1.25); e.preventDefault(); }
  else return;
  void ui;
});

export default {
  // Shortcuts of this board, listed in the page's Keys panel.
  keys: [
    ["R / Shift+R", "turn the tile or the Large Animal clockwise / anticlockwise"],
    ["M", "mirror the Large Animal"],
    ["+ / −", "zoom the reef in / out"],
    ["Arrow keys on the reef", "move between the legal spots as they lie on the board; Enter or Space chooses one"],
  ],

  render(root, view, ui) {
    const t = view.table;
    live = { root, ui };
    const me = view.seat;
    const acting = view.legal.length > 0;
    if (ui.local.show === undefined || ui.local.show === null || !(ui.local.show < view.players)) {
      ui.local.show = me ?? t.current ?? 0;
    }
    if (acting && me !== null && me !== undefined) ui.local.show = ui.local.showOverride ?? me;

    const controls = acting ? turnControls(view, ui) : null;
    // Drawn in place (the page hands back the root of the last drawing: `inPlace` below): a part whose key (the data
    // it is drawn from) did not change stays on screen as it is; the rest is built again.
    const names = Array.from({ length: view.players }, (_, s) => ui.seatName(s));
    const finals = view.over && view.players > 1 && !ui.brief; // every seat's reef: with the end screen's details
    const where = finals ? "reef-finals" : "reef-main";
    const parts = patchChildren(root, [
      ["patterns", () => coralPatterns(ui)],
      [null, () => header(view, ui)],
      [null, () => objectivePanel(view, ui)], // AQUA achievements: the Scenario's objective, the Modification
      [null, () => (controls ? controls.node : waitingNote(view, ui))],
      // At the end every seat's reef is drawn, each beside its score: the score sheet's rows name things on all of
      // them (docs/refs.md). During the game, the reef on show and tabs to switch.
      [finals ? null : "main", () => ui.el("div", { class: where })],
      [keyOf("ecosystems", t.ecosystems, ui.local.show, names), () => ecosystemsPanel(view, ui)],
      ["supply", () => ui.el("section", { class: "supply" })],
      // The legend names each colour's Small Animal: not how many are left.
      [keyOf("legend", t.colours, t.supply.small.map((sa) => [sa.species, sa.name])), () => legend(ui, t)],
    ]);
    supplyPanel(view, ui, parts.find((n) => n.classList.contains("supply")));
    const main = parts.find((n) => n.classList.contains(where));
    if (finals) {
      main.append(...t.boards.map((_, s) => ui.el("div", { class: "reef-main" },
        boardPanel(view, ui, null, live, { seat: s, tabs: false }),
        scorePanel(view, ui, s))));
    } else {
      const seat = ui.local.show;
      const b = t.boards[seat];
      const turn = controls ? controls.board : null;
      const [panel] = patchChildren(main, [
        [`board:${seat}`, () => ui.el("section", { class: "reef-board-panel" })],
        [keyOf("score", seat, b.score, b.total, b.reefs, b.large, t.variant, view.over, names, t.colours),
          () => scorePanel(view, ui, seat)],
      ]);
      boardPanel(view, ui, turn, live, { into: panel });
    }
  },

  // The page may hand `render` the root it drew last time (web/RENDERERS.md "Redraw"): it then updates it in place.
  inPlace: true,

  renderOutcome(root, view, ui) {
    const o = view.outcome;
    const t = view.table;
    if (o.rating) {
      root.append(ui.el("div", { class: "reef-rating" },
        ui.el("span", { class: "label", text: "Solo rating" }),
        ui.el("strong", { text: o.rating }),
        ui.el("small", { text: "the rulebook's chart: 60+ a great start · 70+ well done · 80+ outstanding · 90+ " +
          "expert · 100+ that is satisfying" })));
    }
    if (view.players > 1) {
      const top = Math.max(...o.scores);
      const tied = o.scores.filter((s) => s === top).length > 1;
      root.append(ui.el("p", { class: "reef-note" },
        `Final round's turn order: ${(o.turn_order || []).map((s) => ui.seatName(s)).join(" → ")}.`,
        tied ? ` Equal points at the top: the tied player earliest in that order, ${ui.seatName(o.winners[0])}, wins.`
          : ""));
    }
    root.append(categoryTable(view, ui, o));
    root.append(...[achievementsPanel(view, ui)].filter(Boolean)); // AQUA achievements: completed, why not, marking
    void t;
  },
};

// ---- the header: round, variant, pile, Sea Snail, turn order -------------------------------------------------------
const VARIANT = { core: "Core game", family: "Family variant", advanced: "Advanced variant" };

function header(view, ui) {
  const t = view.table;
  const solo = view.players === 1;
  const snail = t.snail;
  let snailText = null;
  if (snail && !view.over) {
    if (snail.taker !== null && snail.taker !== undefined) {
      snailText = `Sea Snail: taken by ${ui.seatName(snail.taker)}, who plays last now and opens the next round.`;
    } else if (snail.in_market) {
      snailText = `Sea Snail: in the market (${ui.seatName(snail.holder)} opened this round).`;
    } else if (snail.holder !== null && snail.holder !== undefined) {
      snailText = `Sea Snail: held by ${ui.seatName(snail.holder)}.`;
    }
  }
  const order = [...(t.done || []).map((s) => ({ s, done: true })),
    ...(t.queue || []).map((s, i) => ({ s, now: i === 0 && !view.over }))];
  return ui.el("div", { class: "reef-head" },
    ui.el("div", { class: "reef-stats" },
      ui.el("b", { text: view.over ? `All ${t.rounds} rounds played`
        : `Round ${t.round} of ${t.rounds}${t.final_round ? " (the last)" : ""}` }),
      // A Scenario lays its own Ecosystems whatever the variant (and is scored in full): name it, not the variant.
      ui.el("span", { class: "reef-variant",
        text: t.achievements && t.achievements.scenario ? `Scenario ${t.achievements.scenario.letter}`
        : ownLine(view) ? `Ecosystems of your choice${solo ? "" : " (house rule)"}` : VARIANT[t.variant]
          || t.variant }),
      solo ? ui.el("span", { text: "Solo: 3 tiles on offer, the two left are discarded" }) : null,
      ui.el("span", { title: "face-down coral tiles left (their order is secret)", text: `Pile: ${t.pile} tiles` }),
      snailText ? ui.el("span", { class: "snail-state", text: snailText }) : null),
    view.over || solo ? null : ui.el("div", { class: "reef-order", title: "this round's turn order" },
      ui.el("small", { text: "Turn order:" }),
      order.map(({ s, done, now }) => ui.el("span", {
        class: "order-chip" + (done ? " done" : "") + (now ? " now" : ""), style: { borderColor: ui.seatColor(s) },
      }, done ? "✓ " : now ? "▶ " : "", ui.seatName(s)))),
    ui.el("p", { class: "reef-prompt", text: ui.text(t.prompt) })); // the prompt is read by the page's live region
}

// The players picked the six Ecosystems themselves (option "line": solo rules, a house rule with 2–4 players).
const ownLine = (view) => Array.isArray(view.options && view.options.line) && view.options.line.length > 0;

function waitingNote(view, ui) {
  if (view.over) return null;
  return ui.el("div", { class: "reef-controls waiting" }, marketRow(view, ui, null));
}

// ---- the seat to act: market pick and rotation, or a Large Animal with rotate / mirror / side -----------------------
function turnControls(view, ui) {
  const t = view.table;
  if (t.phase === "place") return placeControls(view, ui);
  if (t.phase === "large") return largeControls(view, ui);
  if (t.phase === "reef_colour") return reefColourControls(view, ui);
  return null;
}

// Modification 6 after the last round: one button per Reef colour the player may keep, the colour worth most first.
function reefColourControls(view, ui) {
  const b = view.table.boards[view.seat];
  const offered = new Map((b.reef_colours || []).map((c) => [c.colour, c]));
  const buttons = view.legal.filter((a) => a.type === "reef_colour").map((a, i) => {
    const c = offered.get(a.colour) || { name: a.colour, points: 0, reefs: 0 };
    const label = `Score my ${c.name} Reefs: ${c.points} pts (${c.reefs} ` +
      `Reef${c.reefs === 1 ? "" : "s"})${i === 0 ? " — most points" : ""}`;
    return ui.actionButton(ui.el("span", {}, colourKey(ui, a.colour), ` ${label}`), a,
      { class: "reef-colour-btn" + (i === 0 ? " primary" : "") });
  });
  return { node: ui.el("div", { class: "reef-controls reef-colour-choice", role: "group",
    "aria-label": "Choose the one Reef colour you score" },
    ui.el("b", { text: "Modification 6: only one colour of Reef scores. Which do you keep?" }),
    ui.el("div", { class: "reef-colour-options" }, buttons),
    ui.el("small", { class: "hint",
      text: "Another colour may suit a Scenario's cap on Reef points or a Challenge. Each Reef's points are listed " +
      "beside the board." })), board: null };
}

function spotsFor(t, i, rot) {
  const m = t.market[i];
  return m && m.spots ? m.spots[rot] || [] : [];
}

function placeControls(view, ui) {
  const t = view.table;
  const L = ui.local;
  const places = view.legal.filter((a) => a.type === "place");
  // A first choice is made for the player (the first tile that fits, in its first rotation that fits), so every
  // legal spot is on the board at once; picking another tile or turning it only changes what is highlighted.
  if (L.tile === undefined || !t.market[L.tile]) {
    const first = places[0];
    L.tile = first ? first.tile : 0;
    L.rot = first ? first.rot : 0;
  }
  if (L.rot === undefined) L.rot = 0;
  const select = (i) => {
    L.tile = i;
    if (!spotsFor(t, i, L.rot).length) {
      for (let k = 1; k < 6; k++) if (spotsFor(t, i, (L.rot + k) % 6).length) { L.rot = (L.rot + k) % 6; break; }
    }
    ui.rerender();
  };
  const rotate = (dir) => { L.rot = (L.rot + dir + 6) % 6; ui.rerender(); };
  live.rotate = rotate;

  const tile = t.market[L.tile];
  const spots = spotsFor(t, L.tile, L.rot);
  const rotStrip = ui.el("div", { class: "rot-strip", role: "group", "aria-label": "rotation" },
    ui.markStep(ui.el("button", { type: "button", class: "rot-btn", title: "turn anticlockwise (Shift+R)",
      "aria-label": "turn anticlockwise" }, "⟲"), "rotate-ccw", () => rotate(-1)),
    [0, 1, 2, 3, 4, 5].map((r) => {
      const n = spotsFor(t, L.tile, r).length;
      const b = ui.el("button", {
        type: "button", class: "rot-choice" + (r === L.rot ? " chosen" : "") + (n ? "" : " none"),
        title: `rotation ${r}: ${n} spot${n === 1 ? "" : "s"}`, "aria-pressed": r === L.rot ? "true" : "false",
        "aria-label": `turned ${r} step${r === 1 ? "" : "s"} clockwise: ${n} spot${n === 1 ? "" : "s"}`,
      }, tileIcon(ui, t, tile.colours, r, 34), ui.el("small", { text: String(n) }));
      return r === L.rot ? b : ui.markStep(b, `rot-${r}`, () => { L.rot = r; ui.rerender(); });
    }),
    ui.markStep(ui.el("button", { type: "button", class: "rot-btn", title: "turn clockwise (R)",
      "aria-label": "turn clockwise" }, "⟳"), "rotate-cw", () => rotate(1)));
  if (ui.keyList) ui.keyList(rotStrip, [...rotStrip.children], { label: "Turn the tile" });

  const snail = view.legal.find((a) => a.type === "snail");
  const node = ui.el("div", { class: "reef-controls" },
    marketRow(view, ui, { selected: L.tile, rot: L.rot, select }),
    ui.el("div", { class: "place-row" },
      ui.el("div", { class: "place-help" },
        ui.el("b", { text: `Your tile: ${tile.names}` }),
        ui.el("span", { text: spots.length
          ? ` · ${spots.length} highlighted spot${spots.length === 1 ? "" : "s"} for this rotation: ` +
            "click one to grow it there."
          : " · it fits nowhere in this rotation: turn it (the numbers count the spots per rotation)." }),
        ui.el("small", { class: "keys",
          text: "Keys: R turns clockwise, Shift+R anticlockwise; drag to pan, wheel or +/− to zoom." })),
      rotStrip,
      snail ? snailChoice(ui, snail, t.final_round) : null));
  const legal = legalIndex(view);
  const board = {
    mode: "place", tile, rot: L.rot,
    spots: spots.map((i) => ({ cell: t.frontier[i],
      action: legal({ type: "place", tile: L.tile, q: t.frontier[i].q, r: t.frontier[i].r, rot: L.rot }) }))
      .filter((s) => s.action),
  };
  return { node, board };
}

function snailChoice(ui, action, finalRound) {
  return ui.el("div", { class: "snail-choice" },
    ui.actionButton(ui.el("span", {}, snailIcon(ui), " Take the Sea Snail"), action,
      { class: "snail-btn", title: "instead of a tile now" }),
    ui.el("small", { text: finalRound
      ? "Instead of a tile now: you play last in this final round (ties go to the earliest in its turn order)."
      : "Instead of a tile now: you play last this round and open the next one." }));
}

function largeControls(view, ui) {
  const t = view.table;
  const L = ui.local;
  const spots = t.large_spots || [];
  const shapes = t.supply.large.filter((sh) => spots.some((s) => s.shape === sh.shape));
  const skip = view.legal.find((a) => a.type === "skip_large");
  if (!shapes.length) {
    return { node: ui.el("div", { class: "reef-controls" },
      skip ? ui.actionButton("Continue", skip, { class: "primary" }) : null), board: null };
  }
  if (!L.lshape || !shapes.some((sh) => sh.shape === L.lshape)) {
    L.lshape = shapes[0].shape;
    L.lrot = undefined;
  }
  const shape = shapes.find((sh) => sh.shape === L.lshape);
  const spotsOf = (rot, mirror) => spots.filter((s) => s.shape === shape.shape
    && s.orientations.some((x) => x.rot === rot && x.mirror === mirror));
  const oris = shape.orientations; // every (rot, mirror): a symmetric shape repeats itself, as a real tile would
  if (L.lrot === undefined) {
    const first = oris.find((o) => spotsOf(o.rot, o.mirror).length) || oris[0];
    L.lrot = first.rot;
    L.lmirror = first.mirror;
  }
  if (!L.side || !shape.animals.includes(L.side)) L.side = shape.animals[0];
  const rotate = (dir) => { L.lrot = (L.lrot + dir + 6) % 6; ui.rerender(); };
  const mirror = () => { L.lmirror = !L.lmirror; ui.rerender(); };
  live.rotate = rotate;
  live.mirror = mirror;

  const here = spotsOf(L.lrot, L.lmirror);
  const shapeButtons = shapes.map((sh) => {
    const n = spots.filter((s) => s.shape === sh.shape).length;
    const b = ui.el("button", { type: "button", class: "shape-choice" + (sh.shape === shape.shape ? " chosen" : ""),
      "aria-pressed": sh.shape === shape.shape ? "true" : "false" },
      polyhexIcon(ui, sh.orientations[0].centres, 30),
      ui.el("span", {}, ui.el("b", { text: `${sh.next} pts` }),
        ui.el("small", { text: ` ${sh.names.join(" / ")} · ${n} placement${n === 1 ? "" : "s"}` })));
    return sh.shape === shape.shape ? b
      : ui.markStep(b, `shape-${sh.shape}`,
      () => { L.lshape = sh.shape; L.lrot = undefined; L.side = undefined; ui.rerender(); });
  });
  const sides = shape.animals.map((a, i) => {
    const b = ui.el("button", { type: "button", class: "side-choice" + (a === L.side ? " chosen" : ""),
      "aria-pressed": a === L.side ? "true" : "false", text: shape.names[i] });
    return a === L.side ? b : ui.markStep(b, `side-${a}`, () => { L.side = a; ui.rerender(); });
  });
  const oriButtons = ui.el("div", { class: "rot-strip", role: "group", "aria-label": "turn and mirror" },
    ui.markStep(ui.el("button", { type: "button", class: "rot-btn", title: "turn anticlockwise (Shift+R)",
      "aria-label": "turn anticlockwise" }, "⟲"), "lrotate-ccw", () => rotate(-1)),
    oris.filter((o) => o.mirror === L.lmirror).map((o) => {
      const n = spotsOf(o.rot, o.mirror).length;
      const chosen = o.rot === L.lrot;
      const b = ui.el("button", { type: "button", class: "rot-choice" + (chosen ? " chosen" : "") + (n ? "" : " none"),
        title: `${n} placement${n === 1 ? "" : "s"}`, "aria-pressed": chosen ? "true" : "false",
        "aria-label": `turned ${o.rot} step${o.rot === 1 ? "" : "s"}${o.mirror ? ", mirrored" : ""}: ${n} ` +
          `placement${n === 1 ? "" : "s"}` },
        polyhexIcon(ui, o.centres, 30), ui.el("small", { text: String(n) }));
      return chosen ? b : ui.markStep(b, `lrot-${o.rot}`, () => { L.lrot = o.rot; ui.rerender(); });
    }),
    ui.markStep(ui.el("button", { type: "button", class: "rot-btn", title: "turn clockwise (R)",
      "aria-label": "turn clockwise" }, "⟳"), "lrotate-cw", () => rotate(1)),
    ui.markStep(ui.el("button", { type: "button", class: "rot-btn" + (L.lmirror ? " chosen" : ""),
      title: "mirror image (M)", "aria-label": "mirror", "aria-pressed": L.lmirror ? "true" : "false" }, "⇋"), "mirror",
      mirror));
  // Shapes, sides and turns: one keyboard stop each (arrows move, Enter chooses).
  const shapeRow = ui.el("div", { class: "shape-row" }, shapeButtons);
  const sideRow = ui.el("div", { class: "side-row" }, ui.el("small", { text: "Side:" }), sides);
  if (ui.keyList) {
    ui.keyList(shapeRow, shapeButtons, { label: "Large Animal" });
    ui.keyList(sideRow, sides, { label: "Side" });
    ui.keyList(oriButtons, [...oriButtons.children], { label: "Turn and mirror" });
  }

  const node = ui.el("div", { class: "reef-controls large" },
    ui.el("p", { class: "place-help" },
      ui.el("b", { text: "Attract a Large Animal (optional). " }),
      "It rests only on Small Animals and covers one that arrived this turn (dashed yellow rim); biodiversity " +
        "forbids two of one species under it, unless an Ecosystem says otherwise. Choose a shape, a side and a turn: " +
        "each legal placement is outlined in blue with its points on its first cell — click that mark to attract it."),
    ui.el("div", { class: "large-row" },
      shapeRow,
      sideRow,
      oriButtons,
      skip ? ui.actionButton("No Large Animal", skip, { class: "skip-btn" }) : null));
  const board = {
    mode: "large", shape, side: L.side,
    spots: here.map((s) => ({ spot: s, action: legalIndex(view)({ type: "large", animal: L.side, cells: s.cells }) }))
      .filter((s) => s.action),
  };
  return { node, board };
}

// ---- the market --------------------------------------------------------------------------------------------------
function marketRow(view, ui, pick) {
  const t = view.table;
  const tiles = t.market.map((m, i) => {
    const chosen = pick && pick.selected === i;
    const fits = m.spots ? m.spots.reduce((n, per) => n + per.length, 0) : null;
    const card = ui.el("button", {
      type: "button", class: "market-tile" + (chosen ? " chosen" : ""), "aria-pressed": chosen ? "true" : "false",
        dataset: { ref: `market:${m.colours}` },
      title: `${m.names}${fits !== null ? ` · fits ${fits} way${fits === 1 ? "" : "s"}` : ""}`,
      "aria-label": `Market tile ${i + 1}: ${m.names}; corals ${coralWords(t, m.colours)}${fits !== null ? `; ` +
        `fits ${fits} way${fits === 1 ? "" : "s"}` : ""}`,
    }, tileIcon(ui, t, m.colours, chosen ? pick.rot : 0, 64), ui.el("small", { text: m.names }));
    if (pick && !chosen) ui.markStep(card, `tile-${i}`, () => pick.select(i));
    if (!pick) card.disabled = true;
    return card;
  });
  // The market is one keyboard stop: arrows move between its tiles, Enter chooses one (its spots light on the board).
  const row = ui.el("div", { class: "market-tiles" }, tiles);
  if (pick && ui.keyList) ui.keyList(row, tiles, { label: "Market" });
  return ui.el("div", { class: "market" },
    ui.el("h3", { text: "Market" }),
    row,
    t.snail && t.snail.in_market && !pick
      ? ui.el("div", { class: "snail-spot", title: "the Sea Snail waits in the market" }, snailIcon(ui),
      ui.el("small", { text: "Sea Snail" })) : null);
}

// ---- small pictures ------------------------------------------------------------------------------------------------
// A tile's picture is drawn once per colours, turn and size, then copied (the market and the turn strip are built
// again on every drawing: ten such pictures, ninety shapes).
const tileIcons = new Map();
function tileIcon(ui, t, colours, rot, size) {
  const shapes = t.geometry.tile_rotations[rot];
  const key = `${colours}|${rot}|${size}|${JSON.stringify(shapes)}`;
  let icon = tileIcons.get(key);
  if (!icon) {
    icon = ui.svg("svg", { class: "tile-icon", viewBox: "-1.08 -0.95 2.16 1.9", width: size,
      height: Math.round(size * 0.88), "aria-hidden": "true" },
      shapes.map((poly, k) => coralShape(ui, poly, colours[k])));
    tileIcons.set(key, icon);
  }
  return icon.cloneNode(true);
}

function polyhexIcon(ui, centres, size) {
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const x0 = Math.min(...xs) - 1.1, x1 = Math.max(...xs) + 1.1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const w = x1 - x0, h = y1 - y0;
  const k = size / Math.max(w, h);
  return ui.svg("svg", { class: "poly-icon", viewBox: `${x0} ${y0} ${w} ${h}`, width: Math.round(w * k),
    height: Math.round(h * k), "aria-hidden": "true" },
    centres.map((c) => ui.svg("polygon", { points: pts(hexAround(c, 0.94)) })));
}

function snailIcon(ui) {
  return ui.svg("svg", { class: "snail-icon", viewBox: "0 0 40 28", width: 34, height: 24, "aria-hidden": "true" },
    ui.svg("path", { d: "M4 24 H34 Q38 24 37 20 L33 18", fill: "none", stroke: "currentColor", "stroke-width": 2.5 }),
    ui.svg("circle", { cx: 18, cy: 14, r: 10, fill: "#f3d28b", stroke: "currentColor", "stroke-width": 2 }),
    ui.svg("path", { d: "M18 14 m0 0 a3 3 0 1 1 3 3 a6 6 0 1 1 -6 -6", fill: "none", stroke: "currentColor",
      "stroke-width": 1.8 }),
    ui.svg("path", { d: "M33 18 L36 10 M35 18 L39 12", stroke: "currentColor", "stroke-width": 1.6 }));
}

// ---- the reef's score ----------------------------------------------------------------------------------------------
function scorePanel(view, ui, seat = ui.local.show) {
  const t = view.table;
  const b = t.boards[seat];
  const rows = b.score.map((row) => ui.el("tr", { class: row.points ? "" : "zero" },
    ui.el("td", { text: ui.text(row.label) }),
    ui.el("td", { class: "num", text: String(row.points) })));
  const reefs = (b.reefs || []).map((rf, i) => {
    const tr = ui.el("li", { class: "reef-row" + (rf.points ? "" : " zero"),
      dataset: { reefIndex: String(i), ref: reefRef(seat, rf) } },
      colourKey(ui, rf.colour),
        ` ${colourName(t, rf.colour)}: ${rf.size} corals, ${rf.animals.length} ` +
        `animal${rf.animals.length === 1 ? "" : "s"} beside: `,
      ui.el("b", { text: `${rf.points} pts` }));
    const light = (on) => spotlight(tr, `[data-reef="${i}"]`, on);
    tr.addEventListener("mouseenter", () => light(true));
    tr.addEventListener("mouseleave", () => light(false));
    return tr;
  });
  const larges = b.large.map((la, i) => {
    const li = ui.el("li", { class: "large-item", dataset: { ref: `animal:${seat}.${i}` } },
      ui.el("b", { text: `${la.points}` }), ` ${la.name}`);
    const light = (on) => spotlight(li, `[data-large="${i}"]`, on);
    li.addEventListener("mouseenter", () => light(true));
    li.addEventListener("mouseleave", () => light(false));
    return li;
  });
  return ui.el("aside", { class: "reef-score", style: { borderColor: ui.seatColor(seat) },
    dataset: { ref: `seat:${seat}` } },
    ui.el("h3", {}, `${ui.seatName(seat)}: `, ui.el("span", { class: "total", text: String(b.total) }),
      view.over ? " pts" : " pts now"),
    ui.el("table", {}, ui.el("tbody", {}, rows)),
    larges.length ? ui.el("div", { class: "large-list" }, ui.el("h4", { text: "Large Animals" }),
      ui.el("ul", {}, larges)) : null,
    t.variant === "family" ? ui.el("p", { class: "hint", text: "Family variant: only Large and Small Animals score." })
      : ui.el("div", { class: "reef-list" },
        ui.el("h4", { text: `Reefs (4+ connected corals of one colour outside Habitats): ${reefs.length}` }),
        reefs.length ? ui.el("ul", {}, reefs) : ui.el("p", { class: "hint", text: "None yet." }),
        reefs.length ? ui.el("small", { class: "hint", text: "Hover a Reef to light it up on the board." }) : null));
}

// Light up some corals or a Large Animal on the board and dim the rest (hovering a row of the score panel). The board
// is the one beside that panel: a page may carry several boards (embeds, lessons), and the end screen one per seat.
function spotlight(from, selector, on) {
  const board = from.closest(".reef-main")?.querySelector(".reef-board");
  if (!board) return;
  board.classList.toggle("focusing", on);
  board.querySelectorAll(selector).forEach((n) => n.classList.toggle("lit", on));
}

// ---- Ecosystems --------------------------------------------------------------------------------------------------
function ecosystemsPanel(view, ui) {
  const t = view.table;
  if (!t.ecosystems.length) return null;
  const show = ui.local.show;
  return ui.el("section", { class: "ecosystems" },
    ui.el("h3", { text: "Ecosystems and their native Small Animals" }),
    ui.el("div", { class: "eco-row" }, t.ecosystems.map(
      (e) => ui.el("div", { class: "eco-card", dataset: { ref: `ecosystem:${e.slot}` } },
      ui.el("div", { class: "eco-top" },
        ui.el("span", { class: "eco-num", text: String(e.number) }),
        ui.el("span", { class: "eco-kind " + (e.local ? "local" : "global"), text: e.local ? "Local" : "Global" })),
      ui.el("div", { class: "eco-native" }, speciesBadge(ui, e.native, e.colour),
        ui.el("span", { text: e.native_name })),
      ui.el("p", { class: "eco-text", text: e.text }),
      ui.el("div", { class: "eco-scores" }, e.scores.map((pts, s) => ui.el("span", {
        class: "eco-score" + (s === show ? " shown" : "") + (pts ? "" : " zero"),
          style: { borderColor: ui.seatColor(s) },
        title: `${ui.seatName(s)} scores ${pts} here now`,
      }, ui.el("i", { style: { background: ui.seatColor(s) } }),
        `${view.players > 1 ? ui.seatName(s) + " " : "now "}${pts}`)))))));
}

// ---- supply ------------------------------------------------------------------------------------------------------
// The supply's two rows, each kept while what it shows is the same (a Small Animal taken leaves the Large row alone).
function supplyPanel(view, ui, section) {
  const t = view.table;
  const sup = t.supply;
  patchChildren(section, [
    [keyOf("small", sup.small, t.colours), () => ui.el("div", { class: "supply-small" },
      ui.el("h3", { text: "Small Animals left" }),
      ui.el("div", { class: "supply-row" },
        sup.small.map((sa) => ui.el("div", {
          class: "supply-item" + (sa.left ? "" : " empty"),
          title: `${sa.name}: ${sa.points} points each; lives on ${colourName(t, sa.colour)} Habitats`,
        }, speciesBadge(ui, sa.species, sa.colour),
        ui.el("span", {}, ui.el("b", { text: sa.name }),
          ui.el("small", { text: ` ${sa.points} pt${sa.points === 1 ? "" : "s"} · ${sa.left} left` }))))))],
    [keyOf("large", sup.large.map((la) => [la.names, la.label, la.stack, la.orientations[0].centres])),
      () => ui.el("div", { class: "supply-large" },
      ui.el("h3", { text: "Large Animals (top of each stack first)" }),
      ui.el("div", { class: "supply-row" },
        sup.large.map((la) => ui.el("div", { class: "supply-item" + (la.stack.length ? "" : " empty") },
        polyhexIcon(ui, la.orientations[0].centres, 34),
        ui.el("span", {}, ui.el("b", { text: la.names.join(" / ") }),
          ui.el("small", { text: ` ${la.label} ` +
            `· ${la.stack.length ? `next ${la.stack.join(", ")}` : "none left"}` }))))))],
  ]);
}

function colourName(t, letter) {
  const c = t.colours.find((x) => x.letter === letter);
  return c ? c.name : letter;
}

function legend(ui, t) {
  return ui.el("details", { class: "reef-legend" },
    ui.el("summary", { text: "Colours, patterns and animals" }),
    ui.el("ul", {}, t.colours.map((c) => ui.el("li", {}, colourKey(ui, c.letter),
      ` ${c.name} coral: pattern “${CORAL[c.letter].pattern}”, Small Animal `,
      speciesBadge(ui, c.species, c.letter),
        ` ${(t.supply.small.find((s) => s.species === c.species) || {}).name || c.species}`))),
    ui.el("p", { class: "hint",
      text: "A dashed yellow rim marks a Small Animal that arrived this turn. Large Animals are the dark shapes " +
      "framed in pale yellow over Small Animals, their points on a dark tag. While you attract one, its legal " +
      "placements are outlined in blue." }));
}

// ---- end of game: every category side by side -------------------------------------------------------------------
function categoryTable(view, ui, o) {
  const n = view.players;
  const labels = o.breakdown[0].map((r) => r.label);
  return ui.el("table", { class: "reef-categories" },
    ui.el("thead", {}, ui.el("tr", {}, ui.el("th", { text: "Category" }),
      Array.from({ length: n }, (_, s) => ui.el("th", {},
        ui.el("i", { class: "dot", style: { background: ui.seatColor(s) } }), ui.seatName(s))))),
    ui.el("tbody", {}, labels.map((label, i) => ui.el("tr", {},
      ui.el("td", { text: ui.text(label) }),
      Array.from({ length: n }, (_, s) => {
        const row = o.breakdown[s][i] || {};
        return ui.el("td", { class: "num" + (row.points ? "" : " zero"), text: String(row.points ?? "") });
      }))),
    ui.el("tr", { class: "total" }, ui.el("td", { text: "Total" }),
      o.scores.map((sc) => ui.el("td", { class: "num", text: String(sc) })))));
}
