// Start Python's worker before anything else loads: booting Pyodide is most of the wait. app.js adopts it and
// replays the messages it sent meanwhile. A classic script (not a module) in <head>, so it runs before app.js; it is
// a file, not inline, because the pages' Content-Security-Policy allows no inline script. The build stamps this
// script's URL (?v=<stamp>); the worker gets the same stamp (cache busting).
window.shoalBoot = (() => {
  const self = new URL(document.currentScript.src);
  const url = new URL("./worker.js", self);
  url.search = self.search;
  const early = [];
  const marks = [];
  let worker = null;
  // The stamp goes in the worker's name too: served from the service worker's cache (stored without the query), the
  // worker's own URL has no ?v=, and a worker that cannot name its build refuses the build's snapshot.
  const start = () => {
    if (!worker) {
      worker = new Worker(url, { type: "module", name: self.searchParams.get("v") || "" });
      worker.onmessage = (event) => early.push(event);
      marks.push(["worker-created", performance.now()]);
    }
    return worker;
  };
  // Every module app.js imports is fetched at once (the build names them in a meta tag), instead of one import level
  // after another. A link that opens something starts Python and those downloads at once. The bare lobby paints its
  // cards first and starts both a frame later (measured: the worker's downloads and wasm compile, started with the
  // page, and the modules preloaded from the HTML, ~40 ms, held the lobby's paint back on two cores), or starts
  // Python whenever the page asks for the worker, whichever comes first.
  const preload = () => {
    const names = document.querySelector('meta[name="shoal-modules"]');
    for (const name of names ? names.content.split(" ") : []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = new URL("./" + name + self.search, self).href;
      document.head.append(link);
    }
  };
  const q = new URLSearchParams(location.search);
  if (["game", "record", "replay", "lesson", "page"].some((k) => q.has(k))) {
    // A lesson or a replay starts Python when it needs it (a question, play on, a record that is not a compiled
    // replay: web/viewer.js).
    if (!q.has("lesson") && q.get("replay") !== "1") start();
    preload();
  } else {
    requestAnimationFrame(() => setTimeout(() => { start(); preload(); }, 0));
  }
  // The boot's timeline in the page's milliseconds (window.shoal.bootMarks(): the worker's marks join it when ready).
  return { get worker() { return start(); }, early, marks };
})();

// index.html carries the lobby's game cards (written by the build, so the lobby paints before any module loads); a
// link that opens a game, a record, a replay, a lesson or a page (My games) hides them until app.js draws what it
// opens (style.css).
{
  const q = new URLSearchParams(location.search);
  const opens = ["game", "record", "replay", "lesson", "page"].some((k) => q.has(k));
  if (opens) document.documentElement.dataset.opening = "";
}
