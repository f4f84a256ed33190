"""Write JAX 0.10.2's results for ``jax.lax``'s special functions (``igamma``, ``igammac``, ``igamma_grad_a``,
``random_gamma_grad``, ``betainc``, ``zeta``, ``polygamma``, ``bessel_i0e``, ``bessel_i1e``) and the
``jax.scipy.special`` functions built on them (``gammainc``, ``gammaincc``, ``betainc``, ``i0``, ``i0e``, ``i1``, ``i1e``,
``polygamma``; ``gammasgn``, ``gamma``, ``loggamma``, ``betaln``, ``beta``, ``factorial``, ``comb``, ``multigammaln``,
``entr``, ``rel_entr``, ``kl_div``, ``boxcox``, ``boxcox1p``) to
``tests/data/jax_special_reference.json``: values on seeded inputs (float32, float64, float16, weakly typed scalars,
integer and bool operands where promotion takes them, edge values), derivatives (``grad``, ``jvp``, under ``jit``
and ``vmap``) where JAX defines them, their dtypes and weak flags, in two configurations (x64 off and on), and the
error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_special_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module with
``grad``/``jvp``/``vmap``/``jit`` and ``lax``; ``jnp``: its numpy; ``sp``: its ``scipy.special``), so
``tests/runtime/test_special.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_special_reference.json"

PRELUDE = '''
rng = np.random.default_rng(0)
A = rng.uniform(0.2, 8.0, 6).astype(np.float32)
X = rng.uniform(0.05, 12.0, 6).astype(np.float32)
B = rng.uniform(0.2, 8.0, 6).astype(np.float32)
U = rng.uniform(0.01, 0.99, 6).astype(np.float32)
Z = (rng.standard_normal(6) * 6).astype(np.float32)
S = rng.uniform(1.5, 6.0, 6).astype(np.float32)
M = np.array([0, 1, 2, 3, 1, 2], np.float32)
A2 = rng.uniform(0.2, 8.0, (3, 6)).astype(np.float32)
U2 = rng.uniform(0.01, 0.99, (3, 6)).astype(np.float32)
Z2 = (rng.standard_normal((3, 6)) * 6).astype(np.float32)
EA = np.array([0.0, 0.0, 1.0, -1.0, 2.0, np.nan, 3.0, 1e-30, 30.0], np.float32)
EX = np.array([0.0, 1.0, np.inf, 1.0, -1.0, 1.0, np.nan, 1.0, 1e-3], np.float32)
EU = np.array([0.0, 1.0, 0.5, -0.5, 1.5, np.nan, 0.5, 0.25, 1e-6], np.float32)
EZ = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-7, -1e-7, 800.0, -60.0], np.float32)
G = np.array([-2.5, -1.0, 0.5, 1.0, 3.3, 9.0], np.float32)
L = np.array([-1.5, -0.5, 0.0, 0.5, 1.0, 2.5], np.float32)
EG = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-7, 40.0, -40.5, 171.5], np.float32)
def f64(x):
    return np.asarray(x, np.float64)
def f16(x):
    return np.asarray(x, np.float16)
def s(f):
    return lambda *xs: f(*xs).sum()
'''

_BINARY: dict[str, tuple[str, str]] = {
    "igamma": ("A", "X"), "igammac": ("A", "X"), "igamma_grad_a": ("A", "X"), "random_gamma_grad": ("A", "X"),
    "zeta": ("S", "X"), "polygamma": ("M", "X")}
"""The lax functions of two operands and their seeded inputs."""


def _cases() -> dict[str, str]:
    out: dict[str, str] = {}
    for fn, (p, q) in _BINARY.items():
        f = f"at.lax.{fn}"
        out[f"{fn}_f32"] = f"{f}({p}, {q})"
        out[f"{fn}_f64"] = f"{f}(f64({p}), f64({q}))"
        out[f"{fn}_f16"] = f"{f}(f16({p}), f16({q}))"
        out[f"{fn}_weak"] = f"{f}(2.0, 3.0)"
        out[f"{fn}_weak_and_f32"] = f"{f}(2.0, {q})"
        out[f"{fn}_rank0_and_f32"] = f"{f}(np.float32(2.0), {q})"
        out[f"{fn}_int"] = f"{f}(2, 3)"
        out[f"{fn}_mixed"] = f"{f}({p}, f64({q}))"
        out[f"{fn}_jit"] = f"at.jit({f})({p}, {q})"
        out[f"{fn}_vmap"] = f"at.vmap({f}, (0, None))(np.stack([{p}, {p} + 1.0]), {q})"
        out[f"{fn}_shapes"] = f"{f}({p}[:2], {q})"
    for fn in ("igamma", "igammac", "igamma_grad_a", "random_gamma_grad"):
        out[f"{fn}_edge"] = f"at.lax.{fn}(EA, EX)"
    out["zeta_edge"] = "at.lax.zeta(np.array([1.0, 2.0, 0.5, 3.0, np.inf], np.float32), " \
                       "np.array([1.0, 0.0, 1.0, -2.5, 1.0], np.float32))"
    out["polygamma_edge"] = "at.lax.polygamma(np.array([0.0, 1.0, 0.5, -1.0, 2.0], np.float32), " \
                            "np.array([1.0, 0.0, 1.0, 2.0, -2.5], np.float32))"
    for fn in ("bessel_i0e", "bessel_i1e"):
        f = f"at.lax.{fn}"
        out[f"{fn}_f32"] = f"{f}(Z)"
        out[f"{fn}_f64"] = f"{f}(f64(Z))"
        out[f"{fn}_f16"] = f"{f}(f16(Z))"
        out[f"{fn}_bf16"] = f"{f}(jnp.asarray(Z, jnp.bfloat16))"
        out[f"{fn}_weak"] = f"{f}(1.5)"
        out[f"{fn}_int"] = f"{f}(2)"
        out[f"{fn}_complex"] = f"{f}(np.complex64(1.0))"
        out[f"{fn}_edge"] = f"{f}(EZ)"
        out[f"{fn}_edge_f64"] = f"{f}(f64(EZ))"
        out[f"{fn}_jit"] = f"at.jit({f})(Z2)"
        out[f"{fn}_vmap"] = f"at.vmap({f})(Z2)"
        out[f"{fn}_grad"] = f"at.grad(s({f}))(np.array([0.0, 1e-9, -0.5, 3.0, -40.0], np.float32))"
        out[f"{fn}_grad_f64"] = f"at.grad(s({f}))(f64([0.0, 1e-9, -0.5, 3.0, -40.0]))"
        out[f"{fn}_grad_weak"] = f"at.grad({f})(0.75)"
        out[f"{fn}_jvp"] = f"at.jvp({f}, (Z,), (np.ones_like(Z),))"
        out[f"{fn}_vmap_grad"] = f"at.vmap(at.grad({f}))(Z)"
    f = "at.lax.betainc"
    out.update({
        "betainc_f32": f"{f}(A, B, U)",
        "betainc_f64": f"{f}(f64(A), f64(B), f64(U))",
        "betainc_f16": f"{f}(f16(A), f16(B), f16(U))",
        "betainc_weak": f"{f}(2.0, 3.0, 0.25)",
        "betainc_rank0": f"{f}(np.float32(2.0), B, U)",
        "betainc_int": f"{f}(2, 3, 0)",
        "betainc_mixed": f"{f}(A, B, f64(U))",
        "betainc_edge": f"{f}(EA, np.flip(EA), EU)",
        "betainc_jit": f"at.jit({f})(A, B, U)",
        "betainc_vmap": f"at.vmap({f}, (0, None, 0))(A2, B, U2)",
        "betainc_large": f"{f}(np.float32(200.0), np.float32(300.0), U)",
        "betainc_grad_x": f"at.grad(s(lambda x: {f}(A, B, x)))(U)",
        "betainc_grad_x_f64": f"at.grad(s(lambda x: {f}(f64(A), f64(B), x)))(f64(U))",
        "betainc_grad_a": f"at.grad(s(lambda a: {f}(a, B, U)))(A)",
        "betainc_grad_b": f"at.grad(s(lambda b: {f}(A, b, U)))(B)",
        "betainc_jvp_x": f"at.jvp(lambda x: {f}(A, B, x), (U,), (np.ones_like(U),))",
        "betainc_vmap_grad": f"at.vmap(at.grad(lambda x: {f}(2.0, 3.0, x)))(U)",
        "igamma_grad": "at.grad(s(at.lax.igamma), argnums=(0, 1))(A, X)",
        "igamma_grad_f64": "at.grad(s(at.lax.igamma), argnums=(0, 1))(f64(A), f64(X))",
        "igamma_grad_weak": "at.grad(at.lax.igamma, argnums=(0, 1))(2.0, 3.0)",
        "igamma_jvp": "at.jvp(at.lax.igamma, (A, X), (np.ones_like(A), np.ones_like(X)))",
        "igamma_jit_grad": "at.jit(at.grad(s(at.lax.igamma), argnums=(0, 1)))(A, X)",
        "igamma_vmap_grad": "at.vmap(at.grad(at.lax.igamma, argnums=(0, 1)))(A, X)",
        "igammac_grad": "at.grad(s(at.lax.igammac), argnums=(0, 1))(A, X)",
        "igammac_grad_f64": "at.grad(s(at.lax.igammac), argnums=(0, 1))(f64(A), f64(X))",
        "igammac_jvp": "at.jvp(at.lax.igammac, (A, X), (np.ones_like(A), np.ones_like(X)))",
        "igamma_grad_a_grad": "at.grad(s(at.lax.igamma_grad_a))(A, X)",
        "zeta_grad": "at.grad(s(at.lax.zeta))(S, X)",
        "polygamma_grad_x": "at.grad(s(lambda x: at.lax.polygamma(M, x)))(X)",
        "polygamma_grad_m": "at.grad(s(lambda m: at.lax.polygamma(m, X)))(M)",
        "random_gamma_grad_shapes_2d": "at.lax.random_gamma_grad(A2, A2 + 1.0)",
    })
    for fn in ("gammainc", "gammaincc"):
        f = f"sp.{fn}"
        out.update({
            f"sp_{fn}_f32": f"{f}(A, X)",
            f"sp_{fn}_f64": f"{f}(f64(A), f64(X))",
            f"sp_{fn}_mixed": f"{f}(A, f64(X))",
            f"sp_{fn}_f16": f"{f}(f16(A), X)",
            f"sp_{fn}_int": f"{f}(np.array([1, 2, 3], np.int32), np.array([2, 2, 2], np.int8))",
            f"sp_{fn}_bool": f"{f}(True, np.array([0.5, 2.0], np.float32))",
            f"sp_{fn}_weak": f"{f}(2, 3.0)",
            f"sp_{fn}_weak_int": f"{f}(2, 3)",
            f"sp_{fn}_broadcast": f"{f}(A2, X)",
            f"sp_{fn}_broadcast_rank": f"{f}(A[:, None], X[None, :3])",
            f"sp_{fn}_complex": f"{f}(np.complex64(1.0), 2.0)",
            f"sp_{fn}_list": f"{f}([1.0, 2.0], 2.0)",
            f"sp_{fn}_grad": f"at.grad(s({f}), argnums=(0, 1))(A, X)",
            f"sp_{fn}_grad_weak": f"at.grad({f}, argnums=(0, 1))(2.0, 3.0)",
            f"sp_{fn}_edge": f"{f}(EA, EX)",
            f"sp_{fn}_jit": f"at.jit({f})(A, X)",
            f"sp_{fn}_vmap": f"at.vmap({f}, (0, None))(A2, X)",
        })
    f = "sp.betainc"
    out.update({
        "sp_betainc_f32": f"{f}(A, B, U)",
        "sp_betainc_f64": f"{f}(f64(A), f64(B), f64(U))",
        "sp_betainc_mixed": f"{f}(A, f64(B), U)",
        "sp_betainc_int": f"{f}(2, np.array([1, 2, 3], np.int32), 0.5)",
        "sp_betainc_ints": f"{f}(np.array([1, 2, 3], np.int32), 2, 1)",
        "sp_betainc_weak": f"{f}(2, 3, 0.5)",
        "sp_betainc_broadcast": f"{f}(A2, B, U[None, :])",
        "sp_betainc_complex": f"{f}(1.0, 2.0, np.complex64(0.5))",
        "sp_betainc_list": f"{f}([1.0, 2.0], 2.0, 0.5)",
        "sp_betainc_grad_x": f"at.grad(s(lambda x: {f}(A, B, x)))(U)",
        "sp_betainc_grad_a": f"at.grad(s(lambda a: {f}(a, B, U)))(A)",
        "sp_betainc_edge": f"{f}(EA, np.flip(EA), EU)",
        "sp_betainc_jit": f"at.jit({f})(A, B, U)",
    })
    for fn in ("i0e", "i0", "i1e", "i1"):
        f = f"sp.{fn}"
        out.update({
            f"sp_{fn}_f32": f"{f}(Z)",
            f"sp_{fn}_f64": f"{f}(f64(Z))",
            f"sp_{fn}_int": f"{f}(np.array([0, 1, -3], np.int32))",
            f"sp_{fn}_bool": f"{f}(True)",
            f"sp_{fn}_weak": f"{f}(2)",
            f"sp_{fn}_edge": f"{f}(EZ)",
            f"sp_{fn}_complex": f"{f}(np.complex64(1.0))",
            f"sp_{fn}_grad": f"at.grad(s({f}))(np.array([0.0, 1e-9, -0.5, 3.0, -10.0], np.float32))",
        })
    out.update({
        "sp_polygamma_f32": "sp.polygamma(np.array([0, 1, 2, 3, 1, 2], np.int32), X)",
        "sp_polygamma_f64": "sp.polygamma(np.array([0, 1, 2, 3, 1, 2], np.int64), f64(X))",
        "sp_polygamma_weak": "sp.polygamma(1, 1.0)",
        "sp_polygamma_int_x": "sp.polygamma(2, np.array([1, 2, 3], np.int32))",
        "sp_polygamma_float_n": "sp.polygamma(1.0, 2.0)",
        "sp_polygamma_complex": "sp.polygamma(1, np.complex64(2.0))",
        "sp_polygamma_grad": "at.grad(s(lambda x: sp.polygamma(1, x)))(X)",
    })
    out.update(_composition_cases())
    return out


_UNARY_COMPOSITIONS: dict[str, str] = {
    "gammasgn": "G", "gamma": "G", "loggamma": "G", "factorial": "G", "entr": "G", "betaln": "G, B",
    "beta": "G, B", "comb": "G, M", "rel_entr": "G, U", "kl_div": "G, U", "boxcox": "X, L", "boxcox1p": "G, L"}
"""``jax.scipy.special``'s compositions of lax primitives (name -> its seeded float32 operands)."""


