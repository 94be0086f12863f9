// The lesson's own settings: its summary, the view its readers get by default, and the match it is played on
// (players, seed, options, and where it starts — the seed's deal, a position in the game's notation, or a game
// record). Changing the match opens the board again; the engine says which steps no longer fit.
import { el } from "../dom.js";
import { field, lessonId, seatLabel } from "./fields.js";
import { optionsForm, playersSelect, readSeed } from "./setup.js";

const POSITION_DELAY = 500; // ms: a position is read once the author stops typing it

export function lessonPanel(ed) {
  const lesson = ed.lesson;
  const slots = ed.lessonSlots;
  const board = { board: true, steps: true, step: true };
  const summary = el("textarea", { rows: 2, dataset: { studio: "summary" },
    oninput: (e) => ed.change(() => { lesson.summary = e.target.value; }) });
  summary.value = lesson.summary || "";
  const viewer = el("select", { dataset: { studio: "lesson-viewer" }, onchange: (e) => ed.change(() => {
    lesson.viewer = e.target.value === "" ? null : +e.target.value;
    ed.refollow();
  }, { step: true }) },
  el("option", { value: "", selected: lesson.viewer === null || lesson.viewer === undefined,
    text: "The spectator (no hidden card)" }),
  Array.from({ length: lesson.players }, (_, s) => el("option", { value: s, selected: lesson.viewer === s,
    text: seatLabel(s) })));
  const seedSaid = el("p", { class: "studio-problem", hidden: true });
  const seed = el("input", { type: "text", inputmode: "numeric", dataset: { studio: "seed" },
    value: lesson.seed ?? 0, onchange: (e) => {
      try {
        const value = readSeed(e.target.value);
        seedSaid.hidden = true;
        ed.change(() => { lesson.seed = value; }, board);
      } catch (err) {
        seedSaid.hidden = false;
        seedSaid.textContent = `Not a seed: ${err.message}.`;
      }
    } });
  const options = structuredClone(lesson.options || {});
  const info = ed.info;
  return el("details", { class: "studio-lesson", open: Boolean(ed.lessonOpen),
    ontoggle: (e) => { ed.lessonOpen = e.target.open; } },
  el("summary", { text: "The lesson: summary, reader, match" }),
  field("Summary (one sentence for the list of lessons)", summary, { path: "summary", slots, scope: "lesson" }),
  field("Readers see the board as (unless a step says otherwise)", viewer, { path: "viewer", slots, scope: "lesson" }),
  field("Players", playersSelect(info, lesson.players, (n) => ed.change(() => {
    lesson.players = n;
    if (Number.isInteger(lesson.viewer) && lesson.viewer >= n) lesson.viewer = 0;
  }, { ...board, lesson: true })), { path: "players", slots, scope: "lesson" }),
  el("div", {}, field("Seed", seed, { path: "seed", slots, scope: "lesson",
    hint: "The same seed deals the same cards and tiles to every reader." }), seedSaid),
  Object.keys(info.options).length ? optionsForm(info, options, () => ed.change(() => {
    lesson.options = structuredClone(options);
  }, board)) : null,
  startField(ed),
  el("p", { class: "hint", dataset: { studio: "file-name" }, text: `Downloads as ${lessonId(lesson)}.json` }),
  el("ul", { class: "studio-lesson-problems studio-problem", hidden: true }));
}

// Where the lesson starts. A record is kept as it came (it fixes the deal); otherwise a position typed in the game's
// notation, read by the engine once the author stops typing, or nothing (the seed's fresh deal).
function startField(ed) {
  const lesson = ed.lesson;
  const start = lesson.start || {};
  if (start.record) {
    const n = Array.isArray(start.record.actions) ? start.record.actions.length : 0;
    return field("Start", el("output", { text: `Where a saved game ends (${n} moves in).` }),
      { path: "start", slots: ed.lessonSlots, scope: "lesson" });
  }
  const box = el("textarea", { rows: 3, class: "studio-notation", dataset: { studio: "start-position" },
    placeholder: "Empty: the seed's fresh deal" });
  box.value = start.position || "";
  box.addEventListener("input", () => {
    clearTimeout(ed.positionInput);
    ed.ctx.pending("position", true);
    ed.positionInput = setTimeout(() => {
      ed.change(() => {
        const text = box.value.trim();
        const next = { ...(lesson.start || {}) };
        if (text) next.position = text;
        else delete next.position;
        if (Object.keys(next).length) lesson.start = next;
        else delete lesson.start;
      }, { board: true, steps: true, step: true });
      ed.ctx.pending("position", false);
    }, POSITION_DELAY);
  });
  const actions = Array.isArray(start.actions) && start.actions.length
    ? `Then ${start.actions.length} move${start.actions.length === 1 ? "" : "s"} written in the file are played. ` : "";
  return field("Start from a position", box, { path: "start", slots: ed.lessonSlots, scope: "lesson",
    hint: `${actions}In the game's notation; the box under the board (“This position in the game's notation”) `
      + "writes the position on show in it." });
}
