// Shoal's page: the lobby, routing, the saves, and what surrounds the match on screen (its frame, the end screen's
// tools, Save and Load, the Keys panel). The turn loop itself is web/match.js, shared with every embedded board.
// It never decides a rule: it shows Match.view(seat) and sends back actions found in view.legal.
import { loadRenderer, makeAnnouncer, site } from "./board.js";
import { el } from "./dom.js";
import { download } from "./download.js";
import { Engine, onFirstUse, startWhenIdle } from "./engine.js";
import * as latency from "./latency.js";
import { defaultBot, renderLobby } from "./lobby.js";
import { Hints } from "./hint.js";
import { ownSeat } from "./seats.js";
import { parentTarget } from "./host.js";
import { reportHeight } from "./iframe-size.js";
import { Match, busyMarker } from "./match.js";
import { openViewer } from "./viewer.js";
import * as saved from "./saved.js";
import { shareUrl } from "./share.js";
import { newSeed } from "./seed.js";
import {
  MAX_RECORD_CHARS, checkPlayers, checkRecord, parseRecordText, readBotDelay, readDeepLink,
} from "./validate.js";
import { Regions } from "./redraw.js";
import { registerServiceWorker } from "./update.js";
import { MAX_REPLAY_CHARS, isCompiledReplay } from "./replay-file.js";

