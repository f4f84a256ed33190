"""Configuration: x64 and the promotion mode, global defaults plus thread/context-local overrides.

Defaults come from ``ARRAYTYPING_ENABLE_X64`` (a boolean: 1/0, true/false, yes/no, on/off) and
``ARRAYTYPING_DTYPE_PROMOTION`` (``standard`` or ``strict``); unset, x64 is off and promotion is standard, as in JAX.
"""

from __future__ import annotations

from types import ModuleType

import contextlib
import contextvars
import functools
import logging
import os
import threading
from collections.abc import Callable, Generator
from typing import Any, Final, Generic, NoReturn, TypeVar, cast

from arraytyping import lattice
from arraytyping._src import monitoring
from arraytyping._src.dtypes import options

__all__ = ["Config", "config", "dtype_promotion", "enable_x64", "current", "debug_nans", "debug_infs",
           "special_checks", "SPECIAL_CHECKS", "OP_NAME", "State", "StateContextManager", "STATES", "TRACE_FLAGS", "trace_key",
           "UserContext", "make_user_context", "transfer_guard", "checking_leaks",
           "allow_f16_reductions", "array_garbage_collection_guard", "check_tracer_leaks", "debug_key_reuse",
           "default_device", "default_matmul_precision", "default_prng_impl", "enable_checks", "enable_custom_prng",
           "explain_cache_misses", "log_compiles", "numpy_dtype_promotion", "numpy_rank_promotion",
           "threefry_partitionable", "transfer_guard_host_to_device", "transfer_guard_device_to_host",
           "transfer_guard_device_to_device", "legacy_prng_key", "no_execution", "no_tracing", "thread_guard",
           "softmax_custom_jvp"]

_TRUE: Final = frozenset({"1", "true", "yes", "on", "y", "t"})
_FALSE: Final = frozenset({"0", "false", "no", "off", "n", "f", ""})

_X64_NAMES: Final = frozenset({"x64", "enable_x64", "jax_enable_x64"})
_PROMOTION_NAMES: Final = frozenset({"promotion", "dtype_promotion", "jax_numpy_dtype_promotion"})


def _parse_bool(value: str, what: str) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ValueError(f"{what}={value!r} is not a boolean; use 1/0, true/false, yes/no or on/off")


def _check_mode(value: object, what: str) -> lattice.Mode:
    for mode in lattice.MODES:
        if value == mode:
            return mode
    raise ValueError(f"{what} must be 'standard' or 'strict', got {value!r}")


def _check_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, got {value!r}")
    return value


_LATTICES: Final[dict[tuple[lattice.Mode, bool], lattice.LatticeConfig]] = {
    (c.mode, c.x64): c for c in lattice.ALL_CONFIGS
}

class _State:
    """What hot paths read instead of the context variables while no context manager is active in any thread."""

    __slots__ = ("active", "index", "lattice")

    def __init__(self) -> None:
        self.lattice = lattice.LatticeConfig()
        self.index = lattice.ALL_CONFIGS.index(self.lattice)
        """Position of ``lattice`` in ``lattice.ALL_CONFIGS``: hot paths keep one memo per lattice in a list."""
        self.active = 0
        """Number of context-manager blocks open in any thread; guarded by ``_lock``."""


STATE: Final = _State()
_lock: Final = threading.Lock()


def _publish() -> None:
    """Tell the C fast path (when built) what the hot-path state is."""
    if _speedups is not None:
        _speedups.set_state(STATE.index, STATE.active > 0, STATE.lattice)


_speedups: ModuleType | None
try:
    from arraytyping._src import _speedups
except ImportError:  # pragma: no cover - the extension is optional; pure Python gives the same answers
    _speedups = None

_x64_override: contextvars.ContextVar[bool | None] = contextvars.ContextVar("arraytyping_x64", default=None)
_mode_override: contextvars.ContextVar[lattice.Mode | None] = contextvars.ContextVar(
    "arraytyping_promotion", default=None)


