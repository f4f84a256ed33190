"""Lowering jaxprs to StableHLO with ``jaxlib.mlir``: one ``func.func @main`` per jaxpr, constvars first."""

from __future__ import annotations

import functools
import importlib
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any

import ml_dtypes
import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.core.jaxpr import ClosedJaxpr, Jaxpr, Literal, Var
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.xla.backend import quiet_cpp_logging

__all__ = ["host_callback", "lower_jaxpr", "lower_module", "jaxpr_subcomp", "closed_jaxpr_subcomp", "LoweringError",
           "RULES", "module_name"]


class LoweringError(NotImplementedError):
    """A primitive or dtype the StableHLO lowering does not handle."""


_context_class: type[Any] | None = None


def _bare_context() -> Any:
    """A new MLIR context with no dialect loaded (``ir.Context()`` loads every dialect linked into jaxlib, a hundred
    times slower), as JAX's ``JaxIrContext``."""
    global _context_class
    if _context_class is None:
        ir: Any = importlib.import_module("jaxlib.mlir.ir")

        class BareContext(ir.Context):  # type: ignore[misc]
            def __init__(self) -> None:
                super(ir.Context, self).__init__()  # skips ir.Context's __init__, which loads every dialect

        _context_class = BareContext
    return _context_class()


class _MLIR:
    """The MLIR context (not thread-safe: every use holds ``lock``) and the jaxlib modules."""

    def __init__(self) -> None:
        quiet_cpp_logging()
        # jaxlib's MLIR bindings have partial stubs: they are handled as ``Any`` behind this class.
        jax_mlir_ext: Any = importlib.import_module("jaxlib.mlir._mlir_libs._jax_mlir_ext")
        ir: Any = importlib.import_module("jaxlib.mlir.ir")
        func: Any = importlib.import_module("jaxlib.mlir.dialects.func")
        hlo: Any = importlib.import_module("jaxlib.mlir.dialects.stablehlo")
        chlo: Any = importlib.import_module("jaxlib.mlir.dialects.chlo")
        sdy: Any = importlib.import_module("jaxlib.mlir.dialects.sdy")

        self.ir: Any = ir
        self.hlo: Any = hlo
        self.chlo: Any = chlo
        self.func: Any = func
        self.sdy: Any = sdy
        self._registry: Any = ir.DialectRegistry()
        jax_mlir_ext.register_dialects(self._registry)
        self._thread_pool: Any = ir.ThreadPool()
        self.ctx: Any = self.new_context()
        """The context of the module being lowered: a new one for each module (:meth:`new_context`)."""
        self.lock = threading.RLock()
        self.host_callbacks: list[Callable[..., Any]] = []
        """The Python functions the module being lowered calls on the host (reset by :func:`lower_jaxpr`)."""
        i: Any = ir.IntegerType
        self.elt: dict[str, Callable[[], Any]] = {
            "bool": lambda: i.get_signless(1),
            **{f"int{b}": functools.partial(i.get_signless, b) for b in (1, 2, 4, 8, 16, 32, 64)},
            **{f"uint{b}": functools.partial(i.get_unsigned, b) for b in (1, 2, 4, 8, 16, 32, 64)},
            "float4_e2m1fn": ir.Float4E2M1FNType.get, "float6_e2m3fn": ir.Float6E2M3FNType.get,
            "float6_e3m2fn": ir.Float6E3M2FNType.get, "float8_e3m4": ir.Float8E3M4Type.get,
            "float8_e4m3": ir.Float8E4M3Type.get, "float8_e8m0fnu": ir.Float8E8M0FNUType.get,
            "float8_e4m3b11fnuz": ir.Float8E4M3B11FNUZType.get, "float8_e4m3fn": ir.Float8E4M3FNType.get,
            "float8_e4m3fnuz": ir.Float8E4M3FNUZType.get, "float8_e5m2": ir.Float8E5M2Type.get,
            "float8_e5m2fnuz": ir.Float8E5M2FNUZType.get, "bfloat16": ir.BF16Type.get, "float16": ir.F16Type.get,
            "float32": ir.F32Type.get, "float64": ir.F64Type.get,
            "complex64": lambda: ir.ComplexType.get(ir.F32Type.get()),
            "complex128": lambda: ir.ComplexType.get(ir.F64Type.get()),
        }

    def new_context(self) -> Any:
        """A new MLIR context for one module, as JAX's ``make_ir_context``: the dialects it needs loaded (not every
        dialect linked into jaxlib), one thread pool shared by every context. A context is never reused, so nothing
        one module's lowering leaves in it (uniqued constants, attributes, types) outlives that module: a context
        kept for the whole process grew with every constant of every module and was the state a long process's
        compiles shared."""
        ctx = _bare_context()
        ctx.append_dialect_registry(self._registry)
        ctx.load_all_available_dialects()
        ctx.set_thread_pool(self._thread_pool)
        self.sdy.register_dialect(ctx)  # Shardy: the sharding annotations of a computation over several devices
        self.chlo.register_dialect(ctx)  # chlo ops (square, asin, next_after, top_k...) and their type inference
        self.hlo.register_dialect(ctx)
        return ctx

    def tensor(self, aval: ShapedArray) -> Any:
        return self.ir.RankedTensorType.get(aval.shape, self.elt[aval.name]())

    def i64s(self, xs: Sequence[int]) -> Any:
        return self.ir.DenseI64ArrayAttr.get([int(x) for x in xs])  # parameters may hold numpy ints, as JAX's


