"""Do task generators the model writes find the failures the builtin generators find?

On the IPC 2023 Learning Track's floortile, childsnack and sokoban, each published program is given one
plausible flaw that no training task reveals (a fixed table of robots, of allergic children, of boxes:
the training tasks have at most 3 robots, 6 allergic children and 4 boxes, the test tasks up to 34, 147
and 79). For each domain this runs ``genplan check`` on the flawed program three ways:

1. ``--generator builtin``: our own generator (the reference: what should be found);
2. ``--generator none``: no generator, only the training tasks and their variants (what is found without);
3. ``--generator model --model M --api-base URL``: a generator the model writes, judged and repaired once
   (needs a model; left out without ``--model``).

and prints a table: found or not, where (generated, variant, given), the counterexample's size, the check's
time; for the model's generator whether it was accepted, after how many attempts, the reasons of rejected
ones and the calls it cost. Everything a run writes stays in ``--out`` (each check's folder holds its
``check.json``, and the model's ``generator.py`` and ``generator.json``).

    python scripts/measure_model_generators.py --learning /path/to/ipc2023-learning \\
        [--model openai/MODEL --api-base http://HOST:PORT/v1] [--budget 120] [--out measure-modelgen]

The flawed programs are written to ``OUT/programs/`` (derived from ``docs/results/2026-11-27-ipc2023/
programs/``, so the flaw is the only difference).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = REPO / "docs" / "results" / "2026-11-27-ipc2023" / "programs"

#: domain -> (the flaw in words, the line it is inserted before or replaces, the replacement).
FLAWS: dict[str, tuple[str, str, str]] = {
    "floortile": (
        "moves only the first 3 robots (training tasks have at most 3)",
        "    for r in robots:\n        has.setdefault(r, set())\n",
        "    for r in sorted(pos)[3:]:  # a table of 3 robots: the others are never moved\n"
        "        del pos[r]\n"
        "    for r in robots:\n        has.setdefault(r, set())\n",
    ),
    "childsnack": (
        "remembers only 12 allergic children (training tasks have at most 6)",
        "    todo = [c for c in goal_served",
        "    allergic = set(sorted(allergic)[:12])  # only 12 allergic children are remembered\n"
        "    todo = [c for c in goal_served",
    ),
    "sokoban": (
        "places only the first 4 boxes that have a goal (training tasks have at most 4)",
        "        goal_boxes = [i for i in range(self.nb) if self.target[i] >= 0]\n",
        "        goal_boxes = [i for i in range(self.nb) if self.target[i] >= 0][:4]  # a table of 4 boxes\n",
    ),
}


def flawed(domain: str) -> str:
    """The published program of ``domain`` with its flaw (the anchor must be there exactly once)."""
    _, anchor, replacement = FLAWS[domain]
    source = (PROGRAMS / f"{domain}-ipc2023-auto-s1.py").read_text()
    if source.count(anchor) != 1:
        raise SystemExit(f"the flaw's anchor is not in the published {domain} program once: {anchor!r}")
    return source.replace(anchor, replacement)


def check(program: Path, domain: str, learning: str, out: Path, how: list[str], args: argparse.Namespace) -> dict:
    """Run ``genplan check`` once; what it found, read back from its ``check.json``."""
    command = [
        sys.executable,
        "-m",
        "genplan.cli",
        "check",
        str(program),
        domain,
        "--suite",
        learning,
        "--budget",
        str(args.budget),
        "--shrink-budget",
        str(args.shrink_budget),
        "--out",
        str(out),
        *how,
    ]
    if args.cache_dir:
        command += ["--cache-dir", args.cache_dir]
    if args.jobs:
        command += ["--jobs", str(args.jobs)]
    print("$ " + " ".join(command), flush=True)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    row: dict = {"exit": done.returncode, "seconds": round(time.monotonic() - started, 1)}
    if done.returncode not in (0, 1):
        row["error"] = (
            done.stderr.strip().splitlines()[-1:] if done.stderr.strip() else ["exit " + str(done.returncode)]
        )
        return row
    data = json.loads((out / "check.json").read_text())
    cex = data.get("counterexample")
    row.update(found=data["found"], generator=data.get("generator"), tried=data.get("tried_summary"))
    if cex:
        row.update(source=cex["source"], objects=cex["objects"], found_objects=cex["found_objects"],
                   category=cex["category"], origin=cex["origin"])  # fmt: skip
    verdict = out / "generator.json"
    if verdict.is_file():
        g = json.loads(verdict.read_text())
        calls = g.get("calls") or {}
        row["model_generator"] = {
            "accepted": g["accepted"], "reason": g["reason"], "attempts": len(g["attempts"]),
            "rejected": [a["reason"] for a in g["attempts"] if not a["accepted"]],
            "paid_calls": calls.get("paid_calls"), "cached_calls": calls.get("cached_calls"),
            "cost": calls.get("cost"), "prompt_tokens": calls.get("prompt_tokens"),
            "completion_tokens": calls.get("completion_tokens"),
        }  # fmt: skip
    return row


def cell(row: dict | None) -> str:
    if row is None:
        return "not run"
    if "error" in row:
        return "error: " + " ".join(row["error"])
    if not row.get("found"):
        return f"nothing found ({row['seconds']:.0f} s)"
    return (f"found: {row['objects']} objects (from {row['found_objects']}), {row['source']}, {row['category']} "
            f"({row['seconds']:.0f} s)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learning", default=os.environ.get("GENPLAN_LEARNING_TRACK"),
                        help="the Learning Track's folder (default: $GENPLAN_LEARNING_TRACK)")  # fmt: skip
    parser.add_argument("--model", help="litellm model that writes the generators (without it: builtin and none)")
    parser.add_argument("--api-base", help="OpenAI-compatible server URL")
    parser.add_argument("--domains", default=",".join(FLAWS))
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--shrink-budget", type=float, default=30.0)
    parser.add_argument("--jobs", type=int)
    parser.add_argument("--cache-dir")
    parser.add_argument("--skip-none", action="store_true", help="leave out the checks without a generator")
    parser.add_argument("--out", type=Path, default=Path("measure-modelgen"))
    args = parser.parse_args()
    if not args.learning or not Path(args.learning).is_dir():
        raise SystemExit("Pass --learning PATH (a clone of ipc2023-learning/benchmarks) or set GENPLAN_LEARNING_TRACK.")
    out = args.out.resolve()
    (out / "programs").mkdir(parents=True, exist_ok=True)
    results: dict[str, dict] = {}
    for domain in [d.strip() for d in args.domains.split(",") if d.strip()]:
        program = out / "programs" / f"{domain}.py"
        program.write_text(flawed(domain))
        ways = {"builtin": ["--generator", "builtin"]}
        if not args.skip_none:
            ways["none"] = ["--generator", "none"]
        if args.model:
            ways["model"] = ["--generator", "model", "--model", args.model]
            if args.api_base:
                ways["model"] += ["--api-base", args.api_base]
        results[domain] = {"flaw": FLAWS[domain][0]}
        for way, how in ways.items():
            results[domain][way] = check(program, domain, args.learning, out / f"{domain}-{way}", how, args)
        (out / "summary.json").write_text(json.dumps(results, indent=2) + "\n")

    print("\n| domain | flaw | builtin generator | no generator | model's generator | its verdict and calls |")
    print("|---|---|---|---|---|---|")
    for domain, r in results.items():
        g = (r.get("model") or {}).get("model_generator")
        verdict = "not asked" if g is None else (
            f"{'accepted' if g['accepted'] else 'rejected'} after {g['attempts']} attempt(s), {g['paid_calls']} paid "
            f"call(s), {g['prompt_tokens']}+{g['completion_tokens']} tokens, cost {g['cost']}"
            + "".join(f"; rejected: {why}" for why in g["rejected"])
        )  # fmt: skip
        print(f"| {domain} | {r['flaw']} | {cell(r.get('builtin'))} | {cell(r.get('none'))} | "
              f"{cell(r.get('model'))} | {verdict} |")  # fmt: skip
    same = [d for d, r in results.items() if r.get("model") and r["builtin"].get("found") and r["model"].get("found")]
    if args.model:
        found = sum(1 for r in results.values() if r["builtin"].get("found"))
        print(f"\nthe model's generators found {len(same)} of the {found} failures the builtin generators found")
    print(f"\neverything: {out / 'summary.json'}")


if __name__ == "__main__":
    main()
