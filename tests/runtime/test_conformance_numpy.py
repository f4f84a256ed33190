"""The jax.numpy functions of ``arraytyping.numpy`` against JAX 0.10.2, case by case.

``tests/data/jax_numpy_reference.json`` (``tools/jax_numpy_reference.py``) holds, for each case of the tool's
``CASES`` (a source string over a neutral ``np`` and its argument slots), JAX's result types (dtype, weak flag,
shape; or the error class) over every operand dtype in the four configurations, and JAX's values on seeded inputs.
Here the same source strings run with ``arraytyping.numpy``:

* abstractly (``eval_shape``: the tracer's own rules, so dtypes the CPU cannot hold are covered): a sample of every
  case's operand combinations in CI, all of them with ``ARRAYTYPING_FULL_CONFORMANCE=1``;
* executed on concrete arrays of the dtypes the CPU holds, for a sample of the same combinations (the lowering of
  every dtype), checking the result types again;
* on JAX's inputs, every value case, compared with JAX's outputs (bit for bit where the computation is exact, with
  a tolerance of a few units in the last place for transcendental functions).
"""

from __future__ import annotations

import json
import os
import warnings
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.xla.backend import UNSUPPORTED_DTYPES
from arraytyping._src.core.trace import ConcretizationTypeError, TracerIntegerConversionError
from arraytyping._src.core.staging import eval_shape
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_numpy_reference.json").read_text())
TOOL = tool("jax_numpy_reference")

CONFIGS = ["standard-x32", "standard-x64", "strict-x32", "strict-x64"]
CASES = sorted(REF["dtypes"])
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
ABSTRACT_STRIDE = 1 if FULL else 11
"""Every ``ABSTRACT_STRIDE``-th operand combination of a case is traced in CI (a different offset per case and
configuration, so the sample moves across the table)."""
EXECUTED_STRIDE = 1 if FULL else 46
"""Every ``EXECUTED_STRIDE``-th runnable combination is also executed (in CI only in the default configuration:
each one compiles)."""

ERRORS: dict[str, tuple[type[BaseException], ...]] = {
    "TypeError": (TypeError,), "ValueError": (ValueError,), "IndexError": (IndexError,), "AttributeError": (AttributeError,),
    "TypePromotionError": (lattice.TypePromotionError,), "NotImplementedError": (NotImplementedError,),
    "OverflowError": (OverflowError,), "NonConcreteBooleanIndexError": (IndexError,),
    "ConcretizationTypeError": (ConcretizationTypeError,), "AxisError": (ValueError, IndexError),
    "TracerBoolConversionError": (ConcretizationTypeError,),
    "TracerIntegerConversionError": (TracerIntegerConversionError,),
}
"""JAX's error classes by name: ours must be an instance of the class (``OperandTypeError`` is a ``TypeError``;
numpy's ``AxisError`` is both a ``ValueError`` and an ``IndexError``, as JAX raises one or the other)."""

PY_TYPES: dict[str, type] = {"bool": bool, "int": int, "float": float, "complex": complex}


def np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


@contextmanager
def config(config_key: str) -> Iterator[bool]:
    mode, x64s = config_key.split("-")
    x64 = x64s == "x64"
    with dtype_promotion(mode), enable_x64(x64), warnings.catch_warnings():  # type: ignore[arg-type]
        warnings.simplefilter("ignore")
        yield x64


def answers(case: str, config_key: str) -> list[str]:
    """JAX's answers for ``case`` (a configuration equal to an earlier one is stored as that one's name)."""
    v = REF["dtypes"][case][config_key]
    return answers(case, v) if isinstance(v, str) else v


def describe(out: Any) -> str:
    leaves, _ = tree.flatten(out)
    return ",".join(f"{a.name}{'*' if a.weak_type else ''}[{','.join(map(str, a.shape))}]"
                    for a in (x if isinstance(x, ShapedArray) else x.aval for x in leaves))


def _dtype_arg(spec: str) -> Any:
    kind, _, name = spec.partition(":")
    return None if kind == "none" else name if kind == "name" else PY_TYPES[name]


def call(case: str, key: str, x64: bool, make: Callable[[str, str, tuple[int, ...]], Any]) -> tuple[Any, list[Any]]:
    """``case``'s function over ``key``'s operands: the function of the array arguments and those arguments
    (``make(kind, dtype name, shape)`` builds one), Python scalars and dtype arguments closed over."""
    src, slots = TOOL.CASES[case]
    fn = eval(src, {"np": anp})  # noqa: S307 - the tool's own table
    specs = key.split("|") if key else []
    fixed: list[tuple[bool, Any]] = []
    arrays: list[Any] = []
    for slot, spec in zip(slots, specs):
        name, shape = TOOL.parse_slot(slot)
        kind, _, dt = spec.partition(":")
        if name == "d":
            fixed.append((False, _dtype_arg(spec)))
        elif kind == "py":
            fixed.append((False, TOOL.PY_VALUES[dt]))
        else:
            fixed.append((True, None))
            arrays.append(make(kind, lattice.canonical_name(dt, x64), () if kind == "warr0" else shape))

    def f(*xs: Any) -> Any:
        it = iter(xs)
        return fn(*[next(it) if is_arg else v for is_arg, v in fixed])
    return f, arrays


