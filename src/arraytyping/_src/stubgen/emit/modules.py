"""The stub files: the root module (assembled here), ``dtypes``, ``typing`` (and ``numpy``, in
:mod:`.emit_numpy`)."""

from __future__ import annotations

import inspect
import itertools

from collections.abc import Callable
from typing import Final

from arraytyping import lattice
from arraytyping._src.stubgen import dtype_arguments, from_source, specs
from arraytyping._src.stubgen.emit import array as emit_array, scalars as emit_scalars
from arraytyping._src.stubgen.families import Model
from arraytyping.lattice import LatticeConfig

__all__ = ["debug_stub", "dtypes_stub", "errors_stub", "experimental_stub", "ref_declarations", "ref_stub", "root_stub",
           "stages_stub", "typing_stub"]

TYPEVARS = [
    'DTypeT_co = TypeVar("DTypeT_co", covariant=True)',
    "MYPY: Final = False",
    "if not MYPY:  # an unknown shape is gradual: it is accepted where a shape is declared",
    "    AnyShape: TypeAlias = tuple[Any, ...]",
    "else:  # mypy (and pyrefly): a default holding Any makes every overloaded call on such arrays ambiguous (Any)",
    "    AnyShape: TypeAlias = tuple[int, ...]",
    'ShapeT_co = TypeVar("ShapeT_co", bound=tuple[Any, ...], covariant=True, default=AnyShape)',
    'ShapeT = TypeVar("ShapeT", bound=tuple[Any, ...])',
    'T = TypeVar("T")',
    'R = TypeVar("R")',
    'R_co = TypeVar("R_co", covariant=True)',
    'T_contra = TypeVar("T_contra", contravariant=True)',
]
LATE_TYPEVARS = [
    'DTypeT = TypeVar("DTypeT", bound=generic)',
    'Params = ParamSpec("Params")',
    '_C = TypeVar("_C", bound=type)',
]


def root_stub(m: Model, cfg: LatticeConfig, header: list[str], docs: Callable[[str], str | None]) -> str:
    o: list[str] = [
        *header,
        '"""arraytyping: one dtype system for array code that holds at run time and in every type checker."""',
        "",
        "import contextlib",
        "from types import EllipsisType",
        "from collections.abc import Callable, Generator, Iterable, Iterator, Sequence",
        "from enum import IntEnum",
        "from types import ModuleType, SimpleNamespace",
        "from typing import Any, ClassVar, Final, Generic, Literal, Protocol, final, overload, type_check_only",
        "",
        "import numpy as np",
        "from typing_extensions import Concatenate, Never, ParamSpec, Self, TypeAlias, TypeVar",
        "",
        "from arraytyping import dtypes as dtypes, lattice as lattice",
        "from arraytyping import tree_util as tree_util",
        "from arraytyping import lax as lax, nn as nn, numpy as numpy, random as random, scipy as scipy, tree as tree",
        "from arraytyping import custom_derivatives as custom_derivatives",
        "from arraytyping import custom_batching as custom_batching",
        "from arraytyping.ad_checkpoint import checkpoint as checkpoint, checkpoint_policies as checkpoint_policies",
        "from arraytyping.ad_checkpoint import checkpoint as remat",
        "from arraytyping import typing as typing",
        "from arraytyping.lattice import TypePromotionError as TypePromotionError",
        "from arraytyping.typing import AnyArguments, ArrayLike, DType, DTypeLike, UnannotatedParameter",
        "from arraytyping.random import PRNGKeyArray",
        "from arraytyping import op_rules as op_rules",
        "from arraytyping import debug as debug, experimental as experimental, ffi as ffi, monitoring as monitoring",
        "from arraytyping import profiler as profiler",
        "from arraytyping import ref as ref",
        "from arraytyping import errors as errors, stages as stages",
        "from arraytyping import sharding as sharding",
        "from arraytyping.sharding import NamedSharding as NamedSharding, PartitionSpec as P, Sharding",
        "from arraytyping.sharding import make_mesh as make_mesh, reshard as reshard, set_mesh as set_mesh",
        "from arraytyping import image as image, ops as ops",
        "from arraytyping import dlpack as dlpack",
        "from arraytyping.errors import ConcretizationTypeError as ConcretizationTypeError",
        "from arraytyping.errors import TracerArrayConversionError as TracerArrayConversionError",
        "from arraytyping.errors import TracerBoolConversionError as TracerBoolConversionError",
        "from arraytyping.errors import TracerIntegerConversionError as TracerIntegerConversionError",
        "from arraytyping.errors import UnexpectedTracerError as UnexpectedTracerError",
        "",
        *from_source.emit_all("__init__.py"),
        "",
        "__version__: str",
        "",
        *TYPEVARS,
        "",
        *emit_scalars.protocols(m),
        "_PyScalar: TypeAlias = bool | int | float | complex",
        "_NumpyOperand: TypeAlias = np.ndarray[Any, Any] | np.generic",
        "Axis: TypeAlias = int | Sequence[int] | None",
        "",
        *emit_scalars.scalar_classes(m, cfg, {}),
        *LATE_TYPEVARS,
        "",
        *emit_array.array_class(m, cfg, docs),
        *from_source.private_module_declarations(
            stub_typevars={v.split(" ")[0] for v in TYPEVARS + LATE_TYPEVARS}),
        "def promote_types(a: DTypeLike, b: DTypeLike, /) -> np.dtype[Any]: ...",
        "def result_type(*args: object) -> np.dtype[Any]: ...",
        "",
        "# Transformations keep the wrapped function's signature (jit's, with the ahead-of-time stages).",
        "@overload",
        "def jit(fun: Callable[Params, R], *, static_argnums: int | Sequence[int] | None = None, "
        "static_argnames: str | Iterable[str] | None = None, donate_argnums: int | Sequence[int] | None = None, "
        "donate_argnames: str | Iterable[str] | None = None, keep_unused: bool = False, inline: bool = False, "
        "in_shardings: Any = None, out_shardings: Any = None) -> stages.Wrapped[Params, R]:",
        *([f"    {docs('jit')}", "    ..."] if docs("jit") else ["    ..."]),
        "@overload",
        "def jit(fun: None = None, *, static_argnums: int | Sequence[int] | None = None, "
        "static_argnames: str | Iterable[str] | None = None, donate_argnums: int | Sequence[int] | None = None, "
        "donate_argnames: str | Iterable[str] | None = None, keep_unused: bool = False, inline: bool = False, "
        "in_shardings: Any = None, out_shardings: Any = None) -> Callable[[Callable[Params, R]], stages.Wrapped[Params, R]]: ...",
        *vmap_declaration(m, docs("vmap")),
        *custom_jvp_declaration(docs("custom_jvp")),
        *custom_vjp_declaration(docs("custom_vjp")),
        "@overload",
        "def make_jaxpr(f: Callable[Params, Any], static_argnums: int | Sequence[int] = ..., axis_env: Sequence[Any] | None "
        "= ..., return_shape: Literal[False] = ...) -> Callable[Params, Any]: ...",
        "@overload",
        "def make_jaxpr(f: Callable[Params, Any], static_argnums: int | Sequence[int] = ..., axis_env: Sequence[Any] | None "
        "= ..., *, return_shape: Literal[True]) -> Callable[Params, tuple[Any, Any]]: ...",
        'ArrayT = TypeVar("ArrayT", bound=Array[Any, Any])',
        "@overload",
        "def device_put(x: ArrayT, device: Any = None, *, src: Any = None, donate: Any = False, may_alias: Any = None) -> ArrayT: ...",
        "@overload",
        "def device_put(x: Any, device: Any = None, *, src: Any = None, donate: Any = False, may_alias: Any = None) -> Any: ...",
        *sharded_array_declarations(docs),
        *device_declarations(docs),
        "def devices(backend: str | None = None) -> list[Any]: ...",
        "float0: np.dtype[Any]",
        "def eval_shape(f: Callable[..., Any], *args: Any) -> Any: ...",
        "",
        "class ShapeDtypeStruct:",
        '    """A container for the shape, dtype and weak type of an array (no data): ``ShapeDtypeStruct(shape, '
        'dtype)``."""',
        '    __match_args__ = ("shape", "dtype")',
        "    shape: tuple[int, ...]",
        "    dtype: np.dtype[Any]",
        "    weak_type: bool",
        "    sharding: None",
        "    def __init__(self, shape: Sequence[int], dtype: DTypeLike, *, sharding: None = None, "
        "weak_type: bool = False) -> None: ...",
        "    @property",
        "    def ndim(self) -> int: ...",
        "    @property",
        "    def size(self) -> int: ...",
        "    def update(self, **kwargs: Any) -> ShapeDtypeStruct: ...",
        "    @classmethod",
        "    def like(cls, x: Any) -> ShapeDtypeStruct: ...",
        "    def __len__(self) -> int: ...",
        "",
        *ref_declarations(docs),
        *config_state_declarations(docs),
        "def pure_callback(callback: Callable[..., Any], result_shape_dtypes: Any, *args: Any, sharding: Any = None, "
        "vmap_method: str | None = None, **kwargs: Any) -> Any: ...",
        "",
        "class DeletedArrayError(RuntimeError): ...",
    ]
    return "\n".join(o) + "\n"


