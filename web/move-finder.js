// Where a renderer draws one action: the post-game analysis draws the better move on the board and a hint shows the
// move it suggests, both without a rule of their own. The renderer is asked to draw the view with that one action
// legal (so nothing else is offered), off screen, and its steps toward an action (`[data-step]`: pick a card, turn a
// tile) are taken until the `[data-action]` of that action is drawn. What is found: the renderer's own words for the
// move (its accessible name), the steps' refs, and the `local` state under which the board draws the move itself.
import { el } from "./dom.js";
import { makeUi } from "./board.js";

const MAX_STEPS = 8;

/** The same action, whatever the order of its keys. */
export function sameAction(a, b) {
  const canon = (x) => JSON.stringify(x, Object.keys(x || {}).sort());
  return Boolean(a && b) && canon(a) === canon(b);
}

/** The `[data-action]` nodes under `root` that commit `action`. */
export function actionNodes(root, action) {
  return [...root.querySelectorAll("[data-action]")].filter((node) => {
    try { return sameAction(JSON.parse(node.dataset.action), action); } catch { return false; }
  });
}

/** A node's name for people: its aria-label, else its text, on one line, without the keys to press. */
function spoken(node) {
  return (node.getAttribute("aria-label") || node.textContent || "").replace(/\s+/g, " ")
    .replace(/,? *press (Enter|Space)[^,.;]*/gi, "").trim();
}

/** The action in words when the renderer offers none: its type, then its fields. */
export function actionWords(action) {
  const rest = Object.entries(action || {}).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return [String(action?.type ?? "move").replace(/_/g, " "), ...rest].join(", ");
}

/**
 * Draw `view` off screen with `action` its only legal move and step toward it. Returns {local, label, stepRefs,
 * found}: `local` is the renderer's UI state under which it draws the move (hand it to the board's `ui.local`),
 * `label` the move in the renderer's words (or `actionWords`), `stepRefs` the refs of what the steps picked.
 */
export function findMove(renderer, view, action, seatName) {
  const shown = { ...view, legal: (view.legal || []).filter((a) => sameAction(a, action)) };
  const local = {};
  const stepRefs = [];
  const taken = new Set();
  const ui = makeUi({ act: () => {}, local, keep: {}, rerender: () => {}, seatName });
  for (let i = 0; i <= MAX_STEPS; i++) {
    const root = el("div", { class: `table game-${view.game || ""}` });
    try { renderer.render(root, shown, ui); } catch { break; }
    const nodes = actionNodes(root, action);
    if (nodes.length) return { local, label: spoken(nodes[0]) || actionWords(action), stepRefs, found: true };
    const step = [...root.querySelectorAll("[data-step]")]
      .find((node) => !taken.has(`${node.dataset.step}|${node.dataset.ref || ""}`));
    if (!step) break;
    taken.add(`${step.dataset.step}|${step.dataset.ref || ""}`);
    if (step.dataset.ref) stepRefs.push(...step.dataset.ref.split(/\s+/).filter(Boolean));
    step.click();
  }
  return { local: {}, label: actionWords(action), stepRefs: [], found: false };
}
