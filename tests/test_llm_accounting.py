"""Accounting: totals per stage and per run, unknown costs, budget caps (on plain records)."""

from __future__ import annotations

import threading

import pytest

from genplan.core.errors import GenplanError
from genplan.llm import Accounting, Budget, BudgetExceeded, CallRecord, Totals, Usage


def _rec(purpose: str, *, cost: float | None = 0.01, cached: bool = False, error: str | None = None) -> CallRecord:
    return CallRecord(purpose, "m", 0, cached, Usage(100, 20), cost, 0.5, attempts=0 if cached else 1, error=error)


def test_totals_per_stage_and_run() -> None:
    acc = Accounting()
    acc.record(_rec("describe.domain", cost=0.02))
    acc.record(_rec("describe.task", cost=0.01))
    acc.record(_rec("strategy.write", cost=0.05))
    acc.record(_rec("strategy.write", cached=True, cost=0.0), original_cost=0.05)
    acc.record(_rec("strategy.reflect", cost=None, error="ProviderUnavailable"))
    total = acc.totals()
    assert (total.calls, total.paid_calls, total.cached_calls, total.failed_calls) == (5, 3, 1, 1)
    assert total.prompt_tokens == 300 and total.completion_tokens == 60  # cached and failed calls add none
    assert total.cost == pytest.approx(0.08)
    assert total.saved_cost == pytest.approx(0.05)
    assert total.latency == pytest.approx(2.0)
    stages = acc.by_stage()
    assert list(stages) == ["describe", "strategy"]
    assert stages["describe"].paid_calls == 2 and stages["describe"].cost == pytest.approx(0.03)
    assert stages["strategy"].cached_calls == 1 and stages["strategy"].failed_calls == 1
    assert acc.by_purpose()["strategy.write"].calls == 2
    js = acc.to_json()
    assert js["total"]["paid_calls"] == 3 and js["by_stage"]["strategy"]["cached_calls"] == 1


def test_unknown_cost_is_never_zero() -> None:
    acc = Accounting()
    acc.record(_rec("a.x", cost=None))
    acc.record(_rec("a.y", cost=0.5))
    t = acc.totals()
    assert t.cost is None  # the total is not known ...
    assert t.known_cost == pytest.approx(0.5)  # ... only a lower bound
    assert t.unknown_cost_calls == 1
    assert acc.to_json()["total"]["cost"] is None
    assert Totals().cost == 0.0  # no calls at all: nothing spent, and that is known


def test_max_calls_refuses_before_the_call() -> None:
    acc = Accounting(Budget(max_calls=2))
    for _ in range(2):
        acc.reserve("p")
        acc.record(_rec("p.x"))
        acc.release()
    acc.record(_rec("p.x", cached=True))  # cached replies never count
    with pytest.raises(BudgetExceeded, match="--max-calls is 2") as info:
        acc.reserve("strategy.reflect")
    assert isinstance(info.value, GenplanError)
    assert "strategy.reflect" in str(info.value) and "rerun" in str(info.value)


def test_max_cost_refuses_once_spent() -> None:
    acc = Accounting(Budget(max_cost=0.10))
    acc.reserve("p")
    acc.record(_rec("p.x", cost=0.06))
    acc.release()
    acc.reserve("p")  # 0.06 < 0.10: allowed, and this call crosses the line
    acc.record(_rec("p.x", cost=0.06))
    acc.release()
    with pytest.raises(BudgetExceeded, match=r"cost \$0\.1200"):
        acc.reserve("p")


def test_reservations_count_calls_in_flight() -> None:
    acc = Accounting(Budget(max_calls=3))
    granted = []
    errors = []

    def worker() -> None:
        try:
            acc.reserve("p")
            granted.append(1)
        except BudgetExceeded:
            errors.append(1)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(granted) == 3 and len(errors) == 5


def test_failed_calls_count_against_max_calls() -> None:
    acc = Accounting(Budget(max_calls=1))
    acc.reserve("p")
    acc.record(_rec("p.x", error="ProviderUnavailable"))
    acc.release()
    with pytest.raises(BudgetExceeded):
        acc.reserve("p")


def test_a_runs_usage_accumulates_over_sessions_and_keeps_unknown_cost_unknown() -> None:
    from genplan.llm.accounting import Totals, accumulate_usage

    paid = {"total": Totals(calls=3, paid_calls=3, prompt_tokens=30, known_cost=0.5).to_json(),
            "by_stage": {"code": Totals(calls=3, paid_calls=3, prompt_tokens=30, known_cost=0.5).to_json()},
            "reminders": 1}  # fmt: skip
    replay = {"total": Totals(calls=3, cached_calls=3, saved_cost=0.5).to_json(),
              "by_stage": {"code": Totals(calls=3, cached_calls=3).to_json()}, "reminders": 1}  # fmt: skip
    first = accumulate_usage(None, paid, status="stopped")
    both = accumulate_usage(first, replay, status="done")
    assert [s["status"] for s in both["sessions"]] == ["stopped", "done"]
    assert both["total"]["paid_calls"] == 3 and both["total"]["cached_calls"] == 3
    assert both["total"]["prompt_tokens"] == 30 and both["total"]["cost"] == 0.5
    assert both["by_stage"]["code"]["calls"] == 6 and both["reminders"] == 2
    unknown = {"total": Totals(calls=1, paid_calls=1, unknown_cost_calls=1).to_json()}
    assert accumulate_usage(both, unknown, status="done")["total"]["cost"] is None
    # A usage.json from before sessions were kept counts as one earlier session.
    legacy = accumulate_usage(paid, replay, status="done")
    assert len(legacy["sessions"]) == 2 and legacy["total"]["paid_calls"] == 3
