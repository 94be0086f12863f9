// Compiled replays on the page (format "shoal-replay", written by the engine: pysrc/shoal/replays.py): a record with
// every step's spectator view beside it, so a replay board paints without Python. Reading one checks its whole shape
// first (a damaged file is refused whole, never half shown); the engine still answers whatever the file does not
// hold (a seat's view, Analyse, play on), from its record. And the page's way to write one: "Download for a page".
import { el } from "./dom.js";
import { brief, checkRecord } from "./validate.js";

export const FORMAT = "shoal-replay";
const VERSION = 1;
export const MAX_REPLAY_CHARS = 64_000_000; // as the engine's (shoal.replays.MAX_FILE): a long Brunch game's is ~2 MB

export const isCompiledReplay = (R) => R !== null && typeof R === "object" && R.format === FORMAT;

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A compiled replay checked whole, or null for anything else (a plain record, replayed by the engine):
 * `{record, total, at(k)}`, `at(k)` being the engine's replay_step answer for the spectator at step k
 * (`{total, upto, move, view}`). Throws an Error that says what is wrong with the file.
 */
export function readReplay(R, games) {
  if (!isCompiledReplay(R)) return null;
  const bad = (why) => new Error(`that compiled replay cannot be shown: ${why}`);
  if (R.version !== VERSION) throw bad(`it is version ${brief(R.version)}, this Shoal reads version ${VERSION}`);
  if (!isObject(R.record)) throw bad("it holds no record");
  try { checkRecord(R.record, games); } catch (err) { throw bad(`its record: ${err.message}`); }
  const { record } = R;
  if (R.game !== record.game || R.players !== record.players) throw bad("its game is not its record's");
  if (!Array.isArray(R.steps) || R.steps.length !== record.actions.length + 1 || R.total !== record.actions.length) {
    throw bad(`its record has ${record.actions.length} moves, so it must have ${record.actions.length + 1} steps`);
  }
  const views = [];
  let log = [];
  R.steps.forEach((step, k) => {
    const view = isObject(step) ? step.view : null;
    if (!isObject(view) || view.game !== record.game || view.players !== record.players) {
      throw bad(`step ${k} has no view of this game`);
    }
    if (view.seat !== null) throw bad(`step ${k} is not the spectator's view (a shared replay shows nobody's hand)`);
    if (!Array.isArray(view.to_act) || typeof view.over !== "boolean" || !isObject(view.table)) {
      throw bad(`step ${k}'s view is not a whole view`);
    }
    const change = isObject(step.log) ? step.log : {};
    if (!Number.isInteger(change.keep) || change.keep < 0 || change.keep > log.length || !Array.isArray(change.add)
      || !change.add.every((line) => typeof line === "string")) {
      throw bad(`step ${k}'s log is not a change to the step before's`);
    }
    log = log.slice(0, change.keep).concat(change.add);
    views.push({ ...view, legal: [], log });
  });
  const total = record.actions.length;
  return {
    record, total,
    at: (k) => ({ total, upto: k, move: k ? record.actions[k - 1] : null, to_act: views[k].to_act,
      over: views[k].over, view: views[k] }),
  };
}

/**
 * "Download for a page": the engine in this page compiles the record (its seats and names kept, every step's
 * spectator view) into the file a teacher puts beside a rules page. `call(cmd, args)` asks the page's engine.
 */
export function replayDownload(record, call) {
  const note = el("span", { class: "hint", role: "status", dataset: { replayFileNote: "" } });
  const run = async () => {
    note.textContent = "Compiling the replay…";
    try {
      const { replay } = await call("replay_compile", { record });
      const { download } = await import("./download.js"); // only for the teacher who asks: readers fetch none
      download(`shoal-${record.game}-${record.seed}-replay.json`, JSON.stringify(replay));
      note.textContent = "Downloaded: every move as the spectator sees it (nobody's hand). A <shoal-board> on " +
        "your own page shows it without Python.";
    } catch (err) {
      note.textContent = `Could not compile the replay: ${err.message}`;
    }
  };
  return el("span", { class: "sv-replay-file" },
    el("button", { type: "button", dataset: { nav: "replay-file" }, onclick: run,
      title: "A file for your own web page: its board steps through this game without downloading Python",
      text: "Download for a page" }), note);
}
