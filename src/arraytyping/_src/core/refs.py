"""Mutable array references (JAX's ``jax.Ref``): an array value that indexed reads (``ref[idx]``) and writes
(``ref[idx] = x``, ``ref[idx] += x``) address in place.

How transformations see a reference (JAX's state discharge, done as the function is traced): a reference holds its
current value, a concrete array or a tracer, and the level of the trace it belongs to (that of the innermost trace
when it was made, or that of the transformation it was passed to). Reads index the value; writes replace it with the
value updated at the index (a scatter), so a traced function that writes a reference computes the reference's new
value as an output:

* ``jit`` (and ``lax.scan``'s body) take the value of every reference passed to or closed over by the function as
  an input and give its final value as an output, written back after the call (:func:`rebound` and the ``jit``
  machinery); a staging trace that meets a reference of an enclosing scope records it and, once traced, raises
  :class:`RefsClosedOver` so that its caller re-stages the function with the reference as an input and an output;
* ``vmap`` passes a batched view of a mapped reference and writes its batched final value back;
* writing a value of a transformation the reference does not belong to (a batched value into an unbatched reference,
  a differentiated value into a non-differentiated one) is JAX's error, which each trace words
  (``Trace.ref_write_refusal``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager
from types import GenericAlias
from typing import Any, cast

import numpy as np

from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Tracer, trace_state

__all__ = ["AbstractRef", "Ref", "RefsClosedOver", "empty_ref", "free_ref", "new_ref", "freeze", "ref_type", "rebound", "top_level", "passing", "held", "read",
           "write", "swap", "hold"]


def top_level() -> int:
    """The level of the innermost active trace (``-1`` with none: eager)."""
    return len(trace_state.stack) - 1


def _level_of(x: Any) -> int:
    return x.owner.main.level if isinstance(x, Tracer) else -1


def ref_type(aval: ShapedArray) -> str:
    """``Ref{float32[3]}``, as JAX writes a reference's type in its messages."""
    return f"Ref{{{aval.str_long()}}}"


asarray: Callable[[Any], Any] = lambda x: x  # noqa: E731 - replaced by the numpy layer (``jnp.asarray``)
"""Makes an array of a Python or numpy value (set by :mod:`arraytyping._src.api.refs`)."""


class RefsClosedOver(NotImplementedError):
    """A staged function (``jit``'s, ``scan``'s body) read or wrote references of an enclosing scope: its caller
    stages it again with them as inputs and outputs. A transformation that cannot do so lets it through."""

    def __init__(self, refs: list[Ref], description: str) -> None:
        super().__init__(f"{description} reads or writes a mutable array reference (Ref) it closes over, which it "
                         "does not support yet; pass the reference as an argument instead")
        self.refs = refs


passing: list[dict[int, tuple[str, str]]] = []
"""The references passed as arguments to the ``jit`` calls being staged (by id: the argument's name and the
function's), so that closing over one of them too is JAX's error."""


