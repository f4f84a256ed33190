"""``arraytyping.op_rules.linalg_static_result`` (what the stubs and the plugin answer for ``linalg.inv``,
``cholesky``, ``det`` and ``norm``), ``linalg_tuple_result`` (``qr``, ``eigh``, ``svd``, ``slogdet``, whose
results are named tuples) and ``linalg_solve_result`` (``solve``, what the plugin answers) against JAX 0.10.2 (``tests/data/jax_linalg_reference.json``, written by
``tools/jax_linalg_reference.py``): for every reference case of those functions (every ``ord``, axis and matrix size
the reference holds) and every operand, the static answer is JAX's dtype (strong) or gradual (``None``), and it
refuses only operands JAX refuses."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import test_conformance_linalg as ref  # the same folder: the reference and its keys

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured  # noqa: E402

_FUNCTION = re.compile(r"np\.linalg\.(\w+)\(")
_CASES = sorted(case for case in ref.CASES if (m := _FUNCTION.search(ref.TOOL.CASES[case][0]))
                and m.group(1) in ("inv", "cholesky", "det", "norm"))


def test_every_function_has_cases() -> None:
    from arraytyping import op_rules

    have = {_FUNCTION.search(ref.TOOL.CASES[case][0]).group(1) for case in _CASES}  # type: ignore[union-attr]
    assert have == set(op_rules.LINALG_STATIC)


@pytest.mark.parametrize("config_key", ref.CONFIGS)
@pytest.mark.parametrize("case", _CASES)
def test_linalg_static_result_is_jaxs(case: str, config_key: str) -> None:
    import arraytyping as at
    from arraytyping import op_rules

    fn = _FUNCTION.search(ref.TOOL.CASES[case][0]).group(1)  # type: ignore[union-attr]
    with configured(config_key):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    exact = 0
    for key, want in zip(ref.keys(case), ref.answers(case, config_key)):
        kind, _, dtype = key.partition(":")
        if kind == "py":
            continue  # a Python scalar has no rank: an error in every function here
        try:
            got = op_rules.linalg_static_result(fn, (dtype, kind.startswith("warr")), cfg)
        except (TypeError, ValueError) as e:
            if not want.startswith("error:"):
                wrong.append(f"{key}: JAX {want}, the rule refuses it ({e})")
            continue
        if got is None:
            continue
        exact += 1
        stated = got[0] + ("*" if got[1] else "")
        if want.split("[")[0] != stated:
            wrong.append(f"{key}: JAX {want}, the rule {stated}")
    assert not wrong, f"{case} {config_key}:\n" + "\n".join(wrong)
    strong = sum(key.startswith("arr:") for key in ref.keys(case))
    assert exact == strong - 4  # every strong dtype but the 1- and 2-bit integers is answered exactly


_TUPLE_CASES = sorted(case for case in ref.CASES if (m := _FUNCTION.search(ref.TOOL.CASES[case][0]))
                      and m.group(1) in ("qr", "eigh", "svd", "slogdet"))


def _field(case: str) -> int | None:
    """The one field a case's call returns (``qr(a, mode='r')``: ``R``; ``svd(a, compute_uv=False)``: ``S``), or
    None for the whole named tuple."""
    src = ref.TOOL.CASES[case][0]
    return 1 if "mode='r'" in src or "compute_uv=False" in src else None


def _nameable(spec: str, x64: bool) -> tuple[str, bool] | None:
    """The ``(dtype, weak)`` operand of a reference key's spec (``arr:float32``, ``warr:int32``) that a static type
    names: every strong dtype, and the weak ``int``/``float``/``complex`` of the configuration's default dtypes;
    None for a Python scalar or a rank-0 array (rank errors in every function here) and other weak arrays."""
    from arraytyping import lattice

    kind, _, dtype = spec.partition(":")
    if kind == "arr":
        return dtype, False
    if kind == "warr" and dtype != "bool" and dtype == lattice.default_name(lattice.KIND[dtype], x64):
        return dtype, True
    return None


def test_every_tuple_function_has_cases() -> None:
    from arraytyping import op_rules

    have = {_FUNCTION.search(ref.TOOL.CASES[case][0]).group(1) for case in _TUPLE_CASES}  # type: ignore[union-attr]
    assert have == set(op_rules.LINALG_TUPLES)
    assert {_field(case) for case in _TUPLE_CASES} == {None, 1}


@pytest.mark.parametrize("config_key", ref.CONFIGS)
@pytest.mark.parametrize("case", _TUPLE_CASES)
def test_linalg_tuple_result_is_jaxs(case: str, config_key: str) -> None:
    """Every field's dtype and weak flag, for every strong operand and every weak one a static type names (the
    weak ``int``/``float``/``complex`` of the configuration's default dtypes)."""
    import arraytyping as at
    from arraytyping import op_rules

    fn = _FUNCTION.search(ref.TOOL.CASES[case][0]).group(1)  # type: ignore[union-attr]
    field = _field(case)
    with configured(config_key):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    exact = weak_exact = 0
    for key, want in zip(ref.keys(case), ref.answers(case, config_key)):
        operand = _nameable(key, cfg.x64)
        if operand is None:
            continue
        kind = "warr" if operand[1] else "arr"
        try:
            got = op_rules.linalg_tuple_result(fn, operand, cfg)
        except (TypeError, ValueError) as e:
            if not want.startswith("error:"):
                wrong.append(f"{key}: JAX {want}, the rule refuses it ({e})")
            continue
        if got is None:
            continue
        exact += kind == "arr"
        weak_exact += kind == "warr"
        fields = got if field is None else (got[field],)
        stated = ",".join(name + ("*" if weak else "") for name, weak in fields)
        jax = ",".join(part.split("[")[0] for part in want.split("],"))
        if jax != stated:
            wrong.append(f"{key}: JAX {want}, the rule {stated}")
    assert not wrong, f"{case} {config_key}:\n" + "\n".join(wrong)
    strong = sum(key.startswith("arr:") for key in ref.keys(case))
    # every strong dtype but the 1- and 2-bit integers (refused, or for slogdet decided by the matrix size)
    assert exact == strong - 4
    # warr:int32, warr:float32, warr:complex64 are named; slogdet's and svd's weak flags depend on the matrix size or
    # on hermitian=, so a weak operand's answer is gradual there
    if not config_key.endswith("x64") and fn not in ("slogdet", "svd"):
        assert weak_exact == 3


