// Aqua, the museum game: the display as a grid of paintings, face-down backs, visitor tokens, each line's running
// total beside it (rows on the right for the row player, columns below for the column player), your hand, and the
// steps of a turn: pick a card, pick a lit square (and its facing when you may choose), then the token moves.
// Everything comes from view.table; every move is one of view.legal.

const KIND_LABEL = { wave: "Wave", lily: "Lily Pad", boat: "Boat", turtle: "Sea Turtle" };
// How a line badge shows each status the engine gives (view.table.lines); [lo, hi] is view.table.line_range.
const STATUS = {
  scores: { cls: "scores", mark: () => "✓", tip: ([lo, hi]) => `adds up to ${lo}–${hi}: this line scores` },
  "too low": { cls: "out", mark: ([lo]) => `<${lo}`, tip: ([lo]) => `under ${lo}: this line does not score` },
  "too high": { cls: "out", mark: ([, hi]) => `>${hi}`, tip: ([, hi]) => `over ${hi}: this line does not score` },
  unknown: { cls: "unknown", mark: () => "?",
    tip: ([lo, hi]) => `hidden cards: it may or may not add up to ${lo}–${hi}` },
};

const key = (x, y) => `${x},${y}`;

export default {
  render(root, view, ui) {
    const t = view.table;
    const placing = t.phase === "place" && view.legal.length > 0;
    const moving = t.phase === "token" && view.legal.length > 0;
    const hand = t.hand || [];
    if (placing && !hand.some((c) => c.id === ui.local.card)) ui.local.card = undefined;
    // Escape puts a picked card back (the focus then returns to the hand).
    ui.onEscape(() => (ui.local.card === undefined ? false : (ui.local.card = undefined, true)));
    root.append(...[
      header(view, ui, placing, moving),
      ui.el("div", { class: "mu-main" }, board(view, ui, placing, moving), legend(view, ui)),
      moving ? tokenBar(view, ui) : null,
      view.over ? null : handArea(view, ui, placing),
    ].filter(Boolean));
  },

  renderOutcome(root, view, ui) {
    const t = view.table;
    root.append(ui.el("p", { class: "mu-note" },
      `${ui.seatName(0)} scored the rows as the row player; ${ui.seatName(1)} the columns as the column player. `,
      `Only lines adding up to ${t.line_range[0]}–${t.line_range[1]} score sets and turtles (marked ✓ beside the `,
      "museum); lily-pad runs count every line."));
  },
};

// ---- header: the prompt and the two players -------------------------------------------------------------------
function header(view, ui, placing, moving) {
  const t = view.table;
  let hint = "";
  if (placing) {
    const mine = view.legal.filter((a) => a.type === "place" && a.card === ui.local.card);
    const choice = new Set(mine.map((a) => key(a.x, a.y))).size < mine.length;
    hint = ui.local.card === undefined ? "First pick a card from your hand below." :
      "Now click a lit square (or arrow to it and press Enter): it shows how the card will lie there (▲ face up, ▼ " +
        "face down)." +
      (choice ? " Where a square offers both, click the one you want." : "");
  }
  if (moving) hint = "Click a highlighted card to move the token there, or leave it on the boat.";
  return ui.el("div", { class: "mu-head" },
    ui.el("p", { class: "mu-prompt" }, ui.text(t.prompt),
      hint ? ui.el("span", { class: "mu-hint", text: ` ${hint}` }) : null),
    ui.el("div", { class: "mu-players" }, [0, 1].map((s) => playerChip(view, ui, s))),
    ui.el("div", { class: "mu-stats" },
      ui.el("span", { text: `Deck: ${t.deck} card${t.deck === 1 ? "" : "s"}`, dataset: { ref: "deck:museum" } }),
      ui.el("span", { text: `Cards placed: ${t.placements} of ${t.placements_total}` }),
      ui.el("span", { text: `Start: ${t.roles[t.start_player].toLowerCase()}` })));
}

