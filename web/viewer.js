// The step viewer: a lesson (precomputed steps, painted without Python), a replay of any record (views from the
// engine's replay_step, or a compiled replay's own), or a live game (a fresh deal, or "play on from here"). One
// module for the site's lesson and replay pages, the end screen's "Replay this game" and every embedded board
// (web/embed.js).
//
// It never decides a rule: lesson steps carry the engine's views; answers are checked by the engine (lesson_answer);
// a live game is the match page's own turn loop (web/match.js) on the board's own named match in the bridge.
import { Analysis } from "./analysis-view.js";
import { el } from "./dom.js";
import {
  boardKeys, captureFocus, ensureCss, highlight, loadRenderer, makeAnnouncer, makeUi, nameSeatsWith, restoreFocus,
  seatsBar, site,
} from "./board.js";
import { Gamebook } from "./gamebook.js";
import { Hints } from "./hint.js";
import { Reading } from "./lesson-memory.js";
import { Match, busyMarker } from "./match.js";
import { renderOutcome } from "./outcome.js";
import { watchPans } from "./pan-cue.js";
import { Regions, drawGuard, fillLog, scrollToEndSoon } from "./redraw.js";
import { readReplay, replayDownload } from "./replay-file.js";
import { saveImageMenu } from "./save-image.js";
import { newSeed } from "./seed.js";
import { checkPlayers } from "./validate.js";

// The viewer's keys, one click or Enter away: a <details> needs no script to open and keeps the focus.
const VIEWER_KEYS = [
  ["← / →", "previous / next step (when the board does not have the focus)"],
  ["Home / End", "first / last step"],
  ["Tab", "to the board, your hand and the buttons"],
  ["Arrow keys", "move inside the board or the hand"],
  ["Enter or Space", "make the focused move or pick the focused card"],
  ["Escape", "put a picked card back"],
];
function keysList() {
  return el("details", { class: "sv-keys" }, el("summary", { dataset: { nav: "keys" }, text: "Keys" }),
    el("dl", {}, VIEWER_KEYS.map(([k, what]) => [el("dt", {}, el("kbd", { text: k })), el("dd", { text: what })])));
}
const isSeat = (s) => Number.isInteger(s) && s >= 0;
// The build's output (or the engine's lesson_compile answer): every step carries its view, and the source is kept.
const isCompiled = (L) => L !== null && typeof L === "object" && L.format === "shoal-lesson" && Array.isArray(L.steps)
  && L.steps.length > 0 && L.steps.every((s) => s && typeof s === "object" && s.view) && !!L.source;

/**
 * Open a viewer in `host`. Options:
 *  lesson   a lesson: compiled (format "shoal-lesson", every step's view: painted at once) or hand-written
 *           (docs/lessons.md: compiled by the page's engine first, with a progress line meanwhile)
 *  record   a record to replay (views from the engine), or a compiled replay (format "shoal-replay": the spectator's
 *           views painted at once, web/replay-file.js); `seats`/`names` in it name the players
 *  replayFile  a replay offers "Download for a page" (its compiled replay, for a teacher's page)
 *  deal     {game, players, seats, seed, options}: a live game
 *  viewer   the seat whose view to show (replay / live); null = spectator
 *  ownSeat  a seat the reader may also see in a replay of a hidden-information game (their own game, one human)
 *  step     the step to open at, numbered as the board's counter: a lesson's from 1, a replay's moves from 0
 *  watch    live game: nobody at the device acts, bots play every seat, spectator's view
 *  engine   () => Engine (the page's shared worker; created only when first needed)
 *  match    the bridge match name this board uses (distinct per board on a page)
 *  emit     (type, detail) => void: "step", "move", "over" (only what the spectator may see: web/host.js)
 *  status   (s) => void: "lesson" | "replay" | "playing" | "over" | "error", also written to host.dataset.status
 *  keys     an element whose arrow keys step the viewer (default: the viewer itself, focusable)
 *  botDelay milliseconds before a bot moves (default 450); botBudget caps a search bot's iterations (tests)
 *  diagram  a still board of the one step `step`: no controls, no keys, a question's board not playable (and no
 *           engine for a compiled lesson: its views are all it needs)
 *  analyse  a replay: start its post-game analysis at once (web/analysis-view.js; its Analyse button otherwise)
 *  hints    false: a live game offers no Hint button (web/hint.js; on by default, for the person whose turn it is)
 */
