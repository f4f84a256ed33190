"""``promote_types``, ``result_type`` and ``canonicalize_dtype``: the lattice applied to real Python objects.

Every input is first turned into an *operand*, a registered dtype name with a weak flag (Python ``int``/``float``/
``complex`` values and classes are weak, ``bool`` is not; dtypes, dtype names, scalar classes and numpy values are
strong; objects with a ``weak_type`` attribute, such as arraytyping arrays, carry their own flag). The lattice module
does the rest.
"""

from __future__ import annotations

from types import ModuleType

import difflib
import functools
import warnings
from collections.abc import Callable
from typing import Any, Final, Literal, cast, overload

import numpy as np

from arraytyping import lattice
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes import scalar_types as st
from arraytyping._src.dtypes.scalar_types import _ScalarMeta  # pyright: ignore[reportPrivateUsage]
from arraytyping._src.dtypes.config import STATE as _STATE
from arraytyping._src.dtypes.config import config, current

__all__ = ["canonicalize_dtype", "describe", "dtype_of", "explicit_dtype_name", "lattice_result", "operand_of", "promote_types", "public_result_type",
           "result_type", "to_dtype"]

_WEAK_CLASSES: Final[dict[type, str]] = {int: "int", float: "float", complex: "complex"}
_PY_DEFAULT: Final[dict[type, str]] = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}
_NUMPY_FOR_NODE: Final[dict[str, np.dtype[Any]]] = {
    **{name: info.dtype for name, info in registry.INFO.items()},
    "int": np.dtype("int64"), "float": np.dtype("float64"), "complex": np.dtype("complex128"),
}


def describe(x: object) -> str:
    """A short readable name of an input for error messages."""
    if isinstance(x, _ScalarMeta):
        return repr(x)  # arraytyping.float32
    if isinstance(x, type):
        return f"{x.__module__}.{x.__qualname__}" if x.__module__ != "builtins" else x.__qualname__
    r = repr(x)
    return r if len(r) <= 80 else r[:77] + "..."


def _not_a_dtype(x: object, detail: str = "", error: type[Exception] = TypeError) -> Exception:
    extra = f" ({detail})" if detail else ""
    return error(
        f"{describe(x)} is not a dtype arraytyping can promote{extra}; expected one of "
        f"{', '.join(lattice.DTYPE_NAMES)}, a scalar type such as arraytyping.float32, a numpy dtype, "
        "or the Python types int, float, complex, bool"
    )


def _info_of_np_dtype(dt: np.dtype[Any], original: object,
                      error: type[Exception] = TypeError) -> registry.DTypeInfo:
    info = registry.info_of_dtype(dt)
    if info is None:
        raise _not_a_dtype(original, f"numpy dtype {dt!s} has no place on the promotion lattice", error)
    return info