const params = new URLSearchParams(location.search);
const body = document.body;
const screen = document.getElementById("screen");
const status = document.getElementById("boot-status");
// The polite live region outside #screen (which is redrawn): it reads the prompt and each new log line, for every
// match in turn.
const announcer = makeAnnouncer(document.getElementById("announcer")
  || document.body.appendChild(el("div",
    { id: "announcer", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" })));

const setStatus = (s) => { body.dataset.status = s; };
// One busy mark for the page: the match on screen, the one being opened, a record being loaded.
const busy = busyMarker(body);

setStatus("loading");
const { build: buildInfo, games, game: gameInfo } = await site();
const PROGRESS = { runtime: "Starting Python…", engine: "Loading the game engine…", ready: "" };
let engineReady = false;
// Python starts with the page, except under a lesson's or a replay's link: the board asks for it when it needs it (a
// question, play on, a hand-written lesson to compile, a record that is not a compiled replay), so a reader who only
// reads downloads none.
const engine = onFirstUse(() => {
  const made = new Engine(buildInfo.stamp, (stage) => { status.textContent = PROGRESS[stage] ?? stage; });
  made.ready.then(() => { if (body.dataset.status === "loading" && !current && !viewing) setStatus("lobby"); },
    (err) => { status.textContent = `The engine could not start: ${err.message}`; setStatus("error"); });
  made.ready.then(() => {
    engineReady = true;
    // Registered only after boot, so a first visit does not download Pyodide twice at the same time.
    registerServiceWorker();
  });
  return made;
});
if (!params.has("lesson") && params.get("replay") !== "1") engine.start();
else if (params.get("preload") === "1") startWhenIdle(() => engine.start()); // the link opts in (docs/embedding.md)

// ---- the match in progress ------------------------------------------------------------------------------------
// {match (web/match.js), seed, options, notices, level}: what the page keeps beside the match it shows.
let current = null;
let linkProblem = null; // a bad parameter in the link: said in the lobby until the player acts
let botDelay = 450;
try { botDelay = readBotDelay(params); } catch (err) {
  linkProblem = `This link's settings were not used: ${err.message}.`;
}
// Who may hear the iframe's events (web/host.js): the parent named by parentOrigin=, or any; none when it is misspelt.
let parentOrigin = "*";
try { parentOrigin = parentTarget(params); } catch (err) {
  parentOrigin = null;
  linkProblem = `This board tells its page nothing: ${err.message}.`;
}
// Test-only: botBudget=N caps a search bot's iterations a decision, so browser tests run the real search quickly.
const botBudget = parseInt(params.get("botBudget") ?? "", 10);

// A match on this page's screen: the page's frame around it, its saves, its end tools, its parent's events.
function newMatch({ info, seats, names, renderer, frozen = false }) {
  return new Match({
    engine, info, seats, names, renderer, frozen, botDelay, botBudget, busy, announcer, root: screen,
    claimFocus: true, record: true, frame: matchFrame, drawn: drawnNotices, end: endScreen, persist, emit: tellParent,
    status: setStatus,
  });
}

// Replace the match on screen (or none): the one before stops at once, whatever it was doing.
function show(next) {
  if (current && current.match !== (next && next.match)) current.match.destroy();
  current = next;
}

let bootTimed = false;
async function startMatch(cfg) {
  const info = gameInfo(cfg.game);
  if (!info) throw new Error(`unknown game ${cfg.game}`);
  checkPlayers(info, cfg.players); // before any array is sized by it
  // No seed given (the lobby's field left empty, a rematch): a fresh one from the cryptographic generator. Every title
  // deals from a hidden pile (reef's is secret from everyone), so the seed stays off screen and out of the URL until
  // the end, unless the player chose it in the link.
  if (cfg.seed === null || cfg.seed === undefined) cfg = { ...cfg, seed: newSeed(), seedFromLink: false };
  const seats = Array.from({ length: cfg.players }, (_, s) => cfg.seats[s] || (s === 0 ? "human" : "bot"));
  const renderer = await loadRenderer(info.id);
  const names = Array.from({ length: cfg.players }, (_, s) => String((cfg.names || [])[s] || "").slice(0, 16));
  const match = newMatch({ info, seats, names, renderer });
  const options = cfg.options || {};
  show({ match, seed: cfg.seed, options, notices: takeNotices(), hints: newHints(match, { on: cfg.hints !== false }) });
  setStatus("loading");
  status.textContent = status.textContent || "Starting…";
  await engine.ready;
  await busy.run(async () => {
    try {
      await match.open("new", { game: info.id, players: cfg.players, seed: cfg.seed, options });
      playedHere.add(match);
      saved.setAsideSlot(info.id, "a new game of it was started before it was finished");
      if (!bootTimed) engine.mark("new-answered");
    } catch (err) { // refused (e.g. an option the engine does not accept): back to the lobby, which says why
      show(null);
      setStatus("lobby");
      throw err;
    }
    status.textContent = "";
    history.replaceState(null, "", "?" + deepLink(cfg));
    await match.start();
    if (!bootTimed) { // the boot's timeline ends when the first board is on screen
      bootTimed = true;
      engine.mark("board-drawn");
      latency.afterPaint(() => { engine.mark("board-painted"); engine.warmUp(); });
    }
  });
}

// The hints of a match on this page (web/hint.js): their count goes with the save.
function newHints(match, { on = true, saved = null } = {}) {
  return new Hints({ engine, players: match.seats.length, on, saved, changed: () => persist(match) });
}

function deepLink(cfg) {
  const q = new URLSearchParams({ game: cfg.game, players: cfg.players, seats: cfg.seats.join(",") });
  if (cfg.seedFromLink) q.set("seed", cfg.seed); // the player's own choice; a drawn seed would give the deal away
  if ((cfg.names || []).some(Boolean)) q.set("names", cfg.names.join(","));
  if (cfg.hints === false) q.set("hints", "0");
  for (const [k, v] of Object.entries(cfg.options || {})) {
    if (Array.isArray(v)) { if (v.length) q.set(k, v.join(",")); } // a sequence option: "1,2,3,10,11,12"
    else q.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  // theme, settings: an embed's look (web/prefs.js, settings.js)
  for (const name of ["botDelay", "botBudget", "analysisBudget", "embed", "parentOrigin", "theme", "settings"]) {
    if (params.has(name)) q.set(name, params.get(name));
  }
  return q.toString();
}

// The match in progress is kept in the browser after every move; a finished one is forgotten.
function persist(match) {
  if (!current || current.match !== match) return;
  const gameId = match.info.id;
  if (match.over) { saved.forget(gameId); keepFinished(match); return; }
  match.record().then((record) => {
    if (!current || current.match !== match) return;
    saved.keep({ record, seats: match.seats, names: match.names, level: current.level ?? null, url: location.search,
      hints: current.hints.save() });
  }, () => {});
}

// A game finished at this table (not a finished record opened to look at) joins My games (web/history.js), once.
const playedHere = new WeakSet();
function keepFinished(match) {
  if (!playedHere.delete(match)) return;
  const { outcome } = match.view;
  // Busy until stored: a page closed at once, or a test's next game, does not lose it.
  busy.run(() => Promise.all([match.record(), import("./history.js")])
    .then(([record, kept]) => kept.keep([kept.entryFor(match.info,
      { record, seats: match.seats, names: match.names, outcome })]))
    .catch((err) => console.warn(`Shoal: this game was not kept in My games: ${err.message}`)));
}

// Restore a saved game; a save the engine refuses is set aside (the lobby says so and lists it) and the lobby stays
// usable. `here`: the address on screen already asks for this game (a reload, a bookmark) and stays as it is.
async function resume(save, { here = false } = {}) {
  try {
    if (!here) history.replaceState(null, "", save.url || location.pathname); // before the first move is saved again
    await openRecord({ ...save.record, seats: save.seats, names: save.names }, { hints: save.hints });
    if (save.level !== null && save.level !== undefined) current.level = save.level;
  } catch (err) {
    saved.setAside(save.record.game, save, `it could not be replayed (${err.message})`);
    showLobby(save.record.game);
  }
}

// ---- saves set aside (web/saved.js): said once where the player is, then listed in the lobby ----------------------
const titleOf = (id) => gameInfo(id)?.title ?? id;
const whenText = (ms) => (ms ? new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
  : "an earlier visit");

function asideText(entry) {
  const title = titleOf(entry.game);
  const kept = entry.inPlace
    ? `It is too large for this browser's storage to keep a copy, so it stays only until your next game of ${title} ` +
      `replaces it: download it to keep it.`
    : "It is kept aside in this browser until you delete it.";
  return `Your unfinished ${title} could not be restored: ${entry.reason}. ${kept}`;
}

function asideButtons(entry, gone) {
  return [
    el("button", { type: "button", dataset: { asideDownload: entry.key },
      onclick: () => { const f = saved.asideFile(entry); if (f) download(f.name, f.text, f.type); },
      text: entry.record ? "Download its record" : "Download it" }),
    el("button", { type: "button", dataset: { asideDelete: entry.key },
      onclick: () => { saved.dropAside(entry.key); gone(); }, text: "Delete it" }),
  ];
}

// What the next screen says once: saves set aside since the last screen, and a setting of the link that was not used.
function takeNotices() {
  const out = saved.takeUntold().map((entry) => ({ entry }));
  if (linkProblem) { out.unshift({ text: linkProblem }); linkProblem = null; }
  return out;
}

// The match screen's notices, above the table: where the game that could not come back was.
function noticesBlock(page) {
  if (!page.notices || !page.notices.length) return null;
  const dismiss = (n) => { page.notices = page.notices.filter((x) => x !== n); page.match.draw(); };
  return el("div", { class: "match-notices" },
    page.notices.map((n) => el("div", { class: "error notice", role: "alert", dataset: { notice: "" } },
    el("span", { text: n.entry ? asideText(n.entry) : n.text }),
    el("span", { class: "end-tools" }, n.entry ? asideButtons(n.entry, () => dismiss(n)) : null,
      el("button", { type: "button", class: "dismiss", onclick: () => dismiss(n), text: "OK" })))));
}

// The lobby's list of every kept set-aside save, each to download or delete.
function asideSection(open) {
  const box = el("div", { class: "set-aside-list" });
  const fill = () => {
    const list = saved.asideList();
    if (!list.length) { box.replaceChildren(); return; }
    box.replaceChildren(el("details", { class: "rules", open, dataset: { setAside: String(list.length) } },
      el("summary", { text: `Set-aside games (${list.length})` }),
      el("p", { class: "hint",
        text: `Saves that could not be continued, kept in this browser (the last ${saved.ASIDE_KEPT}).` }),
      el("ul", {}, list.map((entry) => el("li", {},
        `${titleOf(entry.game)}, set aside ${entry.at ? `on ${whenText(entry.at)}` : "earlier"}: ${entry.reason}. `,
        el("span", { class: "end-tools" }, asideButtons(entry, fill)))))));
  };
  fill();
  return box;
}

// The link asks for another game of a title whose unfinished game is saved: nothing replaces it unasked. The lobby
// offers both; starting the new one sets the saved one aside (listed there, to download or delete).
function offerSaved(save, linkSays, newLabel, startNew) {
  const id = save.record.game;
  const when = whenText(save.savedAt);
  const box = el("section", { class: "continue", dataset: { offerFor: id } },
    el("h2", { text: `Your unfinished ${titleOf(id)}` }),
    el("p", { text: `${linkSays} Your game from ${when} (${save.record.actions.length} moves) is not finished: ` +
      `continue it, or start the new one and keep yours aside (the lobby lists it, to download or delete).` }),
    el("button", { type: "button", class: "primary", dataset: { offer: "continue" },
      onclick: () => resume(save).catch((e) => showError(e.message)), text: `Continue your game from ${when}` }),
    el("button", { type: "button", dataset: { offer: "new" }, onclick: () => {
      saved.setAside(id, save, "it was replaced by a new game from a link", { told: true });
      startNew();
    }, text: newLabel }));
  showLobby(id, { first: box, skip: id });
}

function showError(message) { if (current) current.match.showError(message); else showNotice(message); }

// A message in the lobby (a bad link, a record that could not be opened) that stays until the player acts: the boot
// progress writes to its own line and never over it.
function showNotice(message) {
  const notice = el("div", { class: "error notice", role: "alert", dataset: { notice: "" } },
    el("span", { text: message }), " ",
    el("button", { type: "button", class: "dismiss", text: "OK", onclick: () => notice.remove() }));
  screen.querySelector("[data-notice]")?.remove();
  screen.prepend(notice);
}

// ---- the match screen around the table (web/match.js fills its regions) ------------------------------------------
// Built once per match and kept: title, seats, turn line, board, score sheet and end tools beside a side panel with
// the error line, Undo, the log, Save/Load, Keys and the rules.
function matchFrame(match) {
  const regions = new Regions();
  const aside = el("aside", { class: "side" },
    regions.slot("error"), regions.slot("undo"), regions.slot("hint"),
    el("h3", { text: "Log" }), regions.slot("log"),
    el("div", { class: "record-tools" },
      el("button", { type: "button", onclick: saveRecord, text: "Save game" }),
      el("small", { class: "save-note", text: "A saved file is the whole truth: it reveals every hidden card." }),
      loadGameControl(),
      keysButton()),
    el("details", { class: "rules" }, el("summary", { text: "Rules summary" }),
      el("ul", {}, match.info.rules.map((r) => el("li", { text: r })))));
  const main = el("section", { class: "play" },
    regions.slot("notices"), regions.slot("turn"), regions.slot("table"), regions.slot("outcome"), regions.slot("end"));
  const root = el("div", { class: "match" },
    el("header", { class: "match-head" }, el("h2", { text: match.info.title }), regions.slot("seats")), main, aside);
  screen.replaceChildren(root);
  return { root, regions };
}

// The page's own region: its notices, drawn again only when they changed.
function drawnNotices(match, frame) {
  if (current && current.match === match) current.hints.drawn(match, frame);
  if (!current || current.match !== match || frame.notices === current.notices) return;
  frame.notices = current.notices;
  frame.regions.put("notices", noticesBlock(current));
}

// The end screen's seed line (the seed is shown only now: with it every shuffle of the game can be replayed) and its
// tools: the same table again with a new deal, the lobby, this game's replay and a link that replays it.
function endScreen(match, sheet) {
  const seed = current && current.match === match ? current.seed : null;
  sheet.append(el("p", { class: "seed-line", dataset: { seed: String(seed) },
    text: `This deal's seed: ${seed} (type it in the lobby to play the same deal again).` }));
  if (current && current.match === match) sheet.append(...current.hints.summary(match));
  return endTools(match, el("button", { type: "button", dataset: { nav: "replay" },
    onclick: () => replayCurrent().catch((e) => showError(e.message)), text: "Replay this game" }),
  el("button", { type: "button", dataset: { nav: "analyse-game" },
    onclick: () => replayCurrent({ analyse: true }).catch((e) => showError(e.message)), text: "Analyse this game" }));
}

// "Load game…" opens a modal dialog with the file field; closing it gives the focus back to the button.
function loadGameControl() {
  const opener = el("button", { type: "button", dataset: { focusKey: "load-game" }, "aria-haspopup": "dialog",
    text: "Load game…" });
  const dialog = el("dialog", { class: "load-dialog", "aria-labelledby": "load-title" },
    el("h2", { id: "load-title", text: "Load a saved game" }),
    el("p", { text: "Choose a game file saved from Shoal (.json). The game on screen is replaced only if every move " +
      "in the file is legal." }),
    el("label", {}, "Game file ", el("input", {
      type: "file", accept: ".json,application/json",
      onchange: (e) => { if (dialog.open) dialog.close(); loadRecord(e); },
    })),
    el("div", { class: "dialog-buttons" },
      el("button", { type: "button", onclick: () => dialog.close(), text: "Cancel" })));
  opener.addEventListener("click", () => dialog.showModal());
  dialog.addEventListener("close", () => { if (opener.isConnected) opener.focus(); });
  return el("span", { class: "load-game" }, opener, dialog);
}

// The "Keys" panel: every shortcut of the page (and the game's own, from its renderer's `keys`), opened by its
// button or "?"; a modal dialog that gives the focus back where it was.
const KEYS = [
  ["Tab / Shift+Tab", "move between the parts of the table: the board, your hand, the buttons, the log"],
  ["Arrow keys", "move inside a board, a hand or a row of choices"],
  ["Home / End", "first / last in the row (with Ctrl: of the whole board)"],
  ["Enter or Space", "make the move on the focused square, card or button, or take the step (pick a card)"],
  ["Escape", "put back a picked card or cancel a half-made move; close a panel"],
  ["Ctrl+Z (⌘Z on a Mac)", "take back your last move, when the Undo button is shown"],
  ["?", "show this list"],
];
let keysDialog = null;
function openKeys() {
  const back = document.activeElement;
  const extra = (current && current.match.renderer.keys) || [];
  const rows = [...KEYS, ...extra].map(([k, what]) => el("tr", {}, el("th", { scope: "row" }, el("kbd", { text: k })),
    el("td", { text: what })));
  keysDialog?.remove();
  keysDialog = el("dialog", { class: "keys-help", "aria-labelledby": "keys-title" },
    el("h2", { id: "keys-title", text: "Keys" }),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Key" }),
      el("th", { scope: "col", text: "What it does" }))), el("tbody", {}, rows)),
    el("div", { class: "dialog-buttons" }, el("button", {
      type: "button", class: "primary", dataset: { closeKeys: "1" }, onclick: () => keysDialog.close(), text: "Close",
    })));
  keysDialog.addEventListener("close", () => { if (back && back.isConnected && back !== document.body) back.focus(); });
  document.body.append(keysDialog);
  keysDialog.showModal();
}
function keysButton() {
  return el("button", { type: "button", class: "keys-button", dataset: { keys: "1", focusKey: "keys" },
    "aria-keyshortcuts": "?", "aria-haspopup": "dialog", onclick: openKeys, text: "Keys (?)" });
}

// After the game: the same table again with a new deal, the lobby, or a link that replays this game.
function endTools(match, ...more) {
  const shareBox = el("div", { class: "share" });
  const share = async () => {
    try {
      const { record } = await engine.call("record");
      const url = await shareUrl({ ...record, seats: match.seats, names: match.names }, location.href);
      const field = el("input", { type: "text", readonly: true, class: "share-link", value: url,
        "aria-label": "Link to this game" });
      const copied = el("span", { class: "hint", role: "status" });
      shareBox.replaceChildren(field, el("button", { type: "button", onclick: () => {
        field.select();
        (navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error("no clipboard")))
          .then(() => { copied.textContent = "Copied."; },
            () => { copied.textContent = "Select the link and copy it."; });
      }, text: "Copy link" }), el("button", { type: "button", onclick: saveRecord, text: "Download record" }), copied);
    } catch (err) {
      shareBox.replaceChildren(el("p", { class: "error", text: `Could not make a link: ${err.message}` }));
    }
  };
  shareBox.append(el("button", { type: "button", dataset: { share: "1" }, onclick: share, text: "Share this game" }));
  return el("div", { class: "end-tools" },
    el("button", { type: "button", class: "primary", dataset: { rematch: "1" }, onclick: () => rematch(match),
      text: "Rematch" }),
    el("button", { type: "button", dataset: { newGame: "1" }, onclick: () => showLobby(match.info.id),
      text: "New game" }),
    ...more, shareBox);
}

function rematch(match) {
  const options = current && current.match === match ? current.options : {};
  const cfg = { game: match.info.id, players: match.seats.length, seats: match.seats, names: match.names,
    seed: newSeed(), options, hints: current ? current.hints.on : true };
  startMatch(cfg).catch((e) => showError(e.message));
}

function saveRecord() {
  const { match } = current;
  match.record().then((record) => {
    download(`shoal-${record.game}-${record.seed}.json`,
      JSON.stringify({ ...record, seats: match.seats, names: match.names }, null, 1));
  }, (err) => showError(err.message));
}

// Open a saved record: the bridge replays it into a new match and swaps it in only when every action was legal.
// `watch` shows it as a spectator (a teacher's embedded position): nobody acts, nothing secret is shown.
async function openRecord(record, { watch = false, aside = null, hints = null } = {}) {
  const { info, seats, names, clean } = checkRecord(record, games); // before anything is sized by it
  const renderer = await loadRenderer(info.id);
  await engine.ready;
  const match = newMatch({ info, seats, names, renderer, frozen: watch });
  await match.open("load", { record: clean }); // refused: the match on screen stays as it was
  if (!match.over && !watch) playedHere.add(match);
  if (aside) saved.setAsideSlot(info.id, aside);
  show({ match, seed: record.seed, options: record.options || {}, notices: takeNotices(),
    hints: newHints(match, { saved: hints }) });
  await match.start();
}

async function loadRecord(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    if (file.size > 4 * MAX_RECORD_CHARS) throw new Error("that file is too large to be a Shoal game record");
    await openRecord(parseRecordText(await file.text()), { aside: "a game loaded from a file took its place" });
    // The address names the loaded game (its seed stays secret), so a reload resumes it rather than the one before.
    const { match, options } = current;
    history.replaceState(null, "", "?" + deepLink(
      { game: match.info.id, players: match.seats.length, seats: match.seats, names: match.names, options }));
  } catch (err) {
    showError(`Could not load that game: ${err.message}. Nothing was changed.`);
  }
}

