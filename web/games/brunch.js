// Aqua Brunch: seats around a table, your hand with its strength, Lunch / Aqua / pass / food / take choices, and a
// reveal that explains who ate what and why. Everything shown comes from view.table; every move from view.legal.

import { keyOf, patchChildren } from "../redraw.js";

// `word` names the kind on the small cards, which have no room for the full name.
const KIND = {
  orca8: { cls: "orca", big: "8", word: "orca" },
  orca5: { cls: "orca", big: "5", word: "orca" },
  baby: { cls: "baby", big: "2", word: "baby" },
  octopus: { cls: "octopus", big: "≈", word: "octopus" },
  walrus: { cls: "walrus", big: "2·4·6", word: "walrus" },
  shark575: { cls: "shark", big: "5·3·5", word: "shark" },
  shark626: { cls: "shark", big: "6·2·6", word: "shark" },
  shark717: { cls: "shark", big: "7·1·7", word: "shark" },
};

const PHASE_TITLE = {
  lunch: "Lunch?", pass: "Pass a card", aqua: "Aqua poll", food: "Feed a food card", take: "Divide the catch",
    divided: "Catch divided", over: "Game over",
};

// Colour is never the only sign of a food colour: each colour also has a shape, drawn on its food cards
// and beside its seat's name. Indexed like view.table.colours (seat s plays colour s).
const COLOUR_SHAPES = ["●", "▲", "■", "◆", "★", "✚", "♥"];
const shapeOf = (t, colour) => COLOUR_SHAPES[t.colours.indexOf(colour)] || "";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// A card's text as it reads on screen; a spoken name starts with it (what you see is what you say to pick it).
const shown = (node) => node.textContent.replace(/\s+/g, " ").trim();
const findLegal = (view, action) => view.legal.find((a) => same(a, action));

export default {
  // Drawn in place (the page hands back the root of the last drawing, web/RENDERERS.md "Redraw"): the seats, the
  // reveal and the score sheet stay on screen while the data they are drawn from is the same (their keys); the
  // header, the ring's centre and the seat's own area (its handlers act on this view) are built again.
  inPlace: true,

  render(root, view, ui) {
    const t = view.table;
    const names = Array.from({ length: view.players }, (_, s) => ui.seatName(s));
    // The last round's reveal is one of the end screen's details: the move that ends the match shows the final
    // seats and scores first, the reveal a frame later (`ui.brief`, web/RENDERERS.md "Redraw").
    const rev = view.over && ui.brief ? null : t.reveal || t.history[t.history.length - 1];
    const parts = patchChildren(root, [
      [null, () => header(t, ui)],
      [`ring:${view.players}`, () => ui.el("div", { class: `brunch-ring n${view.players}` })],
      [null, () => myArea(view, ui)],
      // The reveal's frame stays for its round; its rows are kept one by one (a take changes one or two of them).
      rev ? [keyOf("reveal", rev.round, view.seat, names, t.colours, t.names), () => revealPanel(view, ui)] : null,
      // The score sheet's frame stays; its rows are kept round by round (a round's end adds one row, not a sheet).
      [t.history.length ? keyOf("sheet", view.players, names, t.colours, t.names) : null, () => scoreSheet(view, ui)],
    ]);
    tableRing(view, ui, parts[1], names);
    const reveal = parts.find((node) => node.classList.contains("reveal"));
    if (reveal) revealRows(view, ui, reveal);
    const sheet = parts.find((node) => node.classList.contains("score-table"));
    if (sheet) scoreRows(view, ui, sheet.querySelector("tbody"), names);
  },

  renderOutcome(root, view, ui) {
    const o = view.outcome;
    const tied = o.winners.length === 1 && o.scores.filter((s) => s === o.scores[o.winners[0]]).length > 1;
    root.append(ui.el("p", { class: "brunch-note" },
      tied ? `Equal points at the top: ${ui.seatName(o.winners[0])} wins on the tie-break ` +
        `with ${o.own_colour[o.winners[0]]} cards of their own colour.`
        : o.winners.length > 1 ? "Equal points and equal own-colour cards: the win is shared."
          : "Each seat's 7th food card was discarded; the sheet lists the six cards it ate."));
  },
};

