// One player's reef as an SVG: corals with their patterns, tile outlines, the Hot Spot, Small Animals on Habitats,
// Large Animals over them, and — for the seat to act — every legal spot of the chosen tile or Large Animal.
// Pan by dragging, zoom with the wheel or the buttons; the camera of each reef is kept across renders, per board.
import { centroid, coralShape, coralWords, CORAL, hexAround, pts, shift, SPECIES_SHORT } from "./look.js";
import { keyOf, patchChildren } from "../../redraw.js";

// Each board's cameras (ui.keep lasts as long as the board: one match's table, one viewer), so two boards on a page
// never share one and a new match starts with every reef fitted: seat -> {x, y, w, h} once the person has panned or
// zoomed; absent = fit the reef.
const camerasOf = (ui) => (ui.keep.reefCameras ??= new Map());
const MARGIN = 0.7;
const GRID = 1.5;

function fitBox(t, board, extra) {
  const polys = [...board.tiles.map((tl) => shift(t.geometry.hex, tl.centre)), ...extra];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const poly of polys) for (const [x, y] of poly) {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  // The box's edges snap outwards to a coarse grid (GRID tile sides), so the framing changes only when the reef grows
  // past a grid line, not on every move: a new viewBox rescales the whole picture, which the browser must then lay
  // out and paint again in full.
  x0 = Math.floor((x0 - MARGIN) / GRID) * GRID; y0 = Math.floor((y0 - MARGIN) / GRID) * GRID;
  x1 = Math.ceil((x1 + MARGIN) / GRID) * GRID; y1 = Math.ceil((y1 + MARGIN) / GRID) * GRID;
  // Never zoom in closer than a 7-tile-wide window: a young reef stays a sensible size.
  const w = Math.max(x1 - x0, 10.5), h = Math.max(y1 - y0, 7);
  return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h };
}

// One drag at a time, followed by window listeners set up once (a board is redrawn often, the listeners are not).
let drag = null;
let justDragged = false;
window.addEventListener("pointermove", (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 5) return;
  drag.moved = true;
  drag.svgEl.classList.add("panning");
  drag.setBox({ ...drag.box, x: drag.box.x - dx * drag.k, y: drag.box.y - dy * drag.k });
});
window.addEventListener("pointerup", () => {
  if (!drag) return;
  drag.svgEl.classList.remove("panning");
  if (drag.moved) { justDragged = true; setTimeout(() => { justDragged = false; }, 0); }
  drag = null;
});

const boxAttr = (b) => `${b.x.toFixed(3)} ${b.y.toFixed(3)} ${b.w.toFixed(3)} ${b.h.toFixed(3)}`;