function showLobby(gameId, { first = null, skip = null } = {}) {
  show(null);
  viewing = false;
  setStatus(busy.count || !engineReady ? "loading" : "lobby");
  history.replaceState(null, "", location.pathname);
  screen.replaceChildren(...[first, continueBlock(skip)].filter(Boolean));
  renderLobby(screen, games, (cfg) => startMatch(cfg).catch((e) => showError(e.message)), { game: gameId });
  if (linkProblem) { showNotice(linkProblem); linkProblem = null; }
}

// A ?record= link: only a file of this same site (the site makes no outside request), read as text and checked.
async function fetchRecord(link, max = MAX_RECORD_CHARS) {
  let url;
  try { url = new URL(link, location.href); } catch { throw new Error("the link's record is not a web address"); }
  if (url.origin !== location.origin) throw new Error("a record must come from this site");
  let response;
  try { response = await fetch(url); } catch {
    throw new Error(`${url.pathname} could not be fetched (are you offline?)`);
  }
  if (!response.ok) throw new Error(`${url.pathname} was not found (${response.status})`);
  return parseRecordText(await response.text(), max);
}

// "Continue" for each title's unfinished game (but `skip`, offered on its own above), what was set aside since the
// last screen, and the list of every set-aside save.
function continueBlock(skip = null) {
  const saves = saved.unfinished(games); // reading the slots sets aside what cannot be used
  const fresh = saved.takeUntold();
  const notes = el("div", { id: "lobby-notes" },
    fresh.map((entry) => el("p", { class: "error", role: "alert", text: asideText(entry) })));
  const found = Object.values(saves).filter((save) => save.record.game !== skip);
  return el("section", { class: "continue" }, notes, found.length ? el("h2", { text: "Continue" }) : null,
    found.map((save) => el("button", { type: "button", class: "continue-game", dataset: { continue: save.record.game },
      onclick: () => resume(save).catch((e) => showError(e.message)),
      text: `Continue ${gameInfo(save.record.game).title} (${save.record.actions.length} moves)` })),
    asideSection(fresh.length > 0));
}