// ---- pieces -----------------------------------------------------------------------------------------------------
function predator(ui, t, kind, extra = {}) {
  const k = KIND[kind] || { cls: "", big: "?", word: kind };
  const said = `${t.names.predators[kind]}${extra.strength !== undefined ? `, strength ${extra.strength}` : ""}`;
  return ui.el("div", { class: `bcard ${k.cls} ${extra.small ? "small" : ""}`, title: t.names.predators[kind],
    dataset: extra.ref ? { card: kind, ref: extra.ref } : { card: kind },
    role: "img", "aria-label": said },
    // The big figure repeats the name's numbers; CSS draws it (data-big) so the card's text reads as its name.
    ui.el("span", { class: "big", "aria-hidden": "true", dataset: { big: k.big } }),
    ui.el("span", { class: "name", text: extra.small ? k.word : t.names.predators[kind] }), " ",
    extra.strength !== undefined ? ui.el("span", { class: "str", text: `= ${extra.strength}` }) : null, " ",
    extra.note ? ui.el("span", { class: "note", text: extra.note }) : null);
}

function cardBack(ui, label = "") {
  return ui.el("div", { class: "bcard back small", title: label || "face down", role: "img",
    "aria-label": label || "face-down card" }, ui.el("span", { class: "big", text: label }));
}

function foodName(t, value) {
  const hit = t.names.food.find(([v]) => v === value);
  return hit ? hit[1] : String(value);
}

function foodCard(ui, t, colour, value, small = false) {
  const owner = t.colours.indexOf(colour);
  const said = `${colour} ${foodName(t, value)} (${value})`;
  return ui.el("div", { class: `food ${small ? "small" : ""}`,
    style: { background: owner >= 0 ? ui.seatColor(owner) : "#888" }, title: said,
    dataset: { ref: `food:${colour}.${value}` },
    role: "img", "aria-label": said },
    ui.el("span", { class: "shape", "aria-hidden": "true", text: shapeOf(t, colour) }), " ",
    ui.el("span", { class: "big", text: String(value) }), " ",
    small ? null : ui.el("span", { class: "name", text: foodName(t, value) }));
}

function aquaCard(ui, value) {
  const said = value === null ? "Aqua card (value hidden)" : `Aqua card ${value}`;
  return ui.el("div", { class: "aqua-card", title: said, role: "img", "aria-label": said },
    ui.el("span", { text: value === null ? "A" : String(value) }));
}

// ---- header: round, pass count, prompt ------------------------------------------------------------------------------
function header(t, ui) {
  const playing = t.phase !== "over";
  return ui.el("div", { class: "brunch-head" },
    ui.el("div", { class: "brunch-stats" },
      ui.el("b", { text: `Round ${Math.min(t.round, t.rounds)} of ${t.rounds}` }),
      ui.el("span", { text: PHASE_TITLE[t.phase] || t.phase }),
      playing ? ui.el("span", { text: `Passes this round: ${t.passes}` }) : null,
      playing ? ui.el("span", { text: `Aqua cards left: ${t.aqua_stack}` }) : null,
      playing ? ui.el("span", { text: `Deck ${t.deck} · discard ${t.discard}`, dataset: { ref: "deck:predators" } })
        : null),
    // Not a live region: the page's polite announcer reads the prompt once per change.
    ui.el("p", { class: "brunch-prompt", text: ui.text(t.prompt) }));
}

// ---- the table: every seat in its place, clockwise ----------------------------------------------------------------
function tableRing(view, ui, ring, names) {
  const t = view.table;
  const n = view.players;
  const base = view.seat ?? 0;
  const centre = () => ui.el("div", { class: "ring-centre" },
    ui.el("div", { class: "lunch-card" + (t.lunch || t.caller !== null ? " called" : ""), text: "LUNCH" }),
    t.phase === "over" ? null
      : ui.el("div", { class: "aqua-stack", dataset: { ref: "deck:aqua" } }, t.aqua_stack ? aquaCard(ui, null) : null,
        ui.el("small", { text: `${t.aqua_stack} Aqua` })),
    lastCall(t, ui),
    ui.el("small", { class: "direction", text: "cards pass clockwise, to the left ↻" }));
  const seats = [];
  for (let s = 0; s < n; s++) {
    const r = (s - base + n) % n;
    const angle = (2 * Math.PI * r) / n;
    // Seat `base` sits at the bottom; the next seat clockwise (its left) is drawn to the lower left, and so on.
    const x = 50 - 41 * Math.sin(angle);
    const y = 50 + 38 * Math.cos(angle);
    // A seat's box stays on screen for the whole match while its place and name are the same; its parts are kept
    // or built again one by one (seatParts), so a round's end redraws the cards and adds one food card instead of
    // building four boxes anew.
    const key = keyOf("seat", s, r, s === view.seat, t.colours, names[s]);
    seats.push([key, () => {
      const box = seatBox(view, ui, s);
      box.style.left = `${x}%`;
      box.style.top = `${y}%`;
      return box;
    }]);
  }
  const [, ...boxes] = patchChildren(ring, [[null, centre], ...seats]);
  boxes.forEach((box, s) => seatParts(view, ui, box, s, names));
  return ring;
}

