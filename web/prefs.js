// The device's display settings — theme (system / light / dark) and motion (system / on / off) — read from
// localStorage and put on the document root before the first paint. A classic script in each page's <head>, before
// its stylesheets, so the page never shows a frame in the wrong theme (the CSP allows no inline script). The
// Settings dialog (settings.js) changes them through window.shoalPrefs.
//
// What the root then carries, for CSS and for any script:
//   data-theme="light" | "dark"   only when the player chose one (style.css sets color-scheme from it; without it
//                                 the page follows prefers-color-scheme); a page's ?theme=light|dark|auto wins there
//   data-motion="reduce" | "full" always: "reduce" when motion is off, or "system" and the system asks for less motion
window.shoalPrefs ??= (() => {
  const KEY = "shoal.settings";
  const FORMAT = "shoal-settings";
  const VERSION = 1;
  const CHOICES = { theme: ["system", "light", "dark"], motion: ["system", "on", "off"] };
  const DEFAULTS = { theme: "system", motion: "system" };
  const root = document.documentElement;
  const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");
  const listeners = [];

  const store = () => { try { return window.localStorage; } catch { return null; } }; // blocked storage: defaults

  // A stored value is used whole or not at all: anything but exactly what write() stores is ignored.
  function check(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    if (value.format !== FORMAT || value.version !== VERSION) return null;
    const keys = Object.keys(value).sort().join(",");
    if (keys !== "format,motion,theme,version") return null;
    for (const name of Object.keys(CHOICES)) if (!CHOICES[name].includes(value[name])) return null;
    return { theme: value.theme, motion: value.motion };
  }

  function read() {
    let raw;
    try { raw = store()?.getItem(KEY) ?? null; } catch { raw = null; }
    if (raw === null || raw.length > 1000) return { ...DEFAULTS };
    try { return check(JSON.parse(raw)) ?? { ...DEFAULTS }; } catch { return { ...DEFAULTS }; }
  }

  // A link may show one page in a theme (an iframe on a teacher's dark page: ?embed=1&theme=dark); it is not stored.
  const linked = new URLSearchParams(location.search).get("theme");
  const linkTheme = ["light", "dark", "auto"].includes(linked) ? linked : null;

  let current = read();
  function apply() {
    const theme = linkTheme ? (linkTheme === "auto" ? "system" : linkTheme) : current.theme;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
    const reduce = current.motion === "off" || (current.motion === "system" && lessMotion.matches);
    root.dataset.motion = reduce ? "reduce" : "full";
  }
  const changed = () => { apply(); for (const fn of listeners) fn({ ...current }); };
  lessMotion.addEventListener("change", changed);
  // Another tab of the site changed them: this one follows.
  window.addEventListener("storage", (e) => { if (e.key === KEY || e.key === null) { current = read(); changed(); } });
  apply();

  return {
    CHOICES,
    DEFAULTS,
    /** The chosen settings: {theme, motion}. */
    get: () => ({ ...current }),
    /** Whether this browser can draw the dark theme (CSS light-dark(); older browsers keep the light one). */
    darkSupported: () => typeof CSS !== "undefined" && CSS.supports("color", "light-dark(#000, #fff)"),
    /** Whether motion is off on this page now (the setting, or the system's when the setting is "system"). */
    reducedMotion: () => root.dataset.motion === "reduce",
    /** Change one setting; it applies at once and is kept on this device. An unknown name or value changes nothing. */
    set(name, value) {
      if (!(name in CHOICES) || !CHOICES[name].includes(value)) {
        throw new Error(`${name} is one of ${CHOICES[name]?.join(", ") ?? "theme, motion"}`);
      }
      current = { ...current, [name]: value };
      try {
        store()?.setItem(KEY, JSON.stringify({ format: FORMAT, version: VERSION, ...current }));
      } catch { /* kept for this page only */ }
      changed();
    },
    /** `fn(settings)` after every change (this page's, another tab's, or the system's motion preference). */
    onChange(fn) { listeners.push(fn); },
  };
})();
