"""report.html in a real browser: scripts/check_report_html.py lays it out in headless Chromium.

The report is made wide on purpose (six configurations, four baselines, long model names), the shape that
pushed tables out of the page. Chromium is a system package (`apt-get install chromium`); CI does not have
it, so this test is skipped there, saying so.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from genplan.experiments.report import report_from_disk, write_report
from tests.report_fixtures import Call, T, fake_run, write_baselines, write_scale

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "check_report_html.py"
CHROMIUM = Path("/usr/bin/chromium")

PRESETS = ("baseline", "F5-3", "F3-6", "no-multi", "no-strategy-debug", "auto")
DOMAINS = ("delivery", "ferry", "gripper", "miconic", "logistics")


def wide_report(out: Path) -> Path:
    """A report with every table filled and as wide as a real study makes it; returns report.html."""
    cache = out / "cache"
    tasks = [f"t-{k}" for k in range(1, 5)]
    for d, domain in enumerate(DOMAINS):
        for p, preset in enumerate(PRESETS):
            for seed in (1, 2):
                failing = (d + p + seed) % 4  # some runs fail some tasks, with every kind of error
                outcome = [T(t, 0.01 * (k + 1), 10 + k, status=("solved", "goal", "timeout", "exception")[
                    (k + failing) % 4] if k < failing else "solved") for k, t in enumerate(tasks)]  # fmt: skip
                fake_run(cache, domain, preset=preset, seed=seed, tasks=outcome, calls=[Call(12000, 3000, 0.02)] * 3,
                         model="openai/a-rather-long-model-name")  # fmt: skip
        for planner, limit in (("lmcut", 45), ("lmcut", 1800), ("ff", 45), ("ff", 1800)):
            rows = [(t, "solved" if k % 3 else "timeout", 0.5 * (k + 1), 12 + k) for k, t in enumerate(tasks)]
            write_baselines(cache, "builtin", domain, planner, limit, rows)
    fake_run(cache, "spanner", seed=1, tasks=None, status="crashed", message="RuntimeError: the model's answer was cut",
             model="openai/a-rather-long-model-name")  # fmt: skip
    scale = write_scale(out / "scale" / "scale.json")
    report = report_from_disk(cache_dir=cache, scale_files=[scale])
    return write_report(report, out / "report").html


def run_check(page: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), str(page), *args], capture_output=True, text=True,
                          timeout=300)  # fmt: skip


@pytest.mark.skipif(not CHROMIUM.is_file(), reason="needs Chromium at /usr/bin/chromium (apt-get install chromium); "
                    "CI has none, so report.html is checked in a browser only where it is installed")  # fmt: skip
def test_report_html_in_a_real_browser(tmp_path: Path) -> None:
    page = wide_report(tmp_path)
    shot = tmp_path / "shot.png"
    result = run_check(page, "--screenshot", str(shot))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3/3 images loaded" in result.stdout and "OK: nothing overflows" in result.stdout
    assert shot.read_bytes().startswith(b"\x89PNG")
    # The check can fail: a table in a box that does not scroll overflows the page, and a broken image is seen.
    broken = tmp_path / "broken.html"
    text = page.read_text().replace('class="scroll"', 'class="plain"', 1)
    text = text.replace("data:image/png;base64,", "data:x,", 1)
    broken.write_text(text.replace("max-width: 1200px", "max-width: 300px"))
    result = run_check(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "box that does not scroll" in result.stdout and "did not load" in result.stdout


def test_a_missing_browser_is_named(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text("<html><body></body></html>")
    result = run_check(page, "--chromium", str(tmp_path / "no-chromium"))
    assert result.returncode == 2 and "apt-get install chromium" in result.stderr and "Traceback" not in result.stderr