VMAP_ARITIES: Final = 3
"""``vmap`` of a function of up to this many ``Array`` parameters returning an ``Array`` keeps the dtypes."""


def custom_jvp_declaration(doc: str | None) -> list[str]:
    """``custom_jvp``: a generic class keeping the decorated function's signature, whose ``defjvp`` returns the
    rule it is given (a decorator)."""
    return [
        '_Rule = TypeVar("_Rule", bound=Callable[..., Any])',
        "class custom_jvp(Generic[Params, R]):",
        *([f"    {doc}"] if doc else []),
        "    fun: Callable[Params, R]",
        "    nondiff_argnums: tuple[int, ...]",
        "    jvp: Callable[..., tuple[Any, Any]] | None",
        "    symbolic_zeros: bool",
        "    def __init__(self, fun: Callable[Params, R], nondiff_argnums: Sequence[int] = ..., "
        "nondiff_argnames: Sequence[str] = ...) -> None: ...",
        "    def defjvp(self, jvp: _Rule, symbolic_zeros: bool = ...) -> _Rule: ...",
        "    def defjvps(self, *jvps: Callable[..., Any] | None) -> None: ...",
        "    def __call__(self, *args: Params.args, **kwargs: Params.kwargs) -> R: ...",
        "    def __get__(self, instance: object, owner: type | None = None) -> Any: ...",
        "",
    ]


def custom_vjp_declaration(doc: str | None) -> list[str]:
    """``custom_vjp``: a generic class keeping the decorated function's signature; ``defvjp`` takes the two rules."""
    return [
        "class custom_vjp(Generic[Params, R]):",
        *([f"    {doc}"] if doc else []),
        "    fun: Callable[Params, R]",
        "    nondiff_argnums: tuple[int, ...]",
        "    fwd: Callable[..., tuple[Any, Any]] | None",
        "    bwd: Callable[..., tuple[Any, ...]] | None",
        "    symbolic_zeros: bool",
        "    optimize_remat: bool",
        "    def __init__(self, fun: Callable[Params, R], nondiff_argnums: Sequence[int] = ..., "
        "nondiff_argnames: Sequence[str] = ...) -> None: ...",
        "    def defvjp(self, fwd: Callable[..., tuple[Any, Any]], bwd: Callable[..., tuple[Any, ...]], "
        "symbolic_zeros: bool = ..., optimize_remat: bool = ...) -> None: ...",
        "    def __call__(self, *args: Params.args, **kwargs: Params.kwargs) -> R: ...",
        "    def __get__(self, instance: object, owner: type | None = None) -> Any: ...",
        "",
    ]


