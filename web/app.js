// Shoal's page: lobby, routing, the turn loop (bots, humans, pass-the-device), the log and the end screen.
// It never decides a rule: it shows Match.view(seat) and sends back actions found in view.legal.
import { boardKeys, captureFocus, makeAnnouncer, makeUi as makeBoardUi, restoreFocus, seatMark } from "./board.js";
import { el } from "./dom.js";
import { Engine } from "./engine.js";
import * as latency from "./latency.js";
import { LEVELS, defaultBot, renderLobby } from "./lobby.js";
import { parentTarget, publicMove } from "./host.js";
import { renderOutcome } from "./outcome.js";
import { openViewer } from "./viewer.js";
import * as saved from "./saved.js";
import { shareUrl } from "./share.js";
import { newSeed } from "./seed.js";
import { MAX_RECORD_CHARS, checkPlayers, checkRecord, parseRecordText, readBotDelay, readDeepLink } from "./validate.js";
import { Regions, fillLog, scrollToEndSoon } from "./redraw.js";
import { registerServiceWorker } from "./update.js";

const params = new URLSearchParams(location.search);
const body = document.body;
const screen = document.getElementById("screen");
const status = document.getElementById("boot-status");
// The polite live region outside #screen (which is redrawn): it reads the prompt and each new log line (issue 13).
const announcer = makeAnnouncer(document.getElementById("announcer") || document.body.appendChild(el("div", { id: "announcer", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" })));
let matchCount = 0; // names the match in progress for the announcer (a new match reads its log from the start)

const setStatus = (s) => { body.dataset.status = s; };
let busyCount = 0;
const busy = async (work) => {
  busyCount++;
  body.dataset.busy = "1";
  try { return await work(); } finally { if (--busyCount === 0) delete body.dataset.busy; }
};

setStatus("loading");
const buildInfo = await (await fetch("./build-info.json", { cache: "no-cache" })).json();
const games = await (await fetch(`./games.json?v=${buildInfo.stamp}`)).json();
const gameInfo = (id) => games.find((g) => g.id === id);
const PROGRESS = { runtime: "Starting Python…", engine: "Loading the game engine…", ready: "" };
const engine = new Engine(buildInfo.stamp, (stage) => { status.textContent = PROGRESS[stage] ?? stage; });
engine.ready.then(() => { if (body.dataset.status === "loading" && !current && !viewing) setStatus("lobby"); },
  (err) => { status.textContent = `The engine could not start: ${err.message}`; setStatus("error"); });

// ---- the match in progress ------------------------------------------------------------------------------------
let current = null; // {info, players, seats, seed, options, viewer, answer, renderer, local, passTo, error}
let linkProblem = null; // a bad parameter in the link: said in the lobby until the player acts
let botDelay = 450;
try { botDelay = readBotDelay(params); } catch (err) { linkProblem = `This link's settings were not used: ${err.message}.`; }
// Who may hear the iframe's events (web/host.js): the parent named by parentOrigin=, or any; none when it is misspelt.
let parentOrigin = "*";
try { parentOrigin = parentTarget(params); } catch (err) { parentOrigin = null; linkProblem = `This board tells its page nothing: ${err.message}.`; }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Test-only: botBudget=N caps a search bot's iterations a decision, so browser tests run the real search quickly.
const botBudget = parseInt(params.get("botBudget") ?? "", 10);
const budgetArg = botBudget > 0 ? { budget: botBudget } : {};

async function loadRenderer(id) {
  if (buildInfo.styles.includes(id) && !document.getElementById(`css-${id}`)) {
    document.head.append(el("link", { id: `css-${id}`, rel: "stylesheet", href: `./games/${id}.css?v=${buildInfo.stamp}` }));
  }
  return (await import(`./games/${id}.js?v=${buildInfo.stamp}`)).default;
}

function humans() { return current.seats.flatMap((k, s) => (k === "human" ? [s] : [])); }
// Hot-seat with secrets: nobody's hand shows until its owner has taken the device ("Pass to Player 1" comes first).
const hotSeatSecrets = () => humans().length > 1 && current.info.private_views;
const firstViewer = () => (hotSeatSecrets() ? null : humans()[0] ?? null);
function botName(kind) { return kind === "bot" ? defaultBot(current.info) : kind; }

// Engine text names seats as {seat:N}; the page shows the name the person knows ("You", "Bot 3", "Player 2").
const nameSeats = (text) => String(text).replace(/\{seat:(\d+)\}/g, (_, n) => seatName(+n));

function seatName(seat) {
  if (seat === null || seat === undefined) return "Spectator";
  const h = humans();
  if (current.seats[seat] !== "human") return `Bot ${seat + 1}`;
  if (current.names && current.names[seat]) return current.names[seat];
  if (current.watch) return `Player ${seat + 1}`;
  if (h.length === 1) return "You";
  return `Player ${seat + 1}`;
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
  current = { info, players: cfg.players, seats, names, seed: cfg.seed, options: cfg.options || {}, renderer, local: {}, viewer: null, id: ++matchCount, notices: takeNotices() };
  current.viewer = firstViewer();
  setStatus("loading");
  status.textContent = status.textContent || "Starting…";
  await engine.ready;
  await busy(async () => {
    try {
      current.answer = await engine.call("new", { game: info.id, players: cfg.players, seed: cfg.seed, options: current.options, viewer: current.viewer, humans: humans() });
      if (!bootTimed) engine.mark("new-answered");
    } catch (err) { // refused (e.g. an option the engine does not accept): back to the lobby, which says why
      current = null;
      setStatus("lobby");
      throw err;
    }
    setStatus("playing");
    status.textContent = "";
    history.replaceState(null, "", "?" + deepLink(cfg));
    await advance();
    if (!bootTimed) { // the boot's timeline ends when the first board is on screen
      bootTimed = true;
      engine.mark("board-drawn");
      latency.afterPaint(() => { engine.mark("board-painted"); engine.warmUp(); });
    }
  });
}

function deepLink(cfg) {
  const q = new URLSearchParams({ game: cfg.game, players: cfg.players, seats: cfg.seats.join(",") });
  if (cfg.seedFromLink) q.set("seed", cfg.seed); // the player's own choice; a drawn seed would give the deal away
  if ((cfg.names || []).some(Boolean)) q.set("names", cfg.names.join(","));
  for (const [k, v] of Object.entries(cfg.options || {})) {
    if (Array.isArray(v)) { if (v.length) q.set(k, v.join(",")); } // a sequence option: "1,2,3,10,11,12"
    else q.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  if (params.has("botDelay")) q.set("botDelay", params.get("botDelay"));
  if (params.has("botBudget")) q.set("botBudget", params.get("botBudget"));
  if (params.has("embed")) q.set("embed", params.get("embed"));
  if (params.has("parentOrigin")) q.set("parentOrigin", params.get("parentOrigin"));
  for (const k of ["theme", "settings"]) if (params.has(k)) q.set(k, params.get(k)); // an embed's look (web/prefs.js, settings.js)
  return q.toString();
}

// Drive the match until a human must decide (or it is over). Bots play first: in a simultaneous phase the order of
// submissions cannot change the result, and the person at the device sees the bots' moves arrive in the log.
let advancing = false;
async function advance() {
  if (advancing) return;
  advancing = true;
  try {
    for (;;) {
      const match = current;
      const ans = match.answer;
      if (match.watch) {
        if (ans.view.seat !== null) match.answer = await busy(() => engine.call("view", { viewer: null, humans: humans() }));
        draw();
        return;
      }
      if (ans.over) {
        const h = humans();
        if (match.viewer === null && h.length) match.viewer = h[0];
        if (ans.view.seat !== match.viewer) match.answer = await busy(() => engine.call("view", { viewer: match.viewer, humans: humans() }));
        setStatus("over");
        // The move that ends a match shows the final position and the scores in its own frame; the end screen's
        // details (a renderer's `renderOutcome`, AQUA's every-seat reefs) follow on the next frame, so the click's
        // frame does not also lay out and paint a thousand new nodes (issue 14). The page stays busy until then.
        match.brief = !match.endShown;
        match.endShown = true;
        draw();
        if (match.brief) busy(() => new Promise((done) => latency.afterSpan(() => requestAnimationFrame(() => {
          match.brief = false;
          if (current === match) draw(true);
          done();
        }))));
        tellParent("over", { scores: match.answer.view.outcome.scores, winners: match.answer.view.outcome.winners });
        persist(match);
        return;
      }
      const bots = ans.to_act.filter((s) => match.seats[s] !== "human");
      if (bots.length) {
        // Every bot that is due moves in one request and one pause: in a simultaneous phase (a pass, a Lunch window)
        // their choices are independent, and a 7-seat table should not wait six pauses for one decision.
        // The page says who is thinking ("Bot 2 (hard) is thinking…"); the search runs in the worker, so the page
        // stays responsive meanwhile.
        match.thinking = bots;
        drawWhileThinking();
        try {
          await busy(async () => {
            if (botDelay) await sleep(botDelay);
            if (current !== match) return;
            const chain = instantBots(match);
            match.answer = await engine.call("bots", chain ? { seats: chain, chain: true, viewer: match.viewer, humans: humans(), ...budgetArg }
              : { seats: bots.map((s) => [s, botName(match.seats[s])]), viewer: match.viewer, humans: humans(), ...budgetArg });
            // A bot's choice is its secret: only the view shows it.
            for (const seat of chain ? match.answer.moved : bots) tellParent("move", publicMove(match.info, seat));
          });
        } finally { match.thinking = null; }
        if (current !== match) return;
        continue;
      }
      const target = ans.to_act.includes(match.viewer) ? match.viewer : ans.to_act[0];
      if (target !== match.viewer) {
        match.viewer = target;
        match.local = {};
        // Pass the device only when the next person's screen holds secrets the last one may not see.
        if (hotSeatSecrets()) { match.passTo = target; draw(); persist(match); return; }
        match.answer = await busy(() => engine.call("view", { viewer: target, humans: humans() }));
        continue;
      }
      if (ans.view.seat !== match.viewer) { match.answer = await busy(() => engine.call("view", { viewer: match.viewer, humans: humans() })); continue; }
      draw();
      persist(match);
      return;
    }
  } catch (err) {
    showError(err.message);
  } finally {
    advancing = false;
  }
}

// "Bot 2 is thinking…" (and the move just made) is drawn on the next frame, unless the bots have answered by then: an
// instant bot's reply is drawn once, not twice (issue 14: each draw of a board costs the click its rendering).
let thinkingFrame = 0;
function drawWhileThinking() {
  if (thinkingFrame) return;
  thinkingFrame = requestAnimationFrame(() => {
    thinkingFrame = 0;
    if (current && current.thinking) draw(true);
  });
}

// Bots that answer at once (no search level) with no pause asked for: their turns are played in the same request as
// the move before them, round after round until a person is due (issue 14: a click is one round trip and one
// redraw). A pause (botDelay) shows each bot's move; a searching bot's table shows the player's own move first.
function instantBots(match) {
  if (botDelay || match.watch) return null;
  const bots = match.seats.flatMap((kind, s) => (kind === "human" ? [] : [[s, botName(kind)]]));
  return bots.length && bots.every(([, name]) => !LEVELS.includes(name)) ? bots : null;
}

async function act(action) {
  const match = current;
  // Ignore clicks while a move is on its way: a double click must not send a second, stale action.
  if (!match || match.answer.over || advancing || busyCount) return;
  // One busy span from the click to the next decision, so a watcher never sees "idle" between the move and the bots.
  latency.begin();
  await busy(async () => {
    try {
      const chain = instantBots(match);
      match.answer = await engine.call("play", { seat: match.viewer, action, viewer: match.viewer, humans: humans(), ...(chain ? { bots: chain, ...budgetArg } : {}) });
      tellParent("move", publicMove(match.info, match.viewer, action));
      for (const seat of chain ? match.answer.moved : []) tellParent("move", publicMove(match.info, seat));
      match.local = {};
      match.error = null;
    } catch (err) {
      match.error = err.message; // the engine refused: nothing changed, say why
      draw();
      return;
    }
    await advance();
  });
  latency.end();
}

function thinkingText(seats) {
  const who = seats.map((s) => `${seatName(s)} (${botName(current.seats[s])})`);
  return `${who.join(", ")} ${seats.length > 1 ? "are" : "is"} thinking…`;
}

// Take back the viewer's last move (and the bots' after it), when the engine allows it; the log says so.
async function undo() {
  const match = current;
  const seat = match && undoSeat(match);
  if (seat === null || !match || advancing || busyCount) return;
  await busy(async () => {
    try {
      const ans = await engine.call("undo", { seat, viewer: seat, humans: humans() });
      match.answer = ans;
      match.viewer = seat; // whoever took it back holds the device
      match.passTo = null;
      match.local = {};
      match.error = null;
      const what = ans.taken_back.length ? ans.taken_back.map(nameSeats).join(" ") : "a move";
      match.notes = [...(match.notes || []), { at: ans.view.log.length, seat, mine: `${seatName(seat)} took back: ${what}`, others: `${seatName(seat)} took back a move.` }];
    } catch (err) {
      match.error = err.message;
    }
    await advance();
  });
}

// Who may take back a move on this screen: the engine names the last person who moved, if BGA's rule allows; the
// button shows on that person's own screen, on the pass-the-device screen before the next person takes over, or
// anywhere in a game without secrets between seats.
function undoSeat(match) {
  const s = match.answer.undo_seat;
  if (s === null || s === undefined || match.watch || match.answer.over || match.seats[s] !== "human") return null;
  const passing = match.passTo !== undefined && match.passTo !== null;
  return s === match.viewer || passing || !match.info.private_views ? s : null;
}

// The match in progress is kept in the browser after every move; a finished one is forgotten.
function persist(match) {
  if (match.watch || current !== match) return;
  const gameId = match.info.id;
  if (match.answer.over) { saved.forget(gameId); return; }
  engine.call("record").then(({ record }) => {
    if (current !== match) return;
    saved.keep({ record, seats: match.seats, names: match.names, level: match.level ?? null, url: location.search });
  }, () => {});
}

// Restore a saved game; a save the engine refuses is set aside (the lobby says so and lists it) and the lobby stays
// usable. `here`: the address on screen already asks for this game (a reload, a bookmark) and stays as it is.
async function resume(save, { here = false } = {}) {
  try {
    if (!here) history.replaceState(null, "", save.url || location.pathname); // before the first move is saved again
    await openRecord({ ...save.record, seats: save.seats, names: save.names });
    if (save.level !== null && save.level !== undefined) current.level = save.level;
  } catch (err) {
    saved.setAside(save.record.game, save, `it could not be replayed (${err.message})`);
    showLobby(save.record.game);
  }
}

// ---- saves set aside (web/saved.js): said once where the player is, then listed in the lobby ----------------------
const titleOf = (id) => gameInfo(id)?.title ?? id;
const whenText = (ms) => (ms ? new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "an earlier visit");

function asideText(entry) {
  const title = titleOf(entry.game);
  const kept = entry.inPlace
    ? `It is too large for this browser's storage to keep a copy, so it stays only until your next game of ${title} replaces it: download it to keep it.`
    : "It is kept aside in this browser until you delete it.";
  return `Your unfinished ${title} could not be restored: ${entry.reason}. ${kept}`;
}

function asideButtons(entry, gone) {
  return [
    el("button", { type: "button", dataset: { asideDownload: entry.key }, onclick: () => { const f = saved.asideFile(entry); if (f) download(f.name, f.text, f.type); }, text: entry.record ? "Download its record" : "Download it" }),
    el("button", { type: "button", dataset: { asideDelete: entry.key }, onclick: () => { saved.dropAside(entry.key); gone(); }, text: "Delete it" }),
  ];
}

// What the next screen says once: saves set aside since the last screen, and a setting of the link that was not used.
function takeNotices() {
  const out = saved.takeUntold().map((entry) => ({ entry }));
  if (linkProblem) { out.unshift({ text: linkProblem }); linkProblem = null; }
  return out;
}

// The match screen's notices, above the table: where the game that could not come back was.
function noticesBlock(match) {
  if (!match.notices || !match.notices.length) return null;
  const dismiss = (n) => { match.notices = match.notices.filter((x) => x !== n); draw(); };
  return el("div", { class: "match-notices" }, match.notices.map((n) => el("div", { class: "error notice", role: "alert", dataset: { notice: "" } },
    el("span", { text: n.entry ? asideText(n.entry) : n.text }),
    el("span", { class: "end-tools" }, n.entry ? asideButtons(n.entry, () => dismiss(n)) : null,
      el("button", { type: "button", class: "dismiss", onclick: () => dismiss(n), text: "OK" })))));
}

// The lobby's list of every kept set-aside save, each to download or delete.
function asideSection(open) {
  const box = el("div", { class: "set-aside-list" });
  const fill = () => {
    const list = saved.asideList();
    box.replaceChildren(...(list.length ? [el("details", { class: "rules", open, dataset: { setAside: String(list.length) } },
      el("summary", { text: `Set-aside games (${list.length})` }),
      el("p", { class: "hint", text: `Saves that could not be continued, kept in this browser (the last ${saved.ASIDE_KEPT}).` }),
      el("ul", {}, list.map((entry) => el("li", {}, `${titleOf(entry.game)}, set aside ${entry.at ? `on ${whenText(entry.at)}` : "earlier"}: ${entry.reason}. `,
        el("span", { class: "end-tools" }, asideButtons(entry, fill))))))] : []));
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
    el("p", { text: `${linkSays} Your game from ${when} (${save.record.actions.length} moves) is not finished: continue it, or start the new one and keep yours aside (the lobby lists it, to download or delete).` }),
    el("button", { type: "button", class: "primary", dataset: { offer: "continue" }, onclick: () => resume(save).catch((e) => showError(e.message)), text: `Continue your game from ${when}` }),
    el("button", { type: "button", dataset: { offer: "new" }, onclick: () => {
      saved.setAside(id, save, "it was replaced by a new game from a link", { told: true });
      startNew();
    }, text: newLabel }));
  showLobby(id, { first: box, skip: id });
}

function showError(message) { if (current) { current.error = message; draw(); } else showNotice(message); }

// A message in the lobby (a bad link, a record that could not be opened) that stays until the player acts: the boot
// progress writes to its own line and never over it.
function showNotice(message) {
  const notice = el("div", { class: "error notice", role: "alert", dataset: { notice: "" } },
    el("span", { text: message }), " ",
    el("button", { type: "button", class: "dismiss", text: "OK", onclick: () => notice.remove() }));
  screen.querySelector("[data-notice]")?.remove();
  screen.prepend(notice);
}

// The renderer's toolkit is board.js's (shared with the lesson viewer and embeds), plus the match record.
function makeUi() {
  return {
    ...makeBoardUi({ act, local: current.local, rerender: () => draw(), seatName, isHuman: (s) => current.seats[s] === "human" }),
    record: () => engine.call("record").then((r) => r.record), // the whole match (e.g. to know a finished game again)
    // Work a renderer puts off until its drawing is on screen (e.g. a request whose answer redraws): the page counts
    // as busy from now until the work has settled, so whoever waits for an idle page sees its result, not a redraw
    // still to come.
    afterPaint: (work) => { busy(() => new Promise((done) => latency.afterPaint(() => Promise.resolve().then(work).finally(done)))); },
  };
}

// Removing a focused control (a name field at the end) fires its blur and change events inside the draw; a handler
// that asks to draw again then waits until this draw is done, instead of swapping regions mid-swap.
let drawing = false;
let drawAgain = false;
function draw(inFrame = false) {
  if (drawing) { drawAgain = true; return; }
  const t0 = performance.now();
  drawing = true;
  try { drawMatch(); } finally { drawing = false; }
  latency.addRender(performance.now() - t0, inFrame);
  if (drawAgain) { drawAgain = false; draw(inFrame); }
}

// The match screen's frame (title, seats, turn line, side panel, log) is built once per match and kept: a draw swaps
// only its regions (web/redraw.js) and appends new log lines, so the browser restyles and lays out what changed, not
// the page. The board itself is drawn afresh by its renderer into a new root each time (web/RENDERERS.md "Redraw").
let frame = null; // {match, root, regions, turn, log}

function matchFrame(match) {
  const regions = new Regions();
  // On the pass-the-device screen nothing of the previous seat's view may stay on screen: not even its log.
  // Focusable: it scrolls, and a keyboard user must be able to scroll it too.
  const log = el("ol", { class: "log", tabindex: "0", "aria-label": "Game log" });
  // Not a live region itself: the page's polite #announcer reads the turn and the new log lines (issue 13).
  const turn = el("div", { class: "turn" });
  const aside = el("aside", { class: "side" },
    regions.slot("error"), regions.slot("undo"),
    el("h3", { text: "Log" }), log,
    el("div", { class: "record-tools" },
      el("button", { type: "button", onclick: saveRecord, text: "Save game" }),
      el("small", { class: "save-note", text: "A saved file is the whole truth: it reveals every hidden card." }),
      loadGameControl(),
      keysButton()),
    el("details", { class: "rules" }, el("summary", { text: "Rules summary" }), el("ul", {}, match.info.rules.map((r) => el("li", { text: r })))));
  const main = el("section", { class: "play" }, regions.slot("notices"), turn, regions.slot("table"), regions.slot("outcome"), regions.slot("end"));
  const root = el("div", { class: "match" }, el("header", { class: "match-head" }, el("h2", { text: match.info.title }), regions.slot("seats")), main, aside);
  return { match, root, regions, turn, log };
}

function drawMatch({ fresh = false } = {}) {
  const match = current;
  const view = match.answer.view;
  const ui = makeUi();
  ui.brief = Boolean(match.brief); // the first drawing of a finished match: its details come on the next frame
  // What had the focus (a control of the board is replaced below): put back on the same key afterwards.
  const focus = captureFocus(screen);
  // Take the focus off a control of the board before the board changes: removing a focused node in the middle of the
  // draw makes the browser restyle everything drawn so far to send its blur (issue 14: 2-3 ms of a reef click). The
  // focus comes back below (restoreFocus), on the same node if it was kept.
  if (focus && focus.node && frame && frame.table && frame.table.contains(focus.node)) focus.node.blur();
  if (fresh || !frame || frame.match !== match || !screen.contains(frame.root)) {
    frame = matchFrame(match);
    screen.replaceChildren(frame.root);
  }
  const { regions } = frame;
  const passing = match.passTo !== undefined && match.passTo !== null;
  // A renderer that updates its drawing in place (`inPlace`, web/RENDERERS.md "Redraw") is handed the root it drew
  // last time, so the nodes whose data did not change stay; any other gets a new empty root.
  const keep = match.renderer.inPlace && !passing && frame.table && frame.table.isConnected && frame.tableView === "board";
  const tableRoot = keep ? frame.table : el("div", { class: `table game-${match.info.id}` });
  frame.table = tableRoot;
  // The page's highlights (web/board.js `highlight`) belong to the drawing they were made on.
  if (keep) for (const node of tableRoot.querySelectorAll(".hl")) node.classList.remove("hl");
  frame.tableView = passing ? "pass" : "board";
  // The seats bar is drawn again only when what it shows changed (issue 14: nodes not rebuilt are not restyled).
  const seatsKey = JSON.stringify([match.seats, view.to_act, match.viewer, view.over, match.seats.map((_, s) => seatName(s))]);
  if (frame.seatsKey !== seatsKey || !frame.root.contains(frame.seatsBar)) {
    frame.seatsKey = seatsKey;
    frame.seatsBar = regions.put("seats", el("div", { class: "seats-bar" }, match.seats.map((kind, s) =>
      el("span", { class: "seat-chip" + (view.to_act.includes(s) ? " to-act" : "") + (s === match.viewer ? " viewer" : ""), style: { borderColor: ui.seatColor(s) } },
        seatMark(s), seatName(s), kind === "human" ? "" : ` · ${botName(kind)}`, view.to_act.includes(s) && !view.over ? el("span", { class: "sr-only", text: " (to act)" }) : null))));
  }
  if (frame.notices !== match.notices) { frame.notices = match.notices; regions.put("notices", noticesBlock(match)); }
  const thinking = match.thinking && !view.over ? match.thinking : null;
  const turn = view.over ? "The match is over." : view.to_act.length === 0 ? "" : thinking ? thinkingText(thinking) :
    view.to_act.includes(match.viewer) && match.seats[match.viewer] === "human" ? `${seatName(match.viewer)} to act.` :
      `Waiting for ${view.to_act.map(seatName).join(", ")}…`;
  if (frame.turn.textContent !== turn) frame.turn.textContent = turn;
  if (fillLog(frame.log, passing ? [] : logLines(match, view))) scrollToEndSoon(frame.log);
  const undoer = undoSeat(match);
  const undoButton = undoer !== null ? el("button", { type: "button", class: "undo", dataset: { undo: String(undoer) }, title: "Take back the last move (Ctrl+Z)", onclick: () => undo(),
    text: undoer === match.viewer && !passing ? "Undo" : `Undo ${seatName(undoer)}'s move` }) : null;
  regions.put("error", match.error ? el("p", { class: "error", role: "alert", text: match.error }) : null);
  // On the pass screen Undo sits in the modal dialog, the only part of the page that answers then.
  regions.put("undo", passing ? null : undoButton);

  let sheet = null;
  let tools = null;
  let modal = null;
  if (passing) {
    // A real modal dialog: the rest of the page is inert behind it, Tab stays inside, Escape does not dismiss it.
    modal = el("dialog", { class: "pass", "aria-labelledby": "pass-title", oncancel: (e) => e.preventDefault() },
      el("p", { id: "pass-title", text: `Pass the device to ${seatName(match.passTo)}.` }),
      el("p", { class: "hint", text: "The next screen shows that player's secret cards." }),
      el("div", { class: "pass-buttons" },
        el("button", { type: "button", class: "primary", dataset: { step: "continue" }, onclick: () => busy(async () => {
          match.passTo = null;
          match.answer = await engine.call("view", { viewer: match.viewer, humans: humans() });
          await advance();
        }), text: `I am ${seatName(match.passTo)}: show my table` }),
        undoButton));
    tableRoot.append(modal);
  } else {
    match.renderer.render(tableRoot, view, ui);
    if (view.over) {
      sheet = el("div", { class: "outcome" });
      if (match.renderer.renderOutcome && !ui.brief) match.renderer.renderOutcome(sheet, view, ui);
      renderOutcome(sheet, view, ui);
      // The seed is shown only now: with it every shuffle of the match can be replayed.
      sheet.append(el("p", { class: "seed-line", dataset: { seed: String(match.seed) }, text: `This deal's seed: ${match.seed} (type it in the lobby to play the same deal again).` }));
      tools = endTools(match,
        el("button", { type: "button", dataset: { nav: "replay" }, onclick: () => replayCurrent().catch((e) => showError(e.message)), text: "Replay this game" }));
    }
  }
  boardKeys(tableRoot, ui);
  if (!keep) regions.put("table", tableRoot);
  regions.put("outcome", sheet);
  regions.put("end", tools);
  if (modal) modal.showModal(); // focuses its first button
  // Nothing left to decide at the end: the focus goes to the result ("You won"), just above the score sheet.
  else restoreFocus(screen, focus, { local: match.local, fallback: (sheet && sheet.querySelector(".result")) || tableRoot });
  announcer.say(passing ? [] : view.log.map(nameSeats), spokenPrompt(match, view, thinking, passing), `${match.id}/${match.viewer}`);
}

// What the live region says after the new log lines: whose turn it is and what the engine asks (issue 13).
function spokenPrompt(match, view, thinking, passing) {
  if (passing) return `Pass the device to ${seatName(match.passTo)}.`;
  if (view.over) {
    const w = view.outcome ? view.outcome.winners.map(seatName) : [];
    return `The match is over.${w.length ? ` ${w.join(" and ")} ${w.length === 1 && w[0] !== "You" ? "wins" : "win"}.` : ""}`;
  }
  if (thinking) return thinkingText(thinking);
  const asks = view.table && view.table.prompt ? nameSeats(view.table.prompt) : "";
  if (view.to_act.includes(match.viewer) && match.seats[match.viewer] === "human") {
    const who = seatName(match.viewer);
    return `${who === "You" ? "Your" : `${who}'s`} turn${asks ? `: ${asks}` : "."}`;
  }
  return view.to_act.length ? `Waiting for ${view.to_act.map(seatName).join(", ")}.` : asks;
}

// "Load game…" opens a modal dialog with the file field; closing it gives the focus back to the button (issue 13).
function loadGameControl() {
  const opener = el("button", { type: "button", dataset: { focusKey: "load-game" }, "aria-haspopup": "dialog", text: "Load game…" });
  const dialog = el("dialog", { class: "load-dialog", "aria-labelledby": "load-title" },
    el("h2", { id: "load-title", text: "Load a saved game" }),
    el("p", { text: "Choose a game file saved from Shoal (.json). The game on screen is replaced only if every move in the file is legal." }),
    el("label", {}, "Game file ", el("input", { type: "file", accept: ".json,application/json", onchange: (e) => { if (dialog.open) dialog.close(); loadRecord(e); } })),
    el("div", { class: "dialog-buttons" }, el("button", { type: "button", onclick: () => dialog.close(), text: "Cancel" })));
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
  const extra = (current && current.renderer && current.renderer.keys) || [];
  const rows = [...KEYS, ...extra].map(([k, what]) => el("tr", {}, el("th", { scope: "row" }, el("kbd", { text: k })), el("td", { text: what })));
  keysDialog?.remove();
  keysDialog = el("dialog", { class: "keys-help", "aria-labelledby": "keys-title" },
    el("h2", { id: "keys-title", text: "Keys" }),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Key" }), el("th", { scope: "col", text: "What it does" }))), el("tbody", {}, rows)),
    el("div", { class: "dialog-buttons" }, el("button", { type: "button", class: "primary", dataset: { closeKeys: "1" }, onclick: () => keysDialog.close(), text: "Close" })));
  keysDialog.addEventListener("close", () => { if (back && back.isConnected && back !== document.body) back.focus(); });
  document.body.append(keysDialog);
  keysDialog.showModal();
}
function keysButton() {
  return el("button", { type: "button", class: "keys-button", dataset: { keys: "1", focusKey: "keys" }, "aria-keyshortcuts": "?", "aria-haspopup": "dialog", onclick: openKeys, text: "Keys (?)" });
}

function logLines(match, view) {
  const lines = view.log.map((line) => ({ text: nameSeats(line) }));
  for (const note of [...(match.notes || [])].reverse()) {
    if (note.at > lines.length) continue;
    lines.splice(note.at, 0, { cls: "took-back", text: note.seat === match.viewer ? note.mine : note.others });
  }
  return lines;
}

// After the game: the same table again with a new deal, the lobby, or a link that replays this game.
function endTools(match, ...more) {
  const shareBox = el("div", { class: "share" });
  const share = async () => {
    try {
      const { record } = await engine.call("record");
      const url = await shareUrl({ ...record, seats: match.seats, names: match.names }, location.href);
      const field = el("input", { type: "text", readonly: true, class: "share-link", value: url, "aria-label": "Link to this game" });
      const copied = el("span", { class: "hint", role: "status" });
      shareBox.replaceChildren(field, el("button", { type: "button", onclick: () => {
        field.select();
        (navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error("no clipboard")))
          .then(() => { copied.textContent = "Copied."; }, () => { copied.textContent = "Select the link and copy it."; });
      }, text: "Copy link" }), el("button", { type: "button", onclick: saveRecord, text: "Download record" }), copied);
    } catch (err) {
      shareBox.replaceChildren(el("p", { class: "error", text: `Could not make a link: ${err.message}` }));
    }
  };
  shareBox.append(el("button", { type: "button", dataset: { share: "1" }, onclick: share, text: "Share this game" }));
  return el("div", { class: "end-tools" },
    el("button", { type: "button", class: "primary", dataset: { rematch: "1" }, onclick: () => rematch(match), text: "Rematch" }),
    el("button", { type: "button", dataset: { newGame: "1" }, onclick: () => showLobby(match.info.id), text: "New game" }),
    ...more, shareBox);
}

function rematch(match) {
  const cfg = { game: match.info.id, players: match.players, seats: match.seats, names: match.names, seed: newSeed(), options: match.options };
  startMatch(cfg).catch((e) => showError(e.message));
}

function saveRecord() {
  engine.call("record").then(({ record }) => {
    download(`shoal-${record.game}-${record.seed}.json`, JSON.stringify({ ...record, seats: current.seats, names: current.names }, null, 1));
  }, (err) => showError(err.message));
}

function download(name, text, type = "application/json") {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Open a saved record: the bridge replays it into a new match and swaps it in only when every action was legal.
// `watch` shows it as a spectator (a teacher's embedded position): nobody acts, nothing secret is shown.
async function openRecord(record, { watch = false } = {}) {
  const { info, players, seats, names, clean } = checkRecord(record, games); // before anything is sized by it
  const renderer = await loadRenderer(info.id);
  await engine.ready;
  const people = seats.flatMap((k, s) => (k === "human" ? [s] : []));
  const answer = await busy(() => engine.call("load", { record: clean, viewer: null, humans: people }));
  current = { info, players, seats, names, seed: record.seed, options: record.options || {}, renderer, local: {}, viewer: null, watch, id: ++matchCount, notices: takeNotices() };
  current.viewer = watch || !seats.includes("human") ? null : firstViewer();
  current.answer = answer;
  setStatus(answer.over ? "over" : "playing");
  await busy(advance);
}

async function loadRecord(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    if (file.size > 4 * MAX_RECORD_CHARS) throw new Error("that file is too large to be a Shoal game record");
    await openRecord(parseRecordText(await file.text()));
    // The address names the loaded game (its seed stays secret), so a reload resumes it rather than the one before.
    history.replaceState(null, "", "?" + deepLink({ game: current.info.id, players: current.players, seats: current.seats, names: current.names, options: current.options }));
  } catch (err) {
    showError(`Could not load that game: ${err.message}. Nothing was changed.`);
  }
}

function showLobby(gameId, { first = null, skip = null } = {}) {
  current = null;
  viewing = false;
  setStatus(busyCount || !engineReady ? "loading" : "lobby");
  history.replaceState(null, "", location.pathname);
  screen.replaceChildren(...[first, continueBlock(skip)].filter(Boolean));
  renderLobby(screen, games, (cfg) => startMatch(cfg).catch((e) => showError(e.message)), { game: gameId });
  if (linkProblem) { showNotice(linkProblem); linkProblem = null; }
}

// A ?record= link: only a file of this same site (the site makes no outside request), read as text and checked.
async function fetchRecord(link) {
  let url;
  try { url = new URL(link, location.href); } catch { throw new Error("the link's record is not a web address"); }
  if (url.origin !== location.origin) throw new Error("a record must come from this site");
  let response;
  try { response = await fetch(url); } catch { throw new Error(`${url.pathname} could not be fetched (are you offline?)`); }
  if (!response.ok) throw new Error(`${url.pathname} was not found (${response.status})`);
  return parseRecordText(await response.text());
}

// "Continue" for each title's unfinished game (but `skip`, offered on its own above), what was set aside since the
// last screen, and the list of every set-aside save.
function continueBlock(skip = null) {
  const saves = saved.unfinished(games); // reading the slots sets aside what cannot be used
  const fresh = saved.takeUntold();
  const notes = el("div", { id: "lobby-notes" }, fresh.map((entry) => el("p", { class: "error", role: "alert", text: asideText(entry) })));
  const found = Object.values(saves).filter((save) => save.record.game !== skip);
  return el("section", { class: "continue" }, notes, found.length ? el("h2", { text: "Continue" }) : null,
    found.map((save) => el("button", { type: "button", class: "continue-game", dataset: { continue: save.record.game },
      onclick: () => resume(save).catch((e) => showError(e.message)),
      text: `Continue ${gameInfo(save.record.game).title} (${save.record.actions.length} moves)` })),
    asideSection(fresh.length > 0));
}

// Ctrl/Cmd+Z takes back a move, exactly when the Undo button is shown; "?" opens the Keys panel.
document.addEventListener("keydown", (e) => {
  if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && current && !document.querySelector("dialog[open]")
      && !(e.target instanceof HTMLElement && e.target.closest("input, select, textarea"))) {
    e.preventDefault();
    openKeys();
    return;
  }
  if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "z" && document.querySelector("[data-undo]")) {
    e.preventDefault();
    undo();
  }
});

let engineReady = false;
engine.ready.then(() => {
  engineReady = true;
  // Registered only after boot, so a first visit does not download Pyodide twice at the same time.
  registerServiceWorker();
});

// Test and embedding hooks: the record of the match on screen, and which seat the device shows.
window.shoal = {
  record: async () => (await engine.call("record")).record,
  viewer: () => current && current.viewer,
  boot: () => engine.boot, // how Python started: "snapshot" (restored) or "plain"
  bootMarks: () => engine.marks.slice().sort((a, b) => a[1] - b[1]), // [name, ms since navigation] (issue 14)
  latency: latency.spans, // click → painted board, split into worker round trips, Python, JSON and drawing
  // Test hook: draw the match screen again, in place or (fresh) from scratch; the redraw test compares the two.
  redraw: (fresh = false) => { if (current) drawMatch({ fresh }); },
};

// ---- lessons and replays (web/viewer.js) ------------------------------------------------------------------------
// An iframe host hears what happens on the board: {source: "shoal", type: "step" | "move" | "over", ...detail}, only
// what the spectator may see (web/host.js), and only a parent of the origin the link names, when it names one.
function tellParent(type, detail) {
  if (window.parent !== window && parentOrigin) window.parent.postMessage({ source: "shoal", type, ...detail }, parentOrigin);
}

let viewing = false; // a lesson or replay is on screen (the lobby must not take over when Python is ready)
async function showViewer(opts) {
  current = null;
  viewing = true;
  const host = el("div", { class: "viewer-page" });
  screen.replaceChildren(host);
  const viewer = await openViewer(host, {
    ...opts, engine: () => engine, match: "main", keys: document, botDelay, botBudget,
    emit: tellParent, status: (s) => setStatus(s === "loading" ? "loading" : s),
  });
  viewer.root.focus({ preventScroll: true });
  window.shoal.viewer = () => (viewer.live ? viewer.live.viewer : viewer.viewer ?? null);
  return viewer;
}

// "Replay this game": every move of the match just finished. The one person who played it may also see it from
// their own seat; otherwise (hot-seat friends, a shared link) only the spectator's view of a game with secrets.
async function replayCurrent() {
  const { record } = await engine.call("record");
  const h = humans();
  await showViewer({ record: { ...record, seats: current.seats, names: current.names }, ownSeat: h.length === 1 ? h[0] : null });
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
  await engine.call("new", { match: "link-check", game: cfg.game, players: cfg.players, seed: 0, options: cfg.options || {}, viewer: null });
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
  offerSaved(save, "This link opens a position to play on from.", "Play on from the link's position", () => openRecord(record).catch((e) => {
    showLobby(info.id);
    showNotice(`Could not open that record: ${e.message}.`);
  }));
}

if (params.get("replay") === "1" || params.has("lesson")) {
  const step = params.has("step") ? parseInt(params.get("step"), 10) : undefined;
  (async () => {
    if (params.has("lesson")) return showViewer({ lesson: await sameSiteJson(params.get("lesson")), step });
    let record;
    if (location.hash.startsWith("#r=")) record = await (await import("./share.js")).decodeRecord(location.hash.slice(1));
    else if (params.has("record")) record = await fetchRecord(params.get("record"));
    else throw new Error("the link names no game");
    checkRecord(record, games); // before the viewer sizes anything from it
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
  fetchRecord(params.get("record")).then((record) => (watch ? openRecord(record, { watch }) : openLinkedRecord(record))).catch((e) => {
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
} else {
  showLobby();
}
