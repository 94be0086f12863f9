// The post-game analysis in the replay viewer (web/viewer.js): the engine judges each decision of the seats this
// replay may show (docs/analysis.md), a slice at a time in the worker, while the reader keeps stepping through the
// replay. Then each marked move gets its mark beside it in the step list, the better move is drawn on the board at the
// step where it was decided, each seat gets a summary, and "Try it yourself" asks the reader to find a better move
// there (the engine judges any other move) or plays on from there.
//
// It never decides a rule or a value: the marks, losses and values are the engine's; the board is the renderer's,
// drawn with the better move as its only legal action (web/move-finder.js).
import { el } from "./dom.js";
import { ensureCss, highlight, makeUi } from "./board.js";
import { actionNodes, findMove } from "./move-finder.js";

const SLICE_MS = 200;
export const MARKS = {
  inaccuracy: { sign: "?!", word: "an inaccuracy" },
  mistake: { sign: "?", word: "a mistake" },
  blunder: { sign: "??", word: "a blunder" },
};
const PLURAL = { inaccuracy: "Inaccuracies", mistake: "Mistakes", blunder: "Blunders" };
const isSeat = (s) => Number.isInteger(s) && s >= 0;

// Test-only, like botBudget: analysisBudget=N sets the playouts a decision, so browser tests analyse in seconds. Read
// from the address the page opened with (a page such as My games rewrites its address).
const TEST_BUDGET = parseInt(new URLSearchParams(location.search).get("analysisBudget") ?? "", 10);
export function testBudget() {
  return TEST_BUDGET > 0 ? { budget: TEST_BUDGET } : {};
}

/** A loss or a value in the analysis's unit, for people. */
export function amount(x, unit) {
  return unit === "points" ? `${x.toFixed(1)} points` : `${x.toFixed(2)} winning chances`;
}

/** The words for the engine's verdict on a move tried (bridge try_move); `words`: the renderer's name for the move. */
function verdictText(v, words) {
  const move = `that move (${words})`;
  const lost = amount(v.loss, v.unit);
  if (v.reason === "best") return `Right: ${move} is the best move found.`;
  if (v.reason === "close") return `Right: ${move} is as good as the best move found.`;
  if (v.reason === "played") {
    return v.accepted ? "That is the move played in the game, and its loss earns no mark."
      : `That is the move played in the game: it lost ${lost}.`;
  }
  return v.accepted ? `Right: ${move} loses nothing the analysis can tell from the best move found.`
    : `Not quite: ${move} is ${MARKS[v.mark].word}, it loses ${lost}.`;
}

/** The analysis of one replay viewer's record. */
export class Analysis {
  constructor(viewer) {
    this.v = viewer;
    this.state = "idle"; // idle | running | done | cancelled | error
    this.decisions = new Map(); // ply -> decision
    this.plies = [];
    this.progress = 0;
    this.run = 0; // the run under way: a cancelled one takes nothing more from its answers
    this.trying = null; // {ply, answer?, checking?, progress?}: "Try it yourself" at that decision
    ensureCss("analysis");
  }

  /** The seats analysed: those whose view this replay may show, and only them (the bridge is asked for no other). */
  seats() { return (this.v.allowed || []).filter(isSeat); }

  record() {
    const { seats: _s, names: _n, ...clean } = this.v.record;
    return clean;
  }

  engine() { return this.v.engine(); }

  mark(state) {
    this.state = state;
    this.v.root.dataset.analysis = state;
    this.redraw();
  }

  // Drawn again now, unless the viewer is on its way to another step (its own draw then shows the news).
  redraw() {
    if (this.v.live || (this.v.stepView && this.v.root.dataset.step === String(this.v.index))) this.v.draw();
  }

  async start() {
    const seats = this.seats();
    if (!seats.length || this.state === "running") return;
    const run = ++this.run;
    this.decisions = new Map();
    this.summary = null;
    this.error = null;
    this.progress = 0;
    this.mark("running");
    try {
      const started = await this.engine().call("analyse_start", { record: this.record(), seats, ...testBudget() });
      if (run !== this.run) return;
      Object.assign(this, { plies: started.plies, total: started.total, unit: started.unit,
        thresholds: started.thresholds });
      for (;;) {
        const got = await this.engine().call("analyse_next", { ms: SLICE_MS });
        if (run !== this.run) return; // cancelled meanwhile: the answer is dropped
        for (const d of got.decisions) this.decisions.set(d.ply, d);
        this.progress = got.progress;
        this.done = got.done;
        if (got.over) { this.summary = got.summary; break; }
        // A slice that only moved the bar updates it in place: a Cancel button redrawn under the pointer every slice
        // would swallow the click whose press and release fell on either side of a redraw.
        if (got.decisions.some((d) => d.mark) || !this.tick()) this.redraw();
      }
      this.mark("done");
    } catch (err) {
      if (run !== this.run) return;
      this.error = err.message;
      this.mark("error");
    }
  }

