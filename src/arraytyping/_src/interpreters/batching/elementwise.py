"""The batching rules of the elementwise primitives outside :mod:`arraytyping._src.lax.primitives` (registered in
:data:`.batching.RULES` on import): the special functions of :mod:`arraytyping._src.lax.special`, ``rsqrt``/``logistic``/``clz`` of
:mod:`arraytyping._src.lax.elementwise`, ``copy`` of :mod:`arraytyping._src.lax.shape`, and the ``threefry2x32`` hash of :mod:`arraytyping._src.lax.prng`, which
broadcasts its four operands. As in JAX 0.10.2: ``defvectorized`` for the unary ones, ``defbroadcasting`` for
``threefry2x32``.
"""

from __future__ import annotations

from arraytyping._src.lax import elementwise as E
from arraytyping._src.lax import prng as R
from arraytyping._src.lax import shape as SP
from arraytyping._src.lax import special as S
from arraytyping._src.interpreters.batching.batching import defbroadcasting, defvectorized

__all__: list[str] = []

for _p in (S.erf_p, S.erfc_p, S.erf_inv_p, S.lgamma_p, S.digamma_p, S.bessel_i0e_p, S.bessel_i1e_p, E.rsqrt_p,
           E.logistic_p, E.clz_p, E.population_count_p, SP.copy_p):
    defvectorized(_p)

for _p in (S.igamma_p, S.igammac_p, S.igamma_grad_a_p, S.zeta_p, S.regularized_incomplete_beta_p):
    defbroadcasting(_p)

defbroadcasting(R.threefry2x32_p)
