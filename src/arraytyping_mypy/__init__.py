"""mypy plugin for arraytyping: exact result dtypes for any configuration, and its own error code.

Enable with one line of mypy configuration::

    [mypy]                                  # or [tool.mypy] in pyproject.toml
    plugins = arraytyping_mypy

Optional settings (defaults: the runtime's defaults)::

    [arraytyping-mypy]                      # or [tool.arraytyping-mypy] in pyproject.toml
    x64 = false                             # 64-bit types enabled
    promotion = standard                    # or strict: every implicit promotion between strong dtypes is an error
    shapes = true                           # false: dtypes only (every result shape unknown, no shape errors)

The plugin answers with ``arraytyping.op_rules`` itself (``op_rules.py`` and ``lattice.py`` are loaded from the
installed package's files, without importing the runtime), in the configured lattice, so its answers are JAX
0.10.2's: ``Array``'s operators, ``divmod`` and reductions (whose promotion overloads in the stubs it replaces by one
signature, so that mypy does no overload search), numpy values' operators and ``divmod`` with an ``Array`` on the
right (JAX's array wins at run time), ``arraytyping.numpy``'s binary (aliases included: ``pow``...) and one-operand
functions and ``where``, the reduction functions, ``astype`` and ``dtype=``
arguments, default dtypes, scalar constructors, ``promote_types``/``result_type``. Generic code keeps its type
variable where every instantiation gives itself back (``x * x``, ``x + 1e-5`` for ``x: Array[F]``, ``F`` bound to
``floating``), and gets the one class every instantiation gives, or ``Any`` where each instantiation may give itself
back (``x * abs(x)``: ``abs(x)`` reads as ``Array[floating]``), or the smallest abstract class holding them, or
``Any``; ``Any``, abstract dtypes and unions are never an error. What JAX refuses is reported as
``[dtype-promotion]`` with both dtypes and the fix (see ``_errors`` for silencing it with and without the plugin).

Shapes (``Array[float32, tuple[Literal[3], N]]``) follow ``arraytyping.shape_rules``: operators and binary functions
broadcast (``@``/``matmul``/``dot`` contract), one-operand functions and ``astype`` keep the shape, reductions apply
literal ``axis``/``keepdims``, ``zeros((3, 4))``-style creation and ``*_like`` give theirs, ``x.T``, ``transpose``,
``swapaxes``, ``reshape``, ``expand_dims``, ``squeeze`` and indexing with literals follow the rules; what
no sizes could make run is ``[shape-mismatch]``; anything else keeps a gradual shape.

Feature modules: ``_binary`` (operators, binary functions, ``where``), ``_single`` (one-operand functions,
reductions), ``_shapes`` (result shapes, laid over the other hooks), ``_dtypes`` (dtype arguments, defaults,
constructors, promotion functions), ``_random`` (the samplers' dtypes), ``_autodiff`` (``grad`` of Python-scalar
and numpy leaves), ``_custom_jvp`` (transformations of ``custom_jvp`` functions), ``_overloaded`` (transformations of
overloaded functions), ``_dtype_args`` (reading a dtype argument), ``_types`` (from mypy types to dtype sets),
``_rules`` (op_rules in the configured lattice), ``_operators`` (one signature per replaced method), ``_joins``
(fast joins of dtype classes), ``_config``, ``_errors``.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Final, final

from mypy.nodes import (
    ComplexExpr, Decorator, Expression, FuncBase, MemberExpr, NameExpr, RefExpr, StrExpr, TypeInfo,
)
from mypy.options import Options
from mypy.plugin import (
    AnalyzeTypeContext, AttributeContext, ClassDefContext, FunctionContext, FunctionSigContext, MethodContext, MethodSigContext, Plugin, ReportConfigContext,
)
from mypy.types import AnyType, CallableType, FunctionLike, NoneType, Type, TypeOfAny, get_proper_type

from arraytyping_mypy import (
    _autodiff, _binary, _custom_jvp, _dtypes, _each, _errors, _joins, _operators, _overloaded, _promoting, _random,
    _shapes, _single, _types,
)
from arraytyping_mypy._config import ConfigError, read_config
from arraytyping_mypy._errors import DTYPE_PROMOTION, DTYPE_PROMOTION_ARG, DTYPE_PROMOTION_CALL, DTYPE_PROMOTION_SELF
from arraytyping_mypy._rules import OR, SR, Rules, load_rules
from arraytyping_mypy._types import ARRAY

__all__ = ["DTYPE_PROMOTION", "DTYPE_PROMOTION_ARG", "DTYPE_PROMOTION_CALL", "DTYPE_PROMOTION_SELF", "ArraytypingPlugin",
           "load_lattice", "load_rules", "plugin"]

_NP: Final = "arraytyping.numpy."
_NN: Final = "arraytyping.nn."
_LAX: Final = "arraytyping.lax."
_RANDOM: Final = "arraytyping.random."
_FFT: Final = "arraytyping.numpy.fft."
_LINALG: Final = "arraytyping.numpy.linalg."
_NUMPY_ALIASES: Final = {"amax": "max", "amin": "min"}
"""``arraytyping.numpy``'s other names of functions the plugin answers (its stub assigns them, ``amax = max``, so
mypy asks for a hook by the alias's name; ``absolute`` and ``pow`` are answered under their own)."""
_OPERATOR_OF: Final[dict[str, tuple[str, bool]]] = {  # Array operator method -> (name, reflected)
    f"__{r}{n}__": (n, bool(r)) for n in _binary.OPERATORS for r in ("", "r") if not (r and n in _binary.COMPARISONS)
}
_DIVMOD: Final = {"__divmod__": "array", "__rdivmod__": "reflected"}
_OVERLOADED_REDUCTIONS: Final = (*_single.REDUCTIONS, *(m for m in _single.METHOD_REDUCTIONS
                                                         if m not in ("argmax", "argmin")))
