// The Studio's editor: one draft lesson, its steps on the real board. The author plays moves (each one a new step),
// writes each step's comment, clicks what to light up, chooses whose view the reader gets, and turns a step into a
// question; every change is kept in the browser at once (web/studio/drafts.js) and checked by the engine a moment
// later (lesson_check), its problems said next to the field they are about.
//
// The draft's lesson is the one truth: the board is the engine's position after the current step's move (the bridge
// match "studio", web/studio/table.js), opened again whenever the moves before it change.
import { captureFocus, loadRenderer, restoreFocus } from "../board.js";
import { el } from "../dom.js";
import { keyOf, patchChildren } from "../redraw.js";
import * as drafts from "./drafts.js";
import { moveText, sayProblems, seatLabel } from "./fields.js";
import { lessonPanel } from "./lesson-panel.js";
import { publishBar } from "./publish.js";
import { stepPanel } from "./step-panel.js";
import { AuthorTable, actionKey } from "./table.js";

const CHECK_DELAY = 300; // ms after the last keystroke: the engine checks the lesson once the author pauses

export class Editor {
  /** ctx: {engine, games, info(id), announcer, busy, home()} — the page's engine and helpers. */
  constructor(screen, ctx, draft) {
    this.screen = screen;
    this.ctx = ctx;
    this.draft = draft;
    this.info = ctx.info(draft.lesson.game);
    this.current = 0;
    this.mode = "play";
    this.problems = [];
    this.checked = 0; // the number of the last check asked for (an older answer is dropped)
    this.slots = {}; // the current step's fields by lesson path (web/studio/fields.js)
    this.lessonSlots = {}; // the lesson's own fields
    this.conditions = null; // lesson_conditions of this game, once asked
  }

  get lesson() { return this.draft.lesson; }
  get step() { return this.lesson.steps[this.current]; }

  async start() {
    this.renderer = await loadRenderer(this.info.id);
    this.layout();
    this.table = new AuthorTable({
      host: this.boardHost, engine: this.ctx.engine, info: this.info, renderer: this.renderer,
      announcer: this.ctx.announcer,
      on: {
        played: (seat, action) => this.played(seat, action),
        refs: (refs) => this.refsClicked(refs),
        answer: (action) => this.answerClicked(action),
        drawn: () => this.boardDrawn(),
      },
    });
    this.drawAll();
    await this.openBoard();
    this.check();
  }

  // ---- the page -------------------------------------------------------------------------------------------------
  layout() {
    this.saved = el("span", { class: "studio-saved", role: "status" });
    this.title = el("input", {
      type: "text", class: "studio-title", dataset: { studio: "title" }, maxlength: 120, value: this.lesson.title,
      placeholder: "The lesson's title", "aria-label": "Lesson title",
      oninput: (e) => this.change(() => { this.lesson.title = e.target.value; }),
    });
    this.titleProblem = el("p", { class: "studio-problem", hidden: true, id: "studio-title-problem" });
    this.title.setAttribute("aria-describedby", this.titleProblem.id);
    this.summaryLine = el("div", { class: "studio-summary", role: "status", dataset: { studio: "problems" } });
    this.publish = publishBar(this);
    this.modeBox = this.modeTools();
    this.refStrip = el("div", { class: "studio-refs", dataset: { studio: "refs-here" } });
    this.boardHost = el("div", { class: "studio-board-host" });
    this.position = this.positionBox();
    this.stepsBox = el("section", { class: "studio-steps", "aria-labelledby": "studio-steps-title" });
    this.stepBox = el("section", { class: "studio-step", "aria-labelledby": "studio-step-title" });
    this.lessonBox = el("div", { class: "studio-lesson-box" });
    this.screen.replaceChildren(el("div", { class: "studio-editor" },
      el("div", { class: "studio-bar" },
        el("a", { href: "studio.html", class: "studio-back", dataset: { studio: "drafts" },
          onclick: (e) => { e.preventDefault(); this.ctx.home(); }, text: "← All drafts" }),
        el("div", { class: "studio-title-box" }, this.title, this.titleProblem),
        this.saved),
      this.publish.node,
      this.summaryLine,
      el("div", { class: "studio-work" },
        el("section", { class: "studio-stage", "aria-label": "The board" },
          this.modeBox, this.refStrip, this.boardHost, this.position),
        el("div", { class: "studio-panel" }, this.stepsBox, this.stepBox, this.lessonBox))));
  }