class Ref:
    """A mutable array reference (as ``jax.Ref``): made by :func:`arraytyping.new_ref`, read with ``ref[idx]``
    (an ``Array``), written with ``ref[idx] = x`` and ``ref[idx] += x`` (``x`` of the reference's dtype, or weakly
    typed, and of the indexed shape). It is not an array: read it first to compute with it.

    Example::

        >>> r = arraytyping.new_ref(arraytyping.numpy.zeros(3))
        >>> r[1] += 1.
        >>> r
        Ref([0., 1., 0.], dtype=float32)
    """

    __slots__ = ("_value", "_level", "_frozen", "_freed", "__weakref__")
    def __class_getitem__(cls, params: object) -> GenericAlias:
        """``Ref[float32, tuple[int]]`` in annotations, as the stubs have it."""
        return GenericAlias(cls, params)

    _value: Any
    _level: int
    _frozen: bool
    _freed: bool

    def __init__(self, value: Any, level: int | None = None) -> None:
        self._value = value
        self._level = top_level() if level is None else level
        self._frozen = False
        self._freed = False

    # -- the type, forwarded to the value's ------------------------------------------------------------------------

    @property
    def aval(self) -> ShapedArray:
        """The type of the value it holds."""
        self._check()
        aval: ShapedArray = self._value.aval
        return aval

    @property
    def shape(self) -> tuple[int, ...]:
        return self.aval.shape

    @property
    def dtype(self) -> np.dtype[Any]:
        return self.aval.dtype

    @property
    def ndim(self) -> int:
        return len(self.aval.shape)

    @property
    def size(self) -> int:
        return self.aval.size

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    # -- reads and writes -------------------------------------------------------------------------------------------

    def _check(self) -> None:
        if self._freed:
            raise ValueError(f"a mutable array reference of type {ref_type(self._value.aval)} was freed by "
                             "free_ref: it cannot be read or written any more")
        if self._frozen:
            raise AssertionError  # JAX 0.10.2: an AssertionError without a message

    def _enter(self) -> None:
        """Make the reference a value of the innermost staging trace when it belongs to an enclosing scope (the
        trace records it; see :class:`RefsClosedOver`)."""
        dyn = trace_state.dynamic
        if dyn is not None and dyn.level > self._level:
            for passed in passing:
                seen = passed.get(id(self))
                if seen is not None:
                    arg, fun = seen
                    raise ValueError(f"when tracing {fun} for jit, a mutable array reference of type "
                                     f"{ref_type(self._value.aval)} was both closed over and passed as the "
                                     f"argument {arg}")
            register: Callable[[Ref], None] = dyn.global_data.register_ref
            register(self)

    def _read(self) -> Any:
        """The whole value (``ref[...]``), as seen by the innermost trace."""
        self._check()
        self._enter()
        return self._value

    def _write(self, value: Any) -> None:
        """Replace the whole value (after a transformation computed it), refusing a value of a transformation the
        reference does not belong to."""
        self._check()
        self._enter()
        level = _level_of(value)
        if level > self._level:
            trace_type = trace_state.stack[level].trace_type
            refusal: str | None = getattr(trace_type, "ref_write_refusal", None)
            raise Exception((refusal or "performing a set/swap operation with a traced value on an array reference "
                             "of type {ref} of an enclosing scope").format(ref=ref_type(self._value.aval)))
        self._value = value

    def _cast(self, value: Any, what: str) -> Any:
        """JAX's implicit cast of a written value (``_maybe_implicit_cast``): weakly typed floats to a floating
        reference's dtype, and any integer to an integer reference's; another dtype is JAX's ``ValueError``."""
        if isinstance(value, Ref):
            raise TypeError(f"a mutable array reference cannot be written into another ({what}); read it first")
        if not isinstance(value, Array):
            value = asarray(value)
        mine: np.dtype[Any] = self._value.aval.dtype
        aval: ShapedArray = value.aval
        if ((aval.weak_type and np.issubdtype(mine, np.floating) and np.issubdtype(aval.dtype, np.floating))
                or (np.issubdtype(mine, np.integer) and np.issubdtype(aval.dtype, np.integer))):
            if aval.dtype != mine or aval.weak_type:
                value = value.astype(mine)
                if value.aval.weak_type:  # astype keeps a weak type where the dtype does not change
                    value = value * np.ones((), mine)
        if value.aval.dtype != mine:
            raise ValueError(f"Invalid dtype for `{what}`. Ref dtype: {mine}. Value dtype: {value.aval.dtype}. ")
        return value

    def __getitem__(self, index: Any) -> Any:
        value = self._read()
        if index is Ellipsis or index == ():
            return value
        return value[index]

    def _swap(self, index: Any, value: Any, what: str = "swap") -> Any:
        """Write ``value`` at ``index`` and return what was there (``jax.ref.swap``)."""
        current = self._read()
        value = self._cast(value, what)
        whole = index is Ellipsis or (isinstance(index, tuple) and not index)
        old = current if whole else current[index]
        if value.aval.shape != old.aval.shape:
            raise ValueError(f"Invalid shape for `{what}`. Ref shape: {self._value.aval.shape}. Expected shape: "
                             f"{old.aval.shape}. Value shape: {value.aval.shape}. Transforms: "
                             f"{() if whole else (index,)}. ")
        self._write(value if whole else current.at[index].set(value))
        return old

    def __setitem__(self, index: Any, value: Any) -> None:
        self._swap(index, value)

    def addupdate(self, value: Any, index: Any = ()) -> None:
        """Add ``value`` to the value at ``index`` in place (``jax.ref.addupdate``)."""
        current = self._read()
        value = self._cast(value, "addupdate")
        whole = index is Ellipsis or (isinstance(index, tuple) and not index)
        old = current if whole else current[index]
        if value.aval.shape != old.aval.shape:
            raise ValueError(f"Invalid shape for `addupdate`. Ref shape: {self._value.aval.shape}. Expected shape: "
                             f"{old.aval.shape}. Value shape: {value.aval.shape}. Transforms: "
                             f"{() if whole else (index,)}. ")
        self._write(current + value if whole else current.at[index].add(value))

    # -- what else a reference offers --------------------------------------------------------------------------------

    def unsafe_buffer_pointer(self) -> int:
        """The address of the device buffer holding the value (a concrete reference only)."""
        self._check()
        buf = getattr(self._value, "buf", None)
        if buf is None:
            raise TypeError("unsafe_buffer_pointer() needs a reference outside traced code")
        pointer: int = buf.unsafe_buffer_pointer()
        return pointer

    @property
    def at(self) -> Any:
        raise NotImplementedError()  # as JAX 0.10.2

    def __repr__(self) -> str:
        self._check()
        return "Ref" + repr(self._value)[5:]

    __str__ = __repr__

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


