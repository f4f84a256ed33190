"""``arraytyping.random``: JAX 0.10.2's ``jax.random`` on the runtime, bit for bit.

Keys are threefry-2x32 keys (:mod:`.lax.prng`). ``PRNGKey(seed)`` gives a legacy raw key, a ``uint32[2]`` array, as in
JAX; ``key(seed)`` a typed key array (:class:`PRNGKeyArray`, dtype ``key<fry>``) wrapping the same data. Every
sampler takes either. Each sampler is a jitted body over the primitives, following JAX's algorithm operation by
operation (so the same key, shape and dtype give the same bits), with JAX's default dtypes, accepted dtypes and
errors; the defaults and accepted dtypes are data in :mod:`arraytyping.op_rules` (``RANDOM_DTYPES``).
"""

from __future__ import annotations

import math
import operator
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, cast, overload

import ml_dtypes
import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.core.array import Array
from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.queries import prng_key
from arraytyping._src.dtypes.config import config, legacy_prng_key
from arraytyping._src.dtypes.promotion import explicit_dtype_name, result_type, to_dtype
from arraytyping._src.lax import lax
from arraytyping._src.lax import prng
from arraytyping._src.tree import pytree as tree
from arraytyping._src import numpy as jnp
from arraytyping._src.numpy import linalg as jnp_linalg
from arraytyping._src.nn.functions import softmax
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray, canonicalize_shape
from arraytyping._src.core.trace import Tracer, find_top_trace
from arraytyping._src.xla.dispatch import JitFunction
from arraytyping._src.lax.gather_scatter import GatherDimensionNumbers, gather
from arraytyping._src.lax.sorting import sort_p
from arraytyping._src.lax.special import digamma, erf, erf_inv, lgamma
from arraytyping._src.lax.api.mapping import map as lax_map
from arraytyping._src.lax.api.operations import cumsum as lax_cumsum
from arraytyping._src.lax.top_k import top_k
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.lax.control_flow.loops import scan, while_loop
from arraytyping._src.numpy._promotion import as_dtype, common_dtype, to_inexact_dtype
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.core.staging import trace_to_jaxpr
from arraytyping._src.core.trace import Primitive
from arraytyping._src.xla import lowering
from arraytyping._src.core.arraylike import check_arraylike

__all__ = ["PRNGKeyArray", "KeyDType", "PRNGKey", "key", "split", "fold_in", "key_data", "wrap_key_data", "bits",
           "uniform", "normal", "randint", "bernoulli", "truncated_normal", "gumbel", "categorical", "permutation",
           "choice", "exponential", "laplace", "logistic", "cauchy", "pareto", "rayleigh", "wald", "lognormal",
           "triangular", "weibull_min", "maxwell", "double_sided_maxwell", "rademacher", "geometric", "gamma",
           "loggamma", "beta", "dirichlet", "t", "chisquare", "f", "generalized_normal", "ball", "orthogonal",
           "multivariate_normal", "poisson", "binomial", "multinomial", "key_impl", "key_dtype", "clone"]

_UINT32: Final = np.dtype("uint32")
_SQRT2: Final = math.sqrt(2)


# ---------------------------------------------------------------------------------------------------------------
# Typed key arrays


class KeyDType:
    """The dtype of threefry-2x32 typed key arrays, printed ``key<fry>`` as JAX prints it."""

    __slots__ = ()
    name: Final = "key<fry>"
    type: Final = prng_key
    """Its category, as JAX's key dtypes name theirs: ``issubdtype(key(0).dtype, dtypes.prng_key)``."""

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KeyDType)

    def __hash__(self) -> int:
        return hash(KeyDType)


_KEY_DTYPE: Final = KeyDType()


class PRNGKeyArray:
    """An array of threefry-2x32 keys (``jax.random.key``'s typed keys): shape ``S`` over ``uint32[*S, 2]`` key data
    (:func:`key_data`). Keys index, iterate and compare like arrays; they take no arithmetic. Unlike JAX's, it is
    not an :class:`~arraytyping.Array` (whose operators it does not support)."""

    __slots__ = ("_data",)
    _data: AnyArray

    def __init__(self, data: AnyArray) -> None:
        self._data = data

    @property
    def dtype(self) -> KeyDType:
        return _KEY_DTYPE

    @property
    def shape(self) -> tuple[int, ...]:
        shape: tuple[int, ...] = self._data.shape[:-1]
        return shape

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self) -> Iterator[PRNGKeyArray]:
        if not self.shape:
            raise TypeError("iteration over a 0-d key array")
        return (self[i] for i in range(self.shape[0]))

    def __getitem__(self, index: Any) -> PRNGKeyArray:
        given: object = index
        idx: tuple[Any, ...] = index if isinstance(given, tuple) else (index,)
        return PRNGKeyArray(self._data[(*idx, slice(None))])

    def __eq__(self, other: object) -> AnyArray:  # type: ignore[override,unused-ignore]  # pyright: ignore[reportIncompatibleMethodOverride]
        if not isinstance(other, PRNGKeyArray):
            return NotImplemented
        same: AnyArray = jnp.equal(self._data, other._data)
        out: AnyArray = same.all(axis=-1)
        return out

    def __ne__(self, other: object) -> AnyArray:  # type: ignore[override,unused-ignore]  # pyright: ignore[reportIncompatibleMethodOverride]
        if not isinstance(other, PRNGKeyArray):
            return NotImplemented
        differ: AnyArray = jnp.not_equal(self._data, other._data)
        out: AnyArray = differ.any(axis=-1)
        return out

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # pyright: ignore[reportIncompatibleVariableOverride]

    def __repr__(self) -> str:
        if isinstance(self._data, ShapedArray):  # an abstract key (eval_shape's result)
            return f"ShapedArray({self.dtype}[{','.join(map(str, self.shape))}])"
        return f"Array({self.shape}, dtype={self.dtype}) overlaying:\n{self._data}"


def _key_children(k: PRNGKeyArray) -> tuple[tuple[AnyArray], None]:
    return (k._data,), None  # pyright: ignore[reportPrivateUsage]


def _key_from_children(_aux: None, children: Sequence[Any]) -> PRNGKeyArray:
    return PRNGKeyArray(children[0])


# A leaf of the users' pytrees, as in JAX; the transformations carry its key data (jit and vmap arguments and
# results, loop carries, cond operands), so a key crosses them as JAX's typed keys do.
tree.register_carrier(PRNGKeyArray, _key_children, _key_from_children)


def _check_key_data(key: Any) -> AnyArray:
    """Raw key data: a uint32 array whose last axis has size 2 (JAX's ``_check_prng_key_data``)."""
    if isinstance(key, Array):
        data: AnyArray = key
    elif isinstance(key, HOST_VALUE_TYPES):
        data = _device_put(key)
    else:
        raise TypeError(f"unexpected PRNG key type {type(key)}")
    if data.ndim < 1:
        raise TypeError(f"JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim={data.ndim}")
    if data.shape[-1:] != (2,):
        raise TypeError(f"JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got "
                        f"shape={data.shape} for impl=threefry2x32")
    if data.dtype != _UINT32:
        raise TypeError(f"JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got "
                        f"dtype={data.dtype}")
    return data


def _device_put(x: Any) -> AnyArray:
    out: AnyArray = device_put(x)
    return out


def _key_data_of(name: str, key: Any, *, allow_batched: bool = False) -> tuple[AnyArray, bool]:
    """The key data of ``key`` (a typed key array or raw key data) and whether it was raw."""
    if isinstance(key, PRNGKeyArray):
        data, raw = key._data, False  # pyright: ignore[reportPrivateUsage]
    else:
        data, raw = _check_key_data(key), True
        policy = legacy_prng_key.value
        if policy != "allow":
            msg = ("Legacy uint32 key array passed as key to jax.random function. Please create keys using "
                   "jax.random.key(). If use of a raw key array was intended, set jax_legacy_prng_key=\"allow\".")
            if policy == "error":
                raise ValueError(msg)
            warnings.warn(msg, stacklevel=3)
    if not allow_batched and data.ndim > 1:
        raise ValueError(f"{name} accepts a single key, but was given a key array of shape {data.shape} != (). "
                         "Use jax.vmap for batching.")
    return data, raw


def _wrap(data: AnyArray, raw: bool) -> Any:
    return data if raw else PRNGKeyArray(data)


def _jitted(fun: Any, name: str) -> JitFunction:
    return JitFunction(fun, name=name, static_kwargs=True)


# ---------------------------------------------------------------------------------------------------------------
# Keys


def _seed_body(seed: Any) -> Any:
    a = lax.aval_of(seed)
    if a.shape:
        raise TypeError(f"PRNG key seed must be a scalar; got {seed!r}.")
    if registry.INFO[a.name].kind not in "iu":
        raise TypeError(f"PRNG key seed must be an integer; got {seed!r}")
    return prng.seed(seed)


_seed = _jitted(_seed_body, "random_seed")


def _seed_data(ctor: str, seed: Any) -> AnyArray:
    if isinstance(seed, PRNGKeyArray):
        raise TypeError(f"{ctor} accepts a scalar seed, but was given a PRNG key.")
    if np.ndim(seed) if not isinstance(seed, Array) else seed.ndim:
        raise TypeError(f"{ctor} accepts a scalar seed, but was given an array of shape {np.shape(seed)} != (). "
                        "Use jax.vmap for batching")
    if isinstance(seed, int):  # JAX: through np.int64 (big seeds wrap with x64 off instead of overflowing; a bool
        seed = np.int64(seed)  # is an int here)
    if not isinstance(seed, Array):
        seed = device_put(seed)
    out: AnyArray = _seed(seed)
    return out


def _check_impl(impl: object) -> None:
    if impl is not None and impl not in ("threefry2x32", _KEY_DTYPE):
        raise ValueError(f'unrecognized PRNG implementation "{impl}". Did you mean one of: "threefry2x32"? '
                         "(arraytyping implements threefry2x32 only)")


def PRNGKey(seed: int | AnyArray | np.integer[Any] | np.ndarray[Any, Any], *, impl: str | None = None) -> AnyArray:
    """A legacy raw key (``uint32[2]``) from an integer seed, as ``jax.random.PRNGKey``."""
    _check_impl(impl)
    return _seed_data("PRNGKey", seed)


def key(seed: int | AnyArray | np.integer[Any] | np.ndarray[Any, Any], *, impl: str | None = None,
        dtype: str | KeyDType | None = None) -> PRNGKeyArray:
    """A typed key (``key<fry>[]``) from an integer seed, as ``jax.random.key``."""
    if dtype is not None and impl is not None:
        raise ValueError("Cannot specify both `impl` and `dtype` arguments to jax.random.key")
    _check_impl(dtype if dtype is not None else impl)
    return PRNGKeyArray(_seed_data("key", seed))


def key_data(keys: PRNGKeyArray | AnyArray) -> AnyArray:
    """The ``uint32[..., 2]`` data under a key array (raw key data is returned as it is)."""
    data, _ = _key_data_of("key_data", keys, allow_batched=True)
    return data


def wrap_key_data(key_bits_array: AnyArray | np.ndarray[Any, Any], *, impl: str | None = None) -> PRNGKeyArray:
    """A typed key array over ``uint32[..., 2]`` key data."""
    _check_impl(impl)
    return PRNGKeyArray(_check_key_data(key_bits_array))


def _shape_arg(shape: Any) -> tuple[int, ...]:
    """JAX's ``core.canonicalize_shape``: an int or a sequence of ints, none negative (JAX 0.10.2 lets a negative
    one reach XLA, which refuses the tensor type with an internal ``MLIRError``; here it is the caller's
    ``TypeError``)."""
    dims = canonicalize_shape(shape)
    if any(d < 0 for d in dims):
        raise TypeError(f"a random shape must have every element be nonnegative, got {dims}.")
    return dims


def _split_body(data: Any, *, shape: tuple[int, ...]) -> Any:
    return prng.split(data, shape)


_split = _jitted(_split_body, "split")


@overload
def split(key: PRNGKeyArray, num: int | tuple[int, ...] = 2) -> PRNGKeyArray: ...
@overload
def split(key: AnyArray | np.ndarray[Any, Any], num: int | tuple[int, ...] = 2) -> AnyArray: ...
def split(key: PRNGKeyArray | AnyArray | np.ndarray[Any, Any], num: int | tuple[int, ...] = 2
          ) -> PRNGKeyArray | AnyArray:
    """``num`` new keys (a leading axis; a tuple gives several), of the kind of ``key`` (typed or raw)."""
    data, raw = _key_data_of("split", key)
    shape = tuple(operator.index(n) for n in num) if isinstance(num, Sequence) else (operator.index(num),)
    out: AnyArray = _split(data, shape=shape)
    wrapped: PRNGKeyArray | AnyArray = _wrap(out, raw)
    return wrapped


def _fold_in_body(data: Any, msg: Any) -> Any:
    return prng.fold_in(data, msg)


_fold_in = _jitted(_fold_in_body, "fold_in")


