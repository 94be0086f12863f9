// One live match at one table: the turn loop every page that plays shares — the match page (web/app.js), the step
// viewer's live games (web/viewer.js: a fresh deal, "play on from here"), so every embedded board (web/embed.js), and
// any page to come that lets people play (a lesson Studio, a post-game analysis). It drives bots and people, the
// simultaneous phases, chains of instant bots, take-backs, the pass-the-device screen and its secrecy rule; it names
// seats and bots, and draws the board with the parts every table has (seats bar, turn line, log, Undo, error line,
// score sheet). The page decides only what surrounds them: it builds a frame with named regions (web/redraw.js
// `Regions`), and the match fills the regions that frame has.
//
// It never decides a rule: it shows the engine's view for the seat at the device and sends back actions the view
// offers (view.legal). Every request names the people at the table (`humans`), so each answer says who may take back
// a move (`undo_seat`); nothing it tells its page's `emit` is more than the spectator may see (web/host.js).
import { boardKeys, captureFocus, makeUi, nameSeatsWith, restoreFocus, seatsBar } from "./board.js";
import { el } from "./dom.js";
import { publicMove } from "./host.js";
import * as latency from "./latency.js";
import { LEVELS, defaultBot } from "./lobby.js";
import { renderOutcome } from "./outcome.js";
import { drawGuard, fillLog, scrollToEndSoon } from "./redraw.js";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const STOPPED = Symbol("the match was closed"); // thrown out of a request that came back after destroy()
let tables = 0; // numbers each match: the announcer reads a new match's log from its start

/**
 * A page's "busy" mark: `run(work)` counts the work under way and sets `node.dataset.busy` while any is (the tests
 * and the benchmarks wait for an idle page); `count` is how much is under way. One marker may serve several matches
 * in turn (the match page's), so a click on the board of the match being replaced is ignored while the next loads.
 */
export function busyMarker(node) {
  let count = 0;
  return {
    get count() { return count; },
    async run(work) {
      count++;
      node.dataset.busy = "1";
      try { return await work(); } finally { if (--count === 0) delete node.dataset.busy; }
    },
  };
}

/**
 * A live match. Options (only `engine`, `info`, `seats`, `renderer`, `root`, `frame` and `announcer` are required):
 *  engine     the page's Engine, or a function returning it (a board that only needs Python once someone plays)
 *  name       the bridge's name for this match (default "main"; each board of a page has its own)
 *  info       the game's entry of games.json; renderer its module (web/board.js `loadRenderer`)
 *  seats      per seat: "human", "bot" (the game's default level) or a bot's name; names: per seat, for people
 *  root       the element holding the table: the focus is kept inside it across draws
 *  frame(m)   builds the page's frame around the table, puts it on the page and returns {root, regions}; called for
 *             the first draw and whenever the frame is no longer on the page. The match fills the regions the frame
 *             has of: "seats", "turn", "table", "log", "undo", "error", "outcome", "end"
 *  announcer  the polite live region that outlives redraws (web/board.js `makeAnnouncer`)
 *  busy       a busyMarker (default: one on `root`)
 *  tableClass the board's class (default "table"); the game's id is added ("game-reef")
 *  botDelay   milliseconds before bots move (default 450; 0 also lets instant bots answer in the same request)
 *  botBudget  caps a search bot's iterations a decision (tests)
 *  frozen     nobody moves: the position as the spectator sees it (a teacher's position to discuss)
 *  shown      whose view a table without a person shows (default: the spectator's)
 *  seesAll    the one person at the device may see every seat (a lesson's author in the Studio): no pass screen,
 *             `show(seat)` shows any seat's view, and `played(seat, action)` hears each move they make
 *  claimFocus a focus lost on the page comes back to the board (the match page; an embed leaves its page's focus)
 *  record     renderers may ask for the whole record (`ui.record`): AQUA's end screen marks its achievements with it
 *  emit(type, detail)  what the page may tell its host: "move" {seat[, action]}, "undo" {seat}, "over" {scores,
 *             winners} — never more than the spectator sees
 *  status(s)  "playing" | "over", when it changes
 *  persist(m) after each move has settled (a person is due, the device is being passed, the game ended)
 *  end(m, sheet)  at the end: the page adds to the score sheet and returns its end tools (or null)
 *  drawn(m, frame)  after each draw: the page updates its own regions
 */
