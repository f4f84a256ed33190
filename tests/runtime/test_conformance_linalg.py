"""The linear algebra of ``arraytyping.numpy`` (``vdot``, ``inner``, ``outer``, ``tensordot``, ``einsum``, ``kron``,
``cross``, ``numpy.linalg``) against JAX 0.10.2, case by case.

``tests/data/jax_linalg_reference.json`` (``tools/jax_linalg_reference.py``, in ``tools/jax_numpy_reference.py``'s
format) holds JAX's result types over the operand dtypes in the four configurations and its values on seeded, well
conditioned inputs. As ``test_conformance_numpy.py`` (whose helpers this module uses), the same source strings run
here: abstractly over a sample of the operand combinations (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``), executed
for a smaller sample, and on JAX's inputs against JAX's outputs, with tolerances for the accumulated rounding of
contractions and decompositions.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import arraytyping.numpy as anp
import test_conformance_numpy as base  # the same folder: its helpers
from arraytyping import lattice
from arraytyping._src.lax import lax
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.staging import eval_shape
from arraytyping._src.numpy.einsum import contraction_path
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_linalg_reference.json").read_text())
TOOL = tool("jax_linalg_reference")

CONFIGS = base.CONFIGS
CASES = sorted(REF["dtypes"])
ABSTRACT_STRIDE = 1 if base.FULL else 7
EXECUTED_STRIDE = 1 if base.FULL else 41


def keys(case: str) -> list[str]:
    return TOOL.base.keys(case, TOOL.CASES, TOOL.BINARY_OPERANDS)  # type: ignore[no-any-return]


def answers(case: str, config_key: str) -> list[str]:
    v = REF["dtypes"][case][config_key]
    return answers(case, v) if isinstance(v, str) else v  # type: ignore[no-any-return]


def call(case: str, key: str, x64: bool, make: Callable[[str, str, tuple[int, ...]], Any]) -> tuple[Any, list[Any]]:
    src, slots = TOOL.CASES[case]
    fn = eval(src, {"np": anp})  # noqa: S307 - the tool's own table
    fixed: list[tuple[bool, Any]] = []
    arrays: list[Any] = []
    for slot, spec in zip(slots, key.split("|") if key else []):
        _, shape = TOOL.base.parse_slot(slot)
        kind, _, dt = spec.partition(":")
        if kind == "py":
            fixed.append((False, TOOL.base.PY_VALUES[dt]))
        else:
            fixed.append((True, None))
            arrays.append(make(kind, lattice.canonical_name(dt, x64), () if kind == "warr0" else shape))

    def f(*xs: Any) -> Any:
        it = iter(xs)
        return plain(fn(*[next(it) if is_arg else v for is_arg, v in fixed]))
    return f, arrays


def plain(out: Any) -> Any:
    """A named tuple result (``QRResult``...) as a plain tuple (the runtime's pytrees take named tuples as
    leaves)."""
    return tuple(out) if isinstance(out, tuple) and hasattr(out, "_fields") else out


@pytest.mark.parametrize("config_key", CONFIGS)
@pytest.mark.parametrize("case", CASES)
def test_abstract(case: str, config_key: str) -> None:
    """JAX's result type (or error class) for a sample of ``case``'s operand combinations, traced abstractly."""
    want_all = answers(case, config_key)
    ks = keys(case)
    assert len(ks) == len(want_all), f"{case}: regenerate the reference (its keys changed)"
    failures = []
    with base.config(config_key) as x64:
        for i in base._sample(len(ks), ABSTRACT_STRIDE, zlib.crc32(f"{case}|{config_key}".encode())):
            f, arrays = call(case, ks[i], x64, base.abstract)
            got, err = base.outcome(lambda: eval_shape(f, *arrays))
            if not base.matches(want_all[i], got, err):
                failures.append(f"{ks[i]}: JAX {want_all[i]}, ours {got}" + (f" ({err})" if err else ""))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:25])


LAPACK_DTYPES = frozenset({"float32", "float64", "complex64", "complex128"})
"""What the decompositions compute in on the CPU (JAX lowers the others to no LAPACK kernel)."""


@pytest.mark.parametrize("config_key", CONFIGS if base.FULL else CONFIGS[:1])
@pytest.mark.parametrize("case", CASES)
def test_executed(case: str, config_key: str) -> None:
    """JAX's result types when ``case`` runs on concrete arrays (a sample in CI)."""
    want_all = answers(case, config_key)
    ks = keys(case)
    failures = []
    with base.config(config_key) as x64:
        for i in base._sample(len(ks), EXECUTED_STRIDE, zlib.crc32(f"{case}|{config_key}|run".encode())):
            if not base.runnable(ks[i], x64) or want_all[i].startswith("error:"):
                continue
            if _dot_of_2bit_ints(case, want_all[i]):
                continue  # XLA's CPU has no dot of 2-bit integers (UNIMPLEMENTED), for JAX as for us
            if case in TOOL.LAPACK_CASES and (want_all[i].split("[")[0].rstrip("*") not in LAPACK_DTYPES
                                              or _narrow_float_operand(ks[i])):
                continue  # JAX fails to lower these (NotImplementedError), as ours does: the values cover it
            f, arrays = call(case, ks[i], x64, _well_conditioned)
            got, err = base.outcome(lambda: f(*arrays))
            if not base.matches(want_all[i], got, err):
                failures.append(f"{ks[i]}: JAX {want_all[i]}, ours {got}" + (f" ({err})" if err else ""))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:25])