def to_dtype(x: object, not_on_lattice: type[Exception] = TypeError) -> registry.DTypeInfo:
    """The registered dtype a dtype specifier names (a name, ``np.dtype``, scalar class or numpy scalar type).

    Python classes map to numpy's defaults (``int`` -> int64). Raises ``TypeError`` naming ``x`` when it is no dtype
    at all, and ``not_on_lattice`` when it is a numpy dtype the lattice does not hold (object, strings, structured:
    JAX's ``promote_types`` says ValueError there, its ``result_type`` TypeError)."""
    obj: object = x  # unnarrowed, for messages
    if isinstance(x, str):  # exactly JAX's spellings (lattice.DTYPE_SPELLINGS): no other string names a dtype
        name = lattice.DTYPE_SPELLINGS.get(x)
        if name is None:
            near = difflib.get_close_matches(x, lattice.DTYPE_SPELLINGS, n=3, cutoff=0.5)
            hint = f"; did you mean {' or '.join(repr(s) for s in near)}?" if near else ""
            try:  # a numpy dtype with no place on the lattice (object, str, big-endian...): not_on_lattice, as JAX
                np.dtype(x)
                error: type[Exception] = not_on_lattice
            except Exception:  # noqa: BLE001 - numpy does not know the string either
                error = TypeError
            raise error(f"{x!r} is not a dtype: no dtype is spelled so{hint} (a dtype string is one of JAX's "
                        "spellings: 'float32', 'f4', 'bfloat16', 'int8', ...)")
        return registry.INFO[name]
    if isinstance(x, type):
        cls: type = x
        info = registry.info_of_scalar_class(cls)
        if info is not None:
            return info
        if cls in _PY_DEFAULT:
            return registry.INFO[_PY_DEFAULT[cls]]
        if issubclass(cls, st.generic) or cls in registry.NUMPY_ABSTRACT_TO_OURS:
            raise _not_a_dtype(x, "an abstract scalar type names a category, not one dtype")
    elif (ndt := registry.as_np_dtype(x)) is not None:
        return _info_of_np_dtype(ndt, obj, not_on_lattice)
    elif x is None or isinstance(x, (list, tuple, dict)):
        raise _not_a_dtype(obj)
    elif hasattr(x, "aval"):  # an array of the runtime, or a tracer: numpy would read its dtype, JAX refuses it
        raise ValueError("Passing an array as a dtype argument is no longer supported; instead of dtype=arr use "
                         "dtype=arr.dtype.")
    try:
        dt: np.dtype[Any] = np.dtype(cast(Any, x))
    except Exception as e:
        raise _not_a_dtype(x, str(e)) from None
    return _info_of_np_dtype(dt, x, not_on_lattice)


def explicit_dtype_name(name: str, x64: bool, what: object) -> str:
    """Canonicalize an explicitly requested dtype, warning when x64 is off and it is truncated, as JAX's
    ``check_user_dtype_supported`` does: never for the Python types ``bool``, ``int``, ``float`` and ``complex``
    (``dtype=int`` means the default integer)."""
    out = lattice.canonical_name(name, x64)
    if out != name and not (isinstance(what, type) and what in _PY_DEFAULT):
        warnings.warn(
            f"Explicitly requested dtype {name} (from {describe(what)}) is not available, and will be truncated "
            f"to dtype {out}. To enable 64-bit dtypes, call arraytyping.config.update('x64', True) or set "
            "ARRAYTYPING_ENABLE_X64=1.", UserWarning, stacklevel=4)
    return out


_SCALAR_OPERANDS: Final[dict[tuple[type, bool], tuple[str, bool]]] = {
    **{(tp, x64): (lattice.canonical_name(_PY_DEFAULT[tp], x64), True) for tp in _WEAK_CLASSES for x64 in (False, True)},
    (bool, False): ("bool", False), (bool, True): ("bool", False),
}


def operand_of(x: object, x64: bool) -> tuple[str, bool]:
    """The ``(dtype name, weak)`` operand an input of ``result_type`` stands for, canonicalized for ``x64``."""
    obj: object = x  # unnarrowed
    tp = type(x)
    fast = _SCALAR_OPERANDS.get((tp, x64))
    if fast is not None:  # Python bool/int/float/complex values
        return fast
    if (ndt := registry.as_np_dtype(x)) is not None:
        info = registry.info_of_dtype(ndt)
        if info is not None:
            return explicit_dtype_name(info.name, x64, obj), False
    if x is None:
        return lattice.default_name("f", x64), False
    if isinstance(x, (type, str, np.dtype)):
        if x is int or x is float or x is complex:
            return lattice.canonical_name(_PY_DEFAULT[cast(type, x)], x64), True
        if x is bool:
            return "bool", False
        return explicit_dtype_name(to_dtype(obj).name, x64, obj), False
    dt = registry.as_np_dtype(getattr(x, "dtype", None))
    if dt is not None:
        info = _info_of_np_dtype(dt, obj)
        weak: object = getattr(x, "weak_type", None)
        if isinstance(weak, bool):
            # Arrays of the runtime carry their weak flag and keep their dtype: once a 64-bit value exists it is
            # respected (JAX does not canonicalize its own arrays either).
            return info.name, weak
        return lattice.canonical_name(info.name, x64), False
    if isinstance(x, (int, float, complex)):  # subclasses of Python scalars; bool itself was handled above
        base = bool if isinstance(x, bool) else complex if isinstance(x, complex) else float if isinstance(
            x, float) else int
        return lattice.canonical_name(_PY_DEFAULT[base], x64), base is not bool
    raise _not_a_dtype(x, "cannot determine its dtype")