"""The reduction methods whose stubs are self-typed overloads (``argmax``/``argmin`` have one signature)."""
_KEEPING_PARAMETERS: Final = (*_OVERLOADED_REDUCTIONS, "round", "clip", "dot")
"""The replaced methods whose one signature keeps their parameters' names (the hooks read them by name)."""
_REPLACED: Final = (*_OPERATOR_OF, *_DIVMOD, *_single.DUNDERS, *_KEEPING_PARAMETERS)
"""The ``Array`` methods whose stub overloads the plugin replaces by one signature (its hooks answer; the
reductions', ``round``'s, ``clip``'s and ``dot``'s overloads are self-typed, and took no union dtype,
``Array[int16 | float32].sum(axis=0)``, nor an unbounded type variable, ``x.ptp()`` of ``x: Array[T]``)."""
_DTYPE_METHODS: Final = ("astype", *_single.REDUCTIONS)
_PYTHON_SCALARS: Final = frozenset({"builtins.bool", "builtins.int", "builtins.float", "builtins.complex"})
_CONCRETE: Final = frozenset({"bool_", "uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64", "int1", "int2",
                              "int4", "int8", "int16", "int32", "int64", "float4_e2m1fn", "float6_e2m3fn",
                              "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e8m0fnu", "float8_e4m3b11fnuz",
                              "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "bfloat16",
                              "float16", "float32", "float64", "complex64", "complex128"})


def load_lattice() -> ModuleType:
    return load_rules()[0]