def outcome(run: Callable[[], Any]) -> tuple[str, BaseException | None]:
    try:
        return describe(run()), None
    except Exception as e:  # noqa: BLE001 - compared by class
        return f"error:{type(e).__name__}", e


def matches(want: str, got: str, err: BaseException | None) -> bool:
    if want.startswith("error:"):
        return err is not None and isinstance(err, ERRORS[want[6:]])
    return got == want


def abstract(kind: str, name: str, shape: tuple[int, ...]) -> ShapedArray:
    return ShapedArray(shape, np_dtype(name), kind in ("warr", "warr0"))


def _sample(n: int, stride: int, offset: int) -> range:
    return range(offset % stride if stride > 1 else 0, n, stride)


@pytest.mark.parametrize("config_key", CONFIGS)
@pytest.mark.parametrize("case", CASES)
def test_abstract(case: str, config_key: str) -> None:
    """JAX's result type (or error class) for a sample of ``case``'s operand combinations, by abstract
    evaluation."""
    want_all = answers(case, config_key)
    keys = TOOL.keys(case)
    assert len(keys) == len(want_all), f"{case}: regenerate the reference (its keys changed)"
    failures = []
    with config(config_key) as x64:
        for i in _sample(len(keys), ABSTRACT_STRIDE, zlib.crc32(f"{case}|{config_key}".encode())):
            f, arrays = call(case, keys[i], x64, abstract)
            got, err = outcome(lambda: eval_shape(f, *arrays))
            if not matches(want_all[i], got, err):
                failures.append(f"{keys[i]}: JAX {want_all[i]}, ours {got}" + (f" ({err})" if err else ""))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:25])


# ---------------------------------------------------------------------------------------------------------------
# Executed


def runnable(key: str, x64: bool) -> bool:
    """Every operand, and every ``dtype=`` argument, is of a dtype the backend holds."""
    for spec in key.split("|") if key else []:
        kind, _, name = spec.partition(":")
        if kind in ("warr", "warr0", "arr", "name") and lattice.canonical_name(name, x64) in UNSUPPORTED_DTYPES:
            return False
    return True


def concrete(kind: str, name: str, shape: tuple[int, ...]) -> Any:
    """An operand on the device: small distinct values (``arange`` modulo 3, so indices stay in range), weakly
    typed for weak kinds."""
    host = (np.arange(int(np.prod(shape))) % 3).reshape(shape).astype(np_dtype(name))
    arr = anp.asarray(host)
    if kind in ("warr", "warr0"):
        from arraytyping._src.lax import lax
        arr = lax.convert_element_type(arr, arr.dtype, True)
        assert arr.weak_type
    return arr


@pytest.mark.parametrize("config_key", CONFIGS if FULL else CONFIGS[:1])
@pytest.mark.parametrize("case", CASES)
def test_executed(case: str, config_key: str) -> None:
    """JAX's result types when ``case`` runs on concrete arrays of the dtypes the CPU holds (a sample in CI)."""
    want_all = answers(case, config_key)
    keys = TOOL.keys(case)
    failures = []
    with config(config_key) as x64:
        for i in _sample(len(keys), EXECUTED_STRIDE, zlib.crc32(f"{case}|{config_key}|run".encode())):
            if not runnable(keys[i], x64) or _backend_fails(case, keys[i]):
                continue
            f, arrays = call(case, keys[i], x64, concrete)
            got, err = outcome(lambda: f(*arrays))
            refused = _executing_refuses(case, keys[i], want_all[i])
            if refused is not None:  # JAX's abstract answer stands, but running it raises (or aborts) there
                if not isinstance(err, refused):
                    failures.append(f"{keys[i]}: JAX raises {refused.__name__} when it runs, ours {got} {err}")
                continue
            if not matches(want_all[i], got, err) and not _data_dependent(case, want_all[i], err):
                failures.append(f"{keys[i]}: JAX {want_all[i]}, ours {got}" + (f" ({err})" if err else ""))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:25])


def _backend_fails(case: str, key: str) -> bool:
    """XLA's CPU backend cannot compile or run ``case`` on ``key``'s operands, for JAX 0.10.2 as for us (its abstract
    answer stands): the variadic reduce of argmax/argmin on 1- and 2-bit integers (an internal check fails), and the
    variadic sort of ``unique``'s lexsort on 2-bit integers (``INTERNAL: Inputs must have the same shape``, which
    ``jnp.unique`` of an int2 or uint2 array raises too). (A ``concatenate`` of 2-bit integer buffers aborts JAX's
    process, ``ir_array.cc: Check failed: bit_offset != nullptr``; ours concatenates sub-byte dtypes widened, so
    those cases run here.)"""
    def has(*dtypes: str) -> bool:
        return any(key.endswith(f":{t}") or f":{t}|" in key for t in dtypes)
    return (case.startswith(("argmax", "argmin", "nanargmax", "nanargmin")) and has("int1", "int2", "uint1", "uint2")) \
        or (case.startswith("unique") and has("int2", "uint2"))