@overload
def fold_in(key: PRNGKeyArray, data: int | AnyArray | np.integer[Any]) -> PRNGKeyArray: ...
@overload
def fold_in(key: AnyArray | np.ndarray[Any, Any], data: int | AnyArray | np.integer[Any]) -> AnyArray: ...
def fold_in(key: PRNGKeyArray | AnyArray | np.ndarray[Any, Any], data: int | AnyArray | np.integer[Any]
            ) -> PRNGKeyArray | AnyArray:
    """A new key from ``key`` and 32 bits of ``data`` (a scalar, converted to uint32)."""
    kdata, raw = _key_data_of("fold_in", key)
    if (data.ndim if isinstance(data, Array) else np.ndim(data)):
        raise TypeError(f"fold_in accepts a scalar, but was given an array of shape {np.shape(data)} != (). Use "
                        "jax.vmap for batching.")
    if isinstance(data, int) and not 0 <= data <= 0xFFFFFFFF:
        raise OverflowError(f"Python int {data} too large to convert to uint32")
    msg = data.astype(_UINT32) if isinstance(data, Array) else device_put(np.asarray(data).astype(_UINT32))
    out: AnyArray = _fold_in(kdata, msg)
    wrapped: PRNGKeyArray | AnyArray = _wrap(out, raw)
    return wrapped


# ---------------------------------------------------------------------------------------------------------------
# Dtype arguments (the rules are op_rules.RANDOM_DTYPES)


def _sampler_dtype(fn: str, dtype: Any) -> np.dtype[Any]:
    """``dtype`` as JAX's ``check_and_canonicalize_user_dtype`` reads it (None and Python types give the default of
    their kind), then checked against the sampler's accepted kinds (op_rules)."""
    default_kind = op_rules.RANDOM_DTYPES[fn][0]
    if dtype is None:
        name = lattice.default_name(default_kind, config.x64)
    elif isinstance(dtype, type) and dtype in _PY_KINDS:
        name = lattice.default_name(_PY_KINDS[dtype], config.x64)
    else:
        name = explicit_dtype_name(to_dtype(dtype).name, config.x64, dtype)
    error = op_rules.random_dtype_error(fn, name)
    if error is not None:
        raise error
    return registry.INFO[name].dtype


_PY_KINDS: Final[dict[type, str]] = {bool: "b", int: "i", float: "f", complex: "c"}


# ---------------------------------------------------------------------------------------------------------------
# Samplers


def _finfo(dtype: np.dtype[Any]) -> Any:
    return ml_dtypes.finfo(dtype)  # type: ignore[no-untyped-call]


def _iinfo(dtype: np.dtype[Any]) -> Any:
    return ml_dtypes.iinfo(dtype)  # type: ignore[no-untyped-call]


def _broadcast_to_rank(x: Any, rank: int) -> Any:
    shape = lax.aval_of(x).shape
    if len(shape) >= rank:
        return x
    k = rank - len(shape)
    return lax.broadcast_in_dim(x, (1,) * k + shape, tuple(range(k, rank)))


def _traced(x: Any, data: Any) -> Any:
    """``x`` as a value of the current trace (a constant becomes a tracer, so operators apply to it): the trace of
    the key data ``data`` or the dynamic one (a jitted sampler called eagerly under ``vmap`` runs inline on batch
    tracers, with no dynamic trace)."""
    if isinstance(x, Array):
        return x
    trace = find_top_trace((data,))
    assert trace is not None, "sampler bodies run under a trace"
    return trace.pure(x)


def _const(value: Any, dtype: np.dtype[Any]) -> Any:
    return lax.const(value, ShapedArray((), dtype, False))