def dtype_of(x: object) -> np.dtype[Any]:
    """The dtype of a value or dtype specifier under the current configuration (weak Python scalars get their kind's
    default dtype)."""
    return registry.INFO[operand_of(x, config.x64)[0]].dtype


def _promote_node(x: object) -> str:
    if x is int or x is float or x is complex:
        return _WEAK_CLASSES[x]
    return to_dtype(x, ValueError).name


def _promote_uncached(a: object, b: object, config_: lattice.LatticeConfig) -> np.dtype[Any]:
    na, nb = _promote_node(a), _promote_node(b)
    out = lattice.join_pair(na, nb, config_)
    if out is None:
        raise lattice.promotion_error((na, nb), config_)
    return _NUMPY_FOR_NODE[out]


# Hot paths keep one memo per lattice (indexed like lattice.ALL_CONFIGS) and skip the context variables while no
# context manager is open. Memos are bounded; entries are only ever correct answers, so clearing is always safe.
_MEMO_LIMIT: Final = 4096
_PROMOTE_MEMOS: Final[list[dict[tuple[type, object, type, object], np.dtype[Any]]]] = [
    {} for _ in lattice.ALL_CONFIGS]
_RESULT_MEMOS: Final[list[dict[tuple[object, ...], tuple[np.dtype[Any], bool]]]] = [{} for _ in lattice.ALL_CONFIGS]


