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
  const hide = () => {
    const scope = scopeOf(row);
    highlight(scope, baseOf(scope));
    row.classList.remove("explaining");
  };
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

// Each seat's sheet is a real table: a caption naming the seat and its total, column headers, one row
// header per scoring line — so a screen reader reads "Sets, 12" rather than two loose numbers.
export function renderOutcome(root, view, ui) {
  const { scores, winners, breakdown } = view.outcome;
  const names = winners.map((s) => ui.seatName(s));
  const heading = scores.length === 1 ? "Final score" : winners.length > 1 ? `Shared win: ${names.join(" and ")}`
    : `${names[0]} won`;
  root.append(
    el("h2", { class: "result", text: heading }),
    el(
      "div",
      { class: "score-sheet" },
      scores.map((score, seat) =>
        el(
          "section",
          { class: "score-card" + (winners.includes(seat) ? " winner" : ""),
            style: { borderColor: ui.seatColor(seat) } },
          el(
            "table",
            {},
            el("caption", {},
              el("h3", {}, ui.seatMark ? ui.seatMark(seat) : null, " ", ui.seatName(seat), ": ",
                el("span", { dataset: { scoreSeat: String(seat) }, text: String(score) }), " points",
                winners.includes(seat) && scores.length > 1 ? el("span", { class: "winner-mark", text: " ★ winner" })
                  : null)),
            el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Scored for" }),
              el("th", { scope: "col", class: "pts", text: "Points" }))),
            el("tbody", {},
              breakdown[seat].map((row) => {
                const tr = el("tr", { class: row.points ? "" : "zero" }, el("th", { scope: "row", text: row.label }),
                  el("td", { class: "pts", text: String(row.points) }));
                return Array.isArray(row.refs) && row.refs.length ? explain(tr, row.refs) : tr;
              })),
          ),
        ),
      ),
    ),
  );
}