_mlir: _MLIR | None = None
_mlir_lock = threading.Lock()


def mlir() -> _MLIR:
    global _mlir
    if _mlir is None:
        with _mlir_lock:
            if _mlir is None:
                _mlir = _MLIR()
    return _mlir


class LoweringContext:
    def __init__(self, m: _MLIR, avals_in: Sequence[ShapedArray], avals_out: Sequence[ShapedArray]) -> None:
        self.m = m
        self.hlo = m.hlo
        self.chlo = m.chlo
        self.avals_in = avals_in
        self.avals_out = avals_out


Rule = Callable[..., list[Any]]
RULES: dict[Primitive, Rule] = {}


def _kind(aval: ShapedArray) -> str:
    return registry.INFO[aval.name].kind


def constant(m: _MLIR, value: Any, aval: ShapedArray) -> Any:
    """A constant of ``aval`` holding ``value``: built in a wide carrier type (i64/ui64/f64/c128) and converted,
    so every dtype, including the small floats and sub-byte integers, is handled the same way."""
    ir, hlo = m.ir, m.hlo
    kind = _kind(aval)
    arr = np.broadcast_to(np.asarray(value, dtype=aval.dtype), aval.shape)
    if kind == "c":
        carrier, elt = arr.astype(np.complex128), ir.ComplexType.get(ir.F64Type.get())
    elif kind == "f":
        carrier, elt = arr.astype(np.float64), ir.F64Type.get()
    elif kind == "u":
        carrier, elt = arr.astype(np.uint64), ir.IntegerType.get_unsigned(64)
    else:
        carrier, elt = arr.astype(np.int64), ir.IntegerType.get_signless(64)
    carrier = np.ascontiguousarray(carrier)
    ttype = ir.RankedTensorType.get(aval.shape, elt)
    attr = ir.DenseElementsAttr.get(carrier, type=elt, shape=list(aval.shape))
    c = hlo.constant(attr)
    if aval.name in ("float64", "complex128", "int64", "uint64"):
        return c
    _ = ttype
    return hlo.convert(m.tensor(aval), c)


def broadcast_scalar(ctx: LoweringContext, x: Any, aval: ShapedArray, shape: tuple[int, ...]) -> Any:
    """Broadcast an operand of rank 0, or of the same rank with size-1 dimensions, to ``shape``."""
    if aval.shape == shape:
        return x
    dims = [] if not aval.shape else list(range(len(shape)))
    return ctx.hlo.broadcast_in_dim(ctx.m.tensor(aval.update(shape=shape)), x, ctx.m.i64s(dims))


def minmax(ctx: LoweringContext, op_name: str, x: Any, y: Any, aval: ShapedArray) -> Any:
    """``maximum``/``minimum``; complex values compare lexicographically (real parts, then imaginary parts), as
    JAX's ``max_hlo``/``min_hlo``."""
    hlo = ctx.hlo
    if _kind(aval) != "c":
        return getattr(hlo, op_name)(x, y)
    direction = "GT" if op_name == "maximum" else "LT"
    part = aval.update(dtype=np.dtype("float64" if aval.name == "complex128" else "float32"))
    rx, ry = hlo.real(x), hlo.real(y)
    real_eq = compare(ctx, rx, ry, part, "EQ")
    real_cmp = compare(ctx, rx, ry, part, direction)
    imag_cmp = compare(ctx, hlo.imag(x), hlo.imag(y), part, direction)
    return hlo.select(hlo.select(real_eq, imag_cmp, real_cmp), x, y)


