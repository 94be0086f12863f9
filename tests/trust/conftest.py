"""Hypothesis profiles for the trust tests: a short default run in the suite, a long one on demand.

SHOAL_HYPOTHESIS_PROFILE=long python3 -m pytest tests/trust -q     # ~100x the examples, minutes not seconds
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile(
    "default", max_examples=30, deadline=None, derandomize=True, print_blob=True, suppress_health_check=_QUIET
)
settings.register_profile("long", max_examples=3000, deadline=None, print_blob=True, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("SHOAL_HYPOTHESIS_PROFILE", "default"))
