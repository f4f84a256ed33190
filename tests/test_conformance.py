"""The package against every entry of JAX 0.10.2's committed answers: dtype, weak flag, warning, error class."""

from __future__ import annotations

import warnings
from pathlib import Path
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
from arraytyping import lattice
from reference import CONFIG_KEYS, Expected, build, load

SECTIONS = ["promote_types", "result_type", "result_type_public", "result_type_single", "result_type_triples",
            "canonicalize_dtype"]


def _call(fn: Callable[[], Any]) -> Expected:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = fn()
        except Exception as e:  # noqa: BLE001 - compared by class
            return Expected(None, False, False, type(e).__name__)
    warned = any(issubclass(w.category, UserWarning) for w in caught)
    if isinstance(out, tuple):
        return Expected(np.dtype(out[0]).name, bool(out[1]), warned, None)
    return Expected(np.dtype(out).name, False, warned, None)


def _ours(section: str, key: str) -> Expected:
    if section == "canonicalize_dtype":
        return _call(lambda: at.dtypes.canonicalize_dtype(build(f"dtype:{key}")))
    args = [build(s) for s in key.split("|")]
    if section == "promote_types":
        return _call(lambda: at.promote_types(*args))
    if section == "result_type_public":
        return _call(lambda: at.result_type(*args))
    return _call(lambda: at.dtypes.result_type(*args, return_weak_type_flag=True))


def _error_matches(ours: Expected, ref: Expected) -> bool:
    if ours.error is None:
        return False
    # JAX raises TypePromotionError (a ValueError); we raise our own TypePromotionError, also a ValueError.
    return ours.error == ref.error


@pytest.mark.parametrize("section", SECTIONS)
@pytest.mark.parametrize("config_key", sorted(CONFIG_KEYS))
def test_agrees_with_jax(config_key: str, section: str) -> None:
    cfg = CONFIG_KEYS[config_key]
    entries: dict[str, str] = load()["configs"][config_key][section]
    assert entries, "the reference has entries for every section"
    mismatches = []
    with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
        for key, raw in entries.items():
            ref = Expected.parse(raw)
            ours = _ours(section, key)
            if ref.error is not None:
                ok = _error_matches(ours, ref)
            else:
                ok = ours == ref
            if not ok:
                mismatches.append(f"{key}: JAX {raw!r}, ours {ours}")
    assert not mismatches, f"{len(mismatches)}/{len(entries)} disagree:\n" + "\n".join(mismatches[:40])


@pytest.mark.parametrize("config_key", sorted(CONFIG_KEYS))
def test_invalid_inputs_raise_the_same_error_class(config_key: str) -> None:
    cfg = CONFIG_KEYS[config_key]
    mismatches = []
    fns: dict[str, Callable[..., Any]] = {
        "promote_types": at.promote_types,
        "canonicalize_dtype": at.dtypes.canonicalize_dtype,
        "result_type": lambda *a: at.dtypes.result_type(*a, return_weak_type_flag=True),
    }
    with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
        for case in load()["configs"][config_key]["invalid"]:
            ref = Expected.parse(case["result"])
            args = [build(s) for s in case["args"]]
            ours = _call(lambda: fns[case["call"]](*args))
            if ref.error is not None:
                # Same class or a subclass of it: a structured dtype is a TypeError for us where JAX says ValueError
                # only through an internal path; we accept ValueError-or-TypeError only if JAX's is one of those.
                ok = ours.error == ref.error
            else:
                ok = ours == ref
            if not ok:
                mismatches.append(f"{case['call']}({', '.join(case['args'])}): JAX {case['result']}, ours {ours}")
    assert not mismatches, "\n".join(mismatches)


def test_promotion_errors_carry_jax_reason_and_name_both_inputs() -> None:
    messages: dict[str, str] = load()["messages"]
    checked = 0
    for key, jax_message in messages.items():
        config_key, _, pair = key.partition("/")
        if "|" not in pair or config_key not in CONFIG_KEYS:
            continue
        cfg = CONFIG_KEYS[config_key]
        a, b = pair.split("|")
        with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
            with pytest.raises(at.TypePromotionError) as info:
                at.promote_types(build(a), build(b))
        ours = str(info.value)
        for spec in (a, b):
            assert spec.partition(":")[2] in ours
        for reason in ("8-bit floats", "6-bit floats", "4-bit floats", "1-bit, 2-bit and 4-bit integers",
                       "strict"):
            if reason in jax_message:
                assert reason in ours, (key, ours)
        assert "cast" in ours.lower()
        checked += 1
    assert checked > 1000


def test_reference_covers_every_pair_in_every_config() -> None:
    data = load()
    assert data["versions"]["jax"] == "0.10.2"
    assert data["dtypes"] == list(lattice.DTYPE_NAMES)
    for key in CONFIG_KEYS:
        assert len(data["configs"][key]["promote_types"]) == len(lattice.NODES) ** 2


def test_reference_data_is_complete_for_the_generator() -> None:
    """The committed data holds exactly the cases tools/jax_reference.py generates (regenerate it if this fails)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "tools" / "jax_reference.py"
    spec = importlib.util.spec_from_file_location("jax_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.DTYPES == list(lattice.DTYPE_NAMES)
    assert module.WEAK == list(lattice.WEAK_NAMES)
    data = load()
    for config_key in CONFIG_KEYS:
        for section, keys in module.section_keys().items():
            assert set(data["configs"][config_key][section]) == set(keys), (config_key, section)


def test_dtype_strings_are_exactly_jaxs_spellings() -> None:
    """lattice.DTYPE_SPELLINGS is the set of strings JAX 0.10.2 takes as a dtype (tests/data/jax_dtype_spellings.json,
    numpy's spellings, byte-order marks and misspellings), each naming JAX's dtype; the runtime takes exactly
    those and refuses every other string with a TypeError, as JAX does."""
    import json

    import arraytyping as at
    from arraytyping import lattice

    data = json.loads((Path(__file__).parent / "data" / "jax_dtype_spellings.json").read_text())["spellings"]
    accepted = {s: r["jax"] for s, r in data.items() if not r["jax"].startswith("error")}
    assert dict(lattice.DTYPE_SPELLINGS) == accepted
    with at.enable_x64(True):
        for s, r in data.items():
            if r["jax"].startswith("error"):
                with pytest.raises(TypeError, match="is not a dtype: no dtype is spelled so"):
                    at.dtypes.canonicalize_dtype(s)
            else:
                assert at.dtypes.canonicalize_dtype(s).name == r["jax"], s
