// Start Python's worker before anything else loads: booting Pyodide is most of the wait. app.js adopts it and
// replays the messages it sent meanwhile. A classic script (not a module) in <head>, so it runs before app.js; it is
// a file, not inline, because the pages' Content-Security-Policy allows no inline script. The build stamps this
// script's URL (?v=<stamp>); the worker gets the same stamp (cache busting).
window.shoalBoot = (() => {
  const self = new URL(document.currentScript.src);
  const url = new URL("./worker.js", self);
  url.search = self.search;
  // The stamp goes in the worker's name too: served from the service worker's cache (stored without the query), the
  // worker's own URL has no ?v=, and a worker that cannot name its build refuses the build's snapshot.
  const worker = new Worker(url, { type: "module", name: self.searchParams.get("v") || "" });
  const early = [];
  worker.onmessage = (event) => early.push(event);
  // The boot's timeline in the page's milliseconds (window.shoal.bootMarks(): the worker's marks join it when ready).
  return { worker, early, marks: [["worker-created", performance.now()]] };
})();

// index.html carries the lobby's game cards (written by the build, so the lobby paints before any module loads); a
// link that opens a game, a record, a replay or a lesson hides them until app.js draws what it opens (style.css).
{
  const q = new URLSearchParams(location.search);
  if (["game", "record", "replay", "lesson"].some((k) => q.has(k))) document.documentElement.dataset.opening = "";
}
