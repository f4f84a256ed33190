"""``arraytyping.op_rules.fft_result`` and ``fftfreq_result`` (what the stubs and the plugin answer for
``arraytyping.numpy.fft``) against JAX 0.10.2 (``tests/data/jax_fft_reference.json``, written by
``tools/jax_api_ext_reference.py``): the dtype, weak flag or error class of every transform over every dtype, strong
and weak, and of ``fftfreq`` and ``rfftfreq`` for every ``dtype=``, in every configuration the reference holds."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, load, mismatch  # noqa: E402

_TRANSFORM = re.compile(r"eval_shape\(lambda x: fft\.(\w+)\(x\), S\('(\w+)', \([\d, ]*\)(, True)?\)\)")
_FFTFREQ = re.compile(r"eval_shape\(lambda: fft\.(r?fftfreq)\(\d+(?:, dtype=(None|float|'\w+'))?\)\)")
_PYTHON_TYPES = {"None": None, "float": "float"}
"""``dtype=`` spelled as Python: ``None`` (the default) and the ``float`` class (the default float)."""


@pytest.mark.parametrize("config", sorted(load("fft")))
def test_fft_rules_are_jaxs(config: str) -> None:
    import arraytyping as at
    from arraytyping import lattice, op_rules

    with configured(config):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    seen: set[str] = set()
    for expr, want in load("fft")[config].items():
        got: dict[str, object]
        try:
            if (m := _TRANSFORM.fullmatch(expr)) and m.group(1) in ("fftshift", "ifftshift"):
                seen.add(m.group(1))  # a roll: the operand's dtype (canonical) and weak flag
                got = {"dtype": lattice.canonical_name(m.group(2), cfg.x64), "weak": m.group(3) is not None}
            elif m := _TRANSFORM.fullmatch(expr):
                seen.add(m.group(1))
                name, w = op_rules.fft_result(m.group(1), (m.group(2), m.group(3) is not None), cfg)
                got = {"dtype": name, "weak": w}
            elif m := _FFTFREQ.fullmatch(expr):
                fn, spelled = m.group(1), m.group(2)
                seen.add(fn)
                dtype = _PYTHON_TYPES.get(spelled, spelled.strip("'")) if spelled else None
                rule = op_rules.fftfreq_result if fn == "fftfreq" else op_rules.rfftfreq_result
                got = {"dtype": rule(dtype, cfg), "weak": False}
                seen.add(f"{fn}({spelled})")
            else:
                continue
        except (TypeError, ValueError) as e:
            got = {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
        why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")}, got)
        if why:
            wrong.append(f"{expr}: {why}")
    assert {*op_rules.FFT_FUNCTIONS, "fftfreq", "fftfreq(None)", "fftfreq(float)", "fftfreq('int32')", "rfftfreq",
            "rfftfreq(None)", "rfftfreq(float)", "rfftfreq('int32')", "fftshift", "ifftshift"} <= seen
    assert not wrong, "\n".join(wrong)