// `seat` is the reef to draw (default: the one on show); `tabs: false` draws it without the tabs that switch reefs
// (the end screen shows every seat's reef at once: its score rows name things on all of them).
// `into`: the panel this function drew last time for the same seat (kept on screen by reef.js), updated in place:
// the picture's layers whose data did not change (corals, hex outlines, animals) stay as they are, and the SVG keeps
// its one set of pan/zoom listeners, which read the latest drawing's state (the reef's board was ~700 nodes
// rebuilt, restyled and laid out again after every click).
export function boardPanel(view, ui, turn, live, { seat = ui.local.show, tabs: withTabs = true, into = null } = {}) {
  const t = view.table;
  const board = t.boards[seat];
  const acting = view.legal.length > 0;
  const mine = view.seat !== null && view.seat !== undefined && seat === view.seat;
  const turnHere = turn && mine ? turn : null;

  // ---- tabs: whose reef is on show -----------------------------------------------------------------------------
  const tab = (b, s) => ui.el("button", {
    type: "button", role: "tab",
    class: "reef-tab" + (s === seat ? " chosen" : "") + (t.current === s && !view.over ? " acting" : ""),
    "aria-selected": s === seat ? "true" : "false", style: { borderColor: ui.seatColor(s) },
    dataset: { ref: `seat:${s}` },
    onclick: () => { ui.local.show = s; ui.local.showOverride = acting ? s : undefined; ui.rerender(); },
  }, seatDot(ui, s), ui.seatName(s), ui.el("small", { text: ` ${b.total} pts` }));
  const tabs = !withTabs ? null : ui.el("div", { class: "reef-tabs", role: "tablist" }, t.boards.map(tab));
  // The tabs are one keyboard stop (arrows move between the reefs, Enter shows one).
  if (tabs && ui.keyList) ui.keyList(tabs, [...tabs.children], { role: "tablist", label: "Whose reef is on show" });
  const back = acting && !mine && view.seat !== null && view.seat !== undefined
    ? ui.markStep(ui.el("button", { type: "button", class: "primary back-btn",
      text: "Back to your reef: it is your turn" }), "back-to-reef",
      () => { ui.local.show = view.seat; ui.local.showOverride = undefined; ui.rerender(); })
    : null;

  // ---- the picture ----------------------------------------------------------------------------------------------
  const extra = turnHere && turnHere.mode === "place" ? turnHere.spots.map((s) => shift(t.geometry.hex, s.cell.centre))
    : [];
  const fit = fitBox(t, board, extra);
  const panel = into || ui.el("section", { class: "reef-board-panel" });
  const frame = patchChildren(panel, [
    tabs || back ? [null, () => ui.el("div", { class: "board-top" }, tabs, back)] : null,
    ["frame", () => ui.el("div", { class: "board-frame", style: { borderColor: ui.seatColor(seat) },
      dataset: { ref: `board:${seat}` } })],
  ]).at(-1);
  const counts = `${board.tiles.filter((x) => !x.hot_spot).length} tiles · ${board.habitats.length} Small Animals ` +
    `· ${board.large.length} Large Animals`;
  const [svgEl] = patchChildren(frame, [
    ["picture", () => reefSvg(ui)],
    ["zoom", () => zoomBar(ui)],
    [null, () => ui.el("div", { class: "board-caption", text: `${reefOf(ui, seat)} · ${counts}` })],
  ]);
  const state = svgEl.reefState;
  state.seat = seat;
  state.fit = fit;
  state.box = camerasOf(ui).get(seat) || fit;
  const viewBox = boxAttr(state.box);
  if (svgEl.getAttribute("viewBox") !== viewBox) svgEl.setAttribute("viewBox", viewBox);
  if (svgEl.getAttribute("aria-label") !== reefOf(ui, seat)) svgEl.setAttribute("aria-label", reefOf(ui, seat));
  // A hovered score row lights parts of the board; a redraw replaces that row (its mouseleave never comes).
  svgEl.classList.remove("focusing");
  for (const n of svgEl.querySelectorAll(".lit")) n.classList.remove("lit");
  live.zoom = state.zoom;

  // Refs (docs/refs.md) carry the seat: every board is one seat's. A coral names itself, its cell and its Reef (by the
  // Reef's first coral, `reefs[i].at`, so the name stays as the Reef grows).
  // Each layer is kept while the data it is drawn from is the same (its key).
  const [hx, hy] = board.hot_spot_centre;
  const frontier = t.current === seat && !view.over && t.frontier.length;
  const [corals, edges, , , , , habitats, larges] = patchChildren(svgEl, [
    ["corals", () => ui.svg("g", { class: "corals" })],
    // Each hex says what a sighted player sees on it: its corals' colours and patterns (a screen reader browses them).
    ["tiles", () => ui.svg("g", { class: "tile-edges" })],
    [keyOf("hot", board.hot_spot_hex), () => ui.svg("polygon",
      { class: "hot-centre", points: pts(board.hot_spot_hex) })],
    [keyOf("hot-name", hx, hy), () => ui.svg("text",
      { class: "hot-label", x: hx, y: hy - 0.1, "text-anchor": "middle", "font-size": 0.26, text: "Hot Spot" })],
    [keyOf("hot-number", hx, hy, board.hot_spot),
      () => ui.svg("text", { class: "hot-label", x: hx, y: hy + 0.22, "text-anchor": "middle", "font-size": 0.22,
      text: `#${board.hot_spot + 1}` })],
    // The empty spaces a tile may grow into (the seat to play's reef, while tiles are placed): faint outlines that a
    // lesson can point at (`hex:<s>.<q>,<r>`), whoever is looking.
    [frontier ? keyOf("frontier", seat, t.frontier) : "no frontier", () => (frontier
      ? ui.svg("g", { class: "frontier" },
        t.frontier.map((c) => ui.svg("polygon",
        { points: pts(shift(t.geometry.hex, c.centre)), "data-ref": `hex:${seat}.${c.q},${c.r}` })))
      : ui.svg("g", { class: "no-frontier" }))],
    ["habitats", () => ui.svg("g", { class: "habitats" })],
    ["larges", () => ui.svg("g", { class: "larges" })],
    // The legal spots hold the actions of this view: drawn afresh every time.
    turnHere && turnHere.mode === "place" ? [null, () => placeSpots(ui, t, turnHere)] : null,
    ...(turnHere && turnHere.mode === "large" ? largeSpots(ui, turnHere).map((layer) => [null, () => layer]) : []),
  ]);
  // Inside each layer, one shape per coral, hex or animal, kept while its own data is the same: a move adds a tile's
  // three corals and changes a few (a Reef that grew), the rest of the reef stays as it is on screen.
  // A coral's rhombus: its tile's centre and the hexagon's corners d-1, d, d+1 around it (docs/reef-geometry.md).
  const centres = new Map(board.tiles.map((tl) => [`${tl.q},${tl.r}`, tl.centre]));
  const hex = t.geometry.hex;
  const rhombus = (c) => {
    const [x, y] = centres.get(`${c.cell[0]},${c.cell[1]}`);
    return [[x, y], ...[(c.d + 5) % 6, c.d, (c.d + 1) % 6].map((k) => [x + hex[k][0], y + hex[k][1]])];
  };
  patchChildren(corals, board.corals.map((c) => [keyOf(seat, c), () => coralShape(ui, rhombus(c), c.colour, {
    class: `coral c-${c.colour}` + (c.reef !== null && c.reef !== undefined ? " in-reef" : "")
      + (c.habitat ? " under-habitat" : ""),
    "data-reef": c.reef ?? undefined,
    "data-ref": [`coral:${seat}.${c.cell[0]},${c.cell[1]}.${c.d}`, `hex:${seat}.${c.cell[0]},${c.cell[1]}`,
      c.reef !== null && c.reef !== undefined ? reefRef(seat, board.reefs[c.reef]) : null].filter(Boolean).join(" "),
  })]));
  patchChildren(edges, board.tiles.map((tl) => [keyOf(seat, tl, t.colours), () => ui.svg("polygon", {
    points: pts(shift(t.geometry.hex, tl.centre)), class: tl.hot_spot ? "hot" : "",
      "data-ref": `hex:${seat}.${tl.q},${tl.r}`,
    role: "img", "aria-label": `${tl.hot_spot ? "Hot Spot hex" : "Hex"} ` +
      `at ${tl.q}, ${tl.r}: ${coralWords(t, tl.colours)}${tl.last ? ", grown last" : ""}`,
  })]));
  patchChildren(habitats, board.habitats.map((h) => [keyOf(seat, h), () => smallAnimal(ui, h, seat)]));
  patchChildren(larges, board.large.map((la, i) => [keyOf(seat, i, la), () => largeAnimal(ui, la, i, seat)]));
  return panel;
}