class Config:
    """``arraytyping.config``: read ``config.x64`` / ``config.promotion``; set with ``config.update(name, value)``.
    JAX's option names work too: ``config.update("jax_enable_x64", True)``, ``config.jax_enable_x64``; those
    arraytyping does not act on are stored (see :mod:`.options`)."""

    def __init__(self) -> None:
        self._options: dict[str, object] = dict(options.DEFAULTS)
        self._x64: bool = _parse_bool(os.environ.get("ARRAYTYPING_ENABLE_X64", "0"), "ARRAYTYPING_ENABLE_X64")
        self._mode: lattice.Mode = _check_mode(os.environ.get("ARRAYTYPING_DTYPE_PROMOTION", "standard").strip().lower(),
                                 "ARRAYTYPING_DTYPE_PROMOTION")
        self._lattice = _LATTICES[self._mode, self._x64]
        STATE.lattice = self._lattice
        STATE.index = lattice.ALL_CONFIGS.index(self._lattice)
        _publish()

    @property
    def x64(self) -> bool:
        """Whether 64-bit dtypes are enabled (in this context)."""
        o = _x64_override.get()
        return self._x64 if o is None else o

    @property
    def promotion(self) -> lattice.Mode:
        """The dtype promotion mode, ``"standard"`` or ``"strict"`` (in this context)."""
        o = _mode_override.get()
        return self._mode if o is None else o

    @property
    def jax_enable_x64(self) -> bool:
        """Whether 64-bit dtypes are enabled (in this context): JAX's name for :attr:`x64`."""
        return self.x64

    @property
    def jax_numpy_dtype_promotion(self) -> lattice.Mode:
        """The dtype promotion mode (in this context): JAX's name for :attr:`promotion`."""
        return self.promotion

    def __getattr__(self, name: str) -> Any:
        """The value of JAX's option ``name`` (``config.jax_debug_nans``...)."""
        opts: dict[str, object] = self.__dict__.get("_options", {})
        state = STATES.get(name)
        if state is not None:
            return state.value  # a block's value where one is open, as JAX reads it
        if name in opts:
            return opts[name]
        raise AttributeError(f"'Config' object has no attribute {name!r}")

    @property
    def lattice_config(self) -> lattice.LatticeConfig:
        """The lattice the current settings select."""
        return current()

    def update(self, name: str, value: object) -> None:
        """Set a global default: ``update("x64", True)`` or ``update("promotion", "strict")``, or any of JAX's
        options by its name (``update("jax_enable_x64", True)``); an unknown name is JAX's ``AttributeError``."""
        if name == "jax_enable_x64":
            self._x64 = bool(value)  # JAX keeps the value's truth
        elif name in _X64_NAMES:
            self._x64 = _check_bool(value, name)
        elif name in _PROMOTION_NAMES:
            self._mode = _check_mode(value, name)
        else:
            self._options[name] = options.check(name, value)
            if name in _SPECIAL_NAMES:
                _refresh_special()
            if name in _TRACE_NAMES:
                _refresh_trace_flags()
            return
        self._lattice = _LATTICES[self._mode, self._x64]
        STATE.lattice = self._lattice
        STATE.index = lattice.ALL_CONFIGS.index(self._lattice)
        _publish()

    def __repr__(self) -> str:
        return f"Config(x64={self.x64}, promotion={self.promotion!r})"


config: Final = Config()


def current() -> lattice.LatticeConfig:
    """The lattice configuration in force here and now (hot path: two context-variable reads)."""
    mode = _mode_override.get()
    x64 = _x64_override.get()
    if mode is None and x64 is None:
        return config._lattice  # pyright: ignore[reportPrivateUsage]
    return _LATTICES[config._mode if mode is None else mode,  # pyright: ignore[reportPrivateUsage]
                     config._x64 if x64 is None else x64]  # pyright: ignore[reportPrivateUsage]


def _enter() -> None:
    with _lock:
        STATE.active += 1
        _publish()


def _exit() -> None:
    with _lock:
        STATE.active -= 1
        _publish()


@contextlib.contextmanager
def enable_x64(flag: bool = True) -> Generator[None]:
    """Within the block, 64-bit types are enabled (``flag=True``) or disabled; local to the thread/context."""
    token = _x64_override.set(_check_bool(flag, "enable_x64(flag)"))
    _enter()
    try:
        yield
    finally:
        _x64_override.reset(token)
        _exit()


@contextlib.contextmanager
def dtype_promotion(mode: lattice.Mode) -> Generator[None]:
    """Within the block, use ``"standard"`` or ``"strict"`` promotion; local to the thread/context."""
    token = _mode_override.set(_check_mode(mode, "dtype_promotion(mode)"))
    _enter()
    try:
        yield
    finally:
        _mode_override.reset(token)
        _exit()


