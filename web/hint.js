// A hint on request at the match page's table: the move the engine's analysis prefers for the person whose turn it is
// and whose view is on screen (never on the pass screen, never for another seat), drawn on the board — not played —
// with its expected value beside the best other move judged. It is found in the worker a slice at a time (bridge
// `hint`), so the page answers meanwhile and the person may move without waiting. `hints=0` (the lobby's choice, a
// deep link) switches hints off for a game between friends; the end screen says how many hints each seat used, and
// the count is kept with the save, so a resumed game keeps it.
import { el } from "./dom.js";
import { ensureCss, highlight } from "./board.js";
import { testBudget } from "./analysis-view.js";
import { actionNodes, findMove } from "./move-finder.js";

const SLICE_MS = 200;

/** The hints of one match: on or off, how many each seat used, and the one being found or shown. */
export class Hints {
  /** `saved`: what `save()` gave (a resumed game), checked here; anything else starts the count afresh. */
  constructor({ engine, players, on = true, saved = null, changed = () => {} }) {
    this.engine = engine;
    const ok = saved && typeof saved === "object" && typeof saved.on === "boolean" && Array.isArray(saved.used)
      && saved.used.length === players && saved.used.every((n) => Number.isInteger(n) && n >= 0);
    this.on = ok ? saved.on : on;
    this.used = ok ? saved.used.slice() : Array(players).fill(0);
    this.changed = changed;
    this.asking = null; // {at: the match's answer it is for, seat, progress}
    this.shown = null; // {at, seat, hint, best: findMove(...), other}
    ensureCss("analysis");
  }

  save() { return { on: this.on, used: this.used.slice() }; }

  /** Whether `match` shows a person the board of their own turn now: the only time a hint may be asked. */
  static may(match) {
    const view = match.view;
    return Boolean(view) && !match.frozen && !match.over && match.passTo === null && !match.thinking
      && view.seat === match.viewer && match.personToAct(view) && view.legal.length > 0;
  }

  async ask(match) {
    if (!this.on || !Hints.may(match) || this.asking) return;
    const at = match.answer;
    const seat = match.viewer;
    this.asking = { at, seat, progress: 0 };
    match.draw();
    try {
      let got;
      do {
        got = await this.engine.call("hint", { match: match.name, seat, ms: SLICE_MS, ...testBudget() });
        if (match.answer !== at || match.destroyed) return; // the game moved on: the hint is for a past position
        this.asking.progress = got.progress;
        match.draw();
      } while (!got.hint);
      const view = match.view;
      const name = (s) => match.seatName(s);
      const best = findMove(match.renderer, view, got.hint.best.action, name);
      const other = got.hint.alternative
        ? { ...got.hint.alternative, label: findMove(match.renderer, view, got.hint.alternative.action, name).label }
        : null;
      this.shown = { at, seat, hint: got.hint, best, other };
      // The board takes the steps toward the move (the card picked), so the move itself is drawn; nothing is played.
      if (best.found && Object.keys(best.local).length) match.local = best.local;
      this.used[seat]++;
      this.changed();
    } catch (err) {
      if (match.answer === at) this.shown = { at, seat, error: err.message };
    } finally {
      if (this.asking && this.asking.at === at) this.asking = null;
    }
    match.draw();
  }

  /** After each draw of the match page (its `drawn`): the Hint region, and the hint drawn on the board. */
  drawn(match, frame) {
    if (!frame.regions.has("hint")) return;
    frame.regions.put("hint", this.control(match));
    const shown = this.current(match);
    if (!shown || shown.error || !match.table) return;
    const nodes = actionNodes(match.table, shown.hint.best.action);
    if (!nodes.length) highlight(match.table, shown.best.stepRefs);
    for (const node of nodes) { node.classList.add("hl"); node.dataset.hinted = ""; }
  }

  current(match) {
    const s = this.shown;
    return s && s.at === match.answer && s.seat === match.viewer && Hints.may(match) ? s : null;
  }

  control(match) {
    if (!this.on || !Hints.may(match)) return null;
    const box = el("div", { class: "hint-box", dataset: { hintBox: "" } });
    const asking = this.asking && this.asking.at === match.answer ? this.asking : null;
    const shown = this.current(match);
    if (asking) {
      const pct = Math.round(asking.progress * 100);
      box.append(el("label", {}, "Finding a hint… ",
        el("progress", { max: "100", value: String(pct), dataset: { hintProgress: String(pct) } })));
    } else if (shown && shown.error) {
      box.append(el("p", { class: "error", role: "alert", text: `No hint: ${shown.error}` }));
    } else if (shown) {
      box.append(this.hintText(shown));
    } else {
      box.append(el("button", { type: "button", dataset: { hint: String(match.viewer) },
        title: "The move the engine prefers here, drawn on the board (not played)",
        onclick: () => this.ask(match), text: "Hint" }));
    }
    return box;
  }

  hintText({ hint, best, other }) {
    if (hint.forced) {
      return el("p", { class: "hint-text", role: "status", dataset: { hintShown: "" } },
        "Only one move is possible here: ", el("strong", { text: best.label }), ".");
    }
    const value = (v) => (hint.unit === "points" ? `expected ${v.points.toFixed(1)} points`
      : `${v.chances.toFixed(2)} winning chances`);
    return el("p", { class: "hint-text", role: "status", dataset: { hintShown: "" } },
      "Hint, drawn on the board: ", el("strong", { text: best.label }), ` (${value(hint.best)}).`,
      other ? ` Your best alternative: ${other.label} (${value(other)}).` : "");
  }

  /** The end screen's line (a list of none or one): hints used by each person, or that hints were off. */
  summary(match) {
    if (!this.on) return [el("p", { class: "hints-used", dataset: { hintsUsed: "off" }, text: "Hints were off." })];
    const people = match.humans;
    if (!people.length) return [];
    const said = people.map((s) => `${match.seatName(s)} ${this.used[s]}`).join(", ");
    return [el("p", { class: "hints-used", dataset: { hintsUsed: JSON.stringify(people.map((s) => this.used[s])) },
      text: `Hints used: ${said}.` })];
  }
}
