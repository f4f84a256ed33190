"""Automatic differentiation: the JVP, linearization and transposition machinery (``ad``: its docstring says how a
primitive attaches rules), the API (``differentiation``: ``grad``, ``jvp``, ``vjp``, ``linearize``,
``value_and_grad``; ``custom_derivatives``: ``custom_jvp``, with its rule object and JVP rule), and the JVP and
transpose rules by the ``lax`` family they differentiate:

* ``primitives``: ``lax/primitives.py`` (arithmetic, comparisons, math functions, conversions, broadcasting,
  reshaping, slicing, reductions, ``dot_general``); ``elementwise``: ``lax/elementwise.py`` and ``lax/special.py``;
* ``structural``: ``lax/shape.py`` (joining and splitting), ``lax/slicing.py`` (dynamic slices), ``gather`` and
  ``scatter-add`` of ``lax/gather_scatter.py``, ``lax/sorting.py`` and ``lax/top_k.py``; ``scatter``: the other
  scatters;
* ``windowed_reductions``, ``convolution`` (with ``lax/fft.py``), ``linalg``, ``control_flow`` (with
  ``custom_linear_solve``), ``jit`` (the ``jit`` primitive of ``xla/jit_call.py``), ``parallel`` (the collectives
  of ``lax/parallel.py``).
"""