def vmap_declaration(m: Model, doc: str | None) -> list[str]:
    """``vmap``'s overloads. Batching keeps every dtype and adds the mapped axis to every shape, which no signature
    can say of ``fun``'s own parameters; so, with shapes, a function of ``Array`` parameters returning an ``Array``
    gives a function of those dtypes at any shape (an unmapped argument, ``in_axes=None``, keeps its shape, which
    "any shape" admits too), and any other function gives ``Callable[..., Any]``: keeping ``fun``'s signature would
    claim the unbatched shapes (a false error on every batched argument, a wrong shape for the result). Without
    shapes the signature is kept, as ``jit`` keeps it."""
    rest = ("in_axes: int | None | Sequence[Any] = ..., out_axes: Any = ..., axis_name: object = ..., "
            "axis_size: int | None = ...")
    body = [f"    {doc}", "    ..."] if doc else ["    ..."]
    if not m.shapes:
        return [f"def vmap(fun: Callable[Params, R], {rest}) -> Callable[Params, R]:", *body]
    out = ['OutDType = TypeVar("OutDType")',
           *(f'InDType{i} = TypeVar("InDType{i}")' for i in range(1, VMAP_ARITIES + 1)),
]
    # a callable of any arguments first (it would match every arity's first overload, and be called with one)
    out += ["@overload", f"def vmap(fun: AnyArguments, {rest}) -> Callable[..., Any]:", *body]
    first = False
    for n in range(1, VMAP_ARITIES + 1):
        # an unannotated parameter takes any pytree (a list of tuples, a key array): the batched function takes
        # anything there; each subset of unannotated parameters first, the fully typed signature last
        for mask in sorted(itertools.product((True, False), repeat=n), key=lambda m: -sum(m)):
            if n == 1 and not mask[0]:  # a function of a key (random's samplers): keys, typed or raw, batched
                out += ["@overload", f"def vmap(fun: Callable[[PRNGKeyArray], Array[OutDType, Any]], {rest}) -> "
                        "Callable[[PRNGKeyArray | Array[Any]], Array[OutDType]]: ..."]
            params = ", ".join("UnannotatedParameter" if u else f"Array[InDType{i}, Any]"
                               for i, u in enumerate(mask, 1))
            batched = ", ".join("Any" if u else f"Array[InDType{i}]" for i, u in enumerate(mask, 1))
            out += ["@overload", f"def vmap(fun: Callable[[{params}], Array[OutDType, Any]], {rest}) -> "
                    f"Callable[[{batched}], Array[OutDType]]:" + ("" if first else " ...")]
            if first:
                out += body
                first = False
    return [*out, "@overload", f"def vmap(fun: Callable[..., Any], {rest}) -> Callable[..., Any]: ..."]


def dtypes_stub(header: list[str]) -> str:
    names = [*specs.ABSTRACT, *specs.CONCRETE]
    return "\n".join([
        *header,
        '"""arraytyping.dtypes: dtype utilities, mirroring jax.dtypes."""',
        "",
        "from typing import Any, Literal, overload",
        "",
        "import numpy as np",
        "",
        "from arraytyping import " + ", ".join(f"{c} as {c}" for c in names),
        "from arraytyping import promote_types as promote_types",
        "from arraytyping import canonicalize_dtype as canonicalize_dtype, finfo as finfo, iinfo as iinfo, "
        "isdtype as isdtype, issubdtype as issubdtype",
        "from arraytyping.lattice import TypePromotionError as TypePromotionError",
        "",
        *from_source.emit_all("dtypes.py"),
        "",
        "float0: np.dtype[Any]",
        "",
        "@overload",
        "def result_type(*args: object, return_weak_type_flag: Literal[False] = False) -> np.dtype[Any]: ...",
        "@overload",
        "def result_type(*args: object, return_weak_type_flag: Literal[True]) -> tuple[np.dtype[Any], bool]: ...",
        "@overload",
        "def result_type(*args: object, return_weak_type_flag: bool) -> np.dtype[Any] | tuple[np.dtype[Any], bool]: ...",
        "",
        "class extended(generic):",
        "    \"\"\"Abstract: the category of extended dtypes, which are not numpy's (as jax.dtypes.extended).\"\"\"",
        "class prng_key(extended):",
        "    \"\"\"Abstract: the category of typed PRNG key dtypes (as jax.dtypes.prng_key).\"\"\"",
        "def itemsize_bits(dtype: object) -> int:",
        "    \"\"\"The number of bits one element of ``dtype`` takes (as jax.dtypes.itemsize_bits).\"\"\"",
        "def scalar_type_of(x: Any) -> type:",
        "    \"\"\"The Python scalar type (bool, int, float or complex) of a value's dtype.\"\"\"",
        "",
    ])


def annotations_stub(header: list[str]) -> str:
    """The annotation aliases of the runtime modules behind ``random``, ``nn``, ``lax`` and ``numpy.fft``, as a
    checker that reads those sources sees them: gradual (``Any``). Their sources mix the runtime ``Array`` with
    their results; a checker that met the stub's generic ``Array`` there would find the two classes apart. A
    checker of the installed package reads the public modules' own stubs (:mod:`.emit_reexports`), where these
    aliases are ``Array[Any]`` and ``arraytyping.typing.ArrayLike``."""
    return "\n".join([
        *header,
        '"""Annotation aliases of the public functions defined under ``_src`` (see annotations.py)."""',
        "",
        "from typing import Any",
        "",
        "from typing_extensions import TypeAlias",
        "",
        '__all__ = ["AnyArray", "ArrayLike"]',
        "",
        "AnyArray: TypeAlias = Any",
        "ArrayLike: TypeAlias = Any",
        "",
    ])