@final
class ArraytypingPlugin(Plugin):
    """Maps the full names of what it types to the feature modules' hooks."""

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        try:
            self.x64, self.mode, self.shapes = read_config(options.config_file)
        except ConfigError as e:  # a user's mistake: a message, as mypy's own configuration errors have
            print(f"{options.config_file}: error: {e}", file=sys.stderr)
            raise SystemExit(2) from None
        self.rules = Rules(self.x64, self.mode)
        self._inherited: dict[str, str | None] = {}
        self._sized: dict[str, bool] = {}

    def report_config_data(self, ctx: ReportConfigContext) -> dict[str, Any]:
        return {"x64": self.x64, "promotion": self.mode, "shapes": self.shapes, "sources": _sources_digest()}

    # -- types
    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        if fullname == _types.ANY_SHAPE:
            return _types.gradual_shape
        return None

    # -- classes
    def get_customize_class_mro_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        if _joins.SLOT_PROTOCOL.fullmatch(fullname):
            return _joins.invariant_slots
        return None

    def get_class_decorator_hook_2(self, fullname: str) -> Callable[[ClassDefContext], bool] | None:
        if fullname == _operators.DECORATOR:
            return lambda ctx: _operators.replace_operators(ctx, _REPLACED, _KEEPING_PARAMETERS)
        return None

    # -- methods
    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        cls, _, method = fullname.rpartition(".")
        if cls.startswith("numpy.") and method in _OPERATOR_OF and not _OPERATOR_OF[method][1]:
            return self._shaped_operator(_binary.left_operand_hook(self.rules, _OPERATOR_OF[method][0]),
                                         _OPERATOR_OF[method][0], False)
        if cls.startswith("numpy.") and method == "__divmod__":  # divmod(np_value, x)
            return _binary.divmod_hook(self.rules, "numpy")  # type: ignore[return-value]
        if cls in _PYTHON_SCALARS and method in ("__eq__", "__ne__"):
            # 3 == x: int.__eq__ takes any object (typeshed: -> bool), returns NotImplemented at run time, and
            # Array.__eq__ answers; other operators reach Array's reflected method by themselves
            return self._shaped_operator(_binary.left_operand_hook(self.rules, _OPERATOR_OF[method][0]),
                                         _OPERATOR_OF[method][0], False)
        owner = self._array_method(fullname)
        if owner is None:
            return self._sized_callee(fullname)
        if method in _DIVMOD:
            return _binary.divmod_hook(self.rules, _DIVMOD[method])  # type: ignore[return-value]
        if method in _OPERATOR_OF:
            name, reflected = _OPERATOR_OF[method]
            return self._shaped_operator(_binary.operator_hook(self.rules, name, reflected), name, reflected)
        if method in _single.DUNDERS:
            return self._shaped(_shapes.keeping, _single.unary_method_hook(self.rules, method), _self, method)
        if method == "astype":
            return self._shaped(_shapes.keeping, _dtypes.astype_hook(self.rules), _self, "astype")
        if method == "view":
            return _dtypes.view_hook(self.rules)
        if method in _single.REDUCTIONS:
            return self._shaped(_shapes.reducing, _single.reduction_hook(self.rules, method, method=True),
                                _self, f"Array.{method}")
        if method in _single.METHOD_REDUCTIONS:
            return _single.reduction_hook(self.rules, method, method=True)  # type: ignore[return-value]
        if method in ("argsort", "nonzero"):  # the configuration's default integer
            return _dtypes.default_int_hook(self.rules)  # type: ignore[return-value]
        if method == "round":
            return self._shaped(_shapes.keeping, _single.round_method_hook(self.rules), _self, "Array.round()")
        if method == "clip":
            clip = _promoting.clip_method_hook(self.rules)
            return self._shaped(_shapes.broadcasting, clip, _self_and_bounds, _errors.SHAPE_MISMATCH_ARG, "Array.clip()")
        if method == "choose":
            return _promoting.choose_hook(self.rules, method=True)
        if method == "diagonal":  # the stubs keep an Array[T]'s T, which a weak square matrix's strong diagonal is not
            return _single.diagonal_method_hook(self.rules)
        if method == "compress":  # mypy binds the stubs' Array[_S] self to an unbounded T: a weak T padded is strong
            return _single.compress_method_hook(self.rules)
        if method == "dot":
            dot = _binary.dot_method_hook(self.rules)
            return _shapes.matmul(dot, _self_and_first, _errors.SHAPE_MISMATCH_ARG, "Array.dot()", "dot") \
                if self.shapes else dot
        if not self.shapes:
            return None
        if method == "__getitem__":
            return _shapes.indexing
        if method == "reshape":
            return _shapes.reshaped_method
        if method == "transpose":
            return _shapes.transposed_method
        return None

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        attribute = fullname.rpartition(".")[2]
        if attribute in ("real", "imag") and self._array_method(fullname) is not None:
            return _single.part_hook(self.rules, attribute)
        if attribute in ("T", "shape") and self._array_method(fullname) is not None:
            if attribute == "T":
                return _shapes.transposed if self.shapes else _shapes.transposed_any_shape
            return _shapes.shape_attribute
        return None

    def get_method_signature_hook(self, fullname: str) -> Callable[[MethodSigContext], FunctionLike] | None:
        _, _, method = fullname.rpartition(".")
        if method in _DTYPE_METHODS and self._array_method(fullname) is not None:
            return _permissive if method in _single.REDUCTIONS else _permissive_if_bad_dtype_string
        if method == "choose" and self._array_method(fullname) is not None:
            return _permissive_array  # overloaded in the stubs: the hook's error must not fail an overload
        return None

    def _shaped(self, layer: Callable[..., Callable[[Any], Type]], dtype_hook: Any,
                *args: object) -> Callable[[Any], Type]:
        """``dtype_hook`` with the shape ``layer`` laid over it, or alone where shapes are off."""
        return layer(dtype_hook, *args) if self.shapes else dtype_hook

    def _shaped_operator(self, hook: Any, name: str,
                         reflected: bool) -> Callable[[MethodContext], Type]:
        """An operator's dtype hook with its shape: broadcasting, or matmul's rule for ``@``."""
        if not self.shapes:
            return hook  # type: ignore[no-any-return]

        def operands(ctx: MethodContext) -> list[Type | None]:
            other = ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None
            return [other, ctx.type] if reflected else [ctx.type, other]
        what = f"operator {_binary.SYMBOL[name]}"
        if name == "matmul":
            return _shapes.matmul(hook, operands, _errors.SHAPE_MISMATCH, what)
        return _shapes.broadcasting(hook, operands, _errors.SHAPE_MISMATCH, what)

    def _array_method(self, fullname: str) -> str | None:
        """``fullname`` if it is a method of ``Array``, also as inherited by a subclass (``mod.Params.__mul__``:
        mypy names a method after the class it is looked up on); looked up once per name."""
        if fullname.startswith(f"{ARRAY}."):
            return fullname
        if fullname not in self._inherited:
            cls, _, method = fullname.rpartition(".")
            sym = self.lookup_fully_qualified(cls) if cls else None
            owner = sym.node.get_containing_type_info(method) if sym is not None and isinstance(
                sym.node, TypeInfo) else None
            self._inherited[fullname] = fullname if owner is not None and owner.fullname == ARRAY else None
        return self._inherited[fullname]

    # -- functions
    def get_function_signature_hook(self, fullname: str) -> Callable[[FunctionSigContext], FunctionLike] | None:
        if fullname.startswith(_NN) and fullname[len(_NN):] in _single.NN:
            return _permissive
        if fullname == f"{_NN}one_hot":
            return _permissive_if_bad_dtype_string
        if fullname.startswith(_LAX) and fullname[len(_LAX):] in (*OR.LAX_UNARY_KINDS, "integer_pow",
                                                                   *OR.LAX_SAME_KINDS, "dot_general", "top_k",
                                                                   "reduce_window"):
            return _permissive
        if fullname.startswith(_LAX) and fullname[len(_LAX):] in OR.LAX_DTYPE_GIVEN:
            return _permissive_if_refused_lax_dtype
        if fullname.startswith(_FFT):
            fft = fullname[len(_FFT):]
            return (_permissive if fft in OR.FFT_FUNCTIONS and fft not in OR.FFT_RANK_DEPENDENT
                    else _permissive_if_bad_dtype_string if fft in ("fftfreq", "rfftfreq") else None)
        if fullname.startswith(_LINALG) and fullname[len(_LINALG):] in (*OR.LINALG_STATIC, *OR.LINALG_TUPLES,
                                                                          "solve"):
            return _permissive
        if fullname.startswith(_NP):
            fn = _NUMPY_ALIASES.get(fullname[len(_NP):], fullname[len(_NP):])
            if fn in _binary.FUNCTIONS or fn == "where" or _single.answers_unary(fn) or fn in _single.REDUCTIONS \
                    or fn in _single.FUNCTION_REDUCTIONS or fn in OR.CONTRACTION or fn in OR.PAIRS \
                    or fn in ("ediff1d", "bincount", "unravel_index", "ravel_multi_index"):
                # reductions too: the stubs' overloads would infer a nested call in the operand with each one's
                # parameter as context (anp.sum(anp.asarray(x)) summed an Array[bool_]), and take no union dtype
                return _permissive
            if fn in ("clip", "choose") or fn in _promoting.JOINING:
                # overloaded in the stubs: a hook's error while mypy tries an overload fails that overload (and mypy
                # then reports the call against the first one as well); an array whatever the operands, which the
                # shape hook gives its shape where the dtype hook cannot say more
                return _permissive_array
            if fn in OR.CREATION and (fn in _dtypes.DTYPE_FUNCTIONS or fn == "indices"):
                return _permissive_if_refused_creation_dtype(fn, self.rules)
            if fn == "argsort":
                return _permissive_if_refused_dtype(
                    lambda node: OR.shape_result("argsort", [("bool", False)], self.rules.cfg, node))
            if fn in _dtypes.DTYPE_FUNCTIONS:
                return _permissive_if_bad_dtype_string
        return None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        rules = self.rules
        if fullname.startswith(_NN) and fullname[len(_NN):] in _single.NN:
            hook_nn = _single.nn_function_hook(rules, fullname[len(_NN):])
            keeps = self.shapes and fullname[len(_NN):] not in _single.NN_REDUCING
            # the operand's shape, broadcast with any array argument's (elu's alpha, a where= mask)
            return (_shapes.broadcasting(hook_nn, _single.nn_shape_operands, _errors.SHAPE_MISMATCH_ARG, fullname)
                    if keeps else hook_nn)
        if fullname == f"{_NN}one_hot":
            return _dtypes.one_hot_hook(rules)
        if fullname.startswith(_RANDOM) and fullname[len(_RANDOM):] in _random.SAMPLERS:
            return _random.sampler_hook(rules, fullname[len(_RANDOM):])
        if fullname.startswith(_RANDOM) and fullname[len(_RANDOM):] in _random.ELEMENTS:
            return _random.elements_hook(rules, fullname[len(_RANDOM):])
        if fullname.startswith(_LAX) and fullname[len(_LAX):] in (*OR.LAX_UNARY_KINDS, "integer_pow"):
            lax_fn = fullname[len(_LAX):]
            hook_lax = (_single.integer_pow_hook(rules) if lax_fn == "integer_pow"
                        else _single.lax_function_hook(rules, lax_fn))
            if not self.shapes:
                return hook_lax
            if lax_fn in SR.LAX_GIVEN_SHAPE:
                return _shapes.creation(hook_lax, fullname, SR.LAX_GIVEN_SHAPE[lax_fn])
            return _shapes.keeping(hook_lax, _first, fullname)
        if fullname.startswith(_LAX) and fullname[len(_LAX):] in OR.LAX_SAME_KINDS:
            return _binary.lax_same_hook(rules, fullname[len(_LAX):])
        if fullname == f"{_LAX}dot_general":
            return _binary.lax_dot_general_hook(rules)
        if fullname == f"{_LAX}top_k":
            return _single.lax_top_k_hook(rules)
        if fullname == f"{_LAX}reduce_window":
            return _single.lax_reduce_window_hook(rules)
        if fullname.startswith(_LAX) and fullname[len(_LAX):] in OR.LAX_DTYPE_GIVEN:
            hook_dtype = _dtypes.lax_dtype_hook(rules, fullname[len(_LAX):])
            converts = self.shapes and fullname == f"{_LAX}convert_element_type"
            return _shapes.keeping(hook_dtype, _first, fullname) if converts else hook_dtype
        if fullname.startswith(_FFT):
            fft = fullname[len(_FFT):]
            if fft in OR.FFT_FUNCTIONS and fft not in OR.FFT_RANK_DEPENDENT:
                return self._shaped(_shapes.fft_transform, _single.fft_function_hook(rules, fft), fft)
            if fft == "rfftfreq":
                return _dtypes.rfftfreq_hook(rules)
            return _dtypes.dtype_function_hook(rules, "fft.fftfreq") if fft == "fftfreq" else None
        if fullname.startswith(_LINALG) and fullname[len(_LINALG):] in OR.LINALG_TUPLES:
            return _single.linalg_tuple_hook(rules, fullname[len(_LINALG):])
        if fullname == f"{_LINALG}solve":
            return _binary.linalg_solve_hook(rules)
        if fullname.startswith(_LINALG) and fullname[len(_LINALG):] in OR.LINALG_STATIC:
            linalg_fn = fullname[len(_LINALG):]
            hook_linalg = _single.linalg_function_hook(rules, linalg_fn)
            keeps = self.shapes and linalg_fn in _single.LINALG_KEEPING
            return _shapes.keeping(hook_linalg, _first, fullname) if keeps else hook_linalg
        if fullname.startswith(_NP):
            what = fullname
            fn = _NUMPY_ALIASES.get(fullname[len(_NP):], fullname[len(_NP):])
            named = _binary.FUNCTIONS.get(fn, OR.UNARY_ALIASES.get(fn, fn))  # the function an alias names
            family = SR.SHAPE_FAMILY.get(named) if self.shapes else None
            if fn in _binary.FUNCTIONS:
                hook: Callable[[FunctionContext], Type] = _binary.function_hook(rules, fn)  # type: ignore[assignment]
                if family in ("matmul", "dot"):
                    return _shapes.matmul(hook, _first_two, _errors.SHAPE_MISMATCH_ARG, what, family)
                if family == "broadcast":
                    return _shapes.broadcasting(hook, _first_two, _errors.SHAPE_MISMATCH_ARG, what)
                if family == "keep":  # isin: the element's shape
                    return _shapes.keeping(hook, _first, what)
                return hook
            if fn == "bincount":
                return _single.bincount_hook(rules)
            if fn in OR.WINDOWS:
                return self._shaped(_shapes.window, _dtypes.window_hook(rules, fn), what)
            if fn == "compress":  # the stubs' Array[Any] for a weak array padded, Array[T] for a T that may be weak
                return _single.compress_function_hook(rules)
            if fn == "unique" and rules.x64:  # the stubs' answer is x64 off's
                return _single.unique_hook(rules)
            if fn == "digitize" and family == "keep":  # the stubs' int32, of x's shape
                return _shapes.keeping(_shapes.stubs_answer, _first, what)
            if fn == "einsum":
                return _binary.einsum_hook(rules)
            if fn in OR.CONTRACTION:
                return _binary.product_hook(rules, fn)
            if fn == "where":
                return self._shaped(_shapes.broadcasting, _binary.where_hook(rules), _first_three,
                                    _errors.SHAPE_MISMATCH_ARG, what)
            if fn == "divmod":
                return _binary.numpy_divmod_hook(rules)
            if fn == "append":
                return _promoting.append_hook(rules)
            if fn == "ediff1d":
                return _single.ediff1d_hook(rules)
            if fn in OR.PAIRS:
                return _single.pair_hook(rules, fn)
            if fn == "ravel_multi_index":
                return self._shaped(_shapes.broadcasting, _promoting.ravel_multi_index_hook(rules),
                                    _index_arrays, _errors.SHAPE_MISMATCH_ARG, what)
            if fn == "unravel_index":
                return _single.unravel_index_hook(
                    rules, (lambda h: _shapes.keeping(h, _first, what)) if self.shapes else (lambda h: h))
            if _single.answers_unary(fn):
                hook = _single.unary_function_hook(rules, fn)
                return _shapes.keeping(hook, _first, what) if family == "keep" else hook
            if fn in _single.REDUCTIONS:
                return self._shaped(_shapes.reducing, _single.reduction_hook(rules, fn, method=False), _first, what)
            if fn in _single.FUNCTION_REDUCTIONS:
                reducing = _single.reduction_hook(rules, fn, method=False)
                if family == "reduce":
                    return self._shaped(_shapes.reducing, reducing, _first, what)
                if family == "quantile":
                    return self._shaped(_shapes.quantile, reducing, what)
                return reducing  # type: ignore[return-value]
            if fn in _promoting.JOINING:
                hook = _promoting.joining_hook(rules, fn)
                if family in ("concatenate", "stack", "vstack", "hstack", "dstack", "column_stack"):
                    return _shapes.joined(hook, _promoting.items, fn, what)
                return hook
            if fn == "clip":
                hook = _promoting.clip_hook(rules)
                if family == "broadcast":
                    return _shapes.broadcasting(hook, _given_three, _errors.SHAPE_MISMATCH_ARG, what)
                return hook
            if fn == "select":
                return _promoting.select_hook(rules)
            if fn == "choose":
                return _promoting.choose_hook(rules, method=False)
            if fn in _each.EACH:
                return _each.each_hook(rules, fn)
            if fn in _dtypes.DTYPE_FUNCTIONS:
                hook = _dtypes.dtype_function_hook(rules, fn)
                if family == "creation":
                    return _shapes.creation(hook, what)
                if family == "matrix":
                    return _shapes.matrix(hook, what)
                if family == "spaced":
                    return _shapes.spaced(hook, what)
                if family == "like":
                    return _shapes.like(hook, what)
                if fn == "astype":
                    return self._shaped(_shapes.keeping, hook, _first, what)
                return hook
            if fn in _CONCRETE:
                return _dtypes.constructor_hook(rules, fn)
            if fn == "diff":
                return _promoting.diff_hook(rules)
            if fn == "indices":
                return _dtypes.indices_hook(rules)
            if fn in OR.INDEX_ARRAYS and rules.x64:
                return _dtypes.default_int_hook(rules)  # the stubs' default integer is x64 off's
            if fn in ("argmax", "argmin", "nanargmax", "nanargmin", "count_nonzero", "nonzero", "argwhere",
                      "flatnonzero") and rules.x64 \
                    or fn == "argsort":
                return _dtypes.default_int_hook(rules)  # the default integer (int64 with x64)
            if fn in _single.SAME_DTYPE:
                same = _single.same_dtype_hook(rules, fn)
                return (_shapes.shape_function(fn, same) if self.shapes else None) or same
            return _shapes.shape_function(fn) if self.shapes else None
        if fullname == "builtins.abs":
            return self._shaped(_shapes.keeping, _single.abs_builtin_hook(rules), _first, "abs()")
        if fullname.startswith("arraytyping.") and fullname.count(".") == 1 and fullname[12:] in _CONCRETE:
            return _dtypes.constructor_hook(rules, fullname[12:])
        if fullname in ("arraytyping.promote_types", "arraytyping.numpy.promote_types",
                        "arraytyping.dtypes.promote_types"):
            return _dtypes.promote_types_hook(rules)
        if fullname in ("arraytyping.result_type", "arraytyping.numpy.result_type", "arraytyping.dtypes.result_type"):
            return _dtypes.result_type_hook(rules)
        transformation = _autodiff.gradient_hook(fullname) if fullname in _autodiff.HOOKED else None
        if fullname in _custom_jvp.HOOKED:
            transformation = _custom_jvp.transformation_hook(fullname, transformation)
        if fullname in _overloaded.HOOKED:
            transformation = _overloaded.transformation_hook(fullname, transformation)
        return transformation or self._sized_callee(fullname)

    def _sized_callee(self, fullname: str) -> Callable[[Any], Type] | None:
        """The hook that makes unsolved sizes gradual, for a function or method outside the package whose signature
        holds an ``Array`` shape of type variables (looked up once per name)."""
        if not self.shapes or fullname.startswith(("arraytyping.", "builtins.", "numpy.", "typing")):
            return None
        if fullname not in self._sized:
            sym = self.lookup_fully_qualified(fullname)
            node = sym.node if sym is not None else None
            self._sized[fullname] = isinstance(node, (FuncBase, Decorator)) and _shapes.declares_sizes(node.type) \
                if not isinstance(node, Decorator) else _shapes.declares_sizes(node.func.type)
        return _shapes.unsolved_sizes_gradual if self._sized[fullname] else None


