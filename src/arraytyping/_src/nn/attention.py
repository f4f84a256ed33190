"""``jax.nn``'s attention and its log-mean-exp: ``dot_product_attention`` (JAX 0.10.2's ``'xla'`` implementation:
grouped query heads, bias, boolean masks, causal and local-window masks, padding by sequence lengths, the
log-sum-exp residual) and ``logmeanexp``, on ``jax.numpy`` operation by operation as JAX builds them."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.dtypes.queries import finfo
from arraytyping._src.lax.lax import stop_gradient
from arraytyping._src.nn.functions import Axis, logsumexp, softmax

__all__ = ["dot_product_attention", "logmeanexp"]


def _axis_size(shape: tuple[int, ...], axis: Axis) -> int:
    axes = (axis,) if isinstance(axis, int) else tuple(axis) if axis is not None else tuple(range(len(shape)))
    size = 1
    for a in axes:
        size *= shape[operator.index(a) % len(shape)] if shape else 1
    return size


def logmeanexp(x: ArrayLike, axis: Axis = None, where: ArrayLike | None = None, keepdims: bool = False) -> AnyArray:
    """``log(mean(exp(x)))`` over ``axis`` (all axes by default): :func:`logsumexp` less the log of the number of
    elements reduced (those ``where`` selects, when given).

    Args:
        x: the input array.
        axis: the axis or axes to reduce.
        where: the elements to include.
        keepdims: keep the reduced axes, of size one.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import nn
        >>> nn.logmeanexp(jnp.array([0.0, 0.0, 0.0]))
        Array(0., dtype=float32)
    """
    lse: AnyArray = logsumexp(x, axis=axis, where=where, keepdims=keepdims)
    if where is None:
        count: Any = jnp.asarray(_axis_size(tuple(np.shape(x)), axis), dtype=lse.dtype)
    else:
        count = jnp.sum(jnp.broadcast_to(where, tuple(np.shape(x))), axis, dtype=lse.dtype, keepdims=keepdims)
    result: AnyArray = lse - jnp.log(count)
    return result


def _large_negative(dtype: np.dtype[Any]) -> Any:
    """JAX's ``_get_large_negative``: ``-0.7`` times the dtype's largest value, capped at float32's."""
    dtype_max = min(float(finfo(dtype).max), float(np.finfo(np.float32).max))
    return jnp.asarray(-0.7 * dtype_max, dtype=dtype)


def _combined_mask(logits: Any, mask: Any, is_causal: bool, q_seqlen: Any, kv_seqlen: Any,
                   local_window_size: tuple[int, int] | None) -> Any:
    """JAX's ``_apply_masks`` on grouped logits ``(B, K, G, T, S)``: masked logits replaced by a large negative."""
    if mask is None and not is_causal and q_seqlen is None and kv_seqlen is None and local_window_size is None:
        return logits
    combined = jnp.ones_like(logits, dtype=bool)
    if mask is not None:
        combined = jnp.logical_and(combined, mask)
    t, s = logits.shape[3], logits.shape[4]
    if is_causal:
        combined = jnp.logical_and(combined, jnp.tril(jnp.ones((t, s), dtype=bool))[None, None, None])
    if local_window_size is not None:
        query_pos = jnp.arange(t)
        key_pos = jnp.arange(s)
        left, right = local_window_size
        left_mask = query_pos[..., None] <= key_pos[..., None, :] + left
        right_mask = query_pos[..., None] >= key_pos[..., None, :] - right
        combined = jnp.logical_and(combined, jnp.logical_and(right_mask, left_mask)[None, None, None])
    if q_seqlen is not None or kv_seqlen is not None:
        q_mask: Any = True
        kv_mask: Any = True
        if q_seqlen is not None:
            q_mask = jnp.arange(0, t)[None, :, None] < q_seqlen[:, None, None]
        if kv_seqlen is not None:
            kv_mask = jnp.arange(0, s)[None, None, :] < kv_seqlen[:, None, None]
        combined = jnp.logical_and(combined, jnp.logical_and(q_mask, kv_mask)[:, None, None])
    return jnp.where(combined, logits, _large_negative(logits.dtype))


