"""Write JAX 0.10.2's jaxprs, values and errors of ``vmap`` and control flow to
``tests/data/transform_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/transform_reference.py [--venv .jaxref-venv]

Each function is a *source string* over a neutral namespace: ``np`` (``jax.numpy`` / ``arraytyping.numpy``),
``lax`` (``jax.lax`` / ``arraytyping.lax``), ``vmap`` and ``jit``; ``tests/runtime/test_transform_conformance.py``
evaluates the same strings with arraytyping. Arguments are specs (no JAX needed to read them, see ``parse``):

* ``DTYPE[SHAPE]`` (``*`` after the dtype: weakly typed): an abstract array for ``make_jaxpr``, and for values a
  concrete one filled by ``concrete`` (numpy only, the same on both sides);
* ``py:LITERAL``: that Python value (``py:True``, ``py:3``, ``py:2.5``);
* a list of specs is a tuple of arguments, a dict a dict.

For every function and configuration (promotion mode x x64) the reference holds JAX's printed jaxpr, the input
and output types (``*`` marks a weak type) and its equations with nested jaxprs recorded recursively (nested
``jit`` calls inlined, so that they compare whichever functions each side stages as calls), or the error class
and message. ``VALUES`` are run on concrete arguments in the default configuration; ``ERRORS`` are calls JAX
refuses (class and message).
"""
from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "transform_reference.json"

