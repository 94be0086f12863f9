// The AQUA progress track: up to four named players' 50 achievements (Scenarios A–O, Challenges 1–25, Modifications
// 1–10), kept in this browser's localStorage across visits, drawn as the rulebook's row of corals per player, and
// exported / imported as a JSON file. A corrupt or foreign file is refused with a clear message and nothing changes.
// The list of achievements comes from ./aqua-achievements.json (a copy of the engine's tables, kept equal by a test).
import { el, svg } from "./dom.js";

export const STORAGE_KEY = "shoal.aqua.progress.v1";
export const FORMAT = "shoal-aqua-progress";
export const VERSION = 1;
export const MAX_PLAYERS = 4;
const MAX_NAME = 40;
const ROW_COLOURS = ["#e8590c", "#d6a400", "#2f9e44", "#1c7ed6"]; // one coral colour per row of the track
const STAMP = new URL(import.meta.url).search; // the site's ?v= stamp, passed on to what this module fetches

/** A refusal the person should read: why a file, a name or a mark was not accepted. */
export class ProgressError extends Error {}

// ---- the list of achievements ----------------------------------------------------------------------------------
let cataloguePromise = null;
export function loadCatalogue() {
  cataloguePromise ??= fetch(new URL(`./aqua-achievements.json${STAMP}`, import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`the list of achievements did not load (${r.status})`);
    return r.json();
  });
  return cataloguePromise;
}

function groups(cat) {
  return [
    { title: "Scenarios", items: cat.scenarios.map(
      (s) => ({ id: s.id, label: s.letter,
      text: `Scenario ${s.letter}: Ecosystems ${s.ecosystems.join(", ")}; ${s.min_score}+ points; ` +
      `objective: ${s.objective}` })) },
    { title: "Challenges", items: cat.challenges.map(
      (c) => ({ id: c.id, label: String(c.number),
      text: `Challenge ${c.number}: ${c.text}${c.solo ? "" : " (not solo)"}` })) },
    { title: "Modifications", items: cat.modifications.map(
      (m) => ({ id: m.id, label: String(m.number), text: `Modification ${m.number}: ${m.text}` })) },
  ];
}

// ---- reading, checking, writing ----------------------------------------------------------------------------------
export function emptyProgress() { return { format: FORMAT, version: VERSION, players: [] }; }

/**
 * Check a progress object (from storage or a file) and return a clean copy, or throw ProgressError saying what is
 * wrong. With `ids` (the 50 achievement ids) every mark must name a known achievement.
 */
export function checkProgress(data, ids = null) {
  const fail = (why) => { throw new ProgressError(why); };
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    fail("it is not a progress track (expected a JSON object)");
  }
  if (data.format !== FORMAT) {
    fail(`it is not an AQUA progress track (its "format" is ${JSON.stringify(data.format ?? null)}, not "${FORMAT}")`);
  }
  if (data.version !== VERSION) {
    fail(`it was written for version ${JSON.stringify(data.version ?? null)} of the track; this page reads ` +
      `version ${VERSION}`);
  }
  if (!Array.isArray(data.players)) fail("it has no list of players");
  if (data.players.length > MAX_PLAYERS) {
    fail(`it names ${data.players.length} players; the track has rows for ${MAX_PLAYERS}`);
  }
  const seen = new Set();
  const players = data.players.map((p, i) => {
    if (!p || typeof p !== "object" || Array.isArray(p)) fail(`row ${i + 1} is not a player`);
    const name = typeof p.name === "string" ? p.name.trim() : "";
    if (!name || name.length > MAX_NAME) fail(`row ${i + 1} has no name of 1–${MAX_NAME} characters`);
    if (seen.has(name.toLowerCase())) fail(`the name "${name}" is on two rows`);
    seen.add(name.toLowerCase());
    if (!p.marks || typeof p.marks !== "object" || Array.isArray(p.marks)) fail(`"${name}" has no marks`);
    const marks = {};
    for (const [id, when] of Object.entries(p.marks)) {
      if (ids && !ids.includes(id)) fail(`"${name}" has a mark for "${id}", which is no AQUA achievement`);
      if (typeof when !== "string" || when.length > 40) fail(`the mark of ${id} for "${name}" is not a date`);
      marks[id] = when;
    }
    return { name, marks };
  });
  return { format: FORMAT, version: VERSION, players };
}

