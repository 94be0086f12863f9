// Keyboard play and screen-reader support shared by every board: the roving tabindex of a grid or a hand
// (one Tab stop, arrow keys move, Enter/Space commit, Escape cancels a pending step), focus kept across a redraw by
// a stable key, and a polite live region that reads the prompt and each new log line. See web/RENDERERS.md.
import { el, svg } from "./dom.js";

// ---- roving tabindex ------------------------------------------------------------------------------------------------
const ACTIONABLE = "[data-action], [data-step]";
const NATIVE = /^(BUTTON|INPUT|SELECT|TEXTAREA|A|SUMMARY)$/;
const isActionable = (node) => node.matches(ACTIONABLE);
// A click as the mouse makes it; SVG shapes (AQUA's spots) have no .click() method, so the event is dispatched.
const press = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));

/** The focus targets of one grid cell: the cell itself, unless it holds several actionable things (a square that
    offers "face up" and "face down"): then each of those. */
function targetsOf(cell) {
  if (isActionable(cell)) return [cell];
  const inner = [...cell.querySelectorAll(`${ACTIONABLE}, button`)];
  return inner.length ? inner : [cell];
}

/** Wire `rows` (arrays of focus targets, each with its column) inside `container` as one roving-tabindex widget. */
// Arrows are handled on the container (bubbling), so a target's own key handler runs first.
function rove(container, rows, { cancel } = {}) {
  container.dataset.roving = container.getAttribute("aria-label") || container.getAttribute("role") || "";
  const where = new Map();
  rows.forEach((row, r) => row.forEach((t, i) => where.set(t.node, { r, i, col: t.col })));
  const all = rows.flat().map((t) => t.node);
  for (const node of all) {
    node.tabIndex = -1;
    node.classList.add("roving");
    if (!NATIVE.test(node.tagName) && !node.getAttribute("role")) {
      node.setAttribute("role", isActionable(node) ? "button" : "img");
    }
    // Every stop says what it is: an author's aria-label, else its tooltip, else its text.
    if (!NATIVE.test(node.tagName) && !node.getAttribute("aria-label")) {
      node.setAttribute("aria-label", node.title || node.textContent.trim());
    }
  }
  // The one Tab stop: the first thing that can be done here (the next decision), else the first thing drawn.
  const start = all.find(isActionable) || all[0];
  if (start) start.tabIndex = 0;
  const moveTo = (node) => {
    if (!node) return;
    for (const n of all) n.tabIndex = n === node ? 0 : -1;
    node.focus();
  };
  container.addEventListener("focusin", (e) => {
    if (where.has(e.target)) for (const n of all) n.tabIndex = n === e.target ? 0 : -1;
  });
  container.addEventListener("keydown", (e) => {
    const at = where.get(e.target);
    if (!at || e.altKey || e.metaKey) return;
    const row = rows[at.r];
    const nearest = (r) => {
      for (let k = r; k >= 0 && k < rows.length; k += r > at.r ? 1 : -1) {
        if (!rows[k].length) continue; // an empty row: look one further
        return rows[k].reduce((best, t) => (Math.abs(t.col - at.col) < Math.abs(best.col - at.col) ? t : best)).node;
      }
      return null;
    };
    const flat = rows.length === 1;
    let to;
    switch (e.key) {
      case "ArrowRight": to = row[at.i + 1]?.node; break;
      case "ArrowLeft": to = row[at.i - 1]?.node; break;
      case "ArrowDown": to = flat ? row[at.i + 1]?.node : nearest(at.r + 1); break;
      case "ArrowUp": to = flat ? row[at.i - 1]?.node : nearest(at.r - 1); break;
      case "Home": to = e.ctrlKey ? all[0] : row[0].node; break;
      case "End": to = e.ctrlKey ? all[all.length - 1] : row[row.length - 1].node; break;
      case "Enter": case " ":
        // A button commits by itself (so does an element marked by ui.markAction/markStep, which prevents the
        // default); any other drawn card or square that carries an action or a step is clicked.
        if (e.defaultPrevented || NATIVE.test(e.target.tagName) || !isActionable(e.target)) return;
        e.preventDefault();
        e.stopPropagation();
        press(e.target);
        return;
      case "Escape":
        // Without its own `cancel` the key bubbles to the board, where ui.onEscape's handler cancels a pending step.
        if (!cancel || cancel() === false) return;
        e.preventDefault();
        e.stopPropagation();
        return;
      default: return;
    }
    // Handled arrows never reach the page (the step viewer's arrows step through a replay).
    e.preventDefault();
    e.stopPropagation();
    moveTo(to);
  });
  return container;
}

