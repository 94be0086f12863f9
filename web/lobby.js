// The lobby: choose a game, the number of players, who plays each seat, the game's options and, optionally, a seed.
// It offers the choices last started from it on this device (lobby-memory.js), each game its own; Reset forgets them.
import { el } from "./dom.js";
import { forget, recall, remember } from "./lobby-memory.js";
import { kindLabel, seatKinds } from "./seats.js";
import { parseSeed } from "./seed.js";

// The seat kinds live in seats.js (validate.js checks links against them); the page imports them from here too.
export { LEVELS, defaultBot, kindLabel, seatKinds } from "./seats.js";

/** `initial.game`: the game to show (a link's, or the one just played), before the one last started here. */
export function renderLobby(root, games, start, initial = {}) {
  let memory = recall(games); // null: nothing usable kept
  let game = games.find((g) => g.id === initial.game) || games.find((g) => g.id === memory?.last) || games[0];
  let players = game.min_players;
  let seats = [];
  let names = [];
  let options = {};
  let seedText = "";
  let seedProblem = "";

  // Game `g` as it was last started here, else its defaults (keeping the number of players when it fits).
  function choose(g) {
    const kept = memory && memory.setups[g.id];
    game = g;
    if (kept) ({ players, seats, names, options } = structuredClone(kept));
    else { players = Math.min(Math.max(players, g.min_players), g.max_players); seats = []; }
  }
  choose(game);

  const form = el("form", { class: "lobby", onsubmit: (e) => { e.preventDefault(); submit(); } });
  root.append(el("h1", { text: "Choose a game" }), form);

  function submit() {
    // Empty: the match draws a fresh seed from the cryptographic generator (and keeps it secret until the end).
    let seed;
    try { seed = parseSeed(seedText); } catch (err) { seedProblem = `Not a seed: ${err.message}.`; draw(); return; }
    seedProblem = "";
    const setup = {
      players, seats: seats.slice(0, players),
      names: Array.from({ length: players }, (_, s) => (seats[s] === "human" ? (names[s] || "").trim() : "")),
      options: Object.fromEntries(Object.keys(game.options).map((k) => [k, options[k]])),
    };
    remember(games, game, setup);
    start({ game: game.id, ...setup, seed });
  }

  function reset() {
    forget();
    memory = null;
    players = 0; // the fewest players of the game, as on a first visit
    names = [];
    options = {};
    seedText = "";
    choose(games.find((g) => g.id === initial.game) || games[0]);
    draw();
    form.querySelector(".game-card.chosen")?.focus();
  }

  function draw() {
    // The DOM's replaceChildren writes a null as the text "null" (el() skips it): the parts left out are dropped first.
    form.replaceChildren(...[
      el("div", { class: "game-cards" }, games.map((g) =>
        el("button", {
          type: "button", class: "game-card" + (g.id === game.id ? " chosen" : ""), dataset: { step: `game-${g.id}` },
          onclick: () => { choose(g); draw(); },
        }, el("strong", { text: g.title }), el("span", { text: playerRange(g) }), el("small", { text: g.summary })),
      )),
      el("label", {}, "Players ", el("select", {
        id: "players", onchange: (e) => { players = +e.target.value; draw(); },
      }, range(game.min_players, game.max_players).map(
        (n) => el("option", { value: n, selected: n === players, text: n })))),
      el("fieldset", { class: "seats" }, el("legend", { text: "Seats" }), range(0, players - 1).map((s) => {
        seats[s] = seats[s] || (s === 0 ? "human" : "bot");
        return el("span", { class: "seat-choice" },
          el("label", {}, `Seat ${s + 1} `, el("select", { onchange: (e) => { seats[s] = e.target.value; draw(); } },
            seatKinds(game).map((k) => el("option",
              { value: k, selected: k === seats[s], text: kindLabel(k, game) })))),
          seats[s] === "human" ? el("input", {
            type: "text", class: "seat-name", maxlength: 16, placeholder: "name (optional)",
            "aria-label": `Name for seat ${s + 1}`,
            value: names[s] || "", oninput: (e) => { names[s] = e.target.value; },
          }) : null);
      })),
      ...Object.entries(game.options).map(([name, opt]) => {
        options[name] = options[name] ?? opt.default;
        if (opt.length) return sequencePicker(name, opt, options, draw);
        return el("label", { title: opt.help }, `${opt.label} `,
          el("select", { onchange: (e) => { options[name] = JSON.parse(e.target.value); } },
          opt.choices.map((c, i) => el("option",
            { value: JSON.stringify(c), selected: c === options[name], text: opt.labels[i] ?? String(c) }))));
      }),
      el("label", { title: "Leave empty for a fresh random deal. The same seed deals the same game." },
        "Seed (optional) ",
        el("input", { id: "seed", type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "random",
          value: seedText,
          "aria-describedby": seedProblem ? "seed-problem" : null, oninput: (e) => { seedText = e.target.value; } })),
      seedProblem ? el("p", { id: "seed-problem", class: "error", role: "alert", text: seedProblem }) : null,
      memory && memory.setups[game.id] ? el("p", { class: "lobby-memory" },
        el("span", { class: "hint", text: "Your choices from last time." }), " ",
        el("button", { type: "button", dataset: { lobbyReset: "1" }, onclick: reset, text: "Reset to defaults" }))
          : null,
      el("button", { type: "submit", class: "primary", dataset: { step: "start" }, text: `Play ${game.title}` }),
      el("details", { class: "rules" }, el("summary", { text: `How ${game.title} plays` }),
        el("ul", {}, game.rules.map((r) => el("li", { text: r })))),
      el("a", { class: "learn-link", href: `learn.html?game=${game.id}`, dataset: { learn: game.id },
        text: `Learn to play ${game.title}: step-by-step lessons` }),
      el("a", { class: "learn-link", href: "studio.html", dataset: { studioLink: "lobby" },
        text: "Write a lesson of your own in the Lesson Studio" }),
    ].filter(Boolean));
  }
  draw();
}

// An option whose value is `length` choices in order (AQUA's own Ecosystem line): off (its default) or one select per
// place, left to right. The engine checks the picks (each choice at most `repeats` times) and says what is wrong.
export function sequencePicker(name, opt, options, redraw) {
  const own = Array.isArray(options[name]) && options[name].length === opt.length;
  const picks = own ? options[name] : opt.choices.slice(0, opt.length);
  const label = (c) => opt.labels[opt.choices.indexOf(c)] ?? String(c);
  return el("fieldset", { class: "option-sequence", dataset: { option: name } },
    el("legend", { text: opt.label }),
    el("label", {}, el("input", {
      type: "checkbox", checked: own, dataset: { step: `${name}-own` },
      onchange: (e) => { options[name] = e.target.checked ? [...picks] : opt.default; redraw(); },
    }), ` Choose the ${opt.length} myself, in order`),
    own ? el("ol", { class: "sequence-picks" }, picks.map((v, i) => el("li", {}, el("select", {
      "aria-label": `${opt.label}: place ${i + 1}`, dataset: { pick: `${name}-${i}` },
      onchange: (e) => { options[name] = options[name].map((x, j) => (j === i ? JSON.parse(e.target.value) : x)); },
    }, opt.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === v, text: label(c) })))))) : null,
    el("small", { class: "hint", text: opt.help }));
}

const playerRange = (g) => (g.min_players === g.max_players ? `${g.min_players} players`
  : `${g.min_players}–${g.max_players} players`);
const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
