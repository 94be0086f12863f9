// Where the time between a click and the redrawn board goes (the benchmarks report its p95, measured in the page).
// The app opens a span on a player's action, the engine adds each worker round trip (and the Python time the worker
// measured inside it), the app adds each draw; the span closes on the first painted frame after the last draw
// (`total`: the bots' replies included), and `first` is when the first draw after the click was painted (the
// player's own move on screen).
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

export function addRender(ms, inFrame = false) {
  if (!open) return;
  open.render += ms;
  // The first draw after the click shows the player's own move: when is it on screen (before the bots reply)? A draw
  // made in a rAF callback (`inFrame`) is painted in this very frame: the task after it runs once it is.
  if (open.first === undefined) {
    const span = open;
    span.first = null;
    const painted = () => { span.first = performance.now() - span.t0; };
    if (inFrame) setTimeout(painted, 0); else afterPaint(painted);
  }
}

// A rAF callback runs just before the frame's paint, a task queued from it just after.
export const afterPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));

// Close the span on the next painted frame.
let closing = 0; // spans ended but not yet closed (waiting for their frame)
const waiting = []; // what runs once they are
export function end() {
  const span = open;
  open = null;
  if (!span) return;
  closing++;
  afterPaint(() => {
    span.total = performance.now() - span.t0;
    if (span.first === null || span.first === undefined) span.first = span.total;
    finished.push(span);
    if (--closing === 0) for (const fn of waiting.splice(0)) fn();
  });
}

/** Run `fn` once the click under way (if any) has had its frame painted and its span closed: work that comes after
 * the click's answer (the end screen's details) then neither delays that frame nor counts in it. */
export function afterSpan(fn) {
  if (open || closing) waiting.push(fn); else fn();
}

export const spans = () => finished.slice();
