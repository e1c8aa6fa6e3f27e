"""Does report.html read well in a real browser? Headless Chromium lays the page out, and this script checks it.

Unit tests read the HTML as text; only a browser knows whether a wide table pushes the page wider than the
window, or whether a plot (a PNG data URI) decodes. The script copies the page to a temporary folder with a
small script added that, once the page has loaded, measures every table (is it wider than its box, and does
the box scroll?), every image (did it load: ``naturalWidth > 0``; does it stay inside the page?) and the
page itself (wider than the window?), and writes what it found into the DOM. Chromium's ``--dump-dom``
prints that DOM; a second run takes a screenshot of the whole page (``--screenshot``) for a person to look at.

    python scripts/check_report_html.py report/report.html [--screenshot shot.png] [--width 1280]

Exit code 0 when the layout is fine, 1 when something overflows or an image did not load, 2 when Chromium
is missing or cannot run (Debian and Ubuntu: ``apt-get install chromium``). Chromium runs with a fresh
profile in a temporary folder, no network services, and a time limit; the page fetches nothing.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--virtual-time-budget=10000",
)
MARKER = "genplan-layout-check"
#: The tallest screenshot taken (pixels): a longer page is cut there, and the verdict says so.
MAX_HEIGHT = 16000

#: Added before </body>: measures the layout once everything has loaded and writes it into the DOM as JSON.
# The JavaScript's braces would need escaping in an f-string, hence the placeholder.
PROBE = """
<script>
window.addEventListener("load", function () {
  var root = document.documentElement;
  var out = {page: {width: root.clientWidth, scrollWidth: root.scrollWidth, height: root.scrollHeight},
             tables: [], images: []};
  var tables = document.querySelectorAll("table");
  for (var i = 0; i < tables.length; i++) {
    var t = tables[i], box = t.parentElement, style = getComputedStyle(box);
    out.tables.push({id: t.id || ("table " + (i + 1)), width: Math.ceil(t.getBoundingClientRect().width),
                     box: box.clientWidth, scrolls: /(auto|scroll)/.test(style.overflowX),
                     boxRight: Math.ceil(box.getBoundingClientRect().right)});
  }
  var images = document.querySelectorAll("img");
  for (var j = 0; j < images.length; j++) {
    var img = images[j];
    out.images.push({alt: (img.alt || "").slice(0, 60), loaded: img.complete && img.naturalWidth > 0,
                     natural: img.naturalWidth, shown: Math.round(img.getBoundingClientRect().width),
                     right: Math.ceil(img.getBoundingClientRect().right)});
  }
  var pre = document.createElement("pre");
  pre.id = "@MARKER@";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
""".replace("@MARKER@", MARKER)


class CheckError(Exception):
    """Chromium is missing or did not produce what was asked (exit code 2)."""


@dataclass(frozen=True)
class Verdict:
    problems: tuple[str, ...]
    remarks: tuple[str, ...]
    layout: dict


def _chromium(binary: str, args: list[str], profile: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    cmd = [binary, *FLAGS, f"--user-data-dir={profile}", *args]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise CheckError(f"Chromium did not finish within {timeout:g} s ({' '.join(args[-1:])}).") from None


def measure(page: Path, binary: str = CHROMIUM, width: int = 1280, timeout: float = 60.0) -> dict:
    """Lay ``page`` out in headless Chromium at ``width`` pixels and return the probe's measurements."""
    with tempfile.TemporaryDirectory(prefix="genplan-html-check-") as tmp:
        copy = Path(tmp) / page.name
        text = page.read_text(encoding="utf-8")
        at = text.rfind("</body>")
        copy.write_text(text[:at] + PROBE + text[at:] if at >= 0 else text + PROBE, encoding="utf-8")
        done = _chromium(binary, [f"--window-size={width},1000", "--dump-dom", copy.as_uri()], Path(tmp) / "profile",
                         timeout)  # fmt: skip
    found = re.search(rf'<pre id="{MARKER}">(.*?)</pre>', done.stdout, re.S)
    if found is None:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CheckError(f"Chromium did not run the page's check (exit code {done.returncode}: {tail}).")
    return json.loads(html.unescape(found.group(1)))


def screenshot(page: Path, out: Path, height: int, binary: str = CHROMIUM, width: int = 1280,
               timeout: float = 60.0) -> None:  # fmt: skip
    """A screenshot of the whole page (up to :data:`MAX_HEIGHT` pixels) into ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="genplan-html-shot-") as tmp:
        size = f"--window-size={width},{min(max(height, 200), MAX_HEIGHT)}"
        done = _chromium(binary, [size, f"--screenshot={out.resolve()}", page.resolve().as_uri()],
                         Path(tmp) / "profile", timeout)  # fmt: skip
    if not out.is_file():
        raise CheckError(f"Chromium wrote no screenshot (exit code {done.returncode}).")


def judge(layout: dict) -> Verdict:
    """Problems: the page wider than the window, a table wider than a box that does not scroll, an image
    that did not load or sticks out of the page. Remarks: tables that scroll inside their box (readable,
    but the reader has to scroll)."""
    problems, remarks = [], []
    page = layout["page"]
    if page["scrollWidth"] > page["width"]:
        problems.append(f"the page is {page['scrollWidth']} px wide in a {page['width']} px window")
    for t in layout["tables"]:
        if t["width"] > t["box"] and not t["scrolls"]:
            problems.append(f"table {t['id']} is {t['width']} px wide in a {t['box']} px box that does not scroll")
        elif t["width"] > t["box"]:
            remarks.append(f"table {t['id']} ({t['width']} px) scrolls inside its {t['box']} px box")
        if t["boxRight"] > page["width"]:
            problems.append(f"the box of table {t['id']} ends at {t['boxRight']} px, outside the window")
    for img in layout["images"]:
        if not img["loaded"]:
            problems.append(f"image '{img['alt']}' did not load")
        elif img["right"] > page["width"]:
            problems.append(f"image '{img['alt']}' ends at {img['right']} px, outside the window")
    return Verdict(tuple(problems), tuple(remarks), layout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="report.html, as written by `genplan report`")
    parser.add_argument("--screenshot", type=Path, help="write a PNG of the whole page here")
    parser.add_argument("--width", type=int, default=1280, help="window width in pixels (default 1280)")
    parser.add_argument("--chromium", default=CHROMIUM, help=f"the browser (default {CHROMIUM})")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per Chromium run (default 60)")
    args = parser.parse_args(argv)
    if shutil.which(args.chromium) is None:
        print(f"Chromium is not installed at {args.chromium}, so the page cannot be checked in a browser. Install "
              "the system package (Debian, Ubuntu: `apt-get install chromium`) or pass --chromium PATH.",
              file=sys.stderr)  # fmt: skip
        return 2
    if not args.report.is_file():
        print(f"{args.report} does not exist. Write a report first: `genplan report --out DIR`.", file=sys.stderr)
        return 2
    try:
        layout = measure(args.report, args.chromium, args.width, args.timeout)
        verdict = judge(layout)
        if args.screenshot is not None:
            screenshot(args.report, args.screenshot, layout["page"]["height"], args.chromium, args.width, args.timeout)
    except CheckError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    page = layout["page"]
    loaded = sum(i["loaded"] for i in layout["images"])
    print(f"{args.report}: {len(layout['tables'])} tables, {loaded}/{len(layout['images'])} images loaded, page "
          f"{page['scrollWidth']}x{page['height']} px in a {page['width']} px window.")  # fmt: skip
    for remark in verdict.remarks:
        print(f"  note: {remark}")
    if args.screenshot is not None:
        cut = f" (the first {MAX_HEIGHT} px)" if page["height"] > MAX_HEIGHT else ""
        print(f"screenshot: {args.screenshot}{cut}")
    if verdict.problems:
        print(f"PROBLEMS ({len(verdict.problems)}):")
        for problem in verdict.problems:
            print(f"  - {problem}")
        return 1
    print("OK: nothing overflows the window, and every image loaded.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
