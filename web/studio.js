// The Lesson Studio (studio.html): a teacher writes, checks and publishes a lesson in the browser, with nothing but
// the built site. This module starts the engine worker and moves between the two screens: the drafts and a new
// lesson (web/studio/home.js), and one draft being written (web/studio/editor.js). The address names the draft on
// screen (?draft=<id>), so a reload comes back to it; ?lesson=<id> opens a copy of one of the site's lessons.
//
// It never decides a rule: positions, moves, checks and compiled lessons all come from the engine (shoal.bridge).
import { makeAnnouncer, site } from "./board.js";
import { el } from "./dom.js";
import { Engine } from "./engine.js";
import { busyMarker } from "./match.js";
import * as drafts from "./studio/drafts.js";
import { Editor } from "./studio/editor.js";
import { renderHome } from "./studio/home.js";
import { checkShape } from "./studio/shape.js";
import { readBotDelay } from "./validate.js";

const params = new URLSearchParams(location.search);
const body = document.body;
const screen = document.getElementById("screen");
const status = document.getElementById("boot-status");
const setStatus = (s) => { body.dataset.status = s; };
const busy = busyMarker(body);
const waiting = new Set(); // work asked for and not yet started (a check waits for the author to pause)

const { build, games, game: info } = await site();
const PROGRESS = { runtime: "· starting Python…", engine: "· loading the game engine…", ready: "" };
const engine = new Engine(build.stamp, (stage) => { status.textContent = PROGRESS[stage] ?? ""; });

let botDelay = 450;
try { botDelay = readBotDelay(params); } catch { /* the preview's bots keep their pause */ }
const botBudget = parseInt(params.get("botBudget") ?? "", 10) || undefined; // tests: a search bot's small budget

let shippedIndex = null;
const ctx = {
  screen, engine, games, info, busy, botDelay, botBudget,
  announcer: makeAnnouncer(document.getElementById("announcer")),
  home: () => showHome(),
  open: (draft) => showDraft(draft),
  create: (lesson) => createDraft(lesson),
  /** Mark work the author is waiting for (a check due once they pause): the page counts as busy meanwhile. */
  pending(key, on) {
    if (on) waiting.add(key); else waiting.delete(key);
    if (waiting.size) body.dataset.pending = [...waiting].join(" "); else delete body.dataset.pending;
  },
  /** The reason the engine refuses this new lesson's start, or null. */
  async startProblem(lesson) {
    await engine.ready;
    const got = await busy.run(() => engine.call("lesson_check", { lesson }));
    const bad = got.problems.find((p) => p.step === null || p.step === undefined);
    return bad ? bad.text || bad.message : null;
  },
  shipped() {
    shippedIndex ??= fetch("lessons/index.json").then((r) => {
      if (!r.ok) throw new Error(`${r.status}`);
      return r.json();
    });
    return shippedIndex;
  },
  /** The hand-written lesson behind one of the site's compiled lessons. */
  async shippedLesson(id) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id || "")) throw new Error("choose a lesson first");
    const r = await fetch(`lessons/${id}.json`);
    if (!r.ok) throw new Error(`${r.status} for lessons/${id}.json`);
    const compiled = await r.json();
    return checkShape(structuredClone(compiled.source), games);
  },
};

let editor = null;

function leaveEditor() {
  if (editor) editor.destroy();
  editor = null;
}

function showHome(notice = null) {
  leaveEditor();
  history.replaceState(null, "", location.pathname + keepParams());
  renderHome(screen, ctx, notice);
  document.title = "Lesson Studio — Shoal";
  setStatus("studio");
}

async function showDraft(draft) {
  leaveEditor();
  history.replaceState(null, "", `${location.pathname}?draft=${draft.id}${keepParams("&")}`);
  document.title = `${draft.lesson.title || "Untitled lesson"} — Lesson Studio`;
  setStatus("loading");
  screen.replaceChildren(el("p", { class: "loading", text: "Opening the draft…" }));
  await engine.ready;
  editor = new Editor(screen, ctx, draft);
  await editor.start();
  window.studio.editor = editor;
  setStatus("studio");
}

function createDraft(lesson) {
  const draft = { id: drafts.newId(), created: Date.now(), lesson, labels: {} };
  const why = drafts.save(draft);
  if (why) console.info(`Lesson Studio: ${why}`);
  return showDraft(draft);
}

// Test knobs ride along from screen to screen (botDelay, botBudget), nothing else.
function keepParams(sep = "?") {
  const q = new URLSearchParams();
  for (const name of ["botDelay", "botBudget"]) if (params.has(name)) q.set(name, params.get(name));
  const text = q.toString();
  return text ? `${sep}${text}` : "";
}

// Test hooks: the draft on screen (its lesson as it will download) and the engine.
window.studio = { editor: null, lesson: () => editor && structuredClone(editor.lesson) };

engine.ready.then(() => { status.textContent = ""; }, (err) => {
  status.textContent = "";
  screen.replaceChildren(el("p", { class: "error", role: "alert",
    text: `The engine could not start, so lessons cannot be checked here: ${err.message}` }));
  setStatus("error");
});

async function route() {
  if (params.has("draft")) {
    const got = drafts.load(params.get("draft"), games);
    if (got instanceof Error) {
      return showHome(`That draft could not be opened: ${got.message}. It is kept aside below.`);
    }
    if (!got) return showHome("That draft is not in this browser (drafts are kept only where they were written).");
    return showDraft(got);
  }
  if (params.has("lesson")) {
    try { return await createDraft(await ctx.shippedLesson(params.get("lesson"))); } catch (err) {
      return showHome(`That lesson could not be opened: ${err.message}.`);
    }
  }
  return showHome();
}

route().catch((err) => {
  screen.replaceChildren(el("p", { class: "error", role: "alert", text: `The Studio could not open: ${err.message}` }));
  setStatus("error");
});
