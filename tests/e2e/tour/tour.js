// A console tour for engines whose driver relays no console (WebKit: tests/e2e/test_every_browser.py): opens each
// page named in the fragment (a JSON list of URLs relative to the site's root) in the frame, one after the other,
// waits until it has settled, and says so on the console. The browser itself prints every console line, the pages'
// own included.
const frame = document.querySelector("iframe");
const pages = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const SETTLED = ["lobby", "learn", "track", "over", "error"];
const SITE = new URL("../", location.href); // the tour lives in a folder of its own at the site's root

function settled(doc) {
  const views = [...doc.querySelectorAll(".shoal-view")];
  if (views.length && doc.body.dataset.status !== "over") {
    return views.every((v) => v.dataset.painted !== undefined && !v.dataset.busy);
  }
  return SETTLED.includes(doc.body.dataset.status) && !doc.body.dataset.busy;
}

async function visit(url) {
  await new Promise((resolve) => { frame.onload = resolve; frame.src = new URL(url, SITE).href; });
  const start = performance.now();
  while (!settled(frame.contentDocument)) {
    if (performance.now() - start > 60_000) return "timeout";
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 500)); // what a settled page still logs (a late rejection, a worker's note)
  return frame.contentDocument.body.dataset.status || "painted";
}

(async () => {
  for (const url of pages) console.info(`shoal-tour ${await visit(url)} ${url}`);
  console.info("shoal-tour done");
})();
