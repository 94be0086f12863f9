"""Refs against the real renderers (docs/refs.md): for views of every game — from random play, at every kind of
moment, seen by each seat and by the spectator — the board tags exactly the refs the engine says it draws
(``Game.drawn_refs``, which the compiler holds every lesson highlight to); and every highlight of every shipped lesson
lights something on the board, at every step.

The views are painted as a lesson's steps are (the step viewer, without Python): a step whose viewer is to act is a
question, so its legal moves are drawn as a question's are.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import shoal
from shoal import lessons
from tests.e2e.test_viewer import settled, write
from tests.lessons.drawn import drawn_refs

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p.stem for p in (ROOT / "web" / "lessons").glob("*.json"))
TABLES = {"museum": [2], "brunch": [3, 5], "aquarena": [2, 4], "reef": [1, 2, 3]}
DRAWN = "() => [...document.querySelectorAll('.shoal-view [data-ref]')].flatMap(n => n.dataset.ref.split(' '))"


def sampled_steps(game: str, seed: int = 3, every: int = 7) -> list[dict]:
    """Compiled-lesson steps showing views of random games of ``game``: every few moves and at the end, each from a
    random viewer (a question when that viewer is to act, so its moves are drawn)."""
    rng = random.Random(seed)
    steps = []
    for players in TABLES[game]:
        match = shoal.new_match(game, players, seed=seed + players)
        ply = 0
        while True:
            over = match.is_over()
            if over or ply % every == 0:
                viewers = [None, *range(players)] if over else [rng.choice([None, *range(players)])]
                for viewer in viewers:
                    view = match.view(viewer)
                    asks = viewer is not None and viewer in view["to_act"]
                    steps.append(
                        {
                            "comment": f"{players} players, move {ply}, seen by {viewer}",
                            "highlight": [],
                            "viewer": viewer,
                            "move": None,
                            "view": view,
                            "question": {"seat": viewer, "prompt": "Your move."} if asks else None,
                        }
                    )
            if over:
                break
            seat = rng.choice(match.to_act())
            match.play(seat, rng.choice(match.legal_actions(seat)))
            ply += 1
    return steps


def open_steps(page, site_dir, name: str, steps: list[dict], game: str) -> None:
    players = max(s["view"]["players"] for s in steps)
    lesson = {
        "format": "shoal-lesson", "id": name, "title": name, "game": game, "players": players, "options": {},
        "summary": "", "steps": steps, "source": {"title": name},
    }  # fmt: skip
    write(site_dir / "lessons" / f"{name}.json", json.dumps(lesson))
    page.goto(page.site_url + f"index.html?lesson=lessons/{name}.json")
    settled(page, "lesson")


def go(page, i: int) -> None:
    page.click(f"[data-step-index='{i}']")
    settled(page, None, ".shoal-view", i)


@pytest.mark.parametrize("game", list(TABLES))
def test_every_board_tags_exactly_the_refs_the_engine_says_it_draws(page, site_dir, game):
    steps = sampled_steps(game)
    open_steps(page, site_dir, f"refs-{game}", steps, game)
    for i, step in enumerate(steps):
        go(page, i)
        view = step["view"] if step["question"] else {**step["view"], "legal": []}
        on_page = set(page.evaluate(DRAWN))
        model = drawn_refs(view)
        assert on_page == model, (
            f"{step['comment']}: drawn but not in the model {sorted(on_page - model)[:8]}, "
            f"in the model but not drawn {sorted(model - on_page)[:8]}"
        )
    assert not page.errors


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_every_highlight_of_a_shipped_lesson_lights_something_at_every_step(page, lesson_id):
    compiled = lessons.compile_lesson((ROOT / "web" / "lessons" / f"{lesson_id}.json").read_text(), lesson_id)
    page.goto(page.site_url + f"index.html?lesson=lessons/{lesson_id}.json")
    settled(page, "lesson")
    for i, step in enumerate(compiled["steps"]):
        go(page, i)
        lit = page.evaluate(
            "() => [...document.querySelectorAll('.shoal-view .hl')].flatMap(n => n.dataset.ref.split(' '))"
        )
        dark = [ref for ref in step["highlight"] if ref not in lit]
        assert not dark, f"step {i + 1}: {dark} light nothing"
    assert not page.errors