// The reef's SVG, made once per panel: its pan and zoom listeners read `svgEl.reefState` (the latest drawing's seat,
// camera and fitted box), so a panel updated in place keeps them.
function reefSvg(ui) {
  const svgEl = ui.svg("svg", {
    // tabindex -1: the picture itself is no Tab stop (Chromium makes a clipped SVG one); its spots are (one grid).
    class: "reef-board", preserveAspectRatio: "xMidYMid meet", role: "group", tabindex: "-1",
  });
  const cams = camerasOf(ui);
  const state = { seat: 0, box: null, fit: null, cams };
  svgEl.reefState = state;
  const setBox = (b) => { state.box = b; cams.set(state.seat, b); svgEl.setAttribute("viewBox", boxAttr(b)); };
  state.setBox = setBox;
  // A spot reached with the arrow keys is always in sight: the camera moves to it when it lies outside the view.
  svgEl.addEventListener("focusin", (e) => {
    const at = e.target.reefCentre;
    if (!at) return;
    const [x, y] = at;
    const box = state.box;
    if (x - 1 < box.x || x + 1 > box.x + box.w || y - 1 < box.y || y + 1 > box.y + box.h) {
      setBox({ ...box, x: x - box.w / 2, y: y - box.h / 2 });
    }
  });
  state.zoom = (f, cx = state.box.x + state.box.w / 2, cy = state.box.y + state.box.h / 2) => {
    const box = state.box;
    const w = Math.min(Math.max(box.w * f, 3), 80), h = (box.h * w) / box.w;
    setBox({ x: cx - ((cx - box.x) * w) / box.w, y: cy - ((cy - box.y) * h) / box.h, w, h });
  };
  svgEl.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const m = svgEl.getScreenCTM();
    drag = { x: e.clientX, y: e.clientY, box: { ...state.box }, k: m ? 1 / m.a : 0.02, svgEl, setBox, moved: false };
  });
  // A drag must not also place a tile where the pointer was let go.
  svgEl.addEventListener("click", (e) => { if (justDragged) { e.stopPropagation(); e.preventDefault(); } }, true);
  svgEl.addEventListener("wheel", (e) => {
    e.preventDefault();
    const m = svgEl.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    state.zoom(Math.pow(1.0015, e.deltaY), p.x, p.y);
  }, { passive: false });
  return svgEl;
}

