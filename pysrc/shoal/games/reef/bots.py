"""Bots for AQUA: they see only their view and their legal actions."""

from __future__ import annotations

from shoal.bots import random_bot

BOTS = {"random": random_bot}