export async function openViewer(host, opts) {
  const v = new Viewer(host, opts);
  // Busy from the first moment: an empty board that is still loading must never read as idle to whoever waits.
  await v.busy.run(() => v.start());
  return v;
}

class Viewer {
  constructor(host, opts) {
    this.host = host;
    this.opts = opts;
    this.match = opts.match || "main";
    this.emit = opts.emit || (() => {});
    this.botDelay = Math.max(0, opts.botDelay ?? 450);
    this.root = el("div", { class: "shoal-view", tabindex: "0" });
    this.busy = busyMarker(this.root);
    this.keep = {}; // what a renderer keeps across this viewer's steps (ui.keep: the reef's camera)
    this.drawStep = drawGuard(() => this.drawOnce());
    this.destroyed = false;
    this.onKey = (e) => this.key(e);
    (opts.keys || this.root).addEventListener("keydown", this.onKey);
    // The board's polite live region sits beside the redrawn root, so it outlives every redraw.
    this.announcer = makeAnnouncer();
    host.replaceChildren(this.root, this.announcer.node);
    if (opts.diagram) { this.root.classList.add("sv-diagram"); this.root.removeAttribute("tabindex"); }
    this.book = new Gamebook(this); // a lesson's questions (web/gamebook.js)
    this.unwatchPans = watchPans(this.root); // a board wider than its column scrolls with a cue (web/pan-cue.js)
  }

  async start() {
    const o = this.opts;
    this.setStatus("loading");
    this.reading = null;
    const { game, games } = await site();
    ensureCss("viewer");
    if (o.lesson) {
      const L = await this.compiledLesson(o.lesson);
      this.kind = "lesson";
      this.info = game(L.game);
      this.lesson = L;
      this.total = L.steps.length - 1;
      this.names = [];
      this.seats = [];
      // A diagram shows one step on paper: nothing to remember.
      if (!o.diagram) this.reading = new Reading(L, { keepStep: !Number.isInteger(o.step), emit: this.emit });
    } else if (o.record) {
      this.compiled = readReplay(o.record, games); // null for a plain record
      const R = this.compiled ? this.compiled.record : o.record;
      this.kind = "replay";
      this.info = game(R && R.game);
      if (!this.info) throw new Error("that is not a Shoal game record");
      this.record = R;
      this.seats = Array.isArray(R.seats) ? R.seats : [];
      this.names = Array.isArray(R.names) ? R.names.map((n) => String(n || "").slice(0, 16)) : [];
      this.replayViews = new Map(); // "upto/viewer" -> engine answer
      this.allowed = this.replaySeats();
      this.viewer = this.allowed.includes(o.viewer) ? o.viewer : null;
      this.total = null;
    } else if (o.deal) {
      this.kind = "game";
      this.info = game(o.deal.game);
    }
    if (!this.info) throw new Error("unknown game");
    this.renderer = await loadRenderer(this.info.id);
    this.root.classList.add(`sv-${this.kind}`);
    if (this.kind === "game") return this.startDeal(o.deal);
    if (this.kind === "replay") {
      const first = await this.replayAt(0);
      this.total = first.total;
      if (!o.diagram) this.analysis = new Analysis(this);
    }
    const resume = this.kind === "replay" ? this.total : this.reading?.resumeAt ?? 0;
    this.opening = Number.isInteger(o.step) ? Math.max(0, this.indexOf(o.step)) : resume;
    await this.goTo(this.opening);
    if (this.analysis && o.analyse) this.analysis.start();
  }