# name -> (source, argument specs). Keep names stable: the tests refer to them.
FUNCTIONS: dict[str, tuple[str, list[Any]]] = {
    # cond
    "cond_basic": ("lambda p, x: lax.cond(p, lambda x: np.sin(x), lambda x: x * 2.0, x)", ["bool[]", "float32[3]"]),
    "cond_int_pred": ("lambda p, x: lax.cond(p, lambda x: x + 1, lambda x: x - 1, x)", ["int32[]", "int32[2]"]),
    "cond_float_pred": ("lambda p, x: lax.cond(p, lambda x: -x, lambda x: x, x)", ["float32[]", "float16[2]"]),
    "cond_concrete_pred": ("lambda x: lax.cond(True, lambda x: x, lambda x: -x, x)", ["float32[]"]),
    "cond_concrete_int_pred": ("lambda x: lax.cond(0, lambda x: x * 3, lambda x: x, x)", ["int8[2]"]),
    "cond_closure": ("lambda x, c: lax.cond(x[0] > 0, lambda y: y + c, lambda y: y - 1.0, x)",
                     ["float32[3]", "float32[3]"]),
    "cond_closure_both": ("lambda x, c: lax.cond(x[0] > 0, lambda y: y + c, lambda y: y * c, x)",
                          ["float32[3]", "float32[3]"]),
    "cond_literal_out_strong_false": ("lambda x: lax.cond(x > 0, lambda x: 1.0, lambda x: np.float32(2.), x)",
                                      ["float32[]"]),
    "cond_literal_out_weak_false": ("lambda x: lax.cond(x > 0, lambda x: np.float32(2.), lambda x: 1.0, x)",
                                    ["float32[]"]),
    "cond_weak_operand": ("lambda p: lax.cond(p, lambda x: x * 2, lambda x: x + 1, 1.5)", ["bool[]"]),
    "cond_forwarded": ("lambda x: lax.cond(x > 0, lambda x: (x, x + 1), lambda x: (x, x - 1), x)", ["float32[]"]),
    "cond_pytree": ("lambda p, a, b: lax.cond(p, lambda t: {'s': t[0] + t[1]['k'], 'd': t[1]['k']}, "
                    "lambda t: {'s': t[0] * 2, 'd': t[1]['k'] - 1}, (a, {'k': b}))",
                    ["bool[]", "float32[2]", "float32[2]"]),
    "cond_two_operands": ("lambda p, a, b: lax.cond(p, lambda a, b: a + b, lambda a, b: a - b, a, b)",
                          ["bool[]", "int16[3]", "int16[3]"]),
    "cond_no_operands": ("lambda p: lax.cond(p, lambda: np.ones(2), lambda: np.zeros(2))", ["bool[]"]),
    "cond_operand_kw": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: x + x, operand=x)",
                        ["bool[]", "bfloat16[2]"]),
    "cond_unused_in_branch": ("lambda p, x: lax.cond(p, lambda x: (np.sin(x), x)[1], lambda x: x + 1, x)",
                              ["bool[]", "float32[]"]),
    "cond_nested": ("lambda p, q, x: lax.cond(p, lambda x: lax.cond(q, lambda y: y * 2, lambda y: y + 2, x), "
                    "lambda x: x, x)", ["bool[]", "bool[]", "float32[2]"]),
    "cond_dtype_mismatch": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: x.astype(np.int32), x)",
                            ["bool[]", "float32[]"]),
    "cond_shape_mismatch": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: x[None], x)", ["bool[]", "float32[]"]),
    "cond_structure_mismatch": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: (x, x), x)",
                                ["bool[]", "float32[]"]),
    "cond_pred_not_scalar": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: x, x)", ["bool[2]", "float32[]"]),
    "cond_pred_complex": ("lambda p, x: lax.cond(p, lambda x: x, lambda x: x, x)", ["complex64[]", "float32[]"]),
    # switch
    "switch_basic": ("lambda i, x: lax.switch(i, [np.sin, np.cos, lambda x: x], x)", ["int32[]", "float32[3]"]),
    "switch_concrete_index": ("lambda x: lax.switch(1, [lambda x: x + 1, lambda x: x * 2], x)", ["int32[2]"]),
    "switch_uint8_index": ("lambda i, x: lax.switch(i, [lambda x: x + 1, lambda x: x * 2], x)",
                           ["uint8[]", "int32[2]"]),
    "switch_one_branch": ("lambda i, x: lax.switch(i, [lambda x: x + 1], x)", ["int32[]", "float32[2]"]),
    "switch_float_index": ("lambda i, x: lax.switch(i, [lambda x: x, lambda x: x], x)", ["float32[]", "float32[]"]),
    "switch_mismatch": ("lambda i, x: lax.switch(i, [lambda x: x, lambda x: -x, lambda x: x.astype(np.int32)], x)",
                        ["int32[]", "float32[]"]),
    # while_loop
    "while_basic": ("lambda x: lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 2.0), (0, x))",
                    ["float32[3]"]),
    "while_forwarded_carry": ("lambda x: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1]), (0, x))",
                              ["float32[]"]),
    "while_weak_init": ("lambda: lax.while_loop(lambda c: c < 5, lambda c: c + 1.5, 0)", []),
    "while_closure": ("lambda x, n: lax.while_loop(lambda c: c.sum() < n, lambda c: c * x, x)",
                      ["float32[2]", "float32[]"]),
    "while_dict_carry": ("lambda x: lax.while_loop(lambda c: c['i'] < 4, "
                         "lambda c: {'i': c['i'] + 1, 'v': c['v'] + c['i']}, {'i': np.int32(0), 'v': x})",
                         ["int32[2]"]),
    "while_cond_not_bool": ("lambda x: lax.while_loop(lambda c: c, lambda c: c, x)", ["float32[]"]),
    "while_cond_not_scalar": ("lambda x: lax.while_loop(lambda c: c > 0, lambda c: c, x)", ["float32[3]"]),
    "while_carry_dtype": ("lambda x: lax.while_loop(lambda c: c > 0, lambda c: c.astype(np.int32), x)",
                          ["float32[]"]),
    "while_carry_structure": ("lambda x: lax.while_loop(lambda c: c > 0, lambda c: (c, c), x)", ["float32[]"]),
    "while_long_body": ("lambda x: lax.while_loop(lambda c: c < 100, lambda c: ((((((c + 1) * 2 - 3) / 4 + 5) "
                        "* 6 - 7) / 8 + 9) * 1.5 - 1) * 2 + 1, x)", ["float32[]"]),
    # fori_loop
    "fori_static": ("lambda x: lax.fori_loop(0, 10, lambda i, c: c + i, x)", ["float32[3]"]),
    "fori_traced_upper": ("lambda n, x: lax.fori_loop(0, n, lambda i, c: c + i, x)", ["int32[]", "float32[3]"]),
    "fori_traced_both": ("lambda a, b, x: lax.fori_loop(a, b, lambda i, c: c * 2, x)",
                         ["int32[]", "int32[]", "float32[]"]),
    "fori_unroll": ("lambda x: lax.fori_loop(2, 7, lambda i, c: c * i, x, unroll=2)", ["int32[]"]),
    "fori_weak_init": ("lambda: lax.fori_loop(0, 3, lambda i, c: c + i, 1.0)", []),
    "fori_bounds_mismatch": ("lambda a, b, x: lax.fori_loop(a, b, lambda i, c: c, x)",
                             ["int32[]", "int8[]", "float32[]"]),
    "fori_unroll_traced": ("lambda n, x: lax.fori_loop(0, n, lambda i, c: c, x, unroll=2)",
                           ["int32[]", "float32[]"]),
    # scan
    "scan_basic": ("lambda c0, xs: lax.scan(lambda c, x: (c + x, c * x), c0, xs)", ["float32[3]", "float32[5,3]"]),
    "scan_reverse_unroll": ("lambda xs: lax.scan(lambda c, x: (c + x, None), 0.0, xs, reverse=True, unroll=2)",
                            ["float32[4]"]),
    "scan_unroll_true": ("lambda xs: lax.scan(lambda c, x: (c * x, c), 1.0, xs, unroll=True)", ["float32[3]"]),
    "scan_length_only": ("lambda x: lax.scan(lambda c, _: (c + np.ones(3), c), x, None, length=3)", ["float32[3]"]),
    "scan_forwarded_carry": ("lambda xs: lax.scan(lambda c, x: (c, c * x), 1.0, xs)", ["float32[4]"]),
    "scan_forwarded_ys": ("lambda xs: lax.scan(lambda c, x: (c * 2, x), 1.0, xs)", ["float32[4]"]),
    "scan_weak_int_init": ("lambda xs: lax.scan(lambda c, x: (c + x, None), 0, xs)", ["int32[5]"]),
    "scan_weak_init_promoted": ("lambda xs: lax.scan(lambda c, x: (c + x, None), 0, xs)", ["float32[5]"]),
    "scan_pytree": ("lambda c0, xs, ys: lax.scan(lambda c, x: ({'a': c['a'] + x[0], 'b': c['b'] * x[1]}, "
                    "(x[0] - x[1], c['a'])), {'a': c0, 'b': c0}, (xs, ys))",
                    ["float32[2]", "float32[4,2]", "float32[4,2]"]),
    "scan_closure": ("lambda w, xs: lax.scan(lambda c, x: (c @ w + x, c.sum()), np.zeros(2), xs)",
                     ["float32[2,2]", "float32[3,2]"]),
    "scan_int_xs_y": ("lambda xs: lax.scan(lambda c, x: (c + x, x * 2), np.int8(0), xs)", ["int8[3]"]),
    "scan_nested": ("lambda xs: lax.scan(lambda c, x: (lax.scan(lambda d, y: (d + y, None), c, x)[0], None), "
                    "0.0, xs)", ["float32[2,3]"]),
    "scan_cond_inside": ("lambda xs: lax.scan(lambda c, x: (lax.cond(x > 0, lambda c: c + x, lambda c: c, c), c), "
                         "0.0, xs)", ["float32[4]"]),
    "scan_not_pair": ("lambda xs: lax.scan(lambda c, x: c + x, 1.0, xs)", ["float32[3]"]),
    "scan_carry_dtype": ("lambda xs: lax.scan(lambda c, x: (c.astype(np.int32), x), np.float32(1), xs)",
                         ["float32[3]"]),
    "scan_carry_structure": ("lambda xs: lax.scan(lambda c, x: ((c, c), x), 1.0, xs)", ["float32[3]"]),
    "scan_lengths_differ": ("lambda a, b: lax.scan(lambda c, x: (c, x), 1.0, (a, b))", ["float32[3]", "float32[4]"]),
    "scan_length_mismatch": ("lambda a: lax.scan(lambda c, x: (c, x), 1.0, a, length=4)", ["float32[3]"]),
    "scan_no_length": ("lambda: lax.scan(lambda c, x: (c, x), 1.0, None)", []),
    "scan_bad_unroll": ("lambda a: lax.scan(lambda c, x: (c, x), 1.0, a, unroll=-1)", ["float32[3]"]),
    # lax.map: a scan, or with batch_size a scan of vmapped batches and a vmap of the remainder
    "map_basic": ("lambda x: lax.map(lambda r: np.sin(r).sum() * 2.0, x)", ["float32[7,2]"]),
    "map_batched": ("lambda x: lax.map(lambda r: np.sin(r).sum() * 2.0, x, batch_size=3)", ["float32[7,2]"]),
    "map_batched_even": ("lambda x: lax.map(lambda r: r * r, x, batch_size=2)", ["float32[6,2]"]),
    "map_batch_zero": ("lambda x: lax.map(lambda r: r.sum(), x, batch_size=0)", ["float32[7,2]"]),
    "map_batch_over": ("lambda x: lax.map(lambda r: r.sum(), x, batch_size=8)", ["float32[7,2]"]),
    "map_pytree": ("lambda x, i: lax.map(lambda d: (d['a'] * 2, d['b'] + 1), {'a': x, 'b': i}, batch_size=3)",
                   ["float32[7,2]", "int32[7]"]),
    "map_weak": ("lambda x: lax.map(lambda r: r * 2, x, batch_size=2)", ["float32*[5]"]),
    "map_no_xs": ("lambda: lax.map(lambda x: x, ())", []),
    "vmap_map": ("vmap(lambda x: lax.map(lambda r: r * 2, x))", ["float32[2,3,4]"]),
    # vmap of primitives
    "vmap_unstack": ("vmap(lambda x: np.unstack(x, axis=1))", ["float32[2,3,4]"]),
    "vmap_unstack_axis1": ("vmap(lambda x: np.unstack(x), in_axes=1)", ["float32[3,2,4]"]),
    "vmap_stack_unbatched": ("vmap(lambda x, y: np.stack([x, y]), in_axes=(0, None))", ["float32[4,3]", "float32[3]"]),
    "vmap_add": ("vmap(lambda x, y: x + y)", ["float32[4,3]", "float32[4,3]"]),
    "vmap_add_none": ("vmap(lambda x, y: x + y, in_axes=(0, None))", ["float32[4,3]", "float32[3]"]),
    "vmap_add_axes_1_0": ("vmap(lambda x, y: x * y, in_axes=(1, 0))", ["int32[3,4]", "int32[4,3]"]),
    "vmap_add_scalar_bcast": ("vmap(lambda x, y: x - y, in_axes=(0, None))", ["float32[4]", "float32[2,3]"]),
    "vmap_mixed_dtypes": ("vmap(lambda x, y: x + y)", ["int8[4,2]", "float16[4,2]"]),
    "vmap_python_scalar": ("vmap(lambda x: x * 2 + 1.0)", ["int32[4,2]"]),
    "vmap_negative_axis": ("vmap(lambda x: np.sin(x), in_axes=-1, out_axes=-1)", ["float32[2,5]"]),
    "vmap_out_axes_1": ("vmap(lambda x: x * 2, out_axes=1)", ["float32[4,2,3]"]),
    "vmap_unbatched_out": ("vmap(lambda x, y: (x + 1, y * 2), in_axes=(0, None))", ["float32[4]", "float32[3]"]),
    "vmap_out_axes_none": ("vmap(lambda x, y: (x + 1, y * 2), in_axes=(0, None), out_axes=(0, None))",
                           ["float32[4]", "float32[3]"]),
    "vmap_constant_out": ("vmap(lambda x: 1.0)", ["float32[3]"]),
    "vmap_unary": ("vmap(lambda x: (-x, np.exp(x), np.abs(x), np.sqrt(x), np.sign(x), np.log(x)))",
                   ["float32[3,2]"]),
    "vmap_astype": ("vmap(lambda x: x.astype(np.int16))", ["float32[3,2]"]),
    "vmap_pow": ("vmap(lambda x, y: (x ** 3, x ** y))", ["float32[3]", "float32[3]"]),
    "vmap_compare_where": ("vmap(lambda x, y: np.where(x > y, x, y))", ["float32[3,2]", "float32[3,2]"]),
    "vmap_where_unbatched_cond": ("vmap(lambda c, x: np.where(c, x, 0.0), in_axes=(None, 0))",
                                  ["bool[2]", "float32[3,2]"]),
    "vmap_where_batched_scalar_cond": ("vmap(lambda c, x: np.where(c, x, -x))", ["bool[3]", "float32[3,2]"]),
    "vmap_sum": ("vmap(lambda x: (x.sum(), x.sum(axis=0), np.max(x, axis=1)))", ["float32[4,2,3]"]),
    "vmap_sum_axis1": ("vmap(lambda x: x.sum(axis=0), in_axes=1)", ["int32[2,4,3]"]),
    "vmap_mean": ("vmap(lambda x: np.mean(x))", ["int32[4,3]"]),
    "vmap_diagonal_square": ("vmap(lambda x: np.diagonal(x))", ["float32*[4,3,3]"]),
    "vmap_any_all": ("vmap(lambda x: (np.any(x), np.all(x, axis=0)))", ["bool[4,2,3]"]),
    "vmap_reshape": ("vmap(lambda x: x.reshape(6))", ["float32[4,2,3]"]),
    "vmap_reshape_axis1": ("vmap(lambda x: x.reshape(3, 2), in_axes=1)", ["float32[2,4,3]"]),
    "vmap_transpose": ("vmap(lambda x: x.T)", ["float32[4,2,3]"]),
    "vmap_transpose_axis2": ("vmap(lambda x: x.T, in_axes=2)", ["float32[2,3,4]"]),
    "vmap_index": ("vmap(lambda x: (x[1], x[0, 1:], x[::-1]))", ["float32[4,3,2]"]),
    "vmap_index_axis1": ("vmap(lambda x: x[1:], in_axes=1)", ["float32[3,4]"]),
    "vmap_newaxis": ("vmap(lambda x: x[:, None])", ["float32[4,3]"]),
    "vmap_broadcast_to": ("vmap(lambda x: np.broadcast_to(x, (2, 3)))", ["float32[4,3]"]),
    "vmap_zeros_like": ("vmap(lambda x: np.zeros_like(x) + np.ones(3))", ["float32[4,3]"]),
    "vmap_matvec": ("vmap(lambda w, x: w @ x, in_axes=(None, 0))", ["float32[2,3]", "float32[4,3]"]),
    "vmap_vecmat_batched_w": ("vmap(lambda w, x: x @ w, in_axes=(0, None))", ["float32[4,3,2]", "float32[3]"]),
    "vmap_matmul_both": ("vmap(lambda a, b: a @ b)", ["float32[4,2,3]", "float32[4,3,5]"]),
    # batching rules of the primitives outside the core set
    "vmap_argmax": ("vmap(lambda x: (np.argmax(x), np.argmax(x, axis=0)), in_axes=1)", ["float32[2,4,3]"]),
    "vmap_concatenate_unbatched": ("vmap(lambda x, y: np.concatenate([x, y]), in_axes=(0, None))",
                                   ["float32[4,3]", "float32[2]"]),
    "vmap_gather_batched_indices": ("vmap(lambda x, i: x[i], in_axes=(None, 0))", ["float32[5,2]", "int32[4,3]"]),
    "vmap_gather_both": ("vmap(lambda x, i: x[i])", ["float32[4,5]", "int32[4,3]"]),
    "vmap_dynamic_slice": ("vmap(lambda x, i: lax.dynamic_slice(x, (i,), (2,)))", ["float32[4,5]", "int32[4]"]),
    "vmap_top_k": ("vmap(lambda x: lax.top_k(x, 2), in_axes=1)", ["float32[5,4]"]),
    "vmap_erf_rsqrt": ("vmap(lambda x: (lax.erf(x), lax.rsqrt(x)))", ["float32[4,3]"]),
    "vmap_matmul_axes": ("vmap(lambda a, b: a @ b, in_axes=(2, 1))", ["float32[2,3,4]", "float32[3,4,5]"]),
    "vmap_dot_int": ("vmap(lambda a, b: np.dot(a, b))", ["int32[4,3]", "int32[4,3]"]),
    "vmap_floor_divide": ("vmap(lambda x, y: x // y)", ["float32[4,2]", "float32[4,2]"]),
    "vmap_remainder_int": ("vmap(lambda x, y: x % y, in_axes=(0, None))", ["int32[4,2]", "int32[2]"]),
    "vmap_nested": ("vmap(vmap(lambda x, y: x * y, in_axes=(0, None)), in_axes=(None, 0))",
                    ["float32[3,2]", "float32[4,2]"]),
    "vmap_nested_axes": ("vmap(vmap(lambda x: x.sum(), in_axes=1), in_axes=1)", ["float32[2,3,4]"]),
    "vmap_jit": ("vmap(jit(lambda x, y: np.sin(x) * y))", ["float32[4,3]", "float32[4,3]"]),
    "jit_vmap": ("jit(vmap(lambda x, y: np.sin(x) * y))", ["float32[4,3]", "float32[4,3]"]),
    "vmap_dict_in_axes": ("vmap(lambda d, s: d['a'] * s + d['b'], in_axes=({'a': 0, 'b': None}, None))",
                          [{"a": "float32[4,2]", "b": "float32[2]"}, "float32[]"]),
    "vmap_list_in_axes": ("vmap(lambda x, y: x + y, in_axes=[None, 1])", ["float32[3]", "float32[3,5]"]),
    "vmap_tuple_arg": ("vmap(lambda t: t[0] * t[1], in_axes=((0, 1),))", [["float32[4,2]", "float32[2,4]"]]),
    "vmap_kwargs": ("lambda x, y: vmap(lambda x, y: x - y)(x, y=y)", ["float32[4,2]", "float32[4,2]"]),
    "vmap_axis_size": ("vmap(lambda x: x + 1, in_axes=None, axis_size=3)", ["float32[2]"]),
    "vmap_mlp": ("vmap(lambda w1, b1, w2, x, y: np.mean((np.tanh(x @ w1 + b1) @ w2 - y) ** 2), "
                 "in_axes=(None, None, None, 0, 0))",
                 ["float32[4,8]", "float32[8]", "float32[8,2]", "float32[5,4]", "float32[5,2]"]),
    # vmap of control flow
    "vmap_cond_batched_pred": ("vmap(lambda p, x: lax.cond(p, lambda x: np.sin(x), lambda x: x * 2.0, x))",
                               ["bool[2]", "float32[2,3]"]),
    "vmap_cond_unbatched_pred": ("vmap(lambda p, x: lax.cond(p, lambda x: np.sin(x), lambda x: x * 2.0, x), "
                                 "in_axes=(None, 0))", ["bool[]", "float32[2,3]"]),
    "vmap_cond_unbatched_operand": ("vmap(lambda x, y: lax.cond(x > 0, lambda y: y + x, lambda y: y, y), "
                                    "in_axes=(0, None))", ["float32[3]", "float32[2]"]),
    "vmap_cond_pred_from_operand": ("vmap(lambda x: lax.cond(x.sum() > 0, lambda x: x, lambda x: -x, x))",
                                    ["float32[3,2]"]),
    "vmap_switch_batched": ("vmap(lambda i, x: lax.switch(i, [lambda x: x + 1, lambda x: x * 2, np.sin], x))",
                            ["int32[3]", "float32[3,2]"]),
    "vmap_switch_unbatched_index": ("vmap(lambda i, x: lax.switch(i, [lambda x: x + 1, np.cos], x), "
                                    "in_axes=(None, 0))", ["int32[]", "float32[3,2]"]),
    "vmap_while_batched_pred": ("vmap(lambda n, x: lax.while_loop(lambda c: c[0] < n, "
                                "lambda c: (c[0] + 1, c[1] * 2.0), (0, x)))", ["int32[3]", "float32[3,2]"]),
    "vmap_while_unbatched_pred": ("vmap(lambda n, x: lax.while_loop(lambda c: c[0] < n, "
                                  "lambda c: (c[0] + 1, c[1] * 2.0), (0, x)), in_axes=(None, 0))",
                                  ["int32[]", "float32[3,2]"]),
    "vmap_while_batched_body_const": ("vmap(lambda s, x: lax.while_loop(lambda c: c[0] < 3, "
                                      "lambda c: (c[0] + 1, c[1] * s), (0, x)), in_axes=(0, None))",
                                      ["float32[3]", "float32[2]"]),
    "vmap_fori_static": ("vmap(lambda x: lax.fori_loop(0, 4, lambda i, c: c * 2 + i, x))", ["float32[3,2]"]),
    "vmap_fori_traced": ("vmap(lambda n, x: lax.fori_loop(0, n, lambda i, c: c + 1.0, x))",
                         ["int32[3]", "float32[3]"]),
    "vmap_scan_batched_xs": ("vmap(lambda xs: lax.scan(lambda c, x: (c + x, c * x), 0.0, xs))", ["float32[3,4]"]),
    "vmap_scan_batched_init": ("vmap(lambda c0, xs: lax.scan(lambda c, x: (c + x, c), c0, xs), in_axes=(0, None))",
                               ["float32[3]", "float32[4]"]),
    "vmap_scan_xs_axis1": ("vmap(lambda xs: lax.scan(lambda c, x: (c * x, c), 1.0, xs), in_axes=1)",
                           ["float32[4,3]"]),
    "vmap_scan_const": ("vmap(lambda w, xs: lax.scan(lambda c, x: (c * w + x, None), 0.0, xs), in_axes=(0, None))",
                        ["float32[3]", "float32[4]"]),
    "jit_vmap_scan": ("jit(vmap(lambda xs: lax.scan(lambda c, x: (c + x, None), np.zeros(2), xs)))",
                      ["float32[3,4,2]"]),
    # vmap errors
    "vmap_inconsistent_sizes": ("vmap(lambda a, b: a + b)", ["float32[3]", "float32[4]"]),
    "vmap_rank_too_small": ("vmap(lambda a: a, in_axes=1)", ["float32[3]"]),
    "vmap_out_axes_out_of_range": ("vmap(lambda a: a, out_axes=2)", ["float32[2,3]"]),
    "vmap_out_axes_none_batched": ("vmap(lambda a: a, out_axes=None)", ["float32[2,3]"]),
    "vmap_in_axes_length": ("vmap(lambda a, b: a, in_axes=(0,))", ["float32[3]", "float32[3]"]),
    "vmap_all_none": ("vmap(lambda a: a, in_axes=None)", ["float32[3]"]),
}

