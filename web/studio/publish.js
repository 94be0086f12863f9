// Publishing without a build: preview the lesson as its readers will see it (the real step viewer on the lesson the
// engine compiles in this page), download the lesson compiled by that engine (a page paints it without Python; the
// Studio, the checker and the build read its source) or the hand-written source alone, copy a link that carries the
// whole lesson in its fragment, or copy the code that puts it on another page (a <shoal-board> or an iframe).
import { el } from "../dom.js";
import { lessonUrl } from "../share.js";
import { openViewer } from "../viewer.js";
import { copyText, download, flash, lessonId } from "./fields.js";

/** The lesson as its file says it: what the author wrote, without the empty fields the Studio keeps while editing. */
export function handWritten(lesson) {
  const out = {};
  for (const key of ["title", "summary", "game", "players", "options", "seed", "start", "viewer"]) {
    const v = lesson[key];
    if (v === undefined || v === "" || (key === "options" && !Object.keys(v || {}).length)) continue;
    out[key] = v;
  }
  out.steps = lesson.steps.map((s) => {
    const step = {};
    if (s.move) step.move = s.move;
    step.comment = s.comment;
    if (s.highlight && s.highlight.length) step.highlight = s.highlight;
    if ("viewer" in s) step.viewer = s.viewer;
    if (s.question) step.question = s.question;
    return step;
  });
  return out;
}

/** The bar of the editor's publishing tools, and the box their results show in. `ed`: the Editor. */
export function publishBar(ed) {
  const out = el("div", { class: "studio-out", dataset: { studio: "out" } });
  const said = el("span", { class: "hint", role: "status" });
  const button = (studio, text, onclick, primary = false) => el("button", { type: "button",
    class: primary ? "primary" : "", dataset: { studio }, text, onclick: () => onclick().catch((err) => {
      out.replaceChildren(el("p", { class: "error", role: "alert", text: err.message }));
    }) });
  const file = () => `${lessonId(ed.lesson)}.json`;
  const sourceFile = () => `${lessonId(ed.lesson)}-source.json`;
  const text = () => `${JSON.stringify(handWritten(ed.lesson), null, 2)}\n`;
  const node = el("div", { class: "studio-publish" },
    el("div", { class: "studio-publish-tools" },
      button("preview", "Preview", () => preview(ed), true),
      button("download", "Download lesson", async () => {
        const { lesson } = await ed.ctx.busy.run(() => ed.ctx.engine.call("lesson_compile",
          { lesson: handWritten(ed.lesson), id: lessonId(ed.lesson) })).catch((err) => {
          throw new Error(`The lesson cannot be downloaded for readers yet (Download source keeps it as written): ${
            err.message}`);
        });
        download(file(), `${JSON.stringify(lesson)}\n`);
        flash(said, `Downloaded ${file()}: its readers' page shows it without starting Python.`);
      }),
      button("download-source", "Download source", async () => {
        download(sourceFile(), text());
        flash(said, `Downloaded ${sourceFile()}, the hand-written lesson.`);
      }),
      button("link", "Copy link", async () => {
        const url = await lessonUrl(handWritten(ed.lesson), new URL("index.html", location.href).href);
        const field = el("input", { type: "text", readonly: true, class: "studio-link", value: url,
          dataset: { studio: "link-out" }, "aria-label": "Link to this lesson" });
        out.replaceChildren(el("div", { class: "studio-out-row" },
          el("label", { for: "studio-link-out", text: "Link (the whole lesson is in it; nothing is uploaded)" }),
          field, el("a", { href: url, target: "_blank", rel: "noopener", text: "Open it" })));
        field.id = "studio-link-out";
        field.select();
        flash(said, await copyText(url));
      }),
      button("embed", "Copy embed code", async () => {
        const url = await lessonUrl(handWritten(ed.lesson), new URL("index.html", location.href).href);
        const codes = embedCodes(ed.lesson, file(), url);
        out.replaceChildren(...codes.map(([label, code, studio]) => {
          const box = el("textarea", { readonly: true, rows: code.split("\n").length, class: "studio-code",
            dataset: { studio } });
          box.value = code;
          const copied = el("span", { class: "hint", role: "status" });
          return el("div", { class: "studio-out-row" }, el("label", {}, label, box),
            el("button", { type: "button", onclick: async () => { box.select(); flash(copied, await copyText(code)); },
              text: "Copy" }), copied);
        }));
        flash(said, await copyText(codes[0][1]));
      })),
    said);
  return { node: el("div", { class: "studio-publish-box" }, node, out) };
}

/**
 * The two ways to put the lesson on another page (docs/embedding.md): the <shoal-board> element, which reads the
 * downloaded file put beside the page, and an iframe whose link carries the lesson itself. Both work under a strict
 * Content-Security-Policy: no inline script, no style attribute. The site is assumed in a folder `shoal/` beside the
 * page, as in docs/embedding.md.
 */
export function embedCodes(lesson, file, url) {
  const link = new URL(url);
  link.searchParams.set("embed", "1");
  const src = `shoal/index.html${link.search}${link.hash}`;
  const title = String(lesson.title || "A Shoal lesson").replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    ["The element (put the file from Download lesson beside your page; reading it needs no Python)", [
      '<link rel="stylesheet" href="shoal/viewer.css">',
      '<script type="module" src="shoal/embed.js"></script>',
      `<shoal-board lesson="${file}"></shoal-board>`,
    ].join("\n"), "embed-out"],
    ["An iframe (no file needed: the lesson is in its link; iframe.js fits the frame to the lesson's height)", [
      `<iframe src="${src}" title="${title}" width="900" height="760"></iframe>`,
      '<script src="shoal/iframe.js"></script>',
    ].join("\n"), "iframe-out"],
  ];
}

// The lesson as its readers will see it: compiled by the engine in this page, shown in the site's step viewer, in a
// dialog over the editor. A lesson the engine refuses is not shown; the reason is.
async function preview(ed) {
  const host = el("div", { class: "studio-preview-board" });
  const closeButton = el("button", { type: "button", class: "primary", dataset: { studio: "close-preview" },
    text: "Back to the Studio" });
  const dialog = el("dialog", { class: "studio-preview", "aria-labelledby": "studio-preview-title" },
    el("div", { class: "studio-preview-head" },
      el("h2", { id: "studio-preview-title", text: "Preview: what your readers see" }), closeButton),
    host);
  let viewer = null;
  const close = () => dialog.close();
  closeButton.addEventListener("click", close);
  dialog.addEventListener("close", () => {
    if (viewer) viewer.destroy();
    dialog.remove();
    ed.screen.querySelector("[data-studio=preview]")?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  host.append(el("p", { class: "loading", text: "Compiling the lesson…" }));
  try {
    const got = await ed.ctx.busy.run(() => ed.ctx.engine.call("lesson_compile", { lesson: handWritten(ed.lesson) }));
    if (!dialog.open) return;
    viewer = await openViewer(host, { lesson: got.lesson, engine: () => ed.ctx.engine, match: "studio-preview",
      botDelay: ed.ctx.botDelay, botBudget: ed.ctx.botBudget });
    dialog.dataset.painted = "1";
  } catch (err) {
    host.replaceChildren(el("p", { class: "error", role: "alert", dataset: { studio: "preview-error" },
      text: `The lesson cannot be shown yet: ${err.message}` }));
  }
}
