// The embed API: `Shoal.mount(element, options)` and the `<shoal-board>` custom element. Every board on a page
// shares ONE engine worker (one Python runtime), started when a board first needs it (a question reached, "play on",
// a live game, a plain record's replay, a hand-written lesson to compile; or on idle with `preload: true`); each board
// plays on its own named match in the bridge. Compiled lessons and compiled replays paint from their precomputed
// views: a reader who only reads downloads no Python.
//
//   import { Shoal } from "./shoal/embed.js";
//   const board = await Shoal.mount(document.querySelector("#b"), { lesson: "shoal/lessons/museum-lines.json" });
//   board.on("step", (e) => console.log(e.step)); board.next();
//
// Options: lesson (URL or compiled object), record (URL or object: a record or a compiled replay), or a fresh deal
// (game, players, seats, seed, options, names); viewer (a seat, or null for the spectator), step (as the board's
// counter: a lesson's from 1), watch, size ("small" | "medium" | "large" | a CSS width), botDelay, playOn (false
// hides "play on from here"), hints (false: no Hint button in a live game), preload (start Python on idle), theme
// ("light" | "dark" | "auto", the default: the reader's prefers-color-scheme), diagram (a still board of one step).
// See docs/embedding.md.
import { el } from "./dom.js";
import { Engine, startWhenIdle } from "./engine.js";
import { site } from "./board.js";
import { boardImage } from "./save-image.js";
import { parseSeed } from "./seed.js";
import { brief } from "./validate.js";
import { openViewer } from "./viewer.js";

let engine = null;
let boards = 0;
let stamp = "";

/** The page's one engine worker, started the first time a board asks for it. */
function sharedEngine() {
  if (!engine) {
    engine = new Engine(stamp, () => {});
    engine.ready.catch(() => {});
  }
  return engine;
}

