// Where the time between a click and the redrawn board goes (issue 14: "click → redrawn board, p95 in-page").
// The app opens a span on a player's action, the engine adds each worker round trip (and the Python time the worker
// measured inside it), the app adds each draw; the span closes on the first painted frame after the last draw.
// Kept in memory only (window.shoal.latency()); the benchmarks read it, nothing is sent anywhere.
const finished = [];
let open = null;

export function begin() {
  open = { t0: performance.now(), roundTrip: 0, python: 0, json: 0, render: 0, calls: 0 };
}

export function addCall(roundTripMs, pythonMs, jsonMs) {
  if (!open) return;
  open.calls += 1;
  open.roundTrip += roundTripMs;
  open.python += pythonMs;
  open.json += jsonMs;
}

export function addRender(ms) {
  if (open) open.render += ms;
}

// Close the span on the next painted frame: a rAF callback runs just before paint, a task queued from it just after.
export function end() {
  const span = open;
  open = null;
  if (!span) return;
  requestAnimationFrame(() => setTimeout(() => {
    span.total = performance.now() - span.t0;
    finished.push(span);
  }, 0));
}

export const spans = () => finished.slice();
