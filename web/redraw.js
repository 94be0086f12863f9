// Redrawing a table after a move without rebuilding the page around it, so a click redraws the board in a frame.
// Measured in Chromium: most of a click's time was the browser restyling and laying out the whole screen (the app
// rebuilt header, log and side panel on every draw) and a layout forced inside the draw (reading the log's
// scrollHeight). Here: a page keeps its frame, swaps only the regions that changed, appends new log lines, and scrolls
// the log on the next frame, when the browser lays the page out anyway. Used by web/match.js and web/viewer.js.
import { el } from "./dom.js";

/** Named regions of a frame that is kept across draws: `put(name, node)` puts `node` (or nothing) where the region's
 * last node was. A region starts as an empty comment (created by `slot(name)` inside the frame). */
export class Regions {
  constructor() { this.nodes = new Map(); }

  /** Whether the frame has region `name`. */
  has(name) { return this.nodes.has(name); }

  /** A placeholder for region `name`, to build into the frame. */
  slot(name) {
    const mark = document.createComment(name);
    this.nodes.set(name, mark);
    return mark;
  }

  /** Replace region `name` by `node` (an element), or by its empty placeholder when `node` is null. */
  put(name, node) {
    const was = this.nodes.get(name);
    const next = node || document.createComment(name);
    if (was !== next) was.replaceWith(next);
    this.nodes.set(name, next);
    return next;
  }
}

/**
 * `draw` made safe to ask for again from inside itself: removing a focused control fires its blur and change events
 * in the middle of a draw, and a handler that asks to draw again then waits until this draw is done (with the
 * arguments it asked with), instead of swapping regions mid-swap.
 */
export function drawGuard(draw) {
  let drawing = false;
  let again = null;
  const guarded = (...args) => {
    if (drawing) { again = args; return; }
    drawing = true;
    try { draw(...args); } finally { drawing = false; }
    if (again) { const next = again; again = null; guarded(...next); }
  };
  return guarded;
}

/** Make `ol` show `lines` ([{text, cls}]): lines already shown stay, new ones are appended; if what is shown is not a
 * prefix of `lines` (a take-back, another seat's view, the pass screen), the list is rebuilt. True when it changed. */
export function fillLog(ol, lines) {
  const shown = ol.shoalLines || [];
  const same = (a, b) => a.text === b.text && (a.cls || "") === (b.cls || "");
  const prefix = shown.length <= lines.length && shown.every((line, i) => same(line, lines[i]));
  const item = (line) => el("li", line.cls ? { class: line.cls, text: line.text } : { text: line.text });
  if (prefix) {
    if (shown.length === lines.length) return false;
    ol.append(...lines.slice(shown.length).map(item));
  } else {
    ol.replaceChildren(...lines.map(item));
  }
  ol.shoalLines = lines.slice();
  return true;
}

/** Scroll `node` to its end on the next frame (reading its scrollHeight now would force a layout inside the draw). */
export function scrollToEndSoon(node) {
  requestAnimationFrame(() => { node.scrollTop = node.scrollHeight; });
}

/**
 * Keyed, in-place update of `parent`'s children (a board redrawn after a click keeps the nodes whose data did not
 * change, so the browser restyles, lays out and paints only what is new). `parts` lists the children in
 * order, each `[key, build]` (or null, skipped): a child already in `parent` that was built with the same `key` is
 * kept where it is (or moved), any other is built with `build()` and remembers its key; children no part names are
 * removed. A `key` of null always builds afresh. A key must say everything the part is drawn from, and a kept part
 * must hold no event handler or closure that reads the view it was drawn from (it outlives that view).
 * `build` may return null (nothing drawn). Returns the children in order.
 */
export function patchChildren(parent, parts) {
  const old = new Map();
  for (const child of parent.children) {
    if (child.shoalKey !== undefined && child.shoalKey !== null) old.set(child.shoalKey, child);
  }
  const nodes = [];
  for (const part of parts) {
    if (!part) continue;
    const [key, build] = part;
    let node = key !== null && key !== undefined ? old.get(key) : undefined;
    if (node) old.delete(key);
    else {
      node = build();
      if (!node) continue;
      node.shoalKey = key;
    }
    nodes.push(node);
  }
  // Remove what is not kept, then put the rest in place: a kept node already in its position is not touched (moving
  // a node makes the browser style, lay out and paint it again).
  const keep = new Set(nodes);
  for (let child = parent.firstChild; child;) {
    const next = child.nextSibling;
    if (!keep.has(child)) child.remove();
    child = next;
  }
  let at = parent.firstChild;
  for (const node of nodes) {
    if (at === node) { at = at.nextSibling; continue; }
    parent.insertBefore(node, at);
  }
  return nodes;
}

/** A string key for `patchChildren` from the data a part is drawn from (JSON; undefined members are left out). */
export const keyOf = (...data) => JSON.stringify(data);
