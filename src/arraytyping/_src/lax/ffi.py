"""The ``ffi_call`` primitive: a call of a foreign function registered with XLA (JAX 0.10.2's ``jax.ffi``), lowered
to a StableHLO ``custom_call`` as JAX's ``ffi_lowering`` emits it: the typed FFI (``api_version`` 4) with the call's
keyword arguments as the handler's attributes (``mhlo.backend_config``), layouts given minor-to-major, aliases of
operands to results.

The lowering rules users build with :func:`ffi_lowering` and :func:`build_ffi_lowering_function` have this runtime's
rule signature (``rule(ctx, *operands, **params)``, the context holding ``avals_in``/``avals_out``); ``ffi_call``'s
own rule is one of them. Its JVP and batching rules are the interpreters' (``interpreters/autodiff/ffi.py``,
``interpreters/batching/ffi.py``); the functions users call are ``api/ffi.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, TypeAlias, cast

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.dtypes import registry
from arraytyping._src.lax.linalg import register_lapack_kernels
from arraytyping._src.xla import lowering

__all__ = ["Frozen", "LayoutOptions", "build_ffi_lowering_function", "ffi_call_p", "ffi_lowering", "ir_attribute",
           "layout_for_lowering"]

LayoutOptions: TypeAlias = "Sequence[int] | None"
"""A layout as ``ffi_call`` takes it: ``None`` (row-major) or the dimensions in an order (major-to-minor for
``ffi_call``, minor-to-major for the lowering functions)."""

_PY_SCALARS: Final[Mapping[type, str]] = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def _declared_results(*args: ShapedArray, result_avals: tuple[ShapedArray, ...], **params: Any) -> list[ShapedArray]:
    return list(result_avals)


ffi_call_p: Final[Primitive] = Primitive("ffi_call", _declared_results, multiple_results=True)
"""``jax.ffi.ffi_call``: parameters ``result_avals``, ``vmap_method``, ``target_name``, ``has_side_effect`` (an
equation with it true is never removed as unused), ``input_layouts``/``output_layouts`` (minor-to-major),
``input_output_aliases``, ``custom_call_api_version``, ``legacy_backend_config`` and ``attributes`` (the
handler's named attributes, as sorted ``(name, value)`` pairs)."""


def layout_for_lowering(aval: ShapedArray, layout: LayoutOptions = None) -> tuple[int, ...]:
    """A layout in the minor-to-major order of the custom call: row-major for ``None``."""
    if layout is None:
        return tuple(range(aval.ndim - 1, -1, -1))
    return tuple(int(d) for d in layout)


def _element_type(m: Any, dtype: np.dtype[Any]) -> Any:
    return m.elt[registry.INFO[str(dtype)].name]() if str(dtype) in registry.INFO else m.elt[str(dtype)]()


def ir_attribute(value: Any) -> Any:
    """A Python value as an MLIR attribute, as JAX's ``mlir.ir_attribute``: a numpy scalar or a Python scalar
    (``int`` as int64, ``float`` as float64) a typed scalar, a numpy array a dense array, ``str``/``bytes`` a
    string, a dtype a type, a dict or a sequence of such values a dictionary or an array attribute. Call it while
    lowering (the MLIR context is active)."""
    m = lowering.mlir()
    ir = m.ir
    v: Any = value  # (``value`` is the one narrowed by the checks below; ``v`` stays ``Any``)
    if isinstance(value, ir.Attribute):
        return v
    if isinstance(value, (str, bytes)):
        return ir.StringAttr.get(v)
    if isinstance(value, dict):
        items: dict[Any, Any] = v
        return ir.DictAttr.get({str(k): ir_attribute(x) for k, x in items.items()})
    if isinstance(value, (list, tuple)):
        seq: list[Any] = list(v)
        return ir.ArrayAttr.get([ir_attribute(x) for x in seq])
    if isinstance(value, np.dtype):
        dtype: np.dtype[Any] = v
        return ir.TypeAttr.get(_element_type(m, dtype))
    if type(value) in _PY_SCALARS:
        v = np.array(v, dtype=_PY_SCALARS[type(value)])
    if isinstance(v, (np.ndarray, np.generic)):
        array: np.ndarray[Any, Any] = np.asarray(cast("np.ndarray[Any, Any]", v))
        if array.size > 0 and 0 in array.strides:
            raise ValueError("NumPy arrays with zero strides are not supported as MLIR attributes")
        elt = _element_type(m, array.dtype)
        if array.ndim == 0:
            if array.dtype.kind in "biu":
                return ir.IntegerAttr.get(elt, int(array))
            if array.dtype.kind == "f":
                return ir.FloatAttr.get(elt, float(array))
            raise TypeError(f"Unsupported scalar attribute type: {type(value)}")
        return ir.DenseElementsAttr.get(np.ascontiguousarray(array), type=elt, shape=list(array.shape))
    raise TypeError(f"No attribute handler defined for type: {type(value)}")


def build_ffi_lowering_function(call_target_name: str, *, operand_layouts: Sequence[LayoutOptions] | None = None,
                                result_layouts: Sequence[LayoutOptions] | None = None,
                                backend_config: Mapping[str, Any] | str | None = None,
                                skip_ffi_layout_processing: bool = False, api_version: int = 4,
                                has_side_effect: bool = False,
                                operand_output_aliases: Mapping[int, int] | None = None) -> Callable[..., Any]:
    """A function that emits the ``custom_call`` of the FFI target ``call_target_name`` and returns the operation
    (JAX's ``jax.ffi.build_ffi_lowering_function``): called as ``f(ctx, *operands, **attributes)``, it takes the
    result types from ``ctx.avals_out`` and row-major layouts unless ``operand_layouts``/``result_layouts``
    (minor-to-major) are given; with ``api_version`` 4 (the typed FFI) the keyword arguments become the handler's
    attributes, added to ``backend_config`` (a dict); an older ``api_version`` takes a string ``backend_config`` and
    no attributes."""

    def lowering_op(ctx: lowering.LoweringContext, *operands: Any, **params: Any) -> Any:
        m = ctx.m
        ir, hlo = m.ir, ctx.hlo
        version = api_version
        config: dict[str, Any] | str | None
        if version >= 4:
            if backend_config is not None and not isinstance(backend_config, Mapping):
                raise ValueError("When api_version > 4, backend_config must be a dictionary.")
            config = {**dict(backend_config or {}), **{k: ir_attribute(v) for k, v in params.items()}}
        else:
            if params:
                raise ValueError("The use of ffi_call attributes requires a custom call API version of at least 4; "
                                 f"got api_version={version}.")
            config = backend_config if isinstance(backend_config, str) or backend_config is None else \
                dict(backend_config)
        results = [m.tensor(a) for a in ctx.avals_out]
        if isinstance(config, dict):
            config_attr, version = ir.StringAttr.get(""), 1  # as JAX's mlir.custom_call: a dict rides apart
        else:
            config_attr = ir.StringAttr.get("" if config is None else config)
        attributes: dict[str, Any] = {
            "call_target_name": ir.StringAttr.get(call_target_name),
            "has_side_effect": ir.BoolAttr.get(has_side_effect),
            "backend_config": config_attr,
            "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), version),
            "called_computations": ir.ArrayAttr.get([]),
        }
        if operand_output_aliases is not None:
            attributes["output_operand_aliases"] = ir.ArrayAttr.get([
                hlo.OutputOperandAlias.get(output_tuple_indices=[out] if len(results) > 1 else [],
                                           operand_index=inp, operand_tuple_indices=[])
                for inp, out in operand_output_aliases.items()])
        if not skip_ffi_layout_processing:
            ins = (operand_layouts if operand_layouts is not None else [None] * len(ctx.avals_in))
            outs = (result_layouts if result_layouts is not None else [None] * len(ctx.avals_out))

            def dense(layouts: Sequence[tuple[int, ...]]) -> Any:
                return ir.ArrayAttr.get([ir.DenseIntElementsAttr.get(np.atleast_1d(np.asarray(l, dtype=np.int64)),
                                                                     type=ir.IndexType.get()) for l in layouts])

            attributes["operand_layouts"] = dense([layout_for_lowering(a, l) for a, l in zip(ctx.avals_in, ins)])
            attributes["result_layouts"] = dense([layout_for_lowering(a, l) for a, l in zip(ctx.avals_out, outs)])
        op = hlo.CustomCallOp.build_generic(results=results, operands=list(operands), attributes=attributes)
        if isinstance(config, dict):
            op.operation.attributes["mhlo.backend_config"] = ir.DictAttr.get(config)
        return op

    return lowering_op


def ffi_lowering(call_target_name: str, *, operand_layouts: Sequence[LayoutOptions] | None = None,
                 result_layouts: Sequence[LayoutOptions] | None = None,
                 backend_config: Mapping[str, Any] | str | None = None, skip_ffi_layout_processing: bool = False,
                 api_version: int = 4, has_side_effect: bool = False,
                 operand_output_aliases: Mapping[int, int] | None = None) -> lowering.Rule:
    """A lowering rule for the FFI target ``call_target_name`` (JAX's ``jax.ffi.ffi_lowering``): as
    :func:`build_ffi_lowering_function`, returning the operation's results."""
    build = build_ffi_lowering_function(
        call_target_name, operand_layouts=operand_layouts, result_layouts=result_layouts,
        backend_config=backend_config, skip_ffi_layout_processing=skip_ffi_layout_processing,
        api_version=api_version, has_side_effect=has_side_effect, operand_output_aliases=operand_output_aliases)

    def rule(ctx: lowering.LoweringContext, *operands: Any, **params: Any) -> list[Any]:
        return list(build(ctx, *operands, **params).results)

    return rule


def _ffi_call_lowering(ctx: lowering.LoweringContext, *operands: Any, target_name: str, has_side_effect: bool,
                       input_layouts: tuple[tuple[int, ...], ...], output_layouts: tuple[tuple[int, ...], ...],
                       input_output_aliases: tuple[tuple[int, int], ...], custom_call_api_version: int,
                       legacy_backend_config: str | None, attributes: tuple[tuple[str, Any], ...],
                       **params: Any) -> list[Any]:
    register_lapack_kernels()  # jaxlib's CPU kernels, registered when JAX is imported: callable by name
    rule = ffi_lowering(target_name, has_side_effect=has_side_effect, operand_layouts=input_layouts,
                        result_layouts=output_layouts, operand_output_aliases=dict(input_output_aliases),
                        api_version=custom_call_api_version, backend_config=legacy_backend_config)
    return rule(ctx, *operands, **{k: (v.value if isinstance(v, Frozen) else v) for k, v in attributes})


class Frozen:
    """An attribute value that is not hashable (a numpy array, a dict) held hashably by value, as JAX's
    ``HashableArray``/``FrozenDict``: parameters of a jaxpr equation are hashed."""

    def __init__(self, value: Any) -> None:
        self.value: Any = value
        self._key: Hashable
        raw: Any = value
        if isinstance(value, np.ndarray):
            array: np.ndarray[Any, Any] = raw
            self._key = (str(array.dtype), array.tobytes(), array.shape)
        else:
            items: dict[Any, Any] = raw
            self._key = repr(sorted(items.items()))

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frozen) and self._key == other._key

    def __repr__(self) -> str:
        return repr(self.value)


lowering.RULES[ffi_call_p] = _ffi_call_lowering
