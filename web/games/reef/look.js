// How AQUA looks: coral colours, each with its own pattern (colour-blind safe: no two colours share a pattern), the
// Small Animal tags, and the few drawing helpers the board, the market and the panels share. No rules here.

// Actions compared whatever their key order; `legalIndex(view)` maps each to the very object in view.legal, so every
// [data-action] carries the engine's own JSON.
const canon = (x) => (Array.isArray(x) ? `[${x.map(canon).join(",")}]` : x && typeof x === "object"
  ? `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canon(x[k])}`).join(",")}}` : JSON.stringify(x));
export function legalIndex(view) {
  const m = new Map(view.legal.map((a) => [canon(a), a]));
  return (action) => m.get(canon(action));
}

// Fill, pattern ink and the pattern's name (shown in the legend) for each coral colour letter.
export const CORAL = {
  R: { name: "red", fill: "#e5484d", ink: "rgba(255,255,255,.75)", pattern: "dots" },
  Y: { name: "yellow", fill: "#f5c518", ink: "rgba(60,40,0,.55)", pattern: "rings" },
  G: { name: "green", fill: "#34a853", ink: "rgba(0,40,10,.55)", pattern: "diagonal stripes" },
  B: { name: "blue", fill: "#2f7fd8", ink: "rgba(255,255,255,.7)", pattern: "waves" },
  P: { name: "purple", fill: "#8b5cf6", ink: "rgba(255,255,255,.65)", pattern: "cross-hatch" },
  K: { name: "pink", fill: "#f47fb8", ink: "rgba(90,0,40,.5)", pattern: "crosses" },
  ".": { name: "sand", fill: "#e9dfc7", ink: "rgba(0,0,0,.2)", pattern: "none" },
};

/** A hex's corals in words, colour and pattern: "pink (crosses), pink (crosses), yellow (rings)". */
export function coralWords(t, colours) {
  const named = (letter) => (t.colours.find((c) => c.letter === letter) || {}).name || (CORAL[letter] || {}).name
    || letter;
  return [...colours].filter((c) => c !== ".").map(
    (c) => `${named(c)} (${(CORAL[c] || CORAL["."]).pattern})`).join(", ") || "no coral";
}

export const SPECIES_TAG = { crab: "Cr", clownfish: "Cl", turtle: "Tu", seahorse: "Sh", starfish: "St",
  jellyfish: "Je" };
export const SPECIES_SHORT = { crab: "crab", clownfish: "clown", turtle: "turtle", seahorse: "seahorse",
  starfish: "starfish", jellyfish: "jelly" };

const R3 = Math.sqrt(3);
export const pts = (poly) => poly.map((p) => `${p[0]},${p[1]}`).join(" ");
/** A polygon given around the origin, moved to `centre` (the view's geometry.hex and tile_rotations). */
export const shift = (poly, [cx, cy]) => poly.map(([x, y]) => [x + cx, y + cy]);
/** A flat-topped hexagon of circumradius `s` round a centre: a tile, a Habitat or an animal cell. */
export const hexAround = ([x, y], s = 1) => [[x + s, y], [x + s / 2, y + (s * R3) / 2], [x - s / 2, y + (s * R3) / 2],
  [x - s, y], [x - s / 2, y - (s * R3) / 2], [x + s / 2, y - (s * R3) / 2]];
export const centroid = (poly) => [poly.reduce((a, p) => a + p[0], 0) / poly.length,
  poly.reduce((a, p) => a + p[1], 0) / poly.length];

// One set of pattern definitions per page (the app replaces the whole screen on every render).
export function coralPatterns(ui) {
  const S = 0.22; // pattern cell, in tile sides
  const line = (d, ink, w = 0.035) => ui.svg("path", { d, stroke: ink, "stroke-width": w, fill: "none" });
  const defs = {
    R: (ink) => [ui.svg("circle", { cx: S / 4, cy: S / 4, r: 0.035, fill: ink }),
      ui.svg("circle", { cx: (3 * S) / 4, cy: (3 * S) / 4, r: 0.035, fill: ink })],
    Y: (ink) => [ui.svg("circle", { cx: S / 2, cy: S / 2, r: 0.06, fill: "none", stroke: ink, "stroke-width": 0.025 })],
    G: (ink) => [line(`M0,${S} L${S},0 M${-S / 2},${S / 2} L${S / 2},${-S / 2} M${S / 2},${S * 1.5} ` +
      `L${S * 1.5},${S / 2}`, ink, 0.04)],
    B: (ink) => [line(`M0,${S / 2} Q${S / 4},${S / 4} ${S / 2},${S / 2} T${S},${S / 2}`, ink, 0.03)],
    P: (ink) => [line(`M0,0 L${S},${S} M${S},0 L0,${S}`, ink, 0.025)],
    K: (ink) => [line(`M${S / 2 - 0.05},${S / 2} h0.1 M${S / 2},${S / 2 - 0.05} v0.1`, ink, 0.03)],
  };
  return ui.svg("svg", { class: "reef-defs", width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" },
    ui.svg("defs", {}, Object.entries(defs).map(([c, make]) => ui.svg("pattern", {
      id: `reef-pat-${c}`, patternUnits: "userSpaceOnUse", width: S, height: S,
    }, make(CORAL[c].ink)))));
}

export function coralShape(ui, poly, colour, attrs = {}) {
  const p = pts(poly);
  const look = CORAL[colour] || CORAL["."];
  return ui.svg("g", { class: `coral c-${colour}`, ...attrs },
    ui.svg("polygon", { points: p, fill: look.fill }),
    colour in CORAL && colour !== "." ? ui.svg("polygon", { points: p, fill: `url(#reef-pat-${colour})`, class: "pat" })
      : null,
    ui.svg("polygon", { points: p, class: "edge" }));
}

export function colourKey(ui, letter) {
  const r = [[0, 0], [1, 0], [1, 1], [0, 1]].map(([x, y]) => [x * 0.9, y * 0.9]);
  return ui.svg("svg", { class: "colour-key", viewBox: "0 0 0.9 0.9", width: 18, height: 18, "aria-hidden": "true" },
    coralShape(ui, r, letter));
}

export function speciesBadge(ui, species, colour) {
  const hex = pts(hexAround([0, 0], 0.98));
  return ui.svg("svg", { class: "species-badge", viewBox: "-1 -0.9 2 1.8", width: 30, height: 27,
    "aria-hidden": "true" },
    ui.svg("polygon", { points: hex, fill: (CORAL[colour] || CORAL["."]).fill }),
    ui.svg("polygon", { points: hex, fill: `url(#reef-pat-${colour})` }),
    ui.svg("circle", { r: 0.56, fill: "white" }),
    ui.svg("text", { y: 0.18, "text-anchor": "middle", "font-size": 0.52, "font-weight": 700, fill: "#15202b",
      text: SPECIES_TAG[species] || "?" }));
}