// "?" opens the Keys panel; Ctrl/Cmd+Z takes back a move, exactly when the Undo button is shown (web/match.js).
document.addEventListener("keydown", (e) => {
  if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && current && !document.querySelector("dialog[open]")
      && !(e.target instanceof HTMLElement && e.target.closest("input, select, textarea"))) {
    e.preventDefault();
    openKeys();
    return;
  }
  if (current) current.match.key(e);
});

// Test and embedding hooks: the record of the match on screen, and which seat the device shows.
window.shoal = {
  record: async () => (await engine.call("record")).record,
  viewer: () => current && current.match.viewer,
  boot: () => engine.boot, // how Python started: "snapshot" (restored) or "plain"
  bootMarks: () => engine.marks.slice().sort((a, b) => a[1] - b[1]), // [name, ms since navigation]
  latency: latency.spans, // click → painted board, split into worker round trips, Python, JSON and drawing
  // Test hook: draw the match screen again, in place or (fresh) from scratch; the redraw test compares the two.
  redraw: (fresh = false) => { if (current) current.match.redraw(fresh); },
};

// ---- lessons and replays (web/viewer.js) ------------------------------------------------------------------------
// An iframe host hears what happens on the board: {source: "shoal", type: "step" | "move" | "over", ...detail}, only
// what the spectator may see (web/host.js), and only a parent of the origin the link names, when it names one.
function tellParent(type, detail) {
  if (window.parent === window || !parentOrigin) return;
  window.parent.postMessage({ source: "shoal", type, ...detail }, parentOrigin);
}

