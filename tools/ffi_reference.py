"""Write JAX 0.10.2's results for ``jax.ffi`` to ``tests/data/ffi_reference.json``: ``ffi_call`` of the LAPACK
kernels jaxlib registers (Cholesky ``potrf``, LU ``getrf``), eagerly, under ``jit`` and under ``vmap`` with each
``vmap_method``; the printed jaxpr and the lowered ``custom_call``; and the error classes and messages where JAX
refuses (a bad ``vmap_method``, layouts or aliases that do not fit, a derivative, an unhashable attribute), with x64
off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/ffi_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy), so ``tests/runtime/test_ffi.py`` runs the very same expressions on the runtime. JAX registers
the LAPACK kernels at import but loads LAPACK itself on its first decomposition, and calling a kernel before that
crashes the process: the prelude factors a matrix first (the runtime needs no such step).
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "ffi_reference.json"

PRELUDE = '''
jnp.linalg.cholesky(jnp.eye(2))   # JAX loads LAPACK on its first decomposition
rng = np.random.default_rng(0)
A = rng.standard_normal((3, 3)).astype(np.float32)
S = (A @ A.T + 3 * np.eye(3)).astype(np.float32)
SB = np.stack([S, 2 * S, S + np.eye(3, dtype=np.float32)])
SD = S.astype(np.float64)
L = np.uint8(ord("L"))
U = np.uint8(ord("U"))
sds = at.ShapeDtypeStruct

def potrf(dtype="float32", n=3, **kw):
    return at.ffi.ffi_call("lapack_" + {"float32": "s", "float64": "d"}[dtype] + "potrf_ffi",
                           (sds((n, n), dtype), sds((), "int32")), input_layouts=[(1, 0)],
                           output_layouts=[(1, 0), ()], input_output_aliases={0: 0}, **kw)

def getrf(**kw):
    return at.ffi.ffi_call("lapack_sgetrf_ffi", (sds((3, 3), "float32"), sds((3,), "int32"), sds((), "int32")),
                           input_layouts=[(1, 0)], output_layouts=[(1, 0), None, None],
                           input_output_aliases={0: 0}, **kw)

def lowered(f, *args):
    text = at.jit(f).lower(*args).as_text()
    return [line.strip() for line in text.splitlines() if "custom_call" in line][0]
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    "potrf_eager_lower": "potrf()(S, uplo=L)",
    "potrf_eager_upper": "potrf()(S, uplo=U)",
    "potrf_float64": "potrf('float64')(SD, uplo=L)",
    "potrf_not_positive": "potrf(n=2)(np.array([[1.0, 2.0], [2.0, 1.0]], np.float32), uplo=L)",
    "potrf_jit": "at.jit(lambda s: potrf()(s, uplo=L))(S)",
    "potrf_list_results": ("at.ffi.ffi_call('lapack_spotrf_ffi', [sds((3, 3), 'float32'), sds((), 'int32')], "
                           "input_layouts=[(1, 0)], output_layouts=[(1, 0), ()])(S, uplo=L)"),
    "potrf_row_major": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')))"
                        "(S, uplo=L)"),
    "potrf_single_result": ("at.ffi.ffi_call('lapack_spotrf_ffi', sds((3, 3), 'float32'), input_layouts=[(1, 0)], "
                            "output_layouts=(1, 0), custom_call_api_version=4)(S, uplo=L)"),
    "getrf": "getrf()(A)",
    "getrf_jit": "at.jit(lambda a: getrf()(a))(A)",
    "vmap_sequential": "at.vmap(lambda s: potrf(vmap_method='sequential')(s, uplo=L))(SB)",
    "vmap_sequential_unrolled": "at.vmap(lambda s: potrf(vmap_method='sequential_unrolled')(s, uplo=L))(SB)",
    "vmap_expand_dims": "at.vmap(lambda s: potrf(vmap_method='expand_dims')(s, uplo=L))(SB)",
    "vmap_broadcast_all": "at.vmap(lambda s: potrf(vmap_method='broadcast_all')(s, uplo=L))(SB)",
    "vmap_legacy_vectorized": "at.vmap(lambda s: potrf(vmap_method='legacy_vectorized')(s, uplo=L))(SB)",
    "vmap_axis_1": "at.vmap(lambda s: potrf(vmap_method='sequential')(s, uplo=L), in_axes=1)(SB.transpose(1, 0, 2))",
    "vmap_jit": "at.jit(at.vmap(lambda s: potrf(vmap_method='expand_dims')(s, uplo=L)))(SB)",
    "jaxpr": "str(at.make_jaxpr(lambda s: potrf()(s, uplo=L))(S))",
    "jaxpr_vmap": "str(at.make_jaxpr(at.vmap(lambda s: potrf(vmap_method='expand_dims')(s, uplo=L)))(SB))",
    "jaxpr_side_effect_kept": ("str(at.make_jaxpr(lambda s: (potrf(has_side_effect=True)(s, uplo=L), s)[1])(S))"),
    "lowered": "lowered(lambda s: potrf()(s, uplo=L), S)",
    "lowered_getrf": "lowered(lambda a: getrf()(a), A)",
    "lowered_side_effect": "lowered(lambda s: potrf(has_side_effect=True)(s, uplo=L), S)",
    # refusals
    "err_vmap_none": "at.vmap(lambda s: potrf()(s, uplo=L))(SB)",
    "err_vmap_method": "potrf(vmap_method='parallel')",
    "err_grad": "at.grad(lambda s: potrf()(s, uplo=L)[0].sum())(S)",
    "err_jvp": "at.jvp(lambda s: potrf()(s, uplo=L)[0], (S,), (S,))",
    "err_input_layouts": "potrf()(S, S, uplo=L)",
    "err_output_layouts": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')), "
                           "output_layouts=[(1, 0)])(S, uplo=L)"),
    "err_alias_input": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')), "
                        "input_output_aliases={1: 0})(S, uplo=L)"),
    "err_alias_output": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')), "
                         "input_output_aliases={0: 2})(S, uplo=L)"),
    "err_alias_aval": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')), "
                       "input_output_aliases={0: 1})(S, uplo=L)"),
    "err_alias_layout": ("at.ffi.ffi_call('lapack_spotrf_ffi', (sds((3, 3), 'float32'), sds((), 'int32')), "
                         "input_layouts=[(1, 0)], input_output_aliases={0: 0})(S, uplo=L)"),
    "err_unhashable": "potrf()(S, uplo=[1, 2])",
    "err_result_without_shape": "at.ffi.ffi_call('lapack_spotrf_ffi', (3, 3))",
    "err_legacy_config": "at.ffi.ffi_call('lapack_spotrf_ffi', sds((3, 3), 'float32'), legacy_backend_config='x')",
    "err_register_type_id": "at.ffi.register_ffi_type_id('t', None)",
    "include_dir_has_ffi_header": "os.path.isfile(os.path.join(at.ffi.include_dir(), 'xla', 'ffi', 'api', 'ffi.h'))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case in ``namespace`` (JAX's, or the runtime's): shared with the test, which passes the runtime's
    namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<ffi>")


def main_inside() -> None:
    import os

    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/ffi_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np, "os": os}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