def _compare_type(aval: ShapedArray) -> str:
    k = _kind(aval)
    return "FLOAT" if k in "fc" else "SIGNED" if k == "i" else "UNSIGNED"


def compare(ctx: LoweringContext, x: Any, y: Any, aval: ShapedArray, direction: str, total_order: bool = False
            ) -> Any:
    hlo = ctx.hlo
    return hlo.compare(x, y, hlo.ComparisonDirectionAttr.get(direction),
                       compare_type=hlo.ComparisonTypeAttr.get(
                           "TOTALORDER" if total_order and _kind(aval) in "fc" else _compare_type(aval)))


def _finfo(dtype: np.dtype[Any]) -> Any:
    """``ml_dtypes.finfo`` (untyped)."""
    return ml_dtypes.finfo(dtype)  # type: ignore[no-untyped-call]


def _iinfo(dtype: np.dtype[Any]) -> Any:
    """``ml_dtypes.iinfo`` (untyped)."""
    return ml_dtypes.iinfo(dtype)  # type: ignore[no-untyped-call]


def _float_extreme(dtype: np.dtype[Any], sign: int) -> Any:
    info = _finfo(dtype)
    inf = np.array(sign * np.inf).astype(dtype)
    return inf if np.isinf(inf) else (info.max if sign > 0 else info.min)


def reduce_identity(name: str, aval: ShapedArray) -> Any:
    """The identity of reduction ``name`` (``sum``, ``prod``, ``max``, ``min``, ``or``, ``and``) in ``aval``'s dtype
    (the most negative finite value for ``max`` of a float without infinities)."""
    kind = _kind(aval)
    if name == "sum" or name == "or":
        return 0 if kind != "b" else False
    if name == "prod":
        return 1
    if name == "and":
        return True if kind == "b" else -1 if kind == "i" else _iinfo(aval.dtype).max
    sign = -1 if name == "max" else 1
    if kind == "b":
        return sign > 0
    if kind in "iu":
        info = _iinfo(aval.dtype)
        return info.max if sign > 0 else info.min
    return _float_extreme(aval.dtype, sign)


def jaxpr_subcomp(m: _MLIR, jaxpr: Jaxpr, args: Sequence[Any]) -> list[Any]:
    """Emit ``jaxpr``'s equations at the current insertion point, its constvars then binders bound to ``args``;
    returns its outputs. Control-flow lowerings call it inside their regions."""
    env: dict[Var, Any] = dict(zip([*jaxpr.constvars, *jaxpr.in_binders], args, strict=True))

    def read(x: Var | Literal) -> Any:
        if isinstance(x, Literal):
            return constant(m, x.val, x.aval)
        return env[x]

    for eqn in jaxpr.eqns:
        rule = RULES.get(eqn.primitive)
        if rule is None:
            raise LoweringError(f"no StableHLO lowering for primitive {eqn.primitive.name}")
        ctx = LoweringContext(m, [x.aval for x in eqn.inputs], [v.aval for v in eqn.out_binders])
        outs = rule(ctx, *map(read, eqn.inputs), **eqn.params)
        env.update(zip(eqn.out_binders, outs))
    return [read(x) for x in jaxpr.outs]


def closed_jaxpr_subcomp(m: _MLIR, closed: ClosedJaxpr, args: Sequence[Any]) -> list[Any]:
    """:func:`jaxpr_subcomp` of a closed jaxpr (a control-flow parameter): its constants become StableHLO
    constants."""
    consts = [constant(m, c.val if isinstance(c, ConstVal) else np.asarray(c), v.aval)
              for c, v in zip(closed.consts, closed.jaxpr.constvars)]
    return jaxpr_subcomp(m, closed.jaxpr, [*consts, *args])


def host_callback(ctx: LoweringContext, callback: Callable[..., Any], args: Sequence[Any],
                  results: Sequence[ShapedArray], has_side_effect: bool) -> list[Any]:
    """A call of the Python function ``callback`` on the host, on numpy arrays of ``args``, returning numpy arrays
    of ``results`` (jaxlib's ``xla_ffi_python_cpu_callback`` custom call, as JAX's ``emit_python_callback``); the
    function is handed to the compiler with the module (:func:`lower_jaxpr` collects them)."""
    m = ctx.m
    ir = m.ir
    index = len(m.host_callbacks)
    m.host_callbacks.append(callback)
    config = ir.DictAttr.get({"index": ir.IntegerAttr.get(ir.IntegerType.get_unsigned(64), index)})

    def layouts(avals: Sequence[ShapedArray]) -> Any:  # row-major, given explicitly (rank 0 included), as JAX's
        return ir.ArrayAttr.get([ir.DenseIntElementsAttr.get(np.arange(a.ndim - 1, -1, -1, dtype=np.int64),
                                                             type=ir.IndexType.get()) for a in avals])

    op = ctx.hlo.CustomCallOp([m.tensor(a) for a in results], list(args), "xla_ffi_python_cpu_callback",
                              has_side_effect=ir.BoolAttr.get(has_side_effect), backend_config=config,
                              api_version=ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 4),
                              operand_layouts=layouts(ctx.avals_in), result_layouts=layouts(results))
    return list(op.results)