def typing_stub(header: list[str]) -> str:
    spellings = dtype_arguments.spelling_literal(list(lattice.DTYPE_SPELLINGS))
    return "\n".join([
        *header,
        '"""arraytyping.typing: permissive types for inputs, strict types for outputs (JAX\'s typing roadmap)."""',
        "",
        "from collections.abc import Sequence",
        "from typing import Any, Generic, Literal, Protocol, SupportsIndex, TypeVar, type_check_only",
        "",
        "import numpy as np",
        "from typing_extensions import TypeAlias",
        "",
        "from arraytyping import MYPY, Array as Array, bool_, " + ", ".join(specs.ABSTRACT),
        "",
        *from_source.emit_all("typing.py"),
        "",
        'DTypeT_co = TypeVar("DTypeT_co", covariant=True)',
        "",
        "class SupportsDType(Protocol):",
        "    @property",
        "    def dtype(self, /) -> np.dtype[Any]: ...",
        "",
        "class DType(np.dtype[np.generic], Generic[DTypeT_co]):  # type: ignore[misc]  # pyright: ignore",
        '    """An array\'s ``dtype`` (an ``np.dtype`` at run time), typed by the array\'s dtype class: '
        '``Array[T]().dtype`` is a ``DType[T]``, and ``astype``/``dtype=`` take it back to ``T``."""',
        "",
        "@type_check_only",
        "class Unannotated:",
        '    """What only a parameter without an annotation (or of type ``Any`` or ``object``) takes: ``vmap`` of a '
        'function with such a parameter takes any pytree there (a list of tuples, a key array), as JAX does."""',
        "",
        "if MYPY:",
        "    UnannotatedParameter: TypeAlias = Unannotated",
        "else:  # pyright types a lambda's parameters by the first overload it tries: they must take what Any takes",
        "    UnannotatedParameter: TypeAlias = Any",
        '"""The parameter type of ``vmap``\'s overloads for unannotated parameters: :class:`Unannotated` for mypy (a '
        'typed function skips them, its inputs checked), ``Any`` for the others (a lambda\'s parameters take it)."""',
        "",
        "@type_check_only",
        "class AnyArguments(Protocol):",
        '    """A callable of any arguments (``Callable[..., Any]``, a ``functools.partial``, ``grad``\'s result): '
        '``vmap`` of it is ``Callable[..., Any]``, as it cannot say which parameters it has."""',
        "    def __call__(self, *args: object, **kwargs: object) -> Any: ...",
        "",
        "# Inputs: permissive.",
        "Scalar: TypeAlias = bool | int | float | complex",
        '"""A Python scalar: ``bool`` is strong, ``int``/``float``/``complex`` are weakly typed."""',
        "ArrayLike: TypeAlias = Array[Any] | np.ndarray[Any, Any] | np.bool_ | np.number[Any] | bool | int | float "
        "| complex",
        '"""Anything arraytyping.numpy functions convert implicitly to an array (no lists: pass them to asarray)."""',
        f"DTypeName: TypeAlias = {spellings}",
        '"""Every string that names a dtype (JAX 0.10.2\'s spellings); no other string does."""',
        "DTypeLike: TypeAlias = (DTypeName | type[generic] | type[bool] | type[int] | type[float] | type[complex] "
        "| type[np.generic] | np.dtype[Any] | SupportsDType)",
        '"""Anything that names a dtype: a name, a scalar class, a Python or numpy type, an np.dtype."""',
        "ShapeLike: TypeAlias = SupportsIndex | Sequence[SupportsIndex]",
        "",
        "# Outputs: strict.",
        "Shape: TypeAlias = tuple[int, ...]",
        "",
        "# Arrays by category (the Python classes are the weak types of the category).",
        "NDArray: TypeAlias = Array[Any]",
        "BoolArray: TypeAlias = Array[bool_]",
        "IntArray: TypeAlias = Array[integer | int]",
        "FloatArray: TypeAlias = Array[floating | float]",
        "ComplexArray: TypeAlias = Array[complexfloating | complex]",
        "InexactArray: TypeAlias = Array[inexact | float | complex]",
        "NumberArray: TypeAlias = Array[number | int | float | complex]",
        'ScalarType = TypeVar("ScalarType", bound=generic)',
        '"""A type variable over dtypes, for generic helpers: ``def f(x: Array[ScalarType]) -> Array[ScalarType]``."""',
        "",
    ])


CONFIG_STATES: Final[dict[str, str]] = {
    "allow_f16_reductions": "bool", "array_garbage_collection_guard": "str | None", "check_tracer_leaks": "bool",
    "debug_key_reuse": "bool", "default_device": "Any", "default_matmul_precision": "str | None",
    "default_prng_impl": "str", "enable_checks": "bool", "enable_custom_prng": "bool",
    "explain_cache_misses": "bool", "legacy_prng_key": "str", "log_compiles": "bool", "no_execution": "bool",
    "no_tracing": "bool", "numpy_dtype_promotion": "str", "numpy_rank_promotion": "str",
    "softmax_custom_jvp": "bool", "thread_guard": "bool", "threefry_partitionable": "bool",
    "transfer_guard_device_to_device": "str | None", "transfer_guard_device_to_host": "str | None",
    "transfer_guard_host_to_device": "str | None",
}
"""JAX's options that are context managers at the top level -> the type of their value."""


