// AQUA achievements on the reef's screens (web/games/reef.js calls these, one line each):
//   objectivePanel(view, ui)    during play: the Scenario's Ecosystems, minimum and objective with each player's
//                               standing so far, and the Modification in force (view.table.achievements);
//   achievementsPanel(view, ui) at the end: what each player completed and why not (view.outcome.achievements), the
//                               choice of one Challenge among several, and marking it all on the progress track —
//                               once per game (remembered by the record's identity, so a re-opened game cannot mark a
//                               second Challenge), and only by the players: a spectator (view.seat null) marks nothing.
// The engine decides every achievement; this module only shows its answers and stores the marks (../progress.js).
import { ensureStyles, gameIdentity, gameMarks, marksOf, markAchievement, readProgress, rememberGameMark, renderTrack,
  unmarkAchievement } from "../progress.js";

const tick = (ok) => (ok ? "✓" : "✗");

export function objectivePanel(view, ui) {
  const a = view.table && view.table.achievements;
  if (!a || (!a.scenario && !a.modification)) return null;
  ensureStyles();
  const parts = [];
  if (a.scenario) {
    const s = a.scenario;
    parts.push(ui.el("h3", { text: `${s.title}: ${s.min_score}+ points` + (s.objective !== "—" ? ` · ${s.objective}`
      : "") }),
      ui.el("span", { class: "hint", text: `Ecosystems ${s.ecosystems.join(", ")}` }),
      ui.el("div", { class: "goal-standing" }, s.so_far.map((st) => ui.el("span", {
        class: "goal-seat", style: { borderColor: ui.seatColor(st.seat) }, title: st.reasons.join("\n"),
        dataset: { goalSeat: String(st.seat) },
      }, `${ui.seatName(st.seat)}: `,
      ui.el("span", { class: st.score_met ? "met" : "unmet", text: `${st.score} pts ${tick(st.score_met)}` }),
      s.objective !== "—" ? ui.el("span",
        { class: st.objective_met ? "met" : "unmet", text: ` · objective ${tick(st.objective_met)}` }) : null))));
  }
  if (a.modification) {
    parts.push(ui.el("span", { class: "goal-mod", title: a.modification.text },
      ui.el("b", { text: `${a.modification.title}: ` }), a.modification.text));
  }
  return ui.el("section", { class: "reef-goals", "aria-label": "Scenario and Modification" }, parts);
}

// ---- the end screen ------------------------------------------------------------------------------------------------
export function achievementsPanel(view, ui) {
  const list = view.outcome && view.outcome.achievements;
  if (!list) return null;
  ensureStyles();
  const L = ui.local;
  L.trackNames = L.trackNames || {};
  L.errors = L.errors || {};
  // The game's identity, from its record (asked once; the buttons wait for it). No record, no marking. Asked once the
  // end screen is painted: only the mark buttons need it, and its answer redraws the table, which inside the last
  // click's frame would hold back the final scores (~13 ms of drawing and a second layout).
  if (L.identity === undefined && view.seat !== null && view.seat !== undefined) {
    L.identity = ui.record ? null : false;
    if (ui.record) {
      const ask = () => ui.record().then((record) => { L.identity = gameIdentity(record); ui.rerender(); },
        () => { L.identity = false; ui.rerender(); });
      ui.afterPaint(ask); // the match page has both; the page stays busy until the answer has redrawn the table
    }
  }
  let known = [];
  try { known = readProgress().players.map((p) => p.name); } catch { known = []; }
  const humans = list.filter((a) => ui.isHuman(a.seat)).map((a) => a.seat);
  const datalist = ui.el("datalist", { id: "aqua-track-names" }, known.map((n) => ui.el("option", { value: n })));

  return ui.el("section", { class: "reef-achievements", "aria-label": "Achievements" },
    ui.el("h2", { text: "Achievements" }),
    datalist,
    view.seat === null || view.seat === undefined
      ? ui.el("p", { class: "hint", dataset: { spectator: "true" },
        text: "You are watching: only the players mark achievements on their progress track." }) : null,
    list.map((a) => seatCard(a, view, ui, humans, known)),
    ui.el("p", { class: "hint" }, "Every player's marks live in this browser: ",
      ui.el("a", { href: "./progress.html", target: "_blank", text: "open the progress track" }),
      " to see them all, save them to a file or load them on another device."));
}

function defaultName(seat, humans, known) {
  const k = humans.indexOf(seat);
  return known[k] ?? `Player ${seat + 1}`;
}