def _attention_xla(query: Any, key: Any, value: Any, bias: Any, mask: Any, is_causal: bool, scale: float,
                   q_seqlen: Any, kv_seqlen: Any, local_window_size: tuple[int, int] | None,
                   return_residual: bool) -> Any:
    """JAX's ``_dot_product_attention_xla``: query heads grouped over the key/value heads, ``(B, T, K, G, H)``
    (JAX maps its core over the groups; here the groups are one more axis of every operation)."""
    b, t, n, h = query.shape
    k_heads = key.shape[2]
    g = n // k_heads
    q = jnp.reshape(query, (b, t, k_heads, g, h))

    def grouped(x: Any) -> Any:
        if x is None:
            return None
        xb, xn, xt, xs = x.shape
        if xn == 1:
            return jnp.broadcast_to(x[:, :, None, :, :], (xb, xn, g, xt, xs))
        return jnp.reshape(x, (xb, k_heads, g, xt, xs))

    bias = grouped(bias)
    mask = grouped(mask)
    logits_dtype = jnp.promote_types(q.dtype, np.float32)
    # JAX's einsum takes preferred_element_type=logits_dtype: the products of bfloat16 or float16 operands are
    # exact in float32, so converting the operands first gives the same logits
    logits = jnp.einsum("BTKGH,BSKH->BKGTS", q.astype(logits_dtype), key.astype(logits_dtype))
    logits = logits * jnp.array(scale, dtype=logits.dtype)
    if bias is not None:
        logits = (logits + bias).astype(logits.dtype)
    padded = _combined_mask(logits, mask, is_causal, q_seqlen, kv_seqlen, local_window_size)
    padded = padded.astype(np.float32)
    probs = softmax(padded, axis=-1).astype(key.dtype)
    encoded = jnp.einsum("BKGTS,BSKH->BTKGH", probs, value)
    if q_seqlen is not None:
        pad = jnp.arange(0, encoded.shape[1])[None, :] < q_seqlen[:, None]
        encoded = encoded * pad[:, :, None, None, None].astype(encoded.dtype)
    encoded = jnp.reshape(encoded, (b, t, n, h))
    if not return_residual:
        return encoded
    lse = logsumexp(padded, axis=-1).astype(key.dtype)  # (B, K, G, T)
    lse = jnp.reshape(jnp.transpose(lse, (0, 3, 1, 2)), (b, t, n))
    return encoded, stop_gradient(lse)


def _ensure_4d(x: Any) -> Any:
    x = jnp.asarray(x)
    add = 4 - x.ndim
    return jnp.expand_dims(x, axis=tuple(range(add))) if add > 0 else x


def _check(x: Any, shape: Sequence[int], dtype: Any, name: str) -> None:
    if x is None:
        return
    if x.ndim != len(shape):
        raise ValueError(f"{name} ndim should be {len(shape)}, but got {x.ndim}")
    if dtype is not None and x.dtype != dtype:
        raise ValueError(f"{name} dtype should be {dtype}, but got {x.dtype}")
    for i in range(x.ndim):
        if shape[i] != -1 and x.shape[i] != shape[i]:
            raise ValueError(f"{name} shape should be {list(shape)}: but got {x.shape}")


@overload
def dot_product_attention(query: ArrayLike, key: ArrayLike, value: ArrayLike, bias: ArrayLike | None = None,
                          mask: ArrayLike | None = None, *, scale: float | None = None, is_causal: bool = False,
                          query_seq_lengths: ArrayLike | None = None,
                          key_value_seq_lengths: ArrayLike | None = None,
                          local_window_size: int | tuple[int, int] | None = None,
                          implementation: Literal["xla", "cudnn"] | None = None,
                          return_residual: Literal[False] = False) -> AnyArray: ...
@overload
def dot_product_attention(query: ArrayLike, key: ArrayLike, value: ArrayLike, bias: ArrayLike | None = None,
                          mask: ArrayLike | None = None, *, scale: float | None = None, is_causal: bool = False,
                          query_seq_lengths: ArrayLike | None = None,
                          key_value_seq_lengths: ArrayLike | None = None,
                          local_window_size: int | tuple[int, int] | None = None,
                          implementation: Literal["xla", "cudnn"] | None = None,
                          return_residual: Literal[True]) -> tuple[AnyArray, AnyArray]: ...