// The zoom buttons act on the picture beside them (the frame's first child), whatever it shows now.
function zoomBar(ui) {
  const bar = ui.el("div", { class: "zoom-bar" });
  const state = () => bar.parentNode.querySelector(".reef-board").reefState;
  bar.append(
    ui.el("button", { type: "button", title: "zoom in (+)", "aria-label": "zoom in",
      onclick: () => state().zoom(1 / 1.25), text: "+" }),
    ui.el("button", { type: "button", title: "zoom out (−)", "aria-label": "zoom out",
      onclick: () => state().zoom(1.25), text: "−" }),
    ui.el("button", { type: "button", title: "show the whole reef",
      onclick: () => { const st = state(); st.setBox(st.fit); st.cams.delete(st.seat); }, text: "Fit" }));
  return bar;
}

/** A Reef's ref: `reef:<seat>.<q>,<r>.<d>`, named by its first coral (docs/refs.md). */
export const reefRef = (seat, reef) => `reef:${seat}.${reef.at[0]},${reef.at[1]}.${reef.at[2]}`;

const reefOf = (ui, seat) => (ui.seatName(seat) === "You" ? "Your reef" : `${ui.seatName(seat)}'s reef`);

function smallAnimal(ui, h, seat) {
  const [x, y] = h.centre;
  const hex = hexAround([x, y], 0.93);
  const covered = h.covered_by !== null && h.covered_by !== undefined;
  return ui.svg("g", { class: "small-animal" + (h.fresh ? " fresh" : "") + (covered ? " covered" : ""),
    "data-ref": h.at ? `habitat:${seat}.${h.at[0]},${h.at[1]}` : undefined,
    role: "img", "aria-label": `Small Animal: ${h.species}, ${h.points} point${h.points === 1 ? "" : "s"}, on a ` +
      `Habitat of ${(CORAL[h.colour] || CORAL["."]).name} ` +
      `coral${h.fresh ? ", arrived this turn" : ""}${covered ? ", under a Large Animal" : ""}` },
    ui.svg("title", { text: `${h.species} (${h.points} ` +
      `pt${h.points === 1 ? "" : "s"})${h.fresh ? ", arrived this turn" : ""}` }),
    ui.svg("polygon", { class: "habitat-rim", points: pts(h.hex) }),
    ui.svg("polygon", { class: "animal-hex", points: pts(hex), fill: (CORAL[h.colour] || CORAL["."]).fill }),
    ui.svg("circle", { class: "animal-disc", cx: x, cy: y, r: 0.62 }),
    ui.svg("text", { x, y: y - 0.04, "text-anchor": "middle", "font-size": 0.27, "font-weight": 700,
      text: SPECIES_SHORT[h.species] || h.species }),
    ui.svg("text", { x, y: y + 0.3, "text-anchor": "middle", "font-size": 0.24, class: "animal-pts",
      text: `${h.points} pt${h.points === 1 ? "" : "s"}` }));
}

