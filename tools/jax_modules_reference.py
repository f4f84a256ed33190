"""Write JAX 0.10.2's results for its smaller public modules (``jax.ops``' segment reductions, ``jax.image``'s
resampling, ``jax.nn``'s ``logmeanexp`` and ``dot_product_attention``) to ``tests/data/jax_modules_reference.json``:
values on seeded inputs, their dtypes and weak flags, under ``jit``, ``vmap`` and ``grad``, in two configurations (x64 off and on), and the
error class where JAX refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_modules_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module, whose
``ops``, ``image`` and ``nn`` are reached as attributes, as ``import jax`` binds them; ``jnp``: its numpy; ``np``),
so ``tests/runtime/test_jax_modules.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_modules_reference.json"

PRELUDE = '''
rng = np.random.default_rng(0)
d = rng.standard_normal(7).astype(np.float32)
d2 = rng.standard_normal((7, 3)).astype(np.float32)
di = rng.integers(-5, 5, 7).astype(np.int32)
db = rng.integers(0, 2, 7).astype(bool)
ids = np.array([0, 0, 1, 3, 3, 3, 1], np.int32)
ids_sorted = np.array([0, 0, 1, 1, 1, 3, 3], np.int32)
ids_out = np.array([0, -1, 1, 4, 2, 9, 1], np.int32)
wd = jnp.asarray(d) * 1.0 + jnp.where(jnp.asarray(np.ones(7, bool)), 0.0, 1.0)
img = rng.standard_normal((5, 6, 3)).astype(np.float32)
img_i = rng.integers(0, 255, (4, 4)).astype(np.uint8)
img16 = img.astype(np.float16)
vec = rng.standard_normal(6).astype(np.float32)
ops = at.ops
image = at.image
nn = at.nn
Q = rng.standard_normal((2, 5, 4, 8)).astype(np.float32)
K = rng.standard_normal((2, 6, 2, 8)).astype(np.float32)
V = rng.standard_normal((2, 6, 2, 8)).astype(np.float32)
K4 = rng.standard_normal((2, 6, 4, 8)).astype(np.float32)
V4 = rng.standard_normal((2, 6, 4, 8)).astype(np.float32)
bias = rng.standard_normal((2, 4, 5, 6)).astype(np.float32)
bias1 = rng.standard_normal((1, 1, 5, 6)).astype(np.float32)
amask = rng.integers(0, 2, (2, 4, 5, 6)).astype(bool) | np.eye(5, 6, dtype=bool)
lens_q = np.array([3, 5], np.int32)
lens_kv = np.array([4, 6], np.int32)
x3 = rng.standard_normal((3, 4)).astype(np.float32)
w3 = rng.integers(0, 2, (3, 4)).astype(bool) | np.eye(3, 4, dtype=bool)
'''
"""Inputs, evaluated in the namespace before the cases."""

_SEGMENT_CASES: dict[str, str] = {}
for _op in ("sum", "prod", "max", "min"):
    _f = f"ops.segment_{_op}"
    _SEGMENT_CASES.update({
        f"segment_{_op}": f"{_f}(d, ids)",
        f"segment_{_op}_n": f"{_f}(d, ids, 5)",
        f"segment_{_op}_2d": f"{_f}(d2, ids, 4)",
        f"segment_{_op}_int": f"{_f}(di, ids, 4)",
        f"segment_{_op}_bool": f"{_f}(db, ids, 4)",
        f"segment_{_op}_weak": f"{_f}(wd, ids, 4)",
        f"segment_{_op}_python": f"{_f}([1.0, 2.0, 3.0], np.array([0, 1, 0]))",
        f"segment_{_op}_out_of_range": f"{_f}(d, ids_out, 4)",
        f"segment_{_op}_clip": f"{_f}(d, ids_out, 4, mode='clip')",
        f"segment_{_op}_sorted": f"{_f}(d, ids_sorted, 4, indices_are_sorted=True)",
        f"segment_{_op}_bucket": f"{_f}(d, ids, 4, bucket_size=3)",
        f"segment_{_op}_bucket_2d": f"{_f}(d2, ids, 4, bucket_size=2)",
        f"segment_{_op}_jit": f"at.jit({_f}, static_argnums=2)(d, ids, 4)",
        f"segment_{_op}_vmap": f"at.vmap(lambda x: {_f}(x, ids, 4), in_axes=1)(d2)",
        f"segment_{_op}_grad": f"at.grad(lambda x: ({_f}(x, ids, 4) ** 2).sum())(d)",
    })

CASES: dict[str, str] = {
    **_SEGMENT_CASES,
    "segment_sum_unique": "ops.segment_sum(d[:4], np.array([3, 0, 2, 1]), 4, unique_indices=True)",
    "segment_sum_empty": "ops.segment_sum(np.zeros((0,), np.float32), np.zeros((0,), np.int32), 3)",
    "segment_sum_zero_segments": "ops.segment_sum(d, ids, 0)",
    "segment_sum_negative_segments": "ops.segment_sum(d, ids, -1)",
    "segment_sum_traced_default": "at.jit(lambda x, s: ops.segment_sum(x, s))(d, ids)",
    "segment_sum_traced_count": "at.jit(lambda x, n: ops.segment_sum(x, ids, n))(d, 4)",
    "segment_sum_list": "ops.segment_sum(d, [0, 1, 1, 0, 0, 1, 1])",
    "segment_sum_jvp": "at.jvp(lambda x: ops.segment_sum(x, ids, 4), (d,), (np.ones(7, np.float32),))[1]",
    "segment_max_grad_ties": "at.grad(lambda x: ops.segment_max(x, ids, 4).sum())(np.ones(7, np.float32))",
    "segment_prod_bucket_int": "ops.segment_prod(di, ids, 4, bucket_size=2)",
    # jax.image
    "resize_method_from_string": "[m.value for m in map(image.ResizeMethod.from_string, ['nearest', 'bilinear', "
                                 "'trilinear', 'triangle', 'lanczos3', 'lanczos5', 'bicubic', 'tricubic', "
                                 "'cubic-pytorch', 'bicubic-pytorch', 'area'])]",
    "resize_method_bad": "image.ResizeMethod.from_string('bogus')",
    "resize_bad_rank": "image.resize(img, (3, 3), 'linear')",
    "resize_vec_up": "image.resize(vec, (10,), 'linear')",
    "resize_vec_down": "image.resize(vec, (4,), 'linear')",
    "resize_int_linear": "image.resize(img_i, (6, 3), 'linear')",
    "resize_int_nearest": "image.resize(img_i, (6, 3), 'nearest')",
    "resize_f16": "image.resize(img16, (3, 9, 3), 'cubic')",
    "resize_weak": "image.resize(jnp.asarray(vec) * 0 + 1.0, (9,), 'linear')",
    "resize_python_list": "image.resize([1.0, 2.0, 3.0], (5,), 'linear')",
    "resize_zero": "image.resize(vec, (0,), 'linear')",
    "resize_enum": "image.resize(img, (10, 4, 3), image.ResizeMethod.LANCZOS3)",
    "resize_jit": "at.jit(lambda x: image.resize(x, (3, 9, 3), 'cubic'))(img)",
    "resize_vmap": "at.vmap(lambda x: image.resize(x, (9, 2), 'linear'), in_axes=2)(img)",
    "resize_grad": "at.grad(lambda x: (image.resize(x, (3, 9, 3), 'lanczos3') ** 2).sum())(img)",
    "sat_linear": "image.scale_and_translate(vec, (4,), (0,), jnp.array([0.5]), jnp.array([0.]), 'linear')",
    "sat_shift": "image.scale_and_translate(img, (5, 6, 3), (0, 1), jnp.array([1.0, 1.0]), jnp.array([0.5, -1.5]), "
                 "'cubic')",
    "sat_zoom": "image.scale_and_translate(img, (8, 4, 3), (0, 1), jnp.array([1.6, 0.7]), jnp.array([0.3, 0.1]), "
                "'lanczos5', antialias=False)",
    "sat_area": "image.scale_and_translate(img, (3, 3, 3), (0, 1), jnp.array([0.6, 0.5]), jnp.array([0., 0.]), "
                "'area')",
    "sat_pytorch": "image.scale_and_translate(img, (9, 9, 3), (0, 1), jnp.array([1.8, 1.5]), jnp.array([0., 0.]), "
                   "'cubic-pytorch', antialias=False)",
    "sat_nearest": "image.scale_and_translate(vec, (4,), (0,), jnp.array([0.5]), jnp.array([0.]), 'nearest')",
    "sat_bad_rank": "image.scale_and_translate(vec, (4, 1), (0,), jnp.array([0.5]), jnp.array([0.]), 'linear')",
    "sat_grad_scale": "at.grad(lambda s: image.scale_and_translate(vec, (4,), (0,), s, jnp.array([0.1]), "
                      "'linear').sum())(jnp.array([0.7]))",
    "sat_int_scale": "image.scale_and_translate(vec, (12,), (0,), np.array([2]), np.array([0]), 'linear')",
    # jax.nn
    "logmeanexp": "nn.logmeanexp(x3)",
    "logmeanexp_axis": "nn.logmeanexp(x3, axis=1)",
    "logmeanexp_axes_keepdims": "nn.logmeanexp(x3, axis=(0, 1), keepdims=True)",
    "logmeanexp_where": "nn.logmeanexp(x3, axis=1, where=w3)",
    "logmeanexp_int": "nn.logmeanexp(np.arange(4))",
    "logmeanexp_weak": "nn.logmeanexp(jnp.asarray(x3) * 0 + 1.0, axis=0)",
    "logmeanexp_python": "nn.logmeanexp(2.0)",
    "logmeanexp_grad": "at.grad(lambda x: nn.logmeanexp(x, axis=1).sum())(x3)",
    "logmeanexp_vmap": "at.vmap(nn.logmeanexp)(x3)",
    "dpa": "nn.dot_product_attention(Q, K4, V4)",
    "dpa_grouped": "nn.dot_product_attention(Q, K, V)",
    "dpa_3d": "nn.dot_product_attention(Q[0], K[0], V[0])",
    "dpa_scale": "nn.dot_product_attention(Q, K, V, scale=0.5)",
    "dpa_bias": "nn.dot_product_attention(Q, K, V, bias)",
    "dpa_bias_broadcast": "nn.dot_product_attention(Q, K, V, bias1)",
    "dpa_mask": "nn.dot_product_attention(Q, K, V, mask=amask)",
    "dpa_causal": "nn.dot_product_attention(Q, K, V, is_causal=True)",
    "dpa_window": "nn.dot_product_attention(Q, K, V, local_window_size=(2, 1))",
    "dpa_window_int": "nn.dot_product_attention(Q, K, V, local_window_size=1)",
    "dpa_lengths": "nn.dot_product_attention(Q, K, V, query_seq_lengths=lens_q, key_value_seq_lengths=lens_kv)",
    "dpa_residual": "nn.dot_product_attention(Q, K, V, is_causal=True, return_residual=True)",
    "dpa_residual_lengths": "nn.dot_product_attention(Q, K, V, bias, amask, query_seq_lengths=lens_q, "
                            "return_residual=True)",
    "dpa_xla": "nn.dot_product_attention(Q, K, V, implementation='xla')",
    "dpa_bad_impl": "nn.dot_product_attention(Q, K, V, implementation='bogus')",
    "dpa_bf16": "nn.dot_product_attention(Q.astype(jnp.bfloat16), K.astype(jnp.bfloat16), V.astype(jnp.bfloat16))",
    "dpa_f16_causal": "nn.dot_product_attention(Q.astype(np.float16), K.astype(np.float16), V.astype(np.float16), "
                      "is_causal=True)",
    "dpa_f64": "nn.dot_product_attention(Q.astype(np.float64), K.astype(np.float64), V.astype(np.float64))",
    "dpa_bad_heads": "nn.dot_product_attention(Q[:, :, :3], K, V)",
    "dpa_bad_dtype": "nn.dot_product_attention(Q, K, V.astype(np.float16))",
    "dpa_bad_mask_dtype": "nn.dot_product_attention(Q, K, V, mask=amask.astype(np.int32))",
    "dpa_bad_lengths": "nn.dot_product_attention(Q, K, V, query_seq_lengths=lens_q.astype(np.int64))",
    "dpa_bad_value_shape": "nn.dot_product_attention(Q, K, V[:, :5])",
    "dpa_jit": "at.jit(lambda q, k, v: nn.dot_product_attention(q, k, v, is_causal=True))(Q, K, V)",
    "dpa_vmap": "at.vmap(lambda q: nn.dot_product_attention(q, K[0], V[0]))(Q)",
    "dpa_grad_q": "at.grad(lambda q: (nn.dot_product_attention(q, K, V, bias, amask) ** 2).sum())(Q)",
    "dpa_grad_kv": "at.grad(lambda k, v: nn.dot_product_attention(Q, k, v, is_causal=True).sum(), (0, 1))(K, V)",
}
for _m in ("nearest", "linear", "cubic", "lanczos3", "lanczos5", "cubic-pytorch", "area"):
    for _aa in (True, False):
        _k = _m.replace("-", "_")
        CASES[f"resize_{_k}_down_{'aa' if _aa else 'noaa'}"] = f"image.resize(img, (3, 4, 3), '{_m}', antialias={_aa})"
        CASES[f"resize_{_k}_up_{'aa' if _aa else 'noaa'}"] = f"image.resize(img, (7, 11, 3), '{_m}', antialias={_aa})"
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf,
                           label="<jax_modules>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/jax_modules_reference.py", lambda: run({"at": jax, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
