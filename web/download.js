// The page's one way to hand a file to the reader: a record, a compiled replay or lesson, an image, a set-aside save.
import { el } from "./dom.js";

/** Download `data` (text or a Blob) as a file named `name`. The link is in the document while it is clicked (Firefox
 * ignores a click on a detached one) and its object URL outlives the click long enough for the browser to read it. */
export function download(name, data, type = "application/json") {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const a = el("a", { href: URL.createObjectURL(blob), download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