  drawAll() {
    this.drawSteps();
    this.drawStep();
    this.drawLesson();
  }

  // What a click on the board does, and whose view the board shows.
  modeTools() {
    const modes = [
      ["play", "Play a move", "each move makes a new step"],
      ["highlight", "Highlight", "click what to light up"],
      ["answer", "Right answers", "click the moves that answer the question"],
    ];
    this.modeInputs = {};
    this.seatSelect = el("select", { dataset: { studio: "seat" }, onchange: (e) => {
      const v = e.target.value;
      this.table.showAs(v === "" ? null : +v);
    } });
    return el("div", { class: "studio-tools" },
      el("fieldset", { class: "studio-modes" }, el("legend", { text: "A click on the board" }),
        modes.map(([value, label, hint]) => el("label", { class: "studio-mode", title: hint },
          (this.modeInputs[value] = el("input", { type: "radio", name: "studio-mode", value,
            dataset: { studioMode: value }, checked: value === this.mode, onchange: () => this.setMode(value) })),
          ` ${label}`))),
      el("label", { class: "studio-seat" }, "Board seen by ", this.seatSelect));
  }

  /** Change what a click on the board does; the board then shows the view that mode needs (modeSeat). */
  setMode(mode) {
    const was = this.mode;
    this.syncMode(mode);
    if (this.mode !== was && this.table) this.table.showAs(this.modeSeat());
  }

  /** Show the board as the mode needs it again (the reader's seat or the question's changed). */
  refollow() { if (this.table) this.table.showAs(this.modeSeat()); }

  syncMode(mode = this.mode) {
    if (mode === "answer" && !this.step.question) mode = "play";
    this.mode = mode;
    for (const [value, input] of Object.entries(this.modeInputs)) input.checked = value === mode;
    this.modeInputs.answer.disabled = !this.step.question;
    if (this.table) this.table.setMode(mode);
    if (mode !== "highlight") this.refStrip.replaceChildren();
  }

  // A highlight may name only what the reader's board draws, and a question's moves are its seat's: the board shows
  // that view; to play a move, the view of the seat to act.
  modeSeat() {
    if (this.mode === "answer") return this.step.question.seat;
    return this.mode === "highlight" ? this.readerSeat() : "turn";
  }

  /** Whose view the reader gets at the current step (as the engine decides it: shoal.lessons Lesson.viewer). */
  readerSeat(step = this.step) {
    if ("viewer" in step) return step.viewer;
    if (step.question) return step.question.seat;
    return this.lesson.viewer ?? null;
  }

  fillSeats() {
    const players = this.lesson.players;
    const viewer = this.table.viewer;
    this.seatSelect.replaceChildren(el("option", { value: "", selected: viewer === null, text: "the spectator" }),
      ...Array.from({ length: players },
        (_, s) => el("option", { value: s, selected: viewer === s, text: seatLabel(s) })));
  }

  // The position on the board written in the game's notation, for the author to copy (and to start another lesson
  // from); asked of the engine only while the box is open.
  positionBox() {
    this.positionText = el("textarea", { readonly: true, rows: 2, class: "studio-notation",
      dataset: { studio: "position-out" }, "aria-label": "This position in the game's notation" });
    const box = el("details", { class: "studio-position", ontoggle: () => { if (box.open) this.fetchPosition(); } },
      el("summary", { text: "This position in the game's notation" }),
      el("p", { class: "hint", text: "Paste it into “Start from a position” to begin a lesson here." }),
      this.positionText);
    return box;
  }

  async fetchPosition() {
    if (!this.position.open) return;
    try {
      this.positionText.value = await this.table.position();
    } catch (err) {
      this.positionText.value = `(${err.message})`;
    }
  }