function playerChip(view, ui, s) {
  const t = view.table;
  const arrow = s === 0 ? "⟷ scores rows" : "↕ scores columns";
  const acting = view.to_act.includes(s);
  return ui.el("div", { class: "mu-player" + (acting ? " acting" : "") + (view.seat === s ? " me" : ""),
    style: { borderColor: ui.seatColor(s) }, dataset: { seat: String(s), ref: `seat:${s}` } },
    ui.el("b", {}, ui.seatMark(s, { class: "mu-dot" }), ui.seatName(s)),
    ui.el("span", { text: `${t.roles[s]} · ${arrow}` }),
    ui.el("span", { class: "mu-backs", title: `${t.hand_sizes[s]} card(s) in hand`, dataset: { ref: `hand:${s}` } },
      Array.from({ length: t.hand_sizes[s] }, () => ui.el("i", { class: "mu-miniback" })),
        ` ${t.hand_sizes[s]} in hand`),
    ui.el("span", { class: "mu-running",
      title: "points so far, counting only the cards you can see and lines that surely score" },
      view.over ? "" : `so far: ${t.running[s]} pts`));
}

// ---- the museum --------------------------------------------------------------------------------------------------
function board(view, ui, placing, moving) {
  const t = view.table;
  const occ = t.occupied;
  const room = t.room;
  // Draw the cards plus one ring of squares around them (where the next card can go), inside the 5×5 room.
  const pad = view.over ? 0 : 1;
  const x0 = Math.max(occ.min_x - pad, room.min_x), x1 = Math.min(occ.max_x + pad, room.max_x);
  const y0 = Math.max(occ.min_y - pad, room.min_y), y1 = Math.min(occ.max_y + pad, room.max_y);
  const cards = new Map(t.cards.map((c) => [key(c.x, c.y), c]));

  // Legal placements of the selected card, square by square, and legal token targets.
  const spots = new Map();
  if (placing && ui.local.card !== undefined) {
    for (const a of view.legal) if (a.type === "place" && a.card === ui.local.card) {
      if (!spots.has(key(a.x, a.y))) spots.set(key(a.x, a.y), []);
      spots.get(key(a.x, a.y)).push(a);
    }
  }
  const anySpot = new Set(placing ? view.legal.filter((a) => a.type === "place").map((a) => key(a.x, a.y)) : []);
  const targets = new Map(moving ? view.legal.filter((a) => a.type === "move_token").map((a) => [key(a.x, a.y), a])
    : []);
  const leave = moving ? view.legal.find((a) => a.type === "leave_token") : null;
  const revealed = new Set((t.last?.revealed || []).map(([x, y]) => key(x, y)));

  const rowsInfo = new Map(t.lines.row.map((l) => [l.coord, l]));
  const colsInfo = new Map(t.lines.column.map((l) => [l.coord, l]));
  const lilyRows = new Set(t.lines.row_lily.flatMap((r) => r.coords));
  const lilyCols = new Set(t.lines.column_lily.flatMap((r) => r.coords));

  const grid = ui.el("div", { class: "mu-board", style: {
    gridTemplateColumns: `repeat(${x1 - x0 + 1}, var(--mu-cell)) var(--mu-badge)`,
    gridTemplateRows: `repeat(${y1 - y0 + 1}, var(--mu-cell)) var(--mu-colbadge)`,
  } });
  // Rows and columns are named as a sighted player counts them on the drawn museum: from the top left, from 1.
  const where = (x, y) => `Row ${y - y0 + 1}, column ${x - x0 + 1}`;
  const selected = (t.hand || []).find((c) => c.id === ui.local.card);
  const rows = [];
  for (let y = y0; y <= y1; y++) {
    const row = [];
    rows.push(row);
    for (let x = x0; x <= x1; x++) {
      const k = key(x, y);
      const c = cards.get(k);
      let cell;
      if (c) {
        cell = cardEl(ui, c.card, { down: c.face === "down", tokens: c.tokens });
        const said = [cardWords(c.card, c.face === "down"), tokenWords(c.tokens)];
        if (t.last && t.last.x === x && t.last.y === y) {
          cell.classList.add("last");
          cell.style.setProperty("--mu-last", ui.seatColor(t.last.seat));
          cell.append(ui.seatMark(t.last.seat,
            { class: "mu-last-mark", title: `placed last, by ${ui.seatName(t.last.seat)}` }));
          said.push(`placed last, by ${ui.seatName(t.last.seat)}`);
        }
        if (revealed.has(k)) { cell.classList.add("revealed"); said.push("just turned face up"); }
        if (t.boat && t.boat.x === x && t.boat.y === y) {
          cell.classList.add("boat-now");
          said.push("the boat placed this turn");
          if (leave) { ui.markAction(cell, leave); said.push("press Enter to leave the token on the boat"); }
        } else if (targets.has(k)) {
          cell.classList.add("target");
          ui.markAction(cell, targets.get(k));
          cell.title = "move a visitor token here";
          said.push("press Enter to move a visitor token here");
        } else if (moving) cell.classList.add("dim");
        cell.setAttribute("aria-label", `${where(x, y)}: ${said.filter(Boolean).join(", ")}`);
      } else if (spots.has(k)) {
        const options = spots.get(k);
        cell = ui.el("div", { class: "mu-cell spot" });
        const card = selected ? selected.name : "the card";
        if (options.length === 1) {
          ui.markAction(cell, options[0]);
          cell.title = `place it here, face ${options[0].face}`;
          cell.setAttribute("aria-label",
            `${where(x, y)}: empty; press Enter to place ${card} here face ${options[0].face}`);
          cell.append(ui.el("span", { class: "mu-face",
            text: options[0].face === "up" ? "▲ face up" : "▼ face down" }));
        } else {
          cell.classList.add("choice");
          cell.setAttribute("aria-label", `${where(x, y)}: empty`);
          for (const a of options) {
            cell.append(ui.actionButton(a.face === "up" ? "▲ up" : "▼ down", a,
              { class: `mu-facing ${a.face}`, title: `place it here face ${a.face}`,
              "aria-label": `${where(x, y)}: place ${card} here face ${a.face}` }));
          }
        }
      } else {
        cell = ui.el("div", { class: "mu-cell water" + (anySpot.has(k) ? " could" : ""),
          "aria-label": `${where(x, y)}: empty${anySpot.has(k) ? ", a card from your hand may go here" : ""}` });
      }
      cell.dataset.x = String(x);
      cell.dataset.y = String(y);
      // Refs (docs/refs.md): the square, and for a card its painting (when seen) and the two lines it lies in.
      cell.dataset.ref = c ? [`cell:${k}`, c.card ? `card:${c.card.id}` : null, `row:${y}`,
        `column:${x}`].filter(Boolean).join(" ") : `cell:${k}`;
      row.push(cell);
    }
    row.push(lineBadge(ui, rowsInfo.get(y), "row", lilyRows.has(y), t.line_range, y - y0 + 1));
  }
  const last = [];
  for (let x = x0; x <= x1; x++) {
    last.push(lineBadge(ui, colsInfo.get(x), "column", lilyCols.has(x), t.line_range, x - x0 + 1));
  }
  last.push(ui.el("div", { class: "mu-corner", dataset: { noFocus: "" } }));
  rows.push(last);
  // One Tab stop for the whole museum; arrow keys walk the squares and the line totals.
  ui.keyGrid(grid, rows, {
    label: `The museum, ${y1 - y0 + 1} rows by ${x1 - x0 + 1} columns, with each row's total on the right and each ` +
    `column's below` });
  return ui.el("div", { class: "mu-board-wrap" }, grid);
}