def _uniform_raw(data: Any, minval: Any, maxval: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    """JAX's ``_uniform``: random mantissa bits under the exponent of 1.0 give a float in [1, 2); less 1, scaled
    and shifted into [minval, maxval)."""
    minval = _broadcast_to_rank(_traced(lax.convert_element_type(minval, dtype), data), len(shape))
    maxval = _broadcast_to_rank(_traced(lax.convert_element_type(maxval, dtype), data), len(shape))
    info = _finfo(dtype)
    nbits, nmant = int(info.bits), int(info.nmant)
    if nbits not in (8, 16, 32, 64):
        raise TypeError(f"uniform only accepts 8-, 16-, 32-, or 64-bit dtypesgot {dtype}.")
    rng_bits = 8 if nmant < 8 else nbits
    raw = prng.random_bits(data, rng_bits, shape)
    uint = prng.UINT_DTYPES[nbits]
    if rng_bits != nbits:
        raw = lax.convert_element_type(raw, uint)
    float_bits = lax.shift_right_logical(raw, _const(rng_bits - nmant, uint))
    float_bits = lax.bitwise_or(float_bits, _const(np.array(1.0, dtype).view(uint), uint))
    floats = lax.sub(lax.bitcast_convert_type(float_bits, dtype), _const(1.0, dtype))
    return lax.max(minval, lax.reshape(floats * (maxval - minval) + minval, shape))


def _uniform_body(data: Any, minval: Any, maxval: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _uniform_raw(data, minval, maxval, shape, dtype)


_uniform = _jitted(_uniform_body, "uniform")


def uniform(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None, minval: Any = 0.0,
            maxval: Any = 1.0) -> AnyArray:
    """Uniform samples in ``[minval, maxval)`` of ``shape`` and a floating ``dtype`` (default: the default float)."""
    data, _ = _key_data_of("uniform", key)
    dt = _sampler_dtype("uniform", dtype)
    out: AnyArray = _uniform(data, minval, maxval, shape=_shape_arg(shape), dtype=dt)
    return out


def bits(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Uniform random bits as unsigned integers (default: uint32, uint64 with x64)."""
    data, _ = _key_data_of("bits", key)
    dt = _sampler_dtype("bits", dtype)
    out: AnyArray = _bits(data, shape=_shape_arg(shape), bit_width=dt.itemsize * 8)
    return out


def _bits_body(data: Any, *, shape: tuple[int, ...], bit_width: int) -> Any:
    return prng.random_bits(data, bit_width, shape)


_bits = _jitted(_bits_body, "bits")


def _normal_real(data: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    lo = np.nextafter(np.array(-1.0, dtype), np.array(0.0, dtype), dtype=dtype)
    u = _uniform_raw(data, lax.const(lo, ShapedArray((), dtype, False)), _const(1.0, dtype), shape, dtype)
    return lax.mul(_const(_SQRT2, dtype), erf_inv(u))


def _normal_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    if registry.INFO[lattice_name(dtype)].kind == "c":
        real = np.dtype("float32") if dtype == np.dtype("complex64") else np.dtype("float64")
        keys = prng.split(data, (2,))
        re = lax.convert_element_type(_normal_real(keys[0], shape, real), dtype)
        im = lax.convert_element_type(_normal_real(keys[1], shape, real), dtype)
        return (re + 1j * im) / np.array(_SQRT2, dtype)
    return _normal_real(data, shape, dtype)


def lattice_name(dtype: np.dtype[Any]) -> str:
    info = registry.info_of_dtype(dtype)
    assert info is not None
    return info.name


_normal = _jitted(_normal_body, "normal")


def normal(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Standard normal samples of ``shape`` and a floating or complex ``dtype`` (default: the default float)."""
    data, _ = _key_data_of("normal", key)
    dt = _sampler_dtype("normal", dtype)
    out: AnyArray = _normal(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _clip_integer(val: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_convert_and_clip_integer``: ``val`` clipped to the range both dtypes share, then converted."""
    vdtype = lax.aval_of(val).dtype
    lo = max(int(_iinfo(dtype).min), int(_iinfo(vdtype).min))
    hi = min(int(_iinfo(dtype).max), int(_iinfo(vdtype).max))
    a = lax.aval_of(val)
    clipped = lax.min(_const(hi, vdtype), lax.max(_const(lo, vdtype), val))
    return lax.convert_element_type(clipped, dtype, False) if a.dtype != dtype or a.weak_type else clipped


def _randint_body(data: Any, minval: Any, maxval: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any],
                  out_dtype: np.dtype[Any]) -> Any:
    """JAX's ``_randint``: twice the dtype's bits per value, reduced modulo the span (and JAX's corrections for an
    empty span and for a maximum beyond the dtype)."""
    for name, v in (("minval", minval), ("maxval", maxval)):
        vshape = lax.aval_of(v).shape
        if numpy_broadcast(shape, vshape) != shape:
            raise ValueError(f"randint parameter shapes must be broadcast-compatible with shape argument, and the "
                             f"result of broadcasting the shapes must equal the shape argument, but got result "
                             f"{numpy_broadcast(shape, vshape)} for shape argument {shape}. ({name})")
    default_int = registry.INFO[lattice.default_name("i", config.x64)].dtype
    if _kind(minval) not in "iu":
        minval = lax.convert_element_type(minval, default_int, False)
    if _kind(maxval) not in "iu":
        maxval = lax.convert_element_type(maxval, default_int, False)
    maxval_out_of_range = lax.gt(maxval, _clip_integer(_const(_iinfo(dtype).max, dtype), lax.aval_of(maxval).dtype))
    minval = _broadcast_to_rank(_clip_integer(minval, dtype), len(shape))
    maxval = _broadcast_to_rank(_clip_integer(maxval, dtype), len(shape))
    nbits = int(_iinfo(dtype).bits)
    if nbits not in (8, 16, 32, 64):
        raise TypeError(f"randint only accepts 8-, 16-, 32-, or 64-bit dtypes, got {dtype}")
    keys = prng.split(data, (2,))
    higher = prng.random_bits(keys[0], nbits, shape)
    lower = prng.random_bits(keys[1], nbits, shape)
    unsigned = prng.UINT_DTYPES[nbits]
    span = lax.convert_element_type(maxval - minval, unsigned)
    span = _select(maxval <= minval, lax.full(lax.aval_of(span).shape, 1, unsigned), span)
    span = _select(maxval_out_of_range & (maxval > minval), lax.add(span, _const(1, unsigned)), span)
    multiplier = lax.rem(_const(2 ** (nbits // 2), unsigned), span)
    multiplier = lax.rem(lax.mul(multiplier, multiplier), span)
    offset = lax.add(lax.mul(lax.rem(higher, span), multiplier), lax.rem(lower, span))
    offset = lax.rem(offset, span)
    out = lax.add(minval, lax.convert_element_type(offset, dtype))
    return lax.convert_element_type(out, out_dtype)


def _kind(x: Any) -> str:
    return registry.INFO[lax.aval_of(x).name].kind


def _select(pred: Any, on_true: Any, on_false: Any) -> Any:
    """``lax.select`` with operands broadcast to one shape."""
    shape = numpy_broadcast(*(lax.aval_of(v).shape for v in (pred, on_true, on_false)))
    pred, on_true, on_false = (_broadcast(v, shape) for v in (pred, on_true, on_false))
    return lax.select_n(pred, on_false, on_true)


def _broadcast(x: Any, shape: tuple[int, ...]) -> Any:
    s = lax.aval_of(x).shape
    if s == shape:
        return x
    x = _broadcast_to_rank(x, len(shape))
    s = lax.aval_of(x).shape
    squeezed = tuple(i for i, d in enumerate(s) if d == 1 and shape[i] != 1)
    x = lax.squeeze(x, squeezed)
    return lax.broadcast_in_dim(x, shape, tuple(i for i in range(len(shape)) if i not in squeezed))


_randint = _jitted(_randint_body, "randint")


def _clip_int32(x: Any, lo: int, hi: int) -> AnyArray:
    """JAX's ``jnp.asarray(x).astype('int32').clip(lo, hi)``."""
    a: AnyArray = jnp.astype(jnp.asarray(x), np.dtype("int32"))
    out: AnyArray = jnp.minimum(jnp.maximum(a, lo), hi)
    return out


def randint(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int], minval: Any, maxval: Any, dtype: Any = None) -> AnyArray:
    """Uniform integers in ``[minval, maxval)`` of ``shape`` and an integer ``dtype`` (default: the default int).
    8- and 16-bit dtypes are sampled in int32, then converted (as JAX does, to reduce the modulo bias)."""
    data, _ = _key_data_of("randint", key)
    dt = _sampler_dtype("randint", dtype)
    info = _iinfo(dt)
    sampling = dt
    if int(info.bits) < 32:
        sampling = np.dtype("int32")
        minval = _clip_int32(minval, int(info.min), int(info.max))
        maxval = _clip_int32(maxval, int(info.min), int(info.max) + 1)
    out: AnyArray = _randint(data, minval, maxval, shape=_shape_arg(shape), dtype=sampling, out_dtype=dt)
    return out


def _check_shape(name: str, shape: tuple[int, ...], *param_shapes: tuple[int, ...]) -> None:
    if param_shapes:
        try:
            joined = numpy_broadcast(shape, *param_shapes)
        except ValueError:
            joined = None
        if joined != shape:
            raise ValueError(f"{name} parameter shapes must be broadcast-compatible with shape argument, and the "
                             f"result of broadcasting the shapes must equal the shape argument, but got result "
                             f"{joined} for shape argument {shape}.")


def _bernoulli_body(data: Any, p: Any, *, shape: tuple[int, ...] | None, mode: str) -> Any:
    pa = lax.aval_of(p)
    if shape is None:
        shape = pa.shape
    else:
        _check_shape("bernoulli", shape, pa.shape)
    if mode == "high":
        u = _uniform_raw(data, 0.0, 1.0, (2, *shape), pa.dtype)
        u1, u2 = u[0], u[1] * (2.0 ** -int(_finfo(pa.dtype).nmant))
        return u2 < p - u1
    return _uniform_raw(data, 0.0, 1.0, shape, pa.dtype) < p


_bernoulli = _jitted(_bernoulli_body, "bernoulli")


def bernoulli(key: PRNGKeyArray | AnyArray, p: Any = 0.5, shape: int | Sequence[int] | None = None,
              mode: str = "low") -> AnyArray:
    """Bernoulli samples (bool) with mean ``p`` (floating), of ``shape`` (default: ``p``'s shape)."""
    dims = None if shape is None else _shape_arg(shape)
    if mode not in ("high", "low"):
        raise ValueError(f"got mode={mode!r}, expected 'high' or 'low'")
    data, _ = _key_data_of("bernoulli", key)
    p_arr = p if isinstance(p, Array) else jnp.asarray(p)
    if registry.INFO[p_arr.aval.name].kind != "f":
        raise TypeError(f"bernoulli probability `p` must have a floating dtype, got {p_arr.dtype}.")
    out: AnyArray = _bernoulli(data, p_arr, shape=dims, mode=mode)
    return out


def _truncated_normal_body(data: Any, lower: Any, upper: Any, *, shape: tuple[int, ...] | None,
                           dtype: np.dtype[Any]) -> Any:
    lo_shape, hi_shape = lax.aval_of(lower).shape, lax.aval_of(upper).shape
    if shape is None:
        shape = numpy_broadcast(lo_shape, hi_shape)
    else:
        _check_shape("truncated_normal", shape, lo_shape, hi_shape)
    sqrt2 = np.array(_SQRT2, dtype)
    lower = lax.convert_element_type(lower, dtype)
    upper = lax.convert_element_type(upper, dtype)
    a = erf(lower / sqrt2)
    b = erf(upper / sqrt2)
    u = _uniform_raw(data, a, b, shape, dtype)
    out = sqrt2 * erf_inv(u)
    above = lax.nextafter(lower, _const(np.inf, dtype))
    below = lax.nextafter(upper, _const(-np.inf, dtype))
    return jnp.minimum(below, jnp.maximum(above, out))


_truncated_normal = _jitted(_truncated_normal_body, "truncated_normal")


def truncated_normal(key: PRNGKeyArray | AnyArray, lower: Any, upper: Any, shape: int | Sequence[int] | None = None,
                     dtype: Any = None) -> AnyArray:
    """Standard normal samples truncated to ``(lower, upper)``, of ``shape`` (default: the bounds' broadcast shape)
    and a floating ``dtype``."""
    dims = None if shape is None else _shape_arg(shape)
    data, _ = _key_data_of("truncated_normal", key)
    dt = _sampler_dtype("truncated_normal", dtype)
    out: AnyArray = _truncated_normal(data, lower, upper, shape=dims, dtype=dt)
    return out


def _gumbel_raw(data: Any, shape: tuple[int, ...], dtype: np.dtype[Any], mode: str) -> Any:
    info = _finfo(dtype)
    if mode == "high":
        u = _uniform_raw(data, 0.0, 1.0, (2, *shape), dtype)
        high, low = u[0], u[1]
        x = jnp.where(high >= 0.5, high, high + 2.0 ** -int(info.nmant) * low + np.array(info.tiny, dtype))
        return -jnp.log(-jnp.log1p(-x))
    return -jnp.log(-jnp.log(_uniform_raw(data, np.array(info.tiny, dtype), 1.0, shape, dtype)))


def _gumbel_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any], mode: str) -> Any:
    return _gumbel_raw(data, shape, dtype, mode)


_gumbel = _jitted(_gumbel_body, "gumbel")


def _gumbel_mode(mode: str | None) -> str:
    mode = "low" if mode is None else mode
    if mode not in ("high", "low"):
        raise ValueError(f"Must provide valid mode for gumbel got: {mode} (arraytyping implements 'high' and 'low')")
    return mode


def gumbel(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None, mode: str | None = None
           ) -> AnyArray:
    """Gumbel samples of ``shape`` and a floating ``dtype``; ``mode`` ``"high"`` uses twice the random bits."""
    data, _ = _key_data_of("gumbel", key)
    dt = _sampler_dtype("gumbel", dtype)
    out: AnyArray = _gumbel(data, shape=_shape_arg(shape), dtype=dt, mode=_gumbel_mode(mode))
    return out



def _categorical_body(data: Any, logits: Any, *, shape: tuple[int, ...], batch_shape: tuple[int, ...], axis: int,
                      replace: bool, mode: str) -> Any:
    """JAX's ``_categorical``: the argmax of Gumbel noise plus the logits (with replacement), or the top ``k`` of
    one draw of noise plus the logits (without)."""
    la = lax.aval_of(logits)
    prefix = shape[:len(shape) - len(batch_shape)]
    if replace:
        if axis >= 0:
            axis -= la.ndim
        logits_shape = list(shape[len(shape) - len(batch_shape):])
        logits_shape.insert(axis % la.ndim, la.shape[axis])
        noise = _gumbel_raw(data, (*prefix, *logits_shape), la.dtype, mode)
        return jnp.argmax(noise + _expand_leading(logits, len(prefix)), axis=axis)
    logits = logits + _gumbel_raw(data, la.shape, la.dtype, mode)
    k = math.prod(prefix)
    if k > la.shape[axis]:
        raise ValueError(f"Number of samples without replacement ({k}) cannot exceed number of categories "
                         f"({la.shape[axis]}).")
    _, indices = top_k(jnp.moveaxis(logits, axis, -1), k, la.ndim - 1)
    ndim = len(batch_shape) + 1
    return lax.reshape(lax.transpose(indices, (ndim - 1, *range(ndim - 1))), shape)


def _expand_leading(x: Any, n: int) -> Any:
    if not n:
        return x
    shape = lax.aval_of(x).shape
    return lax.broadcast_in_dim(x, (1,) * n + shape, tuple(range(n, n + len(shape))))


_categorical = _jitted(_categorical_body, "categorical")


def _canonical_axis(axis: int, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def categorical(key: PRNGKeyArray | AnyArray, logits: Any, axis: int = -1, shape: int | Sequence[int] | None = None,
                replace: bool = True, mode: str | None = None) -> AnyArray:
    """Samples from the categorical distributions of ``logits`` (unnormalized log probabilities along ``axis``):
    of ``shape`` (default: the batch shape, ``logits``' shape without ``axis``), default integers with
    replacement, int32 indices without (as JAX's ``top_k`` gives them)."""
    data, _ = _key_data_of("categorical", key)
    logits_arr = _as_array("categorical", logits)
    ndim = logits_arr.ndim
    batch_shape = tuple(np.delete(np.array(logits_arr.shape, dtype=np.int64), axis).tolist())
    dims = batch_shape if shape is None else _shape_arg(shape)
    if shape is not None:
        _check_shape("categorical", dims, batch_shape)
    _sampler_dtype("gumbel", logits_arr.dtype)
    out: AnyArray = _categorical(data, logits_arr, shape=dims, batch_shape=batch_shape, axis=operator.index(axis),
                              replace=bool(replace), mode=_gumbel_mode(mode))
    _ = ndim
    return out


def _as_array(name: str, x: Any) -> AnyArray:
    """JAX's ``check_arraylike`` then ``jnp.asarray``: arrays, numpy values and Python scalars (not lists)."""
    if isinstance(x, Array):
        return x
    check_arraylike(name, x)
    out: AnyArray = jnp.asarray(x)
    return out


def _shuffle(data: Any, x: Any, axis: int) -> Any:
    """JAX's ``_shuffle``: sort ``x`` along ``axis`` by fresh random 32-bit keys, in enough rounds that ties are
    unlikely (3 * log(size) / log(2**32 - 1) rounds)."""
    xa = lax.aval_of(x)
    rounds = int(np.ceil(3 * np.log(max(1, xa.size)) / np.log(np.iinfo(np.uint32).max)))
    for _ in range(rounds):
        keys = prng.split(data, (2,))
        data, sub = keys[0], keys[1]
        sort_keys = prng.random_bits(sub, 32, xa.shape)
        _, x = sort_p.bind(sort_keys, x, dimension=axis, is_stable=True, num_keys=1)
    return x


def _take(x: Any, indices: Any, axis: int) -> Any:
    """``jnp.take(x, indices, axis)`` for indices known to be in bounds: one gather."""
    xa, ia = lax.aval_of(x), lax.aval_of(indices)
    offset = tuple(d if d < axis else d + ia.ndim - 1 for d in range(xa.ndim) if d != axis)
    dnums = GatherDimensionNumbers(offset_dims=offset, collapsed_slice_dims=(axis,), start_index_map=(axis,))
    slice_sizes = tuple(1 if d == axis else s for d, s in enumerate(xa.shape))
    idx = lax.reshape(indices, (*ia.shape, 1))
    return gather(x, idx, dnums, slice_sizes, unique_indices=False, indices_are_sorted=False, mode="fill")


def _permutation_body(data: Any, x: Any, *, axis: int, independent: bool) -> Any:
    xa = lax.aval_of(x)
    if independent or xa.ndim == 1:
        return _shuffle(data, x, axis)
    ind = _shuffle(data, jnp.arange(xa.shape[axis]), 0)
    return _take(x, ind, axis)


def _arange_body(data: Any, *, n: int) -> Any:
    return _shuffle(data, jnp.arange(n), 0)


_permutation = _jitted(_permutation_body, "permutation")
_permuted_range = _jitted(_arange_body, "permutation")


def permutation(key: PRNGKeyArray | AnyArray, x: Any, axis: int = 0, independent: bool = False) -> AnyArray:
    """A random permutation of ``arange(x)`` (an integer ``x``) or of ``x``'s elements along ``axis`` (each slice
    independently with ``independent``)."""
    data, _ = _key_data_of("permutation", key)
    arr = _as_array("permutation", x)
    axis = _canonical_axis(axis, arr.ndim or 1)
    if not arr.ndim:
        if registry.INFO[arr.aval.name].kind not in "iu":
            raise TypeError("x must be an integer or at least 1-dimensional")
        out: AnyArray = _permuted_range(data, n=int(np.asarray(arr)))
        return out
    out = _permutation(data, arr, axis=axis, independent=bool(independent))
    return out


def _choice_p_body(data: Any, p: Any, arr: Any, *, shape: tuple[int, ...], replace: bool, axis: int,
                   n_draws: int, out_shape: tuple[int, ...], mode: str) -> Any:
    default_int = registry.INFO[lattice.default_name("i", config.x64)].dtype
    pa = lax.aval_of(p)
    if replace:
        p_cuml = jnp.cumsum(p)
        r = p_cuml[-1] * (1 - _uniform_raw(data, 0.0, 1.0, shape, pa.dtype))
        ind = jnp.astype(jnp.searchsorted(p_cuml, r), default_int)
    else:
        g = _gumbel_raw(data, pa.shape, pa.dtype, mode) + jnp.log(p)
        ind = jnp.astype(top_k(g, n_draws, 0)[1], default_int)
    result = ind if arr is None else _take(arr, ind, axis)
    return lax.reshape(result, out_shape)


_choice_p = _jitted(_choice_p_body, "choice")


def _choice_take_body(arr: Any, ind: Any, *, axis: int, out_shape: tuple[int, ...]) -> Any:
    return lax.reshape(_take(arr, ind, axis), out_shape)


_choice_take = _jitted(_choice_take_body, "choice")


def choice(key: PRNGKeyArray | AnyArray, a: Any, shape: Sequence[int] = (), replace: bool = True, p: Any = None,
           axis: int = 0, mode: str | None = None) -> AnyArray:
    """Random samples from ``a`` (an array along ``axis``, or ``arange(a)`` for an integer): uniform, or with the
    probabilities ``p``; with or without replacement."""
    data, _ = _key_data_of("choice", key)
    given_shape = cast(object, shape)  # checked at run time whatever the annotation says
    if not isinstance(given_shape, Sequence):
        raise TypeError(f"shape argument of jax.random.choice must be a sequence, got {shape}")
    dims = _shape_arg(shape)
    arr = _as_array("choice", a)
    if arr.ndim == 0:
        # JAX's int() of the count: a real one is truncated (choice(key, 3.7) draws from arange(3)), complex refused
        if isinstance(arr, Tracer):  # JAX's concrete_or_error: ConcretizationTypeError
            n_inputs = int(arr)
        else:
            n_inputs = a if isinstance(a, int) else int(np.asarray(arr).item())
    else:
        axis = _canonical_axis(axis, arr.ndim)
        n_inputs = arr.shape[axis]
    n_draws = math.prod(dims)
    if n_draws == 0:
        zeros: AnyArray = jnp.zeros(dims, dtype=arr.dtype)
        return zeros
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(f"Cannot take a larger sample (size {n_draws}) than population (size {n_inputs}) when "
                         "'replace=False'")
    out_shape = dims if arr.ndim == 0 else (*arr.shape[:axis], *dims, *arr.shape[axis + 1:])
    if p is None:
        if replace:
            ind = randint(key, dims, 0, n_inputs)
            if arr.ndim == 0:
                return ind
            out: AnyArray = _choice_take(arr, ind, axis=axis, out_shape=out_shape)
            return out
        perm = permutation(key, n_inputs if arr.ndim == 0 else arr, axis)
        picked: AnyArray = perm[(slice(None),) * axis + (slice(n_draws),)]
        return picked.reshape(out_shape)
    p_arr = _as_array("choice", p)
    p_arr = jnp.astype(p_arr, jnp_inexact(p_arr)) if registry.INFO[p_arr.aval.name].kind not in "fc" else p_arr
    if p_arr.shape != (n_inputs,):
        raise ValueError(f"p must be None or a 1D vector with the same size as a.shape[axis]. p has shape "
                         f"{p_arr.shape} and a.shape[axis] is {n_inputs}.")
    out = _choice_p(data, p_arr, None if arr.ndim == 0 else arr, shape=dims, replace=bool(replace), axis=axis,
                    n_draws=n_draws, out_shape=out_shape, mode=_gumbel_mode(mode))
    return out


def jnp_inexact(x: AnyArray) -> np.dtype[Any]:
    """JAX's ``promote_dtypes_inexact`` of one array: bool and integers become inexact."""
    name = op_rules.to_inexact_name(x.aval.name)
    return registry.INFO[lattice.canonical_name(name, config.x64)].dtype


# ---------------------------------------------------------------------------------------------------------------
# Distributions (JAX's algorithms, operation by operation: the same splits, intermediate dtypes and clamps)


def _shape_of(x: Any) -> tuple[int, ...]:
    """``np.shape`` of a sampler's parameter (an array, a numpy value or a Python scalar)."""
    if isinstance(x, Array):
        shape: tuple[int, ...] = x.shape
        return shape
    if isinstance(x, ShapedArray):
        return x.shape
    return tuple(np.shape(x))


def _broadcast_shapes(name: str, shape: Any, *args: Any) -> tuple[int, ...]:
    """JAX's ``_check_broadcast_shapes``: the parameters' broadcast shape when ``shape`` is None, else ``shape``
    (checked to be what the parameters broadcast to with it)."""
    arg_shapes = [_shape_of(a) for a in args]
    if shape is None:
        return numpy_broadcast(*arg_shapes) if arg_shapes else ()
    dims = _shape_arg(shape)
    _check_shape(name, dims, *arg_shapes)
    return dims


def _check_safe_to_cast(name: str, dtype: np.dtype[Any], *args: Any) -> None:
    """JAX's ``_check_all_safe_to_cast``: each parameter promotes to ``dtype`` with ``dtype`` (a complex parameter
    to a float sampler does not): else JAX's ``TypePromotionError``."""
    for arg in args:
        arg_dtype = result_type(arg)
        if arg_dtype != dtype and result_type(arg, dtype) != dtype:
            raise lattice.TypePromotionError(f"In arguments to {name}, cannot safely cast argument of type "
                                             f"{arg_dtype} to {dtype}")


def _param(name: str, x: Any) -> Any:
    """A parameter as the samplers' jitted bodies take it: arrays and scalars as they are (a scalar is traced weak,
    as JAX's jit traces it), other array-likes (numpy arrays) as arrays, lists refused as JAX refuses them."""
    if not isinstance(cast(object, x), (Array, int, float, complex, np.ndarray, np.generic)):
        check_arraylike(name, x)
    return x


def _exponential_raw(data: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    u = _uniform_raw(data, 0.0, 1.0, shape, dtype)
    return lax.neg(lax.log1p(lax.neg(u)))  # log of 1 - u, in (0, 1]


def _exponential_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _exponential_raw(data, shape, dtype)


_exponential = _jitted(_exponential_body, "exponential")


def exponential(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Exponential samples (density ``exp(-x)`` on ``x >= 0``) of ``shape`` and a floating ``dtype`` (default: the
    default float), as ``jax.random.exponential``.

    Example: ``exponential(PRNGKey(0), (3,))`` is a ``float32[3]`` of positive values."""
    data, _ = _key_data_of("exponential", key)
    dt = _sampler_dtype("exponential", dtype)
    out: AnyArray = _exponential(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _laplace_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    u = _uniform_raw(data, -1.0 + float(_finfo(dtype).epsneg), 1.0, shape, dtype)
    return lax.mul(lax.sign(u), lax.log1p(lax.neg(lax.abs(u))))


_laplace = _jitted(_laplace_body, "laplace")


def laplace(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Laplace samples (density ``exp(-|x|) / 2``) of ``shape`` and a floating ``dtype``, as
    ``jax.random.laplace``.

    Example: ``laplace(PRNGKey(0), (2, 3), 'float16')`` is a ``float16[2, 3]``."""
    data, _ = _key_data_of("laplace", key)
    dt = _sampler_dtype("laplace", dtype)
    out: AnyArray = _laplace(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _logistic_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    x = _uniform_raw(data, float(_finfo(dtype).tiny), 1.0, shape, dtype)
    return lax.sub(lax.log(x), lax.log1p(lax.neg(x)))


_logistic = _jitted(_logistic_body, "logistic")


def logistic(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Logistic samples (density ``exp(-x) / (1 + exp(-x))**2``) of ``shape`` and a floating ``dtype``, as
    ``jax.random.logistic``.

    Example: ``logistic(PRNGKey(1), (4,))`` is a ``float32[4]``."""
    data, _ = _key_data_of("logistic", key)
    dt = _sampler_dtype("logistic", dtype)
    out: AnyArray = _logistic(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _cauchy_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    u = _uniform_raw(data, float(_finfo(dtype).eps), 1.0, shape, dtype)
    return lax.tan(lax.mul(_const(np.pi, dtype), lax.sub(u, _const(0.5, dtype))))


_cauchy = _jitted(_cauchy_body, "cauchy")


def cauchy(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Cauchy samples (density proportional to ``1 / (x**2 + 1)``) of ``shape`` and a floating ``dtype``, as
    ``jax.random.cauchy``.

    Example: ``cauchy(PRNGKey(0), (3,), 'float64')`` is a ``float64[3]`` with x64 on (``float32[3]`` off)."""
    data, _ = _key_data_of("cauchy", key)
    dt = _sampler_dtype("cauchy", dtype)
    out: AnyArray = _cauchy(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _pareto_body(data: Any, b: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    b = lax.convert_element_type(b, dtype)
    e = _exponential_raw(data, shape, dtype)
    return lax.exp(e / b)


_pareto = _jitted(_pareto_body, "pareto")


def pareto(key: PRNGKeyArray | AnyArray, b: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
           ) -> AnyArray:
    """Pareto samples (density ``b / x**(b + 1)`` on ``x >= 1``) of ``shape`` (default: ``b``'s shape) and a floating
    ``dtype``, as ``jax.random.pareto``.

    Example: ``pareto(PRNGKey(0), 3.0, (5,))`` is a ``float32[5]`` of values at least 1."""
    data, _ = _key_data_of("pareto", key)
    dt = _sampler_dtype("pareto", dtype)
    b = _param("pareto", b)
    dims = _broadcast_shapes("pareto", shape, b)
    _check_safe_to_cast("pareto", dt, b)
    out: AnyArray = _pareto(data, b, shape=dims, dtype=dt)
    return out


def _rayleigh_body(data: Any, scale: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    u = _uniform_raw(data, 0.0, 1.0, shape, dtype)
    scale = jnp.broadcast_to(jnp.astype(scale, dtype), shape)
    log_u = lax.log(u)
    return lax.mul(scale, lax.sqrt(lax.mul(log_u, _const(-2, dtype))))


_rayleigh = _jitted(_rayleigh_body, "rayleigh")


def rayleigh(key: PRNGKeyArray | AnyArray, scale: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
             ) -> AnyArray:
    """Rayleigh samples of parameter ``scale``, of ``shape`` (default: ``scale``'s shape) and a floating ``dtype``,
    as ``jax.random.rayleigh``.

    Example: ``rayleigh(PRNGKey(0), 2.0, (3,))`` is a ``float32[3]`` of nonnegative values."""
    data, _ = _key_data_of("rayleigh", key)
    dt = _sampler_dtype("rayleigh", dtype)
    scale = _as_array("rayleigh", scale)
    dims = _broadcast_shapes("rayleigh", shape, scale)
    _check_safe_to_cast("rayleigh", dt, scale)
    out: AnyArray = _rayleigh(data, scale, shape=dims, dtype=dt)
    return out


def _wald_body(data: Any, mean: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    keys = prng.split(data, (2,))
    mean = jnp.broadcast_to(jnp.astype(mean, dtype), shape)
    v = _normal_real(keys[0], shape, dtype)
    z = _uniform_raw(keys[1], 0.0, 1.0, shape, dtype)
    y = lax.integer_pow(v, 2)
    y_sq = lax.integer_pow(y, 2)
    mean_sq = lax.integer_pow(mean, 2)
    sqrt_term = lax.sqrt(4 * mean * y + mean_sq * y_sq)
    x = mean + mean_sq * y / 2 - mean / 2 * sqrt_term
    return _select(lax.le(z, mean / (mean + x)), x, mean_sq / x)


_wald = _jitted(_wald_body, "wald")


def wald(key: PRNGKeyArray | AnyArray, mean: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
         ) -> AnyArray:
    """Wald (inverse Gaussian) samples of parameter ``mean``, of ``shape`` (default: ``mean``'s shape) and a floating
    ``dtype``, as ``jax.random.wald``.

    Example: ``wald(PRNGKey(0), 1.5, (4,))`` is a ``float32[4]`` of positive values."""
    data, _ = _key_data_of("wald", key)
    dt = _sampler_dtype("wald", dtype)
    mean = _as_array("wald", mean)
    dims = _broadcast_shapes("wald", shape, mean)
    _check_safe_to_cast("wald", dt, mean)
    out: AnyArray = _wald(data, mean, shape=dims, dtype=dt)
    return out


def _lognormal_body(data: Any, sigma: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    sigma = lax.convert_element_type(sigma, dtype)
    return lax.exp(_normal_body(data, shape=shape, dtype=dtype) * sigma)


_lognormal = _jitted(_lognormal_body, "lognormal")


def lognormal(key: PRNGKeyArray | AnyArray, sigma: Any = np.float32(1.0), shape: int | Sequence[int] | None = None,
              dtype: Any = None) -> AnyArray:
    """Log-normal samples (``exp`` of normal samples times ``sigma``), of ``shape`` (default: ``sigma``'s shape) and
    a floating ``dtype``, as ``jax.random.lognormal``.

    Example: ``lognormal(PRNGKey(0), 0.5, (3,))`` is a ``float32[3]`` of positive values."""
    data, _ = _key_data_of("lognormal", key)
    dt = _sampler_dtype("lognormal", dtype)
    sigma = _param("lognormal", sigma)
    dims = _broadcast_shapes("lognormal", shape, sigma)
    _check_safe_to_cast("lognormal", dt, sigma)
    out: AnyArray = _lognormal(data, sigma, shape=dims, dtype=dt)
    return out


def _triangular_body(data: Any, left: Any, mode: Any, right: Any, *, shape: tuple[int, ...],
                     dtype: np.dtype[Any]) -> Any:
    left = jnp.broadcast_to(lax.convert_element_type(left, dtype), shape)
    right = jnp.broadcast_to(lax.convert_element_type(right, dtype), shape)
    mode = jnp.broadcast_to(lax.convert_element_type(mode, dtype), shape)
    fc = (mode - left) / (right - left)
    u = _uniform_raw(data, 0.0, 1.0, shape, dtype)
    out1 = left + lax.sqrt(u * (right - left) * (mode - left))
    out2 = right - lax.sqrt((1 - u) * (right - left) * (right - mode))
    return _select(u < fc, out1, out2)


_triangular = _jitted(_triangular_body, "triangular")


def triangular(key: PRNGKeyArray | AnyArray, left: Any, mode: Any, right: Any,
               shape: int | Sequence[int] | None = None, dtype: Any = None) -> AnyArray:
    """Triangular samples on ``[left, right]`` peaking at ``mode``, of ``shape`` (default: the parameters' broadcast
    shape) and a floating ``dtype``, as ``jax.random.triangular``.

    Example: ``triangular(PRNGKey(0), 0.0, 0.5, 1.0, (4,))`` is a ``float32[4]`` in ``[0, 1]``."""
    data, _ = _key_data_of("triangular", key)
    dt = _sampler_dtype("triangular", dtype)
    left, mode, right = (_param("triangular", v) for v in (left, mode, right))
    dims = _broadcast_shapes("triangular", shape, left, mode, right)
    _check_safe_to_cast("triangular", dt, left, mode, right)
    out: AnyArray = _triangular(data, left, mode, right, shape=dims, dtype=dt)
    return out


def _weibull_min_body(data: Any, scale: Any, concentration: Any, *, shape: tuple[int, ...],
                      dtype: np.dtype[Any]) -> Any:
    u = _uniform_raw(data, 0, 1, shape, dtype)
    return jnp.power(-jnp.log1p(-u), 1.0 / concentration) * scale


_weibull_min = _jitted(_weibull_min_body, "weibull_min")


def weibull_min(key: PRNGKeyArray | AnyArray, scale: Any, concentration: Any, shape: int | Sequence[int] = (),
                dtype: Any = None) -> AnyArray:
    """Weibull samples of ``scale`` and ``concentration`` (the inverse of the CDF at uniform samples), of ``shape``
    and a floating ``dtype`` (then promoted with the parameters, as JAX promotes them), as
    ``jax.random.weibull_min``.

    Example: ``weibull_min(PRNGKey(0), 1.0, 2.0, (3,))`` is a ``float32[3]``."""
    data, _ = _key_data_of("weibull_min", key)
    dt = _sampler_dtype("weibull_min", dtype)
    scale, concentration = _param("weibull_min", scale), _param("weibull_min", concentration)
    out: AnyArray = _weibull_min(data, scale, concentration, shape=_shape_arg(shape), dtype=dt)
    return out


def _maxwell_raw(data: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return jnp_linalg.norm(_normal_real(data, (*shape, 3), dtype), axis=-1)


def _maxwell_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _maxwell_raw(data, shape, dtype)


_maxwell = _jitted(_maxwell_body, "maxwell")


def maxwell(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Maxwell samples (the norm of three standard normals) of ``shape`` and a floating ``dtype``, as
    ``jax.random.maxwell``.

    Example: ``maxwell(PRNGKey(0), (2,))`` is a ``float32[2]`` of positive values."""
    data, _ = _key_data_of("maxwell", key)
    dt = _sampler_dtype("maxwell", dtype)
    out: AnyArray = _maxwell(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _rademacher_raw(data: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    p_dtype = registry.INFO[lattice.default_name("f", config.x64)].dtype  # JAX's bernoulli of p=0.5
    samples = lax.lt(_uniform_raw(data, 0.0, 1.0, shape, p_dtype), _const(0.5, p_dtype))
    return jnp.astype(2 * samples - 1, dtype)


def _rademacher_body(data: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _rademacher_raw(data, shape, dtype)


_rademacher = _jitted(_rademacher_body, "rademacher")


def rademacher(key: PRNGKeyArray | AnyArray, shape: int | Sequence[int] = (), dtype: Any = None) -> AnyArray:
    """Rademacher samples (``-1`` or ``1``, each with probability 1/2) of ``shape`` and ``dtype`` (default: the
    default integer), as ``jax.random.rademacher``.

    Example: ``rademacher(PRNGKey(0), (4,))`` is an ``int32[4]`` of ``-1`` and ``1``."""
    data, _ = _key_data_of("rademacher", key)
    dt = _sampler_dtype("rademacher", dtype)
    out: AnyArray = _rademacher(data, shape=_shape_arg(shape), dtype=dt)
    return out


def _double_sided_maxwell_body(data: Any, loc: Any, scale: Any, *, shape: tuple[int, ...],
                               dtype: np.dtype[Any]) -> Any:
    params_shapes = numpy_broadcast(lax.aval_of(loc).shape, lax.aval_of(scale).shape)
    if not shape:
        shape = params_shapes
    shape = shape + params_shapes
    keys = prng.split(data, (2,))
    maxwell_rvs = _maxwell_raw(keys[0], shape, dtype)
    random_sign = _rademacher_raw(keys[1], shape, dtype)
    return random_sign * maxwell_rvs * scale + loc


_double_sided_maxwell = _jitted(_double_sided_maxwell_body, "double_sided_maxwell")


def double_sided_maxwell(key: PRNGKeyArray | AnyArray, loc: Any, scale: Any, shape: int | Sequence[int] = (),
                         dtype: Any = None) -> AnyArray:
    """Double-sided Maxwell samples (a Maxwell sample with a random sign, times ``scale``, plus ``loc``), of
    ``shape`` followed by the parameters' broadcast shape, as ``jax.random.double_sided_maxwell``.

    Example: ``double_sided_maxwell(PRNGKey(0), 0.0, 1.0, (3,))`` is a ``float32[3]``."""
    data, _ = _key_data_of("double_sided_maxwell", key)
    dt = _sampler_dtype("double_sided_maxwell", dtype)
    loc, scale = _param("double_sided_maxwell", loc), _param("double_sided_maxwell", scale)
    out: AnyArray = _double_sided_maxwell(data, loc, scale, shape=_shape_arg(shape), dtype=dt)
    return out


def _geometric_body(data: Any, p: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    pa = lax.aval_of(p)
    u = _uniform_raw(data, 0.0, 1.0, shape, pa.dtype)
    u = jnp.where(u == 0, 1, u)
    log_u = lax.log(u)
    log_one_minus_p = jnp.broadcast_to(lax.log1p(-p), shape)
    g = lax.floor(lax.div(log_u, log_one_minus_p)) + 1
    return jnp.astype(g, dtype)


_geometric = _jitted(_geometric_body, "geometric")


def geometric(key: PRNGKeyArray | AnyArray, p: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
              ) -> AnyArray:
    """Geometric samples (the number of trials to the first success of probability ``p``), of ``shape`` (default:
    ``p``'s shape) and an integer ``dtype`` (default: the default integer), as ``jax.random.geometric``.

    Example: ``geometric(PRNGKey(0), 0.3, (4,))`` is an ``int32[4]`` of values at least 1."""
    data, _ = _key_data_of("geometric", key)
    dt = _sampler_dtype("geometric", dtype)
    dims = _broadcast_shapes("geometric", shape, p)
    p_arr = _as_array("geometric", p)
    p_arr = jnp.astype(p_arr, jnp_inexact(p_arr)) if registry.INFO[p_arr.aval.name].kind not in "fc" else p_arr
    out: AnyArray = _geometric(data, p_arr, shape=dims, dtype=dt)
    return out


def _gamma_one(data: Any, alpha: Any, log_space: bool) -> Any:
    """JAX's ``_gamma_one``: Marsaglia and Tsang's rejection sampler for one key and one ``alpha`` (boosted to
    ``alpha + 1`` below 1, then scaled by a uniform to the power ``1 / alpha``, in log space for ``loggamma``)."""
    dtype = lax.aval_of(alpha).dtype
    zero, one, two, minus_one = (_traced(_const(v, dtype), data) for v in (0, 1, 2, -1))
    one_over_two, one_over_three, squeeze_const = (_const(v, dtype) for v in (0.5, 1.0 / 3.0, 0.0331))

    boost_mask = lax.ge(alpha, one)
    alpha_orig = alpha
    alpha = _select(boost_mask, alpha, lax.add(alpha, one))
    d = lax.sub(alpha, one_over_three)
    c = lax.div(one_over_three, lax.sqrt(d))

    def cond_fn(kXVU: tuple[Any, Any, Any, Any]) -> Any:
        _, X, V, U = kXVU
        return lax.bitwise_and(
            lax.ge(U, lax.sub(one, lax.mul(squeeze_const, lax.mul(X, X)))),
            lax.ge(lax.log(U), lax.add(lax.mul(X, one_over_two),
                                       lax.mul(d, lax.add(lax.sub(one, V), lax.log(V))))))

    def body_fn(kXVU: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        def next_kxv(kxv: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
            k, sub = _split_pair(kxv[0])
            x = _normal_real(sub, (), dtype)
            return k, x, lax.add(one, lax.mul(x, c))

        keys = prng.split(kXVU[0], (3,))
        k, x_key, u_key = keys[0], keys[1], keys[2]
        _, x, v = while_loop(lambda kxv: lax.le(kxv[2], zero), next_kxv, (x_key, zero, minus_one))
        X = lax.mul(x, x)
        V = lax.mul(lax.mul(v, v), v)
        U = _uniform_raw(u_key, 0.0, 1.0, (), dtype)
        return k, X, V, U

    k, subkey = _split_pair(data)
    _, _, V, _ = while_loop(cond_fn, body_fn, (k, zero, one, two))
    if log_space:
        log_samples = lax.neg(_exponential_raw(subkey, (), dtype))
        log_boost = _select(lax.bitwise_or(boost_mask, log_samples == 0), zero,
                               lax.mul(log_samples, lax.div(one, alpha_orig)))
        return lax.add(lax.add(lax.log(d), lax.log(V)), log_boost)
    samples = 1 - _uniform_raw(subkey, 0.0, 1.0, (), dtype)
    boost = _select(boost_mask, one, lax.pow(samples, lax.div(one, alpha_orig)))
    return lax.mul(lax.mul(d, V), boost)


def _split_pair(data: Any) -> tuple[Any, Any]:
    keys = prng.split(data, (2,))
    return keys[0], keys[1]


def _gamma_impl(data: Any, a: Any, log_space: bool) -> Any:
    """JAX's lowering of ``random_gamma``: each key (data ``(*K, 2)``) split into one key per element of ``a``
    (``(*K, *rest)``) beyond the keys' shape, every element sampled by :func:`_gamma_one` under one ``vmap`` over the
    flattened keys and parameters."""
    a_shape = lax.aval_of(a).shape
    key_shape = lax.aval_of(data).shape[:-1]
    split_count = math.prod(a_shape[len(key_shape):])
    keys = lax.reshape(data, (math.prod(key_shape), 2))
    def split_one(k: Any) -> Any:
        return prng.split(k, (split_count,))

    def sample_one(k: Any, al: Any) -> Any:
        return _gamma_one(k, al, log_space)

    keys = vmap(split_one)(keys)
    keys = lax.reshape(keys, (math.prod(a_shape), 2))
    alphas = lax.reshape(a, (math.prod(a_shape),))
    samples = vmap(sample_one)(keys, alphas)
    return lax.reshape(samples, a_shape)


def _random_gamma_rule(key: ShapedArray, a: ShapedArray, *, log_space: bool) -> list[ShapedArray]:
    return [a]


class _KeyedPrimitive(Primitive):
    """A primitive whose first operand is keys: bound on a typed key array (as JAX's, whose keys are arrays), it
    takes the keys' data."""

    def bind(self, *args: Any, **params: Any) -> Any:
        if args and isinstance(args[0], PRNGKeyArray):
            args = (args[0]._data, *args[1:])  # pyright: ignore[reportPrivateUsage]
        return super().bind(*args, **params)


random_gamma_p: Final[Primitive] = _KeyedPrimitive("random_gamma", _random_gamma_rule)
"""``jax.random.random_gamma_p``: gamma samples (``log_space``: their logarithms) of shape parameters ``a`` (a float
array whose leading axes are the shape of the keys ``key``: a typed key array, or its key data ``uint32[*K, 2]``),
one key per element split from its key; lowered as JAX lowers it (:func:`_gamma_impl`), batched by moving the batch axes to the front (one more key
axis), differentiated in ``a`` by the implicit reparameterization (:func:`_gamma_grad`)."""


def _random_gamma_lower(ctx: lowering.LoweringContext, key: Any, a: Any, *, log_space: bool) -> list[Any]:
    def impl(k: Any, al: Any) -> list[Any]:
        return [_gamma_impl(k, al, log_space)]

    closed, _ = trace_to_jaxpr(impl, ctx.avals_in, "random_gamma")
    return lowering.closed_jaxpr_subcomp(ctx.m, closed, [key, a])


lowering.RULES[random_gamma_p] = _random_gamma_lower


def _random_gamma_batch(axis_size: int, args: Sequence[Any], dims: Sequence[int | None], *, log_space: bool
                        ) -> tuple[Any, int]:
    k, a = (batching.bdim_at_front(x, d, axis_size) for x, d in zip(args, dims))
    return random_gamma_p.bind(k, a, log_space=log_space), 0


batching.register_rule(random_gamma_p, _random_gamma_batch)


def _random_gamma_jvp(tangent: Any, ans: Any, key: Any, a: Any, *, log_space: bool) -> Any:
    return tangent * _gamma_grad(ans, a, log_space)


ad.defjvp2(random_gamma_p, None, _random_gamma_jvp)


def _gamma_raw(data: Any, a: Any, shape: tuple[int, ...] | None, dtype: np.dtype[Any], log_space: bool) -> Any:
    a_shape = lax.aval_of(a).shape if not isinstance(a, (int, float)) else ()
    if shape is None:
        shape = a_shape
    else:
        _check_shape("gamma", shape, a_shape)
    a = lax.convert_element_type(a, dtype)
    if a_shape != shape:
        a = jnp.broadcast_to(a, shape)
    return _gamma_sample(data, a, log_space)


def _gamma_sample(data: Any, a: Any, log_space: bool) -> Any:
    return random_gamma_p.bind(data, _traced(a, data), log_space=log_space)


def _gamma_grad(sample: Any, a: Any, log_space: bool) -> Any:
    """JAX's ``_gamma_grad`` on CPU: :func:`_random_gamma_grad` of each element, under ``lax.map`` (for
    ``loggamma``: of the sample's exponential, a zero one taken as the smallest normal float, over it)."""
    a_shape = lax.aval_of(a).shape
    count = math.prod(a_shape)
    samples = lax.reshape(sample, (count,))
    alphas = lax.reshape(a, (count,))
    dtype = lax.aval_of(samples).dtype
    if log_space:
        samples = lax.exp(samples)
        tiny = lax.full((count,), _finfo(dtype).tiny, dtype)
        samples = _select(lax.eq(samples, _const(0, dtype)), tiny, samples)

        def gamma_grad(alpha: Any, x: Any) -> Any:
            return _random_gamma_grad(alpha, x) / x
    else:
        def gamma_grad(alpha: Any, x: Any) -> Any:
            return _random_gamma_grad(alpha, x)
    grads = lax_map(lambda args: gamma_grad(*args), (alphas, samples))
    return lax.reshape(grads, a_shape)


def _random_gamma_grad(a: Any, x: Any) -> Any:
    """JAX's ``lax.random_gamma_grad`` of scalars: the derivative of a ``Gamma(a, 1)`` sample ``x`` in ``a``, by
    the series of the lower incomplete gamma function (or the continued fraction of the upper one for ``x > 1``
    and ``x > a``), in float32 for the 16-bit floats."""
    a_dtype = lax.aval_of(a).dtype
    upcast = lattice_name(a_dtype) in ("float16", "bfloat16")
    if upcast:
        a, x = lax.convert_element_type(a, np.dtype("float32")), lax.convert_element_type(x, np.dtype("float32"))
    dtype = np.dtype("float32") if upcast else a_dtype
    zero = _const(0, dtype)
    is_nan = lax.bitwise_or(lax.ne(a, a), lax.ne(x, x))
    x_is_zero = lax.eq(x, zero)
    domain_error = lax.bitwise_or(lax.lt(x, zero), lax.le(a, zero))
    use_igammac = lax.bitwise_and(lax.gt(x, _const(1, dtype)), lax.gt(x, a))
    ax = a * lax.log(x) - x - lgamma(a)
    underflow = lax.lt(ax, lax.neg(lax.log(_traced(_const(_finfo(dtype).max, dtype), x))))
    ax = lax.exp(ax)
    enabled = lax.bitwise_not(lax.bitwise_or(lax.bitwise_or(lax.bitwise_or(x_is_zero, domain_error), underflow),
                                             is_nan))
    output = _select(use_igammac,
                     -_igammac_continued_fraction(ax, x, a, lax.bitwise_and(enabled, use_igammac), dtype),
                     _igamma_series(ax, x, a, lax.bitwise_and(enabled, lax.bitwise_not(use_igammac)), dtype))
    output = _select(x_is_zero, jnp.full_like(output, 0), output)
    output = _select(lax.bitwise_or(domain_error, is_nan), jnp.full_like(a, float("nan")), output)
    return lax.convert_element_type(output, a_dtype) if upcast else output


def _any(predicates: Any) -> Any:
    return jnp.any(predicates)


def _igamma_series(ax: Any, x: Any, a: Any, enabled: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_igamma_series`` in its sample-derivative mode."""
    eps = _finfo(dtype).eps

    def cond_fn(vals: tuple[Any, ...]) -> Any:
        return _any(vals[0])

    def body_fn(vals: tuple[Any, ...]) -> tuple[Any, ...]:
        enabled, r, c, ans, x, dc_da, dans_da = vals
        r = lax.add(r, _const(1.0, dtype))
        dc_da = dc_da * (x / r) - (c * x) / (r * r)
        dans_da = dans_da + dc_da
        c = c * (x / r)
        ans = ans + c
        conditional = lax.bitwise_and(enabled, lax.gt(abs(dc_da / dans_da), _const(eps, dtype)))
        return (conditional, _select(enabled, r, vals[1]), _select(enabled, c, vals[2]),
                _select(enabled, ans, vals[3]), _select(enabled, x, vals[4]), _select(enabled, dc_da, vals[5]),
                _select(enabled, dans_da, vals[6]))

    init_vals = (enabled, a, jnp.full_like(a, 1), jnp.full_like(a, 1), x, jnp.full_like(a, 0), jnp.full_like(a, 0))
    vals = while_loop(cond_fn, body_fn, init_vals)
    ans, dans_da = vals[3], vals[6]
    dlogax_da = lax.log(x) - digamma(lax.add(a, _const(1, dtype)))
    return -(dans_da + ans * dlogax_da) * x / a


def _igammac_continued_fraction(ax: Any, x: Any, a: Any, enabled: Any, dtype: np.dtype[Any]) -> Any:
    """JAX's ``_igammac_continued_fraction`` in its sample-derivative mode."""
    eps = _finfo(dtype).eps

    def cond_fn(vals: tuple[Any, ...]) -> Any:
        enabled, c = vals[0], vals[5]
        return lax.bitwise_and(lax.lt(c, _const(2000, dtype)), _any(enabled))

    def body_fn(vals: tuple[Any, ...]) -> tuple[Any, ...]:
        (enabled, ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2,
         dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da) = vals
        c = lax.add(c, _const(1, dtype))
        y = lax.add(y, _const(1, dtype))
        z = lax.add(z, _const(2, dtype))
        yc = y * c
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        qk_is_nonzero = lax.ne(qk, _const(0, dtype))
        r = pk / qk
        t = _select(qk_is_nonzero, abs(lax.div(lax.sub(ans, r), r)), jnp.full_like(r, 1))
        ans = _select(qk_is_nonzero, r, ans)
        dpk_da = dpkm1_da * z - pkm1 - dpkm2_da * yc + pkm2 * c
        dqk_da = dqkm1_da * z - qkm1 - dqkm2_da * yc + qkm2 * c
        dans_da_new = _select(qk_is_nonzero, lax.div(dpk_da - ans * dqk_da, qk), dans_da)
        grad_conditional = _select(qk_is_nonzero, abs(dans_da_new - dans_da), jnp.full_like(dans_da, 1))
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = dpkm1_da, dqkm1_da, dpk_da, dqk_da
        rescale = lax.gt(abs(pk), lax.div(_const(1, dtype), _const(eps, dtype)))
        e = _const(eps, dtype)
        pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da = (
            _select(rescale, lax.mul(v, e), v)
            for v in (pkm2, pkm1, qkm2, qkm1, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da))
        conditional = lax.bitwise_and(enabled, lax.gt(grad_conditional, e))
        return (conditional, _select(enabled, ans, vals[1]), _select(enabled, t, vals[2]),
                _select(enabled, y, vals[3]), _select(enabled, z, vals[4]), c,
                _select(enabled, pkm1, vals[6]), _select(enabled, qkm1, vals[7]), _select(enabled, pkm2, vals[8]),
                _select(enabled, qkm2, vals[9]), _select(enabled, dpkm2_da, vals[10]),
                _select(enabled, dqkm2_da, vals[11]), _select(enabled, dpkm1_da, vals[12]),
                _select(enabled, dqkm1_da, vals[13]), _select(enabled, dans_da_new, vals[14]))

    y = lax.sub(_const(1, dtype), a)
    z = x + lax.add(y, _const(1, dtype))
    c = _traced(_const(0, dtype), x)
    pkm2 = jnp.full_like(x, 1)
    qkm2 = x
    pkm1 = lax.add(x, _const(1, dtype))
    qkm1 = z * x
    ans = pkm1 / qkm1
    t = jnp.full_like(x, 1)
    dpkm2_da = jnp.full_like(x, 0)
    dqkm2_da = jnp.full_like(x, 0)
    dpkm1_da = jnp.full_like(x, 0)
    dqkm1_da = -x
    dans_da = (dpkm1_da - ans * dqkm1_da) / qkm1
    init_vals = (enabled, ans, t, y, z, c, pkm1, qkm1, pkm2, qkm2, dpkm2_da, dqkm2_da, dpkm1_da, dqkm1_da, dans_da)
    vals = while_loop(cond_fn, body_fn, init_vals)
    ans, dans_da = vals[1], vals[14]
    dlogax_da = lax.log(x) - digamma(a)
    return lax.neg(lax.add(dans_da, lax.mul(ans, dlogax_da)) * x)


def _gamma_body(data: Any, a: Any, *, shape: tuple[int, ...] | None, dtype: np.dtype[Any], log_space: bool
                ) -> Any:
    return _gamma_raw(data, a, shape, dtype, log_space)


_gamma = _jitted(_gamma_body, "gamma")


def gamma(key: PRNGKeyArray | AnyArray, a: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
          ) -> AnyArray:
    """Gamma samples of shape parameter ``a`` (density proportional to ``x**(a - 1) * exp(-x)``), of ``shape``
    (default: ``a``'s shape) and a floating ``dtype``, as ``jax.random.gamma`` (Marsaglia and Tsang's method).

    Example: ``gamma(PRNGKey(0), 2.5, (3,))`` is a ``float32[3]`` of positive values."""
    data, _ = _key_data_of("gamma", key)
    dt = _sampler_dtype("gamma", dtype)
    dims = None if shape is None else _shape_arg(shape)
    out: AnyArray = _gamma(data, _param("gamma", a), shape=dims, dtype=dt, log_space=False)
    return out


def loggamma(key: PRNGKeyArray | AnyArray, a: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
             ) -> AnyArray:
    """The logarithms of gamma samples of shape parameter ``a``, sampled in log space (precise where ``a`` is
    small and the samples near 0), as ``jax.random.loggamma``: ``exp(loggamma(...))`` is close to ``gamma(...)``.

    Example: ``loggamma(PRNGKey(0), 0.01, (3,))`` is a ``float32[3]`` of (very negative) logarithms."""
    data, _ = _key_data_of("loggamma", key)
    dt = _sampler_dtype("loggamma", dtype)
    dims = None if shape is None else _shape_arg(shape)
    out: AnyArray = _gamma(data, _param("loggamma", a), shape=dims, dtype=dt, log_space=True)
    return out


def _beta_body(data: Any, a: Any, b: Any, *, shape: tuple[int, ...] | None, dtype: np.dtype[Any]) -> Any:
    a_shape, b_shape = lax.aval_of(a).shape, lax.aval_of(b).shape
    if shape is None:
        shape = numpy_broadcast(a_shape, b_shape)
    else:
        _check_shape("beta", shape, a_shape, b_shape)
    a = lax.convert_element_type(a, dtype)
    b = lax.convert_element_type(b, dtype)
    key_a, key_b = _split_pair(data)
    a = jnp.broadcast_to(a, shape)
    b = jnp.broadcast_to(b, shape)
    log_gamma_a = _gamma_raw(key_a, a, shape, dtype, True)
    log_gamma_b = _gamma_raw(key_b, b, shape, dtype, True)
    log_max = lax.max(log_gamma_a, log_gamma_b)
    gamma_a_scaled = jnp.exp(log_gamma_a - log_max)
    gamma_b_scaled = jnp.exp(log_gamma_b - log_max)
    return gamma_a_scaled / (gamma_a_scaled + gamma_b_scaled)


_beta = _jitted(_beta_body, "beta")


def beta(key: PRNGKeyArray | AnyArray, a: Any, b: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
         ) -> AnyArray:
    """Beta samples of parameters ``a`` and ``b`` (density proportional to ``x**(a - 1) * (1 - x)**(b - 1)`` on
    ``[0, 1]``), of ``shape`` (default: their broadcast shape) and a floating ``dtype``, as ``jax.random.beta``.

    Example: ``beta(PRNGKey(0), 2.0, 0.5, (3,))`` is a ``float32[3]`` in ``[0, 1]``."""
    data, _ = _key_data_of("beta", key)
    dt = _sampler_dtype("beta", dtype)
    a, b = _param("beta", a), _param("beta", b)
    _check_safe_to_cast("beta", dt, a, b)
    dims = _broadcast_shapes("beta", shape, a, b)
    out: AnyArray = _beta(data, a, b, shape=dims, dtype=dt)
    return out


def _dirichlet_body(data: Any, alpha: Any, *, shape: tuple[int, ...] | None, dtype: np.dtype[Any]) -> Any:
    alpha_shape = lax.aval_of(alpha).shape
    if not len(alpha_shape) >= 1:
        raise ValueError(f"dirichlet requires alpha.ndim >= 1, got alpha.ndim == {len(alpha_shape)}")
    if shape is None:
        shape = alpha_shape[:-1]
    else:
        _check_shape("dirichlet", shape, alpha_shape[:-1])
    alpha = lax.convert_element_type(alpha, dtype)
    log_gamma_samples = _gamma_raw(data, alpha, shape + alpha_shape[-1:], dtype, True)
    return softmax(log_gamma_samples, -1)


_dirichlet = _jitted(_dirichlet_body, "dirichlet")


def dirichlet(key: PRNGKeyArray | AnyArray, alpha: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
              ) -> AnyArray:
    """Dirichlet samples of concentrations ``alpha`` (shape ``(..., n)``), of shape ``shape + (n,)`` (default:
    ``alpha``'s shape) and a floating ``dtype``, as ``jax.random.dirichlet``: each sample sums to 1 along its
    last axis.

    Example: ``dirichlet(PRNGKey(0), jnp.ones(3), (2,))`` is a ``float32[2, 3]``."""
    data, _ = _key_data_of("dirichlet", key)
    dt = _sampler_dtype("dirichlet", dtype)
    dims = None if shape is None else _shape_arg(shape)
    out: AnyArray = _dirichlet(data, _param("dirichlet", alpha), shape=dims, dtype=dt)
    return out


def _t_body(data: Any, df: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    df = lax.convert_element_type(df, dtype)
    key_n, key_g = _split_pair(data)
    n = _normal_real(key_n, shape, dtype)
    half_df = lax.div(df, _const(2, dtype))
    g = _gamma_raw(key_g, half_df, shape, dtype, False)
    return n * jnp.sqrt(half_df / g)


_t = _jitted(_t_body, "t")


def t(key: PRNGKeyArray | AnyArray, df: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
      ) -> AnyArray:
    """Student's t samples of ``df`` degrees of freedom, of ``shape`` (default: ``df``'s shape) and a floating
    ``dtype``, as ``jax.random.t``.

    Example: ``t(PRNGKey(0), 3.0, (4,))`` is a ``float32[4]``."""
    data, _ = _key_data_of("t", key)
    dt = _sampler_dtype("t", dtype)
    df = _param("t", df)
    dims = _broadcast_shapes("t", shape, df)
    _check_safe_to_cast("t", dt, df)
    out: AnyArray = _t(data, df, shape=dims, dtype=dt)
    return out


def _chisquare_raw(data: Any, df: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    df = lax.convert_element_type(df, dtype)
    two = _const(2, dtype)
    half_df = lax.div(df, two)
    log_g = _gamma_raw(data, half_df, shape, dtype, True)
    return lax.mul(jnp.exp(log_g), two)


def _chisquare_body(data: Any, df: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _chisquare_raw(data, df, shape, dtype)


_chisquare = _jitted(_chisquare_body, "chisquare")


def chisquare(key: PRNGKeyArray | AnyArray, df: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
              ) -> AnyArray:
    """Chi-square samples of ``df`` degrees of freedom (twice gamma samples of ``df / 2``, sampled in log space), of
    ``shape`` (default: ``df``'s shape) and a floating ``dtype``, as ``jax.random.chisquare``.

    Example: ``chisquare(PRNGKey(0), 4.0, (3,))`` is a ``float32[3]`` of positive values."""
    data, _ = _key_data_of("chisquare", key)
    dt = _sampler_dtype("chisquare", dtype)
    df = _param("chisquare", df)
    dims = _broadcast_shapes("chisquare", shape, df)
    _check_safe_to_cast("chisquare", dt, df)
    out: AnyArray = _chisquare(data, df, shape=dims, dtype=dt)
    return out


def _f_body(data: Any, dfnum: Any, dfden: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    dfden = lax.convert_element_type(dfden, dtype)
    dfnum = lax.convert_element_type(dfnum, dtype)
    key_dfd, key_dfn = _split_pair(data)
    chi2_dfn = _chisquare_raw(key_dfn, dfnum, shape, dtype)
    chi2_dfd = _chisquare_raw(key_dfd, dfden, shape, dtype)
    return lax.div(lax.div(chi2_dfn, dfnum), lax.div(chi2_dfd, dfden))


_f = _jitted(_f_body, "f")


def f(key: PRNGKeyArray | AnyArray, dfnum: Any, dfden: Any, shape: int | Sequence[int] | None = None,
      dtype: Any = None) -> AnyArray:
    """F-distribution samples of ``dfnum`` and ``dfden`` degrees of freedom (a ratio of chi-square samples), of
    ``shape`` (default: their broadcast shape) and a floating ``dtype``, as ``jax.random.f``.

    Example: ``f(PRNGKey(0), 3.0, 5.0, (2,))`` is a ``float32[2]`` of positive values."""
    data, _ = _key_data_of("f", key)
    dt = _sampler_dtype("f", dtype)
    dfnum, dfden = _param("f", dfnum), _param("f", dfden)
    dims = _broadcast_shapes("f", shape, dfnum, dfden)
    _check_safe_to_cast("f", dt, dfnum, dfden)
    out: AnyArray = _f(data, dfnum, dfden, shape=dims, dtype=dt)
    return out


def _generalized_normal_raw(data: Any, p: Any, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    keys = prng.split(data, (2,))
    g = _gamma_raw(keys[0], 1 / p, shape, dtype, False)
    r = _rademacher_raw(keys[1], shape, dtype)
    return r * g ** (1 / p)


def _generalized_normal_body(data: Any, p: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    return _generalized_normal_raw(data, p, shape, dtype)


_generalized_normal = _jitted(_generalized_normal_body, "generalized_normal")


def generalized_normal(key: PRNGKeyArray | AnyArray, p: float | AnyArray, shape: int | Sequence[int] = (),
                       dtype: Any = None) -> AnyArray:
    """Generalized normal samples (density proportional to ``exp(-|x|**p)``) of ``shape`` and a floating ``dtype``,
    as ``jax.random.generalized_normal`` (a signed gamma sample of ``1 / p`` to the power ``1 / p``).

    Example: ``generalized_normal(PRNGKey(0), 1.5, (3,))`` is a ``float32[3]``."""
    dims = _shape_arg(shape)
    data, _ = _key_data_of("generalized_normal", key)
    dt = _sampler_dtype("generalized_normal", dtype)
    out: AnyArray = _generalized_normal(data, _param("generalized_normal", p), shape=dims, dtype=dt)
    return out


def _ball_body(data: Any, p: Any, *, d: int, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    k1, k2 = _split_pair(data)
    g = _generalized_normal_raw(k1, p, (*shape, d), dtype)
    e = _exponential_raw(k2, shape, dtype)
    return g / (((jnp.abs(g) ** p).sum(-1) + e) ** (1 / p))[..., None]


_ball = _jitted(_ball_body, "ball")


def ball(key: PRNGKeyArray | AnyArray, d: int, p: float | AnyArray = 2, shape: int | Sequence[int] = (),
         dtype: Any = None) -> AnyArray:
    """Samples uniform in the unit ``Lp`` ball of dimension ``d``, of shape ``(*shape, d)`` and a floating
    ``dtype``, as ``jax.random.ball``.

    Example: ``ball(PRNGKey(0), 3, shape=(2,))`` is a ``float32[2, 3]`` of points of norm at most 1."""
    dims = _shape_arg(shape)
    data, _ = _key_data_of("ball", key)
    dt = _sampler_dtype("ball", dtype)
    out: AnyArray = _ball(data, _param("ball", p), d=operator.index(d), shape=dims, dtype=dt)
    return out


def _orthogonal_body(data: Any, *, n: int, m: int, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    z = _normal_body(data, shape=(*shape, max(n, m), min(n, m)), dtype=dtype)
    q, r = jnp_linalg.qr(z)
    d = jnp.diagonal(r, axis1=-2, axis2=-1)
    x = q * jnp.expand_dims(jnp.sign(d), -2)
    return x.mT if n < m else x


_orthogonal = _jitted(_orthogonal_body, "orthogonal")


def orthogonal(key: PRNGKeyArray | AnyArray, n: int, shape: int | Sequence[int] = (), dtype: Any = None,
               m: int | None = None) -> AnyArray:
    """Samples uniform in the orthogonal group ``O(n)`` (the unitary group for a complex ``dtype``), of shape
    ``(*shape, n, m)`` (``m`` defaults to ``n``: semi-orthogonal for ``m != n``), as ``jax.random.orthogonal``.

    Example: ``orthogonal(PRNGKey(0), 3)`` is a ``float32[3, 3]`` ``q`` with ``q @ q.T`` the identity."""
    dims = _shape_arg(shape)
    data, _ = _key_data_of("orthogonal", key)
    dt = _sampler_dtype("orthogonal", dtype)
    rows = operator.index(n)
    cols = rows if m is None else operator.index(m)
    out: AnyArray = _orthogonal(data, n=rows, m=cols, shape=dims, dtype=dt)
    return out


def _multivariate_normal_body(data: Any, mean: Any, cov: Any, *, shape: tuple[int, ...] | None,
                              dtype: np.dtype[Any], method: str) -> Any:
    mean_shape, cov_shape = lax.aval_of(mean).shape, lax.aval_of(cov).shape
    if not len(mean_shape) >= 1:
        raise ValueError(f"multivariate_normal requires mean.ndim >= 1, got mean.ndim == {len(mean_shape)}")
    if not len(cov_shape) >= 2:
        raise ValueError(f"multivariate_normal requires cov.ndim >= 2, got cov.ndim == {len(cov_shape)}")
    n = mean_shape[-1]
    if cov_shape[-2:] != (n, n):
        raise ValueError(f"multivariate_normal requires cov.shape == (..., n, n) for n={n}, but got cov.shape == "
                         f"{cov_shape}.")
    if shape is None:
        shape = numpy_broadcast(mean_shape[:-1], cov_shape[:-2])
    else:
        _check_shape("normal", shape, mean_shape[:-1], cov_shape[:-2])
    if method == "svd":
        u, s, _ = jnp_linalg.svd(cov)
        factor = u * jnp.sqrt(s[..., None, :])
    elif method == "eigh":
        w, v = jnp_linalg.eigh(cov)
        factor = v * jnp.sqrt(w[..., None, :])
    else:
        factor = jnp_linalg.cholesky(cov)
    normal_samples = _normal_body(data, shape=shape + mean_shape[-1:], dtype=dtype)
    return mean + jnp.einsum("...ij,...j->...i", factor, normal_samples)


_multivariate_normal = _jitted(_multivariate_normal_body, "multivariate_normal")


def multivariate_normal(key: PRNGKeyArray | AnyArray, mean: Any, cov: Any, shape: int | Sequence[int] | None = None,
                        dtype: Any = None, method: str = "cholesky") -> AnyArray:
    """Multivariate normal samples of ``mean`` (``(..., n)``) and covariance ``cov`` (``(..., n, n)``), of shape
    ``shape + (n,)`` (default: the broadcast batch shapes), as ``jax.random.multivariate_normal``: the
    covariance factored by ``method`` (``'cholesky'``, or ``'eigh'``/``'svd'`` for a singular one). The default
    ``dtype`` is that of ``mean`` and ``cov`` promoted to inexact.

    Example: ``multivariate_normal(PRNGKey(0), jnp.zeros(2), jnp.eye(2), (3,))`` is a ``float32[3, 2]``."""
    data, _ = _key_data_of("multivariate_normal", key)
    mean_arr, cov_arr = _as_array("multivariate_normal", mean), _as_array("multivariate_normal", cov)
    common = jnp_inexact_pair(mean_arr, cov_arr)
    mean_arr, cov_arr = jnp.astype(mean_arr, common), jnp.astype(cov_arr, common)
    if method not in {"svd", "eigh", "cholesky"}:
        raise ValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    dt = common if dtype is None else _sampler_dtype("multivariate_normal", dtype)
    if registry.INFO[lattice_name(dt)].kind != "f":
        raise ValueError(f"dtype argument to `multivariate_normal` must be a float dtype, got {dt}")
    dims = None if shape is None else _shape_arg(shape)
    out: AnyArray = _multivariate_normal(data, mean_arr, cov_arr, shape=dims, dtype=dt, method=method)
    return out


def jnp_inexact_pair(x: AnyArray, y: AnyArray) -> np.dtype[Any]:
    """JAX's ``promote_dtypes_inexact`` of two arrays: their promoted dtype, made inexact."""
    joined = result_type(x, y)
    name = op_rules.to_inexact_name(lattice_name(joined))
    return registry.INFO[lattice.canonical_name(name, config.x64)].dtype


def _poisson_knuth(data: Any, lam: Any, shape: tuple[int, ...], dtype: np.dtype[Any], max_iters: Any) -> Any:
    f32 = np.dtype("float32")

    def body_fn(carry: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        i, k, rng, log_prod = carry
        rng, subkey = _split_pair(rng)
        k = _select(log_prod > -lam, k + 1, k)
        u = _uniform_raw(subkey, 0.0, 1.0, shape, f32)
        return i + 1, k, rng, log_prod + jnp.log(u)

    def cond_fn(carry: tuple[Any, Any, Any, Any]) -> Any:
        i, log_prod = carry[0], carry[3]
        return (log_prod > -lam).any() & (i < max_iters)

    k_init = lax.full(shape, 0, dtype)
    log_rate_init = lax.full(shape, 0, f32)
    zero = _traced(lax.const(0, ShapedArray((), registry.INFO[lattice.default_name("i", config.x64)].dtype, True)),
                   data)
    k = while_loop(cond_fn, body_fn, (zero, k_init, data, log_rate_init))[1]
    return jnp.astype(k - 1, dtype)


def _poisson_rejection(data: Any, lam: Any, shape: tuple[int, ...], dtype: np.dtype[Any], max_iters: Any) -> Any:
    lam_dtype = lax.aval_of(lam).dtype
    log_lam = lax.log(lam)
    b = 0.931 + 2.53 * lax.sqrt(lam)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)

    def body_fn(carry: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        i, k_out, accepted, key = carry
        keys = prng.split(key, (3,))
        key, subkey_0, subkey_1 = keys[0], keys[1], keys[2]
        u = _uniform_raw(subkey_0, 0.0, 1.0, shape, lam_dtype) - 0.5
        v = _uniform_raw(subkey_1, 0.0, 1.0, shape, lam_dtype)
        u_shifted = 0.5 - abs(u)
        k = lax.floor((2 * a / u_shifted + b) * u + lam + 0.43)
        s = lax.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b))
        t = -lam + k * log_lam - lgamma(k + 1)
        accept1 = (u_shifted >= 0.07) & (v <= v_r)
        reject = (k < 0) | ((u_shifted < 0.013) & (v > u_shifted))
        accept2 = s <= t
        accept = accept1 | (~reject & accept2)
        k_out = _select(accept, k, k_out)
        accepted = accepted | accept
        return i + 1, k_out, accepted, key

    def cond_fn(carry: tuple[Any, Any, Any, Any]) -> Any:
        i, _, accepted, _ = carry
        return (~accepted).any() & (i < max_iters)

    k_init = lax.full(shape, -1, lam_dtype)
    accepted = lax.full(shape, False, np.dtype("bool"))
    zero = _traced(lax.const(0, ShapedArray((), registry.INFO[lattice.default_name("i", config.x64)].dtype, True)),
                   data)
    k = while_loop(cond_fn, body_fn, (zero, k_init, accepted, data))[1]
    return jnp.astype(k, dtype)


def _poisson_body(data: Any, lam: Any, *, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Any:
    use_knuth = lax.ne(lam, lam) | (lam < 10)
    lam_knuth = _select(use_knuth, lam, jnp.full_like(lam, 0.0))
    lam_rejection = _select(use_knuth, jnp.full_like(lam, 1e5), lam)
    max_iters = dtype.type(_iinfo(dtype).max)
    result = _select(use_knuth, _poisson_knuth(data, lam_knuth, shape, dtype, max_iters),
                     _poisson_rejection(data, lam_rejection, shape, dtype, max_iters))
    return _select(lam == 0, jnp.zeros_like(result), result)


_poisson = _jitted(_poisson_body, "poisson")


def poisson(key: PRNGKeyArray | AnyArray, lam: Any, shape: int | Sequence[int] | None = None, dtype: Any = None
            ) -> AnyArray:
    """Poisson samples of rate ``lam``, of ``shape`` (default: ``lam``'s shape) and an integer ``dtype`` (default:
    the default integer), as ``jax.random.poisson``: Knuth's algorithm below a rate of 10, Hormann's transformed
    rejection above.

    Example: ``poisson(PRNGKey(0), 3.0, (4,))`` is an ``int32[4]`` of counts."""
    data, _ = _key_data_of("poisson", key)
    dt = _sampler_dtype("poisson", dtype)
    dims = _shape_of(lam) if shape is None else _shape_arg(shape)
    lam_arr = jnp.astype(jnp.broadcast_to(_as_array("poisson", lam), dims), np.dtype("float32"))
    out: AnyArray = _poisson(data, lam_arr, shape=dims, dtype=dt)
    return out


def jnp_promote_args_inexact(*args: Any) -> list[Any]:
    """JAX's ``promote_dtypes_inexact``: the arguments converted to their promoted dtype, made inexact (the weak
    flag kept), their shapes left as they are."""
    dtype, weak = common_dtype(*args)
    return [as_dtype(a, to_inexact_dtype(dtype), weak) for a in args]


def _weak_zero(*args: Any) -> Any:
    """A loop counter's start, JAX's Python ``0`` (a weak default integer), as a value of the top trace of
    ``args`` (the key data, or under ``vmap`` of the parameters alone, the batched parameters)."""
    zero = lax.const(0, ShapedArray((), registry.INFO[lattice.default_name("i", config.x64)].dtype, True))
    trace = find_top_trace(args)
    assert trace is not None, "sampler bodies run under a trace"
    return trace.pure(zero)


def _stirling_approx_tail(k: Any) -> Any:
    """JAX's ``_stirling_approx_tail``: the tail of Stirling's series for ``log(k!)``, tabulated below 10."""
    dtype = lax.aval_of(k).dtype
    tail_values = jnp.array([0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                             0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                             0.00925546218271273, 0.00833056343336287], dtype=dtype)
    use_tail_values = k <= 9
    k = lax.clamp(_const(0.0, dtype), k, _const(9.0, dtype))
    kp1sq = (k + 1) * (k + 1)
    approx = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    k = lax.floor(k)
    return _select(use_tail_values, tail_values[jnp.asarray(k, dtype=np.dtype("int32"))], approx)


def _binomial_inversion(data: Any, count: Any, prob: Any, shape: tuple[int, ...], dtype: np.dtype[Any],
                        max_iters: Any) -> Any:
    """JAX's ``_binomial_inversion``: the number of geometric waiting times (of success ``prob``) that fit in
    ``count`` trials, less one."""
    prob_dtype = lax.aval_of(prob).dtype
    log1minusprob = jnp.log1p(-prob)

    def body_fn(carry: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        i, num_geom, geom_sum, key = carry
        subkey, key = _split_pair(key)
        num_geom_out = _select(geom_sum <= count, num_geom + 1, num_geom)
        u = _uniform_raw(subkey, 0.0, 1.0, shape, prob_dtype)
        geom = lax.ceil(lax.div(lax.log(u), log1minusprob))
        return i + 1, num_geom_out, geom_sum + geom, key

    def cond_fn(carry: tuple[Any, Any, Any, Any]) -> Any:
        i, geom_sum = carry[0], carry[2]
        return (geom_sum <= count).any() & (i < max_iters)

    num_geom_init = lax.full(shape, 0, prob_dtype)
    geom_sum_init = lax.full(shape, 0, prob_dtype)
    k = while_loop(cond_fn, body_fn, (_weak_zero(data, count, prob), num_geom_init, geom_sum_init, data))[1]
    return jnp.astype(k - 1, dtype)


def _btrs(data: Any, count: Any, prob: Any, shape: tuple[int, ...], dtype: np.dtype[Any], max_iters: Any) -> Any:
    """JAX's ``_btrs``: Hormann's transformed rejection with squeeze (BTRS), for ``count * prob`` above 10."""
    prob_dtype = lax.aval_of(prob).dtype
    stddev = lax.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = lax.floor((count + 1) * prob)

    def body_fn(carry: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        i, k_out, accepted, key = carry
        keys = prng.split(key, (3,))
        key, subkey_0, subkey_1 = keys[0], keys[1], keys[2]
        u = _uniform_raw(subkey_0, 0.0, 1.0, shape, prob_dtype)
        v = _uniform_raw(subkey_1, 0.0, 1.0, shape, prob_dtype)
        u = u - 0.5
        us = 0.5 - abs(u)
        accept1 = (us >= 0.07) & (v <= v_r)
        k = lax.floor((2 * a / us + b) * u + c)
        reject = (k < 0) | (k > count)
        v = lax.log(v * alpha / (a / (us * us) + b))
        ub = ((m + 0.5) * lax.log((m + 1) / (r * (count - m + 1)))
              + (count + 1) * lax.log((count - m + 1) / (count - k + 1))
              + (k + 0.5) * lax.log(r * (count - k + 1) / (k + 1))
              + _stirling_approx_tail(m)
              + _stirling_approx_tail(count - m)
              - _stirling_approx_tail(k)
              - _stirling_approx_tail(count - k))
        accept2 = v <= ub
        accept = accept1 | (~reject & accept2)
        k_out = _select(accept, k, k_out)
        return i + 1, k_out, accepted | accept, key

    def cond_fn(carry: tuple[Any, Any, Any, Any]) -> Any:
        i, accepted = carry[0], carry[2]
        return (~accepted).any() & (i < max_iters)

    k_init = lax.full(shape, -1, prob_dtype)
    accepted = lax.full(shape, False, np.dtype("bool"))
    return jnp.astype(while_loop(cond_fn, body_fn, (_weak_zero(data, count, prob), k_init, accepted, data))[1], dtype)


def _binomial_body(data: Any, count: Any, prob: Any, *, shape: tuple[int, ...] | None, dtype: np.dtype[Any]
                   ) -> Any:
    """JAX's ``_binomial`` (as TensorFlow's): inversion where ``count * q <= 10`` (``q`` the lesser of ``prob``
    and ``1 - prob``), BTRS elsewhere; NaN for a NaN or negative count or a NaN or negative probability, ``inf``
    for an infinite count."""
    if shape is None:
        shape = numpy_broadcast(_shape_of(count), _shape_of(prob))
    else:
        _check_shape("binomial", shape, _shape_of(count), _shape_of(prob))
    (prob,) = jnp_promote_args_inexact(prob)
    prob_dtype = lax.aval_of(prob).dtype
    count = lax.convert_element_type(count, prob_dtype)
    count = jnp.broadcast_to(count, shape)
    prob = jnp.broadcast_to(prob, shape)
    p_lt_half = prob < 0.5
    q = _select(p_lt_half, prob, 1.0 - prob)
    count_nan_or_neg = lax.ne(count, count) | (count < 0.0)
    count_inf = jnp.isinf(count)
    q_is_nan = lax.ne(q, q)
    q_l_0 = q < 0.0
    q = _select(q_is_nan | q_l_0, jnp.full_like(q, 0.01), q)
    use_inversion = count_nan_or_neg | (count * q <= 10.0)
    count = lax.floor(count)
    count_inv = _select(use_inversion, count, jnp.full_like(count, 0.0))
    count_btrs = _select(use_inversion, jnp.full_like(count, 1e4), count)
    q_btrs = _select(use_inversion, jnp.full_like(q, 0.5), q)
    max_iters = dtype.type(_finfo(dtype).max)
    samples = _select(use_inversion, _binomial_inversion(data, count_inv, q, shape, dtype, max_iters),
                      _btrs(data, count_btrs, q_btrs, shape, dtype, max_iters))
    invalid = q_l_0 | q_is_nan | count_nan_or_neg
    samples = _select(invalid, jnp.full_like(samples, np.nan, dtype), samples)
    samples = _select(count_inf & (~invalid), jnp.full_like(samples, np.inf, dtype), samples)
    return _select(p_lt_half | count_nan_or_neg | q_is_nan | count_inf, samples, jnp.astype(count, dtype) - samples)


_binomial = _jitted(_binomial_body, "binomial")


def binomial(key: PRNGKeyArray | AnyArray, n: Any, p: Any, shape: int | Sequence[int] | None = None,
             dtype: Any = None) -> AnyArray:
    """Binomial samples: the number of successes in ``n`` trials of success probability ``p``, of ``shape``
    (default: ``n`` and ``p`` broadcast together) and a floating ``dtype`` (default: the default float), as
    ``jax.random.binomial`` draws them (inversion for ``n * min(p, 1 - p) <= 10``, transformed rejection above; a
    NaN or negative ``n`` or a NaN or negative ``p`` gives NaN, an infinite ``n`` gives ``inf``).

    Args:
        key: a PRNG key.
        n: the number of trials (floats; their floor is taken).
        p: the probability of success of each trial.
        shape: the result's shape, which ``n`` and ``p`` broadcast to.
        dtype: a floating dtype.

    Example:
        >>> from arraytyping import random
        >>> random.binomial(random.PRNGKey(0), 10, 0.3, (5,))
        Array([2., 2., 1., 2., 1.], dtype=float32)
    """
    data, _ = _key_data_of("binomial", key)
    _param("binomial", n)
    _param("binomial", p)
    dt = _sampler_dtype("binomial", dtype)
    dims = None if shape is None else _shape_arg(shape)
    out: AnyArray = _binomial(data, n, p, shape=dims, dtype=dt)
    return out


def multinomial(key: PRNGKeyArray | AnyArray, n: Any, p: Any, *, shape: int | Sequence[int] | None = None,
                dtype: Any = None, unroll: int | bool = 1) -> AnyArray:
    """Multinomial samples: the counts of each outcome (along the last axis of ``p``, their probabilities) in ``n``
    trials, as ``jax.random.multinomial`` draws them: one binomial per outcome in a ``scan``, each of the trials
    left; of shape ``p.shape`` (or ``shape``, whose last axis is the outcomes') and ``dtype`` (default: the
    default float; any dtype the counts are cast to).

    Args:
        key: a PRNG key.
        n: the number of trials, broadcast to ``p.shape[:-1]``.
        p: the probabilities of the outcomes, along the last axis.
        shape: the result's shape (its last axis the outcomes'), which ``p`` broadcasts to.
        dtype: the result's dtype.
        unroll: the ``scan``'s ``unroll``.

    Example:
        >>> from arraytyping import numpy as jnp, random
        >>> random.multinomial(random.PRNGKey(0), 20, jnp.array([0.2, 0.3, 0.5]))
        Array([ 1.,  6., 13.], dtype=float32)
    """
    data, _ = _key_data_of("multinomial", key)
    n_arr, p_arr = jnp_promote_args_inexact(_param("multinomial", n), _param("multinomial", p))
    dims = _shape_of(p_arr) if shape is None else _shape_arg(shape)
    n_arr = jnp.broadcast_to(n_arr, dims[:-1])
    p_arr = jnp.broadcast_to(p_arr, dims)

    def f(remainder: Any, ratio_key: tuple[Any, Any]) -> tuple[Any, Any]:
        ratio, k = ratio_key
        count = _binomial(k, remainder, ratio.clip(0, 1), shape=None, dtype=np.dtype(remainder.dtype))
        return remainder - count, count

    p_arr = jnp.moveaxis(p_arr, -1, 0)
    remaining_probs = lax_cumsum(p_arr, 0, reverse=True)
    ratios = p_arr / jnp.where(remaining_probs == 0, 1, remaining_probs)
    keys = _split(data, shape=(_shape_of(ratios)[0],))
    _, counts = scan(f, n_arr, (ratios, keys), unroll=unroll)
    out_dtype = registry.INFO[lattice.default_name("f", config.x64)].dtype if dtype is None else dtype
    out: AnyArray = jnp.astype(jnp.moveaxis(counts, 0, -1), out_dtype)
    return out



def key_impl(keys: PRNGKeyArray | AnyArray) -> str:
    """The name of the PRNG implementation of ``keys``: ``'threefry2x32'`` (arraytyping's only one), as
    ``jax.random.key_impl``.

    Example: ``key_impl(key(0))`` is ``'threefry2x32'``."""
    _key_data_of("key_impl", keys, allow_batched=True)
    return "threefry2x32"


def key_dtype(impl_spec: str | None = None) -> KeyDType:
    """The dtype of typed keys of the implementation ``impl_spec`` (default and only one: threefry2x32), as
    ``jax.random.key_dtype``.

    Example: ``key_dtype()`` is ``key<fry>``, ``key(0).dtype``."""
    _check_impl(impl_spec)
    return _KEY_DTYPE


@overload
def clone(key: PRNGKeyArray) -> PRNGKeyArray: ...
@overload
def clone(key: AnyArray) -> AnyArray: ...
def clone(key: PRNGKeyArray | AnyArray) -> PRNGKeyArray | AnyArray:
    """A copy of ``key`` that JAX's key-reuse checking treats as a new key; otherwise the identity, as
    ``jax.random.clone``.

    Example: ``clone(key(0))`` is a typed key equal to ``key(0)``."""
    return key