  /** The progress line and bar on screen brought up to date; false when none is on screen (a redraw is needed). */
  tick() {
    if (!this.bar) return false;
    const { who, said, bar } = this.bar;
    const pct = String(Math.round(this.progress * 100));
    said.textContent = `Analysing ${who}: ${this.done ?? 0} of ${this.total ?? "…"} decisions `;
    bar.value = Number(pct);
    bar.dataset.analysisProgress = pct;
    return bar.isConnected;
  }

  cancel() {
    if (this.state !== "running") return;
    this.run++;
    this.engine().call("analyse_stop").catch(() => {});
    this.mark("cancelled");
  }

  /** The viewer is going away: nothing more is asked, and the bridge forgets the analysis. */
  stop() {
    if (this.state === "running") { this.run++; this.engine().call("analyse_stop").catch(() => {}); }
    this.trying = null;
  }

  marked() { return [...this.decisions.values()].filter((d) => d.mark).sort((a, b) => a.ply - b.ply); }

  // ---- the panel: Analyse, the progress bar and Cancel, then the summary and the marked moves ---------------------
  panel() {
    // A replay that may show nobody's cards (a shared link of a game with hidden hands) has nothing to analyse.
    const seats = this.seats();
    if (!seats.length) return null;
    const box = el("section", { class: "sv-analysis", "aria-label": "Analysis", dataset: { analysisPanel: "" } });
    const who = seats.map((s) => this.v.seatName(s)).join(", ");
    if (this.state === "running") {
      const said = el("span", {});
      const bar = el("progress", { max: "100" });
      this.bar = { who, said, bar };
      this.tick();
      box.append(el("div", { class: "an-progress" }, el("label", {}, said, bar),
        el("button", { type: "button", dataset: { nav: "analysis-cancel" }, onclick: () => this.cancel(),
          text: "Cancel" })));
      return box;
    }
    if (this.state !== "done") {
      box.append(el("button", { type: "button", class: "primary", dataset: { nav: "analyse" },
        onclick: () => this.start(), text: `Analyse ${who === "You" ? "your moves" : who}` }),
      el("span", { class: "hint", text: " The engine judges each decision, a little at a time: you can go on " +
        "stepping meanwhile." }));
      if (this.state === "cancelled") {
        box.append(el("p", { class: "hint", role: "status", text: "Analysis cancelled." }));
      }
      if (this.error) box.append(el("p", { class: "error", role: "alert", text: `Analysis failed: ${this.error}` }));
      return box;
    }
    box.append(this.summaryTable(), this.markList());
    return box;
  }

