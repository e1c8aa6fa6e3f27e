"""Wall time of a run with independent LLM calls sent at once, against the same run one call at a time.

A real-model run spent 255 to 1,189 s waiting for the model and 9 to 20 s on genplan's own work, because
its 15 calls went out one after another. This script runs the same synthesis (the real litellm client)
against the loopback OpenAI-protocol server of the tests, which answers every request after a fixed
delay, with ``--llm-concurrency 1`` and then with 4 (separate caches, so both pay every call), and prints:

- the wall time of each run and their ratio;
- the chain of dependent calls: how many waves of requests the concurrent run needed (requests that
  arrive together form one wave), times the delay: what the wall time approaches when genplan's own work
  is small.

The scripted model answers by content (the same replies either way): one description per request, a
strategy whose plans are Fast Downward's, and a correct program, so the protocol is F5-3's path on ferry
with a real model (15 calls when each task is described in its own request, as the paper does: the
``each`` scenario; 10 with the tasks described together).

    python scripts/bench_concurrency.py [--delay 1.0] [--preset F5-3] [--concurrency 4]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def responder(suite, fd_cache: Path, delay: float):
    from genplan.pddl.parser import parse_problem
    from genplan.planners import plan as fd_plan
    from tests.llm_server import Stall, Text

    good = (REPO / "tests" / "zoo" / "good_ferry.py").read_text()

    def plan_for(prompt: str) -> list[str]:
        name = re.search(r'A task of this domain \("([^"]+)"\)', prompt).group(1)  # type: ignore[union-attr]
        pddl = re.search(r"```pddl\n(.*?)\n```", prompt, re.S)
        task = parse_problem(pddl.group(1), suite.domain) if pddl else suite.task(name)
        return list(fd_plan(task, "lama-first", time_limit=20, cache_dir=fd_cache).plan or ())

    def answer(prompt: str) -> str:
        if "Explain this domain in plain English" in prompt:
            return "FINAL DESCRIPTION\nA ferry carries one car at a time between locations."
        if "DOMAIN NOTES" in prompt and "TASK " in prompt:
            names = re.findall(r"^TASK (\S+)$", prompt, re.M)
            return "".join(f"TASK {n}\nCars to move.\n" for n in names) + "DOMAIN NOTES\nnone\n"
        if "You will write a general strategy" in prompt:
            return "```pseudocode\nfor each car: sail to it, board, sail to its goal, debark\n```"
        if "Solve this task by carrying out the strategy" in prompt:
            return "Plan:\n" + "\n".join(plan_for(prompt))
        return f"```python\n{good}```"

    def respond(body: dict):
        users = [m["content"] for m in body["messages"] if m["role"] == "user"]
        return Stall(delay, Text(answer(users[-1])))

    return respond


def waves(times: list[float], delay: float) -> int:
    """Requests that arrive within half a delay of the wave's first one belong to that wave."""
    count, start = 0, None
    for t in sorted(times):
        if start is None or t - start > delay / 2:
            count, start = count + 1, t
    return count


def run(suite, preset: str, mode: str, concurrency: int, delay: float, fd_cache: Path) -> tuple[float, int, int]:
    """(wall time, requests, waves) of one run against a fresh server and a fresh cache."""
    from genplan.llm import make_client
    from genplan.llm.litellm_backend import LiteLLMBackend
    from genplan.protocols.config import load_config
    from genplan.protocols.synthesize import synthesize
    from tests.llm_server import OpenAIStubServer

    server = OpenAIStubServer(responder(suite, fd_cache, delay), lifetime=3600)
    with tempfile.TemporaryDirectory() as tmp, server as srv:
        cfg = load_config(preset, model="openai/stub", api_base=srv.base_url, orderings=1, timeout=10,
                          task_descriptions=mode, llm_concurrency=concurrency)  # fmt: skip
        llm = make_client(model=cfg.model, cache_dir=Path(tmp) / "llm", concurrency=concurrency,
                          backend=LiteLLMBackend(api_base=srv.base_url))  # fmt: skip
        started = time.monotonic()
        outcome = synthesize(suite, cfg, llm, cache_dir=tmp, jobs=2, heldout=False)
        wall = time.monotonic() - started
        assert outcome.status == "done", outcome.message
        return wall, len(srv.requests), waves(srv.times, delay)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--delay", type=float, default=1.0, help="seconds the server waits before each answer")
    parser.add_argument("--preset", default="F5-3")
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    from genplan.benchmarks.registry import resolve_suite

    suite = resolve_suite("ferry")
    with tempfile.TemporaryDirectory() as fd:
        fd_cache = Path(fd)
        run(suite, args.preset, "together", 1, 0.0, fd_cache)  # warm Fast Downward's plan cache and the imports
        print(f"{args.preset} on ferry, every answer after {args.delay:g} s; wall times in seconds")
        print(f"{'descriptions':<13} {'requests':>8} {'one at a time':>13} {f'{args.concurrency} at once':>10} "
              f"{'ratio':>6} {'waves':>6} {'chain':>6}")  # fmt: skip
        for mode in ("each", "together"):
            seq, n_seq, waves_seq = run(suite, args.preset, mode, 1, args.delay, fd_cache)
            con, n_con, waves_con = run(suite, args.preset, mode, args.concurrency, args.delay, fd_cache)
            assert n_seq == n_con == waves_seq
            print(f"{mode:<13} {n_seq:>8} {seq:>13.1f} {con:>10.1f} {seq / con:>6.2f} {waves_con:>6} "
                  f"{waves_con * args.delay:>6.1f}")  # fmt: skip
    print(
        "ratio: one at a time / at once; waves: rounds of requests the concurrent run sent (requests that "
        "arrive together are one wave); chain: waves x delay, the wall time when genplan's own work is nil"
    )


if __name__ == "__main__":
    main()