def dot_product_attention(query: ArrayLike, key: ArrayLike, value: ArrayLike, bias: ArrayLike | None = None,
                          mask: ArrayLike | None = None, *, scale: float | None = None, is_causal: bool = False,
                          query_seq_lengths: ArrayLike | None = None,
                          key_value_seq_lengths: ArrayLike | None = None,
                          local_window_size: int | tuple[int, int] | None = None,
                          implementation: Literal["xla", "cudnn"] | None = None,
                          return_residual: bool = False) -> AnyArray | tuple[AnyArray, AnyArray]:
    """Scaled dot-product attention, per head: ``softmax(Q K^T * scale + bias) V``, with ``scale`` ``1/sqrt(H)``
    by default.

    Shapes are ``(B, T, N, H)`` for ``query`` and ``(B, S, K, H)`` for ``key`` and ``value`` (the batch axis may be
    left out), ``N`` a multiple of ``K`` (grouped-query attention); ``bias`` and ``mask`` broadcast to
    ``(B, N, T, S)``.

    Args:
        query, key, value: the attention's operands (``query`` and ``value`` in ``key``'s dtype).
        bias: added to the scaled logits.
        mask: a boolean array; ``False`` masks a logit out.
        scale: the logits' scale.
        is_causal: mask out the keys after each query.
        query_seq_lengths, key_value_seq_lengths: int32 ``(B,)`` lengths, masking the padding beyond them.
        local_window_size: ``(left, right)`` (or one int for both): the keys each query attends to around it.
        implementation: ``'xla'`` or ``None`` (the same); ``'cudnn'`` needs a GPU and raises here.
        return_residual: also return the logits' log-sum-exp, of shape ``(B, T, N)``.

    Returns:
        The attention's output, of ``query``'s shape (with the residual, when asked).

    Example:
        >>> import arraytyping.numpy as jnp
        >>> from arraytyping import nn
        >>> q = jnp.ones((1, 2, 1, 4))
        >>> nn.dot_product_attention(q, q, q).shape
        (1, 2, 1, 4)
    """
    output_shape = jnp.asarray(query).shape
    residual_shape = output_shape[:-1]
    query_arr = _ensure_4d(query)
    key_arr = _ensure_4d(key)
    value_arr = _ensure_4d(value)
    bias_arr = _ensure_4d(bias) if bias is not None else None
    mask_arr = _ensure_4d(mask) if mask is not None else None
    q_len = jnp.asarray(query_seq_lengths) if query_seq_lengths is not None else None
    kv_len = jnp.asarray(key_value_seq_lengths) if key_value_seq_lengths is not None else None
    window = (local_window_size, local_window_size) if isinstance(local_window_size, int) else local_window_size
    b, s, k, h = key_arr.shape
    _check(value_arr, [b, s, k, h], key_arr.dtype, "value")
    _check(query_arr, [b, -1, -1, h], key_arr.dtype, "query")
    _check(mask_arr, [-1] * 4, np.dtype(bool), "mask")
    _check(bias_arr, [-1] * 4, None, "bias")
    _check(q_len, [b], np.dtype("int32"), "query_seq_lengths")
    _check(kv_len, [b], np.dtype("int32"), "key_value_seq_lengths")
    if query_arr.shape[-2] % k != 0:
        raise ValueError(f"The number of query heads must be a multiple of key/value heads, but got "
                         f"{query_arr.shape[-2]} vs {k}")
    scale_val = (1.0 / np.sqrt(h)) if scale is None else scale
    if implementation == "cudnn":
        raise RuntimeError("implementation='cudnn' needs an NVIDIA GPU with cuDNN; use 'xla' (or None) here")
    if implementation is not None and implementation != "xla":
        raise ValueError(f"Unsupported implementation option: {implementation}")
    out = _attention_xla(query_arr, key_arr, value_arr, bias_arr, mask_arr, is_causal, scale_val, q_len, kv_len,
                         window, bool(return_residual))
    if return_residual:
        encoded, residual = out
        return jnp.reshape(encoded, output_shape), jnp.reshape(residual, residual_shape)
    result: AnyArray = jnp.reshape(out, output_shape)
    return result
