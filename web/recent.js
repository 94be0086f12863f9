// What just happened, made visible: the board marks what the view's `recent` names (its refs: class `recent` on the
// [data-ref] elements that draw them) and, when more than one seat moved since the person's last decision, a line
// under the turn line tells it ("Bot 2 laid a card face down; Bot 3 took the Sea Snail"). Everything comes from the
// engine's view (docs/engine.md, Views): the refs and the words are what this seat may know, and nothing is worked
// out here. The marks stay while the view stays, so until the person acts (their own move starts a new `recent`).
// What is newly marked settles into place (web/motion.js).
import { refsOf } from "./board.js";
import { el } from "./dom.js";
import { settle } from "./motion.js";

const SEAT_REF = /^seat:/; // a seat's whole place: marked, but it does not move

/** The refs `view` says just changed (none on a view without `recent`: an old save's step, a lesson position). */
export const recentRefs = (view) => (view && view.recent ? view.recent.refs : []);

/** The summary's text when more than one seat moved (else ""): the moves' lines in order, seats named. */
export function recentSummary(view, nameSeats) {
  const moves = view && view.recent ? view.recent.moves : [];
  const seats = new Set(moves.map((m) => m.seat).filter((s) => s !== null && s !== undefined));
  if (seats.size < 2) return "";
  return `${moves.map((m) => nameSeats(m.text)).join("; ")}.`;
}

/**
 * Mark exactly the [data-ref] elements inside `board` that draw one of `refs` (class `recent`; the rest cleared, as
 * an in-place redraw keeps nodes), and return the marked elements whose refs were not marked in the last drawing
 * (`before`, a Set), innermost only: a tile's new card moves, not the whole tile.
 */
export function markRecent(board, refs, before = new Set()) {
  const want = new Set(refs);
  const fresh = [];
  for (const node of board.querySelectorAll("[data-ref]")) {
    const mine = refsOf(node).filter((r) => want.has(r));
    node.classList.toggle("recent", mine.length > 0);
    if (mine.some((r) => !before.has(r) && !SEAT_REF.test(r))) fresh.push(node);
  }
  return fresh.filter((node) => !fresh.some((other) => other !== node && node.contains(other)));
}

/**
 * One table's marks across its draws: `draw(board, frame, view, nameSeats)` after the board is on the page (marks,
 * the summary line after the turn line, motion for what is new); `clear(frame)` for a screen without the board (the
 * pass screen shows nothing of the last seat's view).
 */
export class RecentMarks {
  constructor() { this.shown = new Set(); this.seat = undefined; }

  draw(board, frame, view, nameSeats) {
    const refs = recentRefs(view);
    // Only what was not marked on this seat's last drawing moves: a redraw of the same view (a click that picks a
    // card) moves nothing, and a second bot's move after a pause moves only its own piece.
    settle(markRecent(board, refs, view.seat === this.seat ? this.shown : new Set()));
    this.seat = view.seat;
    this.shown = new Set(refs);
    this.line(frame, recentSummary(view, nameSeats));
  }

  clear(frame) {
    this.seat = undefined;
    this.shown = new Set();
    this.line(frame, "");
  }

  // The summary sits right after the turn line (frame.turn), in the frame the match keeps across draws.
  line(frame, text) {
    if (!frame.turn) return;
    if (!text) { if (frame.recentLine) frame.recentLine.remove(); frame.recentLine = null; return; }
    if (!frame.recentLine) frame.recentLine = el("p", { class: "recent-line" });
    if (frame.recentLine.textContent !== text) frame.recentLine.textContent = text;
    if (frame.turn.nextSibling !== frame.recentLine) frame.turn.after(frame.recentLine);
  }
}