export class Match {
  constructor(o) {
    this.o = o;
    this.engine = typeof o.engine === "function" ? o.engine : () => o.engine;
    this.name = o.name || "main";
    this.info = o.info;
    this.renderer = o.renderer;
    this.seats = o.seats.slice();
    this.names = this.seats.map((_, s) => String((o.names || [])[s] || "").slice(0, 16));
    this.humans = this.seats.flatMap((kind, s) => (kind === "human" ? [s] : []));
    this.frozen = Boolean(o.frozen);
    this.botDelay = Math.max(0, o.botDelay ?? 450);
    this.budget = o.botBudget > 0 ? { budget: o.botBudget } : {};
    this.root = o.root;
    this.busy = o.busy || busyMarker(o.root);
    this.id = ++tables;
    // Whose view is on screen. At a hot-seat table with secrets nobody's until its owner has taken the device (the
    // pass screen comes first); a table without people shows the page's choice.
    this.viewer = this.frozen || !this.humans.length ? o.shown ?? null : this.hotSeatSecrets() ? null : this.humans[0];
    this.answer = null; // the engine's last step: {to_act, over, view, undo_seat}
    this.passTo = null; // the seat the device is being passed to (the pass screen is up)
    this.local = {}; // the renderer's UI-only state (ui.local): new after every move and for every seat
    this.keep = {}; // what the renderer keeps for this table's whole life (ui.keep: the reef's camera)
    this.notes = []; // take-backs, shown in the log where they happened
    this.error = null;
    this.thinking = null; // the bots thinking now, for the turn line
    this.brief = false; // the end screen's first frame (its details follow on the next)
    this.endShown = false;
    this.advancing = false;
    this.destroyed = false;
    this.frame = null;
    this.table = null; // the board's root on screen
    this.nameSeats = nameSeatsWith((s) => this.seatName(s));
    this.guardedDraw = drawGuard((inFrame, fresh) => {
      const t0 = performance.now();
      this.drawOnce(fresh);
      latency.addRender(performance.now() - t0, inFrame);
    });
  }

  get view() { return this.answer && this.answer.view; }
  get over() { return Boolean(this.answer && this.answer.over); }

  // ---- names -----------------------------------------------------------------------------------------------------
  /** The name the person at the device knows a seat by: "You", "Bot 3", a player's own name, "Player 2". */
  seatName(seat) {
    if (seat === null || seat === undefined) return "Spectator";
    if (this.seats[seat] !== "human") return `Bot ${seat + 1}`;
    if (this.names[seat]) return this.names[seat];
    if (this.frozen || this.humans.length !== 1) return `Player ${seat + 1}`;
    return "You";
  }

  /** What plays a bot seat: "bot" is the game's default level (web/lobby.js), any other kind names the bot. */
  botName(kind) { return kind === "bot" ? defaultBot(this.info) : kind; }

  /** Hot-seat with secrets: nobody's hand shows until its owner has taken the device. */
  hotSeatSecrets() { return this.humans.length > 1 && this.info.private_views && !this.o.seesAll; }

  /**
   * Show `seat`'s view (null: the spectator's), playing nothing, at a table whose person may see every seat
   * (`seesAll`): the lesson Studio's seat switcher. The board offers that seat's moves when it is to act; after the
   * next move the view follows the seat to act again.
   */
  async show(seat) {
    if (!this.o.seesAll || this.destroyed) return;
    await this.busy.run(async () => {
      try {
        this.answer = await this.ask("view", { viewer: seat });
      } catch (err) {
        if (err !== STOPPED) this.showError(err.message);
        return;
      }
      this.viewer = seat;
      this.local = {};
      this.draw();
    });
  }

  // ---- the engine ------------------------------------------------------------------------------------------------
  call(cmd, args = {}) {
    return this.engine().call(cmd, { match: this.name, viewer: this.viewer, humans: this.humans, ...args });
  }

  // A request while the page counts as busy; a match closed meanwhile takes nothing more from the answer.
  async ask(cmd, args) {
    const answer = await this.busy.run(() => this.call(cmd, args));
    if (this.destroyed) throw STOPPED;
    return answer;
  }

  /** The whole record (the truth: for saving and sharing, never for the screen while the game runs). */
  async record() { return (await this.engine().call("record", { match: this.name })).record; }

  /**
   * Open the match in the engine: `cmd` "new" ({game, players, seed, options}), "load" ({record}) or "lesson_open"
   * ({lesson, step}). Refused, it rejects with the engine's reason, and nothing is drawn; then `start()`.
   */
  async open(cmd, args) {
    this.answer = await this.ask(cmd, args);
    this.setStatus(this.answer.over ? "over" : "playing");
    return this;
  }

