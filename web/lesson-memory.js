// What a reader has done in a lesson, kept in this browser's localStorage: the step they were on and the questions
// they answered right, so a reload resumes there and the Learn pages can tick the lessons they finished. One entry per
// lesson id, holding the lesson's content hash (written by the lesson compiler): an edited lesson has another hash
// and starts fresh, and its entry replaces the old one. Storage that is full, disabled or holds something that is not
// an entry of ours changes nothing: the lesson opens at its start, as if never read.
import { el } from "./dom.js";

const PREFIX = "shoal.lesson.v1.";

/** The lesson's fingerprint: the compiler's hash; a compiled lesson from an older build has none, so its text's. */
export function lessonHash(L) {
  if (typeof L.hash === "string" && L.hash) return L.hash;
  const text = JSON.stringify(L.source ?? L.steps);
  let a = 0x811c9dc5, b = 0x1b873593;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 2654435761);
  }
  return `js${(a >>> 0).toString(16).padStart(8, "0")}${(b >>> 0).toString(16).padStart(8, "0")}`;
}

// One entry per id (a lesson without one, such as a draft pasted into a page, shares one): an edit replaces it.
const keyOf = (id) => PREFIX + (id ? String(id) : "#no-id");

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}

function write(key, entry) {
  try { localStorage.setItem(key, JSON.stringify(entry)); } catch { /* storage full or refused: not remembered */ }
}

/** The stored entry for this version of the lesson, checked against its steps; null if there is none (or not ours). */
function recall(key, hash, steps, asks) {
  const e = read(key);
  if (!e || typeof e !== "object" || e.hash !== hash) return null;
  const inRange = (n) => Number.isInteger(n) && n >= 0 && n < steps;
  if (!inRange(e.step) || !inRange(e.reached) || !Array.isArray(e.solved)) return null;
  const solved = new Set(e.solved.filter((n) => asks.includes(n)));
  return { step: e.step, reached: Math.max(e.step, e.reached), solved };
}

/** Whether the reader finished this lesson (from lessons/index.json's entry: id, hash, steps): every step seen, every
    question solved, in this version of the lesson. */
export function finished(entry) {
  const e = read(keyOf(entry.id));
  return !!(e && e.hash === entry.hash && e.finished === true);
}

/**
 * One board's reading of one lesson. Steps are the viewer's indexes (from 0); `progress` speaks the page's numbering
 * (from 1, like the board's counter). `keepStep` false: the page chose where the board opens (`step`, `question`), so
 * the board does not move the remembered step (its solved questions still count).
 */
export class Reading {
  constructor(L, { keepStep = true, emit = () => {} } = {}) {
    this.hash = lessonHash(L);
    this.key = keyOf(L.id);
    this.steps = L.steps.length;
    this.asks = L.steps.flatMap((s, i) => (s.question ? [i] : []));
    this.keepStep = keepStep;
    this.emit = emit;
    const got = recall(this.key, this.hash, this.steps, this.asks);
    this.resumeAt = got ? got.step : null; // where a board that keeps the step opens
    this.step = got ? got.step : 0;
    this.reached = got ? got.reached : 0;
    this.solved = got ? got.solved : new Set();
  }

  get finished() { return this.reached === this.steps - 1 && this.asks.every((i) => this.solved.has(i)); }

  /** What the page hears: {step, steps, questions, solved, finished}. */
  get progress() {
    return { step: this.step + 1, steps: this.steps, questions: this.asks.length, solved: this.solved.size,
      finished: this.finished };
  }

  at(index) {
    if (!this.keepStep && index === this.step) return;
    this.step = index;
    this.reached = Math.max(this.reached, index);
    this.save();
  }

  solve(index) {
    if (this.solved.has(index)) return;
    this.solved.add(index);
    this.save();
  }

  restart() {
    this.step = 0;
    this.reached = 0;
    this.solved = new Set();
    try { localStorage.removeItem(this.key); } catch { /* nothing was kept */ }
    this.emit("progress", this.progress);
  }

  save() {
    // A board the page placed keeps the stored step as it was (another board of the page may be reading it), and
    // where nothing is stored yet that step is the lesson's start: never the placed board's own.
    const kept = this.keepStep ? null : recall(this.key, this.hash, this.steps, this.asks);
    const solved = new Set([...this.solved, ...(kept ? kept.solved : [])]);
    this.solved = solved;
    const step = this.keepStep ? this.step : kept ? kept.step : 0;
    write(this.key, { hash: this.hash, step,
      reached: Math.max(this.reached, kept ? kept.reached : 0), solved: [...solved].sort((a, b) => a - b),
      finished: this.finished });
    queueMicrotask(() => this.emit("progress", this.progress)); // after the board's own "step" or "move" event
  }

  /** "2 of 3 questions solved" and "Start again" (once there is something to forget). */
  line(startAgain) {
    const n = this.asks.length;
    const said = n ? `${this.solved.size} of ${n} question${n === 1 ? "" : "s"} solved` : "";
    const any = this.solved.size > 0 || this.reached > 0;
    if (!said && !any) return null;
    return el("p", { class: "sv-progress-line", dataset: { progress: this.finished ? "finished" : "" } },
      this.finished ? el("span", { class: "sv-done", text: "✓ Finished. " }) : null,
      said ? el("span", { dataset: { solved: String(this.solved.size) }, text: said }) : null,
      any ? el("button", { type: "button", dataset: { nav: "start-again" }, onclick: startAgain,
        text: "Start again" }) : null);
  }
}
