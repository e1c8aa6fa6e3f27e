"""The reply cache: keys, durability under a killed writer, sharing between processes."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from genplan.llm import CACHE_FORMAT, ReplyCache, cache_key, default_cache_dir
from genplan.llm.cache import ENV_VAR
from genplan.llm.types import Message, Request, SamplingParams

REPO = Path(__file__).resolve().parent.parent


def _req(text: str = "hi", model: str = "openai/gpt-4o", **sampling: float | int | None) -> Request:
    return Request(model, (Message("system", "be brief"), Message("user", text)), SamplingParams(**sampling))


def test_key_is_stable_and_known() -> None:
    # A fixed value guards against accidental changes of the key (they would orphan every cached reply).
    key = cache_key(_req(), 0)
    assert key == cache_key(_req(), 0)
    assert len(key) == 64 and int(key, 16) >= 0
    assert CACHE_FORMAT == 1
    assert key == "decd32380449dd5cb607c91fc43cccdc0d1f1b40b75eecaac09fa96ded0d58d0"


def test_key_depends_on_what_decides_the_reply() -> None:
    base = cache_key(_req(), 0)
    assert cache_key(_req(), 1) != base  # sample index
    assert cache_key(_req("hello"), 0) != base  # messages
    assert cache_key(_req(model="deepseek/deepseek-chat"), 0) != base  # model
    assert cache_key(_req(temperature=0.7), 0) != base  # sampling
    assert cache_key(_req(max_tokens=100), 0) != base
    assert cache_key(_req(seed=1), 0) != base
    roles = Request("openai/gpt-4o", (Message("user", "be brief"), Message("user", "hi")))
    assert cache_key(roles, 0) != base


def test_key_normalises_numbers() -> None:
    assert cache_key(_req(temperature=0), 0) == cache_key(_req(temperature=0.0), 0)
    assert cache_key(_req(top_p=1), 0) == cache_key(_req(top_p=1.0), 0)


def test_samples_are_distinct_entries(tmp_path: Path) -> None:
    with ReplyCache(tmp_path) as cache:
        keys = [cache_key(_req(temperature=1.0), k) for k in range(5)]
        assert len(set(keys)) == 5
        for k, key in enumerate(keys):
            cache.add(key, {"text": f"sample {k}"})
        assert [cache.get(key)["text"] for key in keys] == [f"sample {k}" for k in range(5)]


def test_add_keeps_the_first_entry(tmp_path: Path) -> None:
    with ReplyCache(tmp_path) as cache:
        assert cache.add("k", {"text": "first"}) == {"text": "first"}
        assert cache.add("k", {"text": "second"}) == {"text": "first"}
        assert cache.get("k") == {"text": "first"}
        assert cache.get("missing") is None
        assert "k" in cache and len(cache) == 1 and cache.keys() == ["k"]


def test_entries_survive_reopening(tmp_path: Path) -> None:
    with ReplyCache(tmp_path) as cache:
        cache.add("k", {"text": "kept", "cost": None})
    with ReplyCache(tmp_path) as cache:
        assert cache.get("k") == {"text": "kept", "cost": None}


def test_cache_dir_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv("GENPLAN_CACHE_DIR", str(tmp_path / "root"))
    assert default_cache_dir() == tmp_path / "root" / "llm"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "llm-only"))
    assert default_cache_dir() == tmp_path / "llm-only"
    assert default_cache_dir(tmp_path / "explicit") == tmp_path / "explicit"


_WRITER = textwrap.dedent(
    """
    import hashlib, json, sys
    from genplan.llm import ReplyCache
    cache = ReplyCache(sys.argv[1])
    tag = sys.argv[2]
    i = 0
    while True:  # runs until killed
        body = (tag + str(i)) * 20000  # ~100-200 kB per entry: a write takes a while
        entry = {"text": body, "sha": hashlib.sha256(body.encode()).hexdigest()}
        cache.add(f"{tag}-{i}", entry)
        cache.add("shared", {"text": tag, "sha": hashlib.sha256(tag.encode()).hexdigest()})
        if i == 0:
            print(json.dumps(cache.get("shared")), flush=True)
        i += 1
    """
)


def _check_entries(directory: Path) -> int:
    with ReplyCache(directory) as cache:
        keys = cache.keys()
        for key in keys:
            entry = cache.get(key)
            assert entry is not None, f"entry {key} is unreadable"
            assert hashlib.sha256(entry["text"].encode()).hexdigest() == entry["sha"], f"entry {key} is incomplete"
        return len(keys)


def _spawn(directory: Path, tag: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(directory), tag],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _wait_for_entries(directory: Path, n: int, procs: list[subprocess.Popen[str]], limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if (directory / "cache.db").exists():
            with ReplyCache(directory) as cache:
                if len(cache) >= n:
                    return
        for p in procs:
            assert p.poll() is None, p.stderr.read() if p.stderr else ""
        time.sleep(0.05)
    raise AssertionError(f"writers did not store {n} entries in {limit} s")


def test_killed_writer_leaves_no_half_entry(tmp_path: Path) -> None:
    # Three kill cycles on one directory: each writer is killed while it writes without pause, so almost
    # surely inside a transaction; every entry left behind must be complete and the cache must reopen.
    for cycle in range(3):
        proc = _spawn(tmp_path, f"w{cycle}")
        try:
            _wait_for_entries(tmp_path, 8 * (cycle + 1), [proc])
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.kill()
            proc.wait(timeout=10)
        assert _check_entries(tmp_path) >= 8 * (cycle + 1)


def test_two_processes_share_one_cache(tmp_path: Path) -> None:
    procs = [_spawn(tmp_path, "a"), _spawn(tmp_path, "b")]
    try:
        _wait_for_entries(tmp_path, 20, procs)
        firsts = [json.loads(p.stdout.readline()) for p in procs if p.stdout]
    finally:
        for p in procs:
            p.kill()
            p.wait(timeout=10)
    # Both writers saw the same winner for the key they raced on.
    assert firsts[0] == firsts[1]
    assert firsts[0]["text"] in {"a", "b"}
    n = _check_entries(tmp_path)
    with ReplyCache(tmp_path) as cache:
        keys = cache.keys()
    assert n == len(keys) >= 20
    assert any(k.startswith("a-") for k in keys) and any(k.startswith("b-") for k in keys)