  /** Play on until a person must decide (or the game is over), and draw. */
  start() { return this.busy.run(() => this.advance()); }

  setStatus(s) { if (!this.destroyed && this.o.status) this.o.status(s); }
  emit(type, detail) { if (!this.destroyed && this.o.emit) this.o.emit(type, detail); }
  persist() { if (!this.destroyed && !this.frozen && this.o.persist) this.o.persist(this); }

  /** Stop: nothing of this match is drawn, played or told any more (its page shows another). */
  destroy() {
    this.destroyed = true;
    if (this.thinkingFrame) cancelAnimationFrame(this.thinkingFrame);
  }

  // ---- the turn loop ---------------------------------------------------------------------------------------------
  // Bots play first: in a simultaneous phase the order of submissions cannot change the result, and the person at
  // the device sees the bots' moves arrive in the log.
  async advance() {
    if (this.advancing || this.destroyed) return;
    this.advancing = true;
    try {
      for (;;) {
        const ans = this.answer;
        if (this.frozen) {
          if (ans.view.seat !== null) this.answer = await this.ask("view", { viewer: null });
          this.draw();
          return;
        }
        if (ans.over) { await this.ended(); return; }
        const bots = ans.to_act.filter((s) => this.seats[s] !== "human");
        if (bots.length) { await this.botsMove(bots); continue; }
        const target = ans.to_act.includes(this.viewer) ? this.viewer : ans.to_act[0];
        if (target !== this.viewer) {
          this.viewer = target;
          this.local = {};
          // Pass the device only when the next person's screen holds secrets the last one may not see.
          if (this.hotSeatSecrets()) {
            this.passTo = target;
            this.draw();
            this.persist();
            return;
          }
          this.answer = await this.ask("view");
          continue;
        }
        if (ans.view.seat !== this.viewer) { this.answer = await this.ask("view"); continue; }
        this.draw();
        this.persist();
        return;
      }
    } catch (err) {
      if (err !== STOPPED) this.showError(err.message);
    } finally {
      this.advancing = false;
    }
  }

  // Every bot that is due moves in one request and one pause: in a simultaneous phase (a pass, a Lunch window) their
  // choices are independent, and a 7-seat table should not wait six pauses for one decision. The turn line says who
  // is thinking ("Bot 2 (hard) is thinking…"); the search runs in the worker, so the page stays responsive.
  async botsMove(bots) {
    this.thinking = bots;
    this.drawWhileThinking();
    try {
      await this.busy.run(async () => {
        if (this.botDelay) await sleep(this.botDelay);
        if (this.destroyed) throw STOPPED;
        const chain = this.instantBots();
        const seats = chain || bots.map((s) => [s, this.botName(this.seats[s])]);
        this.answer = await this.ask("bots", { seats, ...(chain ? { chain: true } : {}), ...this.budget });
        // A bot's choice is its secret: only the view shows it.
        for (const seat of chain ? this.answer.moved : bots) this.emit("move", publicMove(this.info, seat));
      });
    } finally {
      this.thinking = null;
    }
  }

  // "Bot 2 is thinking…" (and the move just made) is drawn on the next frame, unless the bots have answered by then:
  // an instant bot's reply is drawn once, not twice (each draw of a board costs the click its rendering).
  drawWhileThinking() {
    if (this.thinkingFrame) return;
    this.thinkingFrame = requestAnimationFrame(() => {
      this.thinkingFrame = 0;
      if (this.thinking) this.draw(true);
    });
  }

  // Bots that answer at once (no search level), with no pause asked for: their turns are played in the same request
  // as the move before them, round after round until a person is due, so a click is one round trip and one redraw.
  // A pause (botDelay) shows each bot's move; a searching bot's table shows the player's own move first.
  instantBots() {
    if (this.botDelay || this.frozen) return null;
    const bots = this.seats.flatMap((kind, s) => (kind === "human" ? [] : [[s, this.botName(kind)]]));
    return bots.length && bots.every(([, name]) => !LEVELS.includes(name)) ? bots : null;
  }

