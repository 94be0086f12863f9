// "My games" (index.html?page=games): every game finished on this device (web/history.js), filtered by game and
// sorted by date, each with its tools (Replay; the page passes them in, and post-game analysis joins the same list),
// Delete, and one JSON file of them all to export or import. Every imported record is replayed by the engine, which
// must find a legal, finished game; one bad game refuses the whole file, and nothing is stored. Statistics per game
// (web/stats.js) come from the engine's stored outcomes. Nothing here is sent anywhere.
//
// What the list shows is public once a game is over (who sat where, the scores, the winners); a replay shows what
// the viewer's rule allows (web/viewer.js: the spectator, every seat of a game without secrets, the seat of the one
// person who played it here), so the page passes each game's `own` seat and nothing more.
import { ensureCss } from "./board.js";
import { el } from "./dom.js";
import * as kept from "./history.js";
import { gameStats, opponents } from "./stats.js";
import { checkRecord } from "./validate.js";

const CHECK = "my-games-check"; // the bridge's scratch match for checking an imported record
const MAX_FILE = 64_000_000; // characters: 500 long records with room to spare

const when = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const pct = (x) => `${Math.round(x * 100)}%`;

/** A seat as the list names it: the person's name, "You" (the one person who played it here), a bot and its level. */
function seatLabel(entry, s) {
  if (entry.levels[s] !== null) return `Bot ${s + 1} (${entry.levels[s]})`;
  if (entry.names[s]) return entry.names[s];
  return s === entry.own ? "You" : `Player ${s + 1}`;
}

/**
 * Draw the page into `root`. `games`: the site's games.json; `engine`: the page's Engine (imports are checked by it);
 * `tools`: [{id, label, run(entry)}] offered on every game (Replay, and Analyse once the page has it);
 * `download(name, text)`: the page's own file download.
 */
