"""The dtype promotion lattice: pure data and a cached join, the single source of truth.

This module imports nothing but the standard library, so the mypy plugin, the stub generator and the CLI can load
it without numpy, ml_dtypes or XLA. Everything here works on *node names*:

* the 32 strong dtypes by their numpy/ml_dtypes names (``"bool"``, ``"uint4"``, ``"bfloat16"``, ``"float8_e4m3fn"``, ...);
* the three weak types by the names of their Python classes: ``"int"``, ``"float"``, ``"complex"``.

The lattice is given as a graph of *immediate upper bounds* (as in JAX's ``jax/_src/dtypes.py``) for each of the four
configurations (``standard``/``strict`` promotion, x64 on/off). Its reflexive-transitive closure gives each node's set
of upper bounds, and the join (least upper bound) of a set of nodes is the unique common upper bound below all others.
All joins of pairs are precomputed per configuration; n-ary joins are cached.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeAlias

__all__ = [
    "ALL_CONFIGS",
    "BOOL",
    "COMPLEX_NAMES",
    "DTYPE_NAMES",
    "DTYPE_SPELLINGS",
    "FLOAT4_NAMES",
    "FLOAT6_NAMES",
    "FLOAT8_NAMES",
    "FLOAT_NAMES",
    "INTN_NAMES",
    "KIND",
    "MODES",
    "NODES",
    "SIGNED_NAMES",
    "SMALL_FLOAT_NAMES",
    "UNSIGNED_NAMES",
    "WEAK_NAMES",
    "LatticeConfig",
    "LatticeError",
    "Mode",
    "TypePromotionError",
    "canonical_name",
    "default_name",
    "immediate_upper_bounds",
    "is_weak_node",
    "join",
    "join_pair",
    "node_for",
    "result_node",
    "upper_bounds",
]

Mode: TypeAlias = Literal["standard", "strict"]
MODES: Final[tuple[Mode, ...]] = ("standard", "strict")

# --------------------------------------------------------------------------------------------------------------------
# The nodes, in JAX's order.

BOOL: Final = "bool"
UNSIGNED_NAMES: Final[tuple[str, ...]] = ("uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64")
SIGNED_NAMES: Final[tuple[str, ...]] = ("int1", "int2", "int4", "int8", "int16", "int32", "int64")
INTN_NAMES: Final[tuple[str, ...]] = ("uint1", "uint2", "uint4", "int1", "int2", "int4")
FLOAT4_NAMES: Final[tuple[str, ...]] = ("float4_e2m1fn",)
FLOAT6_NAMES: Final[tuple[str, ...]] = ("float6_e2m3fn", "float6_e3m2fn")
FLOAT8_NAMES: Final[tuple[str, ...]] = (
    "float8_e3m4",
    "float8_e4m3",
    "float8_e8m0fnu",
    "float8_e4m3b11fnuz",
    "float8_e4m3fn",
    "float8_e4m3fnuz",
    "float8_e5m2",
    "float8_e5m2fnuz",
)
SMALL_FLOAT_NAMES: Final[tuple[str, ...]] = FLOAT4_NAMES + FLOAT6_NAMES + FLOAT8_NAMES
"""Floats narrower than 16 bits: they join only with bool, 8-64-bit ints, weak int/float and themselves."""
FLOAT_NAMES: Final[tuple[str, ...]] = SMALL_FLOAT_NAMES + ("bfloat16", "float16", "float32", "float64")
COMPLEX_NAMES: Final[tuple[str, ...]] = ("complex64", "complex128")
DTYPE_NAMES: Final[tuple[str, ...]] = (BOOL,) + UNSIGNED_NAMES + SIGNED_NAMES + FLOAT_NAMES + COMPLEX_NAMES
"""The 32 strong dtypes JAX 0.10.2 promotes."""
WEAK_NAMES: Final[tuple[str, ...]] = ("int", "float", "complex")
"""The weak types, named after the Python classes ``int``, ``float`` and ``complex``."""
NODES: Final[tuple[str, ...]] = DTYPE_NAMES + WEAK_NAMES
"""All 35 nodes of the lattice."""

_NODE_SET: Final[frozenset[str]] = frozenset(NODES)

KIND: Final[Mapping[str, str]] = MappingProxyType(
    {
        BOOL: "b",
        **{n: "u" for n in UNSIGNED_NAMES},
        **{n: "i" for n in SIGNED_NAMES},
        **{n: "f" for n in FLOAT_NAMES},
        **{n: "c" for n in COMPLEX_NAMES},
        "int": "i",
        "float": "f",
        "complex": "c",
    }
)
"""numpy-style kind character of every node (``b``, ``u``, ``i``, ``f``, ``c``); computed from names, never from
``np.dtype.kind`` (ml_dtypes' character codes collide)."""

_TO_32BIT: Final[Mapping[str, str]] = MappingProxyType(
    {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
)
_DEFAULTS: Final[Mapping[bool, Mapping[str, str]]] = MappingProxyType(
    {
        True: MappingProxyType({"b": BOOL, "i": "int64", "u": "uint64", "f": "float64", "c": "complex128"}),
        False: MappingProxyType({"b": BOOL, "i": "int32", "u": "uint32", "f": "float32", "c": "complex64"}),
    }
)


class _ConfigFields(NamedTuple):
    mode: Mode
    x64: bool


class LatticeConfig(_ConfigFields):
    """One of the four lattices: promotion ``mode`` and whether 64-bit types are enabled.

    A validated named tuple, so hashing it (for the caches) costs no Python-level call."""

    __slots__ = ()

    def __new__(cls, mode: Mode = "standard", x64: bool = False) -> LatticeConfig:
        if mode not in MODES:
            raise ValueError(f"promotion mode must be 'standard' or 'strict', got {mode!r}")
        if not isinstance(x64, bool):  # pyright: ignore[reportUnnecessaryIsInstance] - checked for untyped callers
            raise TypeError(f"x64 must be a bool, got {x64!r}")
        return super().__new__(cls, mode, x64)

    def __str__(self) -> str:
        return f"{self.mode}, x64 {'on' if self.x64 else 'off'}"


ALL_CONFIGS: Final[tuple[LatticeConfig, ...]] = tuple(LatticeConfig(m, x) for m in MODES for x in (False, True))


class LatticeError(ValueError):
    """A name that is not a node of the lattice."""


class TypePromotionError(ValueError):
    """Raised when two or more dtypes have no implicit promotion path (no join on the lattice)."""

    def __init__(self, message: str, nodes: Sequence[str] = (), config: LatticeConfig | None = None) -> None:
        super().__init__(message)
        self.nodes: tuple[str, ...] = tuple(nodes)
        self.config: LatticeConfig | None = config


# --------------------------------------------------------------------------------------------------------------------
# The strings that name a dtype.

_SPELLINGS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "bool": ("bool", "bool_", "?", "b1", "<?", "<b1", "=?", "=b1", ">?", ">b1", "|?", "|b1"),
        "uint1": ("uint1",),
        "uint2": ("uint2",),
        "uint4": ("uint4",),
        "uint8": ("uint8", "ubyte", "B", "u1", "<B", "<u1", "=B", "=u1", ">B", ">u1", "|B", "|u1"),
        "uint16": ("uint16", "ushort", "H", "u2", "<H", "<u2", "=H", "=u2", "|H", "|u2"),
        "uint32": ("uint32", "uintc", "I", "u4", "<I", "<u4", "=I", "=u4", "|I", "|u4"),
        "uint64": ("uint64", "uint", "uintp", "ulong", "ulonglong", "L", "N", "P", "Q", "u8", "<L", "<N", "<P", "<Q",
            "<u8", "=L", "=N", "=P", "=Q", "=u8", "|L", "|N", "|P", "|Q", "|u8"),
        "int1": ("int1",),
        "int2": ("int2",),
        "int4": ("int4",),
        "int8": ("int8", "byte", "b", "i1", "<b", "<i1", "=b", "=i1", ">b", ">i1", "|b", "|i1"),
        "int16": ("int16", "short", "h", "i2", "<h", "<i2", "=h", "=i2", "|h", "|i2"),
        "int32": ("int32", "intc", "i", "i4", "<i", "<i4", "=i", "=i4", "|i", "|i4"),
        "int64": ("int64", "int_", "intp", "long", "longlong", "i8", "int", "l", "n", "p", "q", "<i8", "<l", "<n",
            "<p", "<q", "=i8", "=l", "=n", "=p", "=q", "|i8", "|l", "|n", "|p", "|q"),
        "float4_e2m1fn": ("float4_e2m1fn",),
        "float6_e2m3fn": ("float6_e2m3fn",),
        "float6_e3m2fn": ("float6_e3m2fn",),
        "float8_e3m4": ("float8_e3m4",),
        "float8_e4m3": ("float8_e4m3",),
        "float8_e8m0fnu": ("float8_e8m0fnu",),
        "float8_e4m3b11fnuz": ("float8_e4m3b11fnuz",),
        "float8_e4m3fn": ("float8_e4m3fn",),
        "float8_e4m3fnuz": ("float8_e4m3fnuz",),
        "float8_e5m2": ("float8_e5m2",),
        "float8_e5m2fnuz": ("float8_e5m2fnuz",),
        "bfloat16": ("bfloat16",),
        "float16": ("float16", "half", "e", "f2", "<e", "<f2", "=e", "=f2", "|e", "|f2"),
        "float32": ("float32", "single", "f", "f4", "<f", "<f4", "=f", "=f4", "|f", "|f4"),
        "float64": ("float64", "double", "float", "d", "f8", "<d", "<f8", "=d", "=f8", "|d", "|f8"),
        "complex64": ("complex64", "csingle", "F", "c8", "<F", "<c8", "=F", "=c8", "|F", "|c8"),
        "complex128": ("complex128", "cdouble", "complex", "D", "c16", "<c16", "=c16", "|c16", "<D", "=D", "|D"),
    }
)
DTYPE_SPELLINGS: Final[Mapping[str, str]] = MappingProxyType(
    {spelling: name for name, spellings in _SPELLINGS.items() for spelling in spellings}
)
"""Every string JAX 0.10.2 takes as an explicitly requested dtype, mapped to the dtype it names (before x64
truncation: ``'float'`` is ``float64``): numpy's names, aliases, type characters and sized codes, with the byte-order
marks numpy allows for them, and ml_dtypes' names (tests/data/jax_dtype_spellings.json records JAX's answer for
these and for misspellings; a test holds this table to it). No other string names a dtype: the runtime refuses it,
the stubs' ``Literal`` leaves it out, the mypy plugin reports it with the nearest spellings."""


