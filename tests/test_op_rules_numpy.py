"""``arraytyping.op_rules``' tables of the jax.numpy functions against JAX 0.10.2, for every operand combination.

The rules are what the stubs and the mypy plugin compute from, so each is held to ``tests/data/
jax_numpy_reference.json`` (``tools/jax_numpy_reference.py``) exhaustively: every case of the tool whose function
has a rule, every operand dtype (strong, weak, weak of rank 0, Python scalars), the four configurations. The rules
answer dtypes and weak flags (shapes are not theirs), and JAX's errors of the dtype (a rank-0 operand given to a
function that wants an axis raises for its shape, which no dtype rule can see: those keys are left to the runtime's
test, ``tests/runtime/test_conformance_numpy.py``).
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from arraytyping import lattice, op_rules

ROOT = Path(__file__).resolve().parent.parent
REF = json.loads((ROOT / "tests" / "data" / "jax_numpy_reference.json").read_text())
_spec = importlib.util.spec_from_file_location("jax_numpy_reference", ROOT / "tools" / "jax_numpy_reference.py")
assert _spec is not None and _spec.loader is not None
TOOL = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TOOL)

CONFIGS = {"standard-x32": lattice.LatticeConfig("standard", False), "standard-x64": lattice.LatticeConfig(
    "standard", True), "strict-x32": lattice.LatticeConfig("strict", False), "strict-x64": lattice.LatticeConfig(
    "strict", True)}
ERRORS: dict[str, tuple[type[BaseException], ...]] = {
    "TypeError": (TypeError,), "ValueError": (ValueError,), "TypePromotionError": (lattice.TypePromotionError,),
    "NotImplementedError": (NotImplementedError,), "OverflowError": (OverflowError,), "IndexError": (IndexError,)}


class Operand:
    """One operand of a key: its ``(dtype name, weak)`` for the rules, whether it is a Python scalar, its rank."""

    def __init__(self, spec: str, slot_shape: tuple[int, ...]) -> None:
        kind, _, name = spec.partition(":")
        self.python = kind == "py"
        self.dtype_arg: str | None = None
        if kind == "py":
            self.pair = (name, True) if name != "bool" else ("bool", False)
            self.rank0 = True
        elif kind in ("none", "name"):
            self.pair = ("", False)
            self.dtype_arg = None if kind == "none" else name
            self.rank0 = True
        else:
            self.pair = (name, kind in ("warr", "warr0"))
            self.rank0 = kind == "warr0" or slot_shape == ()


def operands(case: str, key: str) -> list[Operand]:
    slots = TOOL.CASES[case][1]
    out = []
    for slot, spec in zip(slots, key.split("|") if key else []):
        name, shape = TOOL.parse_slot(slot)
        op = Operand(spec, shape)
        if name == "d" and spec.startswith("py:"):
            op.dtype_arg = {"bool": "bool", "int": "int", "float": "float", "complex": "complex"}[spec[3:]]
            op.pair = ("", False)
        out.append(op)
    return out


Rule = Callable[[list[Operand], lattice.LatticeConfig], tuple[str, bool]]


def _equal_arrays(ops: list[Operand], cfg: lattice.LatticeConfig) -> tuple[str, bool]:
    """``array_equal``: operands of other shapes (a rank-0 one against the (3, 4) array) are unequal before anything
    is promoted; the rule speaks for operands of one shape."""
    if len({o.rank0 for o in ops}) > 1:
        return lattice.BOOL, False
    return op_rules.binary_result("array_equal", [o.pair for o in ops], cfg)


def _unary(fn: str, **params: Any) -> Rule:
    return lambda ops, cfg: op_rules.unary_result(fn, ops[0].pair, cfg, rank0=ops[0].rank0, **params)


def _binary(fn: str) -> Rule:
    return lambda ops, cfg: op_rules.binary_result(fn, [o.pair for o in ops], cfg,
                                                   python_scalars=[o.python for o in ops],
                                                   rank0=ops[0].rank0 if fn == "heaviside" else all(o.rank0 for o in ops))


def _reduction(fn: str) -> Rule:
    def rule(ops: list[Operand], cfg: lattice.LatticeConfig) -> tuple[str, bool]:
        dtype = next((o.dtype_arg for o in ops if o.pair == ("", False)), None)
        operand = next((o.pair for o in ops if o.pair != ("", False)), ("int8", False))
        return op_rules.reduction_result(fn, operand, dtype, cfg)
    return rule


def _shape(fn: str, before: Sequence[tuple[str, bool]] = (), after: Sequence[tuple[str, bool]] = ()) -> Rule:
    """``shape_result`` of the slots' operands, with ``before`` and ``after`` them the operands that the case's
    source string writes out (``clip(x, 1, 3)``'s bounds, ``select``'s default ``0``, fixed arrays)."""
    def rule(ops: list[Operand], cfg: lattice.LatticeConfig) -> tuple[str, bool]:
        dtype = next((o.dtype_arg for o in ops if o.pair == ("", False)), None)
        pairs = [*before, *(o.pair for o in ops if o.pair != ("", False)), *after]
        return op_rules.shape_result(fn, pairs, cfg, dtype)
    return rule


def _creation(fn: str, fixed: list[tuple[str, bool]] = ()) -> Rule:  # type: ignore[assignment]
    def rule(ops: list[Operand], cfg: lattice.LatticeConfig) -> tuple[str, bool]:
        dtype = next((o.dtype_arg for o in ops if o.pair == ("", False) and o.dtype_arg is not None), None)
        pairs = [o.pair for o in ops if o.pair != ("", False)] or list(fixed)
        return op_rules.creation_result(fn, pairs, cfg, dtype)
    return rule


RULES: dict[str, Rule] = {
    **{fn: _unary(fn) for fn in op_rules.UNARY if fn in TOOL.CASES},
    "round_decimals": _unary("round", decimals=2),
    "round_negative_decimals": _unary("round", decimals=-1),
    "angle_deg": _unary("angle", deg=True),
    "nan_to_num_values": _unary("nan_to_num"),
    **{fn: _binary(fn) for fn in op_rules.FUNCTION_FAMILY if fn in TOOL.CASES},
    "array_equal": _equal_arrays,
    "array_equal_nan": _equal_arrays,
    "isclose_nan": _binary("isclose"),
    "array_equal_shapes": lambda ops, cfg: (lattice.BOOL, False),  # other shapes: unequal, nothing promoted
    **{case: _reduction(case.split("_")[0] if case.split("_")[0] in op_rules.REDUCTION else case)
       for case in TOOL.CASES if case.split("_")[0] in op_rules.REDUCTION or case in op_rules.REDUCTION},
    **{f"cumulative_{k}_{v}": _reduction(f"cumulative_{k}") for k in ("sum", "prod") for v in ("initial", "dtype")},
    "diff_axis0_n2": _shape("diff"),
    "diff_append_scalar": _shape("diff"),
    "diff_n0_prepend": lambda ops, cfg: op_rules.shape_result("ravel", [ops[0].pair], cfg),  # n=0: the array as is
    "count_nonzero_keepdims": _reduction("count_nonzero"),
    "count_nonzero_all": _reduction("count_nonzero"),
    **{case: _shape(case.rsplit("_", 1)[0] if case not in op_rules.SHAPE and case.rsplit("_", 1)[0] in op_rules.SHAPE
                    else case)
       for case in TOOL.CASES if case in op_rules.SHAPE or case.rsplit("_", 1)[0] in op_rules.SHAPE},
    **{case: _shape("getitem") for case in TOOL.CASES if case.startswith("getitem")},
    **{case: _creation(case) for case in TOOL.CASES if case in op_rules.CREATION},
    **{f"{fn}_dtype": _creation(fn) for fn in op_rules.CREATION if f"{fn}_dtype" in TOOL.CASES},
    "empty_like_dtype": _creation("empty_like", [("int8", False)]),
    "ones_like_dtype": _creation("ones_like", [("int8", False)]),
    "full_like_dtype": _creation("full_like", [("int8", False)]),
    "full_like_int": _creation("full_like"),
    "full_like_value": _creation("full_like", [("int8", False)]),
    **{case: (lambda fn: lambda ops, cfg: op_rules.window_result(fn, cfg))(case.split("_")[0])
       for case in TOOL.CASES if case.split("_")[0] in op_rules.WINDOWS and not case.endswith("_negative")},
    # one index: the slices before and after it concatenated (op_rules.SHAPE's "same": a weak operand's class)
    "delete": lambda ops, cfg: op_rules.shape_result("concatenate", [ops[0].pair, ops[0].pair], cfg),
    "eye_rect": _creation("eye"),
    "tri_rect": _creation("tri"),
    "logspace_int": _creation("logspace", [("int", True), ("int", True)]),
    "logspace": _creation("logspace", [("int", True), ("int", True)]),
    "linspace": _creation("linspace", [("int", True), ("int", True)]),
    "arange": _creation("arange", [("int", True)]),
    "arange_float": _creation("arange", [("float", True)]),
    "asarray_py": _creation("asarray"),
    **{f"asarray_py_{tag}_dtype": _creation("asarray", [operand]) for tag, operand in (
        ("int", ("int", True)), ("negative", ("int", True)), ("big", ("int", True)), ("float", ("float", True)),
        ("complex", ("complex", True)),
        ("list", ("complex128", False)), ("nested", ("int64", False)))},  # a list: strong, the default dtype
    "array_py_int_dtype": _creation("array", [("int", True)]),
    "diag_vector": _creation("diag"),
    "diag_matrix": lambda ops, cfg: op_rules.creation_result("diag", [ops[0].pair], cfg, vector=False),
    "arange_dtype": _creation("arange", [("int", True)]),
    "linspace_dtype": _creation("linspace", [("int", True), ("int", True)]),
    "logspace_dtype": _creation("logspace", [("int", True), ("int", True)]),
    "full_dtype": _creation("full", [("int", True)]),
    "meshgrid_ij": _creation("meshgrid"),
    "average_weights": lambda ops, cfg: op_rules.reduction_result("average", ops[0].pair, None, cfg,
                                                                  weights=ops[1].pair),
    **{fn: (lambda fn: lambda ops, cfg: op_rules.quantile_result(fn, ops[0].pair, ops[1].pair, cfg))(fn)
       for fn in op_rules.QUANTILES},
    "quantile_weights": lambda ops, cfg: op_rules.quantile_result("quantile", ops[0].pair, ("float", True), cfg,
                                                                  weights=ops[1].pair, method="inverted_cdf"),
    "nanpercentile_weights": lambda ops, cfg: op_rules.quantile_result(
        "nanpercentile", ops[0].pair, ("int", True), cfg, weights=(lattice.default_name("f", cfg.x64), False),
        method="inverted_cdf"),
    **{f"{fn}_inverted_cdf": (lambda fn, q: lambda ops, cfg: op_rules.quantile_result(  # None: np.array of floats
        fn, ops[0].pair, q or (lattice.default_name("f", cfg.x64), False), cfg, method="inverted_cdf"))(fn, q)
       for fn, q in (("quantile", None), ("nanquantile", ("float", True)))},
}
"""Each case with a rule: how to ask it (the case's function and parameters)."""
RULES.update({
    "clip": _shape("clip", after=[("int", True), ("int", True)]),  # np.clip(x, 1, 3)
    "clip_float": _shape("clip", after=[("float", True)]),  # np.clip(x, 0.5)
    "select": _shape("select", before=[("int", True)]),  # the default 0, promoted with the choices
    "concatenate_dtype": _shape("concatenate", before=[("int8", False), ("float16", False)]),
})
RULES["full_like_value"] = lambda ops, cfg: op_rules.creation_result("full_like", [("int8", False), ops[0].pair], cfg)


def _over_arange(fn: str) -> Rule:
    """``fn`` of the fixed ``np.arange(5.0)`` (a strong array of the default float dtype) and the case's operand
    (an index, or the values to search for)."""
    return lambda ops, cfg: op_rules.shape_result(fn, [(lattice.default_name("f", cfg.x64), False), ops[0].pair],
                                                  cfg)


RULES.update({
    "getitem_index_dtype": _over_arange("getitem"),
    "take_index_dtype": _over_arange("take"),
    "searchsorted_right": _over_arange("searchsorted"),
    "unique_fill": lambda ops, cfg: op_rules.shape_result("unique", [ops[0].pair, ("int", True)], cfg),
})


def _with_fixed(fn: str, kind: str) -> Rule:
    """``fn`` of the case's operand and a fixed ``np.array`` of Python numbers of ``kind`` (a strong array of the
    configuration's default dtype of that kind), in that order."""
    def rule(ops: list[Operand], cfg: lattice.LatticeConfig) -> tuple[str, bool]:
        pairs = [ops[0].pair, (lattice.default_name(kind, cfg.x64), False)]
        if fn in op_rules.FUNCTION_FAMILY or fn in op_rules.FAMILY:
            return op_rules.binary_result(fn, pairs, cfg)
        return op_rules.shape_result(fn, pairs, cfg)
    return rule


RULES.update({
    "digitize_right": _with_fixed("digitize", "f"),
    "digitize_decreasing": _with_fixed("digitize", "i"),
    **{case: _with_fixed("isin", "i") for case in ("isin_invert", "isin_sort", "isin_sort_unique")},
    "isin_binary_search": _with_fixed("equal", "i"),  # its == of the promoted operands: a weak bool of weak ones
    "bincount": lambda ops, cfg: op_rules.bincount_result(ops[0].pair, None, cfg),
    "bincount_minlength": lambda ops, cfg: op_rules.bincount_result(ops[0].pair, None, cfg),
    "bincount_weights": lambda ops, cfg: op_rules.bincount_result((lattice.default_name("i", cfg.x64), False),
                                                                  ops[0].pair, cfg),
})
PAIR_CASES: dict[str, str] = {"modf": "modf", "divmod": "divmod"}
"""Cases of functions with two array results (op_rules' ``PAIRS``): the rule answers both, held to both by
:func:`test_pair_rule_matches_jax` (the first here)."""
RULES.update({case: (lambda fn: lambda ops, cfg: op_rules.pair_result(fn, [o.pair for o in ops], cfg)[0])(fn)
              for case, fn in PAIR_CASES.items()})
RULES.update({
    "indices_sparse": _creation("indices"),
    **{case: (lambda ops, cfg: (lattice.default_name("i", cfg.x64), False))  # op_rules.INDEX_ARRAYS
       for case in TOOL.CASES if case in op_rules.INDEX_ARRAYS},
})
UNRAVEL_SIZES: dict[str, list[tuple[str, bool]]] = {
    "unravel_index": [("int", True), ("int", True)], "unravel_index_bool_size": [("int", True), ("bool", False)],
    "unravel_index_one_size": [("int", True)]}
"""``unravel_index``'s cases by the operands of their ``shape``'s sizes (``(3, 4)``, ``(4, True)``, ``5``): the rule
answers every array, the first held by :func:`test_rule_matches_jax`, all by :func:`test_unravel_index_matches_jax`."""
RULES.update({case: (lambda sizes: lambda ops, cfg: op_rules.unravel_index_result(ops[0].pair, sizes, cfg)[0])(sizes)
              for case, sizes in UNRAVEL_SIZES.items()})
RULES.update({
    "ravel_multi_index": lambda ops, cfg: op_rules.ravel_multi_index_result([o.pair for o in ops], (7, 8), None, cfg),
    "ravel_multi_index_wrap_dtype": lambda ops, cfg: op_rules.ravel_multi_index_result([ops[0].pair] * 2, (3, 4),
                                                                                       "int16", cfg),
    "ravel_multi_index_small": lambda ops, cfg: op_rules.ravel_multi_index_result([ops[0].pair], (9,), None, cfg),
})
RULES.update({
    "ediff1d": lambda ops, cfg: op_rules.ediff1d_result(ops[0].pair, cfg),
    "ediff1d_ends": lambda ops, cfg: op_rules.ediff1d_result(ops[0].pair, cfg, ends=True),
})
NO_RULE = sorted(set(TOOL.CASES) - set(RULES))
"""Cases no rule covers: ``at_*`` (``x.at[...]`` keeps ``x``'s dtype, tested at run time) and the like."""


def answers(case: str, config_key: str) -> list[str]:
    v = REF["dtypes"][case][config_key]
    return answers(case, v) if isinstance(v, str) else v


def _shape_bound(case: str, ops: list[Operand]) -> bool:
    """The key gives a rank-0 operand to a slot that wants an array of rank >= 1: its error may be the shape's."""
    slots = TOOL.CASES[case][1]
    return any(o.rank0 and TOOL.parse_slot(s)[1] != () for o, s in zip(ops, slots) if o.pair != ("", False))


@pytest.mark.parametrize("config_key", sorted(CONFIGS))
@pytest.mark.parametrize("case", sorted(c for c in RULES if c in REF["dtypes"]))
def test_rule_matches_jax(case: str, config_key: str) -> None:
    cfg = CONFIGS[config_key]
    rule = RULES[case]
    failures = []
    for key, want in zip(TOOL.keys(case), answers(case, config_key)):
        ops = operands(case, key)
        try:
            name, weak = rule(ops, cfg)
            got = f"{name}{'*' if weak else ''}"
        except (lattice.TypePromotionError, op_rules.OperandTypeError, op_rules.OperandValueError,
                op_rules.OperandOverflowError, op_rules.OperandNotImplementedError) as e:
            got = f"error:{type(e).__name__}"
            if want.startswith("error:") and (isinstance(e, ERRORS.get(want[6:], ())) or _shape_bound(case, ops)):
                continue
            failures.append(f"{key}: JAX {want}, rule {got} ({e})")
            continue
        if want.startswith("error:"):
            if (not _shape_bound(case, ops) and case not in SHAPE_ERRORS | VALUE_CASES
                    and want not in VALUE_ERRORS):
                failures.append(f"{key}: JAX {want}, rule {got}")
            continue
        first = want.split(",")[0].split("[")[0]
        if first != got:
            failures.append(f"{key}: JAX {want}, rule {got}")
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:30])


