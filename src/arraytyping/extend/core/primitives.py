"""``arraytyping.extend.core.primitives``: JAX 0.10.2's ``jax.extend.core.primitives``, the primitives arraytyping has, by
JAX's names (each named as JAX names it in a jaxpr): a table keyed by them (``{exp_p: log}``) reads the equations of
any jaxpr :func:`arraytyping.make_jaxpr` gives.

Example::

    from arraytyping.extend.core import primitives
    closed = arraytyping.make_jaxpr(arraytyping.numpy.exp)(1.0)
    closed.jaxpr.eqns[0].primitive is primitives.exp_p   # True
"""

from arraytyping._src.lax.checkpoint import name_p, reduce_precision_p, remat_p
from arraytyping._src.lax.control_flow.conditionals import cond_p
from arraytyping._src.lax.control_flow.loops import scan_p, while_p
from arraytyping._src.lax.control_flow.solves import linear_solve_p
from arraytyping._src.lax.convolution import conv_general_dilated_p
from arraytyping._src.lax.custom_derivatives import custom_jvp_call_p, custom_lin_p, custom_vjp_call_p
from arraytyping._src.lax.elementwise import clz_p, logistic_p, rsqrt_p
from arraytyping._src.lax.fft import fft_p
from arraytyping._src.lax.gather_scatter import (
    gather_p, scatter_add_p, scatter_max_p, scatter_min_p, scatter_mul_p, scatter_p,
)
from arraytyping._src.lax.linalg import cholesky_p, eigh_p, householder_product_p, lu_p, qr_p, svd_p, triangular_solve_p
from arraytyping._src.lax.primitives import (
    abs_p, acos_p, acosh_p, add_p, and_p, asin_p, asinh_p, atan2_p, atan_p, atanh_p, bitcast_convert_type_p,
    broadcast_in_dim_p, cbrt_p, ceil_p, clamp_p, complex_p, conj_p, convert_element_type_p, cos_p, cosh_p, div_p,
    dot_general_p, eq_p, eq_to_p, exp2_p, exp_p, expm1_p, floor_p, ge_p, gt_p, imag_p, integer_pow_p, iota_p,
    is_finite_p, le_p, le_to_p, log1p_p, log_p, lt_p, lt_to_p, max_p, min_p, mul_p, ne_p, neg_p, nextafter_p, not_p,
    or_p, polygamma_p, pow_p, real_p, reduce_and_p, reduce_max_p, reduce_min_p, reduce_or_p, reduce_prod_p,
    reduce_sum_p, rem_p, reshape_p, rev_p, round_p, select_n_p, shift_left_p, shift_right_arithmetic_p,
    shift_right_logical_p, sign_p, sin_p, sinh_p, slice_p, sqrt_p, square_p, squeeze_p, stop_gradient_p, sub_p, tan_p,
    tanh_p, transpose_p, xor_p,
)
from arraytyping._src.lax.prng import threefry2x32_p
from arraytyping._src.lax.shape import concatenate_p, copy_p, pad_p
from arraytyping._src.lax.slicing import dynamic_slice_p, dynamic_update_slice_p
from arraytyping._src.lax.sorting import argmax_p, argmin_p, cummax_p, cummin_p, cumprod_p, cumsum_p, sort_p
from arraytyping._src.lax.special import digamma_p, erf_inv_p, erf_p, erfc_p, lgamma_p
from arraytyping._src.lax.top_k import top_k_p
from arraytyping._src.lax.windowed_reductions import (
    reduce_window_max_p, reduce_window_min_p, reduce_window_p, reduce_window_sum_p,
)
__all__ = [
    "abs_p",
    "acos_p",
    "acosh_p",
    "add_p",
    "and_p",
    "argmax_p",
    "argmin_p",
    "asin_p",
    "asinh_p",
    "atan2_p",
    "atan_p",
    "atanh_p",
    "bitcast_convert_type_p",
    "broadcast_in_dim_p",
    "cbrt_p",
    "ceil_p",
    "cholesky_p",
    "clamp_p",
    "clz_p",
    "complex_p",
    "concatenate_p",
    "cond_p",
    "conj_p",
    "conv_general_dilated_p",
    "convert_element_type_p",
    "copy_p",
    "cos_p",
    "cosh_p",
    "cummax_p",
    "cummin_p",
    "cumprod_p",
    "cumsum_p",
    "custom_jvp_call_p",
    "custom_lin_p",
    "custom_vjp_call_p",
    "digamma_p",
    "div_p",
    "dot_general_p",
    "dynamic_slice_p",
    "dynamic_update_slice_p",
    "eigh_p",
    "eq_p",
    "eq_to_p",
    "erf_inv_p",
    "erf_p",
    "erfc_p",
    "exp2_p",
    "exp_p",
    "expm1_p",
    "fft_p",
    "floor_p",
    "gather_p",
    "ge_p",
    "gt_p",
    "householder_product_p",
    "imag_p",
    "integer_pow_p",
    "iota_p",
    "is_finite_p",
    "le_p",
    "le_to_p",
    "lgamma_p",
    "linear_solve_p",
    "log1p_p",
    "log_p",
    "logistic_p",
    "lt_p",
    "lt_to_p",
    "lu_p",
    "max_p",
    "min_p",
    "mul_p",
    "name_p",
    "ne_p",
    "neg_p",
    "nextafter_p",
    "not_p",
    "or_p",
    "pad_p",
    "polygamma_p",
    "pow_p",
    "qr_p",
    "real_p",
    "reduce_and_p",
    "reduce_max_p",
    "reduce_min_p",
    "reduce_or_p",
    "reduce_precision_p",
    "reduce_prod_p",
    "reduce_sum_p",
    "reduce_window_max_p",
    "reduce_window_min_p",
    "reduce_window_p",
    "reduce_window_sum_p",
    "rem_p",
    "remat_p",
    "reshape_p",
    "rev_p",
    "round_p",
    "rsqrt_p",
    "scan_p",
    "scatter_add_p",
    "scatter_max_p",
    "scatter_min_p",
    "scatter_mul_p",
    "scatter_p",
    "select_n_p",
    "shift_left_p",
    "shift_right_arithmetic_p",
    "shift_right_logical_p",
    "sign_p",
    "sin_p",
    "sinh_p",
    "slice_p",
    "sort_p",
    "sqrt_p",
    "square_p",
    "squeeze_p",
    "stop_gradient_p",
    "sub_p",
    "svd_p",
    "tan_p",
    "tanh_p",
    "threefry2x32_p",
    "top_k_p",
    "transpose_p",
    "triangular_solve_p",
    "while_p",
    "xor_p",
]