# Concrete runs: name -> (source, argument specs), run in the default configuration (standard, x64 off).
VALUES: dict[str, tuple[str, list[Any]]] = {
    name: FUNCTIONS[name] for name in [
        "cond_basic", "cond_int_pred", "cond_concrete_pred", "cond_closure", "cond_literal_out_strong_false",
        "cond_literal_out_weak_false", "cond_forwarded", "cond_pytree", "cond_nested", "switch_basic",
        "switch_concrete_index", "switch_uint8_index", "while_basic", "while_forwarded_carry", "while_weak_init",
        "while_closure", "while_dict_carry", "while_long_body", "fori_static", "fori_traced_upper",
        "fori_traced_both", "fori_unroll", "fori_weak_init", "scan_basic", "scan_reverse_unroll",
        "scan_unroll_true", "scan_length_only", "scan_forwarded_carry", "scan_forwarded_ys", "scan_weak_int_init",
        "scan_weak_init_promoted", "scan_pytree", "scan_closure", "scan_int_xs_y", "scan_nested",
        "scan_cond_inside", "vmap_cond_batched_pred", "vmap_cond_unbatched_pred", "vmap_cond_unbatched_operand",
        "vmap_cond_pred_from_operand", "vmap_switch_batched", "vmap_while_batched_pred",
        "vmap_while_unbatched_pred", "vmap_while_batched_body_const", "vmap_fori_static", "vmap_fori_traced",
        "vmap_scan_batched_xs", "vmap_scan_batched_init", "vmap_scan_xs_axis1", "vmap_scan_const", "jit_vmap_scan",
        "vmap_mlp", "vmap_matmul_axes", "vmap_nested", "vmap_out_axes_1", "vmap_negative_axis", "map_basic",
        "map_batched", "map_batched_even", "map_batch_zero", "map_batch_over", "map_pytree", "map_weak", "vmap_map",
    ]
}
VALUES["switch_out_of_range_high"] = ("lambda x: lax.switch(7, [lambda x: x + 1, lambda x: x * 2], x)", ["int32[2]"])
VALUES["switch_out_of_range_low"] = ("lambda x: lax.switch(-3, [lambda x: x + 1, lambda x: x * 2], x)", ["int32[2]"])
VALUES["scan_reverse_unroll_remainder"] = ("lambda xs: lax.scan(lambda c, x: (c * 0.5 + x, c), 1.0, xs, reverse=True, "
                                           "unroll=2)", ["float32[5]"])
