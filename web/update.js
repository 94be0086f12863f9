// Installing the service worker, and saying when a new build is ready. A waiting new worker takes over only when the
// player presses "Reload"; every open page of the old build then reloads, and the saved game comes back where it was.
import { el } from "./dom.js";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const sw = navigator.serviceWorker;
  // A first visit's worker takes control without a reload; any later change of worker is a new build taking over,
  // and every open page of the old build reloads onto it (its game is saved and comes back where it was).
  let controlled = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (controlled) location.reload();
    controlled = true;
  });
  sw.register("./sw.js").then((reg) => {
    const offer = () => { if (reg.waiting && sw.controller) showPrompt(reg.waiting); };
    offer();
    reg.addEventListener("updatefound", () => {
      const incoming = reg.installing;
      if (incoming) incoming.addEventListener("statechange", () => { if (incoming.state === "installed") offer(); });
    });
    setInterval(() => reg.update().catch(() => {}), 30 * 60 * 1000); // a long session still hears of a new build
  }).catch(() => {});
}

function showPrompt(worker) {
  if (document.querySelector(".update-ready")) return;
  document.body.append(el("div", { class: "update-ready", role: "status" },
    el("span", { text: "A new version is ready — reload" }),
    el("button", { type: "button", class: "primary", onclick: () => {
      worker.postMessage({ type: "skip-waiting" });
      setTimeout(() => location.reload(), 5000); // should the new worker never take over, reload all the same
    }, text: "Reload" })));
}