  // A compiled lesson (the build's) paints at once. A hand-written one is compiled by the page's engine worker, with
  // the compiler the build runs (bridge `lesson_compile`), so its problems read as the checker's: "lesson step N,
  // field: why". Meanwhile the board says what it is doing.
  async compiledLesson(L) {
    if (isCompiled(L)) return L;
    if (L === null || typeof L !== "object" || Array.isArray(L)) {
      throw new Error("that is not a Shoal lesson: a lesson is a JSON object with its steps (docs/lessons.md)");
    }
    const engine = this.engine();
    let booted = false;
    engine.ready.then(() => { booted = true; this.progress("Checking the lesson…"); }, () => {});
    await null; // an engine that is ready already has said so
    if (!booted) this.progress("Checking the lesson… (starting the game engine)");
    const { lesson } = await this.call("lesson_compile", { lesson: L });
    return lesson;
  }

  progress(text) {
    if (this.destroyed || this.root.dataset.painted) return;
    this.root.replaceChildren(el("p", { class: "sv-progress", role: "status", text }));
  }

  // ---- which seats a replay may show ------------------------------------------------------------------------------
  // A spectator's view always. Every seat when the game hides nothing between seats (AQUA). Otherwise only the seat
  // of the one person who played it on this device (ownSeat): a shared link never shows anybody's hand.
  replaySeats() {
    const n = this.record.players;
    if (!this.info.private_views) return [null, ...Array.from({ length: n }, (_, s) => s)];
    return isSeat(this.opts.ownSeat) && this.opts.ownSeat < n ? [null, this.opts.ownSeat] : [null];
  }

  async replayAt(upto, viewer = this.viewer) {
    const key = `${upto}/${viewer}`;
    if (this.compiled && viewer === null) return this.compiled.at(upto);
    if (!this.replayViews.has(key)) {
      const { seats: _s, names: _n, ...clean } = this.record;
      const answer = await this.call("replay_step", { record: clean, upto, viewer });
      this.replayViews.set(key, answer);
    }
    return this.replayViews.get(key);
  }

  engine() { return this.opts.engine(); }

  call(cmd, args = {}) {
    this.usedEngine = true;
    return this.busy.run(() => this.engine().call(cmd, { match: this.match, ...args }));
  }

  setStatus(s) {
    this.root.dataset.status = s;
    if (this.opts.status) this.opts.status(s);
  }

  // A step's seats: a record's names, its bots, "You" for the reader's own seat (their replay, a lesson's question).
  seatName(seat) {
    if (this.live) return this.live.seatName(seat);
    if (seat === null || seat === undefined) return "Spectator";
    if (this.names[seat]) return this.names[seat];
    const kind = this.seats[seat];
    if (kind && kind !== "human") return `Bot ${seat + 1}`;
    if (this.kind === "replay" && seat === this.opts.ownSeat) return "You";
    const q = this.kind === "lesson" && this.question();
    if (q && q.seat === seat) return "You";
    return `Player ${seat + 1}`;
  }

  // ---- stepping -----------------------------------------------------------------------------------------------------
  // One numbering for the page, the board's own counter: a lesson's steps count from 1 (as the checker's "lesson step
  // N" and the Studio do), a replay's positions by the moves played (0: the start). `step`, `goTo` and events use it.
  number(index) { return this.kind === "lesson" ? index + 1 : index; }
  indexOf(n) { return this.kind === "lesson" ? n - 1 : n; }
  goToStep(n) { return this.goTo(this.indexOf(Number(n) | 0)); }

  question() { return this.kind === "lesson" ? this.lesson.steps[this.index]?.question || null : null; }

  async goTo(step) {
    if (this.destroyed || this.live || this.total === null) return;
    const to = Math.max(0, Math.min(this.total, Number(step) | 0));
    this.index = to;
    this.book.reset();
    this.asked = null;
    this.local = {};
    if (this.kind === "lesson") {
      this.stepView = this.lesson.steps[to].view;
      this.setStatus("lesson");
    } else {
      this.setStatus("replay");
      const got = await this.replayAt(to);
      if (this.index !== to) return; // a later click won
      this.stepView = got.view;
      this.stepMove = got.move;
    }
    if (this.reading) { // before the draw: the progress line counts this step, a question says Python starts
      this.reading.at(to);
      if (this.question()) this.wake();
    }
    this.draw();
    this.emit("step", { step: this.number(to), steps: this.total + 1 });
    if (this.question() && !this.opts.diagram) this.prepareQuestion(to);
  }

