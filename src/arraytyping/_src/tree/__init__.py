"""Pytrees, as JAX 0.10.2 defines them: the node registry, flattening and unflattening, and key paths."""