# --------------------------------------------------------------------------------------------------------------------
# The graphs of immediate upper bounds.


def _standard_graph(x64: bool) -> dict[str, tuple[str, ...]]:
    graph: dict[str, tuple[str, ...]] = {
        BOOL: ("int",),
        "int": ("uint8", "uint2", "uint4", "int8", "int2", "int4", "int1", "uint1"),
        "uint1": (),
        "uint2": (),
        "uint4": (),
        "uint8": ("int16", "uint16"),
        "uint16": ("int32", "uint32"),
        # With x64 off, no promotion may form a 64-bit type from narrower inputs: uint32 ⊔ int32 is int32.
        "uint32": ("int64", "uint64") if x64 else ("int32", "uint64"),
        "uint64": ("float",),
        "int1": (),
        "int2": (),
        "int4": (),
        "int8": ("int16",),
        "int16": ("int32",),
        "int32": ("int64",),
        "int64": ("float",),
        "float": SMALL_FLOAT_NAMES + ("bfloat16", "float16", "complex"),
        **{n: () for n in SMALL_FLOAT_NAMES},
        "bfloat16": ("float32",),
        "float16": ("float32",),
        "float32": ("float64", "complex64"),
        "float64": ("complex128",),
        "complex": ("complex64",),
        "complex64": ("complex128",),
        "complex128": (),
    }
    return graph