function lineBadge(ui, line, axis, lily, range, shown) {
  if (!line) return ui.el("div", { class: `mu-badge ${axis} empty`, dataset: { noFocus: "" } });
  const ref = `${axis}:${line.coord}`;
  const st = STATUS[line.status] || STATUS.unknown;
  const total = line.hidden ? `${line.known_total}+${"?".repeat(Math.min(line.hidden, 3))}` : String(line.known_total);
  const who = axis === "row" ? "row player" : "column player";
  const name = axis === "row" ? "Row" : "Column";
  const run = lily ? "; part of a lily-pad run" : "";
  const so = line.points ? ` (${line.points} pts for the ${who} so far)` : "";
  const title = `${name} total ${total}: ${st.tip(range)}${so}${run}`;
  const hidden = line.hidden ? ` plus ${line.hidden} hidden card${line.hidden > 1 ? "s" : ""}` : "";
  const points = line.points ? `, ${line.points} points for the ${who} so far` : "";
  const spoken = `${name} ${shown} total ${line.known_total}${hidden}: ${st.tip(range)}${points}${run}`;
  // A line's total heads its row (or column) in the grid: read by a screen reader when the focus enters that line.
  return ui.el("div", { class: `mu-badge ${axis} ${st.cls}` + (lily ? " lily" : ""), dataset: { ref }, title,
    "aria-label": spoken, role: axis === "row" ? "rowheader" : "columnheader" },
  ui.el("span", { class: "sum", text: `Σ${total}` }),
  ui.el("span", { class: "mark", text: line.status === "scores" ? `✓ ${line.points}` : st.mark(range) }),
  lily ? ui.el("span", { class: "lily-mark", text: "❀" }) : null);
}

