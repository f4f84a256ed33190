"""Mutable array references (as ``jax.ref``): :func:`new_ref` makes one, ``ref[idx]`` (:func:`get`) reads it,
``ref[idx] = x`` (:func:`set`, :func:`swap`) and ``ref[idx] += x`` (:func:`addupdate`) write it in place, inside and
outside ``jit``; :func:`freeze` gives its final value."""

from arraytyping._src.api.refs import (
    AbstractRef, Ref, addupdate, empty_ref, free_ref, freeze, get, new_ref, set, swap,
)

__all__ = ["AbstractRef", "Ref", "addupdate", "empty_ref", "free_ref", "freeze", "get", "new_ref", "set", "swap"]