export async function renderMyGames(root, { games, engine, tools = [], download }) {
  await ensureCss("mygames");
  const info = (id) => games.find((g) => g.id === id);
  let filter = "all";
  let newestFirst = true;
  let entries = [];
  let asking = null; // the id of the game whose "delete for good?" is on screen
  let readProblem = null;

  const notices = el("div", { class: "mg-notices" });
  const stats = el("div", { class: "mg-stats-list" });
  const listBox = el("div", { class: "mg-list-box" });
  const count = el("p", { class: "hint mg-count", role: "status" });
  const fileInput = el("input", { type: "file", accept: ".json,application/json", class: "sr-only", tabindex: "-1",
    "aria-hidden": "true", onchange: (e) => {
      const f = e.target.files[0];
      e.target.value = "";
      if (f) work(() => importFile(f));
    } });

  // What the page says: the last thing said gives way to the next. Returns the line, to update in place.
  const say = (text, { error = false } = {}) => {
    const line = el("span", { text });
    const box = el("div", { class: `notice ${error ? "error" : "mg-ok"}`, role: error ? "alert" : "status",
      dataset: { mgNotice: error ? "error" : "ok" } },
    line, " ",
    el("button", { type: "button", class: "dismiss", text: "OK", onclick: () => box.remove() }));
    notices.querySelector("[data-mg-notice]")?.remove();
    notices.append(box);
    return line;
  };

  function droppedLine() {
    const d = kept.droppedNotice();
    if (!d) return null;
    const span = `finished ${when(d.oldest)}${d.oldest === d.newest ? "" : ` to ${when(d.newest)}`}`;
    const box = el("div", { class: "notice error", role: "alert", dataset: { mgDropped: String(d.count) } },
      el("span", { text: `Only the last ${kept.KEPT} games are kept: the ${d.count === 1 ? "oldest game"
        : `${d.count} oldest games`} (${span}) ${d.count === 1 ? "was" : "were"} dropped to make room. ` +
        "Export your games to keep them all." }), " ",
      el("button", { type: "button", class: "dismiss", text: "OK",
        onclick: () => { kept.dismissDropped(); box.remove(); } }));
    return box;
  }

  async function reload() {
    try { entries = await kept.list(); readProblem = null; } catch (err) {
      entries = [];
      readProblem = `This browser keeps no games here: ${err.message}.`;
    }
    draw();
  }

  const filterSelect = el("select", { id: "mg-filter", dataset: { mgFilter: "" },
    onchange: (e) => { filter = e.target.value; draw(); } },
  el("option", { value: "all", text: "All games" }),
  games.map((g) => el("option", { value: g.id, text: g.title })));
  const orderSelect = el("select", { id: "mg-order", dataset: { mgOrder: "" },
    onchange: (e) => { newestFirst = e.target.value === "newest"; draw(); } },
  el("option", { value: "newest", text: "Newest first" }), el("option", { value: "oldest", text: "Oldest first" }));

  const page = el("div", { class: "my-games" },
    el("h1", { text: "My games" }),
    el("p", { class: "hint", text: `Every game finished in this browser, the last ${kept.KEPT}. They stay on this ` +
      "device: nothing is sent anywhere." }),
    notices,
    el("div", { class: "mg-controls" },
      el("label", { for: "mg-filter" }, "Game "), filterSelect,
      el("label", { for: "mg-order" }, "Order "), orderSelect,
      el("span", { class: "mg-file-tools" },
        el("button", { type: "button", dataset: { mgExport: "" }, onclick: exportAll, text: "Export all" }),
        el("button", { type: "button", dataset: { mgImport: "" }, onclick: () => fileInput.click(),
          text: "Import…" }), fileInput)),
    el("small", { class: "save-note", text: "An exported file holds the whole record of every game: it reveals " +
      "every hidden card." }),
    el("h2", { text: "Statistics" }), stats,
    el("h2", { text: "Games" }), count, listBox);
  root.replaceChildren(page);
  // data-busy while the store or the engine is at work (a delete, an import): the tests wait for it to go.
  let pending = 0;
  const work = async (job) => {
    pending++;
    page.dataset.busy = "1";
    try { return await job(); } finally { if (--pending === 0) delete page.dataset.busy; }
  };

  function draw() {
    const shown = entries.filter((e) => filter === "all" || e.game === filter);
    shown.sort((a, b) => (newestFirst ? b.at - a.at : a.at - b.at));
    const dropped = droppedLine();
    notices.querySelector("[data-mg-dropped]")?.remove();
    if (dropped) notices.prepend(dropped);
    if (readProblem) say(readProblem, { error: true });
    count.textContent = shown.length === entries.length ? `${entries.length} ${entries.length === 1 ? "game" : "games"}`
      : `${shown.length} of ${entries.length} games`;
    const ids = filter === "all" ? games.map((g) => g.id) : [filter];
    const sections = ids.map((id) => statsBlock(info(id), entries.filter((e) => e.game === id))).filter(Boolean);
    stats.replaceChildren(...(sections.length ? sections
      : [el("p", { class: "hint", text: "No finished games yet: play one and it appears here." })]));
    listBox.replaceChildren(shown.length ? el("ul", { class: "mg-list" }, shown.map(row)) : el("p", { class: "hint",
      text: entries.length ? "No game of this title is kept." : "No finished games yet." }));
  }

  function row(entry) {
    const g = info(entry.game);
    const winner = (s) => entry.players > 1 && entry.winners.includes(s); // a solo game has its rating instead
    const seats = entry.seats.map((_, s) => el("li", { class: winner(s) ? "mg-winner" : null },
      `${seatLabel(entry, s)}: ${entry.scores[s]}`, winner(s) ? " (winner)" : null));
    const buttons = asking === entry.id ? [
      el("span", { class: "mg-ask", text: "Delete this game for good?" }),
      el("button", { type: "button", class: "primary", dataset: { mgConfirmDelete: entry.id },
        onclick: () => work(() => deleteOne(entry)), text: "Delete" }),
      el("button", { type: "button", dataset: { mgKeep: entry.id }, onclick: () => { asking = null; draw(); },
        text: "Keep it" }),
    ] : [
      ...tools.map((t) => el("button", { type: "button", dataset: { mgTool: t.id },
        onclick: () => Promise.resolve(t.run(entry))
          .catch((err) => say(`${t.label}: ${err.message}.`, { error: true })),
        text: t.label })),
      el("button", { type: "button", dataset: { mgDelete: entry.id }, onclick: () => { asking = entry.id; draw(); },
        text: "Delete" }),
    ];
    const level = opponents(entry);
    return el("li", { class: "mg-game", dataset: { gameId: entry.id, game: entry.game } },
      el("h3", {}, `${g ? g.title : entry.game}`, el("small", { text: ` ${when(entry.at)}` })),
      el("p", { class: "hint", text: [
        entry.players === 1 ? "Solo" : `${entry.players} players`,
        level ? `against ${level}` : null,
        entry.own !== null ? null : entry.levels.every((l) => l !== null) ? "bots only" : "hot-seat",
        entry.rating,
      ].filter(Boolean).join(" · ") }),
      el("ul", { class: "mg-seats" }, seats),
      el("div", { class: "end-tools" }, buttons));
  }

  async function deleteOne(entry) {
    asking = null;
    try { await kept.remove(entry.id); } catch (err) { say(`Could not delete it: ${err.message}.`, { error: true }); }
    await reload();
    say(`Deleted the ${info(entry.game)?.title ?? entry.game} game of ${when(entry.at)}.`);
  }

  function exportAll() {
    if (!entries.length) { say("There is no game to export yet.", { error: true }); return; }
    const oldestFirst = entries.slice().sort((a, b) => a.at - b.at);
    download(`shoal-my-games-${new Date().toISOString().slice(0, 10)}.json`, kept.exportText(oldestFirst));
    say(`Exported ${entries.length} ${entries.length === 1 ? "game" : "games"}.`);
  }

  // Each record is replayed by the engine before anything is stored; the outcome kept is the engine's, not the file's.
  async function check(record) {
    const { info: gi, seats, names, clean } = checkRecord(record, games);
    await engine.ready;
    const answer = await engine.call("load", { match: CHECK, record: clean, viewer: null });
    if (!answer.over) throw new Error(`it is an unfinished game of ${gi.title}`);
    return { info: gi, seats, names, record: clean, outcome: answer.view.outcome };
  }

  async function importFile(file) {
    const checking = say(`Checking ${file.name}…`);
    try {
      if (file.size > MAX_FILE) throw new Error("it is too large to be a file of Shoal games");
      let data;
      try { data = JSON.parse(await file.text()); } catch { throw new Error("it is not JSON"); }
      const fresh = await kept.readExport(data, check,
        (n, of) => { checking.textContent = `Checking ${file.name}: ${n} of ${of} games replayed…`; });
      const had = new Set(entries.map((e) => e.id));
      const added = fresh.filter((e) => !had.has(e.id)).length;
      await kept.keep(fresh);
      await reload();
      say(`Imported ${file.name}: ${added} new ${added === 1 ? "game" : "games"}` +
        `${fresh.length > added ? ` (${fresh.length - added} already kept)` : ""}.`);
    } catch (err) {
      say(`Could not import ${file.name}: ${err.message}. Nothing was imported.`, { error: true });
    } finally {
      engine.call("close", { match: CHECK }).catch(() => {});
    }
  }

  await reload();
}