  boardDrawn() {
    this.fillSeats();
    clearTimeout(this.positionTimer);
    this.positionTimer = setTimeout(() => this.fetchPosition(), 100);
    if (this.onDrawn) this.onDrawn();
  }

  // ---- the steps ------------------------------------------------------------------------------------------------
  // A panel drawn again gives the focus back to the same control (its id or data-focus-key), else to its heading.
  redrawn(box, build) {
    const focus = captureFocus(box);
    build();
    if (focus) restoreFocus(box, focus, { fallback: box.querySelector("h2") || box });
  }

  drawSteps() { this.redrawn(this.stepsBox, () => this.fillSteps()); }

  // The list is patched, not built again: the step list is drawn again when a comment loses the focus, which is
  // when the author presses "Add step" or another step; a button replaced under the pointer would lose that click.
  fillSteps() {
    const problemsAt = new Set(this.problems.map((p) => p.step).filter((s) => s !== null));
    if (!this.stepsParts) {
      const parts = {
        title: el("h2", { id: "studio-steps-title" }),
        list: el("ol", { class: "studio-step-list" }),
        remove: el("button", { type: "button", dataset: { studio: "delete-step" }, onclick: () => this.deleteStep(),
          text: "Delete this step" }),
      };
      this.stepsBox.replaceChildren(parts.title, parts.list,
        el("div", { class: "studio-step-tools" },
          el("button", { type: "button", dataset: { studio: "add-step" }, onclick: () => this.addStep(),
            text: "Add step", title: "A new step after this one, at the same position (no move)" }),
          parts.remove),
        el("p", { class: "hint", text: "Playing a move on the board adds a step after this one." }));
      this.stepsParts = parts;
    }
    const { title, list, remove } = this.stepsParts;
    title.textContent = `Steps (${this.lesson.steps.length})`;
    remove.disabled = this.lesson.steps.length < 2;
    patchChildren(list, this.lesson.steps.map((step, i) => {
      const words = step.comment.trim() || (step.move ? this.describe(step.move[0], step.move[1]) : "The start");
      const current = i === this.current;
      return [keyOf(i, words, current, Boolean(step.question), problemsAt.has(i)), () => el("li",
        { class: current ? "current" : "" },
        el("button", {
          type: "button", dataset: { studioStep: String(i), focusKey: `step-${i}` },
          "aria-current": current ? "step" : null,
          onclick: () => this.goTo(i),
        }, el("span", { class: "studio-step-n", text: `${i + 1}` }),
        step.question ? el("b", { class: "studio-q-mark", text: "?", title: "a question" }) : null,
        problemsAt.has(i)
          ? el("span", { class: "studio-warn-mark", text: "!", title: "the engine refuses something here" }) : null,
        el("span", { class: "studio-step-words", text: words.length > 70 ? `${words.slice(0, 70)}…` : words })))];
    }));
  }

  drawStep() {
    this.slots = {};
    this.redrawn(this.stepBox, () => this.stepBox.replaceChildren(...stepPanel(this)));
    this.syncMode();
    this.table && this.table.setHighlight(this.step.highlight || []);
    this.table && this.table.setMarked(Array.isArray(this.step.question?.accept) ? this.step.question.accept : []);
    this.showProblems();
  }

  drawLesson() {
    this.lessonSlots = {};
    this.redrawn(this.lessonBox, () => this.lessonBox.replaceChildren(lessonPanel(this)));
    this.showProblems();
  }

  async goTo(i) {
    this.current = Math.max(0, Math.min(this.lesson.steps.length - 1, i));
    this.refStrip.replaceChildren();
    this.drawSteps();
    this.drawStep();
    await this.openBoard();
  }

  async openBoard() {
    const at = this.current;
    try {
      this.table.wanted = this.modeSeat();
      await this.ctx.busy.run(() => this.table.open(this.lesson, at));
      if (this.current !== at) return;
    } catch (err) {
      if (this.current !== at) return;
      this.boardHost.replaceChildren(el("p", { class: "error", role: "alert", dataset: { studio: "board-error" },
        text: `The board cannot show step ${at + 1}: ${err.message}` }));
    }
  }