  // The move that ends a game shows the final position and the scores in its own frame; the end screen's details (a
  // renderer's `renderOutcome`, AQUA's every-seat reefs) follow on the next frame, so the click's frame does not also
  // lay out and paint a thousand new nodes. The page stays busy until then.
  async ended() {
    if (this.viewer === null && this.humans.length) this.viewer = this.humans[0];
    if (this.answer.view.seat !== this.viewer) this.answer = await this.ask("view");
    this.setStatus("over");
    this.brief = !this.endShown;
    this.endShown = true;
    this.draw();
    if (this.brief) {
      this.busy.run(() => new Promise((done) => latency.afterSpan(() => requestAnimationFrame(() => {
        this.brief = false;
        this.draw(true);
        done();
      }))));
    }
    const { scores, winners } = this.answer.view.outcome;
    this.emit("over", { scores, winners });
    this.persist();
  }

  /** A person's move: the seat at the device plays `action` (one of view.legal). */
  async act(action) {
    // Ignore clicks while a move is on its way: a double click must not send a second, stale action.
    if (this.destroyed || this.frozen || !this.answer || this.answer.over || this.advancing || this.busy.count) return;
    // One busy span from the click to the next decision, so a watcher never sees "idle" between the move and the bots.
    latency.begin();
    await this.busy.run(async () => {
      const seat = this.viewer;
      try {
        const chain = this.instantBots();
        this.answer = await this.ask("play", { seat, action, ...(chain ? { bots: chain, ...this.budget } : {}) });
        this.emit("move", publicMove(this.info, seat, action));
        if (this.o.seesAll && this.o.played) this.o.played(seat, action); // the author's own move, in full
        for (const bot of chain ? this.answer.moved : []) this.emit("move", publicMove(this.info, bot));
        this.local = {};
        this.error = null;
      } catch (err) {
        if (err === STOPPED) return;
        this.showError(err.message); // the engine refused: nothing changed, say why
        return;
      }
      await this.advance();
    });
    latency.end();
  }

  // ---- take-backs ------------------------------------------------------------------------------------------------
  /**
   * Who may take back a move on this screen: the engine names the last person who moved, if its rule allows; the
   * button shows on that person's own screen, on the pass screen before the next person takes over, or anywhere in a
   * game without secrets between seats.
   */
  undoSeat() {
    const s = this.answer && this.answer.undo_seat;
    if (s === null || s === undefined || this.frozen || this.answer.over || this.seats[s] !== "human") return null;
    return s === this.viewer || this.passTo !== null || !this.info.private_views ? s : null;
  }

  /** Take back the last move of the person who may (and the bots' after it); the log says so. */
  async undo() {
    const seat = this.undoSeat();
    if (seat === null || this.destroyed || this.advancing || this.busy.count) return;
    await this.busy.run(async () => {
      try {
        const ans = await this.ask("undo", { seat, viewer: seat });
        this.answer = ans;
        this.viewer = seat; // whoever took it back holds the device
        this.passTo = null;
        this.local = {};
        this.error = null;
        const who = this.seatName(seat);
        const what = ans.taken_back.length ? ans.taken_back.map(this.nameSeats).join(" ") : "a move";
        const at = ans.view.log.length;
        this.notes.push({ at, seat, mine: `${who} took back: ${what}`, others: `${who} took back a move.` });
        this.emit("undo", { seat });
      } catch (err) {
        if (err === STOPPED) return;
        this.error = err.message;
      }
      await this.advance();
    });
  }

