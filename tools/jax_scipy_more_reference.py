"""Write JAX 0.10.2's results for the ``jax.scipy`` functions added after the first scipy tables (``signal``'s
``detrend``, ``fftconvolve`` and spectral analysis ``welch``, ``csd``, ``stft``, ``istft``; ``sparse.linalg``'s
iterative solvers; ``optimize.minimize``) to ``tests/data/jax_scipy_more_reference.json``: values on seeded inputs,
dtypes and weak flags, under ``jit``, ``vmap`` and ``grad`` where JAX runs them there, and the error class where JAX refuses; with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_scipy_more_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``np``: NumPy; the prelude imports ``signal``, its ``scipy.signal``), so
``tests/runtime/test_scipy_more.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_scipy_more_reference.json"

PRELUDE = '''
import importlib
signal = importlib.import_module(at.__name__ + ".scipy.signal")
sla = importlib.import_module(at.__name__ + ".scipy.sparse.linalg")
opt = importlib.import_module(at.__name__ + ".scipy.optimize")
rng = np.random.default_rng(0)
S8 = rng.standard_normal(8).astype(np.float32)
S5 = rng.standard_normal(5).astype(np.float32)
S3 = rng.standard_normal(3).astype(np.float32)
M46 = rng.standard_normal((4, 6)).astype(np.float32)
M23 = rng.standard_normal((2, 3)).astype(np.float32)
C8 = (S8 + 1j * rng.standard_normal(8)).astype(np.complex64)
I8 = rng.integers(-5, 5, 8).astype(np.int32)
T12 = (np.arange(12, dtype=np.float32) * 0.5 + rng.standard_normal(12).astype(np.float32))
_G = rng.standard_normal((4, 4)).astype(np.float32)
SPD = (_G @ _G.T + 4 * np.eye(4)).astype(np.float32)
GEN = (_G + 5 * np.eye(4)).astype(np.float32)
B4 = rng.standard_normal(4).astype(np.float32)
CSPD = (SPD + 1j * (np.triu(_G, 1) - np.triu(_G, 1).T)).astype(np.complex64)
CB4 = (B4 + 1j * rng.standard_normal(4)).astype(np.complex64)
DIAG = np.diag(1 / np.diag(SPD)).astype(np.float32)
def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)
def quad(x, c):
    return jnp.sum((x - c) ** 2) + 0.5 * jnp.sum(x ** 4)
rs = np.random.default_rng(1)
X40 = rs.standard_normal(40).astype(np.float32)
Y40 = rs.standard_normal(40).astype(np.float32)
X2D = rs.standard_normal((3, 40)).astype(np.float32)
C40 = (X40 + 1j * Y40).astype(np.complex64)
I40 = rs.integers(-5, 5, 40).astype(np.int32)
WIN8 = np.linspace(0.2, 1.0, 8).astype(np.float32)
Z8 = signal.stft(X40, nperseg=8)[2]
'''
"""Inputs, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # signal.fftconvolve
    "fftconvolve_full": "signal.fftconvolve(S8, S3)",
    "fftconvolve_same": "signal.fftconvolve(S8, S3, mode='same')",
    "fftconvolve_valid": "signal.fftconvolve(S8, S3, mode='valid')",
    "fftconvolve_valid_swap": "signal.fftconvolve(S3, S8, mode='valid')",
    "fftconvolve_same_swap": "signal.fftconvolve(S3, S8, mode='same')",
    "fftconvolve_valid_bad": "signal.fftconvolve(M46, M23.T, mode='valid')",
    "fftconvolve_bad_mode": "signal.fftconvolve(S8, S3, mode='wrap')",
    "fftconvolve_2d": "signal.fftconvolve(M46, M23)",
    "fftconvolve_2d_same": "signal.fftconvolve(M46, M23, mode='same')",
    "fftconvolve_ranks": "signal.fftconvolve(M46, S3)",
    "fftconvolve_complex": "signal.fftconvolve(C8, S3)",
    "fftconvolve_int": "signal.fftconvolve(I8, np.array([1, 2], np.int32))",
    "fftconvolve_ones": "signal.fftconvolve(M46[:1], S3[None, :1])",
    "fftconvolve_axes": "signal.fftconvolve(M46, M46[:, :3], axes=1)",
    "fftconvolve_axes_int": "signal.fftconvolve(M46, M46[:, :3], axes=-1)",
    "fftconvolve_axes_bad": "signal.fftconvolve(M46, M23, axes=1)",
    "fftconvolve_list": "signal.fftconvolve([1.0, 2.0], S3)",
    "fftconvolve_jit": "at.jit(signal.fftconvolve)(S8, S3)",
    "fftconvolve_grad": "at.grad(lambda a: signal.fftconvolve(a, S3).sum())(S8)",
    "fftconvolve_f64": "signal.fftconvolve(S8.astype(np.float64), S3)",
    "convolve_fft": "signal.convolve(S8, S3, method='fft')",
    "correlate_fft": "signal.correlate(S8, S3, method='fft', mode='same')",
    # signal.detrend
    "detrend_linear": "signal.detrend(T12)",
    "detrend_constant": "signal.detrend(T12, type='constant')",
    "detrend_bad_type": "signal.detrend(T12, type='quadratic')",
    "detrend_bp": "signal.detrend(T12, bp=[4, 9])",
    "detrend_bp_int": "signal.detrend(T12, bp=6)",
    "detrend_bp_bad": "signal.detrend(T12, bp=[20])",
    "detrend_axis0": "signal.detrend(M46, axis=0)",
    "detrend_3d": "signal.detrend(np.stack([M46, M46 * 2]), axis=1)",
    "detrend_int": "signal.detrend(I8)",
    "detrend_int_constant": "signal.detrend(I8, type='constant')",
    "detrend_complex": "signal.detrend(C8)",
    "detrend_f64": "signal.detrend(T12.astype(np.float64))",
    "detrend_overwrite": "signal.detrend(T12, overwrite_data=True)",
    "detrend_list": "signal.detrend([1.0, 2.0, 4.0])",
    "detrend_jit": "at.jit(signal.detrend)(T12)",
    "detrend_grad": "at.grad(lambda a: (signal.detrend(a) ** 2).sum())(T12)",
    # signal.welch / csd / stft / istft (JAX's _spectral_helper)
    "welch": "signal.welch(X40)",
    "welch_nperseg": "signal.welch(X40, nperseg=16)",
    "welch_fs": "signal.welch(X40, fs=10.0, nperseg=16)",
    "welch_median": "signal.welch(X40, nperseg=16, average='median')",
    "welch_spectrum": "signal.welch(X40, nperseg=16, scaling='spectrum')",
    "welch_linear": "signal.welch(X40, nperseg=16, detrend='linear')",
    "welch_no_detrend": "signal.welch(X40, nperseg=16, detrend=False)",
    "welch_callable_detrend": "signal.welch(X40, nperseg=16, detrend=lambda s: s - s[..., :1])",
    "welch_nfft": "signal.welch(X40, nperseg=16, nfft=33)",
    "welch_noverlap": "signal.welch(X40, nperseg=16, noverlap=4)",
    "welch_twosided": "signal.welch(X40, nperseg=16, return_onesided=False)",
    "welch_axis0": "signal.welch(X2D.T, nperseg=16, axis=0)",
    "welch_2d": "signal.welch(X2D, nperseg=16)",
    "welch_window_array": "signal.welch(X40, window=WIN8)",
    "welch_one_segment": "signal.welch(X40[:8], nperseg=8)",
    "welch_long_nperseg": "signal.welch(X40[:8], nperseg=16)",
    "welch_int": "signal.welch(I40, nperseg=16)",
    "welch_complex": "signal.welch(C40, nperseg=16)",
    "welch_f64": "signal.welch(X40.astype(np.float64), nperseg=16)",
    "welch_empty": "signal.welch(np.zeros((0,), np.float32))",
    "welch_jit": "at.jit(lambda a: signal.welch(a, nperseg=16))(X40)",
    "welch_grad": "at.grad(lambda a: signal.welch(a, nperseg=16)[1].sum())(X40)",
    "welch_bad_scaling": "signal.welch(X40, nperseg=16, scaling='power')",
    "welch_bad_average": "signal.welch(X40, nperseg=16, average='max')",
    "welch_bad_noverlap": "signal.welch(X40, nperseg=16, noverlap=16)",
    "welch_bad_nfft": "signal.welch(X40, nperseg=16, nfft=8)",
    "welch_bad_nperseg": "signal.welch(X40, nperseg=0)",
    "welch_bad_window_2d": "signal.welch(X40, window=np.ones((2, 4), np.float32))",
    "welch_bad_window_long": "signal.welch(X40[:4], window=WIN8)",
    "welch_bad_window_nperseg": "signal.welch(X40, window=WIN8, nperseg=4)",
    "welch_bad_detrend": "signal.welch(X40, nperseg=16, detrend='cubic')",
    "welch_list": "signal.welch([1.0, 2.0, 0.5, -1.0], nperseg=4)",
    "csd": "signal.csd(X40, Y40, nperseg=16)",
    "csd_none": "signal.csd(X40, None, nperseg=16)",
    "csd_self": "signal.csd(X40, X40, nperseg=16)",
    "csd_lengths": "signal.csd(X40, Y40[:30], nperseg=16)",
    "csd_lengths_swap": "signal.csd(X40[:30], Y40, nperseg=16)",
    "csd_median": "signal.csd(X40, Y40, nperseg=16, average='median')",
    "csd_broadcast": "signal.csd(X2D, Y40[None, :], nperseg=16)",
    "csd_complex": "signal.csd(C40, Y40, nperseg=16)",
    "csd_mixed": "signal.csd(I40, Y40.astype(np.float64), nperseg=16)",
    "csd_rank": "signal.csd(X2D, Y40, nperseg=16)",
    "csd_bad_broadcast": "signal.csd(X2D, X2D[:2], nperseg=16)",
    "csd_empty": "signal.csd(np.zeros((0,), np.float32), Y40)",
    "csd_spectrum": "signal.csd(X40, Y40, nperseg=16, scaling='spectrum', return_onesided=False)",
    "stft": "signal.stft(X40)",
    "stft_nperseg": "signal.stft(X40, nperseg=8)",
    "stft_odd_nperseg": "signal.stft(X40, nperseg=7)",
    "stft_even": "signal.stft(X40, nperseg=8, boundary='even')",
    "stft_odd": "signal.stft(X40, nperseg=8, boundary='odd')",
    "stft_constant": "signal.stft(X40, nperseg=8, boundary='constant')",
    "stft_no_boundary": "signal.stft(X40, nperseg=8, boundary=None, padded=False)",
    "stft_detrend": "signal.stft(X40, nperseg=8, detrend='constant')",
    "stft_twosided": "signal.stft(X40, nperseg=8, return_onesided=False)",
    "stft_complex": "signal.stft(C40, nperseg=8)",
    "stft_int": "signal.stft(I40, nperseg=8)",
    "stft_f64": "signal.stft(X40.astype(np.float64), nperseg=8, fs=2.0)",
    "stft_2d_axis0": "signal.stft(X2D.T, nperseg=8, axis=0)",
    "stft_one": "signal.stft(X40, nperseg=1, noverlap=0, boundary=None)",
    "stft_window_array": "signal.stft(X40, window=WIN8, nperseg=8)",
    "stft_bad_boundary": "signal.stft(X40, nperseg=8, boundary='wrap')",
    "stft_bad_odd": "signal.stft(X40[:3], nperseg=16, boundary='odd')",
    "stft_jit": "at.jit(lambda a: signal.stft(a, nperseg=8))(X40)",
    "stft_grad": "at.grad(lambda a: jnp.abs(signal.stft(a, nperseg=8)[2]).sum())(X40)",
    "istft": "signal.istft(Z8)",
    "istft_nperseg": "signal.istft(signal.stft(X40, nperseg=7)[2], nperseg=7)",
    "istft_twosided": "signal.istft(signal.stft(C40, nperseg=8)[2], input_onesided=False)",
    "istft_no_boundary": "signal.istft(signal.stft(X40, nperseg=8, boundary=None)[2], boundary=False)",
    "istft_fs": "signal.istft(Z8, fs=4.0, noverlap=2)",
    "istft_nfft": "signal.istft(signal.stft(X40, nperseg=8, nfft=16)[2], nperseg=8, nfft=16)",
    "istft_window_array": "signal.istft(Z8, window=WIN8)",
    "istft_batch": "signal.istft(signal.stft(X2D, nperseg=8)[2])",
    "istft_axes": "signal.istft(jnp.swapaxes(Z8, 0, 1), time_axis=0, freq_axis=1)",
    "istft_f64": "signal.istft(Z8.astype(np.complex128))",
    "istft_real_input": "signal.istft(np.ones((5, 4), np.float32))",
    "istft_1d": "signal.istft(np.ones(5, np.complex64))",
    "istft_same_axes": "signal.istft(Z8, time_axis=0, freq_axis=0)",
    "istft_bad_nfft": "signal.istft(Z8, nfft=4)",
    "istft_bad_noverlap": "signal.istft(Z8, noverlap=8)",
    "istft_bad_window_len": "signal.istft(Z8, window=WIN8[:5])",
    "istft_bad_window_2d": "signal.istft(Z8, window=np.ones((2, 4), np.float32))",
    "istft_jit": "at.jit(lambda z: signal.istft(z))(Z8)",
    # sparse.linalg
    "cg": "sla.cg(SPD, B4)",
    "cg_f64": "sla.cg(SPD.astype(np.float64), B4.astype(np.float64))",
    "cg_fun": "sla.cg(lambda v: jnp.dot(SPD, v), B4)",
    "cg_x0": "sla.cg(SPD, B4, x0=B4)",
    "cg_tol": "sla.cg(SPD, B4, tol=1e-2)",
    "cg_atol": "sla.cg(SPD, B4, atol=0.5)",
    "cg_maxiter": "sla.cg(SPD, B4, maxiter=1)",
    "cg_precond": "sla.cg(SPD, B4, M=DIAG)",
    "cg_precond_fun": "sla.cg(SPD, B4, M=lambda v: v / jnp.diag(SPD))",
    "cg_complex": "sla.cg(CSPD, CB4)",
    "cg_pytree": "sla.cg(lambda t: {'a': 2.0 * t['a'], 'b': 3.0 * t['b']}, {'a': B4[:2], 'b': B4[2:]})",
    "cg_bad_matrix": "sla.cg(M46, B4)",
    "cg_bad_operator": "sla.cg('A', B4)",
    "cg_bad_x0_shape": "sla.cg(SPD, B4, x0=B4[:3])",
    "cg_bad_x0_tree": "sla.cg(SPD, B4, x0=(B4,))",
    "cg_jit": "at.jit(lambda a, b: sla.cg(a, b)[0])(SPD, B4)",
    "cg_grad_b": "at.grad(lambda b: sla.cg(SPD, b)[0].sum())(B4)",
    "cg_grad_a": "at.grad(lambda a: sla.cg(lambda v: jnp.dot(a, v), B4)[0].sum())(SPD)",
    "cg_vmap": "at.vmap(lambda b: sla.cg(SPD, b)[0])(np.stack([B4, 2 * B4]))",
    "bicgstab": "sla.bicgstab(GEN, B4)",
    "bicgstab_f64": "sla.bicgstab(GEN.astype(np.float64), B4.astype(np.float64))",
    "bicgstab_fun": "sla.bicgstab(lambda v: jnp.dot(GEN, v), B4, tol=1e-6)",
    "bicgstab_precond": "sla.bicgstab(GEN, B4, M=np.diag(1 / np.diag(GEN)).astype(np.float32))",
    "bicgstab_maxiter": "sla.bicgstab(GEN, B4, maxiter=1)",
    "bicgstab_complex": "sla.bicgstab(CSPD, CB4)",
    "bicgstab_x0": "sla.bicgstab(GEN, B4, x0=B4)",
    "bicgstab_grad_b": "at.grad(lambda b: sla.bicgstab(GEN, b)[0].sum())(B4)",
    "bicgstab_jit": "at.jit(lambda a, b: sla.bicgstab(a, b)[0])(GEN, B4)",
    "gmres": "sla.gmres(GEN, B4)",
    "gmres_incremental": "sla.gmres(GEN, B4, solve_method='incremental')",
    "gmres_f64": "sla.gmres(GEN.astype(np.float64), B4.astype(np.float64))",
    "gmres_restart": "sla.gmres(GEN, B4, restart=2)",
    "gmres_restart_incremental": "sla.gmres(GEN, B4, restart=2, solve_method='incremental')",
    "gmres_maxiter": "sla.gmres(GEN, B4, restart=1, maxiter=1)",
    "gmres_precond": "sla.gmres(GEN, B4, M=np.diag(1 / np.diag(GEN)).astype(np.float32))",
    "gmres_fun": "sla.gmres(lambda v: jnp.dot(GEN, v), B4, x0=B4)",
    "gmres_complex": "sla.gmres(CSPD, CB4)",
    "gmres_complex_incremental": "sla.gmres(CSPD, CB4, solve_method='incremental')",
    "gmres_bad_method": "sla.gmres(GEN, B4, solve_method='direct')",
    "gmres_bad_tree": "sla.gmres(GEN, B4, x0=[B4])",
    "gmres_singular": "sla.gmres(np.zeros((4, 4), np.float32), B4, maxiter=2)",
    "gmres_grad_b": "at.grad(lambda b: sla.gmres(GEN, b)[0].sum())(B4)",
    "gmres_jit": "at.jit(lambda a, b: sla.gmres(a, b))(GEN, B4)",
    "gmres_vmap": "at.vmap(lambda b: sla.gmres(GEN, b)[0])(np.stack([B4, 2 * B4]))",
    # optimize.minimize
    "minimize_rosen": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS'))",
    "minimize_rosen_f64": "tuple(opt.minimize(rosen, np.zeros(3), method='bfgs'))",
    "minimize_args": "tuple(opt.minimize(quad, np.zeros(2, np.float32), (np.array([1.0, -2.0], np.float32),), "
                     "method='BFGS'))",
    "minimize_maxiter": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', options={'maxiter': 2}))",
    "minimize_gtol": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', options={'gtol': 1e-2}))",
    "minimize_norm": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', options={'norm': 2}))",
    "minimize_ls_maxiter": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', "
                           "options={'line_search_maxiter': 2}))",
    "minimize_converged": "tuple(opt.minimize(lambda x: jnp.sum(x ** 2), np.zeros(2, np.float32), method='BFGS'))",
    "minimize_tol": "tuple(opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', tol=1e-3))",
    "minimize_bad_method": "opt.minimize(rosen, np.zeros(3, np.float32), method='Nelder-Mead')",
    "minimize_bad_args": "opt.minimize(quad, np.zeros(2, np.float32), [1.0], method='BFGS')",
    "minimize_bad_option": "opt.minimize(rosen, np.zeros(3, np.float32), method='BFGS', options={'eps': 1.0})",
    "minimize_jit": "at.jit(lambda x0: opt.minimize(rosen, x0, method='BFGS').x)(np.zeros(3, np.float32))",
    "minimize_vmap": "at.vmap(lambda c: opt.minimize(quad, np.zeros(2, np.float32), (c,), method='BFGS').x)"
                     "(np.array([[1.0, 2.0], [0.5, -1.0]], np.float32))",
    "minimize_fields": "opt.OptimizeResults._fields",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf,
                           label="<jax_scipy_more>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_scipy_more_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