let viewing = false; // a lesson or replay is on screen (the lobby must not take over when Python is ready)
async function showViewer(opts) {
  const hints = params.get("hints") !== "0" && (!current || current.hints.on); // a live board's Hint button
  show(null);
  viewing = true;
  const host = el("div", { class: "viewer-page" });
  screen.replaceChildren(host);
  const viewer = await openViewer(host, {
    ...opts, engine: () => engine, match: "main", keys: document, botDelay, botBudget, hints,
    replayFile: !params.has("embed"),
    emit: tellParent, status: (s) => setStatus(s === "loading" ? "loading" : s),
  });
  viewer.root.focus({ preventScroll: true });
  window.shoal.viewer = () => (viewer.live ? viewer.live.viewer : viewer.viewer ?? null);
  return viewer;
}

// "Replay this game": every move of the match just finished. The one person who played it may also see it from
// their own seat; otherwise (hot-seat friends, a shared link) only the spectator's view of a game with secrets.
async function replayCurrent({ analyse = false } = {}) {
  const { match } = current;
  const record = await match.record();
  await analyseRecord({ ...record, seats: match.seats, names: match.names }, ownSeat(match.seats), { analyse });
}

/** A record in the replay viewer, its analysis started at once unless `analyse` is false (web/analysis-view.js):
 *  `own` is the seat of the one person who played it on this device (null: nobody's cards are shown). */
