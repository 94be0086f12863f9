// "Save image": a board as a picture for a worksheet, SVG or PNG, made from the very board the renderer drew.
//
// The board's own elements are copied into an SVG <foreignObject>, with the page's stylesheets for Shoal's boards
// (their rules, as text) and the board's frame around it: the viewer's palette, its theme and its column's width, so
// the games' container queries lay the copy out exactly as on screen. Nothing is fetched: no font, no stylesheet, no
// image (an SVG used as an image may load nothing, and the site makes no outside request); the text is set in the
// reader's own system fonts. PNG: that SVG drawn on a canvas (twice the board's size by default, for printing).
import { el } from "./dom.js";
import { download } from "./download.js";

const XHTML = "http://www.w3.org/1999/xhtml";
const SVG_NS = "http://www.w3.org/2000/svg";
const PAD = 8; // px of the board's background around it

// The rules of every stylesheet this page may read (its own site's), without what would load a file: an image made
// offline must not depend on fonts or imports that it could never fetch.
function pageCss() {
  const out = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch { continue; } // another site's sheet: not readable, not needed
    for (const rule of rules) {
      if (rule instanceof CSSFontFaceRule || rule instanceof CSSImportRule) continue;
      out.push(rule.cssText);
    }
  }
  // A rule for the board's own SVG drawings ("svg .hl") would match everything inside the image, whose root is an
  // <svg> too: it is narrowed to the drawings inside the copy.
  return out.join("\n").replace(/(^|[{},]\s*)svg(?=[\s.:#[>~+])/g, "$1.shoal-image svg");
}

// The theme the board is drawn in right now: a copy outside the page cannot ask the page's media or its root.
function schemeOf(node) {
  const root = node.closest(".shoal-view") || node;
  const probe = el("i", { style: { color: "light-dark(rgb(0, 0, 1), rgb(0, 0, 2))", display: "none" } });
  root.append(probe);
  const dark = getComputedStyle(probe).color === "rgb(0, 0, 2)";
  probe.remove();
  return dark ? "dark" : "light";
}

// The ids a drawing refers to (`fill="url(#reef-pat-R)"`, `<use href="#…">`): the image must keep them, or a
// pattern that tells two corals apart without their colour is lost.
function referenced(nodes) {
  const ids = new Set();
  for (const n of nodes) {
    for (const { name, value } of n.attributes) {
      for (const m of value.matchAll(/url\(\s*["']?#([^"')\s]+)/g)) ids.add(m[1]);
      if (/^(xlink:)?href$/.test(name) && value.startsWith("#")) ids.add(value.slice(1));
    }
  }
  return ids;
}

// A copy of the board without what is only for the screen: focus stops, test hooks, live regions, ids nothing in
// the drawing refers to.
function copyOf(board) {
  const copy = board.cloneNode(true);
  const all = [copy, ...copy.querySelectorAll("*")];
  const keep = referenced(all);
  for (const n of all) {
    n.removeAttribute("tabindex");
    if (!keep.has(n.id)) n.removeAttribute("id");
    if (n.matches(".sr-only, [aria-live]")) n.remove();
  }
  return copy;
}

const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  .replace(/"/g, "&quot;");

/**
 * The board `board` (an element a renderer drew into, inside a `.shoal-view`) as an SVG document, as text.
 * Its size is the board's size on screen, plus a small margin of the board's background. Written as text around
 * the serialized copy: building it as a DOM would apply the page's CSP to its style attributes.
 */
export function boardSvg(board) { return drawn(board).text; }

function drawn(board) {
  const box = board.getBoundingClientRect();
  const inner = Math.ceil(box.width);
  // A part that scrolls sideways on screen (web/pan-cue.js) is drawn whole: the image is wider by what it hides.
  const hidden = Math.max(0, ...[...board.querySelectorAll("[data-pans]")].map((n) => n.scrollWidth - n.clientWidth));
  const width = inner + hidden + 2 * PAD, height = Math.ceil(box.height) + 2 * PAD;
  const view = board.closest(".shoal-view");
  const copy = new XMLSerializer().serializeToString(copyOf(board));
  // The board's frame: the viewer's classes (its palette and fonts), its theme, its main column as the container the
  // games' stylesheets measure, at the board's width.
  const frame = `display: block; margin: 0; padding: ${PAD}px; width: ${width}px; height: ${height}px; `
    + `box-sizing: border-box; color-scheme: ${schemeOf(board)}; max-width: none;`;
  const text = `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<foreignObject x="0" y="0" width="${width}" height="${height}">`
    + `<div xmlns="${XHTML}" class="${escape(view ? view.className : "shoal-view")} shoal-image" style="${frame}">`
    + `<style>${escape(pageCss())}</style>`
    + `<div class="sv-main" style="display: block; width: ${inner}px;">${copy}</div>`
    + "</div></foreignObject></svg>";
  return { text, width, height };
}

const dataUrl = (text) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;

/** The board as a PNG (a Blob), `scale` times its size on screen; the canvas draws the SVG of boardSvg. */
export async function boardPng(board, scale = 2) {
  const { text, width, height } = drawn(board); // never parsed here: the page's CSP would judge its styles
  const img = new Image();
  img.src = dataUrl(text);
  // A browser that will not draw the SVG board, or read it back from the canvas (older Safari): say so, keep the SVG.
  const refused = (err) => new Error(
    `this browser cannot make a PNG of the board (${err.message}); save it as SVG instead`);
  try { await img.decode(); } catch (err) { throw refused(err); }
  const canvas = el("canvas", { width: Math.round(width * scale), height: Math.round(height * scale) });
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(refused(new Error("no PNG was made")))), "image/png");
    } catch (err) {
      reject(refused(err));
    }
  });
}

/** The board as a Blob: `format` "svg" (the default) or "png". */
export async function boardImage(board, { format = "svg", scale = 2 } = {}) {
  if (!board) throw new Error("there is no board on show to save");
  if (format === "png") return boardPng(board, scale);
  if (format !== "svg") throw new Error(`an image is "svg" or "png", not “${String(format).slice(0, 20)}”`);
  return new Blob([boardSvg(board)], { type: "image/svg+xml" });
}

/**
 * The viewer's "Save image" control: SVG or PNG of the board on show (`board()` finds it), saved as `name()`.svg/.png.
 * A problem is said beside the buttons, never thrown at the page.
 */
export function saveImageMenu(board, name) {
  const note = el("p", { class: "sv-save-note", role: "status" });
  const save = (format) => async () => {
    note.textContent = "";
    note.classList.remove("error");
    try { download(`${name()}.${format}`, await boardImage(board(), { format })); } catch (err) {
      note.textContent = `Could not save the image: ${err.message}`;
      note.classList.add("error"); // said as every other error on the page is
    }
  };
  return el("details", { class: "sv-save" },
    el("summary", { dataset: { nav: "save-image" }, text: "Save image" }),
    el("button", { type: "button", dataset: { nav: "save-svg" }, onclick: save("svg"), text: "SVG" }),
    el("button", { type: "button", dataset: { nav: "save-png" }, onclick: save("png"), text: "PNG" }),
    note);
}
