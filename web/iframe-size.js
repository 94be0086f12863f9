// An iframe of the site tells the page around it how tall its content is, whenever that changes, so that page can size
// the frame to fit (web/iframe.js does it; docs/embedding.md). The message is {source: "shoal", type: "resize",
// height}: a number of CSS pixels, nothing about the game.

/** Start telling the parent the content's height through `post(type, detail)` (the page's one way to tell it). */
export function reportHeight(post) {
  if (window.parent === window) return;
  // A framed page is as tall as its content, not at least its frame: otherwise it could grow but never shrink.
  document.documentElement.classList.add("framed");
  let last = -1;
  const measure = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post("resize", { height });
  };
  // Measured on the next frame, not inside the observer's callback: a layout forced there can differ from the one the
  // observer saw (WebKit then reports "ResizeObserver loop completed with undelivered notifications").
  new ResizeObserver(() => requestAnimationFrame(measure)).observe(document.documentElement);
  measure();
}
