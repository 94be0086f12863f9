// The Studio's first screen: the drafts kept in this browser (and those set aside, unreadable), a new lesson — a
// game, its players, seed and options, and where it starts — and a lesson started from something the author has: a
// file (a lesson, a saved game, a game record) or one of the site's own lessons.
import { el } from "../dom.js";
import * as drafts from "./drafts.js";
import { download, field, lessonId } from "./fields.js";
import { handWritten } from "./publish.js";
import { lessonSeed, optionsForm, playersSelect, readSeed } from "./setup.js";
import { checkShape } from "./shape.js";

const MAX_FILE = 4_000_000; // bytes: the engine reads at most a million characters of a lesson or a record

/** A lesson to write, from a file's JSON: a lesson (hand-written or compiled), or a game record (a saved game). */
export function lessonFrom(obj, games) {
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) throw new Error("it is not a JSON object");
  if (obj.format === "shoal-lesson" && obj.source && typeof obj.source === "object") {
    return checkShape(obj.source, games);
  }
  if ("steps" in obj) return checkShape(obj, games);
  if (typeof obj.game === "string" && Array.isArray(obj.actions)) {
    const { seats: _s, names: _n, ...record } = obj; // a saved game's seats and names are not the record's
    const info = games.find((g) => g.id === record.game);
    const name = String(record.game).slice(0, 20);
    if (!info) throw new Error(`it is a record of a game this site does not offer (${name})`);
    return checkShape({ title: "", game: info.id, players: record.players, start: { record }, viewer: null,
      steps: [{ comment: "" }] }, games);
  }
  throw new Error("it is neither a Shoal lesson nor a Shoal game record");
}

/** Draw the first screen into `screen`. ctx: the page's {games, info, engine, open(draft), create(lesson)}. */
export function renderHome(screen, ctx, notice = null) {
  const list = drafts.list(ctx.games); // reading them sets aside the unusable ones
  const aside = drafts.asideList();
  // replaceChildren writes a null as the text "null": the parts left out are dropped first.
  screen.replaceChildren(...[
    el("h1", { text: "Lesson Studio" }),
    el("p", { class: "studio-intro", text: "Write a lesson for any of the four games by playing it on the real "
      + "board: a comment for each step, the things to look at lit up, questions the reader answers with a move. The "
      + "rules engine checks every step while you write. Nothing leaves this browser until you download the lesson or "
      + "copy its link." }),
    notice ? el("p", { class: "error notice", role: "alert", dataset: { studio: "notice" }, text: notice }) : null,
    draftsSection(ctx, list),
    asideSection(ctx, aside),
    el("div", { class: "studio-start" }, newSection(ctx), openSection(ctx)),
  ].filter(Boolean));
}

function draftsSection(ctx, list) {
  if (!drafts.canKeep()) {
    return el("p", { class: "hint", text: "This browser keeps nothing for this page, so drafts are not kept: download "
      + "your lesson before you leave." });
  }
  if (!list.length) return el("section", { class: "studio-drafts" }, el("h2", { text: "Your drafts" }),
    el("p", { class: "hint", text: "None yet. Every lesson you start here is kept in this browser as you write it." }));
  const when = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return el("section", { class: "studio-drafts" }, el("h2", { text: `Your drafts (${list.length})` }),
    el("ul", { class: "studio-draft-list" }, list.map((d) => {
      const info = ctx.info(d.lesson.game);
      const n = d.lesson.steps.length;
      const remove = el("button", { type: "button", dataset: { studioDelete: d.id }, text: "Delete" });
      remove.addEventListener("click", () => {
        if (remove.dataset.sure) { drafts.remove(d.id); renderHome(ctx.screen, ctx); return; }
        remove.dataset.sure = "1";
        remove.textContent = "Delete for good?";
        setTimeout(() => {
          if (remove.isConnected) { delete remove.dataset.sure; remove.textContent = "Delete"; }
        }, 5000);
      });
      return el("li", { class: "studio-draft", dataset: { draft: d.id } },
        el("div", { class: "studio-draft-text" },
          el("strong", { text: d.lesson.title || "Untitled lesson" }),
          el("small", { text: `${info.title} · ${n} step${n === 1 ? "" : "s"} · changed ${when(d.updated)}` })),
        el("div", { class: "studio-draft-tools" },
          el("button", { type: "button", class: "primary", dataset: { studioOpen: d.id }, onclick: () => ctx.open(d),
            text: "Open" }),
          el("button", { type: "button", onclick: () => download(`${lessonId(d.lesson)}.json`,
            `${JSON.stringify(handWritten(d.lesson), null, 2)}\n`), text: "Download" }),
          remove));
    })));
}

