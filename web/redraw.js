// Redrawing a table after a move without rebuilding the page around it (issue 14: click → redrawn board ≤ 50 ms).
// Measured in Chromium: most of a click's time was the browser restyling and laying out the whole screen (the app
// rebuilt header, log and side panel on every draw) and a layout forced inside the draw (reading the log's
// scrollHeight). Here: a page keeps its frame, swaps only the regions that changed, appends new log lines, and scrolls
// the log on the next frame, when the browser lays the page out anyway. Used by web/app.js and web/viewer.js.
import { el } from "./dom.js";

/** Named regions of a frame that is kept across draws: `put(name, node)` puts `node` (or nothing) where the region's
 * last node was. A region starts as an empty comment (created by `slot(name)` inside the frame). */
export class Regions {
  constructor() { this.nodes = new Map(); }

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
