"""Write JAX 0.10.2's behaviour of its top-level names about devices, processes and tracing (``device_count``,
``local_devices``, ``device_get``, ``disable_jit``, ``ensure_compile_time_eval``, ``named_call``, ``named_scope``,
``linear_transpose``, ``make_jaxpr``'s options, ``float0``...) and of ``jax.errors``' classes (their bases, and which
of them traced code raises) to ``tests/data/api_toplevel_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/api_toplevel_reference.py [--venv .jaxref-venv]

:func:`record` does the recording for a namespace (``api``: ``jax`` / ``arraytyping``; ``np``: ``jax.numpy`` /
``arraytyping.numpy``; ``errors``: ``jax.errors`` / ``arraytyping.errors``): JAX's here, arraytyping's in
``tests/runtime/test_api_toplevel.py``, which compares the two. Values are plain data: arrays as their dtype, weak
flag, shape and values; errors as their class's name and message.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "api_toplevel_reference.json"

ERROR_CLASSES = ("ConcretizationTypeError", "InconclusiveDimensionOperation", "JAXIndexError", "JAXTypeError",
                 "JaxRuntimeError", "JaxprTypeError", "KeyReuseError", "NonConcreteBooleanIndexError", "TracerArrayConversionError",
                 "TracerBoolConversionError", "TracerIntegerConversionError", "UnexpectedTracerError")


def _plain(x: Any, api: Any) -> Any:
    """A value as plain data: arrays (ours, JAX's or numpy's) as their type, a Python value as itself."""
    import numpy as np

    if isinstance(x, (tuple, list)):
        return [_plain(v, api) for v in x]
    if isinstance(x, dict):
        return {str(k): _plain(v, api) for k, v in x.items()}
    if isinstance(x, (bool, int, float, str)) or x is None:
        return {"py": type(x).__name__, "value": x}
    kind = "numpy" if isinstance(x, (np.ndarray, np.generic)) else "array" if isinstance(x, api.Array) else \
        type(x).__name__
    return {"kind": kind, "dtype": str(x.dtype), "weak_type": bool(getattr(x, "weak_type", False)),
            "shape": list(np.shape(x)), "values": np.asarray(x).astype(np.float64).ravel().tolist()}


def record(api: Any, np: Any, errors: Any) -> dict[str, Any]:
    """Every case as plain data, with ``api`` (``jax`` or ``arraytyping``), ``np`` (its numpy) and ``errors``."""
    import numpy as onp

    out: dict[str, Any] = {}

    def case(name: str, fn: Callable[[], Any], message: bool = True) -> None:
        """``fn()``'s value, or its error's class (and message, unless ``message`` is false: JAX's explanations
        of traced values are worded otherwise)."""
        try:
            out[name] = {"value": _plain(fn(), api)}
        except Exception as e:  # noqa: BLE001 - recorded
            out[name] = {"error": type(e).__name__, **({"message": str(e)} if message else {})}

    def raised(fn: Callable[[], Any]) -> Any:
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - recorded
            return [c for c in ERROR_CLASSES if isinstance(e, getattr(errors, c))]
        return None

    # jax.errors: each class's bases (JAX's private mixin left out), and what traced code raises
    out["errors.mro"] = {c: [b.__name__ for b in getattr(errors, c).__mro__ if not b.__name__.startswith("_")]
                         for c in ERROR_CLASSES}
    leaked: list[Any] = []
    api.jit(lambda x: leaked.append(x) or x)(1.0)
    out["errors.raised"] = {
        "int": raised(lambda: api.jit(lambda x: int(x))(1.0)),
        "bool": raised(lambda: api.jit(lambda x: x if x > 0 else -x)(1.0)),
        "asarray": raised(lambda: api.jit(lambda x: onp.asarray(x))(1.0)),
        "index": raised(lambda: api.jit(lambda x: [1, 2, 3][x])(1)),
        "leaked": raised(lambda: leaked[0] + 1),
        "bool_mask": raised(lambda: api.jit(lambda x: x[x > 0])(np.arange(3.0))),
        "concrete_size": raised(lambda: api.jit(lambda n: np.zeros(n))(3)),
    }

    # devices and processes (one CPU device, one process)
    case("device_count", lambda: api.device_count())
    case("device_count_cpu", lambda: api.device_count("cpu"))
    case("local_device_count", lambda: api.local_device_count())
    case("local_devices_is_devices", lambda: api.local_devices() == api.devices())
    case("local_devices_process_0", lambda: len(api.local_devices(process_index=0)))
    case("default_backend", lambda: api.default_backend())
    case("process_index", lambda: api.process_index())
    case("process_count", lambda: api.process_count())

    case("process_indices", lambda: api.process_indices())

    def renamed(fn: Callable[[], Any]) -> Any:
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = fn()
        return [value, [w.category.__name__ for w in caught]]
    case("host_id", lambda: renamed(api.host_id))
    case("host_count", lambda: renamed(api.host_count))
    case("host_ids", lambda: renamed(api.host_ids))
    case("effects_barrier", lambda: api.effects_barrier())

    # host copies
    case("copy_to_host_async", lambda: api.copy_to_host_async({"a": np.arange(3.0), "b": 2}))
    case("device_get_array", lambda: api.device_get(np.arange(3)))
    case("device_get_tree", lambda: api.device_get({"a": np.ones(2), "b": 1, "c": onp.ones(2), "d": (2.5, None)}))
    case("device_get_scalar", lambda: api.device_get(np.float32(2.5)))
    live_before = len(api.live_arrays())
    kept = np.ones(7) + 1
    case("live_arrays_grew", lambda: len(api.live_arrays()) - live_before >= 1)
    case("live_arrays_kind", lambda: all(isinstance(a, api.Array) for a in api.live_arrays()))
    del kept

    # float0
    case("float0", lambda: repr(api.float0))
    case("float0_grad", lambda: api.grad(lambda x: 1.0 * x, allow_int=True)(3).dtype == api.float0)

    # jit and tracing controls
    def under_disable_jit(fn: Callable[[], Any]) -> Any:
        with api.disable_jit():
            return fn()
    case("disable_jit_control_flow", lambda: under_disable_jit(lambda: api.jit(lambda x: x if x > 0 else -x)(-2.0)))
    case("disable_jit_asarray", lambda: under_disable_jit(
        lambda: api.jit(lambda x: onp.asarray(x).sum())(np.ones(3))))
    case("disable_jit_python_scalar", lambda: under_disable_jit(lambda: api.jit(lambda x: x * 2)(1.5)))
    case("disable_jit_false", lambda: api.disable_jit(False).__enter__() and None)
    case("after_disable_jit", lambda: api.jit(lambda x: x if x > 0 else -x)(-2.0), message=False)

    def compile_time(x: Any) -> Any:
        with api.ensure_compile_time_eval():
            n = int(np.arange(4).sum())
            y = np.arange(3.0) * 2
        return x + n + y
    case("ensure_compile_time_eval", lambda: api.jit(compile_time)(1.0))
    case("ensure_compile_time_eval_jaxpr", lambda: str(api.make_jaxpr(api.jit(compile_time))(1.0)))

    def f(x: Any) -> Any:
        return np.sin(x) * 2.0

    def scoped(x: Any) -> Any:
        with api.named_scope("inner"):
            return x + 1

    def bad_scope() -> None:
        with api.named_scope(3):
            pass
    case("named_call", lambda: str(api.make_jaxpr(api.named_call(f, name="foo"))(1.0)))
    case("named_call_default", lambda: str(api.make_jaxpr(api.named_call(f))(1.0)))
    case("named_call_value", lambda: api.named_call(f, name="foo")(np.arange(3.0)))
    case("named_scope", lambda: str(api.make_jaxpr(scoped)(1.0)))
    case("named_scope_not_str", bad_scope)
    case("clear_caches", lambda: api.clear_caches())
    case("after_clear_caches", lambda: api.jit(f)(np.arange(2.0)))

    # make_jaxpr's options
    case("make_jaxpr_static", lambda: str(api.make_jaxpr(lambda x, n: x * n, static_argnums=1)(1.0, 3)))
    case("make_jaxpr_static_negative", lambda: str(api.make_jaxpr(lambda n, x: x * n, static_argnums=-2)(2, 1.0)))
    case("make_jaxpr_kwargs", lambda: str(api.make_jaxpr(lambda x, *, k: x * k)(1.0, k=2.0)))

    def with_shape() -> Any:
        jaxpr, shapes = api.make_jaxpr(lambda x: (x, {"s": x.sum()}), return_shape=True)(np.ones(2))
        return [str(jaxpr), repr(shapes)]
    case("make_jaxpr_return_shape", with_shape)

    # custom_gradient and closure_convert
    @api.custom_gradient
    def cg(x: Any) -> Any:
        return x ** 2, lambda g: (g * x * 3.0,)

    @api.custom_gradient
    def cg2(x: Any, y: Any) -> Any:
        return x * y, lambda ct: (ct * y, ct * x * 10)

    @api.custom_gradient
    def cg_one(x: Any) -> Any:
        return x, lambda ct: ct * 5.0
    case("custom_gradient_value", lambda: cg(2.0))
    case("custom_gradient_grad", lambda: api.grad(cg)(2.0))
    case("custom_gradient_value_and_grad", lambda: api.value_and_grad(cg)(np.float32(2.0)))
    case("custom_gradient_jit_grad", lambda: api.jit(api.grad(cg))(2.0))
    case("custom_gradient_vmap_grad", lambda: api.vmap(api.grad(cg))(np.arange(3.0)))
    case("custom_gradient_two", lambda: api.grad(cg2, argnums=(0, 1))(2.0, 3.0))
    case("custom_gradient_not_tuple", lambda: api.grad(cg_one)(1.0))
    case("custom_gradient_jaxpr", lambda: str(api.make_jaxpr(api.grad(cg))(2.0)))

    hoisted: list[int] = []

    def outer(a: Any) -> Any:
        f = lambda x: np.sin(x) * a + np.arange(2.0)  # noqa: E731 - a closure over a
        g, consts = api.closure_convert(f, np.ones(2))
        hoisted.append(len(consts))
        return g(np.ones(2), *consts).sum()
    case("closure_convert_value", lambda: [outer(2.0), hoisted[-1]])
    case("closure_convert_grad", lambda: [api.grad(outer)(2.0), hoisted[-1]])
    case("closure_convert_jit", lambda: [api.jit(outer)(2.0), hoisted[-1]])
    case("closure_convert_int_closure", lambda: [api.jit(lambda n: outer(n * 1.0) + n)(3), hoisted[-1]])
    case("closure_convert_bad_tree",
         lambda: api.closure_convert(lambda x: x, np.ones(2))[0]((np.ones(2),)))

    # linear_transpose
    lt = api.linear_transpose
    case("lt_pair", lambda: lt(lambda x, y: (2.0 * x - y, x.sum()), np.ones(3), np.ones(3))((np.arange(3.0), 1.0)))
    case("lt_scalars", lambda: lt(lambda x, y: 2.0 * x - y, 1.0, 1.0)(1.0))
    case("lt_strong", lambda: lt(lambda x: x * 2.0, 1.0)(np.float32(1.0)))
    case("lt_constant_term", lambda: lt(lambda x: x + 1.0, np.ones(3))(np.ones(3)))
    case("lt_tree", lambda: lt(lambda x: {"a": x, "b": (x.sum(),)}, np.ones(2))({"a": np.ones(2), "b": (3.0,)}))
    case("lt_int", lambda: lt(lambda x: x * 3, np.ones(2, np.int32))(np.ones(2, np.int32)))
    case("lt_matmul", lambda: lt(lambda w: np.arange(6.0).reshape(2, 3) @ w, np.ones(3))(np.ones(2)))
    case("lt_nonlinear", lambda: lt(np.sin, np.ones(3))(np.ones(3)))
    case("lt_int_to_float", lambda: lt(lambda x: x * 2.0, np.ones(3, np.int32)))
    case("lt_float_to_int", lambda: lt(lambda x: x.astype(np.int32), np.ones(3)))
    case("lt_bad_shape", lambda: lt(lambda x: x * 2.0, np.ones(3))(np.ones(2)))
    case("lt_bad_dtype", lambda: lt(lambda x: x * 2.0, np.ones(3))(np.ones(3, np.int32)))
    case("lt_bad_tree", lambda: lt(lambda x: {"a": x}, np.ones(2))((np.ones(2),)))
    case("lt_reduce_axes", lambda: lt(lambda x: x, np.ones(2), reduce_axes=("i",)))

    # fwd_and_bwd
    fb = api.fwd_and_bwd
    x23, w34 = np.arange(6.0).reshape(2, 3), np.ones((3, 4))

    def fb_run(argnums: Any, ct: Any = None, **kw: Any) -> Any:
        fwd, bwd = fb(lambda x, w: np.sin(x @ w), argnums, **kw)
        y, res = fwd(x23, w34)
        return [y, bwd(res, np.ones((2, 4)) if ct is None else ct)]
    case("fb_pair", lambda: fb_run((0, 1)))
    case("fb_one", lambda: fb_run(1))
    case("fb_negative", lambda: fb_run(-2))
    case("fb_list", lambda: fb_run([1]))
    case("fb_not_jitted", lambda: fb_run(0, jitted=False))
    case("fb_reused", lambda: [fb_run(0), fb_run(0, ct=np.full((2, 4), 2.0))])

    def fb_aux() -> Any:
        fwd, bwd = fb(lambda x: (x * 2.0, {"a": x, "n": 3}), 0, has_aux=True)
        y, res, aux = fwd(1.5)
        return [y, aux, bwd(res, 1.0)]
    case("fb_aux", fb_aux)
    case("fb_out_of_range", lambda: fb_run(5))
    case("fb_bad_argnums", lambda: fb_run("a"))
    case("fb_not_callable", lambda: fb(3, 0))
    case("fb_bad_cotangent", lambda: fb_run(0, ct=np.ones((3, 3))), message=False)
    case("fb_int_input", lambda: fb(lambda x: x * 2, 0)[0](3)[0])

    # Device and memory
    case("device_is_class", lambda: [isinstance(api.devices()[0], api.Device), api.Device.__name__,
                                     api.devices()[0].platform, api.devices()[0].id])
    case("memory_space", lambda: [[repr(m) for m in api.memory.Space], [m.name for m in api.memory.Space],
                                  [m.value for m in api.memory.Space], type(api.memory).__name__])

    # jax.dlpack
    import ml_dtypes

    dl = api.dlpack
    names = ["bool", "int4", "int8", "int16", "int32", "int64", "uint4", "uint8", "uint16", "uint32", "uint64",
             "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
    case("dlpack_supported_names", lambda: [dl.is_supported_dtype(n) for n in names])
    case("dlpack_supported_types", lambda: [dl.is_supported_dtype(t) for t in (
        onp.float32, onp.bool_, onp.int8, bool, int, float, complex, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn,
        ml_dtypes.int4, onp.dtype("float64"))])
    case("dlpack_supported_none", lambda: dl.is_supported_dtype(None))
    case("dlpack_supported_bad", lambda: dl.is_supported_dtype("nope"))
    for n in ("float64", "float32", "int64", "uint8", "bool", "complex128", "float16", "int16"):
        case(f"dlpack_from_numpy_{n}", lambda n=n: dl.from_dlpack(onp.arange(4).astype(n).reshape(2, 2)))
    case("dlpack_from_array", lambda: dl.from_dlpack(np.arange(3.0) * 2))
    case("dlpack_from_array_copy", lambda: dl.from_dlpack(np.arange(3), copy=True))
    case("dlpack_from_device", lambda: dl.from_dlpack(onp.arange(3), device=api.devices()[0]))
    case("dlpack_from_list", lambda: dl.from_dlpack([1, 2, 3]))
    case("dlpack_from_keywords", lambda: dl.from_dlpack(external_array=onp.ones(2, onp.int32)))

    # jax.ds: slices by start and size (a traced start allowed)
    ds = api.ds
    x10 = np.arange(10.0)
    y45 = np.arange(20.0).reshape(4, 5)
    case("ds_forms", lambda: [repr(ds(3, 2)), repr(ds(None)), repr(ds(4)), repr(ds(1, 2, 3))])
    case("ds_eager", lambda: [x10[ds(4, 2)], x10[ds(1, 3, 2)], x10[ds(8, 5)], x10[ds(-2, 2)], x10[ds(4)]])
    case("ds_jit", lambda: api.jit(lambda x, i: x[ds(i, 3)])(x10, 2))
    case("ds_jit_clamped", lambda: [api.jit(lambda x, i: x[ds(i, 3)])(x10, 9),
                                    api.jit(lambda x, i: x[ds(i, 3)])(x10, -1)])
    case("ds_jit_stride", lambda: api.jit(lambda x, i: x[ds(i, 3, 2)])(x10, 1))
    case("ds_2d", lambda: [y45[ds(1, 2), ds(0, 3)], y45[1, ds(2, 3)], y45[..., ds(3, 2)],
                           api.jit(lambda y, i: y[ds(i, 2), ::-1])(y45, 2)])
    case("ds_vmap", lambda: api.vmap(lambda x, i: x[ds(i, 3)])(np.ones((2, 10)) * np.arange(10.0), np.array([1, 2])))
    case("ds_grad", lambda: api.grad(lambda x, i: (x[ds(i, 3)] ** 2).sum())(x10, 2))
    case("ds_at", lambda: [x10.at[ds(2, 3)].set(-1.0), api.jit(lambda x, i: x.at[ds(i, 2)].add(5.0))(x10, 7),
                           x10.at[ds(1, 3, 3)].multiply(2.0)])
    case("ds_with_array", lambda: y45[ds(1, 2), np.array([0, 4])])

    def ds_ref() -> Any:
        r = api.new_ref(np.zeros(6))
        r[ds(1, 2)] = np.ones(2)

        @api.jit
        def bump(i: Any) -> None:
            r[ds(i, 2)] += 10.0
        bump(3)
        return [r[ds(0, 6)], r[ds(2, 3)]]
    case("ds_ref", ds_ref)
    case("ds_tree", lambda: [len(api.tree_util.tree_leaves(ds(3, 2))), len(api.tree_util.tree_leaves(ds(np.int32(3), 2)))])
    case("ds_negative_stride", lambda: ds(1, 2, -1))
    case("ds_traced_stride", lambda: ds(1, 2, np.int32(1)))
    return out


def main_inside() -> None:
    import jax
    import jax.errors
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    jax.config.update("jax_enable_x64", False)
    data = {
        "generator": "tools/api_toplevel_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "cases": record(jax, jnp, jax.errors),
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