SHAPE_ERRORS: frozenset[str] = frozenset({
    "array_equal_shapes", "searchsorted", "getitem_bool_mask", "getitem_bool_static", "concatenate_axis",
    "vstack", "hstack", "column_stack", "max_where_no_initial",
})
"""Cases whose JAX errors come from shapes or values the dtype rule does not see (shape mismatches in joining,
data-dependent bool masks, ``where=`` without ``initial=`` on a reduction without identity)."""
VALUE_CASES: frozenset[str] = frozenset(c for c in RULES if c.startswith(("asarray_py_", "array_py_"))
                                        and c.endswith("_dtype"))
"""Cases converting a Python value to a requested dtype: JAX's errors there (an int out of the dtype's bounds, a
complex for a real dtype) are the value's, which a dtype rule does not see; ``test_conformance_numpy`` holds the
runtime to them."""
VALUE_ERRORS: frozenset[str] = frozenset({"error:NonConcreteBooleanIndexError", "error:ConcretizationTypeError"})
"""JAX's errors that depend on values, in any case: indexing with a bool array under a trace (the result's shape is
the mask's count of ``True``; the rule answers the dtype it has where the mask is concrete), ``bincount`` without
``length`` (its length is the values' maximum)."""


def test_every_case_has_a_rule_or_a_reason() -> None:
    assert all(c.startswith("at_") or c.startswith(("unique", "nonzero", "argsort", "take", "sort")) or
               c in ("select", "select_default", "clip", "clip_float", "clip_array", "trace", "trace_dtype",
                     "diagonal", "diagonal_offset", "triu", "tril", "searchsorted_right")
               or c == "hanning_negative"  # a negative size: the shape's error (shape_rules.window_shape)
               or c in ("finfo_of_array", "iinfo_of_array")  # an info object, not an array: no dtype rule
               for c in NO_RULE), NO_RULE