// What a seat's box shows, part by part: each part stays while what it is drawn from is the same; the status line
// and the "acting" mark (they change on almost every click) are set on the kept nodes.
function seatParts(view, ui, box, s, names) {
  const t = view.table;
  const info = t.seats[s];
  const cls = seatClass(view, s);
  if (box.className !== cls) box.className = cls;
  const [, status, ...rest] = patchChildren(box, [
    [keyOf("name", names[s], info.points, t.colours),
      () => ui.el("div", { class: "seat-name" }, ui.seatMark(s, { class: "dot" }), ui.seatName(s),
      ui.el("span", { class: "seat-shape", title: `food colour ${t.colours[s]}`,
        text: ` ${shapeOf(t, t.colours[s])}` }),
      ui.el("span", { class: "pts", text: ` ${info.points} pts` }))],
    ["status", () => ui.el("div", { class: "seat-status" })],
    t.caller === s ? ["caller", () => ui.el("span", { class: "badge lunch", text: "Lunch caller" })] : null,
    [keyOf("cards", t.round, t.up_cards ? t.up_cards[s] : null, info.cards, info.aqua_cards, t.names), () => {
      const cards = t.up_cards
        ? [...t.up_cards[s].map((k) => predator(ui, t, k, { small: true, ref: `card:${t.round}.${s}.${k}` })),
          cardBack(ui)]
        : Array.from({ length: info.cards }, () => cardBack(ui));
      return ui.el("div", { class: "seat-cards" }, cards,
        Array.from({ length: info.aqua_cards }, () => aquaCard(ui, null)));
    }],
    ["food", () => ui.el("div", { class: "seat-food" })],
    // Each food value still in the seat's hand names its card (`food:<colour>.<value>`), face down on the table or not.
    [keyOf("left", t.phase === "over", info.food_left, t.colours), () => ui.el("div", { class: "food-left",
      title: t.phase === "over" ? "the 7th food card, unused at the end"
        : "food cards still in hand (public: every played card is revealed)" },
    t.phase === "over" ? "discarded:" : "food left:",
    info.food_left.map((v) => [" ",
      ui.el("span", { dataset: { ref: `food:${t.colours[s]}.${v}` }, text: String(v) })]))],
  ]);
  const line = seatStatus(view, s);
  if (status.textContent !== line) status.textContent = line;
  const food = rest.find((node) => node.classList.contains("seat-food"));
  patchChildren(food, info.collected.map(
    ([c, v], i) => [keyOf(i, c, v, t.colours, t.names), () => foodCard(ui, t, c, v, true)]));
}

const seatClass = (view, s) => "seat-box" + (view.to_act.includes(s) ? " acting" : "") + (s === view.seat ? " me" : "");

// What became of this round's latest finished Lunch call (view.table.calls is public). Not during an Aqua poll, where
// the call being answered is the one that matters (the prompt and the seats' statuses show it).
function lastCall(t, ui) {
  const call = ["over", "aqua"].includes(t.phase) ? null : t.calls[t.calls.length - 1];
  if (!call) return null;
  const answer = call.aqua_by !== null ? `${ui.seatName(call.aqua_by)} said Aqua!`
    : call.no_aqua_left ? "no Aqua card left" : "all agreed";
  const count = t.calls.length > 1 ? ` (call ${t.calls.length} this round)` : "";
  return ui.el("small", { class: "last-call",
    text: `Last Lunch call: ${ui.seatName(call.caller)} → ${answer}${count}` });
}