// The outer boundary of a group of hexagons: the edges only one of them has.
function outline(hexes) {
  const key = (a, b) => {
    const k1 = `${a[0].toFixed(2)},${a[1].toFixed(2)}`, k2 = `${b[0].toFixed(2)},${b[1].toFixed(2)}`;
    return k1 < k2 ? `${k1}|${k2}` : `${k2}|${k1}`;
  };
  const edges = new Map();
  for (const hex of hexes) for (let i = 0; i < hex.length; i++) {
    const a = hex[i], b = hex[(i + 1) % hex.length];
    const k = key(a, b);
    edges.set(k, edges.has(k) ? null : [a, b]);
  }
  return [...edges.values()].filter(Boolean).map(([a, b]) => `M${a[0]},${a[1]}L${b[0]},${b[1]}`).join("");
}

// A Large Animal: its cells darkened, its outline, and its points on the edge between two of its cells (never on a
// cell's centre, where the Small Animal beneath is named). Its name is in the tooltip and the score panel.
function largeAnimal(ui, la, i, seat) {
  const c = la.centres;
  let at = centroid(c);
  outer: for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++) {
    if (Math.abs(Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1]) - Math.sqrt(3)) < 0.01) {
      at = [(c[i][0] + c[j][0]) / 2, (c[i][1] + c[j][1]) / 2];
      break outer;
    }
  }
  const [x, y] = at;
  return ui.svg("g", { class: "large-animal", "data-large": String(i), "data-ref": `animal:${seat}.${i}`, role: "img",
    "aria-label": `Large Animal: ${la.name}, ${la.points} points, over ${la.hexes.length} Small Animals` },
    ui.svg("title", { text: `${la.name}: ${la.points} points` }),
    la.hexes.map((hx) => ui.svg("polygon", { class: "large-fill", points: pts(hx) })),
    ui.svg("path", { class: "large-line", d: outline(la.hexes) }),
    ui.svg("circle", { class: "large-tag", cx: x, cy: y, r: 0.3 }),
    ui.svg("text", { x, y: y + 0.1, "text-anchor": "middle", "font-size": 0.3, "font-weight": 700, class: "large-text",
      text: String(la.points) }));
}

// A seat's colour with its number (ui.seatMark), so that colour is never the only sign of whose reef it is.
function seatDot(ui, s) {
  return ui.seatMark ? ui.seatMark(s, { class: "dot" })
    : ui.el("i", { class: "dot", style: { background: ui.seatColor(s) } });
}

// SVG spots and marks answer Enter and Space like buttons (ui.markAction); here they get their names.
function pressable(node, label, centre) {
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.reefCentre = centre;
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  return node;
}