def _executing_refuses(case: str, key: str, want: str) -> type[BaseException] | None:
    """The error running ``case`` on ``key``'s operands raises where JAX 0.10.2's abstract answer is a result
    (checked by hand in the JAX venv): argmax-like reductions of complex values (JAX's lowering compares them with
    ``gt``/``lt``: ``TypeError``)."""
    def has(*dtypes: str) -> bool:
        return any(key.endswith(f":{t}") or f":{t}|" in key for t in dtypes)
    if want.startswith("error:"):
        return None
    if case.startswith(("argmax", "argmin", "nanargmax", "nanargmin")) and has("complex64", "complex128", "complex"):
        return TypeError
    return None


def _data_dependent(case: str, want: str, err: BaseException | None) -> bool:
    """JAX's abstract answer was an error that concrete values avoid (a bool mask known by value, ``bincount``'s
    length read from the values)."""
    return want in ("error:NonConcreteBooleanIndexError", "error:ConcretizationTypeError") and err is None


# ---------------------------------------------------------------------------------------------------------------
# Values

VALUE_STRIDE = 1 if FULL else 3
"""Every ``VALUE_STRIDE``-th value case runs in CI (each compiles its function once or twice)."""
VALUE_KEYS = sorted(REF["values"])[::VALUE_STRIDE]
_TOLERANCE: dict[str, float] = {"float64": 1e-13, "complex128": 1e-13, "float32": 2e-6, "complex64": 2e-6,
                                "float16": 2e-3, "bfloat16": 1.6e-2}


def decode(entry: dict[str, Any]) -> np.ndarray[Any, Any]:
    dt = np_dtype(entry["dtype"])
    vals = entry["values"]
    if dt.kind == "c":
        host = np.array([complex(re, im) for re, im in vals], dtype=np.complex128)
    else:
        host = np.array(vals, dtype=np.float64 if dt.kind == "f" or dt.name.startswith(("float", "bfloat"))
                        else np.int64 if dt.kind in "iu" else bool)
    return host.astype(dt).reshape(entry["shape"])


def _close(got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], name: str) -> bool:
    if got.shape != want.shape:
        return False
    tol = _TOLERANCE.get(name)
    if tol is None:
        return bool(np.array_equal(got, want))
    g = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
    w = want.astype(g.dtype)
    return bool(np.allclose(g, w, rtol=tol, atol=tol, equal_nan=True))


@pytest.mark.parametrize("value_key", VALUE_KEYS)
def test_values(value_key: str) -> None:
    """JAX's outputs (dtype, weak flag, values) on its seeded inputs."""
    case, dt = value_key.split("|")
    entry = REF["values"][value_key]
    src, _ = TOOL.CASES[case]
    fn = eval(src, {"np": anp})  # noqa: S307 - the tool's own table
    with config(entry["config"]):
        inputs = [anp.asarray(decode(e)) for e in entry["inputs"]]
        try:
            out = fn(*inputs)
        except Exception as e:  # noqa: BLE001 - compared by class
            assert "error" in entry, f"{value_key}: JAX computed, ours raised {type(e).__name__}: {e}"
            assert isinstance(e, ERRORS[entry["error"]]), f"{value_key}: JAX {entry['error']}, ours {e!r}"
            return
        assert "error" not in entry, f"{value_key}: JAX raised {entry['error']}, ours computed {out}"
        leaves, _ = tree.flatten(out)
        assert len(leaves) == len(entry["outputs"]), f"{value_key}: {len(leaves)} outputs, JAX {len(entry['outputs'])}"
        for i, (got, want) in enumerate(zip(leaves, entry["outputs"])):
            assert (got.dtype.name, got.weak_type) == (want["dtype"], want["weak"]), \
                f"{value_key} output {i}: JAX {want['dtype']}{'*' if want['weak'] else ''}, ours {got.aval}"
            expected = decode(want)
            host = np.asarray(got)
            assert _close(host, expected, want["dtype"]), \
                f"{value_key} output {i}:\nJAX  {expected.tolist()}\nours {host.tolist()}"


def test_reference_covers_the_tool() -> None:
    assert set(REF["dtypes"]) == set(TOOL.CASES), "regenerate tests/data/jax_numpy_reference.json"
    for case in TOOL.CASES:
        for cfg in CONFIGS:
            assert len(answers(case, cfg)) == len(TOOL.keys(case)), case