  next() { return this.goTo(this.index + 1); }
  prev() { return this.goTo(this.index - 1); }

  key(e) {
    if (this.live) { this.live.key(e); return; }
    if (this.opts.diagram) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName || "")) return;
    const moves = {
      ArrowRight: () => this.next(), ArrowLeft: () => this.prev(),
      Home: () => this.goTo(0), End: () => this.goTo(this.total),
    };
    if (moves[e.key]) { e.preventDefault(); moves[e.key](); }
  }

  // A question's board must offer the asked seat's legal moves: the precomputed view does when it is that seat's
  // own view; otherwise the engine opens the position (in the background) and the board waits for it.
  async prepareQuestion(step) {
    const q = this.question();
    const view = this.stepView;
    if (view.seat === q.seat && view.legal.length) { this.asked = view; this.draw(); return; }
    try {
      const got = await this.call("lesson_open", { lesson: this.lesson.source, step, viewer: q.seat });
      if (this.index === step && !this.live) { this.asked = got.view; this.draw(); }
    } catch (err) {
      this.error = err.message;
      this.draw();
    }
  }

  // Python starts when the reader first reaches a question (never for reading alone); the question says so meanwhile,
  // and the line goes once it is up (taken out, not redrawn: the reader may be halfway through a move).
  wake() {
    const engine = this.engine();
    if (engine.booted || this.waking) return;
    this.waking = true;
    const up = () => { this.waking = false; this.root.querySelector("[data-waking]")?.remove(); };
    engine.ready.then(up, up);
  }

  startAgain() {
    this.reading.restart();
    return this.goTo(this.reading.keepStep ? 0 : this.opening);
  }

  answerQuestion(action) { return this.book.play(action); }

  // ---- play on from here / a live game ----------------------------------------------------------------------------
  // Playing on deals nothing again: the position's secrets are the record's (or the lesson's). So a seat may be played
  // by a person at this device only where this board may already show its view: every seat of a game without secrets
  // between seats; otherwise a seat the replay offers (replaySeats: the one person's own, from the end screen) or a
  // seat whose view the lesson shows. Bots play every other seat, and with no person at the table the reader watches
  // from the spectator's view.
  playOnSeats() {
    const players = this.kind === "lesson" ? this.lesson.players : this.record.players;
    const all = Array.from({ length: players }, (_, s) => s);
    if (!this.info.private_views) return all;
    if (this.kind === "lesson") {
      const shown = new Set(this.lesson.steps.flatMap((st) => [st.view?.seat, st.question?.seat]));
      return all.filter((s) => shown.has(s));
    }
    return this.allowed.filter(isSeat);
  }

  async playOn(seats) {
    const players = this.kind === "lesson" ? this.lesson.players : this.record.players;
    const may = this.playOnSeats();
    seats = Array.from({ length: players }, (_, s) => (may.includes(s) && seats && seats[s]) || "bot");
    // Nobody at the table: the view on show goes on, if it is one this board may show (a seat the replay offers).
    const shown = this.kind === "replay" && may.includes(this.viewer) ? this.viewer : null;
    if (this.kind === "lesson") {
      return this.beginLive(seats, [], ["lesson_open", { lesson: this.lesson.source, step: this.index }], shown);
    }
    const { seats: _s, names: _n, ...clean } = this.record;
    const record = { ...clean, actions: clean.actions.slice(0, this.index) };
    return this.beginLive(seats, [], ["load", { record }], shown);
  }

  async startDeal(deal) {
    const players = checkPlayers(this.info, deal.players || this.info.min_players); // before any array is sized by it
    const seats = Array.from({ length: players }, (_, s) => (deal.seats || [])[s] || (s === 0 ? "human" : "bot"));
    // No seed given: a fresh one from the cryptographic generator, never a fixed, well-known deal (whoever knows the
    // seed knows every hidden card).
    const opener = ["new", { game: this.info.id, players, seed: deal.seed ?? newSeed(), options: deal.options || {} }];
    // A fresh deal's author may show one seat's view to a table of bots (`viewer`); `watch` shows the spectator's.
    const shown = isSeat(this.opts.viewer) ? this.opts.viewer : null;
    const played = this.opts.watch ? seats.map((k) => (k === "human" ? "bot" : k)) : seats;
    return this.beginLive(played, deal.names || [], opener, shown);
  }

  // The game goes on at this board as on the match page (web/match.js): `opener` is the engine request that opens
  // it, `shown` whose view a table without a person shows (null: the spectator's). Refused, nothing changes.
  async beginLive(seats, names, [cmd, args], shown = null) {
    const live = new Match({
      engine: () => this.engine(), name: this.match, info: this.info, renderer: this.renderer, seats, names, shown,
      root: this.root, busy: this.busy, announcer: this.announcer, tableClass: "sv-board table",
      botDelay: this.botDelay, botBudget: this.opts.botBudget,
      frame: () => this.liveFrame(), end: (m, sheet) => this.liveEnd(m, sheet),
      drawn: (m, frame) => { this.painted(); if (this.hints) this.hints.drawn(m, frame); },
      emit: this.emit, status: (s) => this.setStatus(s),
    });
    this.usedEngine = true;
    this.hints = this.opts.hints === false ? null : new Hints({ engine: this.engine(), players: seats.length });
    await live.open(cmd, args);
    if (this.destroyed) return;
    this.live = live;
    this.kind = "game";
    this.root.classList.remove("sv-lesson", "sv-replay");
    this.root.classList.add("sv-game");
    this.seats = live.seats;
    this.names = live.names;
    return live.start();
  }

  // A live game's frame: title, seats and turn line over the board; Undo and the log beside it.
  liveFrame() {
    const regions = new Regions();
    const main = el("div", { class: "sv-main" },
      el("div", { class: "sv-head" }, el("h3", { text: this.info.title }), regions.slot("seats"), regions.slot("turn")),
      regions.slot("table"), regions.slot("error"), regions.slot("outcome"), regions.slot("end"));
    const side = el("aside", { class: "sv-side" },
      regions.slot("undo"), regions.slot("hint"), el("h4", { text: "Log" }), regions.slot("log"));
    this.frame = null; // the steps' frame is gone
    this.root.replaceChildren(main, side);
    return { root: main, regions };
  }

  painted() {
    this.root.dataset.baseHighlight = "[]";
    this.root.dataset.step = "";
    this.root.dataset.painted = "1";
  }

  // ---- drawing ------------------------------------------------------------------------------------------------------
  draw() {
    if (this.live) this.live.draw();
    else this.drawStep();
  }

  // A lesson's or a replay's step (a live game draws itself: web/match.js).
  drawOnce() {
    if (this.destroyed) return;
    const view = this.book.view() || this.asked || this.stepView;
    const q = this.opts.diagram ? null : this.question(); // a diagram's question is asked on paper
    const playable = q && this.book.playable();
    const ui = makeUi({
      act: playable ? (a) => this.answerQuestion(a) : () => {},
      local: this.local, keep: this.keep, rerender: () => this.draw(), seatName: (s) => this.seatName(s),
    });
    const text = nameSeatsWith((s) => this.seatName(s));
    const board = el("div", { class: `sv-board table game-${this.info.id}` });
    // Only a question's board is playable (and the analysis's "Try it yourself").
    const drawn = this.kind === "replay" && this.analysis && this.analysis.render(board, view, this.index);
    if (!drawn) this.renderer.render(board, playable ? view : { ...view, legal: [] }, ui);
    const panel = this.kind === "replay" && this.analysis ? this.analysis.panel() : null;
    const parts = [this.head(view), panel, this.caption(text), board, this.nav()].filter(Boolean);
    const line = this.kind === "lesson" && this.reading && this.reading.line(() => this.startAgain());
    if (line) parts.push(line);
    if (this.error) parts.push(el("p", { class: "error", role: "alert", text: this.error }));
    if (view.over) {
      const sheet = el("div", { class: "outcome" });
      if (this.renderer.renderOutcome) this.renderer.renderOutcome(sheet, view, ui);
      renderOutcome(sheet, view, ui);
      parts.push(sheet);
    }
    boardKeys(board, drawn || ui);
    const focus = captureFocus(this.root);
    // The frame (main column, side panel, log) is kept across draws; the log gets only its new lines (web/redraw.js).
    if (!this.frame || this.frame.main.parentNode !== this.root) {
      const log = el("ol", { class: "log", tabindex: "0", "aria-label": "Game log" }); // a scrolling log takes the keys
      this.frame = { main: el("div", { class: "sv-main" }), side: el("aside", { class: "sv-side" }), log };
      this.root.replaceChildren(this.frame.main, this.frame.side);
    }
    const { main, side, log } = this.frame;
    main.replaceChildren(...parts);
    side.replaceChildren(el("ol", { class: "sv-steps" }, this.stepList()), el("h4", { text: "Log" }), log);
    const logged = fillLog(log, view.log.map((line) => ({ text: text(line) })));
    const base = this.kind === "lesson" ? this.lesson.steps[this.index].highlight || [] : [];
    if (this.kind === "lesson") highlight(this.root, base);
    this.root.dataset.baseHighlight = JSON.stringify(base);
    // Scrolling waits for the next frame: measuring now would force a layout inside the draw.
    if (logged) scrollToEndSoon(log);
    const cur = side.querySelector(".sv-steps .current");
    if (cur && cur.scrollIntoView) {
      requestAnimationFrame(() => {
        if (cur.isConnected && side.scrollHeight > side.clientHeight) cur.scrollIntoView({ block: "nearest" });
      });
    }
    // The focus stays on the same control (by its action, step, ref or nav key), else goes to the next decision;
    // only a board that had the focus takes it back (several boards may share a page).
    if (focus && !focus.lost) restoreFocus(this.root, focus, { local: ui.local, fallback: this.root });
    const note = this.root.querySelector(".sv-caption .sv-comment");
    this.announcer.say(view.log.map(text), note ? note.textContent : "", `${this.kind}/${this.viewer}`);
    this.root.dataset.step = String(this.index ?? "");
    this.root.dataset.painted = "1";
  }

  head(view) {
    const title = this.kind === "lesson" ? this.lesson.title : `Replay: ${this.info.title}`;
    const toAct = view.over ? [] : view.to_act;
    const chips = seatsBar(view.players, { toAct, viewer: view.seat, name: (s) => this.seatName(s) });
    return el("div", { class: "sv-head" }, el("h3", { text: title }), chips);
  }

  caption(text) {
    if (this.kind === "lesson") {
      const step = this.lesson.steps[this.index];
      const q = step.question;
      const box = el("div", { class: "sv-caption" }, el("p", { class: "sv-comment", text: text(step.comment || "") }));
      if (q) box.append(this.book.box(q, text));
      return box;
    }
    const move = this.stepMove;
    const note = this.index === 0 ? "The starting position."
      : `Move ${this.index} of ${this.total}, by ${this.seatName(move[0])}.`;
    return el("div", { class: "sv-caption" }, el("p", { class: "sv-comment", text: note }),
      this.analysis ? this.analysis.caption(this.index) : null);
  }

  nav() {
    const at = this.index, last = this.total;
    const first = this.kind === "lesson" ? 1 : 0; // a lesson counts its steps from 1, a replay its moves from 0
    const btn = (nav, label, to, title) => el("button", {
      type: "button", dataset: { nav }, title, "aria-label": title, disabled: to === at || to < 0 || to > last,
      onclick: () => this.goTo(to), text: label,
    });
    const bar = el("div", { class: "sv-nav" },
      btn("first", "«", 0, "First step"), btn("prev", "◀", at - 1, "Previous step"),
      el("span", { class: "sv-count", text: `${at + first} / ${last + first}` }),
      btn("next", "▶", at + 1, "Next step"), btn("last", "»", last, "Last step"));
    if (this.kind === "replay" && this.allowed.length > 1) {
      bar.append(el("label", { class: "sv-seat" }, "View from ", el("select", {
        dataset: { nav: "seat" },
        onchange: (e) => { this.viewer = e.target.value === "" ? null : +e.target.value; this.goTo(this.index); },
      }, this.allowed.map((s) => el("option", {
        value: s === null ? "" : String(s), selected: s === this.viewer,
        text: s === null ? "the spectator" : this.seatName(s),
      })))));
    }
    if (!this.stepView.over && this.opts.playOn !== false) bar.append(this.playOnForm());
    const file = this.kind === "replay" && this.opts.replayFile
      ? [replayDownload(this.record, (cmd, args) => this.call(cmd, args))] : [];
    bar.append(saveImageMenu(() => this.root.querySelector(".sv-board"),
      () => `${this.lesson?.id || this.info.id}-${at + first}`), ...file, keysList());
    return bar;
  }

  // Seat by seat, a person or a bot; a seat this board may not show (playOnSeats) offers a bot only, and says why.
  playOnForm() {
    const players = this.stepView.players;
    const may = this.playOnSeats();
    const first = may.includes(this.viewer) ? this.viewer : may[0]; // a person plays the seat on show, else the first
    const chosen = Array.from({ length: players }, (_, s) => (s === first ? "human" : "bot"));
    const kinds = (s) => (may.includes(s) ? ["human", "bot"] : ["bot"]);
    const note = may.length === players ? null : el("p", { class: "hint", dataset: { playOnNote: "" }, text: may.length
      ? "A seat whose cards this replay may not show is played by a bot."
      : "This replay may not show anybody's cards, so bots play every seat and you watch from the spectator's view." });
    return el("details", { class: "sv-playon" },
      el("summary", { dataset: { nav: "play-on" }, text: "Play on from here" }),
      Array.from({ length: players }, (_, s) => el("label", {}, `Seat ${s + 1} `, el("select", {
        dataset: { seat: String(s) }, disabled: kinds(s).length === 1, onchange: (e) => { chosen[s] = e.target.value; },
      }, kinds(s).map((k) => el("option", {
        value: k, selected: k === chosen[s], text: k === "human" ? "Human" : "Bot",
      }))))),
      note,
      el("button", { type: "button", class: "primary", dataset: { nav: "start-play-on" },
        onclick: () => this.playOn(chosen).catch((e) => { this.error = e.message; this.draw(); }), text: "Start" }));
  }

  stepList() {
    if (this.kind === "lesson") {
      return this.lesson.steps.map((s, i) => el("li", { class: i === this.index ? "current" : "" },
        el("button", { type: "button", dataset: { stepIndex: String(i) }, onclick: () => this.goTo(i) },
          s.question ? el("b", { text: "? " }) : null,
          nameSeatsWith((x) => this.seatName(x))(s.comment || `Step ${i + 1}`))));
    }
    return Array.from({ length: this.total + 1 }, (_, i) => el("li", { class: i === this.index ? "current" : "" },
      el("button", { type: "button", dataset: { stepIndex: String(i) }, onclick: () => this.goTo(i) },
        i === 0 ? "Start" : `Move ${i}`, this.analysis ? this.analysis.stepMark(i) : null)));
  }

  liveEnd(match, sheet) {
    if (this.hints) sheet.append(...this.hints.summary(match));
    return this.replayButton();
  }

  // The end of a live game: its replay, on this same board (the one person at the table may see their own seat).
  replayButton() {
    return el("button", { type: "button", dataset: { nav: "replay" }, onclick: async () => {
      const live = this.live;
      const record = await live.record();
      live.destroy();
      this.live = null;
      this.kind = null;
      this.keep = {};
      const ownSeat = live.humans.length === 1 ? live.humans[0] : null;
      Object.assign(this.opts, {
        record: { ...record, seats: live.seats, names: live.names }, lesson: null, deal: null, ownSeat, step: null,
        viewer: null,
      });
      this.root.className = "shoal-view";
      await this.start();
    }, text: "Replay this game" });
  }

  destroy() {
    this.destroyed = true;
    this.unwatchPans();
    if (this.analysis) this.analysis.stop();
    this.book.reset();
    if (this.live) this.live.destroy();
    (this.opts.keys || this.root).removeEventListener("keydown", this.onKey);
    this.root.remove();
    if (this.usedEngine && this.match !== "main") this.engine().call("close", { match: this.match }).catch(() => {});
  }
}
