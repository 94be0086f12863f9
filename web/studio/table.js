// The author's board: the lesson's position at one step, on the real board, as a live table of web/match.js (the
// site's one turn loop) on the bridge match "studio". Every seat is the author's (`seesAll`: no pass screen, any
// seat's view on demand), so a move is played for whichever seat is on show and comes back in full (`played`).
//
// What a click on the board does depends on the mode the author chose:
//   play       the renderer's own handling: a move is played, and the Studio makes it the next step
//   highlight  nothing is played; the things drawn where the click landed ([data-ref], innermost first) are offered
//   answer     a click that would commit a move ([data-action]) records that move as a right answer instead of
//              playing it; steps toward a move (pick a card, turn a tile: [data-step]) still work
// The board never decides a rule: what it offers is the view's legal moves (web/RENDERERS.md).
import { highlight, refsOf } from "../board.js";
import { el } from "../dom.js";
import { Match } from "../match.js";
import { Regions } from "../redraw.js";

export const MATCH = "studio";

/** Text naming an action the same way whatever the order of its keys. */
export function actionKey(action) {
  const sort = (v) => (Array.isArray(v) ? v.map(sort) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v);
  return JSON.stringify(sort(action));
}

/**
 * The lesson as far as the board needs it to reach step `upto`: its start and the moves of steps 0..upto. Comments,
 * highlights and questions do not change a position, and a half-written question must not keep the board from
 * showing it.
 */
export function boardLesson(lesson, upto) {
  const { game, players, options, seed, start } = lesson;
  return {
    title: "Studio", game, players, ...(options ? { options } : {}), ...(seed !== undefined ? { seed } : {}),
    ...(start ? { start } : {}),
    steps: lesson.steps.slice(0, upto + 1).map((s) => (s.move ? { comment: "", move: s.move } : { comment: "" })),
  };
}

// A control's name as the board gives it to a person (its aria-label, title or text), without the keyboard hint.
function label(node) {
  const text = node.getAttribute("aria-label") || node.getAttribute("title") || node.textContent || "";
  return text.replace(/\bpress Enter to /g, "").replace(/\s+/g, " ").trim().slice(0, 160) || null;
}

export class AuthorTable {
  /**
   * host: the element the table is drawn in; engine: the page's Engine; info/renderer: the game's;
   * announcer: the page's live region; on: {played(seat, action), refs(list, node), answer(action, node), drawn()}
   */
  constructor({ host, engine, info, renderer, announcer, on }) {
    Object.assign(this, { host, engine, info, renderer, announcer, on });
    this.mode = "play";
    this.refs = [];
    this.marked = [];
    this.match = null;
    this.wanted = "turn"; // whose view the author asked for: "turn" (the seat to act), null (spectator) or a seat
  }

  /** Open the lesson's position after step `step` (its move played). Refused, it throws the engine's reason. */
  async open(lesson, step) {
    if (this.match) this.match.destroy();
    const seats = Array.from({ length: lesson.players }, () => "human");
    const match = new Match({
      engine: this.engine, name: MATCH, info: this.info, renderer: this.renderer, seats, root: this.host,
      announcer: this.announcer, tableClass: "table studio-board", seesAll: true, botDelay: 0,
      played: (seat, action) => {
        this.wanted = "turn"; // after a move the board follows the turn again
        this.on.played(seat, action);
      },
      frame: () => this.frame(), drawn: () => this.drawn(),
    });
    this.match = match;
    try {
      await match.open("lesson_open", { lesson: boardLesson(lesson, step), step });
    } catch (err) {
      if (this.match !== match) return; // another step was opened meanwhile: this one's answer does not matter
      throw err;
    }
    if (this.match !== match) return;
    await match.start();
    await this.follow();
  }

  /** The seat on show now (null: the spectator). */
  get viewer() { return this.match ? this.match.viewer : null; }
  get view() { return this.match ? this.match.view : null; }

  /** Show the board as `who`: "turn" (whoever is to act, after every move), null (the spectator) or a seat. */
  async showAs(who) {
    this.wanted = who;
    await this.follow();
  }