def config_state_declarations(docs: Callable[[str], str | None]) -> list[str]:
    """JAX's options as context managers (``numpy_rank_promotion``...): each a ``_State`` of its value's type, whose
    call (any value: JAX's parsers take any, and refuse at run time) is a context manager and a decorator; and
    ``make_user_context``'s contexts."""
    out = [
        '_StateV = TypeVar("_StateV")',
        '_StateF = TypeVar("_StateF", bound=Callable[..., Any])',
        "@type_check_only",
        "class _StateContextManager(Generic[_StateV]):",
        "    def __enter__(self) -> None: ...",
        "    def __exit__(self, *exc: object) -> None: ...",
        "    def __call__(self, func: _StateF) -> _StateF: ...",
        "@type_check_only",
        "class _State(Generic[_StateV]):",
        "    name: str",
        "    @property",
        "    def value(self) -> _StateV: ...",
        "    def __call__(self, new_val: Any = ...) -> _StateContextManager[_StateV]: ...",
    ]
    for name, value in CONFIG_STATES.items():
        out.append(f"{name}: _State[{value}]")
        d = docs(name)
        if d:
            out.append(d)
    out += [
        "@type_check_only",
        "class _UserContext(Generic[_StateV]):",
        "    @property",
        "    def value(self) -> _StateV: ...",
        "    def __call__(self, new_val: _StateV) -> contextlib.AbstractContextManager[None]: ...",
        "@overload",
        "def make_user_context(default_value: None = None) -> _UserContext[Any]: ...",
        "@overload",
        "def make_user_context(default_value: _StateV) -> _UserContext[_StateV]:",
    ]
    d = docs("make_user_context")
    out += [f"    {d}", "    ..."] if d else ["    ..."]
    return out


def ref_declarations(docs: Callable[[str], str | None]) -> list[str]:
    """``Ref``, ``new_ref`` and ``freeze`` in the root stub: a reference reads as an array of its dtype and shape
    (``ref[...]`` is ``Array[D, S]``, ``ref[i]`` an ``Array[D]``); its type parameters are invariant, as a mutable
    container's are."""
    def doc(name: str) -> list[str]:
        d = docs(name)
        return [f"    {d}"] if d else []

    def body(name: str) -> list[str]:
        d = docs(name)
        return [f"    {d}", "    ..."] if d else ["    ..."]
    return [
        '_RefD = TypeVar("_RefD")',
        '_RefS = TypeVar("_RefS", bound=tuple[Any, ...], default=AnyShape)',
        "class Ref(Generic[_RefD, _RefS]):",
        *doc("Ref"),
        "    @property",
        "    def aval(self) -> Any: ...",
        "    @property",
        "    def dtype(self) -> DType[_RefD]: ...",
        "    @property",
        "    def shape(self) -> _RefS: ...",
        "    @property",
        "    def ndim(self) -> int: ...",
        "    @property",
        "    def size(self) -> int: ...",
        "    @property",
        "    def at(self) -> Any: ...",
        "    def __len__(self) -> int: ...",
        "    @overload",
        "    def __getitem__(self, key: EllipsisType | tuple[()], /) -> Array[_RefD, _RefS]: ...",
        "    @overload",
        "    def __getitem__(self, key: Any, /) -> Array[_RefD]: ...",
        "    def __setitem__(self, key: Any, value: Any, /) -> None: ...",
        "    def addupdate(self, value: Any, index: Any = ()) -> None: ...",
        "    def unsafe_buffer_pointer(self) -> int: ...",
        "    def __hash__(self) -> int: ...",
        "    def __eq__(self, other: object) -> bool: ...",
        "@overload",
        "def new_ref(init_val: Array[_RefD, _RefS]) -> Ref[_RefD, _RefS]:",
        *body("new_ref"),
        "@overload",
        "def new_ref(init_val: Any) -> Ref[Any]: ...",
        "def freeze(ref: Ref[_RefD, _RefS]) -> Array[_RefD, _RefS]:",
        *body("freeze"),
        "def empty_ref(ty: Any, memory_space: Any = None) -> Ref[Any]:",
        *body("empty_ref"),
        "def free_ref(ref: Any) -> tuple[()]:",
        *body("free_ref"),
        "",
    ]


def ref_stub(header: list[str]) -> str:
    """``arraytyping.ref``: declared here, as :func:`debug_stub`, with the root stub's ``Ref``."""
    return "\n".join([
        *header,
        '"""Mutable array references (as ``jax.ref``): ``new_ref`` makes one, ``get``/``set``/``swap``/``addupdate`` '
        'read and write it in place, ``freeze`` gives its final value."""',
        "",
        "from typing import Any, TypeVar",
        "",
        "from arraytyping import Array as Array, Ref as Ref, freeze as freeze, new_ref as new_ref",
        "from arraytyping import empty_ref as empty_ref, free_ref as free_ref",
        "",
        *from_source.emit_all("ref.py"),
        "",
        "class AbstractRef:",
        '    """The type of a mutable array reference (what ``typeof`` gives for a ``Ref``), printed '
        '``Ref{float32[3]}``."""',
        "    inner_aval: Any",
        "    memory_space: Any",
        "    kind: Any",
        "    def __init__(self, inner_aval: Any, memory_space: Any = None, kind: Any = None) -> None: ...",
        "    @property",
        "    def shape(self) -> tuple[int, ...]: ...",
        "    @property",
        "    def dtype(self) -> Any: ...",
        "    @property",
        "    def ndim(self) -> int: ...",
        "    @property",
        "    def weak_type(self) -> bool: ...",
        "",
        '_D = TypeVar("_D")',
        "def get(ref: Ref[_D, Any], idx: Any = ...) -> Array[_D]: ...",
        "def swap(ref: Ref[_D, Any], idx: Any, value: Any) -> Array[_D]: ...",
        "def set(ref: Ref[Any, Any], idx: Any, value: Any) -> None: ...",
        "def addupdate(ref: Ref[Any, Any], idx: Any, value: Any) -> None: ...",
        "",
    ])


