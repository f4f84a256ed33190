"""arraytyping's private code, in layers: each folder is one, and imports only from itself and the layers below it
(``tests/test_layers.py`` holds the order, every import to it, and the absence of cycles). Bottom to top:

* ``dtypes/``: the dtype system (registry, scalar classes, configuration, promotion, queries), applying the rule
  modules ``arraytyping.lattice``, ``op_rules`` and ``shape_rules`` below it (standard library only, the single
  truth); ``_speedups`` is its C fast path (and ``jit``'s).
* ``tree/``: pytrees.
* ``core/``: the IR and tracing: abstract values, the ``Array`` base class, primitives, the trace stack and ``bind``,
  jaxprs, and staging functions into them. No jaxlib.
* ``xla/``: the XLA side: PJRT plugins and backends, arrays in device buffers, lowering to StableHLO (the machinery),
  compiling and running (eager dispatch, ``jit``, the ``jit`` primitive).
* ``lax/``: the primitives, by family. A primitive's module defines it with its type rule (abstract evaluation) and
  its lowering: what it is and what XLA computes for it. ``lax.py`` binds them; ``control_flow/`` stages ``cond``,
  ``while`` and ``scan``.
* ``interpreters/``: the transformations, Autodidax's way: each interpreter (``autodiff/``, ``batching/``) has its
  machinery, one module of rules per primitive family (named as the family's module in ``lax/``), and the function
  users call (``grad``/``jvp``/``vjp`` and ``custom_jvp``; ``vmap``). A new primitive gets its type rule and
  lowering in ``lax/``, then a JVP/transpose rule and a batching rule in its family's module of each interpreter.
* ``lax/api/``: ``jax.lax``'s functions as users call them (some, as ``map``, built on the transformations).
* ``numpy/``, ``nn/``, ``random.py``: ``jax.numpy``, ``jax.nn`` and ``jax.random``; ``numpy/`` is layered in itself
  (its ``__init__`` says how).
* ``scipy/``: ``jax.scipy`` (``special``, ``stats``), on ``jax.numpy``, ``jax.lax`` and ``jax.nn``.
* ``api/`` and ``typecheck/``: what is built on all of them (jacobians, on ``jax.numpy`` as JAX's) and the
  re-exports of ``arraytyping``; run-time checks of ``Array[...]`` annotations.
* ``example_libraries/``: ``jax.example_libraries``' ``stax`` (layers) and ``optimizers``, on ``jax.numpy``,
  ``jax.nn`` and ``jax.lax`` as JAX's.
* ``cli/`` and ``stubgen/``: the command line's renderers and the stub generator, beside the public modules.

Where a lower layer must reach a higher one at run time, the higher one registers into a table the lower one owns
(the interpreters' rule tables, ``core.staging.STAGING_RULES``, ``xla.dispatch.EAGER_OPERANDS``, the ``Array``'s
``jax.numpy`` functions), never an import inside a function.
"""