def _every_array_mismatches(case: str, config_key: str,
                            arrays: Callable[[list[Operand], lattice.LatticeConfig], Sequence[tuple[str, bool]]]
                            ) -> list[str]:
    """Where the dtypes and weak flags of every array of a case's result (``arrays``: the rule's, from the case's
    operands) differ from JAX's, for every operand combination JAX computes (an error is the first array's test's)."""
    failures = []
    for key, want in zip(TOOL.keys(case), answers(case, config_key)):
        if want.startswith("error:"):
            continue  # the first array's test holds the rule to JAX's error class
        got = [f"{name}{'*' if weak else ''}" for name, weak in arrays(operands(case, key), CONFIGS[config_key])]
        if [w.split("[")[0] for w in want.split("],")] != got:
            failures.append(f"{key}: JAX {want}, rule {got}")
    return failures


@pytest.mark.parametrize("config_key", sorted(CONFIGS))
@pytest.mark.parametrize("case", sorted(PAIR_CASES))
def test_pair_rule_matches_jax(case: str, config_key: str) -> None:
    """Both arrays of a two-result function (``modf``'s parts, ``divmod``'s quotient and remainder): their dtypes
    and weak flags are the rule's, for every operand combination JAX computes."""
    failures = _every_array_mismatches(
        case, config_key, lambda ops, cfg: op_rules.pair_result(PAIR_CASES[case], [o.pair for o in ops], cfg))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("config_key", sorted(CONFIGS))
@pytest.mark.parametrize("case", sorted(UNRAVEL_SIZES))
def test_unravel_index_matches_jax(case: str, config_key: str) -> None:
    """Every array of ``unravel_index`` (one per size of its ``shape``): dtype and weak flag the rule's, for every
    operand JAX computes."""
    failures = _every_array_mismatches(
        case, config_key, lambda ops, cfg: op_rules.unravel_index_result(ops[0].pair, UNRAVEL_SIZES[case], cfg))
    assert not failures, f"{case} {config_key}: {len(failures)} mismatches:\n" + "\n".join(failures[:30])
