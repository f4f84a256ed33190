"""Write JAX 0.10.2's results for ``jax.example_libraries`` (``stax``, ``optimizers``), ``jax.nn.initializers`` and
``jax.lax``'s convolution conveniences (``conv``, ``conv_with_general_padding``, ``conv_transpose``,
``conv_dimension_numbers``, ``padtype_to_pads``, the shape helpers) to
``tests/data/example_libraries_reference.json``: values, dtypes and weak flags of seeded inputs (the initializers draw
from JAX's PRNG, which arraytyping reproduces bit for bit), shapes, and the error class where JAX refuses, with x64
off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/example_libraries_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module; ``jnp``:
its numpy; ``stax``, ``optimizers``, ``init``: its example libraries and ``nn.initializers``), so
``tests/runtime/test_example_libraries.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "example_libraries_reference.json"

PRELUDE = '''
import importlib
stax = importlib.import_module(at.__name__ + ".example_libraries.stax")
optimizers = importlib.import_module(at.__name__ + ".example_libraries.optimizers")
init = importlib.import_module(at.__name__ + ".nn.initializers")
lax = at.lax
K = at.random.PRNGKey(0)
K1 = at.random.PRNGKey(1)
rng = np.random.default_rng(0)
X = rng.standard_normal((2, 3, 9, 8)).astype(np.float32)       # NCHW
W = rng.standard_normal((4, 3, 3, 2)).astype(np.float32)       # OIHW
XH = np.transpose(X, (0, 2, 3, 1))                               # NHWC
WH = np.transpose(W, (2, 3, 1, 0))                               # HWIO
X1 = rng.standard_normal((2, 7, 3)).astype(np.float32)          # NHC
W1 = rng.standard_normal((3, 3, 5)).astype(np.float32)          # HIO
X3 = rng.standard_normal((1, 2, 5, 4, 6)).astype(np.float32)    # NCDHW
W3 = rng.standard_normal((3, 2, 2, 3, 2)).astype(np.float32)    # OIDHW
XG = rng.standard_normal((2, 4, 6, 6)).astype(np.float32)
WG = rng.standard_normal((6, 2, 3, 3)).astype(np.float32)
P = {"w": np.array([[1.0, -2.0], [0.5, 3.0]], np.float32), "b": (np.array([0.1, -0.2, 0.3], np.float32),)}
G = {"w": np.array([[0.3, -0.1], [0.2, 0.05]], np.float32), "b": (np.array([-0.5, 0.25, 1.0], np.float32),)}

def layer(l, shape, x, **kw):
    out_shape, params = l[0](K, shape)
    return [np.asarray(out_shape), l[1](params, x, **kw)] + at.tree_util.tree_leaves(params)

def run_opt(opt, steps=3, params=P, grads=G):
    opt_init, opt_update, get_params = opt
    state = opt_init(params)
    for i in range(steps):
        state = opt_update(i, grads, state)
    return get_params(state)

def schedule(s, steps=(0, 1, 5, 10, 20)):
    return [jnp.asarray(s(i)) for i in steps]

def roundtrip(opt):
    opt_init, opt_update, get_params = opt
    s = opt_update(0, G, opt_init(P))
    back = optimizers.pack_optimizer_state(optimizers.unpack_optimizer_state(s))
    return get_params(opt_update(1, G, back))
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    # nn.initializers
    "init_zeros": "init.zeros(K, (2, 3))",
    "init_ones_f16": "init.ones(K, (3,), jnp.float16)",
    "init_constant": "init.constant(-1.5)(K, (2, 2))",
    "init_constant_int": "init.constant(3, jnp.int32)(K, (2,))",
    "init_uniform": "init.uniform(2.0)(K, (3, 4))",
    "init_normal": "init.normal()(K, (5,))",
    "init_normal_f64": "init.normal(0.5, jnp.float64)(K, (2, 3))",
    "init_normal_bf16": "init.normal(1.0)(K, (4,), jnp.bfloat16)",
    "init_truncated_normal": "init.truncated_normal(0.5, lower=-1.0, upper=1.5)(K, (6,))",
    "init_glorot_normal": "init.glorot_normal()(K, (3, 4))",
    "init_glorot_uniform": "init.glorot_uniform()(K, (4, 3))",
    "init_lecun_normal": "init.lecun_normal()(K, (2, 3, 4))",
    "init_lecun_uniform": "init.lecun_uniform()(K, (5, 2))",
    "init_he_normal": "init.he_normal(in_axis=0, out_axis=(1, 2))(K, (3, 2, 4))",
    "init_he_uniform": "init.he_uniform(batch_axis=0)(K, (2, 3, 4))",
    "init_xavier_is_glorot": "init.xavier_normal()(K, (3, 3))",
    "init_kaiming_is_he": "init.kaiming_uniform()(K, (3, 3))",
    "init_variance_fan_out": "init.variance_scaling(0.5, 'fan_out', 'normal')(K, (3, 5))",
    "init_variance_geo": "init.variance_scaling(2.0, 'fan_geo_avg', 'uniform')(K, (3, 5))",
    "init_variance_complex_uniform": "init.variance_scaling(1.0, 'fan_in', 'uniform')(K, (2, 3), jnp.complex64)",
    "init_variance_complex_tn": "init.variance_scaling(1.0, 'fan_avg', 'truncated_normal', dtype=jnp.complex64)(K, (3, 2))",
    "init_variance_bad_mode": "init.variance_scaling(1.0, 'fan', 'normal')(K, (3, 2))",
    "init_variance_bad_distribution": "init.variance_scaling(1.0, 'fan_in', 'cauchy')(K, (3, 2))",
    "init_glorot_1d": "init.glorot_normal()(K, (3,))",
    "init_orthogonal": "init.orthogonal()(K, (4, 4))",
    "init_orthogonal_wide": "init.orthogonal(2.0)(K, (2, 5))",
    "init_orthogonal_tall_axis": "init.orthogonal(column_axis=0)(K, (3, 2, 2))",
    "init_orthogonal_empty": "init.orthogonal()(K, (0, 3))",
    "init_orthogonal_1d": "init.orthogonal()(K, (3,))",
    "init_delta_orthogonal": "init.delta_orthogonal()(K, (3, 3, 2, 4))",
    "init_delta_orthogonal_3d": "init.delta_orthogonal(0.5)(K, (2, 3, 3))",
    "init_delta_orthogonal_bad": "init.delta_orthogonal()(K, (3, 3, 4, 2))",
    # lax convolutions
    "conv_same": "lax.conv(X, W, (1, 1), 'SAME')",
    "conv_valid_strided": "lax.conv(X, W, (2, 1), 'VALID')",
    "conv_general_padding": "lax.conv_with_general_padding(X, W, (1, 2), [(1, 0), (2, 1)], (2, 1), (1, 2))",
    "conv_general_padding_str": "lax.conv_with_general_padding(X, W, (1, 1), 'SAME', None, (2, 2))",
    "conv_dn": "lax.conv_dimension_numbers(X.shape, W.shape, ('NCHW', 'OIHW', 'NCHW'))",
    "conv_dn_nhwc": "lax.conv_dimension_numbers(XH.shape, WH.shape, ('NHWC', 'HWIO', 'NHWC'))",
    "conv_dn_bad": "lax.conv_dimension_numbers(XH.shape, WH.shape, ('NHWC', 'HWIO'))",
    "conv_general_dn_obj": ("lax.conv_general_dilated(XH, WH, (1, 1), 'SAME', dimension_numbers="
                            "lax.conv_dimension_numbers(XH.shape, WH.shape, ('NHWC', 'HWIO', 'NHWC')))"),
    "conv_groups": "lax.conv_general_dilated(XG, WG, (1, 1), 'VALID', feature_group_count=2)",
    "conv_1d": "lax.conv_general_dilated(X1, W1, (2,), 'SAME', dimension_numbers=('NHC', 'HIO', 'NHC'))",
    "conv_3d": "lax.conv_general_dilated(X3, W3, (1, 2, 1), [(1, 1), (0, 1), (1, 0)], rhs_dilation=(1, 1, 2))",
    "conv_transpose_same": "lax.conv_transpose(XH, WH, (2, 2), 'SAME')",
    "conv_transpose_valid": "lax.conv_transpose(XH, WH, (2, 1), 'VALID')",
    "conv_transpose_explicit": "lax.conv_transpose(XH, WH, (1, 2), [(1, 1), (0, 2)])",
    "conv_transpose_kernel": "lax.conv_transpose(XH, WH[:, :, :, :3], (2, 2), 'SAME', transpose_kernel=True)",
    "conv_transpose_dilated": "lax.conv_transpose(XH, WH, (1, 1), 'SAME', rhs_dilation=(2, 1))",
    "conv_transpose_1d": "lax.conv_transpose(X1, W1, (2,), 'VALID')",
    "conv_transpose_nchw": "lax.conv_transpose(X, W, (2, 2), 'SAME', dimension_numbers=('NCHW', 'IOHW', 'NCHW'))",
    "conv_transpose_consistent": "lax.conv_transpose(XH, WH, (2, 2), [(1, 1), (0, 2)], use_consistent_padding=True)",
    "padtype_same": "np.asarray(lax.padtype_to_pads((9, 8, 5), (3, 2, 4), (2, 1, 3), 'SAME'))",
    "padtype_same_lower": "np.asarray(lax.padtype_to_pads((9, 8), (4, 2), (1, 1), 'same_lower'))",
    "padtype_valid": "np.asarray(lax.padtype_to_pads((9, 8), (4, 2), (1, 1), 'VALID'))",
    "padtype_bad": "lax.padtype_to_pads((9, 8), (4, 2), (1, 1), 'FULL')",
    "conv_shape_tuple": "np.asarray(lax.conv_shape_tuple((2, 3, 9, 8), (4, 3, 3, 2), (2, 1), 'SAME'))",
    "conv_general_shape_tuple": ("np.asarray(lax.conv_general_shape_tuple((2, 9, 8, 3), (3, 2, 3, 4), (2, 3), "
                                 "'VALID', ('NHWC', 'HWIO', 'NHWC')))"),
    "conv_transpose_shape_tuple": ("np.asarray(lax.conv_transpose_shape_tuple((2, 9, 8, 3), (3, 2, 3, 4), (2, 3), "
                                   "'SAME', ('NHWC', 'HWIO', 'NHWC')))"),
    "reduce_window_shape_tuple": ("np.asarray(lax.reduce_window_shape_tuple((2, 9, 8), (1, 3, 2), (1, 2, 2), "
                                  "[(0, 0), (1, 1), (0, 1)]))"),
    "conv_permutations": "np.asarray(lax.conv_general_permutations(('NHWC', 'HWIO', 'NCHW')), dtype=object)",
    "grad_conv": "at.grad(lambda w: (lax.conv(X, w, (1, 1), 'SAME') ** 2).sum())(W)",
    "grad_conv_transpose": "at.grad(lambda x: lax.conv_transpose(x, WH, (2, 2), 'SAME').sum())(XH)",
    # lax's one-dimension dynamic slices (mnist_vae's)
    "dynamic_slice_in_dim": "lax.dynamic_slice_in_dim(X1, 2, 3, axis=1)",
    "dynamic_slice_in_dim_array_start": "lax.dynamic_slice_in_dim(X1, jnp.int32(-3), 2, 1)",
    "dynamic_slice_in_dim_clamped": "lax.dynamic_slice_in_dim(X1, 6, 4, axis=1)",
    "dynamic_slice_in_dim_jit": "at.jit(lambda i: lax.dynamic_slice_in_dim(X1, i * 2, 2, 1))(1)",
    "dynamic_update_slice_in_dim": "lax.dynamic_update_slice_in_dim(X1, np.zeros((2, 2, 3), np.float32), 4, 1)",
    "dynamic_update_slice_in_dim_bad": "lax.dynamic_update_slice_in_dim(X1, np.zeros((2, 2, 3), np.int32), 4, 1)",
    # stax
    "stax_dense": "layer(stax.Dense(3), (2, 4), np.ones((2, 4), np.float32))",
    "stax_conv": "layer(stax.Conv(4, (3, 2), strides=(2, 1), padding='SAME'), XH.shape, XH)",
    "stax_general_conv": "layer(stax.GeneralConv(('NCHW', 'OIHW', 'NCHW'), 2, (2, 2)), X.shape, X)",
    "stax_conv_transpose": "layer(stax.ConvTranspose(2, (3, 3), strides=(2, 2), padding='SAME'), XH.shape, XH)",
    "stax_conv1d_transpose": "layer(stax.Conv1DTranspose(2, (3,), strides=(2,)), X1.shape, X1)",
    "stax_batchnorm": "layer(stax.BatchNorm(), XH.shape, XH)",
    "stax_batchnorm_axis": "layer(stax.BatchNorm(axis=0, center=False), (2, 3), X1[:, 0, :])",
    "stax_elementwise": ("[stax.Tanh[1]((), X1), stax.Relu[1]((), X1), stax.Exp[1]((), X1), stax.LogSoftmax[1]((), X1),"
                         " stax.Softmax[1]((), X1), stax.Softplus[1]((), X1), stax.Sigmoid[1]((), X1),"
                         " stax.Elu[1]((), X1), stax.LeakyRelu[1]((), X1), stax.Selu[1]((), X1), stax.Gelu[1]((), X1)]"),
    "stax_maxpool": "layer(stax.MaxPool((2, 2), strides=(2, 1)), XH.shape, XH)",
    "stax_sumpool_same": "layer(stax.SumPool((3, 2), padding='SAME'), XH.shape, XH)",
    "stax_avgpool": "layer(stax.AvgPool((2, 3), strides=(1, 2), padding='SAME'), XH.shape, XH)",
    "stax_avgpool_spec": "layer(stax.AvgPool((2, 2), spec='NCHW'), X.shape, X)",
    "stax_flatten": "layer(stax.Flatten, XH.shape, XH)",
    "stax_identity": "layer(stax.Identity, X1.shape, X1)",
    "stax_fanout_parallel_sum": ("layer(stax.serial(stax.FanOut(2), stax.parallel(stax.Dense(3), stax.Identity), "
                                 "stax.FanInSum), (2, 3), X1[:, 0, :])"),
    "stax_fan_in_concat": ("layer(stax.serial(stax.FanOut(3), stax.parallel(stax.Dense(2), stax.Dense(4), "
                           "stax.Identity), stax.FanInConcat()), (2, 3), X1[:, 0, :])"),
    "stax_dropout": "layer(stax.Dropout(0.7), X1.shape, X1, rng=K1)",
    "stax_dropout_test": "layer(stax.Dropout(0.7, mode='test'), X1.shape, X1, rng=K1)",
    "stax_dropout_no_rng": "layer(stax.Dropout(0.7), X1.shape, X1)",
    "stax_serial_dropout": "layer(stax.serial(stax.Dense(5), stax.Dropout(0.5), stax.Dense(2)), (2, 3), X1[:, 0, :], rng=K1)",
    "stax_shape_dependent": "layer(stax.shape_dependent(lambda s: stax.Dense(s[-1] * 2)), (2, 3), X1[:, 0, :])",
    "stax_cnn": ("layer(stax.serial(stax.Conv(4, (3, 3), padding='SAME'), stax.Relu, stax.MaxPool((2, 2), "
                 "strides=(2, 2)), stax.Flatten, stax.Dense(10), stax.LogSoftmax), XH.shape, XH)"),
    "stax_grad": ("(lambda l: at.grad(lambda p: (l[1](p, XH) ** 2).sum())(l[0](K, XH.shape)[1]))(stax.serial("
                  "stax.Conv(2, (2, 2)), stax.Tanh, stax.AvgPool((2, 2)), stax.Flatten, stax.Dense(3)))"),
    # optimizers
    "opt_sgd": "run_opt(optimizers.sgd(0.1))",
    "opt_sgd_schedule": "run_opt(optimizers.sgd(optimizers.exponential_decay(0.1, 2, 0.5)))",
    "opt_momentum": "run_opt(optimizers.momentum(0.1, 0.9))",
    "opt_nesterov": "run_opt(optimizers.nesterov(0.1, 0.9))",
    "opt_adagrad": "run_opt(optimizers.adagrad(0.1))",
    "opt_rmsprop": "run_opt(optimizers.rmsprop(0.1))",
    "opt_rmsprop_momentum": "run_opt(optimizers.rmsprop_momentum(0.1))",
    "opt_adam": "run_opt(optimizers.adam(0.01))",
    "opt_adamax": "run_opt(optimizers.adamax(0.01))",
    "opt_sm3": "run_opt(optimizers.sm3(0.1))",
    "opt_sm3_scalar": "run_opt(optimizers.sm3(0.1), params=np.float32(2.0), grads=np.float32(0.5))",
    "opt_jit_adam": ("(lambda o: o[2](at.jit(lambda i, s: o[1](i, G, s))(2, at.jit(lambda i, s: o[1](i, G, s))"
                     "(1, o[0](P)))))(optimizers.adam(0.01))"),
    "opt_tree_mismatch": "(lambda o: o[1](0, {'w': G['w']}, o[0](P)))(optimizers.sgd(0.1))",
    "opt_pack_roundtrip": "roundtrip(optimizers.momentum(0.1, 0.9))",
    "opt_state_leaves": "at.tree_util.tree_leaves(optimizers.adam(0.1)[0](P))",
    "opt_make_schedule_bad": "optimizers.make_schedule(np.ones(3))",
    "sched_constant": "schedule(optimizers.constant(0.5))",
    "sched_exponential": "schedule(optimizers.exponential_decay(0.5, 4, 0.1))",
    "sched_inverse_time": "schedule(optimizers.inverse_time_decay(0.5, 4, 0.1))",
    "sched_inverse_time_staircase": "schedule(optimizers.inverse_time_decay(0.5, 4, 0.1, staircase=True))",
    "sched_polynomial": "schedule(optimizers.polynomial_decay(0.5, 10, 0.01, power=2.0))",
    "sched_piecewise": "schedule(optimizers.piecewise_constant([1, 10], [0.5, 0.1, 0.01]))",
    "sched_piecewise_bad": "optimizers.piecewise_constant([1, 10], [0.5, 0.1])",
    "l2_norm": "optimizers.l2_norm(G)",
    "clip_grads": "at.tree_util.tree_leaves(optimizers.clip_grads(G, 0.5))",
    "clip_grads_noop": "at.tree_util.tree_leaves(optimizers.clip_grads(G, 10.0))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf, label="<example_libraries>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/example_libraries_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
