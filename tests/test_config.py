"""Configurations: the paper's presets, TOML files and overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from genplan.protocols.config import PRESETS, ConfigError, load_config


def test_presets_match_the_paper() -> None:
    assert (PRESETS["F5-3"].n_programs, PRESETS["F5-3"].code_rounds, PRESETS["F5-3"].strategy_rounds) == (5, 3, 5)
    assert (PRESETS["F3-6"].n_programs, PRESETS["F3-6"].code_rounds, PRESETS["F3-6"].strategy_rounds) == (3, 6, 5)
    base = PRESETS["baseline"]
    assert (base.n_programs, base.code_rounds, base.strategy_rounds, base.strategy_style) == (1, 5, 0, "prose")
    assert not base.code_reflection
    # Ablations change exactly one thing of F3-6.
    f36 = PRESETS["F3-6"]
    assert PRESETS["no-multi"].n_programs == 1 and PRESETS["no-multi"].code_rounds == f36.code_rounds
    assert PRESETS["no-strategy-debug"].strategy_rounds == 0 and PRESETS["no-strategy-debug"].n_programs == 3
    assert not PRESETS["no-reflection"].code_reflection and PRESETS["no-reflection"].strategy_rounds == 5


def test_overrides_and_toml(tmp_path: Path) -> None:
    cfg = load_config("F3-6", n_programs=2, seed=3, temperature=None)
    assert (cfg.n_programs, cfg.code_rounds, cfg.seed, cfg.temperature) == (2, 6, 3, 0.0)
    f = tmp_path / "c.toml"
    f.write_text('preset = "baseline"\nmodel = "ollama/qwen3"\ntimeout = 10\nreasoning = true\n')
    cfg = load_config(file=f, seed=2)
    assert (cfg.preset, cfg.model, cfg.timeout, cfg.reasoning, cfg.seed) == ("baseline", "ollama/qwen3", 10.0, True, 2)


def test_protocol_key_is_stable_and_sensitive() -> None:
    a = load_config("F5-3")
    assert a.protocol_key == load_config("F5-3").protocol_key
    assert a.protocol_key != load_config("F5-3", seed=2).protocol_key
    assert a.protocol_key == load_config("F5-3", max_calls=10).protocol_key  # caps do not change results


def test_bad_configs(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="Did you mean 'F5-3'"):
        load_config("F5-4")
    with pytest.raises(ConfigError, match="Unknown setting"):
        load_config("F5-3", n_progams=3)
    with pytest.raises(ConfigError, match="at least 1"):
        load_config("F5-3", n_programs=0)
    f = tmp_path / "bad.toml"
    f.write_text("n_programs = [")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(file=f)
    f.write_text('n_programs = "many"')
    with pytest.raises(ConfigError, match="cannot be 'many'"):
        load_config(file=f)


def test_the_default_preset_is_auto_and_the_help_says_so() -> None:
    import subprocess
    import sys

    assert load_config().preset == "auto" and load_config(seed=2).protocol == "auto"
    shown = subprocess.run([sys.executable, "-m", "genplan.cli", "synthesize", "--help"], capture_output=True,
                           text=True, env={**__import__("os").environ, "COLUMNS": "200"})  # fmt: skip
    assert "default: auto" in shown.stdout and "default: openai/gpt-4o" in shown.stdout