// What the seat is doing, in a few words under its name.
function seatStatus(view, s) {
  const t = view.table;
  let status = "";
  if (["lunch", "pass", "food"].includes(t.phase)) status = t.chosen.includes(s) ? "✓ chosen" : "choosing…";
  if (t.phase === "aqua" && t.lunch) {
    if (t.lunch.caller === s) status = "called LUNCH!";
    else if (t.lunch.asking === s) status = "asked: Aqua?";
    else if (t.lunch.answers.some(([a]) => a === s)) status = "agreed";
  }
  if (t.phase === "take" && view.to_act.includes(s)) status = "choosing a colour…";
  return status;
}

// A seat's box: its frame (its parts are drawn by seatParts).
function seatBox(view, ui, s) {
  return ui.el("div", { class: seatClass(view, s), style: { borderColor: ui.seatColor(s) },
    dataset: { seat: String(s), ref: `seat:${s}` } });
}

// ---- the seat at the device: its hand, strength and choices ----------------------------------------------------
function myArea(view, ui) {
  const t = view.table;
  if (view.seat === null || view.seat === undefined) {
    return ui.el("div", { class: "my-area" }, ui.el("p", { text: "Watching: hands stay hidden until the reveal." }));
  }
  if (view.over || !(t.hand || []).length) return null;
  const area = ui.el("div", { class: "my-area", style: { borderColor: ui.seatColor(view.seat) } });
  const passing = t.phase === "pass" && view.legal.length;
  const keeps = Object.fromEntries((t.keeps || []).map(([k, v]) => [k, v]));
  const handRow = ui.el("div", { class: "my-hand", dataset: { ref: `hand:${t.round}.${view.seat}` } });
  const cards = (t.hand || []).map((kind, i) => {
    const card = predator(ui, t, kind, { strength: t.card_strengths[i],
      note: passing ? `if passed: ${keeps[kind]}` : "", ref: `card:${t.round}.${view.seat}.${kind}` });
    const action = { type: "pass", card: kind };
    if (passing && findLegal(view, action)) {
      ui.markAction(card, action);
      card.setAttribute("role", "button");
      card.setAttribute("aria-label", `${shown(card)}. Pass it to ${ui.seatName(t.pass_to)}`);
    }
    return card;
  });
  // One Tab stop for the hand; arrows move between the cards, Enter or Space passes the focused one.
  ui.keyList(handRow, cards, { label: passing ? `Your hand: pick the card to pass to ${ui.seatName(t.pass_to)}`
    : "Your hand" });
  const aqua = t.aqua_mine || [];
  const sum = ui.el("div", { class: "my-strength" },
    ui.el("span", { class: "label", text: "Strength" }),
    ui.el("span", { class: "value", text: String(t.total ?? "") }),
    aqua.length ? ui.el("small", {
      text: `predators ${t.strength}, Aqua ${aqua.map((v) => (v < 0 ? `−${-v}` : String(v))).join(", ")}` }) : null);
  const aquaRow = aqua.length ? ui.el("div", { class: "my-aqua", dataset: { ref: `aqua:${t.round}.${view.seat}` } },
    ui.el("small", { text: "Your Aqua cards:" }), aqua.map((v) => aquaCard(ui, v))) : null;
  const passInfo = t.passed ? ui.el("p", { class: "hint" },
    `Last pass: you gave ${t.names.predators[t.passed]} to ${ui.seatName(t.pass_to)} and ` +
      `got ${t.names.predators[t.received]} from ${ui.seatName(t.pass_from)}.`) : null;
  area.append(...[
    ui.el("h3", {}, ui.seatName(view.seat),
      ui.el("span", { class: "hint",
      text: ` · food colour ${t.colours[view.seat]} ${shapeOf(t, t.colours[view.seat])}` })),
    ui.el("div", { class: "my-row" }, handRow, sum, aquaRow),
    passInfo,
    choices(view, ui),
  ].filter(Boolean));
  return area;
}

