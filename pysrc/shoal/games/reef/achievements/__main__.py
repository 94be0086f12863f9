"""Regenerate the browser's copy of the achievement tables: ``python3 -m shoal.games.reef.achievements``."""

import json
from pathlib import Path

from .tables import catalogue

target = Path(__file__).resolve().parents[5] / "web" / "aqua-achievements.json"
target.write_text(json.dumps(catalogue(), indent=1, ensure_ascii=False) + "\n")
print(f"wrote {target}")