// One game's statistics: how the person at this device did, by the bots' level; AQUA solo against the rulebook chart.
function statsBlock(g, entries) {
  if (!g || !entries.length) return null;
  const st = gameStats(entries);
  const item = (key, term, value) => [el("dt", { text: term }), el("dd", { dataset: { stat: key }, text: value })];
  const extra = st.games - st.played;
  const facts = [
    item("games", "Games", `${st.games}${extra ? ` (${extra} hot-seat or bots only)` : ""}`),
    st.versus ? item("wins", "Wins against bots", `${st.wins} of ${st.versus} (${pct(st.wins / st.versus)})`) : null,
    st.versus ? item("streak", "Winning streak", `${st.streak.current} now, ${st.streak.longest} at best`) : null,
    st.best !== null ? item("best", "Your best score", String(st.best)) : null,
    st.mean !== null ? item("mean", "Your mean score", st.mean.toFixed(1)) : null,
    st.solo ? item("solo", "Best solo score", `${st.solo.best} (${st.solo.rating ?? "no rating"})`) : null,
  ];
  const levels = st.byLevel.length ? el("table", { class: "mg-levels" },
    el("caption", { text: "Against each bot level" }),
    el("thead", {}, el("tr", {},
      ["Bots", "Games", "Wins", "Win share"].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, st.byLevel.map((r) => el("tr", { dataset: { level: r.level } },
      el("th", { scope: "row", text: r.level }), el("td", { text: String(r.games) }),
      el("td", { text: String(r.wins) }),
      el("td", { text: pct(r.share) }))))) : null;
  // The chart is the engine's (the game's info): its rows, and the one the best solo score reached.
  const chart = st.solo && Array.isArray(g.solo_ratings) ? el("table", { class: "mg-chart" },
    el("caption", { text: "The rulebook's solo chart" }),
    el("tbody", {}, g.solo_ratings.map((r) => el("tr", { class: r.rating === st.solo.rating ? "mg-reached" : null,
      dataset: r.rating === st.solo.rating ? { reached: "" } : {} },
    el("td", { text: r.rating }), el("td", { text: r.rating === st.solo.rating ? "your best" : "" }))))) : null;
  return el("section", { class: "mg-stats", dataset: { stats: g.id } },
    el("h3", { text: g.title }), el("dl", {}, facts.filter(Boolean)), levels, chart);
}