  // "turn": the seat on show if it is to act, else the first seat to act (a finished game: the seat on show).
  async follow() {
    const m = this.match;
    if (!m || !m.view) return;
    const toAct = m.view.over ? [] : m.view.to_act;
    const want = this.wanted !== "turn" ? this.wanted : toAct.includes(m.viewer) || !toAct.length ? m.viewer : toAct[0];
    if (want !== m.viewer) await m.show(want);
  }

  setMode(mode) {
    this.mode = mode;
    if (this.frameRoot) this.frameRoot.dataset.mode = mode;
  }

  /** Light up `refs` on the board (and keep them lit across redraws). */
  setHighlight(refs) {
    this.refs = refs.slice();
    this.paint();
  }

  /** Mark the moves `actions` (the question's right answers) where the board offers them. */
  setMarked(actions) {
    this.marked = actions.map(actionKey);
    this.paint();
  }

  paint() {
    const table = this.table();
    if (!table) return;
    highlight(table, this.refs);
    const marked = new Set(this.marked);
    for (const node of table.querySelectorAll("[data-action]")) {
      let key = null;
      try { key = actionKey(JSON.parse(node.dataset.action)); } catch { /* not an action: left alone */ }
      node.classList.toggle("studio-right", marked.has(key));
    }
  }

  table() { return this.frameRoot ? this.frameRoot.querySelector(".studio-board") : null; }

  /** Every ref drawn on the board now: what a highlight of this view can name. */
  drawnRefs() {
    const table = this.table();
    return table ? [...new Set([...table.querySelectorAll("[data-ref]")].flatMap(refsOf))] : [];
  }

  // The table's frame: seats and turn line over the board; the error line and the score sheet under it; the log.
  frame() {
    const regions = new Regions();
    const board = el("div", { class: "studio-table" }, regions.slot("table"));
    board.addEventListener("click", (e) => this.intercept(e), true);
    const root = el("div", { class: "studio-match", dataset: { mode: this.mode } },
      el("div", { class: "sv-head studio-head" }, regions.slot("seats"), regions.slot("turn")),
      board, regions.slot("error"), regions.slot("outcome"),
      el("details", { class: "studio-log" }, el("summary", { text: "Game log" }), regions.slot("log")));
    this.frameRoot = root;
    this.host.replaceChildren(root);
    return { root, regions };
  }

  drawn() {
    this.paint();
    if (this.on.drawn) this.on.drawn();
  }

  // Capture phase, before the renderer's own handlers: in the highlight and answer modes a click is the author's
  // choice of a thing or of a right answer, not a move.
  intercept(e) {
    const table = this.table();
    if (!table || !table.contains(e.target)) return;
    const acting = e.target.closest("[data-action]");
    this.clicked = acting && table.contains(acting) ? { action: acting.dataset.action, text: label(acting) } : null;
    if (this.mode === "play") return;
    if (this.mode === "answer") {
      const node = e.target.closest("[data-action]");
      if (!node || !table.contains(node)) return; // a step toward a move goes on as usual
      e.preventDefault();
      e.stopPropagation();
      this.on.answer(JSON.parse(node.dataset.action), node);
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    const found = [];
    for (let node = e.target.closest("[data-ref]"); node && table.contains(node);
      node = node.parentElement && node.parentElement.closest("[data-ref]")) {
      for (const ref of refsOf(node)) if (!found.includes(ref)) found.push(ref);
    }
    if (found.length) this.on.refs(found, e.target.closest("[data-ref]"));
  }

  /** What the board said on the control that last committed `action` (its name for a person), or null. */
  labelOf(action) {
    const c = this.clicked;
    if (!c) return null;
    let same = false;
    try { same = actionKey(JSON.parse(c.action)) === actionKey(action); } catch { /* not an action: no label */ }
    return same ? c.text : null;
  }

  /** The position on the board in the game's notation (the engine writes it). */
  async position() {
    const got = await this.engine.call("position", { match: MATCH });
    return got.position;
  }

  destroy() {
    if (this.match) this.match.destroy();
    this.match = null;
  }
}
