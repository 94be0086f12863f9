// What the browser tests ask a page, the same in every engine (Chromium through Playwright, Firefox through puppeteer,
// WebKit through Selenium): one function expression, evaluated with one plain-JSON argument `{cmd, ...}`.
// It never clicks: it says where a person would click, and whether that spot is the target's (the topmost element at
// the centre of the target is the target or inside it); the harness then clicks there with the engine's own pointer.
(({ cmd, scope = "", kind = "", index = 0, pick = null, selector = "" }) => {
  const shown = (node) => (node.checkVisibility
    ? node.checkVisibility({ visibilityProperty: true, opacityProperty: false })
    : node.getClientRects().length > 0) && !node.closest("[hidden], [inert]");
  const root = () => (scope ? document.querySelector(scope) : document.body) || document.body;
  const describe = (node) => {
    const data = node.dataset ? Object.entries(node.dataset).map(([k, v]) => `${k}=${v}`).join(" ") : "";
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${data ? ` ${data.slice(0, 160)}` : ""}>`;
  };
  // What can be done now: the offered actions, else the steps toward one (as the Chromium driver chooses).
  const candidates = () => {
    const of = (sel) => [...root().querySelectorAll(sel)].filter(shown);
    const actions = of("[data-action]");
    return actions.length ? { kind: "action", nodes: actions } : { kind: "step", nodes: of("[data-step]") };
  };
  // A person reads these: visible text, a field's value and placeholder, a tooltip, what a screen reader says.
  const STRAY = /\b(null|undefined|NaN)\b|\[object [A-Za-z]+\]/;
  const stray = () => {
    const found = [];
    const note = (node, where, text) => {
      if (text && STRAY.test(text)) {
        found.push(`${describe(node)} ${where}: ${JSON.stringify(text.trim().slice(0, 120))}`);
      }
    };
    note(document.documentElement, "title", document.title);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const parent = t.parentElement;
      if (!parent || /^(SCRIPT|STYLE|TEMPLATE)$/.test(parent.tagName)) continue;
      if (parent.tagName === "OPTION" ? shown(parent.closest("select") || parent) : shown(parent)) {
        note(parent, "text", t.data);
      }
    }
    for (const node of document.body.querySelectorAll("[title], [aria-label], [placeholder], [alt], input, textarea")) {
      if (!shown(node)) continue;
      for (const attr of ["title", "aria-label", "placeholder", "alt"]) note(node, attr, node.getAttribute(attr));
      if ("value" in node && node.type !== "hidden") note(node, "value", String(node.value));
    }
    return found;
  };
  switch (cmd) {
    case "install": {
      // Every error a page reports to itself: uncaught errors, unhandled rejections, console.error/warn calls and
      // Content-Security-Policy violations (for engines whose driver relays no console).
      if (window.__shoalProbeErrors) return true;
      const errors = (window.__shoalProbeErrors = []);
      const text = (x) => (x instanceof Error ? `${x.name}: ${x.message}`
        : typeof x === "object" ? JSON.stringify(x) : String(x));
      const said = (e) => `error: ${e.message || text(e.error) || describe(e.target)}`;
      window.addEventListener("error", (e) => errors.push(said(e)), true);
      window.addEventListener("unhandledrejection", (e) => errors.push(`unhandled rejection: ${text(e.reason)}`));
      document.addEventListener("securitypolicyviolation",
        (e) => errors.push(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`));
      for (const level of ["error", "warn"]) {
        const original = console[level].bind(console);
        console[level] = (...args) => {
          errors.push(`console.${level}: ${args.map(text).join(" ")}`);
          original(...args);
        };
      }
      return true;
    }
    case "errors": {
      const errors = window.__shoalProbeErrors || [];
      return errors.splice(0, errors.length);
    }
    case "state": {
      // The match page's hooks on <body>; the step viewer's on `.shoal-view` (lessons, embeds).
      const node = scope ? document.querySelector(scope) : document.body;
      if (!node) return { status: "", busy: true };
      return { status: node.dataset.status || "", busy: !!node.dataset.busy,
        painted: node.dataset.painted !== undefined };
    }
    case "targets": {
      const { kind: k, nodes } = candidates();
      return { kind: k, targets: nodes.map(describe) };
    }
    case "aim": {
      // The `index`-th candidate of `kind`, or the one at `pick` (0 ≤ pick < 1) along what is offered now, or the
      // element `selector` names; scrolled into view when it is not wholly in it; where its centre is, and whether a
      // click there lands on it.
      let node;
      if (selector) {
        node = document.querySelector(selector);
        if (!node || !shown(node)) return { ok: false, why: `${selector} is not on screen` };
      } else {
        const { kind: k, nodes } = candidates();
        if (pick !== null) { index = Math.floor(pick * nodes.length); kind = k; }
        node = nodes[index];
        if (!node || k !== kind) return { ok: false, why: `no ${kind} #${index} (now ${k}s: ${nodes.length})` };
      }
      let r = node.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
        node.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
        r = node.getBoundingClientRect();
      }
      const x = Math.round(r.left + r.width / 2);
      const y = Math.round(r.top + r.height / 2);
      const hit = document.elementFromPoint(x, y);
      const ok = !!hit && (hit === node || node.contains(hit));
      return { ok, x, y, target: describe(node), hit: hit ? describe(hit) : "nothing", why: ok ? "" : "covered" };
    }
    case "stray": return stray();
    default: throw new Error(`probe: unknown command ${cmd}`);
  }
})
