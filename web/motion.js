// Gentle motion: what another seat just placed settles into place, so a bot's move is seen arriving. Compositor
// properties only (opacity, and transform on HTML boxes; an SVG piece keeps its own geometry, so it only fades), at
// most 200 ms, started after the draw and never awaited: the board answers clicks while a piece settles. Off when
// the page's Settings say so (web/prefs.js: <html data-motion="reduce">) or, on a page without them (a teacher's
// page with an embedded board), when the system asks for less motion.

export const SETTLE_MS = 180;

const lessMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

/** Whether motion is off here now. */
export function motionOff() {
  const chosen = document.documentElement.dataset.motion;
  if (chosen) return chosen === "reduce";
  return Boolean(lessMotion && lessMotion.matches);
}

/** Let `nodes` (just drawn) fade in, and an HTML box also rise the last few pixels into place. Nothing when motion
 * is off or the browser lacks the Web Animations API. */
export function settle(nodes) {
  if (!nodes.length || motionOff()) return;
  for (const node of nodes) {
    if (typeof node.animate !== "function" || !node.isConnected) continue;
    // `translate` and `scale` add to whatever `transform` the piece has (a turned card stays turned).
    const html = !(node instanceof SVGElement);
    const from = html ? { opacity: 0.15, translate: "0 -6px", scale: "0.96" } : { opacity: 0.15 };
    const to = html ? { opacity: 1, translate: "0 0", scale: "1" } : { opacity: 1 };
    node.animate([from, to], { duration: SETTLE_MS, easing: "ease-out" });
  }
}
