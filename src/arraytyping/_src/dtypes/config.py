"""Configuration: x64 and the promotion mode, global defaults plus thread/context-local overrides.

Defaults come from ``ARRAYTYPING_ENABLE_X64`` (a boolean: 1/0, true/false, yes/no, on/off) and
``ARRAYTYPING_DTYPE_PROMOTION`` (``standard`` or ``strict``); unset, x64 is off and promotion is standard, as in JAX.
"""

from __future__ import annotations

from types import ModuleType

import contextlib
import contextvars
import os
import threading
from collections.abc import Generator
from typing import Any, Final

from arraytyping import lattice
from arraytyping._src.dtypes import options

__all__ = ["Config", "config", "dtype_promotion", "enable_x64", "current", "debug_nans", "debug_infs",
           "special_checks", "SPECIAL_CHECKS"]

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
