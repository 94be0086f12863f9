"""A compiled lesson written by hand (CPython computes the views), for the viewer's tests: the real lessons live in
web/lessons/ and are compiled by the build; this one pins a known position so tests can name exact refs."""

from __future__ import annotations

import json
import random

import shoal


def museum_lesson(seed: int = 7, moves: int = 6) -> dict:
    match = shoal.new_match("museum", 2, seed=seed)
    rng = random.Random(seed)
    steps = [
        {
            "comment": "The start card lies in the middle of the museum.",
            "highlight": ["cell:0,0"],
            "viewer": None,
            "move": None,
            "view": match.view(None),
            "question": None,
        }
    ]
    for i in range(moves):
        seat = match.to_act()[0]
        action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        cell = [f"cell:{action['x']},{action['y']}"] if "x" in action else []
        steps.append(
            {
                "comment": f"Step {i + 2}: {{seat:{seat}}} moved.",
                "highlight": cell,
                "viewer": None,
                "move": [seat, action],
                "view": match.view(None),
                "question": None,
            }
        )
    return json.loads(
        json.dumps(
            {
                "format": "shoal-lesson",
                "id": "handmade-museum",
                "title": "A hand-made museum lesson",
                "game": "museum",
                "players": 2,
                "options": {},
                "summary": "for tests",
                "steps": steps,
                "source": {"record": match.record()},
            }
        )
    )