# ---------------------------------------------------------------------------------------------------------------
# The NaN and Inf checks (``jax_debug_nans``, ``jax_debug_infs``)

_SPECIAL_NAMES: Final = ("jax_debug_nans", "jax_debug_infs")
_special_override: contextvars.ContextVar[tuple[bool | None, bool | None]] = contextvars.ContextVar(
    "arraytyping_debug_special", default=(None, None))


class _SpecialChecks:
    """Whether the NaN/Inf checks may be on anywhere (the global options, or a ``debug_nans``/``debug_infs`` block
    open in some context): what the eager paths read before looking closer; and the hooks told when they turn on
    (the runtime's inline caches, which skip the checks, are dropped)."""

    __slots__ = ("on", "blocks", "hooks")

    def __init__(self) -> None:
        self.on = False
        self.blocks = 0
        self.hooks: list[Any] = []


SPECIAL_CHECKS: Final = _SpecialChecks()


def _refresh_special() -> None:
    was = SPECIAL_CHECKS.on
    SPECIAL_CHECKS.on = bool(SPECIAL_CHECKS.blocks or config.jax_debug_nans or config.jax_debug_infs)
    if SPECIAL_CHECKS.on and not was:
        for hook in SPECIAL_CHECKS.hooks:
            hook()


def special_checks() -> tuple[bool, bool]:
    """Whether NaNs and whether Infs are checked here and now (JAX's ``jax_debug_nans``/``jax_debug_infs``)."""
    nans, infs = _special_override.get()
    return (bool(config.jax_debug_nans) if nans is None else nans,
            bool(config.jax_debug_infs) if infs is None else infs)


@contextlib.contextmanager
def _special_block(nans: bool | None, infs: bool | None) -> Generator[None]:
    old_nans, old_infs = _special_override.get()
    token = _special_override.set((old_nans if nans is None else nans, old_infs if infs is None else infs))
    with _lock:
        SPECIAL_CHECKS.blocks += 1
    _refresh_special()
    try:
        yield
    finally:
        _special_override.reset(token)
        with _lock:
            SPECIAL_CHECKS.blocks -= 1
        _refresh_special()


def debug_nans(flag: bool = True) -> contextlib.AbstractContextManager[None]:
    """Within the block, check every computation run outside traced code for NaNs (``flag=True``) or not, as
    ``config.update("jax_debug_nans", flag)`` does globally: a ``jit`` function whose output holds a NaN is run again
    de-optimized (its body op by op), and the operation that made the NaN raises ``FloatingPointError``.

    Args:
      flag: whether NaNs are checked within the block.

    Example::

        >>> with arraytyping.debug_nans(True):
        ...     arraytyping.numpy.log(-1.0)
        Traceback (most recent call last):
        FloatingPointError: invalid value (nan) encountered in log
    """
    return _special_block(bool(flag), None)


def debug_infs(flag: bool = True) -> contextlib.AbstractContextManager[None]:
    """Within the block, check every computation run outside traced code for infinities, as :func:`debug_nans`
    checks for NaNs (``config.update("jax_debug_infs", flag)`` globally).

    Args:
      flag: whether infinities are checked within the block.

    Example::

        >>> with arraytyping.debug_infs(True):
        ...     arraytyping.numpy.log(0.0)
        Traceback (most recent call last):
        FloatingPointError: invalid value (inf) encountered in log
    """
    return _special_block(None, bool(flag))


# ---------------------------------------------------------------------------------------------------------------
# JAX's options as context managers (``jax.numpy_rank_promotion("raise")``...)

_V = TypeVar("_V")
_F = TypeVar("_F", bound=Callable[..., Any])
_UNSET: Final[Any] = object()
_NO_DEFAULT: Final[Any] = object()

STATES: Final[dict[str, State[Any]]] = {}
"""Each option that is also a context manager, by its name (``jax_numpy_rank_promotion``)."""


class _TraceFlags:
    """Whether an option that changes what a traced function does (rank promotion, float16 reductions, the ban on
    execution) may be off its default anywhere (set globally, or a block of it open in some context). While it may,
    the runtime's caches key what they trace on those options' values (:func:`trace_key`) and its inline caches,
    which read no option, stand aside (the hooks drop them when this turns on)."""

    __slots__ = ("on", "blocks", "hooks")

    def __init__(self) -> None:
        self.on = False
        self.blocks = 0
        self.hooks: list[Callable[[], None]] = []