Ref.__module__ = "arraytyping"  # as users name it (in messages: ``<class 'arraytyping.Ref'>``)


def new_ref(value: Any) -> Ref:
    """A new reference holding ``value`` (an array; see :func:`arraytyping.new_ref`)."""
    if isinstance(value, Ref):
        raise AssertionError  # JAX 0.10.2: no references to references
    if not isinstance(value, Array):
        value = asarray(value)
    return Ref(value, max(top_level(), _level_of(value)))


class AbstractRef:
    """The type of a mutable array reference (JAX's ``jax.ref.AbstractRef``, what ``typeof`` gives for a
    :class:`Ref`): the type of its value (``inner_aval``), printed ``Ref{float32[3]}``."""

    __slots__ = ("inner_aval", "memory_space", "kind")

    inner_aval: ShapedArray
    memory_space: Any
    kind: Any

    def __init__(self, inner_aval: ShapedArray, memory_space: Any = None, kind: Any = None) -> None:
        self.inner_aval = inner_aval
        self.memory_space = memory_space
        self.kind = kind

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the reference's value."""
        return self.inner_aval.shape

    @property
    def dtype(self) -> np.dtype[Any]:
        """The dtype of the reference's value."""
        return self.inner_aval.dtype

    @property
    def ndim(self) -> int:
        """The number of axes of the reference's value."""
        return len(self.inner_aval.shape)

    @property
    def weak_type(self) -> bool:
        """Whether the reference's value is weakly typed."""
        return self.inner_aval.weak_type

    def __repr__(self) -> str:
        return ref_type(self.inner_aval)

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, AbstractRef) and other.inner_aval == self.inner_aval
                and other.memory_space == self.memory_space and other.kind == self.kind)

    def __hash__(self) -> int:
        return hash((self.inner_aval, self.memory_space, self.kind))