def _self(ctx: MethodContext) -> Type:
    return ctx.type


def _self_and_first(ctx: MethodContext) -> list[Type | None]:
    return [ctx.type, ctx.arg_types[0][0] if ctx.arg_types and ctx.arg_types[0] else None]


def _self_and_bounds(ctx: MethodContext) -> list[Type | None]:
    """``x.clip(min, max)``'s array and the bounds given (not None)."""
    bounds = [ts[0] for ts in ctx.arg_types[:2] if ts]
    return [ctx.type, *(t for t in bounds if not isinstance(get_proper_type(t), NoneType))]


def _arg(ctx: FunctionContext, i: int) -> Type | None:
    return ctx.arg_types[i][0] if i < len(ctx.arg_types) and ctx.arg_types[i] else None


def _first(ctx: FunctionContext) -> Type | None:
    return _arg(ctx, 0)


def _first_two(ctx: FunctionContext) -> list[Type | None]:
    return [_arg(ctx, 0), _arg(ctx, 1)]


def _first_three(ctx: FunctionContext) -> list[Type | None]:
    return [_arg(ctx, 0), _arg(ctx, 1), _arg(ctx, 2)]


def _given_three(ctx: FunctionContext) -> list[Type | None]:
    """The first three arguments but those left out or None (``clip``'s bounds)."""
    return [t for t in _first_three(ctx) if t is not None and not isinstance(get_proper_type(t), NoneType)]