TRACE_FLAGS: Final = _TraceFlags()
_USER_CONTEXTS: Final[list[UserContext[Any]]] = []
_TRACE_NAMES: Final = ("jax_numpy_rank_promotion", "jax_allow_f16_reductions", "jax_no_execution",
                        "jax_softmax_custom_jvp")


def _refresh_trace_flags() -> None:
    was = TRACE_FLAGS.on
    TRACE_FLAGS.on = bool(TRACE_FLAGS.blocks) or any(
        config._options[n] != options.DEFAULTS[n] for n in _TRACE_NAMES)  # pyright: ignore[reportPrivateUsage]
    if TRACE_FLAGS.on and not was:
        for hook in TRACE_FLAGS.hooks:
            hook()


OP_NAME: Final[contextvars.ContextVar[str]] = contextvars.ContextVar("arraytyping_op_name", default="")
"""The name of the library function being traced, while :data:`TRACE_FLAGS` is on (for rank promotion's
messages, which name it as JAX's do)."""


def trace_key(x64: bool) -> object:
    """What a cache of traced functions keys on besides the lattice: ``x64``, and while :data:`TRACE_FLAGS` is on,
    the values of the options that change what tracing makes and of every user context
    (:func:`make_user_context`)."""
    if not TRACE_FLAGS.on:
        return x64
    return (x64, *(STATES[n].value for n in _TRACE_NAMES), *(c.value for c in _USER_CONTEXTS))


class State(Generic[_V]):
    """One of JAX's configuration options as a context manager, as ``jax.numpy_rank_promotion`` is one: its
    ``value`` is the option's value here and now; ``with option(new_value):`` sets it within the block (local to
    the thread and context), ``@option(new_value)`` on a function for each of its calls, and
    ``config.update("jax_<name>", new_value)`` its global default.

    Example::

        >>> import arraytyping as at
        >>> with at.numpy_rank_promotion("raise"):
        ...     at.numpy_rank_promotion.value
        'raise'
    """

    def __init__(self, name: str, help: str, *, default_value: object = _NO_DEFAULT,
                 read: Callable[[], _V] | None = None,
                 block: Callable[[Any], contextlib.AbstractContextManager[None]] | None = None) -> None:
        self.name = name
        self.__name__ = name.removeprefix("jax_")
        self.__doc__ = f"Context manager for `{name}` config option.\n\n{help}"
        self._default_value = default_value
        self._read = read
        self._block = block
        self._var: contextvars.ContextVar[Any] = contextvars.ContextVar(f"arraytyping_{name}", default=_UNSET)
        STATES[name] = self

    @property
    def value(self) -> _V:
        """The option's value here and now: the innermost block's, else the global default."""
        if self._read is not None:
            return self._read()
        v = self._var.get()
        if v is _UNSET:
            return cast(_V, config._options[self.name])  # pyright: ignore[reportPrivateUsage]
        return cast(_V, v)

    def __bool__(self) -> NoReturn:
        raise TypeError(f"bool() not supported for instances of type '{type(self).__name__}' "
                        f"(did you mean to use '{type(self).__name__}.value' instead?)")

    def __call__(self, new_val: Any = _NO_DEFAULT) -> StateContextManager[_V]:
        """A context manager (and decorator) setting the option to ``new_val`` within its block."""
        if new_val is _NO_DEFAULT:
            if self._default_value is _NO_DEFAULT:
                raise TypeError(f"Context manager for {self.__name__} config option requires an argument "
                                "representing the new value for the config option.")
            new_val = cast(_V, self._default_value)
        if self._block is None:
            new_val = cast(_V, options.check(self.name, new_val))
        return StateContextManager(self, new_val)

    def __repr__(self) -> str:
        return f"<State {self.name}={self.value!r}>"