def _promote_types_py(a: object, b: object) -> np.dtype[Any]:
    """The dtype to which a binary operation casts ``a`` and ``b`` (JAX's ``jnp.promote_types``).

    ``int``, ``float`` and ``complex`` are weak and do not widen a strong dtype: ``promote_types('uint8', int)`` is
    uint8. The result is not canonicalized for x64. Raises :class:`TypePromotionError` when there is no promotion
    path and ``TypeError`` when an input is not a dtype."""
    memo = _PROMOTE_MEMOS[lattice.ALL_CONFIGS.index(current()) if _STATE.active else _STATE.index]
    # Types are part of the key: np.dtype('float64') == float, yet one is strong and the other weak.
    key = (type(a), a, type(b), b)
    try:
        return memo[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable input: not a dtype, reported below
        return _promote_uncached(a, b, current())
    out = _promote_uncached(a, b, current())
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = out
    return out


_speedups: ModuleType | None
try:
    from arraytyping._src import _speedups
except ImportError:  # pragma: no cover - the C extension is optional
    _speedups = None

if _speedups is not None:
    _speedups.set_fallback(_promote_types_py)

promote_types: Final[Callable[[object, object], np.dtype[Any]]] = (
    _promote_types_py if _speedups is None else _speedups.promote_types)
"""The dtype to which a binary operation casts ``a`` and ``b`` (JAX's ``jnp.promote_types``); the C fast path
serves repeated calls from a cache when the extension is built, the Python function computes everything else."""


_PY_SCALAR_TYPES: Final = frozenset({int, float, complex, bool})


def _memo_key(x: object) -> object:
    """What ``result_type``'s answer depends on for input ``x``, or ``None`` if it is not to be memoized.

    Python scalars (values or classes: the same operand) give their class; numpy arrays their dtype (tagged, since
    np.dtype('float64') == float); dtype names, dtypes and scalar types the registered name. Explicit 64-bit dtypes
    are left out: with x64 off they warn on every call. Inputs that are no dtype raise before anything is stored."""
    tp = type(x)
    if tp in _PY_SCALAR_TYPES:
        return tp
    if tp is np.ndarray:
        return (np.ndarray, cast("np.ndarray[Any, np.dtype[Any]]", x).dtype)
    if tp is str:
        return x if x in _NARROW_NAMES else None
    if tp is type or tp is _ScalarMeta:
        if x is int or x is float or x is complex or x is bool:
            return x
        info = registry.info_of_scalar_class(cast(type, x))
        return None if info is None or info.name in _WIDE else info.name
    ndt = registry.as_np_dtype(x)
    if ndt is None:
        return None
    info = registry.info_of_dtype(ndt)
    return None if info is None or info.name in _WIDE else info.name


_WIDE: Final = frozenset({"int64", "uint64", "float64", "complex128"})
_NARROW_NAMES: Final = frozenset(lattice.DTYPE_NAMES) - _WIDE


_Key = tuple[tuple[str, bool], ...]


@functools.lru_cache(maxsize=8192)
def lattice_result(ops: _Key, config_: lattice.LatticeConfig) -> tuple[str, bool]:
    """``lattice.result_node`` memoized: the (dtype name, weak) of operands given as (name, weak) pairs."""
    return lattice.result_node(ops, config_)


def _compute_result(args: tuple[object, ...], cfg: lattice.LatticeConfig) -> tuple[np.dtype[Any], bool]:
    if not args:
        raise ValueError("at least one array or dtype is required")
    x64 = cfg.x64
    name, weak = lattice_result(tuple([operand_of(a, x64) for a in args]), cfg)
    if weak:
        kind = "f" if name in lattice.FLOAT_NAMES else lattice.KIND[name]
        name = lattice.default_name(kind, x64)
    return _NUMPY_FOR_NODE[name], weak


def _result(args: tuple[object, ...]) -> tuple[np.dtype[Any], bool]:
    index = lattice.ALL_CONFIGS.index(current()) if _STATE.active else _STATE.index
    memo = _RESULT_MEMOS[index]
    key = tuple([_memo_key(a) for a in args])
    out = memo.get(key)
    if out is not None:
        return out
    out = _compute_result(args, lattice.ALL_CONFIGS[index])
    if None not in key:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[key] = out
    return out


@overload
def result_type(*args: object, return_weak_type_flag: Literal[False] = False) -> np.dtype[Any]: ...
@overload
def result_type(*args: object, return_weak_type_flag: Literal[True]) -> tuple[np.dtype[Any], bool]: ...
@overload
def result_type(*args: object, return_weak_type_flag: bool) -> np.dtype[Any] | tuple[np.dtype[Any], bool]: ...


def result_type(*args: object, return_weak_type_flag: bool = False) -> np.dtype[Any] | tuple[np.dtype[Any], bool]:
    """The dtype of an operation on ``args`` under JAX's promotion rules (``jax.dtypes.result_type``).

    With ``return_weak_type_flag=True``, returns ``(dtype, weak)``: the lattice result operations use. A weak result
    is reported as the default dtype of its kind (``float32``, or ``float64`` with x64)."""
    out = _result(args)
    return out if return_weak_type_flag else out[0]


def public_result_type(*args: object) -> np.dtype[Any]:
    """The dtype of an operation on ``args`` (``jnp.result_type``): weak results take their kind's default dtype."""
    return _result(args)[0]


def canonicalize_dtype(dtype: object) -> np.dtype[Any]:
    """The dtype arrays of ``dtype`` get under the current x64 setting (int64 -> int32 when x64 is off)."""
    return registry.INFO[lattice.canonical_name(to_dtype(dtype).name, config.x64)].dtype