  // A move played on the board: a new step after the current one, at the position the move made (the board is there
  // already: nothing to open again).
  played(seat, action) {
    this.keepLabel(seat, action);
    const at = this.current + 1;
    this.lesson.steps.splice(at, 0, { move: [seat, action], comment: "" });
    this.current = at;
    this.change(null, { steps: true, step: true });
    this.ctx.announcer.node.textContent = `Step ${at + 1} added: ${this.describe(seat, action)}.`;
  }

  addStep() {
    const at = this.current + 1;
    this.lesson.steps.splice(at, 0, { comment: "" });
    this.current = at;
    this.change(null, { steps: true, step: true });
    this.focusComment();
  }

  deleteStep() {
    if (this.lesson.steps.length < 2) return;
    this.lesson.steps.splice(this.current, 1);
    this.current = Math.min(this.current, this.lesson.steps.length - 1);
    // The board opens again at the step the author is now on (without the deleted move, if it had one).
    this.change(null, { steps: true, step: true, board: true });
  }

  focusComment() {
    const box = this.stepBox.querySelector("[data-studio=comment]");
    if (box) box.focus();
  }

  // ---- highlights and right answers clicked on the board ------------------------------------------------------------
  // The innermost thing under the click is toggled at once; the strip above the board offers every thing drawn
  // there (a square, its card, its row and column), each to toggle.
  refsClicked(refs) {
    this.toggleRef(refs[0]);
    this.refStrip.replaceChildren(el("span", { class: "hint", text: "Drawn here: " }),
      ...refs.map((ref) => {
        const on = () => (this.step.highlight || []).includes(ref);
        const b = el("button", { type: "button", class: "studio-ref", dataset: { studioRef: ref },
          "aria-pressed": String(on()), text: ref,
          onclick: () => { this.toggleRef(ref); b.setAttribute("aria-pressed", String(on())); } });
        return b;
      }));
  }

  toggleRef(ref) {
    this.change(() => {
      const now = this.step.highlight || [];
      const next = now.includes(ref) ? now.filter((r) => r !== ref) : [...now, ref];
      if (next.length) this.step.highlight = next;
      else delete this.step.highlight;
    }, { step: true });
  }

  answerClicked(action) {
    const q = this.step.question;
    if (!q) return;
    this.keepLabel(q.seat, action);
    this.change(() => {
      const list = Array.isArray(q.accept) ? q.accept : [];
      const key = actionKey(action);
      q.accept = list.some((a) => actionKey(a) === key) ? list.filter((a) => actionKey(a) !== key) : [...list, action];
    }, { step: true });
  }

  // The words the board showed on the control the author clicked for a move, kept with the draft (never in the
  // lesson): the step list and the question's answers read better as "Row 2, column 1: place 5 Boat here face up"
  // than as the action's fields.
  keepLabel(seat, action) {
    const text = this.table.labelOf(action);
    if (text) (this.draft.labels ||= {})[`${seat}|${actionKey(action)}`] = text;
  }

  /** A move as the author should read it: the board's words for it when they clicked it, else its fields. */
  describe(seat, action) {
    const text = this.draft.labels && this.draft.labels[`${seat}|${actionKey(action)}`];
    return text ? `${seatLabel(seat)}: ${text}` : moveText(seat, action);
  }

  // ---- changes, saving, checking --------------------------------------------------------------------------------
  /**
   * Apply `fn` to the lesson (if given), keep the draft, and ask for a check. What must be drawn again: `steps` (the
   * list), `step` (the current step's panel), `lesson` (the lesson's settings), `board` (the moves before the current
   * step changed: the board opens again).
   */
  change(fn, { steps = false, step = false, lesson = false, board = false } = {}) {
    if (fn) fn();
    this.save();
    if (steps) this.drawSteps();
    if (step) this.drawStep();
    if (lesson) this.drawLesson();
    if (board) this.openBoard();
    this.scheduleCheck();
  }

  save() {
    const why = drafts.save(this.draft);
    this.saved.textContent = why ? `Not saved: ${why}.` : "Saved in this browser";
    this.saved.classList.toggle("warn", Boolean(why));
  }