  summaryTable() {
    const cols = Object.keys(MARKS);
    return el("table", { class: "an-summary", dataset: { analysisSummary: "" } },
      el("caption", { text: `Analysis: loss in ${this.unit === "points" ? "expected points" : "winning chances"}` }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Seat" }), el("th", { scope: "col", text: "Moves" }),
        cols.map((m) => el("th", { scope: "col" }, el("span", { class: "an-word", text: `${PLURAL[m]} ` }),
          el("span", { class: "an-sign", text: MARKS[m].sign }))),
        el("th", { scope: "col", text: "Average loss" }))),
      el("tbody", {}, this.summary.seats.map((row) => el("tr", { dataset: { summarySeat: String(row.seat) } },
        el("th", { scope: "row", text: this.v.seatName(row.seat) }), el("td", { text: String(row.decisions) }),
        cols.map((m) => el("td", { dataset: { count: m }, text: String(row[m]) })),
        el("td", { dataset: { count: "mean_loss" }, text: amount(row.mean_loss, this.unit) })))));
  }

  markList() {
    const marked = this.marked();
    if (!marked.length) return el("p", { class: "hint", text: "No move was marked: well played." });
    return el("ol", { class: "an-marks", "aria-label": "Marked moves" }, marked.map((d) => el("li", {},
      el("button", { type: "button", dataset: { markedPly: String(d.ply) }, onclick: () => this.showBetter(d) },
        `Move ${d.ply}, ${this.v.seatName(d.seat)}: ${MARKS[d.mark].word.replace(/^an? /, "")} `,
        el("span", { class: `an-sign mark-${d.mark}`, "aria-hidden": "true", text: MARKS[d.mark].sign }),
        `, lost ${amount(d.loss, d.unit)}`))));
  }

  // ---- the step list and the caption -------------------------------------------------------------------------------
  /** The mark beside move `i` of the step list (its sign, and its word for screen readers), or null. */
  stepMark(i) {
    const d = this.decisions.get(i);
    if (!d || !d.mark) return null;
    return el("span", { class: `an-sign mark-${d.mark}`, dataset: { mark: d.mark }, title: d.mark },
      el("span", { "aria-hidden": "true", text: ` ${MARKS[d.mark].sign}` }),
      el("span", { class: "sr-only", text: ` (${d.mark})` }));
  }

  /** What the caption says about the move just made and the decision to come, at step `i`. */
  caption(i) {
    const parts = [];
    const made = this.decisions.get(i);
    if (made && made.mark) {
      parts.push(el("p", { class: "an-note", dataset: { markedMove: String(i) } },
        `Move ${i} by ${this.v.seatName(made.seat)} was ${MARKS[made.mark].word} (`,
        el("span", { class: `an-sign mark-${made.mark}`, text: MARKS[made.mark].sign }),
        `): it lost ${amount(made.loss, made.unit)}. `,
        el("button", { type: "button", dataset: { nav: "show-better" }, onclick: () => this.showBetter(made),
          text: "Show the better move" })));
    }
    const next = this.decisions.get(i + 1);
    if (next && next.mark) parts.push(this.betterNote(next));
    return parts.length ? el("div", { class: "an-caption" }, parts) : null;
  }

  betterNote(d) {
    const who = this.v.seatName(d.seat);
    const view = this.v.stepView;
    if (view.seat !== d.seat) {
      return el("p", { class: "an-note" }, `Here ${who} made ${MARKS[d.mark].word}. `,
        el("button", { type: "button", dataset: { nav: "show-better" }, onclick: () => this.showBetter(d),
          text: `See the better move from ${who === "You" ? "your" : `${who}'s`} view` }));
    }
    const t = this.trying && this.trying.ply === d.ply ? this.trying : null;
    if (t) return this.tryNote(d, t);
    const better = this.betterFound(d, view);
    return el("div", { class: "an-note", dataset: { betterNote: String(d.ply) } },
      el("p", {}, `Next, ${who} played ${this.words(d.played, view)}: ${MARKS[d.mark].word} (`,
        el("span", { class: `an-sign mark-${d.mark}`, text: MARKS[d.mark].sign }),
        `). The better move, drawn on the board: `, el("strong", { text: better.label }),
        ` (${this.valueText(d.best_value, d.unit)}, against ${this.valueText(d.played_value, d.unit)}).`),
      el("p", { class: "an-buttons" },
        el("button", { type: "button", class: "primary", dataset: { nav: "try-it" },
          onclick: () => { this.trying = { ply: d.ply }; this.v.draw(); }, text: "Try it yourself" }),
        el("button", { type: "button", dataset: { nav: "analysis-play-on" }, onclick: () => this.playOn(d),
          text: "Play on from here" })));
  }

  valueText(value, unit) {
    return unit === "points" ? `expected ${value.points.toFixed(1)} points`
      : `${value.chances.toFixed(2)} winning chances`;
  }

  /** Where the renderer draws `action` in `view`, and its words for it (web/move-finder.js), found once. */
  find(action, view) {
    this.found ??= new Map();
    const key = JSON.stringify([view.seat, view.log.length, this.v.index, action]);
    if (!this.found.has(key)) this.found.set(key, findMove(this.v.renderer, view, action, (s) => this.v.seatName(s)));
    return this.found.get(key);
  }

  words(action, view) { return this.find(action, view).label; }

  betterFound(d, view) { return this.find(d.best, view); }

  // ---- "Try it yourself" ------------------------------------------------------------------------------------------
  tryNote(d, t) {
    const who = this.v.seatName(d.seat);
    const stop = el("button", { type: "button", dataset: { nav: "try-stop" },
      onclick: () => { this.trying = null; this.v.draw(); }, text: "Show the answer" });
    if (t.checking) {
      return el("div", { class: "an-note an-try" }, el("p", { role: "status" }, "Judging your move… ",
        el("progress", { max: "100", value: String(Math.round((t.progress || 0) * 100)) })));
    }
    if (t.answer) {
      const { right, text } = t.answer;
      return el("div", { class: "an-note an-try" },
        el("p", { class: `sv-reply ${right ? "right" : "wrong"}`, role: "status",
          dataset: { answer: right ? "right" : "wrong" }, text }),
        el("p", { class: "an-buttons" }, el("button", { type: "button", dataset: { nav: "retry" },
          onclick: () => { this.trying = { ply: d.ply }; this.v.local = {}; this.v.draw(); },
          text: right ? "Try it again" : "Try again" }), stop,
        el("button", { type: "button", dataset: { nav: "analysis-play-on" }, onclick: () => this.playOn(d),
          text: "Play on from here" })));
    }
    return el("div", { class: "an-note an-try" },
      el("p", { class: "sv-prompt" }, el("strong", { text: "Your move: " }),
        `${who === "You" ? "you" : who} made ${MARKS[d.mark].word} here. Find a better move on the board.`),
      el("p", { class: "an-buttons" }, stop));
  }

  // The engine says whether the move is right (bridge try_move: at once from the analysis's decision when it can,
  // else after judging the move in slices); the page only shows its verdict.
  async tryMove(d, action) {
    const t = this.trying;
    if (!t || t.ply !== d.ply || t.checking || t.answer) return;
    const words = this.words(action, this.v.stepView);
    t.checking = true;
    t.progress = 0;
    try {
      let got;
      do {
        got = await this.engine().call("try_move",
          { record: this.record(), ply: d.ply, action, decision: d, ms: SLICE_MS, ...testBudget() });
        if (this.trying !== t) return;
        t.progress = got.progress;
        if (!got.verdict) this.redraw(); // judging: its progress bar moves
      } while (!got.verdict);
      t.answer = { right: got.verdict.accepted, text: verdictText(got.verdict, words) };
    } catch (err) {
      if (this.trying !== t) return;
      t.answer = { right: false, text: `That move could not be judged: ${err.message}` };
    } finally {
      t.checking = false;
    }
    this.v.draw();
  }

  showBetter(d) {
    if (this.seats().includes(d.seat) && this.v.viewer !== d.seat) this.v.viewer = d.seat;
    this.trying = null;
    return this.v.goTo(d.ply - 1);
  }

  playOn(d) {
    this.cancel(); // the live game takes the worker; an analysis under way would only slow its bots
    this.trying = null;
    this.v.index = d.ply - 1;
    const seats = Array.from({ length: this.v.record.players }, (_, s) => (s === d.seat ? "human" : "bot"));
    return this.v.playOn(seats).catch((e) => { this.v.error = e.message; this.v.draw(); });
  }

  // ---- the board ----------------------------------------------------------------------------------------------------
  /**
   * Draw the board of step `i` when a marked decision is made there from the view on show: the better move drawn
   * and highlighted (the renderer's steps toward it taken), or, while the reader tries, the seat's every legal move
   * to choose from. Returns the `ui` it drew with, or false when the viewer draws the step as usual.
   */
  render(board, view, i) {
    const d = this.decisions.get(i + 1);
    if (!d || !d.mark || view.seat !== d.seat || !(view.legal || []).length) return false;
    const seatName = (s) => this.v.seatName(s);
    const t = this.trying && this.trying.ply === d.ply ? this.trying : null;
    if (t && !t.answer && !t.checking) {
      const ui = makeUi({ act: (a) => this.tryMove(d, a), local: this.v.local, keep: this.v.keep,
        rerender: () => this.v.draw(), seatName });
      this.v.renderer.render(board, view, ui);
      board.dataset.trying = String(d.ply);
      return ui;
    }
    const found = this.betterFound(d, view);
    const ui = makeUi({ act: () => {}, local: found.local, keep: this.v.keep, seatName });
    // The better move drawn (alone when the renderer can: web/move-finder.js), lit; clicking does nothing.
    this.v.renderer.render(board, found.view || view, ui);
    const nodes = actionNodes(board, d.best);
    if (!nodes.length) highlight(board, found.stepRefs);
    for (const node of nodes) { node.classList.add("hl"); node.dataset.better = ""; }
    return ui;
  }
}