VALUES["scan_unroll_remainder"] = ("lambda xs: lax.scan(lambda c, x: (c * 0.5 + x, c), 1.0, xs, unroll=3)",
                                   ["float32[7]"])
VALUES["scan_zero_length"] = ("lambda xs: lax.scan(lambda c, x: (c + x, c), 1.0, xs)", ["float32[0]"])
VALUES["while_zero_trips"] = ("lambda x: lax.while_loop(lambda c: c > 100, lambda c: c + 1, x)", ["float32[]"])


def parse(spec: str) -> tuple[str, tuple[int, ...], bool]:
    """``"float32*[2,3]"`` -> ``("float32", (2, 3), True)``."""
    head, _, dims = spec.partition("[")
    return head.rstrip("*"), tuple(int(d) for d in dims.rstrip("]").split(",") if d), head.endswith("*")


def concrete(spec: str, dtype: Any) -> Any:
    """The concrete array of a spec (numpy only): small integers cycling through negatives, halves for floats."""
    import numpy as np

    _, shape, _ = parse(spec)
    n = np.arange(math.prod(shape)).reshape(shape)
    kind = np.dtype(dtype).kind
    if kind == "b":
        return (n % 3 != 1).astype(dtype)
    if kind == "u":
        return (n % 5).astype(dtype)
    if kind == "i":
        return (n % 7 - 3).astype(dtype)
    return ((n % 7 - 3) * 0.5 + 0.25).astype(dtype)