def debug_stub(header: list[str]) -> str:
    """``arraytyping.debug``: declared here, so that a checker does not analyse the runtime behind it."""
    return "\n".join([
        *header,
        '"""Debugging inside transformed code (as ``jax.debug``): ``print`` prints run-time values, ``callback`` '
        'calls a host function with them, ``log`` logs them, ``breakpoint`` pauses at a ``pdb``-like prompt."""',
        "",
        "from collections.abc import Callable, Sequence",
        "from typing import Any, overload",
        "",
        "from arraytyping.sharding import Sharding",
        "",
        *from_source.emit_all("debug.py"),
        "",
        "class DebugEffect:",
        '    """The effect of a debug callback: kept though its results are unused. Prints as ``Debug``."""',
        "class OrderedDebugEffect:",
        '    """The effect of an ordered debug callback (``ordered=True``). Prints as ``OrderedDebug``."""',
        "",
        "@overload",
        "def log(fmt: str, *args: Any, ordered: bool = False, partitioned: bool = False, "
        "skip_format_check: bool = False, **kwargs: Any) -> None: ...",
        "@overload",
        "def log(fmt: None = None, *, ordered: bool = False, partitioned: bool = False, "
        "skip_format_check: bool = False) -> Callable[..., None]: ...",
        "def callback(callback: Callable[..., Any], *args: Any, ordered: bool = False, partitioned: bool = False, "
        "**kwargs: Any) -> None: ...",
        "def print(fmt: str, *args: Any, ordered: bool = False, partitioned: bool = False, **kwargs: Any) -> None: ...",
        "def breakpoint(*, backend: str | None = None, filter_frames: bool = True, num_frames: int | None = None, "
        "ordered: bool = False, token: Any = None, **kwargs: Any) -> Any: ...",
        "def visualize_sharding(shape: Sequence[int], sharding: Sharding, *, use_color: bool = True, "
        "scale: float = 1.0, min_width: int = 9, max_width: int = 80, color_map: Any = None) -> None: ...",
        "def visualize_array_sharding(arr: Any, *, use_color: bool = True, scale: float = 1.0, min_width: int = 9, "
        "max_width: int = 80, color_map: Any = None) -> None: ...",
        "def inspect_array_sharding(value: Any, *, callback: Callable[[Sharding], None]) -> None: ...",
        "",
    ])


def errors_stub(header: list[str]) -> str:
    """``arraytyping.errors``: declared here, as :func:`debug_stub`, with JAX's class hierarchy."""
    return "\n".join([
        *header,
        '"""The error classes of traced code (as ``jax.errors``)."""',
        "",
        *from_source.emit_all("errors.py"),
        "",
        "class JAXTypeError(TypeError): ...",
        "class JAXIndexError(IndexError): ...",
        "class ConcretizationTypeError(JAXTypeError): ...",
        "class TracerArrayConversionError(JAXTypeError): ...",
        "class TracerBoolConversionError(ConcretizationTypeError): ...",
        "class TracerIntegerConversionError(JAXTypeError): ...",
        "class UnexpectedTracerError(JAXTypeError): ...",
        "class KeyReuseError(JAXTypeError): ...",
        "class NonConcreteBooleanIndexError(JAXIndexError): ...",
        "class JaxprTypeError(TypeError): ...",
        "class InconclusiveDimensionOperation(Exception): ...",
        "class JaxRuntimeError(RuntimeError): ...",
        "",
    ])


def stages_stub(header: list[str]) -> str:
    """``arraytyping.stages``: declared here, as :func:`debug_stub`. The stages are generic in the function's
    result (and :class:`Wrapped` in its parameters too), so a compiled call keeps the result type of a call."""
    return "\n".join([
        *header,
        '"""Ahead-of-time compilation (as ``jax.stages``): what the ``trace`` and ``lower`` methods of ``jit`` '
        'return."""',
        "",
        "from collections.abc import Callable",
        "from typing import Any, Generic, overload",
        "",
        "import numpy as np",
        "from typing_extensions import ParamSpec, Self, TypeAlias, TypeVar",
        "",
        *from_source.emit_all("stages.py"),
        "",
        '_P = ParamSpec("_P")',
        '_R = TypeVar("_R")',
        '_R_co = TypeVar("_R_co", covariant=True)',
        "CompilerOptions: TypeAlias = dict[str, str | bool]",
        "",
        "class ArgInfo:",
        '    """One argument leaf of a traced, lowered or compiled function: its type and whether it is donated."""',
        '    __match_args__ = ("_aval", "donated")',
        "    @property",
        "    def donated(self) -> bool: ...",
        "    @property",
        "    def shape(self) -> tuple[int, ...]: ...",
        "    @property",
        "    def dtype(self) -> np.dtype[Any]: ...",
        "    def __init__(self, _aval: Any, donated: bool) -> None: ...",
        "",
        "class _Stage:",
        "    @property",
        "    def args_info(self) -> Any: ...",
        "    @property",
        "    def in_tree(self) -> Any: ...",
        "    @property",
        "    def in_avals(self) -> Any: ...",
        "    @property",
        "    def out_tree(self) -> Any: ...",
        "    @property",
        "    def donate_argnums(self) -> tuple[int, ...]: ...",
        "",
        "class Traced(_Stage, Generic[_R_co]):",
        '    """A jitted function traced for given argument types: its ``jaxpr``, ready for ``lower()``."""',
        "    @property",
        "    def jaxpr(self) -> Any: ...",
        "    @property",
        "    def fun_name(self) -> str: ...",
        "    @property",
        "    def out_info(self) -> Any: ...",
        "    @property",
        "    def out_avals(self) -> Any: ...",
        "    def lower(self, *, lowering_platforms: tuple[str, ...] | None = None) -> Lowered[_R_co]: ...",
        "",
        "class Lowered(_Stage, Generic[_R_co]):",
        '    """A jitted function lowered to a StableHLO module for given argument types, ready for ``compile()``."""',
        "    @property",
        "    def out_info(self) -> Any: ...",
        "    def as_text(self, dialect: str | None = None, *, debug_info: bool = False) -> str: ...",
        "    def compiler_ir(self, dialect: str | None = None) -> Any: ...",
        "    def cost_analysis(self) -> Any: ...",
        "    def compile(self, compiler_options: CompilerOptions | None = None) -> Compiled[_R_co]: ...",
        "",
        "class Compiled(_Stage, Generic[_R_co]):",
        '    """A jitted function compiled for given argument types: called with arguments of those types (static '
        'arguments left out), it runs the executable."""',
        "    @property",
        "    def out_info(self) -> Any: ...",
        "    def as_text(self) -> str | None: ...",
        "    def cost_analysis(self) -> Any: ...",
        "    def memory_analysis(self) -> Any: ...",
        "    def runtime_executable(self) -> Any: ...",
        "    def __call__(self, *args: Any, **kwargs: Any) -> _R_co: ...",
        "    def call(self, *args: Any, **kwargs: Any) -> _R_co: ...",
        "",
        "class Wrapped(Generic[_P, _R]):",
        '    """A function returned by ``jit``: called, it is traced, compiled and run as needed; ``trace`` and '
        '``lower`` take those steps ahead of time."""',
        "    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R: ...",
        "    def trace(self, *args: Any, **kwargs: Any) -> Traced[_R]: ...",
        "    def lower(self, *args: Any, **kwargs: Any) -> Lowered[_R]: ...",
        "    def eval_shape(self, *args: Any, **kwargs: Any) -> Any: ...",
        "    @overload",
        "    def __get__(self, obj: None, objtype: type | None = None) -> Self: ...",
        "    @overload",
        "    def __get__(self, obj: object, objtype: type | None = None) -> Callable[..., _R]: ...",
        "",
    ])


