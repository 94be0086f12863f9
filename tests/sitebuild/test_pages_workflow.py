"""GitHub Pages in one click: the workflow parses, tests every push and pull request with the README's test command,
builds with the README's build command, uploads the folder that build writes, and deploys with GitHub's official Pages
actions at pinned versions and minimal permissions — from main only, and only once the tests passed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
sys.path.insert(0, str(ROOT / "build_scripts"))


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def _steps(flow: dict) -> list[dict]:
    return [step for job in flow["jobs"].values() for step in job["steps"]]


def test_the_workflow_runs_on_every_push_and_pull_request_with_minimal_permissions():
    flow = _workflow()
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` key as the boolean True
    assert "push" in on and not (on["push"] or {}).get("branches"), "every branch's pushes are tested"
    assert "pull_request" in on
    assert flow["permissions"] == {"contents": "read"}
    jobs = flow["jobs"]
    assert jobs["test"].get("permissions") is None, "the tests get the workflow's read-only token"
    for name in ("build", "deploy"):
        assert jobs[name]["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_tests_run_with_the_readme_command_and_the_deploy_waits_for_them():
    """The site is deployed only from main, never from a pull request, and only after the test job passed."""
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"^\s+(\./build_scripts/test\.sh)\s*$", readme, re.M)[1]
    jobs = _workflow()["jobs"]
    assert [s.get("run", "").strip() for s in jobs["test"]["steps"] if "run" in s] == [command]
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    condition = jobs["build"]["if"]
    assert "github.ref == 'refs/heads/main'" in condition and "github.event_name != 'pull_request'" in condition
    assert jobs["deploy"]["concurrency"] == {"group": "pages", "cancel-in-progress": False}


def test_the_workflow_builds_with_the_readme_command_and_uploads_what_it_writes():
    """'A test checks the workflow parses, runs the same build command as the README, and uploads the folder the
    build writes.'"""
    import build

    readme = (ROOT / "README.md").read_text()
    command = re.search(r"`(python3 build_scripts/build\.py)`", readme)[1]
    steps = _steps(_workflow())
    assert any(step.get("run", "").strip() == command for step in steps), "the README's build command"
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    written = re.search(r'"--out", default=str\(ROOT / "([^"]+)"\)', Path(build.__file__).read_text())[1]
    default_out = build.ROOT / written
    assert (ROOT / upload["with"]["path"]).resolve() == default_out.resolve(), "the folder build.py writes by default"
    assert "--out" not in command


def test_the_workflow_uses_the_official_pages_actions_at_pinned_versions():
    used = [s["uses"] for s in _steps(_workflow()) if "uses" in s]
    names = {u.split("@")[0] for u in used}
    assert {
        "actions/checkout",
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    } <= names
    assert names <= {
        "actions/checkout",
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    }
    assert all(re.fullmatch(r"[\w-]+/[\w-]+@v\d+\.\d+\.\d+", u) for u in used), used
    deploy = _workflow()["jobs"]["deploy"]
    assert deploy["environment"]["name"] == "github-pages" and deploy["needs"] == "build"