def _narrow_float_operand(key: str) -> bool:
    """An operand of a floating dtype narrower than float32 (float16, bfloat16, the float8s...): LAPACK has no kernel
    for it, though ``eig``'s result (complex64) names none."""
    for spec in key.split("|"):
        name = spec.partition(":")[2]
        if spec.startswith(("arr", "warr")) and lattice.KIND.get(name) == "f" and name not in LAPACK_DTYPES:
            return True
    return False


def _dot_of_2bit_ints(case: str, want: str) -> bool:
    """The case computes a ``dot_general`` of int2 or uint2 operands, which XLA's CPU backend cannot run
    (``UNIMPLEMENTED: unsupported operand type S2 in op dot``, from JAX 0.10.2 too): its abstract answer stands."""
    dot = case.removeprefix("linalg_").startswith(
        ("vdot", "inner", "tensordot", "vecdot", "matvec", "vecmat", "matmul", "matrix_power", "multi_dot")) or (
        case.startswith("einsum") and "," in TOOL.CASES[case][0].split("'")[1])
    return dot and want.startswith(("int2", "uint2"))


def _well_conditioned(kind: str, name: str, shape: tuple[int, ...]) -> Any:
    """:func:`base.concrete`'s operand (``arange`` modulo 3), with 3 added on the diagonal of square matrices (so
    solves and decompositions have something to decompose)."""
    host = (np.arange(int(np.prod(shape))) % 3).reshape(shape)
    if len(shape) >= 2 and shape[-1] == shape[-2] and name != "bool":
        host = host + 3 * np.eye(shape[-1], dtype=host.dtype)
    arr = anp.asarray(host.astype(base.np_dtype(name)))
    if kind in ("warr", "warr0"):
        arr = lax.convert_element_type(arr, arr.dtype, True)
    return arr


VALUE_STRIDE = 1 if base.FULL else 4
VALUE_KEYS = sorted(REF["values"])[::VALUE_STRIDE]
_TOLERANCE: dict[str, float] = {"float64": 1e-10, "complex128": 1e-10, "float32": 5e-5, "complex64": 5e-5,
                                "float16": 5e-3, "bfloat16": 3e-2}


def _close(got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], name: str) -> bool:
    if got.shape != want.shape:
        return False
    tol = _TOLERANCE.get(name)
    if tol is None:
        return bool(np.array_equal(got, want))
    g = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
    return bool(np.allclose(g, want.astype(g.dtype), rtol=tol, atol=tol, equal_nan=True))