def experimental_stub(header: list[str]) -> str:
    """``arraytyping.experimental``: declared here, as :func:`debug_stub`."""
    return "\n".join([
        *header,
        '"""Experimental APIs (as ``jax.experimental``): ``io_callback``, a host callback with side effects."""',
        "",
        "from collections.abc import Callable",
        "from typing import Any",
        "",
        *from_source.emit_all("experimental/__init__.py"),
        "",
        "def io_callback(callback: Callable[..., Any], result_shape_dtypes: Any, *args: Any, sharding: Any = None, "
        "ordered: bool = False, **kwargs: Any) -> Any: ...",
        "",
    ])


def _sharding_doc(name: str, attr: str | None = None) -> list[str]:
    """The runtime docstring of ``arraytyping.sharding``'s ``name`` (or of its ``attr``) as a stub body's first
    line(s), for hovers; nothing when it has none."""
    import importlib

    obj: object = getattr(importlib.import_module("arraytyping.sharding"), name)
    if attr is not None:
        obj = getattr(obj, attr)
    raw = inspect.getdoc(obj)
    return [from_source.doc_literal(raw)] if raw else []


def sharding_stub(header: list[str]) -> str:
    """``arraytyping.sharding``: declared here, as :func:`debug_stub` (meshes, partition specs, shardings and the
    mesh in context)."""
    def body(name: str) -> list[str]:
        return ["    " + line for line in _sharding_doc(name)]

    return "\n".join([
        *header,
        '"""Shardings (as ``jax.sharding``): meshes of devices, partition specs, named and single-device shardings, '
        'the mesh in context."""',
        "",
        "import enum",
        "from collections import OrderedDict",
        "from collections.abc import Iterator, Sequence",
        "from types import TracebackType",
        "from typing import Any, TypeVar",
        "",
        "import numpy as np",
        "",
        *from_source.emit_all("sharding.py"),
        "",
        "class AbstractDevice:",
        *body("AbstractDevice"),
        '    __match_args__ = ("device_kind", "num_cores", "platform")',
        "    device_kind: str",
        "    num_cores: int | None",
        "    platform: str",
        "    def __init__(self, device_kind: str, num_cores: int | None, platform: str) -> None: ...",
        "",
        "class Sharding:",
        *body("Sharding"),
        "    @property",
        "    def device_set(self) -> set[Any]: ...",
        "    @property",
        "    def addressable_devices(self) -> set[Any]: ...",
        "    @property",
        "    def num_devices(self) -> int: ...",
        "    @property",
        "    def is_fully_addressable(self) -> bool: ...",
        "    @property",
        "    def is_fully_replicated(self) -> bool: ...",
        "    @property",
        "    def memory_kind(self) -> str | None: ...",
        "    def devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, tuple[slice, ...]]: ...",
        "    def addressable_devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, tuple[slice, ...]]: "
        "...",
        "    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]: ...",
        "",
        "class SingleDeviceSharding(Sharding):",
        *body("SingleDeviceSharding"),
        "    def __init__(self, device: Any, *, memory_kind: str | None = None) -> None: ...",
        "",
        "def make_single_device_sharding(device: Any) -> SingleDeviceSharding:",
        *body("make_single_device_sharding"),
        "    ...",
        "",
        "class AxisType(enum.Enum):",
        *body("AxisType"),
        "    Auto = 1",
        "    Explicit = 2",
        "    Manual = 3",
        "",
        "class AbstractMesh:",
        *body("AbstractMesh"),
        "    axis_sizes: tuple[int, ...]",
        "    axis_names: tuple[str, ...]",
        "    axis_types: tuple[AxisType, ...]",
        "    def __init__(self, axis_sizes: tuple[int, ...], axis_names: tuple[str, ...], "
        "axis_types: AxisType | tuple[AxisType, ...] | None = None) -> None: ...",
        "    @property",
        "    def shape(self) -> OrderedDict[str, int]: ...",
        "    @property",
        "    def shape_tuple(self) -> tuple[tuple[str, int], ...]: ...",
        "    @property",
        "    def size(self) -> int: ...",
        "    @property",
        "    def empty(self) -> bool: ...",
        "    def __eq__(self, other: object) -> bool: ...",
        "    def __hash__(self) -> int: ...",
        "",
        "class Mesh:",
        *body("Mesh"),
        "    devices: np.ndarray[Any, Any]",
        "    axis_names: tuple[str, ...]",
        "    axis_types: tuple[AxisType, ...]",
        "    def __init__(self, devices: np.ndarray[Any, Any] | Sequence[Any], axis_names: str | Sequence[str], "
        "axis_types: AxisType | tuple[AxisType, ...] | None = None) -> None: ...",
        "    @property",
        "    def shape(self) -> OrderedDict[str, int]: ...",
        "    @property",
        "    def axis_sizes(self) -> tuple[int, ...]: ...",
        "    @property",
        "    def shape_tuple(self) -> tuple[tuple[str, int], ...]: ...",
        "    @property",
        "    def size(self) -> int: ...",
        "    @property",
        "    def empty(self) -> bool: ...",
        "    @property",
        "    def device_ids(self) -> np.ndarray[Any, Any]: ...",
        "    @property",
        "    def local_devices(self) -> list[Any]: ...",
        "    @property",
        "    def abstract_mesh(self) -> AbstractMesh: ...",
        "    def __eq__(self, other: object) -> bool: ...",
        "    def __hash__(self) -> int: ...",
        "",
        "def make_mesh(axis_shapes: Sequence[int], axis_names: Sequence[str], "
        "axis_types: tuple[AxisType, ...] | None = None, *, devices: Sequence[Any] | None = None) -> Mesh:",
        *body("make_mesh"),
        "    ...",
        "",
        "class PartitionSpec:",
        *body("PartitionSpec"),
        "    unreduced: frozenset[str]",
        "    reduced: frozenset[str]",
        "    def __init__(self, *partitions: str | tuple[str, ...] | None, unreduced: frozenset[str] | set[str] = ..., "
        "reduced: frozenset[str] | set[str] = ...) -> None: ...",
        "    @property",
        "    def partitions(self) -> tuple[Any, ...]: ...",
        "    def __getitem__(self, i: int) -> Any: ...",
        "    def __iter__(self) -> Iterator[Any]: ...",
        "    def __len__(self) -> int: ...",
        "    def __add__(self, other: PartitionSpec | tuple[Any, ...]) -> PartitionSpec: ...",
        "    def __radd__(self, other: tuple[Any, ...]) -> PartitionSpec: ...",
        "    def index(self, value: Any) -> int: ...",
        "    def count(self, value: Any) -> int: ...",
        "    def __eq__(self, other: object) -> bool: ...",
        "    def __hash__(self) -> int: ...",
        "",
        "class NamedSharding(Sharding):",
        *body("NamedSharding"),
        "    mesh: Mesh",
        "    spec: PartitionSpec",
        "    def __init__(self, mesh: Mesh, spec: PartitionSpec, *, memory_kind: str | None = None) -> None: ...",
        "",
        "def get_mesh() -> Mesh:",
        *body("get_mesh"),
        "    ...",
        "def get_abstract_mesh() -> AbstractMesh:",
        *body("get_abstract_mesh"),
        "    ...",
        "",
        "class set_mesh:",
        *body("set_mesh"),
        "    def __init__(self, mesh: Mesh | None) -> None: ...",
        "    def __enter__(self) -> None: ...",
        "    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, "
        "tb: TracebackType | None) -> None: ...",
        "",
        '_ReshardT = TypeVar("_ReshardT")',
        "",
        "def reshard(xs: _ReshardT, out_shardings: Any) -> _ReshardT:",
        *body("reshard"),
        "    ...",
        "",
    ])