/** The track saved in this browser; throws ProgressError if what is saved there is damaged. */
export function readProgress() {
  let raw;
  try { raw = localStorage.getItem(STORAGE_KEY); } catch { return emptyProgress(); }
  if (raw === null) return emptyProgress();
  let data;
  try { data = JSON.parse(raw); } catch {
    throw new ProgressError("the progress track saved in this browser is damaged (not JSON)");
  }
  try { return checkProgress(data); } catch (e) {
    throw new ProgressError(`the progress track saved in this browser is damaged: ${e.message}`);
  }
}

export function writeProgress(progress) {
  const clean = checkProgress(progress);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(clean));
  return clean;
}

export function clearProgress() { localStorage.removeItem(STORAGE_KEY); }

const today = () => new Date().toISOString().slice(0, 10);
const findPlayer = (progress, name) => progress.players.find((p) => p.name.toLowerCase() === name.trim().toLowerCase());

/** Add a named row (if the track has room); returns the progress. */
export function addPlayer(name) {
  const progress = readProgress();
  const clean = String(name ?? "").trim();
  if (!clean || clean.length > MAX_NAME) throw new ProgressError(`a name needs 1–${MAX_NAME} characters`);
  if (findPlayer(progress, clean)) return progress;
  if (progress.players.length >= MAX_PLAYERS) {
    throw new ProgressError(`the track already has rows for ${MAX_PLAYERS} players ` +
      `(${progress.players.map((p) => p.name).join(", ")}); free one on the progress track page`);
  }
  progress.players.push({ name: clean, marks: {} });
  return writeProgress(progress);
}

export function removePlayer(name) {
  const progress = readProgress();
  progress.players = progress.players.filter((p) => p !== findPlayer(progress, name));
  return writeProgress(progress);
}

/** Mark achievement `id` for the player `name` (a new row if needed). Returns {progress, added}. */
export function markAchievement(name, id, when = today()) {
  addPlayer(name);
  const progress = readProgress();
  const player = findPlayer(progress, name);
  const added = !player.marks[id];
  if (added) player.marks[id] = when;
  return { progress: writeProgress(progress), added };
}

/** Take a mark back (the end screen's "undo" for a mark made a moment ago). */
export function unmarkAchievement(name, id) {
  const progress = readProgress();
  const player = findPlayer(progress, name);
  if (player) delete player.marks[id];
  return writeProgress(progress);
}

export function marksOf(name) {
  const player = findPlayer(readProgress(), name);
  return player ? { ...player.marks } : {};
}

// ---- one Challenge per game, whatever the reloads ------------------------------------------------------------------
// The marks made from each finished game, by the game's identity (a hash of its record: game, rules version, players,
// seed, options, starting position and every action), so that re-opening the same game ("Load game", a link, a
// reload) shows what was marked from it and cannot mark a second Challenge. Kept apart from the track, whose file
// format is unchanged.
export const GAMES_KEY = "shoal.aqua.marked-games.v1";
const MAX_GAMES = 500;

