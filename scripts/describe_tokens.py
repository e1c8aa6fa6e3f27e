"""How many prompt tokens does describing the debugging tasks together save? (issue 13)

The paper describes each debugging task in its own request, and each of those requests resends the whole
domain conversation (the domain prompt with its PDDL, and the domain description). genplan describes the
tasks together, in as few requests as the model's context allows (one for the builtin suites). This
script runs the describe stage of every builtin suite twice, ``task_descriptions = each`` and
``together``, against a scripted model, and counts the prompt tokens of every request with litellm's
tokenizer for gpt-4o (offline).

The scripted answers stand in for a model's: the domain description is as long as the domain's PDDL
(``--answer-ratio`` scales it) and each task description as long as the task's PDDL. Completion tokens
are about the same either way (the same descriptions are written), so only prompt tokens are compared.

    python scripts/describe_tokens.py [--domains ferry,miconic] [--answer-ratio 1.0]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def words(text: str, ratio: float = 1.0) -> str:
    """Text of about the token count of ``text`` (times ``ratio``): its words without the parentheses."""
    plain = re.sub(r"[()]", " ", text).split()
    n = max(1, int(len(plain) * ratio))
    return " ".join((plain * (1 + n // max(1, len(plain))))[:n])


def measure(domain: str, mode: str, ratio: float) -> tuple[int, int]:
    """(requests, prompt tokens) of the describe stage of ``domain``'s builtin suite in ``mode``."""
    from genplan.benchmarks.registry import resolve_suite
    from genplan.llm import ScriptedBackend, make_client
    from genplan.llm.litellm_backend import load_litellm
    from genplan.pddl.writer import write_problem
    from genplan.stages.describe import TaskText, describe

    suite = resolve_suite(domain)
    domain_pddl = suite.domain_path.read_text()
    texts = [TaskText(t, write_problem(suite.task(t))) for t in suite.split.debug]
    by_name = {t.task_id: t.pddl for t in texts}

    def respond(call) -> str:
        if call.purpose == "describe.domain":
            return "FINAL DESCRIPTION\n" + words(domain_pddl, ratio)
        names = re.findall(r"^TASK (\S+)$", call.last_user, re.M)
        return "".join(f"TASK {n}\n{words(by_name[n])}\n" for n in names) + "DOMAIN NOTES\nnone\n"

    backend = ScriptedBackend(respond)
    llm = make_client(model="openai/gpt-4o", backend=backend, use_cache=False)
    describe(llm, suite.domain.name, domain_pddl, texts, mode=mode, context_tokens=128_000, max_tokens=16_384)
    litellm = load_litellm()
    tokens = sum(litellm.token_counter(model="gpt-4o", messages=[m.to_json() for m in c.request.messages])
                 for c in backend.calls)  # fmt: skip
    return len(backend.calls), tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--domains", default="all", help="comma-separated builtin domains (default: all 17)")
    parser.add_argument("--answer-ratio", type=float, default=1.0,
                        help="domain description length as a multiple of the domain PDDL's")  # fmt: skip
    args = parser.parse_args()
    from genplan.benchmarks.registry import builtin_domains

    domains = builtin_domains() if args.domains == "all" else args.domains.split(",")
    print(f"{'domain':<12} {'calls each':>10} {'together':>8} {'tokens each':>12} {'together':>9} {'saved':>7}")
    total_each = total_together = 0
    for domain in domains:
        calls_each, each = measure(domain, "each", args.answer_ratio)
        calls_together, together = measure(domain, "together", args.answer_ratio)
        total_each += each
        total_together += together
        print(f"{domain:<12} {calls_each:>10} {calls_together:>8} {each:>12,} {together:>9,} "
              f"{100 * (1 - together / each):>6.1f}%")  # fmt: skip
    print(f"{'all':<12} {'':>10} {'':>8} {total_each:>12,} {total_together:>9,} "
          f"{100 * (1 - total_together / total_each):>6.1f}%")  # fmt: skip
    print("prompt tokens of the describe stage (domain + 6 debugging tasks), gpt-4o tokenizer; completions are "
          "about the same either way")  # fmt: skip


if __name__ == "__main__":
    main()