def lower_jaxpr(jaxpr: Jaxpr) -> Any:
    """The StableHLO module of ``jaxpr`` (constvars become the leading parameters). Call with
    ``mlir().lock`` held."""
    m = mlir()
    ir, func = m.ir, m.func
    m.host_callbacks = []
    m.ctx = m.new_context()
    with m.ctx, ir.Location.unknown():
        module = ir.Module.create()
        params = [*jaxpr.constvars, *jaxpr.in_binders]
        in_types = [m.tensor(v.aval) for v in params]
        out_types = [m.tensor(v.aval) for v in jaxpr.outs]
        with ir.InsertionPoint(module.body):
            fn = func.FuncOp("main", ir.FunctionType.get(in_types, out_types))
            fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
            block = fn.add_entry_block()
            with ir.InsertionPoint(block):
                func.ReturnOp(jaxpr_subcomp(m, jaxpr, list(block.arguments)))
    return module


def module_name(fun_name: str) -> str:
    """The name of a jitted function's module, as JAX names it: ``jit_f`` (``jit__lambda`` for a lambda)."""
    return re.sub(r"[^\w.-]", "_", f"jit({fun_name})").rstrip("_")


def lower_module(closed: ClosedJaxpr, name: str, result_names: Sequence[str], *, mesh: str | None = None,
                 num_partitions: int = 1, arg_shardings: Sequence[str | None] = (),
                 result_shardings: Sequence[str | None] = ()) -> Any:
    """The StableHLO module of a jitted function as JAX's ahead-of-time lowering shows it: named ``name``, with
    the device attributes (``mhlo.num_partitions``, ``mhlo.num_replicas``), its constants inlined and each
    result's ``jax.result_info``. Over several devices, ``mesh`` (Shardy's mesh attribute, declared as
    ``sdy.mesh @mesh``) and each argument's and result's ``sdy.sharding`` attribute (text; ``None``: left to the
    partitioner). Call with ``mlir().lock`` held."""
    m = mlir()
    ir, func = m.ir, m.func
    m.host_callbacks = []
    jaxpr = closed.jaxpr
    m.ctx = m.new_context()
    with m.ctx, ir.Location.unknown():
        module = ir.Module.create()
        module.operation.attributes["sym_name"] = ir.StringAttr.get(name)
        i32 = ir.IntegerType.get_signless(32)
        module.operation.attributes["mhlo.num_partitions"] = ir.IntegerAttr.get(i32, num_partitions)
        module.operation.attributes["mhlo.num_replicas"] = ir.IntegerAttr.get(i32, 1)
        in_types = [m.tensor(v.aval) for v in jaxpr.in_binders]
        out_types = [m.tensor(x.aval) for x in jaxpr.outs]
        with ir.InsertionPoint(module.body):
            if mesh is not None:
                m.sdy.MeshOp("mesh", ir.Attribute.parse(mesh))
            fn = func.FuncOp("main", ir.FunctionType.get(in_types, out_types))
            fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
            if any(s is not None for s in arg_shardings):
                fn.arg_attrs = ir.ArrayAttr.get([
                    ir.DictAttr.get({} if s is None else {"sdy.sharding": ir.Attribute.parse(s)})
                    for s in arg_shardings])
            fn.result_attrs = ir.ArrayAttr.get([
                ir.DictAttr.get({"jax.result_info": ir.StringAttr.get(r),
                                 **({} if i >= len(result_shardings) or result_shardings[i] is None
                                    else {"sdy.sharding": ir.Attribute.parse(result_shardings[i])})})
                for i, r in enumerate(result_names)])
            block = fn.add_entry_block()
            with ir.InsertionPoint(block):
                func.ReturnOp(closed_jaxpr_subcomp(m, closed, list(block.arguments)))
    return module