// The legal spots of the board as one keyboard stop: a WAI-ARIA grid whose rows are the board's rows of hexes, top to
// bottom (two half-rows of the flat-topped hexes make one), each cell at its column — so the arrow keys move over the
// legal cells as they lie on the board (Up/Down to the nearest spot of the row above or below), Enter or Space grows
// the tile or attracts the animal there.
const R3 = Math.sqrt(3);
function spotGrid(ui, group, nodes, label) {
  if (!ui.keyGrid || !nodes.length) { group.append(...nodes); return group; }
  const at = nodes.map((node) => {
    const [x, y] = node.reefCentre;
    return { node, q: Math.round(x / 1.5), band: Math.floor(Math.round((2 * y) / R3) / 2) };
  });
  const q0 = Math.min(...at.map((a) => a.q));
  const bands = [...new Set(at.map((a) => a.band))].sort((a, b) => a - b);
  const rows = bands.map((band) => {
    const row = [];
    for (const a of at.filter((x) => x.band === band)) row[a.q - q0] = a.node;
    return Array.from(row, (n) => n || null);
  });
  ui.keyGrid(group, rows, { label });
  group.setAttribute("tabindex", "-1"); // the grid is reached through its one roving stop, never as a stop itself
  return group;
}

function placeSpots(ui, t, turn) {
  const shapes = t.geometry.tile_rotations[turn.rot];
  return spotGrid(ui, ui.svg("g", { class: "spots" }), turn.spots.map(({ cell, action }) => {
    const hex = shift(t.geometry.hex, cell.centre);
    const g = ui.svg("g", { class: "spot" },
      ui.svg("title", { text: `grow ${turn.tile.names} here` }),
      ui.svg("polygon", { class: "spot-hex", points: pts(hex) }),
      ui.svg("g", { class: "ghost" }, shapes.map(
        (poly, k) => coralShape(ui, shift(poly, cell.centre), turn.tile.colours[k]))),
      ui.svg("polygon", { class: "spot-rim", points: pts(hex) }));
    return pressable(ui.markAction(g, action), `Grow the ${turn.tile.names} tile here: hex ${cell.q}, ${cell.r}`,
      cell.centre);
  }), `Where the ${turn.tile.names} tile may grow: ${turn.spots.length} spot${turn.spots.length === 1 ? "" : "s"}`);
}

// Large Animal spots of the chosen shape and turn: each is outlined whole (touch screens have no hover) and clicked on
// its first cell (distinct for every spot of one orientation, so markers never overlap); hovering or focusing a
// marker fills its whole animal.
function largeSpots(ui, turn) {
  const ghosts = ui.svg("g", { class: "large-ghosts" });
  const marks = ui.svg("g", { class: "large-marks" });
  const nodes = [];
  turn.spots.forEach(({ spot, action }) => {
    const ghost = ui.svg("g", { class: "large-ghost" },
      spot.hexes.map((hx) => ui.svg("polygon", { points: pts(hx) })),
      ui.svg("path", { class: "ghost-line", d: outline(spot.hexes) }));
    ghosts.append(ghost);
    const [x, y] = centroid(spot.hexes[0]);
    const name = turn.shape.names[turn.shape.animals.indexOf(action.animal)];
    const mark = ui.svg("g", { class: "large-mark" },
      ui.svg("title", { text: `${name} (${spot.points} pts) over ${spot.species.join(", ")}` }),
      ui.svg("polygon", { points: pts(hexAround([x, y], 0.88)) }),
      ui.svg("rect", { class: "mark-pill", x: x - 0.36, y: y + 0.42, width: 0.72, height: 0.3, rx: 0.14 }),
      ui.svg("text", { x, y: y + 0.65, "text-anchor": "middle", "font-size": 0.24, "font-weight": 700,
        text: `+${spot.points}` }));
    mark.addEventListener("mouseenter", () => ghost.classList.add("lit"));
    mark.addEventListener("mouseleave", () => ghost.classList.remove("lit"));
    mark.addEventListener("focus", () => ghost.classList.add("lit"));
    mark.addEventListener("blur", () => ghost.classList.remove("lit"));
    nodes.push(pressable(ui.markAction(mark, action),
      `${name}, +${spot.points} points, over ${spot.species.join(", ")}`, [x, y]));
  });
  return [ghosts, spotGrid(ui, marks, nodes,
    `Where the ${turn.shape.names.join(" / ")} may rest: ${nodes.length} placement${nodes.length === 1 ? "" : "s"}`)];
}