def _value_type(ty: Any) -> ShapedArray:
    """The array type ``ty`` names: a ``ShapedArray`` (``typeof(x)``) or anything with a shape and a dtype that is not
    an array (a ``ShapeDtypeStruct``)."""
    if isinstance(ty, ShapedArray):
        return ty
    if isinstance(ty, (Array, Ref)):
        raise TypeError(f"empty_ref takes the type of the reference's value (typeof(x) or a ShapeDtypeStruct), got "
                        f"a {type(ty).__name__}")
    shape: object = getattr(ty, "shape", None)
    dtype: object = getattr(ty, "dtype", None)
    if isinstance(shape, tuple) and isinstance(dtype, np.dtype):
        dims = cast(tuple[int, ...], shape)
        dt: np.dtype[Any] = dtype  # pyright: ignore[reportUnknownVariableType] - numpy's dtype of unknown scalar
        return ShapedArray(tuple(int(d) for d in dims), dt, bool(getattr(ty, "weak_type", False)))
    raise TypeError(f"Argument {ty!r} of type {type(ty)} is not a valid JAX type")


def empty_ref(ty: Any, memory_space: Any = None) -> Ref:
    """A new reference holding an array of type ``ty`` whose contents are not set (write before reading); only in
    traced code (``jit``...), as JAX's: eagerly it is JAX's ``NotImplementedError``."""
    aval = _value_type(ty)
    if trace_state.dynamic is None:
        raise NotImplementedError("Evaluation rule for 'empty_ref' not implemented")
    return Ref(asarray(np.zeros(aval.shape, aval.dtype)), top_level())


def free_ref(ref: Any) -> tuple[()]:
    """Invalidate ``ref`` in traced code (reading or writing it afterwards is an error); eagerly, and for anything
    that is not a reference, nothing, as JAX's. Returns ``()``."""
    if isinstance(ref, Ref) and trace_state.dynamic is not None:
        ref._check()  # pyright: ignore[reportPrivateUsage]
        ref._freed = True  # pyright: ignore[reportPrivateUsage]
    return ()


def freeze(ref: Ref) -> Any:
    """Invalidate ``ref`` and return its final value."""
    obj = cast(object, ref)  # a caller's value, whatever its annotation says
    if not isinstance(obj, Ref):
        raise TypeError(f"freeze expects a mutable array reference (Ref), got {type(obj).__name__}")
    value = ref._read()  # pyright: ignore[reportPrivateUsage]
    ref._frozen = True  # pyright: ignore[reportPrivateUsage]
    return value


def held(ref: Ref) -> Any:
    """The value ``ref`` holds now (a tracer of the trace it belongs to, frozen or not)."""
    return ref._value  # pyright: ignore[reportPrivateUsage]


def read(ref: Ref) -> Any:
    """``ref``'s whole value as the innermost trace sees it (``ref[...]``)."""
    return ref._read()  # pyright: ignore[reportPrivateUsage]


def write(ref: Ref, value: Any) -> None:
    """Replace ``ref``'s whole value with ``value``, computed by a transformation (refused as JAX refuses it)."""
    ref._write(value)  # pyright: ignore[reportPrivateUsage]


def swap(ref: Ref, index: Any, value: Any, what: str = "swap") -> Any:
    """Write ``value`` into ``ref`` at ``index``; what was there."""
    return ref._swap(index, value, what)  # pyright: ignore[reportPrivateUsage]


def hold(ref: Ref, value: Any, level: int) -> tuple[Any, int]:
    """Make ``ref`` hold ``value`` at ``level`` (while a trace stages it); what it held before and its level."""
    old = (ref._value, ref._level)  # pyright: ignore[reportPrivateUsage]
    ref._value, ref._level = value, level  # pyright: ignore[reportPrivateUsage]
    return old


@contextmanager
def rebound(refs: Sequence[Ref], values: Sequence[Any]) -> Generator[None]:
    """Hold ``values`` (tracers of the innermost trace) in ``refs`` while a function is staged with them as inputs;
    each reference's own value and scope come back afterwards."""
    saved = [(r._value, r._level, r._frozen) for r in refs]  # pyright: ignore[reportPrivateUsage]
    level = top_level()
    for r, v in zip(refs, values):
        r._value, r._level, r._frozen = v, level, False  # pyright: ignore[reportPrivateUsage]
    try:
        yield
    finally:
        for r, (v, lv, fz) in zip(refs, saved):
            r._value, r._level, r._frozen = v, lv, fz  # pyright: ignore[reportPrivateUsage]