function seatCard(a, view, ui, humans, known) {
  const s = a.seat;
  const items = [];
  if (a.scenario) {
    items.push(ui.el("div", { class: "ach-line",
      dataset: { achievementResult: a.scenario.id, completed: String(a.scenario.completed) } },
      ui.el("span", { class: a.scenario.completed ? "yes" : "no",
        text: `${tick(a.scenario.completed)} ${a.scenario.title}` }),
      a.scenario.completed ? " completed" : " not completed",
      ui.el("ul", { class: "ach-why" }, a.scenario.reasons.map((r) => ui.el("li", { text: r })))));
  }
  if (a.modification) {
    items.push(ui.el("div", { class: "ach-line", dataset: { achievementResult: a.modification.id, completed: "true" } },
      ui.el("span", { class: "yes", text: `✓ ${a.modification.title}` }), ` — ${a.modification.reasons[0]}`));
  }
  const done = a.challenges.filter((c) => c.completed);
  const missed = a.challenges.filter((c) => !c.completed);
  items.push(ui.el("div", { class: "ach-line" },
    done.length ? ui.el("span", { class: "yes",
      text: `✓ ${done.length} Challenge${done.length === 1 ? "" : "s"} completed` })
      : ui.el("span", { text: "No Challenge completed." }),
    done.length > 1 ? " — choose one of them to mark." : "",
    done.length ? ui.el("ul", {}, done.map(
      (c) => ui.el("li", { dataset: { achievementResult: c.id, completed: "true" } },
      ui.el("b", { text: `${c.title}: ${c.text}` }), ` — ${c.reason}`))) : null,
    ui.el("details", { class: "ach-why" }, ui.el("summary", { text: "Why not the other Challenges" }),
      ui.el("ul", {}, missed.map((c) => ui.el("li", { text: `${c.title} (${c.text}): ${c.reason}` }))))));

  const spectator = view.seat === null || view.seat === undefined;
  if (ui.isHuman(s) && !spectator) items.push(markBlock(a, ui, humans, known));
  return ui.el("article", { class: "ach-seat", dataset: { achievementsSeat: String(s) },
    style: { borderColor: ui.seatColor(s) } },
    ui.el("h3", {}, `${ui.seatName(s)} · ${a.score} points`, a.won && view.players > 1 ? " · winner" : ""), items);
}

function markBlock(a, ui, humans, known) {
  const L = ui.local;
  const s = a.seat;
  if (L.trackNames[s] === undefined) L.trackNames[s] = defaultName(s, humans, known);
  const name = L.trackNames[s];
  // What this seat marked from this very game, in any visit (by the record's identity), and under which name.
  const memory = L.identity ? gameMarks(L.identity, s) : null;
  const mine = new Set(memory ? memory.ids : []);
  const markedAs = memory ? memory.name : name;
  let already = {};
  try { already = marksOf(name); } catch (e) { L.errors[s] = `${e.message}.`; }
  const input = ui.el("input", { type: "text", value: name, list: "aqua-track-names", maxlength: 40,
    "aria-label": "name on the progress track", dataset: { trackName: String(s) },
    onchange: (e) => { L.trackNames[s] = e.target.value.trim(); L.errors[s] = null; ui.rerender(); } });

  const act = (id, how) => {
    const who = how === "undo" ? markedAs : L.trackNames[s];
    if (!who) { L.errors[s] = "Type a name for the progress track first."; ui.rerender(); return; }
    if (!L.identity) return;
    try {
      if (how === "undo") { unmarkAchievement(who, id); rememberGameMark(L.identity, s, who, id, false); } else {
        const { added } = markAchievement(who, id);
        if (added) rememberGameMark(L.identity, s, who, id);
      }
      L.errors[s] = null;
    } catch (e) { L.errors[s] = `${e.message}.`; }
    ui.rerender();
  };
  const ready = Boolean(L.identity);
  const button = (id, label, { disabled = false } = {}) => {
    if (mine.has(id)) {
      const whose = markedAs !== name ? ` for ${markedAs}` : "";
      return ui.markStep(ui.el("button",
        { type: "button", class: "done", title: "marked from this game: click to take the mark back",
        text: `✓ ${label} marked${whose} — undo` }), `unmark-${s}-${id}`, () => act(id, "undo"));
    }
    if (already[id]) {
      return ui.el("button", { type: "button", disabled: true, title: `already on ${name}'s track (${already[id]})`,
        text: `${label}: already on the track` });
    }
    const b = ui.el("button", { type: "button", text: `Mark ${label}` });
    if (disabled || !ready) { b.disabled = true; return b; }
    return ui.markStep(b, `mark-${s}-${id}`, () => act(id, "mark"));
  };

  const buttons = [];
  if (a.scenario && a.scenario.completed) buttons.push(button(a.scenario.id, a.scenario.title));
  if (a.modification) buttons.push(button(a.modification.id, a.modification.title));
  const done = a.challenges.filter((c) => c.completed);
  // "If you complete multiple Challenges in a single game, you choose one of them" — once per game, whatever the
  // reloads: a Challenge marked from this game (remembered by its identity) closes the others.
  const chosen = done.find((c) => mine.has(c.id));
  if (done.length > 1) {
    buttons.push(ui.el("span", { class: "hint", text: chosen ? "one Challenge per game:" : "choose one Challenge:" }));
  }
  for (const c of done) buttons.push(button(c.id, c.title, { disabled: Boolean(chosen) && chosen.id !== c.id }));
  const waiting = L.identity === false
    ? "This game cannot be told apart from others here, so nothing can be marked from it."
    : !ready ? "Getting the game ready for marking…" : null;

  const track = ui.el("div", { class: "ach-track" });
  if (name) renderTrack(track, { names: [name] });
  return ui.el("div", { class: "ach-marking" },
    ui.el("div", { class: "ach-mark" }, ui.el("span", { text: "Progress track name:" }), input,
      buttons.length ? buttons : ui.el("span", { class: "hint", text: "Nothing to mark this time." })),
    waiting ? ui.el("p", { class: "hint", text: waiting }) : null,
    L.errors[s] ? ui.el("p", { class: "error", role: "alert", text: L.errors[s] }) : null,
    track);
}
