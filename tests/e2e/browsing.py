"""Helpers of the browser tests: screenshots kept as test artifacts, and axe-core.

Screenshots go to ``var/test-artifacts/`` (``ROCPORT_TEST_ARTIFACTS`` overrides it); each
saved path is printed, so ``pytest -s`` lists them. axe-core is vendored in
``tests/e2e/vendor`` (its release file with its license), injected into the page by the
test: the pages themselves never load it.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("ROCPORT_TEST_ARTIFACTS", ROOT / "var" / "test-artifacts"))
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
WIDTHS = {"desktop": 1280, "phone": 420}


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot of PAGE as ARTIFACTS/NAME.png and print its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def add_axe(context) -> None:
    """Make axe-core available on every page of the browser CONTEXT. An init script is
    not refused by the pages' Content-Security-Policy, as an added script tag would be."""
    context.add_init_script(path=str(AXE))


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on PAGE (see add_axe), one line each."""
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']}: "
            + "; ".join(node["target"][0] if isinstance(node["target"][0], str)
                        else str(node["target"]) for node in v["nodes"][:5])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]
