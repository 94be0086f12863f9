// Where a renderer draws one action: the post-game analysis draws the better move on the board and a hint shows the
// move it suggests, both without a rule of their own. The renderer draws the view off screen, first with that move as
// its only legal one (the clearest drawing), else with every legal move (a renderer may lay out its controls from all
// of them), and its steps toward an action (`[data-step]`: pick a card, turn a tile) are taken until the
// `[data-action]` of that action is drawn. What is found: the renderer's own words for the move (its accessible
// name), the steps' refs, the view to draw it from and the `local` state under which the board draws the move itself;
// the page then marks that one move.
import { el } from "./dom.js";
import { makeUi } from "./board.js";
import { canonical } from "./saved.js";

const MAX_STEPS = 3; // steps toward one action (pick a card, pick a tile, turn it)
const MAX_DRAWS = 60; // boards drawn off screen in the search, at most

/** The same action, whatever the order of its keys. */
export function sameAction(a, b) {
  return Boolean(a && b) && canonical(a) === canonical(b);
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
    .replace(/,? *press (Enter|Space)[^,.;]*/gi, "").replace(/[\s;:,]+$/, "").trim();
}

/** The action in words when the renderer offers none: its type, then its fields. */
export function actionWords(action) {
  const rest = Object.entries(action || {}).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return [String(action?.type ?? "move").replace(/_/g, " "), ...rest].join(", ");
}

/**
 * Find the steps toward `action` in `view`, fewest first (each path of steps is taken again from a fresh state, so a
 * step that led nowhere leaves nothing behind). Returns {local, label, stepRefs, found, view}: `view` is the view to
 * draw it from (the move alone, or among all), `local` the renderer's UI state under which it draws the move (hand
 * it to the board's `ui.local`), `label` the move in the renderer's words (the steps' too: "6 Lily Pad, then Row 2,
 * column 3"), or `actionWords`; `stepRefs` the refs of what the steps picked, to light when the move is not drawn.
 */
export function findMove(renderer, view, action, seatName) {
  // The move as the only one offered first (the clearest drawing), else among all (a renderer that lays out its
  // controls from every legal move, like Brunch's Lunch buttons).
  const alone = { ...view, legal: (view.legal || []).filter((a) => sameAction(a, action)) };
  const found = search(renderer, alone, action, seatName);
  return found.found ? found : search(renderer, view, action, seatName);
}

function search(renderer, view, action, seatName) {
  let draws = 0;
  // Draw after taking the steps of `path` ([key, ...]); the steps on that board, by key, and the action's nodes.
  const draw = (path) => {
    const local = {};
    const ui = makeUi({ act: () => {}, local, keep: {}, rerender: () => {}, seatName });
    const taken = [];
    for (let i = 0; ; i++) {
      const root = el("div", { class: `table game-${view.game || ""}` });
      draws++;
      try { renderer.render(root, view, ui); } catch { return null; }
      const steps = new Map();
      for (const node of root.querySelectorAll("[data-step]")) {
        const base = `${node.dataset.step}|${node.dataset.ref || ""}`;
        let n = 0;
        while (steps.has(`${base}|${n}`)) n++;
        steps.set(`${base}|${n}`, node);
      }
      if (i === path.length) return { local, steps, nodes: actionNodes(root, action), taken };
      const node = steps.get(path[i]);
      if (!node) return null;
      taken.push(node);
      node.click();
    }
  };
  let paths = [[]];
  for (let depth = 0; depth <= MAX_STEPS && paths.length; depth++) {
    const next = [];
    for (const path of paths) {
      if (draws > MAX_DRAWS) break;
      const got = draw(path);
      if (!got) continue;
      if (got.nodes.length) {
        const words = [...got.taken.map(spoken).filter(Boolean), spoken(got.nodes[0]) || actionWords(action)];
        return {
          local: got.local, label: words.join(", then "), found: true, view,
          stepRefs: got.taken.flatMap((n) => (n.dataset.ref || "").split(/\s+/).filter(Boolean)),
        };
      }
      for (const key of got.steps.keys()) next.push([...path, key]);
    }
    paths = next;
  }
  return { local: {}, label: actionWords(action), stepRefs: [], found: false, view };
}
