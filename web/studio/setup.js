// The match a lesson is played on: its game's options (as the lobby offers them), its players and its seed, for the
// new-lesson form and the lesson's own settings. The engine checks every value again (lesson_check).
import { el } from "../dom.js";
import { sequencePicker } from "../lobby.js";
import { parseSeed } from "../seed.js";
import { field } from "./fields.js";

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** A small seed for a new lesson: the seed of a lesson is public (its readers replay it), so it need not be long. */
export const lessonSeed = () => 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % 9999);

/** The game's options as controls; `options` is changed in place and `changed()` called after every change. */
export function optionsForm(info, options, changed, scope = "lesson") {
  const box = el("div", { class: "studio-options", onchange: () => changed() });
  const draw = () => {
    box.replaceChildren(...Object.entries(info.options).map(([name, opt]) => {
      options[name] = options[name] ?? opt.default;
      if (opt.length) return sequencePicker(name, opt, options, () => { draw(); changed(); });
      const select = el("select", { dataset: { option: name },
        onchange: (e) => { options[name] = JSON.parse(e.target.value); } },
      opt.choices.map((c, i) => el("option",
        { value: JSON.stringify(c), selected: c === options[name], text: opt.labels[i] ?? String(c) })));
      return field(opt.label, select, { hint: opt.help, path: `options.${name}`, scope });
    }));
  };
  draw();
  return box;
}

/** The players select of a game. */
export function playersSelect(info, players, onchange) {
  return el("select", { dataset: { studio: "players" }, onchange: (e) => onchange(+e.target.value) },
    range(info.min_players, info.max_players).map((n) => el("option", { value: n, selected: n === players, text: n })));
}

/** The seed typed in `text`: a number, or an Error for the author (empty is refused: a lesson deals one deal). */
export function readSeed(text) {
  const seed = parseSeed(text);
  if (seed === null) throw new Error("a lesson needs a seed: the same seed deals the same cards to every reader");
  return seed;
}