@functools.cache
def _sources_digest() -> str:
    """A digest of the plugin's modules and the rule modules it reads: mypy reuses a module's cached types while the
    plugin's configuration data is unchanged, so a changed rule or hook (an upgrade, a development checkout) must
    change it."""
    import arraytyping

    here = Path(__file__).parent
    rules = Path(arraytyping.__file__).parent
    files = [*sorted(here.glob("*.py")), *(rules / f"{m}.py" for m in ("lattice", "op_rules", "shape_rules"))]
    return hashlib.sha256(b"".join(f.read_bytes() for f in files if f.is_file())).hexdigest()[:16]


def _index_arrays(ctx: FunctionContext) -> Sequence[Type | None]:
    """``ravel_multi_index``'s index arrays, broadcast together; one of unknown shape where the plugin cannot read
    them (a variable list; an empty tuple too, which JAX answers as a 0-d array)."""
    return _promoting.items(ctx, 0) or [None]


def _permissive(ctx: MethodSigContext | FunctionSigContext) -> FunctionLike:
    """The signature mypy checks a call against instead of the stubs' overloads: every parameter ``object`` (not
    ``Any``: an ``Any`` parameter would be the type context of a generic call in the argument, ``x / anp.sqrt(v)``,
    and make it infer ``Array[Any]``), result ``Any`` until the hook computes it."""
    sig = ctx.default_signature
    obj = ctx.api.named_generic_type("builtins.object", [])
    return sig.copy_modified(arg_types=[obj] * len(sig.arg_types), ret_type=AnyType(TypeOfAny.special_form),
                             variables=[])