function analyseRecord(record, own = null, { analyse = true } = {}) {
  return showViewer({ record, ownSeat: own, analyse });
}

// ---- My games (web/mygames.js): every game finished on this device ---------------------------------------------
async function showMyGames() {
  show(null);
  viewing = true; // the lobby must not take over when Python is ready
  history.replaceState(null, "", "?page=games");
  const { renderMyGames } = await import("./mygames.js");
  // The tools on each kept game: its replay, and its replay analysed at once (web/analysis-view.js).
  const tools = [{ id: "replay", label: "Replay", run: replayKept },
    { id: "analyse", label: "Analyse", run: (entry) => replayKept(entry, { analyse: true }) }];
  await renderMyGames(screen, { games, engine, tools, download });
  setStatus("games");
}

// A kept game in the replay viewer, under the viewer's own rule (the seat of the one person who played it here).
async function replayKept(entry, { analyse = false } = {}) {
  await analyseRecord(entry.record, entry.own, { analyse });
  screen.prepend(el("p", { class: "mg-back" }, el("a", { href: "?page=games", dataset: { mgBack: "" },
    onclick: (e) => { e.preventDefault(); showMyGames().catch((err) => showNotice(err.message)); },
    text: "← My games" })));
}

// ?lesson=<a lesson file of this site>, or ?lesson= with the lesson itself in the fragment (index.html?lesson=#...,
// the Studio's "Copy link": web/share.js, the share links' codec). Either may be hand-written: the viewer compiles it.
async function linkedLesson(ref) {
  if (ref) return sameSiteJson(ref);
  if (!location.hash || location.hash === "#") throw new Error("the link names no lesson");
  return (await import("./share.js")).decodeLesson(location.hash.slice(1));
}