function choices(view, ui) {
  const t = view.table;
  const box = ui.el("div", { class: "choices" });
  const has = (type) => view.legal.some((a) => a.type === type);
  if (!view.legal.length) {
    const mine = t.my_choice;
    if (mine !== null && mine !== undefined) {
      const said = t.phase === "lunch" ? (mine === "lunch" ? "You called Lunch." : "You chose to keep passing.")
        : t.phase === "pass" ? `You put ${t.names.predators[mine]} face down for ${ui.seatName(t.pass_to)}.`
          : t.phase === "food" ? `You placed your ${foodName(t, mine)} (${mine}) face down.` : "";
      box.append(ui.el("p", { class: "hint", text: said }));
    }
    return box;
  }
  if (has("lunch")) {
    box.append(
      ui.actionButton("Lunch!", { type: "lunch" }, { class: "primary big-button" }),
      ui.actionButton("Keep passing", { type: "keep_passing" }),
    );
  }
  if (has("pass")) {
    box.append(ui.el("p", { class: "hint",
      text: `Click a card above to pass it face down to ${ui.seatName(t.pass_to)}. ` +
      "“if passed” is the strength of the two cards you would keep." }));
  }
  if (has("aqua")) {
    const caller = t.lunch ? t.lunch.caller : null;
    box.append(
      ui.el("p", { text: `${ui.seatName(caller)} called Lunch.` }),
      ui.actionButton("Aqua! (take an Aqua card, keep passing)", { type: "aqua" }, { class: "primary" }),
      ui.actionButton("Agree: lunch now", { type: "agree" }),
    );
  }
  if (has("food")) {
    const foods = view.legal.filter((a) => a.type === "food").map((a) => {
      const card = ui.markAction(foodCard(ui, t, t.colours[view.seat], a.value), a);
      card.setAttribute("role", "button");
      card.setAttribute("aria-label", `${shown(card)}: play it face down`);
      return card;
    });
    box.append(ui.el("p", { class: "hint",
      text: "Your food cards (click one, or arrow to it and press Enter, to play it face down):" }),
      ui.keyList(ui.el("div", { class: "food-row" }), foods, { label: "Your food cards" }));
  }
  if (has("take")) {
    box.append(ui.el("p", { class: "hint",
      text: "Take one of these (same value; the colour counts for the final tie-break):" }),
      ui.keyList(ui.el("div", { class: "food-row" }), view.legal.filter((a) => a.type === "take").map((a) => {
        const value = takeCandidate(t, a.colour);
        const card = ui.markAction(foodCard(ui, t, a.colour, value), a);
        const own = a.colour === t.colours[view.seat];
        if (own) card.append(" ", ui.el("span", { class: "own", text: "yours", title: "your own colour" }));
        card.setAttribute("role", "button");
        card.setAttribute("aria-label", `${shown(card)}: take the ${a.colour} one${own ? ", your own colour" : ""}`);
        return card;
      }), { label: "Food you may take" }));
  }
  return box;
}

// The value of the card of `colour` still on the table.
function takeCandidate(t, colour) {
  const card = t.pool.find(([c]) => c === colour);
  return card ? card[1] : "?";
}

// ---- the reveal: every hand, its strength, who took what and why ------------------------------------------------
// The panel's frame (drawn once a round); its title and rows are set by revealRows.
function revealPanel(view, ui) {
  return ui.el("details", { class: "reveal", open: true },
    ui.el("summary", {}),
    ui.el("div", { class: "scroll-x" }, ui.el("table", {},
      ui.el("thead", {}, ui.el("tr", {},
        ["#", "Seat", "Predators (strength each)", "Aqua", "Strength", "Played", "Took",
        "Why ahead of the next"].map((h) => ui.el("th", { scope: "col", text: h })))),
      ui.el("tbody", {}))));
}

