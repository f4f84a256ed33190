"""Batching: the interpreter (``batching``: ``BatchTrace``, the rule table and the helpers rules share; its docstring
says how a primitive registers a rule), ``vmap`` (``vmap``), and the batching rules by the ``lax`` family they batch:

* ``primitives``: ``lax/primitives.py``; ``elementwise``: ``lax/elementwise.py``, ``lax/special.py``, ``copy`` and
  ``lax/prng.py``'s hash; ``shape``: ``lax/shape.py``'s joining and splitting;
* ``indexing``: ``lax/gather_scatter.py`` and ``lax/slicing.py``; ``sorting``: ``lax/sorting.py`` and
  ``lax/top_k.py``; ``signal``: ``lax/windowed_reductions.py``, ``lax/convolution.py`` and ``lax/fft.py``;
* ``linalg``, ``control_flow``, ``jit`` (the ``jit`` primitive of ``xla/jit_call.py``), ``custom_derivatives``;
  ``parallel``: the collectives of ``lax/parallel.py`` (rules in ``batching.COLLECTIVE_RULES``, called by every
  ``vmap`` they are bound under, named or not).
"""