/**
 * A WAI-ARIA grid: `rows` are arrays of cells (elements, or null for a hole), appended to `container` inside
 * `role="row"` wrappers that take no room, so the board's own layout still places the cells: an HTML row is a
 * `<div class="key-row">` (`display: contents` in the stylesheets, for a CSS grid on `container`), an SVG row a plain
 * `<g>`, which takes no room by itself (WebKit computes `display: contents` on an SVG `<g>` to `display: none`).
 * Arrow keys move between cells (Up/Down to the nearest cell in the next row), Home/End to the row's ends,
 * Ctrl+Home/End to the grid's, Enter/Space click the cell's action or step, Escape calls `cancel` (if given).
 */
export function keyGrid(container, rows, { label, cancel } = {}) {
  container.setAttribute("role", "grid");
  if (label) container.setAttribute("aria-label", label);
  const targets = rows.map((cells) => {
    // An SVG board (AQUA's reef) gets its rows as <g> elements, an HTML one as <div>s.
    const wrap = container instanceof SVGElement ? svg("g", { role: "row" })
      : el("div", { role: "row", class: "key-row" });
    const out = [];
    cells.forEach((cell, col) => {
      if (!cell) return;
      // Even a cell that commits an action is a gridcell (a row holds only cells); a line's total may be a header.
      if (!/^(rowheader|columnheader)$/.test(cell.getAttribute("role") || "")) cell.setAttribute("role", "gridcell");
      wrap.append(cell);
      if (cell.dataset.noFocus === undefined) for (const node of targetsOf(cell)) out.push({ node, col });
    });
    container.append(wrap);
    return out;
  });
  return rove(container, targets, { cancel });
}

/**
 * A row of things with one Tab stop (a hand of cards, the choices of a turn): arrow keys move, Home/End jump,
 * Enter/Space commit, Escape calls `cancel`. `container` gets `role` (default "group") and `aria-label` = `label`;
 * each item that is not a native control becomes role="button" when it carries an action or a step, else role="img".
 */
export function keyList(container, items, { label, role = "group", cancel } = {}) {
  if (role) container.setAttribute("role", role);
  if (label) container.setAttribute("aria-label", label);
  const list = items.filter(Boolean);
  for (const item of list) if (!container.contains(item)) container.append(item);
  return rove(container, [list.map((node, col) => ({ node, col }))], { cancel });
}

/** Make a drawn element (a card, an SVG shape) answer the keyboard like a button: a Tab stop (unless a roving widget
    takes it over), Enter or Space clicks it. Native controls already do all this. */
export function keyActivate(node) {
  if (NATIVE.test(node.tagName)) return node;
  if (!node.hasAttribute("tabindex")) node.tabIndex = 0;
  if (!node.getAttribute("role")) node.setAttribute("role", "button");
  node.addEventListener("keydown", (e) => {
    if ((e.key !== "Enter" && e.key !== " ") || e.target !== node || e.defaultPrevented) return;
    e.preventDefault();
    press(node);
  });
  return node;
}

// ---- focus kept across a redraw -------------------------------------------------------------------------------------
const KEY_DATA = ["action", "step", "ref", "nav", "undo", "focusKey", "scoreSeat", "continue", "rematch", "newGame",
  "share"];

/**
 * A string that names the same control in the next drawing: its action, step, refs, id … (or its text, for a button).
 */
export function focusKey(node) {
  if (!node || node === document.body || !node.dataset) return null;
  const parts = KEY_DATA.filter((k) => node.dataset[k] !== undefined).map((k) => `${k}=${node.dataset[k]}`);
  if (node.id) parts.push(`id=${node.id}`);
  if (!parts.length && NATIVE.test(node.tagName)) parts.push(`${node.tagName}=${node.textContent.trim().slice(0, 60)}`);
  return parts.length ? parts.join("|") : null;
}

const FINDABLE = "[data-action], [data-step], [data-ref], [data-nav], [data-undo], [data-focus-key], [id], button, " +
  "summary, select, input, a";

function findByKey(scope, key, kept = null) {
  if (!key) return null;
  // The node that had the focus, when the redraw kept it (an in-place update), is still that control.
  if (kept && kept.isConnected && scope.contains(kept) && focusKey(kept) === key && isShown(kept)) return kept;
  // Only nodes that carry the key's first part can match (a board holds hundreds of [data-ref] shapes).
  const first = key.slice(0, key.indexOf("="));
  const selector = KEY_DATA.includes(first) ? `[data-${first.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`
    : first === "id" ? "[id]" : FINDABLE;
  for (const node of scope.querySelectorAll(selector)) {
    if (focusKey(node) === key && isShown(node)) return node;
  }
  return null;
}

const isShown = (node) => node.getClientRects().length > 0 && !node.closest("[hidden], [inert]");

