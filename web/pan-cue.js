// Boards that pan on purpose: a part of a board wider than its column (the museum's grid in a phone's narrow column)
// scrolls sideways inside it, never the page. This marks each such part `data-pans="end" | "start" | "both"` (where
// more of it lies beyond the edge), so viewer.css draws the cue: that edge fades, and a line says it scrolls.
//
// It measures after the frame is drawn (never inside a draw), when the board's content or its column's width changes,
// and as the reader scrolls.

const SCROLLS = /^(auto|scroll)$/;

function sides(n) {
  const more = n.scrollWidth - n.clientWidth;
  if (more <= 1) return null;
  // A right-to-left page scrolls to negative offsets: the distance from the start either way.
  const at = Math.abs(n.scrollLeft);
  if (at <= 1) return "end";
  return at >= more - 1 ? "start" : "both";
}

function mark(n) {
  const pans = sides(n);
  if (pans === null) delete n.dataset.pans;
  else if (n.dataset.pans !== pans) n.dataset.pans = pans;
}

/** Keeps the sideways scrollers inside `root` marked while it lives; returns a function that stops watching. */
export function watchPans(root) {
  let queued = false;
  const check = () => {
    queued = false;
    for (const n of root.querySelectorAll(".sv-board :not(svg *)")) { // inside a drawing, nothing scrolls
      if (n.dataset && (n.dataset.pans || SCROLLS.test(getComputedStyle(n).overflowX))) mark(n);
    }
  };
  const soon = () => {
    if (!queued) { queued = true; requestAnimationFrame(check); }
  };
  const onScroll = (e) => { if (e.target.dataset && e.target.dataset.pans) mark(e.target); };
  const drawn = new MutationObserver(soon);
  drawn.observe(root, { childList: true, subtree: true });
  const sized = typeof ResizeObserver === "function" ? new ResizeObserver(soon) : null;
  if (sized) sized.observe(root);
  root.addEventListener("scroll", onScroll, { capture: true, passive: true });
  return () => {
    drawn.disconnect();
    if (sized) sized.disconnect();
    root.removeEventListener("scroll", onScroll, { capture: true });
  };
}