def _permissive_array(ctx: MethodSigContext | FunctionSigContext) -> FunctionLike:
    """:func:`_permissive`, its result ``Array[Any]``."""
    sig = _permissive(ctx)
    assert isinstance(sig, CallableType)
    return sig.copy_modified(ret_type=_types.array_of(ctx.api, ("any", None), {}))


def _permissive_if_bad_dtype_string(ctx: MethodSigContext | FunctionSigContext) -> FunctionLike:
    """The stubs' signature, unless an argument is a string literal that names no dtype: then a permissive one, so
    that the hook reports it with the nearest spellings (mypy would say only that no overload matches)."""
    from arraytyping_mypy._rules import L

    for group in ctx.args:
        for expr in group:
            if isinstance(expr, StrExpr) and expr.value not in L.DTYPE_SPELLINGS:
                return _permissive(ctx)
    return ctx.default_signature


_BOOL_NAMES: Final = frozenset({"builtins.bool", "arraytyping.bool_", "arraytyping.numpy.bool_", "numpy.bool",
                                 "numpy.bool_"})


def _names_bool(expr: Expression) -> bool:
    if isinstance(expr, StrExpr):
        from arraytyping_mypy._rules import L

        return bool(L.DTYPE_SPELLINGS.get(expr.value) == L.BOOL)
    return isinstance(expr, RefExpr) and expr.fullname in _BOOL_NAMES