// One row per seat in the order of strength: a row stays while everything it is drawn from is the same.
function revealRows(view, ui, panel) {
  const t = view.table;
  const rev = t.reveal || t.history[t.history.length - 1];
  const title = t.reveal ? `Round ${rev.round}: the catch is divided` : `Round ${rev.round} result`;
  const summary = panel.querySelector("summary");
  if (summary.textContent !== title) summary.textContent = title;
  const takes = Object.fromEntries(rev.takes.map((tk, i) => [tk.seat, { ...tk, i }]));
  patchChildren(panel.querySelector("tbody"), rev.order.map((s, pos) => {
    const tk = takes[s];
    const why = pos < rev.explain.length ? rev.explain[pos] : "";
    const key = keyOf("row", pos, s, rev.hands[s], rev.card_strengths[s], rev.aqua[s], rev.strength[s], rev.food[s],
      rev.caller === s,
      tk || null, tk ? null : view.to_act.includes(s), why);
    return [key, () => ui.el("tr", { class: s === view.seat ? "me" : "" },
      ui.el("td", { class: "pos", text: String(pos + 1) }),
      ui.el("td", { class: "who" }, ui.seatMark(s, { class: "dot" }), ui.seatName(s),
        rev.caller === s ? ui.el("span", { class: "badge lunch", text: "Lunch" }) : null),
      ui.el("td", {}, ui.el("div", { class: "mini-hand", dataset: { ref: `hand:${rev.round}.${s}` } },
        rev.hands[s].map((k, i) => predator(ui, t, k,
        { small: true, strength: rev.card_strengths[s][i], ref: `card:${rev.round}.${s}.${k}` })))),
      ui.el("td", { class: "num", dataset: { label: "Aqua", ref: `aqua:${rev.round}.${s}` },
        text: rev.aqua[s].length ? rev.aqua[s].join(", ") : "—" }),
      ui.el("td", { class: "num strong", dataset: { label: "Strength" }, text: String(rev.strength[s]) }),
      ui.el("td", { dataset: { label: "Played" } }, foodCard(ui, t, t.colours[s], rev.food[s], true)),
      ui.el("td", { dataset: { label: "Took" } }, tk ? foodCard(ui, t, tk.colour, tk.value, true)
        : ui.el("span", { class: "hint", text: view.to_act.includes(s) ? "choosing…" : "waiting" }),
        tk && tk.choices.length > 1 ? ui.el("small", { text: ` chose ${tk.colour} of ${tk.choices.join("/")}` })
          : null),
      ui.el("td", { class: "why", text: ui.text(why) }))];
  }));
}

// ---- score sheet: one row per round, each seat's hand and Aqua cards of that round and the food it took -----------
// Every finished round stays on screen (view.table.history is public), so a score row that names an earlier round's
// hand (`hand:<r>.<s>`, docs/refs.md) finds it drawn here.
function scoreSheet(view, ui) {
  const t = view.table;
  if (!t.history.length) return null;
  const n = view.players;
  const head = ui.el("tr", {}, ui.el("th", { scope: "col", text: "Round" }),
    Array.from({ length: n }, (_, s) => ui.el("th", { scope: "col" }, ui.seatMark(s, { class: "dot" }),
    ui.seatName(s))));
  return ui.el("details", { class: "score-table", open: true },
    ui.el("summary", { text: "Score sheet: each round's hands and the food taken" }),
    ui.el("div", { class: "scroll-x" }, ui.el("table", {}, ui.el("thead", {}, head), ui.el("tbody", {}))));
}

// The sheet's rows: one per finished round (kept while that round's record and the names it is drawn with are the
// same), then the points and the tie-break, built again.
function scoreRows(view, ui, tbody, names) {
  const t = view.table;
  const n = view.players;
  const row = (rev) => ui.el("tr", {}, ui.el("td", { text: String(rev.round) }),
    Array.from({ length: n }, (_, s) => {
      const tk = rev.takes.find((x) => x.seat === s);
      return ui.el("td", { class: "round-cell" },
        ui.el("div", { class: "mini-hand", title: `strength ${rev.strength[s]}`,
          dataset: { ref: `hand:${rev.round}.${s}` } },
          rev.hands[s].map((k) => predator(ui, t, k, { small: true, ref: `card:${rev.round}.${s}.${k}` }))),
        rev.aqua[s].length ? ui.el("span",
          { class: "aqua-vals", title: "Aqua cards", dataset: { ref: `aqua:${rev.round}.${s}` } },
          rev.aqua[s].map((v) => aquaCard(ui, v))) : null,
        tk ? foodCard(ui, t, tk.colour, tk.value, true) : null);
    }));
  patchChildren(tbody, [
    ...t.history.map((rev) => [keyOf("round", rev, names, t.colours, t.names), () => row(rev)]),
    [null, () => ui.el("tr", { class: "total" }, ui.el("td", { text: "Points" }),
      t.seats.map((info) => ui.el("td", { class: "num strong", text: String(info.points) })))],
    [null, () => ui.el("tr", {}, ui.el("td", { text: "Own colour (tie-break)" }),
      t.seats.map((info) => ui.el("td", { class: "num", text: String(info.own_colour) })))],
  ]);
}
