"""The IR and tracing: abstract values, the ``Array`` base class, primitives, the trace stack and ``bind``, the
``Jaxpr`` IR, and staging Python functions into jaxprs. Nothing here imports jaxlib."""