def _permissive_if_refused_lax_dtype(ctx: FunctionSigContext) -> FunctionLike:
    """``lax.iota`` of a dtype spelled bool, ``lax.convert_element_type`` of a complex literal (or a bad dtype
    string): a permissive signature, so that the hook's error is the only one (the stubs' overloads take these
    gradually, and mypy would report the hook's refusal as no overload matching)."""
    if any(_names_bool(e) for e in ctx.args[0]) and ctx.default_signature.arg_names[:1] == ["dtype"]:
        return _permissive(ctx)
    if ctx.args and any(isinstance(e, ComplexExpr) for e in ctx.args[0]):
        return _permissive(ctx)
    return _permissive_if_bad_dtype_string(ctx)


def _named_dtype(expr: Expression) -> str | None:
    """The dtype node a dtype argument names as written (``"int2"``, ``anp.int2``, ``bool``), or None."""
    from arraytyping_mypy._rules import L

    if isinstance(expr, StrExpr):
        spelled: str | None = L.DTYPE_SPELLINGS.get(expr.value)
        return spelled
    if not isinstance(expr, RefExpr):
        return None
    module, _, name = expr.fullname.rpartition(".")
    if module == "builtins":  # bool, and the Python types standing for their kind's default dtype
        return name if name in ("bool", "int", "float", "complex") else None
    if module in ("arraytyping", "arraytyping.numpy"):
        return L.BOOL if name == "bool_" else name if name in L.KIND and name not in L.WEAK_NAMES else None
    return None