_STR = "'a'"


def _composition_cases() -> dict[str, str]:
    out: dict[str, str] = {}
    for fn, args in _UNARY_COMPOSITIONS.items():
        f = f"sp.{fn}"
        operands = args.split(", ")
        out.update({
            f"sp_{fn}_f32": f"{f}({args})",
            f"sp_{fn}_f64": f"{f}({', '.join(f'f64({a})' for a in operands)})",
            f"sp_{fn}_f16": f"{f}({', '.join(f'f16({a})' for a in operands)})",
            f"sp_{fn}_int": f"{f}({', '.join('np.array([0, 1, 2, 5, -3], np.int32)' for _ in operands)})",
            f"sp_{fn}_bool": f"{f}({', '.join('True' for _ in operands)})",
            f"sp_{fn}_weak": f"{f}({', '.join(['2.5', '1.5'][:len(operands)])})",
            f"sp_{fn}_weak_int": f"{f}({', '.join(['3', '2'][:len(operands)])})",
            f"sp_{fn}_edge": f"{f}({', '.join(['EG', 'np.flip(EG)'][:len(operands)])})",
            f"sp_{fn}_complex": f"{f}({', '.join(['np.complex64(1.5)', '0.5'][:len(operands)])})",
            f"sp_{fn}_list": f"{f}({', '.join(['[1.5, 2.0]', '0.5'][:len(operands)])})",
            f"sp_{fn}_str": f"{f}({', '.join([_STR, '0.5'][:len(operands)])})",
            f"sp_{fn}_jit": f"at.jit({f})({args})",
            f"sp_{fn}_vmap": f"at.vmap({f})({', '.join(f'np.stack([{a}, {a}])' for a in operands)})",
            f"sp_{fn}_grad": f"at.grad(s({f}), argnums={tuple(range(len(operands)))})({args})",
            f"sp_{fn}_grad_f64": f"at.grad(s({f}), argnums={tuple(range(len(operands)))})"
                                 f"({', '.join(f'f64({a})' for a in operands)})",
        })
        if len(operands) == 2:
            out[f"sp_{fn}_broadcast"] = f"{f}({operands[0]}[:, None], {operands[1]}[None, :3])"
            out[f"sp_{fn}_mixed"] = f"{f}({operands[0]}, f64({operands[1]}))"
    out.update({
        "sp_betaln_large": "sp.betaln(np.float32(200.0), B * 100)",
        "sp_betaln_large_f64": "sp.betaln(f64(200.0), f64(B) * 1e6)",
        "sp_comb_repetition": "sp.comb(G, M, repetition=True)",
        "sp_comb_repetition_edge": "sp.comb(EG, np.flip(EG), repetition=True)",
        "sp_factorial_exact": "sp.factorial(3, exact=True)",
        "sp_factorial_exact_false": "sp.factorial(3, False)",
        "sp_entr_grad_edge": "at.grad(s(sp.entr))(np.array([0.0, 1e-30, 1.0, 2.0], np.float32))",
        "sp_rel_entr_grad_zero": "at.grad(s(sp.rel_entr), argnums=(0, 1))(np.array([0.0, 0.5, 1.0], np.float32), "
                                 "np.array([0.5, 0.0, 2.0], np.float32))",
        "sp_multigammaln_f32": "sp.multigammaln(A + 2.0, 3)",
        "sp_multigammaln_f64": "sp.multigammaln(f64(A) + 2.0, 2)",
        "sp_multigammaln_weak": "sp.multigammaln(3.5, 2)",
        "sp_multigammaln_int": "sp.multigammaln(np.array([3, 4, 5], np.int32), 2)",
        "sp_multigammaln_d1": "sp.multigammaln(A, 1)",
        "sp_multigammaln_d_array": "sp.multigammaln(A + 2.0, np.int32(3))",
        "sp_multigammaln_d_float": "sp.multigammaln(A + 2.0, 2.0)",
        "sp_multigammaln_rank2": "sp.multigammaln(A2 + 2.0, 3)",
        "sp_multigammaln_grad": "at.grad(s(lambda a: sp.multigammaln(a, 3)))(A + 2.0)",
        "sp_multigammaln_jit": "at.jit(lambda a: sp.multigammaln(a, 2))(A + 2.0)",
        "sp_multigammaln_traced_d": "at.jit(sp.multigammaln)(A + 2.0, 2)",
        "sp_multigammaln_vmap": "at.vmap(lambda a: sp.multigammaln(a, 2))(A2 + 2.0)",
        "sp_boxcox_lambda_zero": "sp.boxcox(X, np.array([0.0, 1.0, -1.0, 0.0, 2.0, 0.5], np.float32))",
        "sp_boxcox_grad_lambda_zero": "at.grad(s(sp.boxcox), argnums=(0, 1))(X, np.zeros(6, np.float32))",
    })
    return out


CASES: dict[str, str] = _cases()
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf, label="<special>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jax.scipy.special as sp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_special_reference.py",
                        lambda: run({"at": jax, "jnp": jnp, "np": np, "sp": sp}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