/**
 * Before a redraw of `scope`: what had the focus. `null` when the focus is elsewhere on the page or on `scope`
 * itself (which survives the redraw): a redraw leaves it alone. `{key, lost}` when it was inside `scope` (`key` names
 * the control, see focusKey) or lost on the page body (`lost: true`).
 */
export function captureFocus(scope) {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return { key: null, lost: true };
  if (active === scope || !scope.contains(active)) return null;
  return { key: focusKey(active), lost: false, node: active };
}

const NEXT = Symbol("focus the next decision");
const BACK = Symbol("the step that asked for it");
const RETURN = Symbol("focus back on that step");

/**
 * After a redraw: focus the control with the same key, else (or when a step asked for it with `ui.focusNext()`) the
 * first action on the board — the next decision — else the first actionable element, else `fallback` (a container
 * made focusable with tabindex=-1), so the focus is never dropped on the page body. After Escape cancelled a step
 * the focus goes back to that step (the card that was picked).
 */
export function restoreFocus(scope, captured, opts = {}) {
  if (!captured) return;
  if (keyboardUser || typeof requestAnimationFrame !== "function") {
    pending = null;
    restoreNow(scope, captured, opts);
    return;
  }
  // A mouse or touch user gets the focus back on the next frame, just before it is painted: finding a shown control
  // measures the page, and measuring right after a draw forces a layout that the frame then does again (it
  // was most of a click's drawing time). Draws before that frame leave one restore, of what had the focus first.
  if (pending && captured.lost) captured = pending.captured;
  const mine = { captured };
  pending = mine;
  requestAnimationFrame(() => {
    if (pending !== mine) return;
    pending = null;
    const now = document.activeElement;
    if (now && now !== document.body && now !== captured.node && now.isConnected) return; // focused meanwhile
    restoreNow(scope, captured, opts);
  });
}
let pending = null;

function restoreNow(scope, captured, { local, fallback } = {}) {
  const wantsNext = local && local[NEXT];
  const back = local && local[RETURN];
  if (local) { delete local[NEXT]; delete local[RETURN]; }
  // A control the redraw kept (the page keeps its frame: log, Save, rules) keeps the focus by itself.
  if (!wantsNext && !back && captured.node && captured.node.isConnected && document.activeElement === captured.node) {
    return;
  }
  const same = (back && findByKey(scope, back)) || (!wantsNext && findByKey(scope, captured.key, captured.node));
  // Else a roving widget's own Tab stop (its first actionable item), then any actionable element (looked for only
  // when needed: every candidate is measured).
  const pick = () => {
    const actionable = [...scope.querySelectorAll(ACTIONABLE)].filter(isShown);
    const next = wantsNext ? actionable.find((n) => n.matches("[data-action]")) || findByKey(scope, captured.key)
      : null;
    return next || actionable.find((n) => n.tabIndex === 0) || actionable[0] || fallback;
  };
  const target = same || pick();
  if (!target) return;
  if (target === fallback && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: !keyboardUser });
}

/** Ask the next redraw to put the focus on the first action on the board (after a step such as "pick a card"). */
export function focusNext(local) {
  if (!local) return;
  local[NEXT] = true;
  local[BACK] = focusKey(document.activeElement);
}

/** Escape cancelled the step: the next redraw puts the focus back on the control that took it. */
export function focusBack(local) {
  if (local && local[BACK]) local[RETURN] = local[BACK];
}

// Scroll the focused control into view only for keyboard users: a mouse user keeps the page where it is.
let keyboardUser = false;
if (typeof document !== "undefined") {
  document.addEventListener("keydown", (e) => { if (!e.ctrlKey && !e.metaKey) keyboardUser = true; }, true);
  document.addEventListener("pointerdown", () => { keyboardUser = false; }, true);
}

// ---- the polite live region -----------------------------------------------------------------------------------------
/**
 * A polite live region that outlives redraws: `say(lines, prompt)` announces the log lines not yet announced and the
 * prompt when it changed. `host` keeps it (append it once, outside whatever is redrawn).
 */
export function makeAnnouncer(node = el("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true" })) {
  let heard = 0;
  let lastPrompt = "";
  let lastKey = null;
  return {
    node,
    /** `key` names the match (a new match starts its log from 0). */
    say(lines, prompt, key = null) {
      if (key !== lastKey) { heard = 0; lastPrompt = ""; lastKey = key; }
      if (lines.length < heard) heard = lines.length; // a move taken back
      const fresh = lines.slice(heard);
      heard = lines.length;
      const changed = prompt && prompt !== lastPrompt;
      lastPrompt = prompt || lastPrompt;
      if (!fresh.length && !changed) return;
      node.textContent = [...fresh.slice(-4), prompt].filter(Boolean).join(" ");
    },
    text: () => node.textContent,
  };
}