  scheduleCheck() {
    clearTimeout(this.checkTimer);
    this.checked += 1; // a check still running judges the lesson as it was: its answer is dropped
    this.ctx.pending("check", true);
    this.checkTimer = setTimeout(() => this.check(), CHECK_DELAY);
  }

  async check() {
    clearTimeout(this.checkTimer);
    const n = ++this.checked;
    const lesson = structuredClone(this.lesson);
    let problems;
    try {
      const got = await this.ctx.busy.run(() => this.ctx.engine.call("lesson_check", { lesson }));
      problems = got.problems;
    } catch (err) {
      problems = [{ step: null, field: "lesson", message: err.message }];
    }
    if (n !== this.checked) return;
    this.ctx.pending("check", false);
    this.problems = problems.map(normalProblem);
    this.drawSteps();
    this.showProblems();
  }

  // Each problem next to its field (the current step's, or the lesson's), and all of them counted at the top.
  showProblems() {
    const mine = (p) => p.step === this.current;
    const byField = (slots, pick) => {
      const said = new Map(Object.keys(slots).map((k) => [k, []]));
      const loose = [];
      for (const p of this.problems.filter(pick)) {
        const path = nearestPath(p.field, Object.keys(slots));
        if (path) said.get(path).push(p.message);
        else loose.push(p.message);
      }
      for (const [k, messages] of said) sayProblems(slots[k], messages);
      return loose;
    };
    const stepLoose = byField(this.slots, mine);
    const lessonLoose = byField(this.lessonSlots, (p) => p.step === null && p.field !== "title");
    const titles = this.problems.filter((p) => p.step === null && p.field === "title").map((p) => p.message);
    this.titleProblem.hidden = !titles.length;
    this.titleProblem.textContent = titles.join(" ");
    const stepOther = this.stepBox.querySelector(".studio-step-problems");
    if (stepOther) {
      stepOther.replaceChildren(...stepLoose.map((m) => el("li", { text: m })));
      stepOther.hidden = !stepLoose.length;
    }
    const lessonOther = this.lessonBox.querySelector(".studio-lesson-problems");
    if (lessonOther) {
      lessonOther.replaceChildren(...lessonLoose.map((m) => el("li", { text: m })));
      lessonOther.hidden = !lessonLoose.length;
    }
    this.drawSummary();
  }

  drawSummary() {
    const n = this.problems.length;
    this.summaryLine.dataset.count = String(n);
    if (!n) {
      this.summaryLine.replaceChildren(el("span", { class: "studio-ok", text: "The engine accepts this lesson." }));
      return;
    }
    const where = [...new Set(this.problems.map((p) => p.step))];
    this.summaryLine.replaceChildren(
      el("span", { class: "studio-bad", text: `${n} problem${n === 1 ? "" : "s"} to fix before readers can use it: ` }),
      ...where.map((s) => (s === null
        ? el("span", { class: "studio-where", text: "the lesson's settings" })
        : el("button", { type: "button", class: "studio-where", dataset: { studioGo: String(s) },
          onclick: () => this.goTo(s), text: `step ${s + 1}` }))));
  }

  destroy() {
    clearTimeout(this.checkTimer);
    clearTimeout(this.positionTimer);
    if (this.table) this.table.destroy();
  }
}

// The engine names a field "question.accept[1]" or "highlight[0]"; the editor's fields are "question.accept",
// "highlight": the longest path of the editor's that the problem's field starts with.
function nearestPath(field, paths) {
  const clean = String(field || "").replace(/\[\d+\]/g, "");
  let best = null;
  for (const p of paths) {
    if ((clean === p || clean.startsWith(`${p}.`)) && (!best || p.length > best.length)) best = p;
  }
  return best;
}

// A problem as the editor keeps it: `step` counted from 0 (the engine counts from 1, as its messages do; null: the
// lesson's own fields), `message` the reason alone (the field it is said beside names the rest).
function normalProblem(p) {
  const step = Number.isInteger(p.step) ? p.step - 1 : null;
  return { step, field: String(p.field || ""), message: String(p.message || "") };
}