def _strict_graph() -> dict[str, tuple[str, ...]]:
    # Every strong type stands alone; weak types still rise into their own kind.
    graph: dict[str, tuple[str, ...]] = {n: () for n in DTYPE_NAMES}
    graph["int"] = ("float",) + UNSIGNED_NAMES + SIGNED_NAMES
    graph["float"] = ("complex",) + FLOAT_NAMES
    graph["complex"] = COMPLEX_NAMES
    return graph


def _check_config(config: LatticeConfig) -> LatticeConfig:
    if not isinstance(config, LatticeConfig):  # pyright: ignore[reportUnnecessaryIsInstance] - untyped callers
        raise TypeError(f"expected a LatticeConfig, got {config!r}")
    return config


@functools.cache
def _graph(config: LatticeConfig) -> Mapping[str, tuple[str, ...]]:
    graph = _strict_graph() if config.mode == "strict" else _standard_graph(config.x64)
    assert set(graph) == _NODE_SET, "every node needs an entry"
    return MappingProxyType(graph)


def immediate_upper_bounds(config: LatticeConfig = LatticeConfig()) -> Mapping[str, tuple[str, ...]]:
    """The lattice's edges: each node mapped to the nodes immediately above it."""
    return _graph(_check_config(config))


@functools.cache
def _closure(config: LatticeConfig) -> Mapping[str, frozenset[str]]:
    graph = _graph(config)
    closure: dict[str, frozenset[str]] = {}

    def visit(node: str, stack: tuple[str, ...]) -> frozenset[str]:
        if node in closure:
            return closure[node]
        if node in stack:
            raise LatticeError(f"cycle in the promotion lattice through {node!r}")
        above = frozenset({node}).union(*(visit(b, stack + (node,)) for b in graph[node]))
        closure[node] = above
        return above

    for n in NODES:
        visit(n, ())
    return MappingProxyType(closure)