class StateContextManager(Generic[_V]):
    """``with option(value):`` (see :class:`State`); also a decorator, setting the option for each call."""

    def __init__(self, state: State[_V], new_val: _V) -> None:
        self.state = state
        self.new_val = new_val
        self._tokens: list[Any] = []

    def __enter__(self) -> None:
        st = self.state
        if st._block is not None:  # pyright: ignore[reportPrivateUsage]
            cm = st._block(self.new_val)  # pyright: ignore[reportPrivateUsage]
            cm.__enter__()
            self._tokens.append(cm)
            return
        self._tokens.append(st._var.set(self.new_val))  # pyright: ignore[reportPrivateUsage]
        if st.name in _TRACE_NAMES:
            with _lock:
                TRACE_FLAGS.blocks += 1
            _refresh_trace_flags()

    def __exit__(self, *exc: object) -> None:
        st = self.state
        token = self._tokens.pop()
        if st._block is not None:  # pyright: ignore[reportPrivateUsage]
            token.__exit__(*exc)
            return
        st._var.reset(token)  # pyright: ignore[reportPrivateUsage]
        if st.name in _TRACE_NAMES:
            with _lock:
                TRACE_FLAGS.blocks -= 1
            _refresh_trace_flags()

    def __call__(self, func: _F) -> _F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with StateContextManager(self.state, self.new_val):
                return func(*args, **kwargs)
        return cast(_F, wrapper)


def _state(name: str, help: str, **kw: Any) -> State[Any]:
    if isinstance(options.DEFAULTS.get(name), bool):
        kw.setdefault("default_value", True)  # ``with enable_checks():`` turns a boolean option on, as in JAX
    return State(name, help, **kw)


allow_f16_reductions: Final[State[bool]] = _state(
    "jax_allow_f16_reductions", "If False, `reduce_sum` on `f16` or `bf16` inputs will raise an error. "
    "Defaults to True.")
array_garbage_collection_guard: Final[State[str | None]] = _state(
    "jax_array_garbage_collection_guard", "Select garbage collection guard level for ``jax.Array`` objects "
    "(``allow``, ``log`` or ``fatal``; arraytyping's arrays are freed by reference counting and it logs nothing).")
check_tracer_leaks: Final[State[bool]] = _state(
    "jax_check_tracer_leaks", "Turn on checking for leaked tracers as soon as a trace completes (accepted, not "
    "enforced by arraytyping: setting it warns).")
debug_key_reuse: Final[State[bool]] = _state(
    "jax_debug_key_reuse", "Turn on experimental key reuse checking (accepted, not enforced by arraytyping: setting "
    "it warns).")
default_device: Final[State[Any]] = _state(
    "jax_default_device", "Configure the default device for JAX operations (arraytyping runs on one device).")
default_matmul_precision: Final[State[str | None]] = _state(
    "jax_default_matmul_precision", "Control the default matmul and conv precision for 32bit inputs.")
default_prng_impl: Final[State[str]] = _state(
    "jax_default_prng_impl", "Select the default PRNG implementation (arraytyping has threefry2x32 only).")
enable_checks: Final[State[bool]] = _state(
    "jax_enable_checks", "Turn on invariant checking for JAX internals.")
enable_custom_prng: Final[State[bool]] = _state(
    "jax_enable_custom_prng", "Enables an internal upgrade that allows one to define custom pseudo-random number "
    "generator implementations.")
explain_cache_misses: Final[State[bool]] = _state(
    "jax_explain_cache_misses", "Each time there is a miss on one of the main caches, explain the cause of the "
    "miss.")
log_compiles: Final[State[bool]] = _state(
    "jax_log_compiles", "Log a message each time `jit` or `pmap` compiles an XLA computation.")
monitoring.set_compile_log_level(lambda: logging.WARNING if log_compiles.value else logging.DEBUG)
numpy_rank_promotion: Final[State[str]] = _state(
    "jax_numpy_rank_promotion", 'Control NumPy-style automatic rank promotion broadcasting ("allow", "warn", or '
    '"raise").')
threefry_partitionable: Final[State[bool]] = _state(
    "jax_threefry_partitionable", "Enables internal threefry PRNG implementation changes that render it "
    "automatically partitionable in some cases (arraytyping implements the partitionable form only).")
transfer_guard_host_to_device: Final[State[str | None]] = _state(
    "jax_transfer_guard_host_to_device", "Select the transfer guard level for host-to-device transfers (accepted, "
    "not enforced by arraytyping: setting it other than 'allow' warns).")
transfer_guard_device_to_host: Final[State[str | None]] = _state(
    "jax_transfer_guard_device_to_host", "Select the transfer guard level for device-to-host transfers (accepted, "
    "not enforced by arraytyping: setting it other than 'allow' warns).")
transfer_guard_device_to_device: Final[State[str | None]] = _state(
    "jax_transfer_guard_device_to_device", "Select the transfer guard level for device-to-device transfers "
    "(accepted, not enforced by arraytyping: setting it other than 'allow' warns).")
