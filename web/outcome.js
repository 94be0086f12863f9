// The generic end-of-match score sheet: every seat's breakdown rows, the total in [data-score-seat].
// Explain this score: a row whose engine breakdown carries `refs` is focusable; hovering or focusing it marks
// exactly those things on the board (class `hl` on their [data-ref] elements, see web/RENDERERS.md).
import { el } from "./dom.js";
import { highlight } from "./board.js";

// The board a sheet belongs to: the viewer or match around it (several boards may share a page).
const scopeOf = (node) => node.closest(".shoal-view, .match") || document.body;
const baseOf = (scope) => { try { return JSON.parse(scope.dataset.baseHighlight || "[]"); } catch { return []; } };

function explain(row, refs) {
  const show = () => { const scope = scopeOf(row); highlight(scope, refs); row.classList.add("explaining"); };
  const hide = () => { const scope = scopeOf(row); highlight(scope, baseOf(scope)); row.classList.remove("explaining"); };
  row.tabIndex = 0;
  row.dataset.refs = JSON.stringify(refs);
  row.classList.add("explains");
  row.title = "Hover or focus: the board shows what earned these points";
  row.addEventListener("mouseenter", show);
  row.addEventListener("focus", show);
  row.addEventListener("mouseleave", hide);
  row.addEventListener("blur", hide);
  return row;
}

export function renderOutcome(root, view, ui) {
  const { scores, winners, breakdown } = view.outcome;
  const names = winners.map((s) => ui.seatName(s));
  const heading = scores.length === 1 ? "Final score" : winners.length > 1 ? `Shared win: ${names.join(" and ")}` : `${names[0]} won`;
  root.append(
    el("h2", { class: "result", text: heading }),
    el(
      "div",
      { class: "score-sheet" },
      scores.map((score, seat) =>
        el(
          "section",
          { class: "score-card" + (winners.includes(seat) ? " winner" : ""), style: { borderColor: ui.seatColor(seat) } },
          el("h3", {}, ui.seatName(seat), ": ", el("span", { dataset: { scoreSeat: String(seat) }, text: String(score) }), " points"),
          el(
            "table",
            {},
            breakdown[seat].map((row) => {
              const tr = el("tr", { class: row.points ? "" : "zero" }, el("td", { text: row.label }), el("td", { class: "pts", text: String(row.points) }));
              return Array.isArray(row.refs) && row.refs.length ? explain(tr, row.refs) : tr;
            }),
          ),
        ),
      ),
    ),
  );
}