def build(spec: Any, leaf: Any) -> Any:
    """A spec tree with each array spec replaced by ``leaf(spec)`` and each ``py:`` spec by its value."""
    if isinstance(spec, list):
        return tuple(build(s, leaf) for s in spec)
    if isinstance(spec, dict):
        return {k: build(v, leaf) for k, v in spec.items()}
    if spec.startswith("py:"):
        import ast
        return ast.literal_eval(spec[3:])
    return leaf(spec)


def normalize_message(message: str) -> str:
    """An error message without what differs between runs and implementations: source locations and the
    traceback-filtering note JAX appends."""
    message = message.split("\n--------------------\nFor simplicity, JAX has removed")[0]
    return re.sub(r" at \S+:\d+", " at FILE:LINE", message)


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np
    from jax import lax
    from jax.extend import core as jcore

    namespace = {"np": jnp, "lax": lax, "vmap": jax.vmap, "jit": jax.jit}

    def np_dtype(name: str) -> Any:
        return np.dtype(ref.sctype(name))

    def aval_str(aval: Any) -> str:
        return aval.str_short(short_dtypes=True) + ("*" if aval.weak_type else "")

    def atom_str(x: Any) -> str:
        if isinstance(x, jcore.Literal):
            return f"{np.asarray(x.val).item()!r}:{aval_str(x.aval)}"
        return aval_str(x.aval)

    def sub_jaxprs(value: Any) -> list[Any] | None:
        vals = value if isinstance(value, tuple) else (value,)
        if vals and all(isinstance(v, (jcore.Jaxpr, jcore.ClosedJaxpr)) for v in vals):
            return [getattr(v, "jaxpr", v) for v in vals]
        return None

    def jaxpr_record(jaxpr: Any) -> dict[str, Any]:
        return {"in": [aval_str(v.aval) for v in jaxpr.invars], "outs": [atom_str(x) for x in jaxpr.outvars],
                "eqns": flat_eqns(jaxpr)}

    def flat_eqns(jaxpr: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for eqn in jaxpr.eqns:
            inner = eqn.params.get("jaxpr")
            if eqn.primitive.name in ("jit", "pjit", "closed_call") and inner is not None:
                out += flat_eqns(getattr(inner, "jaxpr", inner))
                continue
            params: dict[str, Any] = {}
            nested: dict[str, Any] = {}
            for k, v in sorted(eqn.params.items()):
                subs = sub_jaxprs(v)
                if subs is None:
                    params[k] = str(v)
                else:
                    nested[k] = [jaxpr_record(s) for s in subs]
            rec = {"prim": eqn.primitive.name, "params": params, "in": [atom_str(x) for x in eqn.invars],
                   "out": [aval_str(v.aval) for v in eqn.outvars]}
            if nested:
                rec["jaxprs"] = nested
            out.append(rec)
        return out

    def has_call(jaxpr: Any) -> bool:
        for eqn in jaxpr.eqns:
            if eqn.primitive.name in ("jit", "pjit", "closed_call"):
                return True
            for v in eqn.params.values():
                if any(has_call(s) for s in (sub_jaxprs(v) or [])):
                    return True
        return False

    def abstract(spec: str) -> Any:
        dt, shape, weak = parse(spec)
        return jax.ShapeDtypeStruct(shape, np_dtype(dt), weak_type=weak)

    configs: dict[str, Any] = {}
    for key in ref.each_config(jax):
        print("config", key, file=sys.stderr)
        cfg: dict[str, Any] = {}
        for name, (src, specs) in FUNCTIONS.items():
            fn = eval(src, dict(namespace))  # noqa: S307 - our own table
            args = [build(s, abstract) for s in specs]
            try:
                closed = jax.make_jaxpr(fn)(*args)
            except Exception as e:  # noqa: BLE001 - recorded
                cfg[name] = {"error": type(e).__name__, "message": normalize_message(str(e))}
                continue
            cfg[name] = {
                "text": closed.pretty_print(use_color=False),
                "in_avals": [aval_str(a) for a in closed.in_avals],
                "out_avals": [aval_str(a) for a in closed.out_avals],
                "outs": [atom_str(x) for x in closed.jaxpr.outvars],
                "eqns": flat_eqns(closed.jaxpr),
                "nested_call": has_call(closed.jaxpr),
            }
        configs[key] = cfg

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    jax.config.update("jax_enable_x64", False)
    values: dict[str, Any] = {}
    for name, (src, specs) in VALUES.items():
        fn = eval(src, dict(namespace))  # noqa: S307 - our own table
        args = [build(s, lambda sp: jnp.asarray(concrete(sp, np_dtype(parse(sp)[0])))) for s in specs]
        try:
            out = fn(*args)
        except Exception as e:  # noqa: BLE001 - recorded
            values[name] = {"error": type(e).__name__, "message": normalize_message(str(e))}
            continue
        leaves = jax.tree_util.tree_leaves(out)
        values[name] = {"outs": [{
            "type": type(x).__name__ if not isinstance(x, jax.Array) else "Array",
            "aval": aval_str(jax.typeof(x)) if isinstance(x, jax.Array) else repr(x),
            "values": np.asarray(x).astype(np.float64).ravel().tolist(),
        } for x in leaves], "tree": str(jax.tree_util.tree_structure(out))}

    data = {
        "generator": "tools/transform_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "functions": {name: {"source": src, "args": specs} for name, (src, specs) in FUNCTIONS.items()},
        "values_functions": {name: {"source": src, "args": specs} for name, (src, specs) in VALUES.items()},
        "configs": configs,
        "values": values,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
