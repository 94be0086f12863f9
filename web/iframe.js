// Put on a page that frames Shoal (`<script src="shoal/iframe.js"></script>`): each Shoal iframe on it takes the
// height of its content, as the framed page reports it ({source: "shoal", type: "resize", height}). No inline style
// and no inline script is needed, so it holds under a strict Content-Security-Policy (style-src 'self'): the height is
// set through the CSSOM. Only the frame the message came from is sized, and only when the message comes from the
// origin that frame was loaded from.
{
  const MAX = 20000; // px: a frame never grows past this, whatever a page inside says
  const originOf = (frame) => {
    try { return new URL(frame.src, document.baseURI).origin; } catch { return null; }
  };
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.source !== "shoal" || data.type !== "resize") return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height <= 0) return;
    for (const frame of document.querySelectorAll("iframe")) {
      if (frame.contentWindow !== event.source || originOf(frame) !== event.origin) continue;
      frame.style.height = `${Math.min(Math.ceil(height), MAX)}px`;
    }
  });
}