// ---- a painting ------------------------------------------------------------------------------------------------
// What a sighted player sees on a square, in words: "6 Sea Turtle, face up", "face-down card".
function cardWords(card, down) {
  if (!card) return "face-down card";
  // Face down but known: the card shows its number and "face down" (the name is under the ribbon).
  return down ? `${card.number} face down: the ${card.name.replace(/^\d+ /, "")}, only you know it`
    : `${card.name}, face up`;
}
const tokenWords = (n) => (n ? `${n} visitor token${n > 1 ? "s" : ""}` : "");

function cardEl(ui, card, { down = false, tokens = 0, small = false } = {}) {
  const cls = ["mu-cell", "mu-card", small ? "small" : ""];
  let inner;
  if (!card) {
    cls.push("back");
    inner = [ui.el("span", { class: "mu-back-mark" })]; // "AQUA", drawn by CSS: a card back's decoration, not its name
  } else {
    cls.push(`kind-${card.kind}`);
    if (down) cls.push("known-down");
    // Spaces between the parts, so the text reads "6 Sea Turtle" (and the spoken name can quote it).
    inner = [
      ui.el("span", { class: "mu-num", text: String(card.number) }), " ",
      icon(ui, card.kind), " ",
      // A card face down that you know: the ribbon takes the name's place (the title still names it).
      down ? ui.el("span", { class: "mu-ribbon", text: "face down", title: "face down: only you know this card" }) :
        ui.el("span", { class: "mu-name", text: KIND_LABEL[card.kind] }),
    ];
  }
  const node = ui.el("div", { class: cls.filter(Boolean).join(" "),
    title: card ? `${card.name}${down ? " (face down, only you know it)" : ""}` : "face-down card" }, inner);
  if (tokens) {
    node.append(ui.el("span", { class: "mu-tokens", title: `${tokens} visitor token${tokens > 1 ? "s" : ""}` },
      Array.from({ length: tokens }, () => ui.el("i", { class: "mu-token" }))));
  }
  return node;
}

function icon(ui, kind) {
  const s = (tag, attrs) => ui.svg(tag, attrs);
  const parts = {
    wave: [s("path", { d: "M3 17 Q9 9 15 17 T27 17 T39 17", fill: "none", stroke: "#1864ab", "stroke-width": 3,
      "stroke-linecap": "round" }),
      s("path", { d: "M3 27 Q9 19 15 27 T27 27 T39 27", fill: "none", stroke: "#4dabf7", "stroke-width": 3,
        "stroke-linecap": "round" })],
    lily: [s("circle", { cx: 21, cy: 22, r: 15, fill: "#2f9e44" }),
      s("path", { d: "M21 22 L40 12 L40 32 Z", fill: "#ebfbee" }),
      s("path", { d: "M21 22 L8 14 M21 22 L10 32 M21 22 L24 8", stroke: "#8ce99a", "stroke-width": 1.2 }),
      s("circle", { cx: 15, cy: 20, r: 5, fill: "#f783ac" }), s("circle", { cx: 15, cy: 20, r: 2, fill: "#fff3bf" })],
    boat: [s("path", { d: "M5 27 L37 27 L30 35 L12 35 Z", fill: "#a0522d" }),
      s("path", { d: "M21 5 L21 27", stroke: "#5c3d1e", "stroke-width": 2 }),
      s("path", { d: "M22 7 L34 24 L22 24 Z", fill: "#fff", stroke: "#adb5bd" }),
        s("path", { d: "M20 10 L11 24 L20 24 Z", fill: "#ffe8cc", stroke: "#adb5bd" })],
    turtle: [s("ellipse", { cx: 31, cy: 21, rx: 5, ry: 4, fill: "#66a80f" }),
      s("ellipse", { cx: 12, cy: 12, rx: 4, ry: 2.5, fill: "#66a80f" }),
        s("ellipse", { cx: 12, cy: 30, rx: 4, ry: 2.5, fill: "#66a80f" }),
      s("ellipse", { cx: 26, cy: 12, rx: 4, ry: 2.5, fill: "#66a80f" }),
        s("ellipse", { cx: 26, cy: 30, rx: 4, ry: 2.5, fill: "#66a80f" }),
      s("ellipse", { cx: 19, cy: 21, rx: 11, ry: 9, fill: "#0b7285" }),
        s("path", { d: "M12 21 L26 21 M19 13 L19 29", stroke: "#99e9f2", "stroke-width": 1.5 })],
  }[kind] || [];
  return ui.svg("svg", { class: "mu-icon", viewBox: "0 0 42 42", "aria-hidden": "true" }, parts);
}

