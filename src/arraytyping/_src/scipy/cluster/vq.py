"""``jax.scipy.cluster.vq`` as JAX 0.10.2 computes it (``jax/_src/scipy/cluster/vq.py``): ``vq``, the nearest code
of each observation by Euclidean distance."""

from __future__ import annotations

from typing import Any

from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, shape_of, to_inexact_dtype

__all__ = ["vq"]


def vq(obs: ArrayLike, code_book: ArrayLike, check_finite: bool = True) -> tuple[AnyArray, AnyArray]:
    """The index of the nearest entry of ``code_book`` to each observation, and that Euclidean distance.

    Args:
        obs: observations, shape ``(M, N)`` (a vector: ``M`` observations of length 1).
        code_book: codes, shape ``(K, N)`` (a vector: ``K`` codes of length 1), of ``obs``'s rank.
        check_finite: unused, as in JAX.

    Returns:
        ``(code, dist)``: the default-integer indices ``(M,)`` and the distances ``(M,)`` (of the promoted inexact
        dtype).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy.cluster import vq
        >>> vq.vq(jnp.array([[1.0, 2.0], [5.0, 5.0]]), jnp.array([[1.0, 2.0], [4.0, 5.0]]))[0]
        Array([0, 1], dtype=int32)
    """
    check_arraylike("scipy.cluster.vq.vq", obs, code_book)
    converted = [jnp.asarray(obs), jnp.asarray(code_book)]
    dtype, weak = common_dtype(*converted)
    obs_arr, cb_arr = (as_dtype(a, to_inexact_dtype(dtype), weak) for a in converted)
    if len(shape_of(obs_arr)) != len(shape_of(cb_arr)):
        raise ValueError("Observation and code_book should have the same rank")
    if len(shape_of(obs_arr)) == 1:
        obs_arr, cb_arr = obs_arr[..., None], cb_arr[..., None]
    if len(shape_of(obs_arr)) != 2:
        raise ValueError("ndim different than 1 or 2 are not supported")

    def distances(ob: Any) -> Any:
        return jnp_linalg.norm(ob[None] - cb_arr, axis=-1)

    dist = vmap(distances)(obs_arr)
    code: AnyArray = jnp.argmin(dist, axis=-1)
    def nearest(d: Any, c: Any) -> Any:
        return d[c]

    dist_min: AnyArray = vmap(nearest)(dist, code)
    return code, dist_min
