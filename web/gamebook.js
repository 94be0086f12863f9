// A lesson's question as a gamebook: the reader moves on the board, the engine judges (bridge `lesson_answer`).
// A wrong move is shown with its explanation, then the opponent's reply when the lesson refutes it, then the position
// comes back for another try; a hint is there on request (and marked as used); after two wrong tries "Show solution"
// plays a move the question accepts. A right answer (or the solution) stays on the board until the reader steps on.
//
// It decides nothing: every verdict, explanation, reply and solution is the engine's, from the reader's seat's view.
import { el } from "./dom.js";
import { ensureCss } from "./board.js";
import { publicMove } from "./host.js";

const SOLUTION_AFTER = 2; // wrong tries before "Show solution" is offered

export class Gamebook {
  /** `viewer`: the step viewer (web/viewer.js) whose question this is: its engine calls, drawing and events. */
  constructor(viewer) {
    this.v = viewer;
    ensureCss("gamebook");
    this.reset();
  }

  // A fresh question (a step opened, "Try it again"); a sequence still playing is dropped.
  reset() {
    this.turn = (this.turn || 0) + 1; // a pending answer or pause of an earlier turn is ignored when it comes back
    this.phase = "ask"; // ask | checking | wrong | refute | right | solved
    this.answer = null;
    this.tries = 0;
    this.hinted = false;
    this.mark();
  }

  // The pause while a wrong move (then its refutation) is on the board: the bots' pace, at least long enough to read.
  pause(factor) {
    const ms = Math.max(0, this.v.botDelay) * factor;
    return new Promise((done) => setTimeout(done, ms));
  }

  /** The view the board shows instead of the question's own (null: the question's). */
  view() {
    if (!this.answer || this.phase === "ask" || this.phase === "checking") return null;
    return this.phase === "refute" ? this.answer.refute.view : this.answer.view;
  }

  /** Whether the board takes a move as an answer now. */
  playable() { return this.phase === "ask"; }

  mark() {
    const d = this.v.root.dataset;
    if (this.v.kind !== "lesson") { delete d.gamebook; delete d.tries; delete d.hintUsed; return; }
    d.gamebook = this.phase;
    d.tries = String(this.tries);
    if (this.hinted) d.hintUsed = ""; else delete d.hintUsed;
  }

  redraw() { this.mark(); this.v.draw(); }

  async play(action, solve = false) {
    if (!this.playable() || this.v.busy.count) return;
    const turn = this.turn, step = this.v.index;
    this.phase = "checking";
    this.redraw();
    let got;
    try {
      const asked = solve ? { solve } : { action };
      got = await this.v.call("lesson_answer", { lesson: this.v.lesson.source, step, ...asked });
    } catch (err) {
      if (turn !== this.turn) return;
      this.phase = "ask";
      this.v.error = err.message;
      this.redraw();
      return;
    }
    if (turn !== this.turn || this.v.index !== step) return;
    this.answer = got;
    if (got.right && !solve && this.v.reading) this.v.reading.solve(step); // a solution shown is not one solved
    if (!solve) {
      const told = publicMove(this.v.info, this.v.question().seat, action);
      this.v.emit("move", { step: this.v.number(step), right: got.right, ...told });
    }
    if (got.right) { this.phase = solve ? "solved" : "right"; this.redraw(); return; }
    if (got.illegal) { this.phase = "ask"; this.redraw(); return; } // not an answer, not a try
    this.tries += 1;
    this.phase = "wrong";
    this.redraw();
    await this.pause(2);
    if (turn !== this.turn) return;
    if (got.refute) {
      this.phase = "refute";
      this.redraw();
      await this.pause(4);
      if (turn !== this.turn) return;
    }
    this.restore();
  }

  // The position comes back for another try; the explanation (and the reply played) stay on show.
  restore() {
    if (this.phase !== "wrong" && this.phase !== "refute") return;
    this.turn += 1;
    this.phase = "ask";
    this.v.local = {};
    this.redraw();
  }

  // "Try again" once the position is back: the explanation goes, the tries and the hint stay counted.
  clear() {
    this.answer = null;
    this.v.local = {};
    this.redraw();
  }

  // "Try it again" after a right answer or the solution: the same question, fresh (the hint stays used).
  again() {
    const hinted = this.hinted;
    this.reset();
    this.hinted = hinted;
    this.v.local = {};
    this.redraw();
  }

  /** The question's box under the comment: prompt, hint, the engine's reply, and what the reader may do next. */
  box(q, text) {
    const ans = this.answer;
    const btn = (nav, label, onclick, cls) => el("button", { type: "button", class: cls, dataset: { nav }, onclick,
      text: label });
    const shownWrong = ans && !ans.right && this.phase !== "checking";
    const done = this.phase === "right" || this.phase === "solved";
    const last = this.v.index >= this.v.total;
    const reply = ans && this.phase !== "checking" ? el("p", {
      class: `sv-reply ${ans.right ? "right" : "wrong"}`, role: "status",
      dataset: { answer: this.phase === "solved" ? "solved" : ans.right ? "right" : "wrong",
        ...(Number.isInteger(ans.explained) ? { explained: String(ans.explained) } : {}) },
      text: text(ans.reply),
    }) : null;
    const said = (lines) => lines.map((line) => text(line)).join(" ");
    return el("div", { class: "sv-question gamebook" },
      el("p", { class: "sv-prompt" }, el("strong", { text: "Your move: " }), text(q.prompt)),
      q.hint && this.hinted ? el("p", { class: "gb-hint", dataset: { hint: "" } },
        el("strong", { text: "Hint: " }), text(q.hint)) : null,
      this.v.waking ? el("p", { class: "hint", dataset: { waking: "" },
        text: "Starting the rules engine to check your move (the first question on a page takes a few seconds)…",
      }) : null,
      this.phase === "checking" ? el("p", { class: "hint", text: "Checking your move…" }) : null,
      this.phase === "ask" && !this.v.asked ? el("p", { class: "hint", text: "Getting the board ready for your move…" })
        : null,
      this.phase === "solved" ? el("p", { class: "gb-solution", dataset: { solution: "" } },
        el("strong", { text: "Solution shown: " }), said(ans.said || [])) : null,
      reply,
      shownWrong && ans.refute && this.phase !== "wrong" ? el("p", { class: "gb-refute", dataset: { refute: "" } },
        el("strong", { text: "What follows: " }), said(ans.refute.said)) : null,
      this.phase === "wrong" || this.phase === "refute" ? el("p", { class: "hint", text: "Your position comes back in "
        + "a moment, for another try." }) : null,
      el("div", { class: "gb-actions" },
        q.hint && !this.hinted && !done ? btn("hint", "Hint", () => { this.hinted = true; this.redraw(); }) : null,
        q.hint && this.hinted ? el("span", { class: "gb-used", text: "Hint used" }) : null,
        shownWrong && this.phase !== "ask" ? btn("retry", "Try again now", () => this.restore()) : null,
        shownWrong && this.phase === "ask" ? btn("retry", "Try again", () => this.clear()) : null,
        this.tries >= SOLUTION_AFTER && this.phase === "ask"
          ? btn("solution", "Show solution", () => this.play(null, true)) : null,
        done ? btn("retry", "Try it again", () => this.again()) : null,
        done && !last ? btn("continue", "Next step ▶", () => this.v.next(), "primary") : null));
  }
}
