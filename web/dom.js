// Tiny DOM builders shared by the app and every renderer.
const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.setAttribute("class", v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    // Styles go through the CSSOM (node.style), never a style="" attribute: the pages' CSP forbids those.
    else if (k === "style") { if (typeof v === "object") Object.assign(node.style, v); else node.style.cssText = v; }
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const el = (tag, attrs, ...children) => build(document.createElement(tag), attrs, children);
export const svg = (tag, attrs, ...children) => build(document.createElementNS(SVG_NS, tag), attrs, children);