  /** Ctrl/Cmd+Z takes back a move, exactly when the Undo button is shown. True when the key was used. */
  key(e) {
    if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || String(e.key).toLowerCase() !== "z") return false;
    if (this.undoSeat() === null) return false;
    e.preventDefault();
    this.undo();
    return true;
  }

  // The person the device was passed to has it: their view, then on with the game.
  takeOver() {
    if (this.passTo === null || this.destroyed) return;
    return this.busy.run(async () => {
      this.passTo = null;
      try {
        this.answer = await this.ask("view");
      } catch (err) {
        if (err !== STOPPED) this.showError(err.message);
        return;
      }
      await this.advance();
    });
  }

  showError(message) {
    this.error = message;
    this.draw();
  }

  // ---- what the table says -----------------------------------------------------------------------------------------
  thinkingText(seats) {
    const who = seats.map((s) => `${this.seatName(s)} (${this.botName(this.seats[s])})`);
    return `${who.join(", ")} ${seats.length > 1 ? "are" : "is"} thinking…`;
  }

  turnText(view, thinking) {
    if (view.over) return "The game is over.";
    if (!view.to_act.length) return "";
    if (thinking) return this.thinkingText(thinking);
    if (this.personToAct(view)) return `${this.seatName(this.viewer)} to act.`;
    return `Waiting for ${view.to_act.map((s) => this.seatName(s)).join(", ")}…`;
  }

  personToAct(view) { return view.to_act.includes(this.viewer) && this.seats[this.viewer] === "human"; }

  // What the live region says after the new log lines: whose turn it is and what the engine asks.
  spokenPrompt(view, thinking, passing) {
    if (passing) return `Pass the device to ${this.seatName(this.passTo)}.`;
    if (view.over) {
      const w = view.outcome ? view.outcome.winners.map((s) => this.seatName(s)) : [];
      const verb = w.length === 1 && w[0] !== "You" ? "wins" : "win";
      return `The game is over.${w.length ? ` ${w.join(" and ")} ${verb}.` : ""}`;
    }
    if (thinking) return this.thinkingText(thinking);
    const asks = view.table && view.table.prompt ? this.nameSeats(view.table.prompt) : "";
    if (this.personToAct(view)) {
      const who = this.seatName(this.viewer);
      return `${who === "You" ? "Your" : `${who}'s`} turn${asks ? `: ${asks}` : "."}`;
    }
    return view.to_act.length ? `Waiting for ${view.to_act.map((s) => this.seatName(s)).join(", ")}.` : asks;
  }

  // The view's log with the take-backs where they happened (the one who took back reads what; the others only that).
  logLines(view) {
    const lines = view.log.map((line) => ({ text: this.nameSeats(line) }));
    for (const note of [...this.notes].reverse()) {
      if (note.at > lines.length) continue;
      lines.splice(note.at, 0, { cls: "took-back", text: note.seat === this.viewer ? note.mine : note.others });
    }
    return lines;
  }

  // ---- drawing ---------------------------------------------------------------------------------------------------
  /** The `ui` the renderer draws with (web/RENDERERS.md). */
  makeUi() {
    const ui = makeUi({
      act: (action) => this.act(action), local: this.local, keep: this.keep, rerender: () => this.draw(),
      seatName: (s) => this.seatName(s), isHuman: (s) => this.seats[s] === "human",
    });
    ui.brief = this.brief; // the first drawing of a finished game: its details come on the next frame
    // Work a renderer puts off until its drawing is on screen (e.g. a request whose answer redraws): the page counts
    // as busy until the work has settled, so whoever waits for an idle page sees its result, not a redraw to come.
    ui.afterPaint = (work) => {
      this.busy.run(() => new Promise((done) => latency.afterPaint(() => Promise.resolve().then(work).finally(done))));
    };
    if (this.o.record) ui.record = () => this.record();
    return ui;
  }

  /** Draw the table as the match now stands (`inFrame`: from a requestAnimationFrame callback, for the latency). */
  draw(inFrame = false, { fresh = false } = {}) {
    if (this.destroyed || !this.answer) return;
    this.guardedDraw(inFrame, fresh);
  }

  /** Draw again, in place or (`fresh`) from scratch: frame, board and log built anew (the redraw test compares). */
  redraw(fresh = false) { this.draw(false, { fresh }); }

  // The page's frame is built once and kept: a draw swaps only its regions (web/redraw.js) and appends new log lines,
  // so the browser restyles and lays out what changed, not the page.
  newFrame() {
    const frame = this.o.frame(this);
    // Not a live region itself: the announcer reads the turn and the new log lines.
    frame.turn = el("div", { class: "turn" });
    // Focusable: it scrolls, and a keyboard user must be able to scroll it too.
    frame.log = el("ol", { class: "log", tabindex: "0", "aria-label": "Game log" });
    this.frame = frame;
    this.put("turn", frame.turn);
    this.put("log", frame.log);
  }

  put(region, node) {
    if (this.frame.regions.has(region)) this.frame.regions.put(region, node);
  }

  drawOnce(fresh) {
    const view = this.answer.view;
    const ui = this.makeUi();
    // What had the focus (a control of the board is replaced below): put back on the same key afterwards.
    const focus = captureFocus(this.root);
    // Take the focus off a control of the board before the board changes: removing a focused node in the middle of
    // the draw makes the browser restyle everything drawn so far to send its blur. It comes back below (restoreFocus),
    // on the same node if it was kept.
    if (focus && focus.node && this.table && this.table.contains(focus.node)) focus.node.blur();
    if (fresh || !this.frame || !this.frame.root.isConnected) this.newFrame();
    const frame = this.frame;
    const passing = this.passTo !== null;
    // A renderer that updates its drawing in place (`inPlace`, web/RENDERERS.md "Redraw") is handed the root it drew
    // last time, so the nodes whose data did not change stay; any other gets a new empty root.
    const keep = this.renderer.inPlace && !passing && this.tableView === "board" && this.table?.isConnected;
    const table = keep ? this.table : el("div", { class: `${this.o.tableClass || "table"} game-${this.info.id}` });
    this.table = table;
    // The page's highlights (web/board.js `highlight`) belong to the drawing they were made on.
    if (keep) for (const node of table.querySelectorAll(".hl")) node.classList.remove("hl");
    this.tableView = passing ? "pass" : "board";
    // The seats bar is drawn again only when what it shows changed (nodes not rebuilt are not restyled).
    const names = this.seats.map((_, s) => this.seatName(s));
    const seatsKey = JSON.stringify([this.seats, view.to_act, this.viewer, view.over, names]);
    if (frame.seatsKey !== seatsKey) {
      frame.seatsKey = seatsKey;
      this.put("seats", seatsBar(this.seats.length, {
        toAct: view.over ? [] : view.to_act, viewer: this.viewer, name: (s) => names[s],
        kind: (s) => (this.seats[s] === "human" ? null : this.botName(this.seats[s])),
      }));
    }
    const thinking = this.thinking && !view.over ? this.thinking : null;
    const turn = this.turnText(view, thinking);
    if (frame.turn.textContent !== turn) frame.turn.textContent = turn;
    // On the pass screen nothing of the previous seat's view may stay on screen: not even its log.
    if (fillLog(frame.log, passing ? [] : this.logLines(view))) scrollToEndSoon(frame.log);
    const undoButton = this.undoButton(passing);
    this.put("error", this.error ? el("p", { class: "error", role: "alert", text: this.error }) : null);
    // On the pass screen Undo sits in the modal dialog, the only part of the page that answers then.
    this.put("undo", passing ? null : undoButton);

    let sheet = null;
    let tools = null;
    let modal = null;
    if (passing) {
      modal = this.passDialog(undoButton);
      table.append(modal);
    } else {
      this.renderer.render(table, view, ui);
      if (view.over) {
        sheet = el("div", { class: "outcome" });
        if (this.renderer.renderOutcome && !ui.brief) this.renderer.renderOutcome(sheet, view, ui);
        renderOutcome(sheet, view, ui);
        tools = this.o.end ? this.o.end(this, sheet) : null;
      }
    }
    boardKeys(table, ui);
    if (!keep) this.put("table", table);
    this.put("outcome", sheet);
    this.put("end", tools);
    if (this.o.drawn) this.o.drawn(this, frame);
    if (modal) {
      modal.showModal(); // focuses its first button
    } else if (focus && (this.o.claimFocus || !focus.lost)) {
      // Nothing left to decide at the end: the focus goes to the result ("You won"), just above the score sheet.
      const fallback = (sheet && sheet.querySelector(".result")) || table;
      restoreFocus(this.root, focus, { local: this.local, fallback });
    }
    const said = passing ? [] : view.log.map(this.nameSeats);
    this.o.announcer.say(said, this.spokenPrompt(view, thinking, passing), `${this.id}/${this.viewer}`);
  }

  undoButton(passing) {
    const seat = this.undoSeat();
    if (seat === null) return null;
    return el("button", {
      type: "button", class: "undo", dataset: { undo: String(seat) }, title: "Take back the last move (Ctrl+Z)",
      onclick: () => this.undo(),
      text: seat === this.viewer && !passing ? "Undo" : `Undo ${this.seatName(seat)}'s move`,
    });
  }

  // A real modal dialog: the rest of the page is inert behind it, Tab stays inside, Escape does not dismiss it.
  passDialog(undoButton) {
    const who = this.seatName(this.passTo);
    const title = `pass-title-${this.id}`;
    return el("dialog", { class: "pass", "aria-labelledby": title, oncancel: (e) => e.preventDefault() },
      el("p", { id: title, text: `Pass the device to ${who}.` }),
      el("p", { class: "hint", text: "The next screen shows that player's secret cards." }),
      el("div", { class: "pass-buttons" },
        el("button", {
          type: "button", class: "primary", dataset: { step: "continue" }, onclick: () => this.takeOver(),
          text: `I am ${who}: show my table`,
        }),
        undoButton));
  }
}