// Files named by an author (a lesson, a record) come from this same site: the site makes no outside request.
async function fetchJson(ref) {
  const url = new URL(ref, document.baseURI);
  if (url.origin !== location.origin) throw new Error("lessons and records must come from this site");
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${r.status} for ${url.pathname}`);
  return r.json();
}

const SIZES = { small: "420px", medium: "720px", large: "1100px" };
const THEMES = ["light", "dark", "auto"];

class Handle {
  constructor(element, opts) {
    this.element = element;
    this.listeners = {};
    // A board that cannot open says why on the page, where it would have been (and the promise is refused).
    this.ready = this.open(opts).catch((err) => {
      if (this.viewer) this.viewer.destroy();
      this.viewer = null;
      if (this.destroyed) throw err; // the element shows the board that replaced this one
      // Inside a .shoal-view, which viewer.css styles on any page; across both of its columns.
      const says = el("p", {
        class: "error", role: "alert", style: { gridColumn: "1 / -1", margin: "0" },
        text: `This board could not open: ${err.message}`,
      });
      element.replaceChildren(el("div", { class: "shoal-view" }, says));
      element.dataset.status = "error";
      throw err;
    });
  }

  async open(opts) {
    if (opts instanceof Error) throw opts;
    stamp = (await site()).build.stamp;
    const lesson = typeof opts.lesson === "string" ? await fetchJson(opts.lesson) : opts.lesson;
    const record = typeof opts.record === "string" ? await fetchJson(opts.record) : opts.record;
    // `question: "first"` (or a number: the n-th question, from 1) opens a lesson at one of its questions.
    if (lesson && opts.question !== undefined && Array.isArray(lesson.steps)) {
      const asks = lesson.steps.flatMap((st, i) => (st.question ? [i] : []));
      const n = opts.question === "first" ? 1 : parseInt(opts.question, 10);
      if (asks[n - 1] !== undefined) opts = { ...opts, step: asks[n - 1] + 1 }; // steps count from 1, as questions do
    }
    const { game, players, seats, seed, options, names } = opts;
    const deal = lesson || record ? null : { game, players, seats, seed, options, names };
    if (opts.diagram && deal) throw new Error("a diagram shows one step of a lesson or a record, not a new game");
    if (opts.theme !== undefined && !THEMES.includes(opts.theme)) {
      throw new Error(`the theme must be one of ${THEMES.join(", ")}, not “${brief(opts.theme)}”`);
    }
    this.element.classList.add("shoal-embed");
    if (opts.theme) this.element.dataset.theme = opts.theme; // viewer.css sets the board's color-scheme from it
    const size = SIZES[opts.size] || opts.size;
    if (size) this.element.style.setProperty("--shoal-width", size);
    this.match = `board-${++boards}`;
    // Destroyed while its files came (an attribute changed again): the board that replaced it keeps the element.
    if (this.destroyed) throw new Error("this board was replaced");
    this.viewer = await openViewer(this.element, {
      lesson, record, deal, viewer: opts.viewer ?? null, step: opts.step, watch: !!opts.watch, playOn: opts.playOn,
      hints: opts.hints !== false,
      botDelay: opts.botDelay, botBudget: opts.botBudget, engine: sharedEngine, match: this.match,
      emit: (type, detail) => this.fire(type, detail), diagram: !!opts.diagram,
    });
    if (opts.preload && !opts.diagram) startWhenIdle(sharedEngine);
    return this;
  }

  on(type, fn) { (this.listeners[type] ||= []).push(fn); return this; }
  off(type, fn) { this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn); return this; }

  fire(type, detail) {
    for (const fn of this.listeners[type] || []) fn(detail);
    this.element.dispatchEvent(new CustomEvent(`shoal-${type}`, { detail, bubbles: true }));
  }

  /** The step on show, numbered as the board's counter (a lesson's from 1; a replay's moves, from 0). */
  get step() { return this.viewer ? this.viewer.number(this.viewer.index) : null; }
  /** A lesson's reading, kept in this browser: {step, steps, questions, solved, finished}; null for other boards. */
  get progress() { return this.viewer && this.viewer.reading ? this.viewer.reading.progress : null; }
  goTo(step) { return this.ready.then(() => this.viewer.goToStep(step)); }
  /** The board on show as an image for a worksheet: a Blob, `{format: "svg" | "png", scale}` (web/save-image.js). */
  image(opts) { return this.ready.then(() => boardImage(this.element.querySelector(".sv-board"), opts)); }
  next() { return this.ready.then(() => this.viewer.next()); }
  prev() { return this.ready.then(() => this.viewer.prev()); }
  destroy() {
    this.destroyed = true;
    return this.ready.then(() => this.viewer.destroy(), () => {});
  }
}

export const Shoal = {
  /** Mount a board into `element`; resolves with its handle once the first board is painted. */
  async mount(element, options = {}) {
    const handle = new Handle(element, options);
    await handle.ready;
    return handle;
  },
  /** The one engine worker the boards of this page share (started on first use). */
  engine: () => (stamp ? sharedEngine() : null),
};

// ---- <shoal-board lesson="lessons/museum-lines.json" step="2"></shoal-board> ------------------------------------
const ATTRS = ["lesson", "question", "record", "game", "players", "seats", "seed", "viewer", "step", "watch", "size",
  "names", "bot-delay", "bot-budget", "play-on", "options", "theme", "diagram", "preload", "hints"];
const MAX_ATTR = 4000; // characters: far above any real attribute (a long option list), far below a page-freezing one

/** The element's attributes as mount options; an Error naming the attribute and what it must be for any bad one. */
export function optionsFrom(node) {
  const a = (n) => {
    const v = node.getAttribute(n);
    if (v !== null && v.length > MAX_ATTR) throw new Error(`the ${n} attribute is longer than ${MAX_ATTR} characters`);
    return v;
  };
  const given = (n) => a(n) !== null && a(n).trim() !== "";
  const whole = (n, min, max) => {
    if (!given(n)) return undefined;
    const v = a(n).trim();
    if (!/^\d{1,9}$/.test(v) || +v < min || +v > max) {
      throw new Error(`the ${n} attribute must be a whole number from ${min} to ${max}, not “${brief(v)}”`);
    }
    return +v;
  };
  const list = (n) => (given(n) ? a(n).split(",", 65).map((x) => x.trim()) : undefined);
  let seed;
  try { seed = given("seed") ? parseSeed(a("seed")) : undefined; } catch (err) {
    throw new Error(`the seed attribute: ${err.message}, not “${brief(a("seed"))}”`, { cause: err });
  }
  const opts = {
    lesson: a("lesson") || undefined, record: a("record") || undefined, game: a("game") || undefined,
    question: given("question") ? (a("question").trim() === "first" ? "first" : whole("question", 1, 999)) : undefined,
    players: whole("players", 1, 99), seats: list("seats"), seed, names: list("names"), step: whole("step", 0, 99_999),
    size: a("size") || undefined, theme: given("theme") ? a("theme").trim() : undefined,
    watch: node.hasAttribute("watch") && a("watch") !== "0" && a("watch") !== "false",
    botDelay: whole("bot-delay", 0, 10_000), botBudget: whole("bot-budget", 1, 1_000_000),
    playOn: a("play-on") !== "false", diagram: node.hasAttribute("diagram") && !/^(0|false)$/.test(a("diagram").trim()),
    preload: node.hasAttribute("preload") && a("preload") !== "false",
    hints: !given("hints") || !/^(0|false)$/.test(a("hints").trim()),
    viewer: !given("viewer") || a("viewer").trim() === "spectator" ? null : whole("viewer", 0, 98),
  };
  if (given("options")) {
    let parsed;
    const not = `, such as {"variant": "family"}, not “${brief(a("options"))}”`;
    try { parsed = JSON.parse(a("options")); } catch { throw new Error(`the options attribute must be JSON${not}`); }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error(`the options attribute must be a JSON object${not}`);
    }
    opts.options = parsed;
  }
  return opts;
}

class ShoalBoard extends HTMLElement {
  connectedCallback() {
    if (this.handle) return;
    let opts;
    try { opts = optionsFrom(this); } catch (err) { opts = err; }
    // A bad attribute is said on the board, like any other reason it cannot open (never an uncaught error).
    const handle = new Handle(this, opts);
    this.handle = handle;
    handle.ready.then(() => {
      if (this.handle === handle) this.dispatchEvent(new CustomEvent("shoal-ready", { bubbles: true }));
    }, () => {});
  }

  disconnectedCallback() { if (this.handle) { this.handle.destroy(); this.handle = null; } }

  // An attribute changed on a board that is on the page: it opens again as the attributes now say (a new lesson, a
  // step, another deal). Several changes made together (in one task) open it once.
  attributeChangedCallback(_name, was, now) {
    if (!this.handle || was === now || this.remounting) return;
    this.remounting = true;
    queueMicrotask(() => {
      this.remounting = false;
      if (!this.handle || !this.isConnected) return;
      this.handle.destroy();
      this.handle = null;
      // What the last attributes put on the element goes with them: the new ones say it again.
      delete this.dataset.status;
      delete this.dataset.theme;
      this.style.removeProperty("--shoal-width");
      this.connectedCallback();
    });
  }

  goTo(step) { return this.handle.goTo(step); }
  next() { return this.handle.next(); }
  prev() { return this.handle.prev(); }
  image(opts) { return this.handle.image(opts); }
  on(type, fn) { return this.handle.on(type, fn); }
  get progress() { return this.handle ? this.handle.progress : null; }
  static get observedAttributes() { return ATTRS; }
}

if (!customElements.get("shoal-board")) customElements.define("shoal-board", ShoalBoard);
window.Shoal = Shoal;