@pytest.mark.parametrize("config_key", ref.CONFIGS)
@pytest.mark.parametrize("case", ["solve", "solve_matrix"])
def test_linalg_solve_result_is_jaxs(case: str, config_key: str) -> None:
    """Every pair of a strong dtype or a weak one a static type names (the matrix and the right-hand side): JAX's
    dtype and weak flag, or refused where JAX refuses."""
    import arraytyping as at
    from arraytyping import op_rules

    with configured(config_key):
        cfg = at.config.lattice_config
    wrong: list[str] = []
    judged = 0
    for key, want in zip(ref.keys(case), ref.answers(case, config_key)):
        a, b = (_nameable(spec, cfg.x64) for spec in key.split("|"))
        if a is None or b is None:
            continue
        judged += 1
        try:
            name, weak = op_rules.linalg_solve_result(a, b, cfg)
        except (TypeError, ValueError) as e:
            if not want.startswith("error:"):
                wrong.append(f"{key}: JAX {want}, the rule refuses it ({e})")
            continue
        if want.split("[")[0] != name + ("*" if weak else ""):
            wrong.append(f"{key}: JAX {want}, the rule {name}{'*' if weak else ''}")
    assert not wrong, f"{case} {config_key}:\n" + "\n".join(wrong)
    assert judged >= 150