def _permissive_if_refused_creation_dtype(fn: str, rules: Rules) -> Callable[[FunctionSigContext], FunctionLike]:
    """A creation function given a dtype its rule refuses (``logspace(0, 1, dtype=int2)``; ``fn`` in op_rules'
    ``CREATION``): see :func:`_permissive_if_refused_dtype`."""
    return _permissive_if_refused_dtype(lambda node: OR.creation_result(fn, (), rules.cfg, node))


def _permissive_if_refused_dtype(rule: Callable[[str], object]) -> Callable[[FunctionSigContext], FunctionLike]:
    """A function given a ``dtype=`` that its ``rule`` (of the dtype's node) refuses (``argsort(x, dtype=bool)``):
    a permissive signature, so that the hook's error is the only one (the stubs have no overload for it, and mypy
    would report no overload matching); else as :func:`_permissive_if_bad_dtype_string`."""
    def hook(ctx: FunctionSigContext) -> FunctionLike:
        names = ctx.default_signature.arg_names
        if "dtype" in names and names.index("dtype") < len(ctx.args):
            for expr in ctx.args[names.index("dtype")]:
                node = _named_dtype(expr)
                try:
                    if node is not None:
                        rule(node)
                except (OR.OperandTypeError, OR.OperandValueError):
                    return _permissive(ctx)
        return _permissive_if_bad_dtype_string(ctx)
    return hook


def plugin(version: str) -> type[Plugin]:
    return ArraytypingPlugin
