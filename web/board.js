// Drawing one table without the engine: the site's build facts, a game's renderer (and its CSS), the `ui` object a
// renderer draws with, and the highlighting of named things (`data-ref`). Shared by the lesson/replay viewer, the
// embed API and the Learn pages; nothing here needs Python, so a lesson's first board paints before Python boots.
import { el, svg } from "./dom.js";
import { focusBack, focusNext, keyActivate, keyGrid, keyList } from "./keys.js";

export { captureFocus, focusKey, makeAnnouncer, restoreFocus } from "./keys.js";

export const SEAT_COLORS = ["#d9480f", "#1971c2", "#2f9e44", "#ae3ec9", "#e8a317", "#0c8599", "#c2255c"];
export const seatColor = (s) => SEAT_COLORS[s % SEAT_COLORS.length];
// The ink of a seat's number on its colour: whichever of black and white reads at ≥ 4.5:1 (WCAG AA).
const SEAT_INK = ["#000", "#fff", "#000", "#fff", "#000", "#000", "#fff"];
const BASE = new URL("./", import.meta.url);

let siteInfo = null;
/** build-info.json and games.json of the site this module belongs to (fetched once per page). */
export function site() {
  siteInfo ??= (async () => {
    const build = await (await fetch(new URL("build-info.json", BASE), { cache: "no-cache" })).json();
    const games = await (await fetch(new URL(`games.json?v=${build.stamp}`, BASE))).json();
    return { build, games, game: (id) => games.find((g) => g.id === id) };
  })();
  return siteInfo;
}

/** Link a stylesheet of this site into the document once (`name` is a path under the site, without ".css"). */
export async function ensureCss(name) {
  const id = `css-${name.replace(/\W/g, "-")}`;
  if (document.getElementById(id)) return;
  const { build } = await site();
  document.head.append(el("link", { id, rel: "stylesheet", href: new URL(`${name}.css?v=${build.stamp}`, BASE).href }));
}

/** A game's renderer module; its stylesheet is linked into the document once. */
export async function loadRenderer(id) {
  const { build } = await site();
  if (!build.renderers.includes(id)) throw new Error(`no renderer for ${id}`);
  if (build.styles.includes(id) && !document.getElementById(`css-${id}`)) {
    document.head.append(el("link", { id: `css-${id}`, rel: "stylesheet",
      href: new URL(`games/${id}.css?v=${build.stamp}`, BASE).href }));
  }
  return (await import(new URL(`games/${id}.js?v=${build.stamp}`, BASE).href)).default;
}

/**
 * The `ui` a renderer draws with (see web/RENDERERS.md). `act(action)` is what a click on a legal action does;
 * `local` lasts until the next move, `keep` as long as the board (one match's table, one viewer).
 */
export function makeUi({
  act, local = {}, keep = {}, rerender = () => {}, seatName = (s) => `Player ${s + 1}`, isHuman = () => true,
}) {
  const nameSeats = nameSeatsWith(seatName);
  let escape = null; // what Escape undoes on this drawing (ui.onEscape)
  return {
    el, svg, act, local, keep, rerender, seatName, text: nameSeats, seatColor, isHuman,
    seatMark: (s, attrs = {}) => seatMark(s, attrs),
    markAction(node, action) {
      node.dataset.action = JSON.stringify(action);
      node.classList.add("actionable");
      node.addEventListener("click", (e) => { e.stopPropagation(); act(action); });
      return keyActivate(node);
    },
    markStep(node, name, onclick) {
      node.dataset.step = name;
      node.classList.add("steppable");
      node.addEventListener("click", (e) => { e.stopPropagation(); onclick(e); });
      return keyActivate(node);
    },
    actionButton(label, action, attrs = {}) {
      return this.markAction(el("button", { type: "button", ...attrs }, label), action);
    },
    // Keyboard (web/keys.js): one Tab stop per grid or hand, arrows move, Enter/Space commit, Escape cancels a step.
    keyGrid: (container, rows, opts = {}) => keyGrid(container, rows, opts),
    keyList: (container, items, opts = {}) => keyList(container, items, opts),
    /** `fn` cancels the pending step (clears your ui.local selection); Escape anywhere on the board calls it. */
    onEscape(fn) { escape = fn; },
    /** Called by the page on Escape: true when a pending step was cancelled (the board is then redrawn). */
    cancelStep() {
      if (!escape) return false;
      if (escape() === false) return false;
      focusBack(local);
      rerender();
      return true;
    },
    /** After this step the focus goes to the first action on the board (e.g. the squares a picked card may go to). */
    focusNext() { focusNext(local); },
  };
}

/** A seat's colour with its number on it, so colour is never the only sign of a seat. */
export function seatMark(s, attrs = {}) {
  const { class: cls, ...rest } = attrs;
  // The number is drawn by CSS (::after, from data-n): it repeats the seat's name beside it, so it adds no text to
  // the name of a card or a button it sits on (axe's label-in-name check reads the DOM's text).
  return el("i", {
    class: `seat-mark seat-${s % SEAT_COLORS.length}` + (cls ? ` ${cls}` : ""), "aria-hidden": "true",
    dataset: { n: String(s + 1) }, style: { background: seatColor(s), color: SEAT_INK[s % SEAT_INK.length] }, ...rest,
  });
}

/**
 * The seats of a table, each a chip with its colour, number and name: `toAct` seats are marked (and said to be), the
 * `viewer`'s is underlined, and `kind(s)` (a bot's level, or null) follows the name.
 */
export function seatsBar(players, { toAct = [], viewer = null, name, kind = () => null }) {
  return el("div", { class: "seats-bar" }, Array.from({ length: players }, (_, s) => {
    const acting = toAct.includes(s);
    return el("span", {
      class: "seat-chip" + (acting ? " to-act" : "") + (s === viewer ? " viewer" : ""),
      style: { borderColor: seatColor(s) },
    }, seatMark(s), name(s), kind(s) ? ` · ${kind(s)}` : "",
    acting ? el("span", { class: "sr-only", text: " (to act)" }) : null);
  }));
}

/** Wire a drawn board's keys: Escape cancels the renderer's pending step. Call once per drawing, on its root. */
export function boardKeys(root, ui) {
  // A root drawn again in place (web/RENDERERS.md "Redraw") keeps its one listener, which reads the latest ui.
  const had = root.shoalUi !== undefined;
  root.shoalUi = ui;
  if (had) return;
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    if (root.shoalUi.cancelStep()) { e.preventDefault(); e.stopPropagation(); }
  });
}

/** The refs an element draws: `data-ref` holds one ref or several separated by spaces ("cell:1,2 card:10"). */
export const refsOf = (node) => (node.dataset.ref || "").split(/\s+/).filter(Boolean);

/** Mark with class `hl` exactly the `[data-ref]` elements inside `root` that draw one of `refs`; clear the rest. */
export function highlight(root, refs) {
  const want = new Set(refs || []);
  let found = 0;
  for (const node of root.querySelectorAll("[data-ref]")) {
    const on = refsOf(node).some((r) => want.has(r));
    node.classList.toggle("hl", on);
    found += on;
  }
  return found;
}

/** Engine text for people: {seat:N} becomes the name the reader knows. */
export const nameSeatsWith = (seatName) => (text) => String(text).replace(/\{seat:(\d+)\}/g, (_, n) => seatName(+n));