function cyrb53(text, seed) {
  let h1 = 0xdeadbeef ^ seed, h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** The identity of a match record: the same game, however it was re-opened, gives the same string. */
export function gameIdentity(record) {
  const text = JSON.stringify([record.game, record.rules_version, record.players, record.seed, record.options ?? {},
    record.position ?? null, record.actions]);
  return `g${cyrb53(text, 1)}${cyrb53(text, 2)}`;
}

function readGames() {
  try {
    const data = JSON.parse(localStorage.getItem(GAMES_KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch { return {}; }
}

/** What seat `seat` marked from game `identity`: {name, ids: [...]}, or null. */
export function gameMarks(identity, seat) {
  const entry = readGames()[identity];
  const mine = entry && entry[String(seat)];
  return mine && typeof mine.name === "string" && Array.isArray(mine.ids)
    ? { name: mine.name, ids: mine.ids.filter((x) => typeof x === "string") } : null;
}

/** Remember (or, with `add` false, forget) that seat `seat` marked `id` for `name` from game `identity`. */
export function rememberGameMark(identity, seat, name, id, add = true) {
  const games = readGames();
  const entry = (games[identity] = games[identity] || {});
  const mine = entry[String(seat)] || { name, ids: [] };
  mine.ids = add ? [...new Set([...(mine.ids || []), id])] : (mine.ids || []).filter((x) => x !== id);
  if (mine.ids.length) entry[String(seat)] = mine; else delete entry[String(seat)];
  if (!Object.keys(entry).length) delete games[identity];
  const keys = Object.keys(games);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_GAMES))) delete games[old];
  localStorage.setItem(GAMES_KEY, JSON.stringify(games));
}

// ---- export and import ------------------------------------------------------------------------------------------
export function exportProgress() {
  const progress = readProgress();
  const text = JSON.stringify({ ...progress, exported: new Date().toISOString() }, null, 1);
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: "aqua-progress.json" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Replace the saved track by the one in `file`, or throw ProgressError and change nothing. */
export async function importProgress(file) {
  let text;
  try { text = await file.text(); } catch { throw new ProgressError("the file could not be read"); }
  if (text.length > 1_000_000) throw new ProgressError("it is far too large to be a progress track");
  let data;
  try { data = JSON.parse(text); } catch { throw new ProgressError("it is not JSON"); }
  const catalogue = await loadCatalogue();
  const clean = checkProgress(data, catalogue.ids);
  return writeProgress(clean);
}

// ---- drawing -----------------------------------------------------------------------------------------------------
let stylesAdded = false;
export function ensureStyles() {
  if (stylesAdded || document.getElementById("css-progress")) return;
  stylesAdded = true;
  document.head.append(el("link", { id: "css-progress", rel: "stylesheet",
    href: new URL(`./progress.css${STAMP}`, import.meta.url).href }));
}

/** The row of 50 corals: one coral (a rhombus, like a third of a tile) per achievement marked, filled from the left,
 *  in five groups of ten along a sandy line. */
export function coralTrack(count, colour, total = 50) {
  const W = 11, GAP = 8, H = 30;
  const corals = [];
  for (let i = 0; i < total; i++) {
    const x = 8 + i * W + Math.floor(i / 10) * GAP;
    const y = i % 2 ? 13 : 15;
    const on = i < count;
    corals.push(svg("path", {
      class: "coral" + (on ? " on" : ""),
        d: `M${x} ${y - 9} L${x + 4.5} ${y - 1} L${x} ${y + 7} L${x - 4.5} ${y - 1} Z`,
      fill: on ? colour : "#ffffff", stroke: on ? colour : "#9fb3c8",
    }));
  }
  const width = 16 + (total - 1) * W + Math.floor((total - 1) / 10) * GAP;
  return svg("svg", { class: "coral-track", viewBox: `0 0 ${width} ${H}`, role: "img",
    "aria-label": `${count} of ${total} corals marked` },
    svg("path", { d: `M2 ${H - 4} H${width - 2}`, stroke: "#c9b88f", "stroke-width": 3, "stroke-linecap": "round" }),
      corals);
}

/** One player's row: name, the coral track, and which of the 50 achievements are marked (with their words). */
export function trackRow(player, catalogue, index = 0, extra = null) {
  const marks = player.marks;
  const count = Object.keys(marks).filter((id) => catalogue.ids.includes(id)).length;
  const colour = ROW_COLOURS[index % ROW_COLOURS.length];
  return el("section", { class: "track-row", dataset: { trackPlayer: player.name }, style: { borderColor: colour } },
    el("header", {}, el("h3", { text: player.name }),
      el("span", { class: "track-count", dataset: { trackCount: String(count) },
      text: `${count} of ${catalogue.ids.length} achievements` }), extra),
    coralTrack(count, colour, catalogue.ids.length),
    el("div", { class: "ach-groups" }, groups(catalogue).map((g) => el("div", { class: "ach-group" },
      el("h4", { text: g.title }),
      el("ul", { class: "ach-grid" }, g.items.map((it) => el("li", {
        class: "ach" + (marks[it.id] ? " marked" : ""),
          title: `${it.text}${marks[it.id] ? ` — marked ${marks[it.id]}` : ""}`,
        dataset: { achievement: it.id, ...(marks[it.id] ? { marked: marks[it.id] } : {}) },
        style: marks[it.id] ? { background: colour, borderColor: colour } : {},
      }, it.label)))))));
}

/** The whole track (every player's row) into `root`; `names` limits it to some players. */
export function renderTrack(root, { names = null, extra = null } = {}) {
  ensureStyles();
  const box = el("div", { class: "aqua-track" }, el("p", { class: "hint", text: "Loading the progress track…" }));
  root.append(box);
  loadCatalogue().then((catalogue) => {
    let progress;
    try { progress = readProgress(); } catch (e) {
      box.replaceChildren(el("p", { class: "error", role: "alert", text: `${e.message}.` })); return;
    }
    const rows = progress.players
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => !names || names.some((n) => n.toLowerCase() === p.name.toLowerCase()));
    box.replaceChildren(...(rows.length ? rows.map(({ p, i }) => trackRow(p, catalogue, i, extra ? extra(p) : null))
      : [el("p", { class: "hint", text: "No one is on the progress track yet." })]));
  }, (err) => box.replaceChildren(el("p", { class: "error", role: "alert", text: err.message })));
  return box;
}

// ---- the standalone page (progress.html) ---------------------------------------------------------------------------
export function renderProgressPage(root) {
  ensureStyles();
  const message = el("p", { class: "track-message", role: "status" });
  const say = (text, bad = false) => { message.textContent = text;
    message.className = "track-message" + (bad ? " error" : " ok"); };
  const tracks = el("div", { class: "track-rows" });
  const nameInput = el("input", { id: "track-name", type: "text", maxlength: MAX_NAME, placeholder: "a name",
    autocomplete: "off" });
  const addButton = el("button", { type: "submit", dataset: { step: "track-add" }, text: "Add a player" });

  const redraw = () => {
    tracks.replaceChildren();
    let count;
    try { count = readProgress().players.length; } catch (e) {
      tracks.append(el("p", { class: "error", role: "alert",
        text: `${e.message}. Import a good file, or start afresh.` }),
        el("button", { type: "button", dataset: { step: "track-reset" }, text: "Start a new, empty track",
          onclick: () => {
            if (!confirm("Clear the damaged progress track saved in this browser?")) return;
            clearProgress();
            say("Started a new, empty track.");
            redraw();
          } }));
      return;
    }
    addButton.disabled = nameInput.disabled = count >= MAX_PLAYERS;
    renderTrack(tracks, {
      extra: (p) => el("button", { type: "button", class: "track-remove", dataset: { step: `track-remove-${p.name}` },
        text: "Remove",
        onclick: () => { if (confirm(`Remove ${p.name} and all their marks from the track?`)) { removePlayer(p.name);
          say(`Removed ${p.name}.`); redraw(); } } }),
    });
  };

  const fileInput = el("input", { id: "track-import", type: "file", accept: ".json,application/json", hidden: true,
    onchange: async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    try {
      const progress = await importProgress(file);
      const n = progress.players.length;
      const who = progress.players.map((p) => p.name).join(", ") || "nobody";
      say(`Imported the progress of ${n} player${n === 1 ? "" : "s"}: ${who}.`);
    } catch (err) {
      say(`Could not import that file: ${err.message}. Your progress track was not changed.`, true);
    }
    redraw();
  } });

  root.append(
    el("h1", { text: "AQUA progress track" }),
    el("p", { class: "hint",
      text: "Up to four players chase AQUA's 50 achievements: 15 Scenarios, 25 Challenges and 10 Modifications. " +
        "Marks are made on the end screen of a match of AQUA: Biodiversity in the Oceans, and kept in this browser. " +
        "Save them to a file to keep them safe or to move them to another device." }),
    message,
    tracks,
    el("form", { class: "track-tools", onsubmit: (e) => {
      e.preventDefault();
      try { addPlayer(nameInput.value); say(`Added ${nameInput.value.trim()}.`); nameInput.value = ""; } catch (err) {
        say(`${err.message}.`, true);
      }
      redraw();
    } }, el("label", { for: "track-name", text: "New player " }), nameInput, addButton),
    el("div", { class: "track-tools" },
      el("button", { type: "button", dataset: { step: "track-export" }, text: "Save the track to a file",
        onclick: () => {
        try { exportProgress(); say("Saved aqua-progress.json."); } catch (err) { say(`${err.message}.`, true); }
      } }),
      el("label", { class: "button", for: "track-import" }, "Load a track from a file…", fileInput)),
    el("p", {}, el("a", { href: "./?game=reef&players=1&seats=human", text: "Play AQUA solo" }), " · ",
      el("a", { href: "./", text: "All games" })),
  );
  redraw();
}
