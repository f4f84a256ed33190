"""The JVP and transpose rules of ``ffi_call`` (:mod:`arraytyping._src.lax.ffi`), as JAX 0.10.2's: a foreign
function has no derivative (JAX's ``ValueError``; ``custom_jvp`` or ``custom_vjp`` gives it one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.lax.ffi import ffi_call_p

__all__: list[str] = []


def _refuse(target_name: str) -> NoReturn:
    raise ValueError(f"The FFI call to `{target_name}` cannot be differentiated. You can use `jax.custom_jvp` or "
                     "`jax.custom_jvp` to add support.")


def _ffi_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, target_name: str, **params: Any
             ) -> tuple[list[Any], list[Any]]:
    _refuse(target_name)


def _ffi_transpose(ct: Any, *operands: Any, target_name: str, **params: Any) -> list[Any]:
    _refuse(target_name)


ad.jvp_rules[ffi_call_p] = _ffi_jvp
ad.transpose_rules[ffi_call_p] = _ffi_transpose