async function sameSiteJson(ref) {
  const url = new URL(ref, location.href);
  if (url.origin !== location.origin) throw new Error("it must come from this site");
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${r.status} for ${url.pathname}`);
  return r.json();
}

// ---- routing ---------------------------------------------------------------------------------------------------
if (params.has("embed")) body.classList.add("embed");
reportHeight(tellParent); // framed: the parent may size the frame to the content (web/iframe.js)

// A deep link: the saved unfinished game of its title when that is the game the link asks for (a reload, an update's
// reload, a bookmark or the teacher's link opened again), else the new game — offered beside the saved one, never
// silently over it.
async function openLinkedGame(cfg) {
  const save = saved.unfinished(games)[cfg.game];
  if (!save) return startMatch(cfg);
  if (saved.linkAsksFor(save, cfg, cfg.info, (k) => (k === "bot" ? defaultBot(cfg.info) : k))) {
    screen.replaceChildren(el("p", { class: "loading", text: "Restoring your game…" }));
    return resume(save, { here: true });
  }
  // A link the engine refuses (an option out of range) is said at once, not offered as a new game beside the save.
  await engine.ready;
  const { game, players } = cfg;
  await engine.call("new", { match: "link-check", game, players, seed: 0, options: cfg.options || {}, viewer: null });
  engine.call("close", { match: "link-check" }).catch(() => {});
  offerSaved(save, "This link sets up a new game.", "Start the new game", () => startMatch(cfg).catch((e) => {
    showLobby(cfg.game);
    showNotice(`Could not start that game: ${e.message}`);
  }));
}

// A ?record= link to play on from: the saved game that went on from this record when there is one (a reload after
// moves were played resumes them), else the record's position — offered beside another saved game of its title.
async function openLinkedRecord(record) {
  const { info } = checkRecord(record, games);
  const save = saved.unfinished(games)[info.id];
  if (!save) return openRecord(record);
  if (saved.continues(save, record, info)) return resume(save, { here: true });
  const playOn = () => openRecord(record).catch((e) => {
    showLobby(info.id);
    showNotice(`Could not open that record: ${e.message}.`);
  });
  offerSaved(save, "This link opens a position to play on from.", "Play on from the link's position", playOn);
}

if (params.get("replay") === "1" || params.has("lesson")) {
  const step = params.has("step") ? parseInt(params.get("step"), 10) : undefined;
  (async () => {
    if (params.has("lesson")) return showViewer({ lesson: await linkedLesson(params.get("lesson")), step });
    let record;
    if (location.hash.startsWith("#r=")) {
      record = await (await import("./share.js")).decodeRecord(location.hash.slice(1));
    } else if (params.has("record")) {
      record = await fetchRecord(params.get("record"), MAX_REPLAY_CHARS); // a compiled replay holds every view
    } else {
      throw new Error("the link names no game");
    }
    if (!isCompiledReplay(record)) checkRecord(record, games); // before the viewer sizes anything (it checks its own)
    return showViewer({ record, step });
  })().catch((e) => {
    showLobby();
    // On the page, not in the header: the boot progress line would overwrite it.
    showNotice(`Could not open that ${params.has("lesson") ? "lesson" : "replay"}: ${e.message}`);
  });
} else if (params.has("record")) {
  // A record on this same site (never another host), e.g. a teacher's position. If it cannot be opened, the lobby says
  // why and keeps saying it until the player acts (the boot progress has its own line).
  screen.replaceChildren(el("p", { class: "loading", text: "Opening the saved game…" }));
  const watch = params.get("watch") === "1"; // a spectator's view: nothing is played, nothing saved
  const open = (record) => (watch ? openRecord(record, { watch }) : openLinkedRecord(record));
  // A compiled replay's record plays on as the record itself would (the engine replays it: its views are not needed).
  const played = (r) => (isCompiledReplay(r) ? r.record : r);
  fetchRecord(params.get("record"), MAX_REPLAY_CHARS).then((r) => open(played(r))).catch((e) => {
    showLobby();
    showNotice(`Could not open that record: ${e.message}.`);
  });
} else if (params.has("game")) {
  // Every parameter is checked before anything is built from it; a bad one is named in the lobby at once.
  let cfg = null;
  try { cfg = readDeepLink(params, games); } catch (e) {
    showLobby(gameInfo(params.get("game")) ? params.get("game") : undefined);
    showNotice(`Could not start that game: ${e.message}.`);
  }
  if (cfg) {
    screen.replaceChildren(el("p", { class: "loading", text: `Setting up ${cfg.info.title}…` }));
    openLinkedGame(cfg).catch((e) => {
      showLobby(cfg.game);
      showNotice(`Could not start that game: ${e.message}`);
    });
  }
} else if (params.get("page") === "games") {
  showMyGames().catch((e) => {
    showLobby();
    showNotice(`Could not open My games: ${e.message}`);
  });
} else {
  showLobby();
}
