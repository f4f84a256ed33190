"""The binary functions declared as an operation with corrections (``stubgen.corrected_functions``): on every pair of
operand specs and in every configuration, the overloads answer the function's dtype, ``Any``, or take a pair the
function refuses (a missed rejection), never another dtype and never an error where JAX computes; and they are
exact on most pairs. The generated cases (``case_hypot_*``... in ``typecheck_cases/generated/``) hold the five
checkers to these simulated answers."""

from __future__ import annotations

import itertools

import pytest

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import corrected_functions as cf
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.binary import KeepVars, Ov, simulate
from arraytyping._src.stubgen.families import Model

CONFIGS = [lattice.LatticeConfig(mode, x64) for mode in ("standard", "strict") for x64 in (False, True)]


@pytest.fixture(scope="module", params=CONFIGS, ids=str)
def model(request: pytest.FixtureRequest) -> Model:
    cfg: lattice.LatticeConfig = request.param
    return Model(cfg)


@pytest.mark.parametrize("fn", sorted(cf.CORRECTED_AS))
def test_every_pair_gets_the_functions_dtype_or_any(model: Model, fn: str) -> None:
    ovs = cf.overloads(model, fn, KeepVars())
    table = cf.static_table(fn, model.cfg)
    exact = concrete = 0
    for a, b in itertools.product(specs.all_specs(), repeat=2):
        want, got = table[a, b], simulate(ovs, a, b)
        if want is None:
            continue
        assert got is not None, f"{fn}({a}, {b}) is refused, but JAX gives {want}"
        assert got in (want, "Any"), f"{fn}({a}, {b}) would be {got}, JAX gives {want}"
        if want != "Any" and "np" not in (a.kind, b.kind):  # numpy operands are gradual by design
            concrete += 1
            exact += got == want
    assert exact == concrete, f"{fn}: {concrete - exact} of {concrete} pairs gradual"


@pytest.mark.parametrize("fn", sorted(set(cf.CORRECTED_AS) - set(op_rules.CONTRACTION)))
def test_static_table_is_op_rules_where_the_rank_cannot_decide(fn: str) -> None:
    cfg = CONFIGS[0]
    table = cf.static_table(fn, cfg)
    for (a, b), r in table.items():
        answers = set()
        for rank0 in (False, True):
            try:
                answers.add(specs.static_of(*op_rules.binary_result(
                    fn, [a.operand, b.operand], cfg, python_scalars=[a.python_scalar, b.python_scalar],
                    numpy_scalars=[a.kind == "np", b.kind == "np"], rank0=rank0 or (a.python_scalar and b.python_scalar)))
                    )
            except specs.REJECTIONS:
                answers.add(None)
        assert r == (answers.pop() if len(answers) == 1 else "Any"), (fn, str(a), str(b), r, answers)


def test_rank_decides_the_weak_flag_of_hypot_with_a_weak_operand() -> None:
    table = cf.static_table("hypot", CONFIGS[0])
    arr = specs.Spec("arr", "bfloat16")
    assert table[arr, specs.Spec("py", "float")] == "bfloat16"
    assert table[specs.Spec("arr", "int8"), specs.Spec("py", "float")] == "Any"  # weak float32 at rank 0 alone
    assert table[specs.Spec("py", "float"), specs.Spec("py", "float")] == "float"  # two Python scalars: rank 0
    assert table[specs.Spec("arr", "float32"), specs.Spec("py", "complex")] is None  # complex: ValueError


def test_gcd_keeps_no_abstract_dtype() -> None:
    """``gcd`` of two ``int1`` arrays is ``int8``: ``add``'s overloads that keep an abstract dtype (``Array[I]`` with
    ``Array[I]``) are left out, so an ``Array[signedinteger]`` pair is gradual."""
    m = Model(CONFIGS[0])
    keep = KeepVars()
    ovs = cf.overloads(m, "gcd", keep)
    assert not [o for o in ovs if o.result in keep.names.values()]
    assert simulate(ovs, specs.Spec("arr", "int1"), specs.Spec("arr", "int1")) == "int8"
    keep = KeepVars()
    kept = cf.overloads(m, "hypot", keep)
    assert [o for o in kept if o.result in keep.names.values()], "hypot keeps floating: Array[F] with Array[F] is Array[F]"


def test_numpy_operands_are_gradual() -> None:
    ovs: list[Ov] = cf.overloads(Model(CONFIGS[0]), "logaddexp", KeepVars())
    for n in specs.NUMPY_TYPES:
        for other in specs.all_specs():
            assert simulate(ovs, specs.Spec("np", n), other) == "Any"
            assert simulate(ovs, other, specs.Spec("np", n)) == "Any"


def test_cross_is_gradual_where_the_vectors_size_decides_the_weak_flag() -> None:
    """``cross`` of two 2-vectors keeps a weak join weak, of 3-vectors stacks it into a strong array: ``Any`` there;
    a strong join is exact, and bool refused."""
    m = Model(CONFIGS[0])
    ovs = cf.overloads(m, "cross", KeepVars())
    table = cf.static_table("cross", m.cfg)
    f32, i8, w = specs.Spec("arr", "float32"), specs.Spec("arr", "int8"), specs.Spec("py", "float")
    assert table[i8, w] == "Any" and simulate(ovs, i8, w) == "Any"
    assert table[f32, w] == "float32" and simulate(ovs, f32, w) == "float32"
    assert simulate(ovs, i8, specs.Spec("arr", "bfloat16")) == "bfloat16"
    b = specs.Spec("arr", "bool")
    assert table[b, b] is None and simulate(ovs, b, b) is None
