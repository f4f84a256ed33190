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
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, cast, overload

import ml_dtypes
import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.core.array import Array
from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import explicit_dtype_name, to_dtype
from arraytyping._src.lax import lax
from arraytyping._src.lax import prng
from arraytyping._src.tree import pytree as tree
from arraytyping._src import numpy as jnp
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import HOST_VALUE_TYPES, ShapedArray, canonicalize_shape
from arraytyping._src.core.trace import find_top_trace
from arraytyping._src.xla.dispatch import JitFunction
from arraytyping._src.lax.gather_scatter import GatherDimensionNumbers, gather
from arraytyping._src.lax.sorting import sort_p
from arraytyping._src.lax.special import erf, erf_inv
from arraytyping._src.lax.top_k import top_k
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.core.arraylike import check_arraylike

__all__ = ["PRNGKeyArray", "KeyDType", "PRNGKey", "key", "split", "fold_in", "key_data", "wrap_key_data", "bits",
           "uniform", "normal", "randint", "bernoulli", "truncated_normal", "gumbel"]

_UINT32: Final = np.dtype("uint32")
_SQRT2: Final = math.sqrt(2)


# ---------------------------------------------------------------------------------------------------------------
# Typed key arrays


class KeyDType:
    """The dtype of threefry-2x32 typed key arrays, printed ``key<fry>`` as JAX prints it."""

    __slots__ = ()
    name: Final = "key<fry>"

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
