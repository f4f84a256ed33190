"""Lattice laws, exhaustively over all 35 nodes, pairs and triples, in all four configurations."""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys

import pytest

from arraytyping import lattice
from arraytyping.lattice import LatticeConfig

N = lattice.NODES
CONFIGS = lattice.ALL_CONFIGS
ids = [str(c) for c in CONFIGS]


def _fold(nodes: tuple[str, ...], cfg: LatticeConfig) -> str | None:
    acc: str | None = nodes[0]
    for n in nodes[1:]:
        acc = None if acc is None else lattice.join_pair(acc, n, cfg)
    return acc


def _nary(nodes: tuple[str, ...], cfg: LatticeConfig) -> str | None:
    try:
        return lattice.join(*nodes, config=cfg)
    except lattice.TypePromotionError:
        return None


@pytest.mark.parametrize("cfg", CONFIGS, ids=ids)
def test_commutative_and_idempotent(cfg: LatticeConfig) -> None:
    for a in N:
        assert lattice.join_pair(a, a, cfg) == a
        for b in N:
            assert lattice.join_pair(a, b, cfg) == lattice.join_pair(b, a, cfg), (a, b)


@pytest.mark.parametrize("cfg", CONFIGS, ids=ids)
def test_associative_over_all_triples(cfg: LatticeConfig) -> None:
    j = functools.partial(lattice.join_pair, config=cfg)
    count = 0
    for a, b, c in itertools.product(N, repeat=3):
        ab = j(a, b)
        bc = j(b, c)
        left = None if ab is None else j(ab, c)
        right = None if bc is None else j(a, bc)
        assert left == right, (a, b, c, left, right)
        count += 1
    assert count == 35**3


@pytest.mark.parametrize("cfg", CONFIGS, ids=ids)
def test_nary_join_equals_left_fold_over_all_triples(cfg: LatticeConfig) -> None:
    for t in itertools.product(N, repeat=3):
        assert _nary(t, cfg) == _fold(t, cfg), t


@pytest.mark.parametrize("cfg", CONFIGS, ids=ids)
def test_join_is_least_upper_bound(cfg: LatticeConfig) -> None:
    ub = lattice.upper_bounds(cfg)
    for a, b in itertools.product(N, repeat=2):
        j = lattice.join_pair(a, b, cfg)
        if j is None:
            assert not ub[a] & ub[b]
            continue
        assert j in ub[a] and j in ub[b]
        assert ub[a] & ub[b] <= ub[j]


@pytest.mark.parametrize("cfg", CONFIGS, ids=ids)
def test_graph_is_a_dag_over_all_nodes(cfg: LatticeConfig) -> None:
    graph = lattice.immediate_upper_bounds(cfg)
    assert set(graph) == set(N)
    for n, above in graph.items():
        assert set(above) <= set(N)
        for m in above:
            assert n not in lattice.upper_bounds(cfg)[m] or m == n


X32 = LatticeConfig("standard", False)
X64 = LatticeConfig("standard", True)
STRICT = LatticeConfig("strict", True)


def test_named_facts_of_jax_0_10_2() -> None:
    for cfg in (X32, X64):
        assert lattice.join_pair("uint64", "int8", cfg) == "float"
        assert lattice.join_pair("uint64", "int64", cfg) == "float"
        assert lattice.join_pair("bfloat16", "float16", cfg) == "float32"
        assert lattice.join_pair("int", "uint8", cfg) == "uint8"
        assert lattice.join_pair("bool", "int", cfg) == "int"
    for s in ("int8", "int16", "int32"):
        assert lattice.join_pair("uint32", s, X32) == "int32"
        assert lattice.join_pair("uint32", s, X64) == "int64"


def test_small_floats_join_only_with_bool_wide_ints_weak_and_themselves() -> None:
    allowed = {"bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "int", "float"}
    for cfg in (X32, X64):
        for f in lattice.SMALL_FLOAT_NAMES:
            partners = {n for n in N if lattice.join_pair(f, n, cfg) is not None}
            assert partners == allowed | {f}, f
            for n in allowed:
                assert lattice.join_pair(f, n, cfg) == f


def test_narrow_ints_join_only_with_themselves_bool_and_weak_int() -> None:
    for cfg in (X32, X64):
        for i in lattice.INTN_NAMES:
            partners = {n for n in N if lattice.join_pair(i, n, cfg) is not None}
            assert partners == {i, "bool", "int"}, i


def test_strict_mode_isolates_every_strong_type() -> None:
    for cfg in (LatticeConfig("strict", False), STRICT):
        for a, b in itertools.product(lattice.DTYPE_NAMES, repeat=2):
            assert (lattice.join_pair(a, b, cfg) is None) == (a != b), (a, b)
        assert lattice.join_pair("int", "float32", cfg) == "float32"
        assert lattice.join_pair("float", "int8", cfg) is None
        assert lattice.join_pair("bool", "int", cfg) is None


def test_result_node_weak_rules() -> None:
    assert lattice.result_node([("float32", False), ("float", True)], X32) == ("float32", False)
    assert lattice.result_node([("int", True), ("float", True)], X32) == ("float32", True)
    assert lattice.result_node([("uint64", False), ("int64", False)], X64) == ("float64", True)
    assert lattice.result_node([("bool", True), ("bool", True)], X32) == ("bool", False)
    assert lattice.result_node([("int64", False)], X32) == ("int32", False)
    with pytest.raises(lattice.TypePromotionError, match="float8_e4m3fn, float32"):
        lattice.result_node([("float8_e4m3fn", False), ("float32", False)], X32)


def test_bad_nodes_and_configs_give_clear_errors() -> None:
    with pytest.raises(lattice.LatticeError, match="'float128' is not a node"):
        lattice.join_pair("float128", "int8")
    with pytest.raises(lattice.LatticeError, match="is not a node"):
        lattice.join("int8", "x", "int16")
    with pytest.raises(ValueError, match="'standard' or 'strict'"):
        LatticeConfig("lenient", False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="LatticeConfig"):
        lattice.join_pair("int8", "int8", "standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one"):
        lattice.join()


def test_lattice_module_imports_only_the_standard_library() -> None:
    # Import the module file on its own, as the mypy plugin does, without the package's __init__.
    code = ("import importlib.util, sys; spec = importlib.util.find_spec('arraytyping.lattice'); "
            "print(spec.origin)")
    origin = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    check = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location('lat', %r); "
             "m = importlib.util.module_from_spec(spec); sys.modules['lat'] = m; spec.loader.exec_module(m); "
             "bad = sorted(k for k in sys.modules if k.split('.')[0] in {'numpy', 'ml_dtypes', 'jaxlib', 'jax'}); "
             "assert not bad, bad; print(len(m.NODES))") % origin
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "35"