@pytest.mark.parametrize("value_key", VALUE_KEYS)
def test_values(value_key: str) -> None:
    """JAX's outputs (dtype, weak flag, values) on its seeded inputs."""
    case, _ = value_key.split("|")
    entry = REF["values"][value_key]
    fn = eval(TOOL.CASES[case][0], {"np": anp})  # noqa: S307 - the tool's own table
    with base.config(entry["config"]):
        inputs = [anp.asarray(base.decode(e)) for e in entry["inputs"]]
        try:
            out = plain(fn(*inputs))
        except Exception as e:  # noqa: BLE001 - compared by class
            assert "error" in entry, f"{value_key}: JAX computed, ours raised {type(e).__name__}: {e}"
            assert isinstance(e, base.ERRORS[entry["error"]]), f"{value_key}: JAX {entry['error']}, ours {e!r}"
            return
        assert "error" not in entry, f"{value_key}: JAX raised {entry['error']}, ours computed {out}"
        leaves, _ = tree.flatten(out)
        assert len(leaves) == len(entry["outputs"]), f"{value_key}: {len(leaves)} outputs, JAX {len(entry['outputs'])}"
        for i, (got, want) in enumerate(zip(leaves, entry["outputs"])):
            assert (got.dtype.name, got.weak_type) == (want["dtype"], want["weak"]), \
                f"{value_key} output {i}: JAX {want['dtype']}{'*' if want['weak'] else ''}, ours {got.aval}"
            expected = base.decode(want)
            host = np.asarray(got)
            assert _close(host, expected, want["dtype"]), \
                f"{value_key} output {i}:\nJAX  {expected.tolist()}\nours {host.tolist()}"


def test_reference_covers_the_tool() -> None:
    assert set(REF["dtypes"]) == set(TOOL.CASES), "regenerate tests/data/jax_linalg_reference.json"
    for case in TOOL.CASES:
        for cfg in CONFIGS:
            assert len(answers(case, cfg)) == len(keys(case)), case


@pytest.mark.parametrize(("spec", "shapes", "path"), [
    ("ij,jk,kl->il", [(2, 30), (30, 4), (4, 50)], [((1, 0), "jk,ij->ki"), ((1, 0), "ki,kl->il")]),
    ("ab,bc,cd,de->ae", [(5, 6), (6, 2), (2, 9), (9, 3)],
     [((1, 0), "bc,ab->ca"), ((1, 0), "de,cd->ec"), ((1, 0), "ec,ca->ae")]),
    ("abc,cd,db,e->ae", [(2, 3, 4), (4, 5), (5, 3), (6,)],
     [((2, 1), "db,cd->bc"), ((2, 0), "bc,abc->a"), ((1, 0), "a,e->ae")]),
    ("ba,ca,cb", [(7, 3), (2, 3), (2, 7)], [((2, 0), "cb,ba->ca"), ((1, 0), "ca,ca->")]),
    ("ij,j,jk,k->ik", [(3, 4), (4,), (4, 5), (5,)], [((1, 0), "j,ij->ji"), ((2, 0), "ji,jk->ik"), ((1, 0), "ik,k->ik")]),
    ("...ij,...jk->...ik", [(2, 3, 4), (4, 2)], [((1, 0), "jk,cij->cik")]),
])
def test_einsum_path(spec: str, shapes: list[tuple[int, ...]], path: list[tuple[tuple[int, ...], str]]) -> None:
    """opt_einsum 3.4's ``contract_path(..., optimize="auto")`` for these specs (recorded from it): the order in which
    JAX's ``einsum`` contracts, which decides the rounding and which dtypes meet in ``dot_general``."""
    assert [(p, s) for p, _, s in contraction_path(spec, shapes)] == path


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_numpy_matrices_inside_a_trace(n: int) -> None:
    """A numpy matrix enters a trace as a host constant: every function takes it as eagerly (``det`` and
    ``slogdet`` of 2x2 and 3x3 matrices index it, ``cholesky`` and ``eigh`` symmetrize it), with the same values."""
    import arraytyping as at
    from arraytyping.numpy import linalg

    m = (np.eye(n, dtype=np.float32) * 2 + np.arange(n * n, dtype=np.float32).reshape(n, n) / 10).astype(np.float32)
    m = (m + m.T) / 2
    calls: dict[str, Callable[[], Any]] = {
        "det": lambda: linalg.det(m), "slogdet": lambda: tuple(linalg.slogdet(m)), "inv": lambda: linalg.inv(m),
        "cholesky": lambda: linalg.cholesky(m), "eigh": lambda: tuple(linalg.eigh(m)), "norm": lambda: linalg.norm(m),
        "qr": lambda: tuple(linalg.qr(m)), "svd": lambda: tuple(linalg.svd(m)),
        "solve": lambda: linalg.solve(m, np.ones(n, np.float32)), "det_bool": lambda: linalg.det(m > 1),
    }
    def leaves(r: Any) -> list[Any]:
        return list(r) if isinstance(r, tuple) else [r]

    for name, f in calls.items():
        eager = leaves(f())
        traced = leaves(at.jit(f)())
        assert [np.asarray(x).dtype for x in traced] == [np.asarray(x).dtype for x in eager], name
        for x, y in zip(traced, eager):
            np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=1e-5, atol=1e-5, err_msg=name)
        assert [a.dtype for a in leaves(eval_shape(f))] == [np.asarray(x).dtype for x in eager], name