_transfer_guard_all: Final[State[str | None]] = _state(
    "jax_transfer_guard", "Select the transfer guard level for all transfers.")
legacy_prng_key: Final[State[str]] = _state(
    "jax_legacy_prng_key", "Specify the behavior when raw PRNG keys are passed to jax.random APIs.")
no_execution: Final[State[bool]] = _state("jax_no_execution", "Disallow JAX executions.")
no_tracing: Final[State[bool]] = _state("jax_no_tracing", "Disallow tracing for JIT compilation.")
thread_guard: Final[State[bool]] = _state(
    "jax_thread_guard", "If True, an error will be raised at runtime if a multi-process JAX operation is called "
    "from a thread other than the one in which the thread guard was set (arraytyping runs one process).")
softmax_custom_jvp: Final[State[bool]] = _state(
    "jax_softmax_custom_jvp", "Use a new custom_jvp rule for jax.nn.softmax.")
numpy_dtype_promotion: Final[State[str]] = _state(
    "jax_numpy_dtype_promotion", 'Specify the rules used for implicit type promotion in operations between arrays. '
    'Options are "standard" or "strict"; in strict-mode, binary operations between arrays of differing strongly-'
    'specified dtypes will result in an error.', read=lambda: config.promotion,
    block=dtype_promotion)


@contextlib.contextmanager
def transfer_guard(new_val: str) -> Generator[None]:
    """A context manager setting the transfer guard level for all transfers (host to device, device to device,
    device to host) within its block: ``"allow"``, ``"log"``, ``"disallow"``, ``"log_explicit"`` or
    ``"disallow_explicit"`` (accepted, not enforced by arraytyping: a level other than ``"allow"`` warns).

    Args:
      new_val: the transfer guard level within the block.

    Example::

        >>> import arraytyping as at
        >>> with at.transfer_guard("allow"):
        ...     at.transfer_guard_host_to_device.value
        'allow'
    """
    with contextlib.ExitStack() as stack:
        stack.enter_context(transfer_guard_host_to_device(new_val))
        stack.enter_context(transfer_guard_device_to_device(new_val))
        stack.enter_context(transfer_guard_device_to_host(new_val))
        stack.enter_context(_transfer_guard_all(new_val))
        yield


@contextlib.contextmanager
def checking_leaks() -> Generator[None]:
    """A context manager turning ``jax_check_tracer_leaks`` on within its block (as ``check_tracer_leaks(True)``;
    accepted, not enforced by arraytyping: it warns).

    Example::

        >>> import arraytyping as at
        >>> import warnings
        >>> with warnings.catch_warnings(), at.checking_leaks():
        ...     warnings.simplefilter("ignore")
        ...     at.check_tracer_leaks.value
        True
    """
    with check_tracer_leaks(True):
        yield


class UserContext(Generic[_V]):
    """A context that ``jit``'s caches key on, made by :func:`make_user_context`: within ``with ctx(value):``, a
    jitted function traces and compiles again for each value."""

    def __init__(self, default_value: _V) -> None:
        self._default = default_value
        self._var: contextvars.ContextVar[Any] = contextvars.ContextVar("arraytyping_user_context",
                                                                        default=_UNSET)
        _USER_CONTEXTS.append(self)

    @property
    def value(self) -> _V:
        """The context's value here and now."""
        v = self._var.get()
        return self._default if v is _UNSET else cast(_V, v)

    @contextlib.contextmanager
    def __call__(self, new_val: _V) -> Generator[None]:
        """Within the block, the context's value is ``new_val``."""
        token = self._var.set(new_val)
        with _lock:
            TRACE_FLAGS.blocks += 1
        _refresh_trace_flags()
        try:
            yield
        finally:
            self._var.reset(token)
            with _lock:
                TRACE_FLAGS.blocks -= 1
            _refresh_trace_flags()


def make_user_context(default_value: _V = None) -> UserContext[_V]:  # type: ignore[assignment]
    """A context that ``jit``'s caches are sensitive to: when its value changes, a jitted function is traced,
    lowered and compiled again.

    Args:
      default_value: the context's value outside any block.

    Example::

        >>> import arraytyping as at
        >>> ctx = at.make_user_context(default_value=None)
        >>> with ctx(1):
        ...     ctx.value
        1
    """
    return UserContext(default_value)
