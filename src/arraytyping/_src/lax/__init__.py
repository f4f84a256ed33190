"""The primitives, by family. A primitive's module defines it with its type rule (abstract evaluation: types out
from types in, with JAX's errors) and its lowering to StableHLO; its transformation rules are the interpreters'.

``primitives`` holds the core table (JAX's ``lax.py``: arithmetic, comparisons, math, conversions, broadcasting,
reshaping, slicing, reductions, ``dot_general``, ``iota``), the other modules one family each (``elementwise``,
``special``, ``shape``, ``slicing``, ``gather_scatter``, ``sorting``, ``top_k``, ``convolution``, ``fft``,
``windowed_reductions``, ``reduce`` (the general reduction), ``linalg``, ``prng``, ``custom_derivatives``, ``parallel`` (the collectives over named
axes), ``control_flow/``); ``operand_checks`` has
the checks their type rules share and ``lax.py`` the thin functions that bind them. ``api/`` is ``jax.lax`` as users
call it, a layer above the interpreters.
"""