def upper_bounds(config: LatticeConfig = LatticeConfig()) -> Mapping[str, frozenset[str]]:
    """Each node mapped to the set of all nodes at or above it (the reflexive-transitive closure)."""
    return _closure(_check_config(config))


def _lub(config: LatticeConfig, nodes: frozenset[str]) -> str | None:
    ub = _closure(config)
    common: frozenset[str] = functools.reduce(frozenset[str].intersection, (ub[n] for n in nodes))
    least: set[str] | frozenset[str] = (common & nodes) or {c for c in common if common <= ub[c]}
    if len(least) > 1:  # pragma: no cover - the lattice is checked for this at test time
        raise LatticeError(f"{sorted(nodes)} have several least upper bounds: {sorted(least)}")
    return next(iter(least), None)


@functools.cache
def _pair_table(config: LatticeConfig) -> Mapping[tuple[str, str], str | None]:
    return MappingProxyType(
        {(a, b): _lub(config, frozenset((a, b))) for a in NODES for b in NODES}
    )


def _check_nodes(nodes: Iterable[object]) -> None:
    for n in nodes:
        if not isinstance(n, str) or n not in _NODE_SET:
            raise LatticeError(
                f"{n!r} is not a node of the promotion lattice; nodes are the dtype names "
                f"{', '.join(DTYPE_NAMES)} and the weak types {', '.join(WEAK_NAMES)}"
            )


def _fix_for(names: Sequence[str]) -> str:
    if any(n in FLOAT8_NAMES for n in names):
        return ("To avoid unintended promotion, 8-bit floats do not support implicit promotion; "
                "cast explicitly, e.g. x.astype('float32').")
    if any(n in FLOAT6_NAMES for n in names):
        return ("To avoid unintended promotion, 6-bit floats do not support implicit promotion; "
                "cast explicitly, e.g. x.astype('float32').")
    if any(n in FLOAT4_NAMES for n in names):
        return ("To avoid unintended promotion, 4-bit floats do not support implicit promotion; "
                "cast explicitly, e.g. x.astype('float32').")
    if any(n in INTN_NAMES for n in names):
        return ("To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion; "
                "cast explicitly, e.g. x.astype('int32').")
    return "Cast the inputs explicitly to the dtype you want, e.g. x.astype('float32')."


def promotion_error(nodes: Sequence[str], config: LatticeConfig) -> TypePromotionError:
    """The error for nodes that have no join: names every input, and says what to do."""
    shown = ", ".join(nodes)
    if config.mode == "strict":
        msg = (f"Input dtypes ({shown}) have no implicit promotion path under strict dtype promotion. "
               "Cast the inputs explicitly to the dtype you want, or switch to standard promotion "
               "(arraytyping.config.update('promotion', 'standard')).")
    else:
        msg = f"Input dtypes ({shown}) have no implicit promotion path. {_fix_for(nodes)}"
    return TypePromotionError(msg, nodes, config)


