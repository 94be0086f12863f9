// Small pieces every Studio form is built from: a labelled field with the line where the engine's word about it goes
// (the problem slot), a seat's name, a move written out for the author, a file download.
import { el } from "../dom.js";

let fields = 0;

/**
 * A labelled input (or textarea, or select) whose problems are said right under it. `path` names the lesson field
 * the engine's problems use ("comment", "question.prompt", "start.position"); `slots` collects {path: field}.
 * Returns the wrapper; `wrapper.input` is the control.
 */
export function field(label, control, { path = null, slots = null, hint = null, cls = "", scope = "step" } = {}) {
  // From its path when it has one: a panel drawn again gives the same control the same id, so the focus comes back
  // to it (web/keys.js restoreFocus finds controls by id).
  const id = path ? `studio-${scope}-${path.replace(/[^\w-]/g, "-")}` : `studio-field-${++fields}`;
  control.id = id;
  const problem = el("p", { class: "studio-problem", id: `${id}-problem`, hidden: true });
  const help = hint ? el("small", { class: "hint", id: `${id}-hint`, text: hint }) : null;
  control.setAttribute("aria-describedby", [help && help.id, problem.id].filter(Boolean).join(" "));
  const wrap = el("div", { class: `studio-field ${cls}`.trim(), dataset: path ? { field: path } : {} },
    el("label", { for: id, text: label }), control, help, problem);
  wrap.input = control;
  wrap.problem = problem;
  if (path && slots) slots[path] = wrap;
  return wrap;
}

/** Say `messages` under a field (none: clear it); the control is marked invalid while they stand. */
export function sayProblems(wrap, messages) {
  wrap.problem.hidden = !messages.length;
  wrap.problem.textContent = messages.join(" ");
  if (!/^(INPUT|TEXTAREA|SELECT)$/.test(wrap.input.tagName)) return; // a list or a group: its text says it
  if (messages.length) wrap.input.setAttribute("aria-invalid", "true");
  else wrap.input.removeAttribute("aria-invalid");
}

/** "Player 2", or "the spectator" for null: how the Studio names the seats to the author. */
export const seatLabel = (s) => (s === null || s === undefined ? "the spectator" : `Player ${s + 1}`);

/** A move for the author to read: its seat and the action's fields ("Player 1: place · card 3 · x 0 · y 1"). */
export function moveText(seat, action) {
  const parts = Object.entries(action || {}).map(([k, v]) => (k === "type" ? String(v)
    : `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`));
  return `${seat === null || seat === undefined ? "" : `${seatLabel(seat)}: `}${parts.join(" · ")}`;
}

/** A lesson's file name (its id): the id it has, else its title in lower-case words joined by "-". */
export function lessonId(lesson) {
  if (typeof lesson.id === "string" && /^[a-z0-9][a-z0-9-]*$/.test(lesson.id)) return lesson.id;
  const slug = String(lesson.title || "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "") || "lesson";
  return slug.startsWith(`${lesson.game}-`) ? slug : `${lesson.game}-${slug}`;
}

export { download } from "../download.js";

/** Copy `text` to the clipboard; resolves with what to tell the author. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied.";
  } catch {
    return "Select it and copy it (this browser did not let the page copy).";
  }
}

/** A button that shows a word of feedback beside it for a few seconds (Copied., Saved.). */
export function flash(node, text) {
  node.textContent = text;
  clearTimeout(node.flashTimer);
  node.flashTimer = setTimeout(() => { node.textContent = ""; }, 4000);
}