function asideSection(ctx, aside) {
  if (!aside.length) return null;
  return el("details", { class: "studio-aside", open: true, dataset: { studioAside: String(aside.length) } },
    el("summary", { text: `Drafts that could not be opened (${aside.length})` }),
    el("p", { class: "hint", text: "Kept as they were, so nothing is lost: download one to look at it, or "
      + "delete it." }),
    el("ul", {}, aside.map((a) => el("li", {}, `Set aside: ${a.reason}. `,
      el("button", { type: "button", onclick: () => download(`set-aside-draft-${a.id}.json`, a.raw),
        text: "Download it" }), " ",
      el("button", { type: "button", onclick: () => { drafts.dropAside(a.id); renderHome(ctx.screen, ctx); },
        text: "Delete it" })))));
}

// A new lesson: the game, its players, seed and options, and optionally a position in the game's notation to start
// from (checked by the engine before the draft is made).
function newSection(ctx) {
  const form = el("form", { class: "studio-new", dataset: { studio: "new-form" } });
  let game = ctx.games[0];
  let players = game.min_players;
  let options = {};
  const seed = el("input", { type: "text", inputmode: "numeric", dataset: { studio: "new-seed" },
    value: String(lessonSeed()), autocomplete: "off" });
  const position = el("textarea", { rows: 3, class: "studio-notation", dataset: { studio: "new-position" },
    placeholder: "Empty: the seed's fresh deal" });
  const said = el("p", { class: "studio-problem", role: "alert", hidden: true, dataset: { studio: "new-problem" } });
  const draw = () => {
    const fields = [
      field("Game", el("select", { dataset: { studio: "game" }, onchange: (e) => {
        game = ctx.info(e.target.value);
        players = Math.min(Math.max(players, game.min_players), game.max_players);
        options = {};
        draw();
      } }, ctx.games.map((g) => el("option", { value: g.id, selected: g === game, text: g.title })))),
      field("Players", playersSelect(game, players, (n) => { players = n; })),
      field("Seed", seed, { hint: "The same seed deals the same game to every reader." }),
      Object.keys(game.options).length ? optionsForm(game, options, () => {}, "new") : null,
      field("Start from a position (optional)", position,
        { hint: "In the game's notation: every board in the Studio writes its position under it (“This position in "
          + "the game's notation”), ready to copy here." }),
      said,
      el("button", { type: "submit", class: "primary", dataset: { studio: "new" }, text: "Start writing" }),
    ];
    form.replaceChildren(el("h2", { text: "A new lesson" }), ...fields.filter(Boolean));
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    said.hidden = true;
    let lesson;
    try {
      lesson = { title: "", game: game.id, players, seed: readSeed(seed.value), viewer: 0, steps: [{ comment: "" }] };
    } catch (err) {
      said.hidden = false;
      said.textContent = `Not a seed: ${err.message}.`;
      return;
    }
    const chosen = Object.fromEntries(Object.entries(options).filter(([k, v]) => v !== game.options[k].default));
    if (Object.keys(chosen).length) lesson.options = chosen;
    if (position.value.trim()) lesson.start = { position: position.value.trim() };
    // The engine reads the start before any draft is made: a position it refuses is said here, nothing is kept.
    ctx.pending("new", true);
    let why;
    try { why = await ctx.startProblem(lesson); } catch (err) { why = err.message; }
    ctx.pending("new", false);
    if (why) {
      said.hidden = false;
      said.textContent = why;
      return;
    }
    ctx.create(lesson);
  });
  draw();
  return form;
}

// A lesson from a file the author has, or from one of the site's lessons (a copy: the site's own stays as it is).
function openSection(ctx) {
  const said = el("p", { class: "studio-problem", role: "alert", hidden: true, dataset: { studio: "open-problem" } });
  const fail = (what, err) => {
    said.hidden = false;
    said.textContent = `${what} could not be opened: ${err.message}.`;
  };
  const file = el("input", { type: "file", accept: ".json,application/json", dataset: { studio: "open-file" },
    onchange: async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      try {
        if (f.size > MAX_FILE) throw new Error("it is too large to be a lesson or a game record");
        let obj;
        try { obj = JSON.parse(await f.text()); } catch { throw new Error("it is not JSON"); }
        ctx.create(lessonFrom(obj, ctx.games));
      } catch (err) {
        fail("That file", err);
      }
    } });
  const shipped = el("select", { dataset: { studio: "shipped" } }, el("option", { value: "", text: "Loading…" }));
  ctx.shipped().then((lessons) => {
    shipped.replaceChildren(...ctx.games.map((g) => el("optgroup", { label: g.title },
      lessons.filter((l) => l.game === g.id).map((l) => el("option", { value: l.id, text: l.title })))));
  }, () => shipped.replaceChildren(el("option", { value: "", text: "This site lists no lessons" })));
  const openShipped = el("button", { type: "button", dataset: { studio: "open-shipped" }, text: "Open a copy",
    onclick: async () => {
      try { ctx.create(await ctx.shippedLesson(shipped.value)); } catch (err) { fail("That lesson", err); }
    } });
  return el("section", { class: "studio-open" }, el("h2", { text: "Start from something you have" }),
    field("A file: a lesson, a saved game or a game record (.json)", file),
    el("div", { class: "studio-inline" }, field("One of this site's lessons", shipped), openShipped),
    said);
}