def _static_operand(spec: str, x64: bool) -> tuple[str, bool]:
    """The ``(dtype or weak node, weak)`` a checker sees for a reference key's operand: a weak array or a Python
    int/float/complex is its kind's weak node (``Array[float]``), whatever dtype it has at run time."""
    kind, _, name = spec.partition(":")
    if kind == "py":
        return (lattice.BOOL, False) if name == "bool" else (name, True)
    if kind.startswith("warr"):
        return {"b": (lattice.BOOL, True), "i": ("int", True), "u": ("int", True), "f": ("float", True),
                "c": ("complex", True)}[lattice.KIND[name]]
    return lattice.canonical_name(name, x64), False


def _static_class(answer: str) -> str:
    """The static class of a reference answer (``float32*[3]`` is a weak float: ``float``)."""
    name, weak = answer.split("[")[0].rstrip("*"), "*" in answer
    if name == lattice.BOOL:
        return "bool_"
    return {"i": "int", "u": "int", "f": "float", "c": "complex"}[lattice.KIND[name]] if weak else name


@pytest.mark.parametrize("config_key", CONFIGS)
def test_static_product_answers_are_jaxs(config_key: str) -> None:
    """``op_rules.contraction_static_result``, which the stubs and the plugin give for a product whatever its
    operands' shapes, on every reference combination of every product case: JAX's static class, or ``None``
    (gradual), where JAX computes (never another class, never a refusal); mostly a refusal where it refuses (not
    what the operands' shapes refuse: a Python scalar in ``cross``, ``dot_general``'s mixes inside ``einsum``)."""
    from arraytyping import op_rules

    mode, _, bits = config_key.partition("-")
    cfg = lattice.LatticeConfig(mode, bits == "x64")
    checked, missed, failures = 0, 0, []
    for case in CASES:
        fn = case.split("_")[0]
        if fn not in op_rules.CONTRACTION:
            continue
        for key, want in zip(keys(case), answers(case, config_key)):
            if cfg.x64 and any(s.startswith("warr") and lattice.KIND[s.partition(":")[2]] in "fc" for s in
                               key.split("|")):
                continue  # a weak float32 or complex64 array under x64: Array[float] stands for the default width
            operands = [_static_operand(s, cfg.x64) for s in key.split("|")]
            try:
                got = op_rules.contraction_static_result(fn, operands, cfg)
            except (lattice.TypePromotionError, op_rules.OperandTypeError, op_rules.OperandValueError) as e:
                if not want.startswith("error:"):
                    failures.append(f"{case} {key}: JAX {want}, refused ({e})")
                continue
            checked += 1
            if want.startswith("error:"):
                missed += 1
            elif got is not None and _static_class(f"{got[0]}{'*' if got[1] else ''}") != _static_class(want):
                failures.append(f"{case} {key}: JAX {want}, ours {got}")
    assert checked > 1000 and missed < checked, (checked, missed)
    assert not failures, f"{len(failures)} mismatches:\n" + "\n".join(failures[:25])