// ---- token moves, hand, legend ---------------------------------------------------------------------------------
function tokenBar(view, ui) {
  const leave = view.legal.find((a) => a.type === "leave_token");
  const b = view.table.boat;
  return ui.el("div", { class: "mu-tokenbar" },
    ui.el("span", { text: b.step === 1 ? "Your boat's first visitor token:" : "The other visitor token:" }),
    leave ? ui.actionButton("Leave it on the boat", leave, { class: "primary" }) : null,
    ui.el("span", { class: "mu-hint", text: `or click a highlighted card (up to ${b.reach} steps away).` }));
}

function handArea(view, ui, placing) {
  const t = view.table;
  if (view.seat === null || view.seat === undefined || !t.hand) {
    return ui.el("div", { class: "mu-hand-area" },
      ui.el("p", { class: "mu-hint", text: "Watching: hands and face-down cards stay hidden." }));
  }
  const cards = t.hand.map((card) => {
    const node = cardEl(ui, card, {});
    node.classList.add("in-hand");
    node.dataset.ref = `card:${card.id}`;
    node.setAttribute("aria-label", card.name);
    if (placing) {
      const chosen = ui.local.card === card.id;
      if (chosen) node.classList.add("selected");
      // Picking a card is a step: the focus then goes to the first square it may go to.
      ui.markStep(node, "select-card", () => { ui.local.card = card.id; ui.focusNext(); ui.rerender(); });
      node.title = `${card.name}: click, then click a lit square in the museum`;
      node.setAttribute("aria-pressed", String(chosen));
      const how = chosen ? ", picked: now choose a square in the museum (Escape puts it back)"
        : ": press Enter to pick it";
      node.setAttribute("aria-label", `${card.name}${how}`);
    }
    return node;
  });
  const handRow = ui.el("div", { class: "mu-hand" });
  if (cards.length) ui.keyList(handRow, cards, { label: "Your hand" });
  else handRow.append(ui.el("span", { class: "mu-hint", text: "No cards left." }));
  return ui.el("div", { class: "mu-hand-area", style: { borderColor: ui.seatColor(view.seat) },
    dataset: { ref: `hand:${view.seat}` } },
    ui.el("h4", { text: `Your hand (${t.roles[view.seat].toLowerCase()})` }), handRow);
}

function legend(view, ui) {
  const [lo, hi] = view.table.line_range;
  return ui.el("div", { class: "mu-legend" },
    ui.el("div", {}, ui.el("span", { class: "mu-badge row scores demo", text: "✓" }),
      ` line adds up to ${lo}–${hi} and scores`),
    ui.el("div", {}, ui.el("span", { class: "mu-badge row unknown demo", text: "?" }), " hidden cards: not sure yet"),
    ui.el("div", {}, ui.el("span", { class: "mu-badge row out demo", text: `>${hi}` }),
      ` outside ${lo}–${hi}: no sets or turtles`),
    ui.el("div", {}, ui.el("span", { class: "lily-mark", text: "❀" }), " in a run of lines with lily pads"),
    ui.el("div", {}, ui.el("i", { class: "mu-token" }), " visitor token: +1 each time its card scores"),
    ui.el("div", { class: "mu-hint",
      text: "Rows belong to the row player (totals on the right), columns to the column player (totals below)." }));
}