def join_pair(a: str, b: str, config: LatticeConfig = LatticeConfig()) -> str | None:
    """The join of two nodes, or ``None`` where they have no common upper bound. O(1) after the first call."""
    try:
        return _pair_table(config)[a, b]
    except (KeyError, AttributeError, TypeError):
        _check_config(config)
        _check_nodes((a, b))
        raise  # pragma: no cover


def join(*nodes: str, config: LatticeConfig = LatticeConfig()) -> str:
    """The least upper bound of one or more nodes; raises :class:`TypePromotionError` if there is none."""
    if not nodes:
        raise ValueError("join() needs at least one node")
    if len(nodes) == 2:
        out = join_pair(nodes[0], nodes[1], config)
    else:
        _check_nodes(nodes)
        out = _join_set(_check_config(config), frozenset(nodes))
    if out is None:
        raise promotion_error(nodes, config)
    return out


@functools.lru_cache(maxsize=4096)
def _join_set(config: LatticeConfig, nodes: frozenset[str]) -> str | None:
    return _lub(config, nodes)


# --------------------------------------------------------------------------------------------------------------------
# From (dtype, weak flag) operands to a result, as JAX's ``lattice_result_type`` does.


def is_weak_node(node: str) -> bool:
    return node in WEAK_NAMES


def canonical_name(name: str, x64: bool) -> str:
    """The dtype JAX actually uses for ``name``: with x64 off, 64-bit types become their 32-bit counterparts."""
    return name if x64 else _TO_32BIT.get(name, name)


def default_name(kind: str, x64: bool) -> str:
    """The default dtype of a kind (``'b'``, ``'i'``, ``'u'``, ``'f'``, ``'c'``) under an x64 setting."""
    try:
        return _DEFAULTS[x64][kind]
    except KeyError:
        raise ValueError(f"unknown dtype kind {kind!r}; expected one of 'b', 'i', 'u', 'f', 'c'") from None


def node_for(name: str, weak: bool) -> str:
    """The lattice node of a dtype with a weak flag: a weak ``float32`` is the node ``float``, a weak ``bool`` stays
    ``bool`` and weak small floats (bfloat16, float8...) are ``float``."""
    if not weak or name == BOOL or name in WEAK_NAMES:
        return name
    return {"u": "int", "i": "int", "f": "float", "c": "complex"}[KIND[name]]


def _strong_dtype(node: str, x64: bool) -> str:
    """The dtype of a node: weak nodes take their kind's default, strong ones are canonicalized."""
    if node in WEAK_NAMES:
        return default_name(KIND[node], x64)
    return canonical_name(node, x64)


def result_node(operands: Sequence[tuple[str, bool]], config: LatticeConfig = LatticeConfig()) -> tuple[str, bool]:
    """The dtype and weak flag of an operation on operands given as ``(dtype name, weak)`` pairs.

    Follows JAX 0.10.2's ``lattice_result_type``: a single operand passes through; identical dtypes that are not
    all weak give that dtype, strong; all-weak operands (outside strict mode) join their strong counterparts and
    stay weak; otherwise the join of the lattice nodes, weak exactly when the join is a weak node. ``bool`` is
    never weak. Dtype names may be the weak names ``int``/``float``/``complex`` (meaning their default dtypes,
    weakly typed). Raises :class:`TypePromotionError` when there is no join.
    """
    _check_config(config)
    if not operands:
        raise ValueError("at least one operand is required")
    pairs = [(_strong_dtype(n, config.x64) if n in _NODE_SET else n, w or n in WEAK_NAMES) for n, w in operands]
    _check_nodes(n for n, _ in pairs)
    dtypes = [n for n, _ in pairs]
    weaks = [w for _, w in pairs]
    if len(pairs) == 1:
        out, weak = dtypes[0], weaks[0]
    elif len(set(dtypes)) == 1 and not all(weaks):
        out, weak = dtypes[0], False
    elif all(weaks) and config.mode != "strict":
        top = join(*dict.fromkeys(dtypes), config=config)
        out, weak = _strong_dtype(top, config.x64), True
    else:
        top = join(*dict.fromkeys(node_for(d, w) for d, w in pairs), config=config)
        out, weak = _strong_dtype(top, config.x64), top in WEAK_NAMES
    return out, weak and out != BOOL
