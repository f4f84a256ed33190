"""Write JAX 0.10.2's results for the small ``jax.scipy`` modules (``fft``: ``dct``, ``dctn``, ``idct``, ``idctn``;
``integrate.trapezoid``; ``cluster.vq.vq``) to ``tests/data/jax_scipy_misc_reference.json``: values on seeded
inputs, their dtypes, weak flags and shapes, with x64 off and on, gradients, and the error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_scipy_misc_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module,
``jnp``: its numpy; the prelude imports ``F``, ``I`` and ``V``: its ``scipy.fft``, ``scipy.integrate`` and
``scipy.cluster.vq``), so ``tests/runtime/test_scipy_misc.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_scipy_misc_reference.json"

PRELUDE = '''
import importlib
F = importlib.import_module(at.__name__ + ".scipy.fft")
I = importlib.import_module(at.__name__ + ".scipy.integrate")
V = importlib.import_module(at.__name__ + ".scipy.cluster.vq")
rng = np.random.default_rng(0)
X = rng.standard_normal((3, 4)).astype(np.float32)
X3 = rng.standard_normal((2, 3, 5)).astype(np.float32)
x5 = rng.standard_normal(5).astype(np.float32)
XC = (X + 1j * rng.standard_normal((3, 4))).astype(np.complex64)
XI = np.array([[1, 2, 3], [4, 0, -2]], np.int32)
OBS = rng.standard_normal((6, 3)).astype(np.float32)
CB = rng.standard_normal((4, 3)).astype(np.float32)
'''
"""Inputs, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # fft
    "dct": "F.dct(X)",
    "dct_axis0": "F.dct(X, axis=0)",
    "dct_ortho": "F.dct(X, norm='ortho')",
    "dct_backward": "F.dct(x5, norm='backward')",
    "dct_n_pad": "F.dct(X, n=6)",
    "dct_n_trunc": "F.dct(X, n=2)",
    "dct_odd": "F.dct(x5)",
    "dct_f64": "F.dct(X.astype(np.float64))",
    "dct_complex": "F.dct(XC)",
    "dct_int": "F.dct(XI)",
    "dct_f16": "F.dct(x5.astype(np.float16))",
    "dct_list": "F.dct([1.0, 2.0, 3.0])",
    "dct_weak": "F.dct(jnp.asarray([1.0, 2.0, 3.0]))",
    "dct_type1": "F.dct(X, type=1)",
    "dct_bad_norm": "F.dct(X, norm='forward')",
    "dct_bad_axis": "F.dct(X, axis=2)",
    "dct_grad": "at.grad(lambda x: (F.dct(x) * np.arange(5)).sum())(x5)",
    "dct_jit": "at.jit(F.dct)(x5)",
    "dctn": "F.dctn(X)",
    "dctn_3d": "F.dctn(X3)",
    "dctn_3d_ortho": "F.dctn(X3, norm='ortho')",
    "dctn_axes": "F.dctn(X3, axes=(0, 2))",
    "dctn_one_axis": "F.dctn(X3, axes=[1])",
    "dctn_int_axes": "F.dctn(X3, axes=1)",
    "dctn_s": "F.dctn(X, s=(4, 6))",
    "dctn_s_last": "F.dctn(X3, s=[4])",
    "dctn_s_int": "F.dctn(X3, s=4)",
    "dctn_s_long": "F.dctn(X, s=(1, 2, 3))",
    "dctn_repeated": "F.dctn(X3, axes=(0, 0))",
    "dctn_complex": "F.dctn(XC)",
    "dctn_int": "F.dctn(XI)",
    "dctn_f64": "F.dctn(X3.astype(np.float64), norm='ortho')",
    "dctn_type3": "F.dctn(X, type=3)",
    "dctn_grad": "at.grad(lambda x: (F.dctn(x) ** 2).sum())(X)",
    "idct": "F.idct(X)",
    "idct_axis0": "F.idct(X, axis=0)",
    "idct_ortho": "F.idct(X, norm='ortho')",
    "idct_n": "F.idct(X, n=6)",
    "idct_odd": "F.idct(x5)",
    "idct_f64": "F.idct(X.astype(np.float64))",
    "idct_complex": "F.idct(XC)",
    "idct_int": "F.idct(XI)",
    "idct_roundtrip": "F.idct(F.dct(X3, norm='ortho'), norm='ortho')",
    "idct_bad_norm": "F.idct(X, norm='forward')",
    "idct_grad": "at.grad(lambda x: (F.idct(x) * np.arange(5)).sum())(x5)",
    "idctn": "F.idctn(X)",
    "idctn_3d": "F.idctn(X3, norm='ortho')",
    "idctn_axes": "F.idctn(X3, axes=(2, 0))",
    "idctn_s": "F.idctn(X, s=(4, 6))",
    "idctn_s_one": "F.idctn(X3, s=[3])",
    "idctn_complex": "F.idctn(XC)",
    "idctn_int": "F.idctn(XI)",
    "idctn_f64": "F.idctn(X.astype(np.float64))",
    "idctn_type4": "F.idctn(X, type=4)",
    "idctn_s_long": "F.idctn(X, s=(1, 2, 3))",
    # integrate
    "trapezoid": "I.trapezoid(np.array([1, 2, 3, 2, 3, 2, 1], np.int32), dx=1.0)",
    "trapezoid_x": "I.trapezoid(np.array([1, 2, 3, 2, 3, 2, 1], np.int32), np.array([0, 2, 5, 7, 10, 15, 20], np.int32))",
    "trapezoid_float": "I.trapezoid(X)",
    "trapezoid_axis": "I.trapezoid(X, axis=0)",
    "trapezoid_dx": "I.trapezoid(X3, dx=0.5, axis=1)",
    "trapezoid_x2": "I.trapezoid(X, X ** 2)",
    "trapezoid_f64": "I.trapezoid(X.astype(np.float64), dx=np.float32(0.5))",
    "trapezoid_weak": "I.trapezoid(jnp.asarray([1.0, 2.0, 4.0]))",
    "trapezoid_complex": "I.trapezoid(XC)",
    "trapezoid_list": "I.trapezoid([1.0, 2.0])",
    "trapezoid_grad": "at.grad(lambda y: I.trapezoid(y, x5 ** 2))(x5)",
    # cluster.vq
    "vq": "V.vq(OBS, CB)",
    "vq_example": ("V.vq(np.array([[1.1, 2.1, 3.1], [5.9, 4.8, 6.2]], np.float32), "
                   "np.array([[1., 2., 3.], [2., 3., 4.], [3., 4., 5.], [4., 5., 6.]], np.float32))"),
    "vq_1d": "V.vq(x5, np.array([-1.0, 0.0, 1.0], np.float32))",
    "vq_int": "V.vq(np.array([[1, 2], [5, 5]], np.int32), np.array([[1, 2], [4, 5]], np.int32))",
    "vq_f64": "V.vq(OBS.astype(np.float64), CB)",
    "vq_complex": "V.vq(OBS.astype(np.complex64), CB)",
    "vq_rank": "V.vq(OBS, x5)",
    "vq_3d": "V.vq(X3, X3)",
    "vq_list": "V.vq([[1.0, 2.0]], CB[:, :2])",
    "vq_grad": "at.grad(lambda o: V.vq(o, CB)[1].sum())(OBS)",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record,
        names: Collection[str] | None = None) -> dict[str, Any]:
    """Every case (or those of ``names``) evaluated in ``namespace`` (after the prelude), as
    ``tools/case_reference.py`` records it. Shared with the test, which passes the runtime's namespace."""
    chosen = CASES if names is None else {name: CASES[name] for name in names}
    return cases.run_cases(namespace, PRELUDE, chosen, messages=False, record_leaf=record_leaf,
                           label="<scipy_misc>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_scipy_misc_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