def device_declarations(docs: Callable[[str], str | None]) -> list[str]:
    """The root stub's ``Device`` (jaxlib's device class, as JAX re-exports it), ``memory`` (JAX's
    ``SimpleNamespace`` of the memory-space enum) and ``ds`` (its ``Slice`` is an index: ``Any``, as the array's
    ``__getitem__`` takes)."""
    d = docs("Device")
    return [
        "class Device:",
        *([f"    {d}"] if d else []),
        "    @property",
        "    def id(self) -> int: ...",
        "    @property",
        "    def platform(self) -> str: ...",
        "    @property",
        "    def device_kind(self) -> str: ...",
        "    @property",
        "    def process_index(self) -> int: ...",
        "    @property",
        "    def host_id(self) -> int: ...",
        "    @property",
        "    def task_id(self) -> int: ...",
        "    @property",
        "    def local_hardware_id(self) -> int | None: ...",
        "    @property",
        "    def client(self) -> Any: ...",
        "    def memory(self, kind: str) -> Any: ...",
        "    def default_memory(self) -> Any: ...",
        "    def addressable_memories(self) -> list[Any]: ...",
        "    def live_buffers(self) -> list[Any]: ...",
        "    def memory_stats(self) -> dict[str, int] | None: ...",
        "memory: SimpleNamespace",
        "def ds(start: Any, size: Any = None, stride: int | None = None) -> Any:",
        *([f"    {doc}"] if (doc := docs("ds")) else []),
        "    ...",
        "",
    ]


def sharded_array_declarations(docs: Callable[[str], str | None]) -> list[str]:
    """The root stub's ``Shard`` and the two builders of sharded arrays (the dtype of blocks given as arrays is the
    result's)."""
    def doc(name: str) -> list[str]:
        d = docs(name)
        return [f"    {d}", "    ..."] if d else ["    ..."]

    return [
        "class Shard:",
        *doc("Shard")[:-1],
        "    device: Any",
        "    index: tuple[slice, ...]",
        "    replica_id: int",
        "    data: Array[Any]",
        "    def __init__(self, device: Any, index: tuple[slice, ...], replica_id: int, data: Array[Any]) -> None: ...",
        "def make_array_from_callback(shape: Sequence[int], sharding: Sharding, "
        "data_callback: Callable[[tuple[slice, ...]], Any], dtype: DTypeLike | None = None) -> Array[Any]:",
        *doc("make_array_from_callback"),
        "def make_array_from_process_local_data(sharding: Any, local_data: Any, global_shape: Any = None) -> Any:",
        *doc("make_array_from_process_local_data"),
        "@overload",
        "def make_array_from_single_device_arrays(shape: Sequence[int], sharding: Sharding, "
        "arrays: Sequence[Array[DTypeT]], *, dtype: None = None) -> Array[DTypeT]: ...",
        "@overload",
        "def make_array_from_single_device_arrays(shape: Sequence[int], sharding: Sharding, "
        "arrays: Sequence[Array[Any]], *, dtype: DTypeLike) -> Array[Any]: ...",
    ]
