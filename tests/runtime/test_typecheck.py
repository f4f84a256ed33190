"""``arraytyping.typecheck``: dtypes and shapes of ``Array[...]`` annotations checked at run time.

The dtype part is checked exhaustively (every dtype class of the hierarchy against every registered dtype, through
tracers, which exist for every dtype); the shape part against a reference matcher written here on seeded random
annotations and shapes; messages word for word on hand-picked cases.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from typing import Any, Literal, Optional, TypeVar, TypeVarTuple, Union, Unpack

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.typing as att
from arraytyping import Array, TypeCheckError, bfloat16, float16, float32, floating, int32, typecheck
from arraytyping._src.dtypes import registry
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.typecheck.specs import ArrayCheck

B = TypeVar("B", bound=int)
D = TypeVar("D", bound=int)
N = TypeVar("N", bound=int)
F = TypeVar("F", bound=floating)
C = TypeVar("C", float32, bfloat16)
CA = TypeVar("CA", floating, at.integer)
T = TypeVar("T")
S = TypeVar("S", bound=tuple[int, ...])
Ts = TypeVarTuple("Ts")


def _checked(annotation: object, *, result: object = None) -> Callable[..., Any]:
    """``lambda x: x`` with ``x`` annotated ``annotation`` (and the return value ``result``), typechecked."""
    def f(x: Any) -> Any:
        return x
    f.__annotations__ = {"x": annotation} | ({"return": result} if result is not None else {})
    return typecheck(f)


def _tracer_check(f: Callable[..., Any], *avals: ShapedArray) -> str | None:
    """``None`` if ``f`` accepts tracers of these types, else the ``TypeCheckError`` message."""
    try:
        at.eval_shape(f, *avals)
    except TypeCheckError as e:
        return str(e)
    return None


# The dtype part: exhaustive -----------------------------------------------------------------------------------------

DTYPE_CLASSES = [*registry.ABSTRACT_CLASSES, *registry.SCALAR_CLASSES.values()]


@pytest.mark.parametrize("cls", DTYPE_CLASSES, ids=lambda c: c.__name__)
def test_every_dtype_class_against_every_dtype(cls: type[at.generic]) -> None:
    f = _checked(Array[cls])
    g = _checked(Array[cls, tuple[Literal[2]]])
    for info in registry.INFO.values():
        accepted = issubclass(info.scalar_class, cls)
        for weak in (False, True):
            aval = ShapedArray((2,), info.dtype, weak)
            for fn in (f, g):
                err = _tracer_check(fn, aval)
                assert (err is None) == accepted, (cls, info.name, weak, err)
                if not accepted:
                    article = "" if "dtype" in cls.__dict__ else "a "
                    kind = "" if "dtype" in cls.__dict__ else " dtype"
                    assert err is not None and err.endswith(
                        f"got {info.name}[2]{' (weakly typed)' if weak else ''}: dtype {info.name} is not "
                        f"{article}{cls.__name__}{kind}"), err
    assert len(registry.INFO) == 32 and len(DTYPE_CLASSES) == 40


@pytest.mark.parametrize("py", [int, float, complex], ids=lambda c: c.__name__)
def test_python_scalar_types_are_the_weak_arrays_of_their_kind(py: type) -> None:
    kind = {int: at.integer, float: at.floating, complex: at.complexfloating}[py]
    f = _checked(Array[py])
    for info in registry.INFO.values():
        for weak in (False, True):
            err = _tracer_check(f, ShapedArray((), info.dtype, weak))
            assert (err is None) == (weak and issubclass(info.scalar_class, kind)), (py, info.name, weak, err)


def test_concrete_arrays_weak_or_not() -> None:
    f = _checked(Array[float32])
    assert f(anp.asarray(2.0)).weak_type and f(anp.ones(3)).dtype == np.float32  # weak float32 is a float32
    with pytest.raises(TypeCheckError, match=r"got float16\[3\]: dtype float16 is not float32$"):
        f(anp.ones(3, dtype=anp.float16))
    g = _checked(att.FloatArray)  # Array[floating | float]
    g(anp.asarray(2.0)), g(anp.ones(2, dtype=anp.bfloat16))
    with pytest.raises(TypeCheckError, match=r"dtype int32 is not a floating dtype or a weakly typed floating dtype "
                                             r"\(a Python float\)$"):
        g(anp.asarray(2))
    _checked(att.IntArray)(anp.asarray(2))
    _checked(att.BoolArray)(anp.asarray(True))
    _checked(att.NDArray)(anp.asarray(True))
    with pytest.raises(TypeCheckError):
        _checked(att.BoolArray)(anp.asarray(2))


def test_any_and_bare_array_take_every_dtype() -> None:
    for ann in (Array, Array[Any], Array[Any, tuple[int, ...]], Array[Any, Any]):
        f = _checked(ann)
        for info in registry.INFO.values():
            assert _tracer_check(f, ShapedArray((2, 3), info.dtype)) is None


def test_dtype_typevars_are_bound_once_per_call() -> None:
    @typecheck
    def f(x: Array[F], y: Array[F]) -> Array[F]:
        return x + y

    f(anp.ones(2), anp.ones(2))
    f(anp.ones(2, dtype=anp.float16), anp.ones(1, dtype=anp.float16))  # a new call, a new binding
    f(anp.ones(2), anp.asarray(1.0))  # weak float32 is float32
    with pytest.raises(TypeCheckError) as e:
        f(anp.ones(2), anp.ones(2, dtype=anp.float16))
    assert str(e.value) == ("test_dtype_typevars_are_bound_once_per_call.<locals>.f(): argument 'y' expected "
                            "Array[F], got float16[2]: dtype float16, but F = float32 from argument 'x'")
    with pytest.raises(TypeCheckError, match=r"argument 'x' expected Array\[F\], got int32\[2\]: dtype int32 is "
                                             r"not a floating dtype \(F's bound\)$"):
        f(anp.ones(2, dtype=anp.int32), anp.ones(2))

    @typecheck
    def g(x: Array[T], y: Array[T]) -> None: ...

    g(anp.ones(2, dtype=anp.int8), anp.ones(2, dtype=anp.int8))
    with pytest.raises(TypeCheckError, match="dtype bool, but T = int8 from argument 'x'"):
        g(anp.ones(2, dtype=anp.int8), anp.ones(2, dtype=anp.bool_))


def test_constrained_typevars_bind_the_constraint() -> None:
    @typecheck
    def f(x: Array[C], y: Array[C]) -> None: ...

    f(anp.ones(2, dtype=anp.bfloat16), anp.ones(2, dtype=anp.bfloat16))
    with pytest.raises(TypeCheckError, match=r"dtype float16 is not float32 or bfloat16 \(C's constraints\)$"):
        f(anp.ones(2, dtype=anp.float16), anp.ones(2, dtype=anp.float16))
    with pytest.raises(TypeCheckError, match="dtype float32, but C = bfloat16 from argument 'x'"):
        f(anp.ones(2, dtype=anp.bfloat16), anp.ones(2))

    @typecheck
    def g(x: Array[CA], y: Array[CA]) -> None: ...

    g(anp.ones(2, dtype=anp.float16), anp.ones(2))  # both floating: CA is floating, as a checker solves it
    with pytest.raises(TypeCheckError, match="dtype int32, but CA = floating from argument 'x'"):
        g(anp.ones(2), anp.ones(2, dtype=anp.int32))


# The shape part ----------------------------------------------------------------------------------------------------

def test_literal_and_any_dimensions() -> None:
    f = _checked(Array[float32, tuple[Literal[3], int, Literal[1, 2]]])
    f(anp.ones((3, 7, 1))), f(anp.ones((3, 0, 2)))
    for shape, detail in [((3, 7), "rank 2, expected 3"), ((4, 7, 1), "axis 0 is 4, expected 3"),
                          ((3, 7, 3), "axis 2 is 3, expected one of 1 | 2")]:
        with pytest.raises(TypeCheckError) as e:
            f(anp.ones(shape))
        dims = ", ".join(map(str, shape))
        assert str(e.value).endswith(f"argument 'x' expected Array[float32, (3, int, 1 | 2)], got float32[{dims}]: "
                                     f"{detail}"), e.value


def test_rank_zero_and_any_rank() -> None:
    f = _checked(Array[float32, tuple[()]])
    f(anp.asarray(1.0))
    with pytest.raises(TypeCheckError, match=r"expected Array\[float32, \(\)\], got float32\[1\]: rank 1, expected 0"):
        f(anp.ones(1))
    g = _checked(Array[float32, tuple[int, ...]])
    for shape in [(), (1,), (2, 3, 4, 5)]:
        g(anp.ones(shape))


def test_symbolic_dimensions_are_shared_across_arguments_and_the_result() -> None:
    @typecheck
    def matmul(x: Array[F, tuple[B, D]], w: Array[F, tuple[D, N]]) -> Array[F, tuple[B, N]]:
        return x @ w

    assert matmul(anp.ones((2, 3)), anp.ones((3, 4))).shape == (2, 4)
    with pytest.raises(TypeCheckError) as e:
        matmul(anp.ones((2, 3)), anp.ones((5, 4)))
    assert str(e.value).endswith("matmul(): argument 'w' expected Array[F, (D, N)], got float32[5, 4]: axis 0 is 5, "
                                 "but D = 3 from argument 'x'")

    @typecheck
    def wrong(x: Array[F, tuple[B, D]]) -> Array[F, tuple[D, B]]:
        return x

    wrong(anp.ones((3, 3)))
    with pytest.raises(TypeCheckError) as e:
        wrong(anp.ones((2, 3)))
    assert str(e.value).endswith("wrong(): return value expected Array[F, (D, B)], got float32[2, 3]: axis 0 is 2, "
                                 "but D = 3 from argument 'x'")


def test_variadic_parts() -> None:
    @typecheck
    def f(x: Array[Any, tuple[B, *Ts]], y: Array[Any, tuple[*Ts, B]]) -> Array[Any, tuple[*tuple[int, ...], B]]:
        return y if y.ndim > 1 else x

    f(anp.ones((2,)), anp.ones((2,)))  # Ts = ()
    f(anp.ones((2, 3, 4)), anp.ones((3, 4, 2)))
    with pytest.raises(TypeCheckError) as e:
        f(anp.ones((2, 3, 4)), anp.ones((3, 5, 2)))
    assert str(e.value).endswith("f(): argument 'y' expected Array[Any, (*Ts, B)], got float32[3, 5, 2]: axes 0 to 1 "
                                 "are (3, 5), but Ts = (3, 4) from argument 'x'")
    with pytest.raises(TypeCheckError, match=r"argument 'x' expected Array\[Any, \(B, \*Ts\)\], got float32\[\]: "
                                             "rank 0, expected at least 1$"):
        f(anp.ones(()), anp.ones((3,)))
    with pytest.raises(TypeCheckError, match=r"axis 0 is 3, but Ts = \(4,\) from argument 'x'$"):
        f(anp.ones((2, 4)), anp.ones((3, 2)))

    @typecheck
    def last(x: Array[Any, tuple[B, *Ts]]) -> Array[Any, tuple[*tuple[int, ...], B]]:
        return x

    last(anp.ones((2, 2))), last(anp.ones((2,)))
    with pytest.raises(TypeCheckError, match=r"return value expected Array\[Any, \(\.\.\., B\)\], got "
                                             r"float32\[2, 3\]: axis 1 is 3, but B = 2 from argument 'x'$"):
        last(anp.ones((2, 3)))

    @typecheck
    def g(x: Array[Any, tuple[Unpack[tuple[int, ...]], Literal[3]]], y: Array[Any, tuple[Unpack[Ts]]]) -> None: ...

    g(anp.ones(3), anp.ones(()))
    g(anp.ones((5, 6, 3)), anp.ones((1, 2, 3, 4)))
    with pytest.raises(TypeCheckError, match=r"Array\[Any, \(\.\.\., 3\)\], got float32\[3, 4\]: axis 1 is 4, "
                                             "expected 3$"):
        g(anp.ones((3, 4)), anp.ones(()))


def test_whole_shape_typevar() -> None:
    @typecheck
    def f(x: Array[F, S], y: Array[F, S]) -> Array[F, S]:
        return x + y

    f(anp.ones((2, 3)), anp.ones((2, 3)))
    with pytest.raises(TypeCheckError, match=r"argument 'y' expected Array\[F, S\], got float32\[3\]: shape \(3,\), "
                                             r"but S = \(2, 3\) from argument 'x'$"):
        f(anp.ones((2, 3)), anp.ones(3))


def _reference_match(dims: list[object], shape: tuple[int, ...], env: dict[object, object]) -> bool:
    """Whether ``shape`` fits ``dims`` (ints, "int", symbols as strings, "*Ts", "*any"), binding symbols in
    ``env``: written apart from the runtime's matcher, by trying every place the variadic part could take."""
    var = [i for i, d in enumerate(dims) if isinstance(d, str) and d.startswith("*")]
    fixed = len(dims) - len(var)
    if not var:
        splits = [(shape, ())] if len(shape) == fixed else []
    else:
        if len(shape) < fixed:
            return False
        k = var[0]
        run = len(shape) - fixed
        splits = [(shape[:k] + shape[k + run:], shape[k:k + run])]
    for plain, middle in splits:
        trial = dict(env)
        ok = True
        for d, n in zip([d for d in dims if not (isinstance(d, str) and d.startswith("*"))], plain):
            if d == "int":
                continue
            if isinstance(d, str):
                if trial.setdefault(d, n) != n:
                    ok = False
            elif d != n:
                ok = False
        if ok and var and dims[var[0]] == "*Ts" and trial.setdefault("*Ts", middle) != middle:
            ok = False
        if ok:
            env.clear()
            env.update(trial)
            return True
    return False


_SYMBOLS: dict[str, Any] = {"B": B, "D": D, "N": N}


def _annotation(dims: list[object]) -> object:
    parts: list[object] = []
    for d in dims:
        if d == "int":
            parts.append(int)
        elif d == "*Ts":
            parts.append(Unpack[Ts])
        elif d == "*any":
            parts.append(Unpack[tuple[int, ...]])
        elif isinstance(d, str):
            parts.append(_SYMBOLS[d])
        else:
            parts.append(Literal[d])
    return Array[float32, tuple[tuple(parts)]] if parts else Array[float32, tuple[()]]


def _shape_for(dims: list[object], rng: random.Random) -> tuple[int, ...]:
    """A random shape, most often one built from ``dims`` (symbols and the ``*Ts`` run drawn afresh each time, so
    two arguments agree by chance), at times with one axis changed or removed."""
    if rng.random() < 0.25:
        return tuple(rng.randint(1, 3) for _d in range(rng.randint(0, 4)))
    out: list[int] = []
    for d in dims:
        if isinstance(d, int):
            out.append(d)
        elif d in ("*Ts", "*any"):
            out += [rng.randint(1, 2) for _d in range(rng.randint(0, 2))]
        else:
            out.append(rng.randint(1, 2))
    if out and rng.random() < 0.2:
        i = rng.randrange(len(out))
        out[i:i + 1] = [] if rng.random() < 0.5 else [rng.randint(1, 3)]
    return tuple(out)


def test_shapes_against_a_reference_matcher() -> None:
    """Two arguments with random dimension lists (literals, any, shared symbols, a variadic part) and random
    shapes: typecheck accepts exactly what the reference matcher does, in the same order of binding."""
    rng = random.Random(10)
    outcomes = {True: 0, False: 0}
    for _ in range(600):
        specs: list[list[object]] = []
        for _arg in range(2):
            dims: list[object] = [rng.choice([1, 2, 3, "int", "B", "D", "N"]) for _d in range(rng.randint(0, 3))]
            if rng.random() < 0.4:
                dims.insert(rng.randint(0, len(dims)), rng.choice(["*Ts", "*any"]))
            specs.append(dims)
        shapes = [_shape_for(dims, rng) for dims in specs]

        def f(x: Any, y: Any) -> None: ...
        f.__annotations__ = {"x": _annotation(specs[0]), "y": _annotation(specs[1])}
        checked = typecheck(f)
        env: dict[object, object] = {}
        expected = all(_reference_match(d, s, env) for d, s in zip(specs, shapes))
        try:
            checked(anp.zeros(shapes[0]), anp.zeros(shapes[1]))
            got = True
        except TypeCheckError:
            got = False
        assert got == expected, (specs, shapes)
        outcomes[got] += 1
    assert min(outcomes.values()) > 100, outcomes  # both outcomes well represented


# Arguments: how they are passed, and what is not checked ------------------------------------------------------------

def test_non_arrays_are_named() -> None:
    f = _checked(Array[float32, tuple[Literal[3]]])
    cases: list[tuple[object, str]] = [
        (1.0, "float (a Python scalar, not an Array)"),
        (True, "bool (a Python scalar, not an Array)"),
        (np.ones(3, np.float32), "numpy.ndarray of float32[3] (a numpy array, not an Array: arraytyping.numpy."
                                 "asarray converts it)"),
        (np.float32(1), "numpy.float32 (a numpy scalar, not an Array)"),
        ([1.0, 2.0, 3.0], "list"),
        (None, "None"),
    ]
    for value, got in cases:
        with pytest.raises(TypeCheckError) as e:
            f(value)
        assert str(e.value) == f"_checked.<locals>.f(): argument 'x' expected Array[float32, (3,)], got {got}"


def test_optional_unions_and_defaults() -> None:
    @typecheck
    def f(x: Array[F, tuple[B]], mask: Optional[Array[at.bool_, tuple[B]]] = None,
          scale: Array[F, tuple[()]] | float = 1.0, n: int = 0) -> Array[F, tuple[B]]:
        return x

    x = anp.ones(3)
    f(x), f(x, None), f(x, anp.ones(3, dtype=anp.bool_)), f(x, scale=2.0), f(x, scale=anp.asarray(2.0)), f(x, n="?")
    with pytest.raises(TypeCheckError) as e:
        f(x, anp.ones(4, dtype=anp.bool_))
    assert str(e.value).endswith("argument 'mask' expected Array[bool_, (B,)] | None, got bool[4]: axis 0 is 4, "
                                 "but B = 3 from argument 'x'")
    with pytest.raises(TypeCheckError, match=r"argument 'scale' expected Array\[F, \(\)\] \| float, got "
                                             r"float16\[\]: dtype float16, but F = float32 from argument 'x'$"):
        f(x, scale=anp.asarray(2.0, dtype=anp.float16))
    with pytest.raises(TypeCheckError, match=r"got int \(a Python scalar, not an Array\)$"):
        f(x, None, 2)

    @typecheck
    def g(x: Union[Array[float32, tuple[B]], Array[at.int32, tuple[B, B]]], y: Array[Any, tuple[B]]) -> None: ...

    g(anp.ones(2), anp.ones(2))
    g(anp.ones((3, 3), dtype=anp.int32), anp.ones(3))
    with pytest.raises(TypeCheckError, match=r"argument 'y' .*axis 0 is 2, but B = 3 from argument 'x'$"):
        g(anp.ones((3, 3), dtype=anp.int32), anp.ones(2))  # the failed first member bound nothing
    with pytest.raises(TypeCheckError, match=r"expected Array\[float32, \(B,\)\] \| Array\[int32, \(B, B\)\], got "
                                             r"int32\[2, 3\]: dtype int32 is not float32$"):
        g(anp.ones((2, 3), dtype=anp.int32), anp.ones(2))

    @typecheck
    def h(x: att.ArrayLike, y: Array[float32] | list[int]) -> None: ...

    h(np.ones(3), [1])  # a numpy array is ArrayLike; list[int] is not checked, so nothing is refused there
    h(1.0, anp.ones(1))
    with pytest.raises(TypeCheckError, match="argument 'x' expected Array | ndarray | "):
        h("no", [1])


def test_args_kwargs_keyword_only_positional_only() -> None:
    @typecheck
    def f(a: Array[F, tuple[B]], /, *rest: Array[F, tuple[B]], k: Array[F, tuple[B]],
          **more: Array[F, tuple[B]]) -> None: ...

    x3, x4 = anp.ones(3), anp.ones(4)
    f(x3, x3, x3, k=x3, u=x3)
    with pytest.raises(TypeCheckError, match=r"argument 'args\[1\]' .*axis 0 is 4, but B = 3 from argument 'a'$"):
        f(x3, x3, x4, k=x3)
    with pytest.raises(TypeCheckError, match=r"argument 'k' .*but B = 3 from argument 'a'$"):
        f(x3, k=x4)
    with pytest.raises(TypeCheckError, match=r"argument 'u' .*but B = 3 from argument 'a'$"):
        f(x3, k=x3, u=x4)
    with pytest.raises(TypeCheckError, match=r"argument 'a' "):
        f(x4.astype(anp.int32), k=x3)

    @typecheck
    def g(x: Array[F, tuple[B]], y: Array[F, tuple[B]]) -> None: ...

    g(y=x3, x=x3)
    with pytest.raises(TypeCheckError, match=r"argument 'x' .*but B = 4 from argument 'y'$"):
        g(y=x4, x=x3)  # keyword arguments are checked in the order they are passed
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        g(x3, x3, z=x4)  # Python's own error, after the checks


def test_methods_and_unannotated_parameters() -> None:
    class Layer:
        def __init__(self, w: Array[float32, tuple[Literal[3], Literal[2]]]) -> None:
            self.w = w

        @typecheck
        def __call__(self, x: Array[float32, tuple[B, Literal[3]]], note, flag: bool = False  # noqa: ANN001
                     ) -> Array[float32, tuple[B, Literal[2]]]:
            return x @ self.w

        @staticmethod
        @typecheck
        def make(n: Array[float32, tuple[Literal[3], Literal[2]]]) -> Layer:
            return Layer(n)

    layer = Layer.make(anp.ones((3, 2)))
    assert layer(anp.ones((5, 3)), object(), flag="not checked").shape == (5, 2)
    with pytest.raises(TypeCheckError, match=r"Layer.__call__\(\): argument 'x' .*axis 1 is 4, expected 3$"):
        layer(anp.ones((5, 4)), None)
    with pytest.raises(TypeCheckError, match=r"Layer.make\(\): argument 'n' "):
        Layer.make(anp.ones((2, 3)))
    with pytest.raises(TypeError, match="write @staticmethod above @typecheck"):
        typecheck(staticmethod(lambda: None))  # type: ignore[type-var]


def test_no_decorator_no_check_and_no_array_annotations() -> None:
    def f(x: Array[float32, tuple[Literal[3]]]) -> Array[float32, tuple[Literal[3]]]:
        return x

    assert f(anp.ones(4)).shape == (4,)  # not decorated: nothing checked

    @typecheck
    def g(x: int, y: list[Array[float32]]) -> str:
        return str(x)

    assert g("not an int", [anp.ones(1, dtype=anp.int8)]) == "not an int"  # type: ignore[arg-type]


def test_annotations_are_resolved_once() -> None:
    calls = 0
    original = typing.get_type_hints

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    @typecheck
    def f(x: Array[float32]) -> None: ...

    typing.get_type_hints = counting
    try:
        for _ in range(3):
            f(anp.ones(1))
    finally:
        typing.get_type_hints = original
    assert calls == 1


# Annotations: the run-time subscription and its errors --------------------------------------------------------------

def test_subscription_at_run_time() -> None:
    alias = Array[float32, tuple[Literal[3], B]]
    assert typing.get_origin(alias) is Array and typing.get_args(alias) == (float32, tuple[Literal[3], B])
    assert Array[float32] == Array[(float32,)] and typing.get_args(Array[float32]) == (float32,)
    assert typing.get_args(Array[float32, tuple[()]]) == (float32, tuple[()])
    for bad, message in [
        ("Array[float32, Literal[3], Literal[4]]", "Array takes a dtype and optionally a shape, got 3 parameters: "
         "Array[float32, Literal[3], Literal[4]]; write the shape as one tuple type: Array[float32, "
         "tuple[Literal[3], Literal[4]]]"),
        ("Array[float32, Literal[3]]", "Array's shape parameter must be a tuple type, such as tuple[Literal[3], "
         "Literal[4]] (tuple[int, ...]: any shape; tuple[()]: rank 0), got Literal[3]"),
        ("Array[float32, *Ts]", "Array's shape parameter must be a tuple type, such as tuple[Literal[3], "
         "Literal[4]] (tuple[int, ...]: any shape; tuple[()]: rank 0), got *Ts"),
        ("Array[float32, (3, 4)]", "Array's shape parameter must be a tuple type, such as tuple[Literal[3], "
         "Literal[4]] (tuple[int, ...]: any shape; tuple[()]: rank 0), got (3, 4)"),
        ("Array[()]", "Array takes a dtype and optionally a shape (Array[float32], "
         "Array[float32, tuple[Literal[3], Literal[4]]]), got no parameters"),
    ]:
        with pytest.raises(TypeError) as e:
            eval(bad, globals())  # noqa: S307 - our own expressions
        assert str(e.value).replace("typing.", "").startswith(message), e.value


def test_get_type_hints_with_and_without_future_annotations() -> None:
    here = typing.get_type_hints(test_variadic_parts)  # this module: from __future__ import annotations
    assert here == {"return": type(None)}

    @typecheck
    def f(x: Array[float32, tuple[B, *Ts]]) -> Array[float32, tuple[*Ts]]:
        return x[0]

    assert typing.get_type_hints(f)["x"] == Array[float32, tuple[B, *Ts]]
    assert f(anp.ones((2, 3))).shape == (3,)
    source = (
        "from typing import Literal, TypeVar\n"
        "from arraytyping import Array, float32, typecheck\n"
        "B = TypeVar('B', bound=int)\n"
        "@typecheck\n"
        "def g(x: Array[float32, tuple[B, Literal[2]]], y: 'Array[float32, tuple[B]]',\n"
        "      z: Array['float32', 'tuple[Literal[2]]'] | None = None) -> 'Array[float32, tuple[B]]':\n"
        "    return y\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, "eager_annotations", "exec"), namespace)  # noqa: S102 - no future import there
    g = namespace["g"]
    hints = typing.get_type_hints(g)
    assert hints["y"] == Array[float32, tuple[namespace["B"]]]
    assert hints["z"] == Array[float32, tuple[Literal[2]]] | None
    g(anp.ones((3, 2)), anp.ones(3), anp.ones(2))
    with pytest.raises(TypeCheckError, match=r"g\(\): argument 'z' .*axis 0 is 3, expected 2$"):
        g(anp.ones((3, 2)), anp.ones(3), anp.ones(3))


def test_local_names_in_future_annotations() -> None:
    K = TypeVar("K", bound=int)

    @typecheck
    def f(x: Array[float32, tuple[K]], y: Array[float32, tuple[K]]) -> None: ...

    f(anp.ones(2), anp.ones(2))
    with pytest.raises(TypeCheckError, match="but K = 2 from argument 'x'"):
        f(anp.ones(2), anp.ones(3))


def test_malformed_annotations_are_named_at_the_first_call() -> None:
    cases: list[tuple[object, str]] = [
        (Array[np.float32], "float32 is not a dtype; Array's first parameter is a dtype class"),
        (Array[float32, tuple[Literal[-1]]], "a dimension Literal holds sizes (non-negative ints), got Literal[-1]"),
        (Array[float32, tuple[*Ts, *tuple[int, ...]]], "a shape has at most one variadic part"),
        (Array[float32, tuple[Ts]], "a TypeVarTuple in a shape is unpacked: write *Ts (Unpack[Ts]), not Ts"),
        (Array[float32, tuple[str]], "str is not a dimension"),
        (Array[float32, tuple[Literal[3], ...]], "tuple[X, ...] as a shape is tuple[int, ...] (any shape)"),
        (Array[bool], "bool is not a dtype"),
    ]
    for annotation, message in cases:
        f = _checked(annotation)
        with pytest.raises(TypeError) as e:
            f(anp.ones(1))
        assert not isinstance(e.value, TypeCheckError)
        assert str(e.value).startswith("typecheck: _checked.<locals>.f(), the annotation of argument 'x': "), e.value
        assert message in str(e.value).replace("typing.", ""), e.value

    def g(x: Array[float32, tuple[Undefined]]) -> None: ...  # type: ignore[name-defined]  # noqa: F821

    with pytest.raises(TypeError, match=r"typecheck: .*g\(\), the annotation of argument 'x' cannot be evaluated: "
                                        "name 'Undefined' is not defined"):
        typecheck(g)(anp.ones(1))


# Transformations --------------------------------------------------------------------------------------------------

@pytest.fixture
def check_count(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many arrays have been checked against an ``Array`` annotation."""
    count = [0]
    original = ArrayCheck.check

    def counting(self: ArrayCheck, x: object, env: Any, where: str) -> str | None:
        count[0] += 1
        return original(self, x, env, where)

    monkeypatch.setattr(ArrayCheck, "check", counting)
    return count


def _layer(x: Array[F, tuple[B, D]], w: Array[F, tuple[D, N]]) -> Array[F, tuple[B, N]]:
    return anp.tanh(x @ w)


@pytest.mark.parametrize("order", ["jit(typecheck(f))", "typecheck(jit(f))"])
def test_under_jit_the_check_runs_once_per_traced_signature(order: str, check_count: list[int]) -> None:
    f = at.jit(typecheck(_layer)) if order == "jit(typecheck(f))" else typecheck(at.jit(_layer))
    assert isinstance(f, type(at.jit(_layer)))
    x, w = anp.ones((2, 3)), anp.ones((3, 4))
    for _ in range(3):
        assert f(x, w).shape == (2, 4)
    assert check_count[0] == 3  # x, w and the result, checked on tracers while tracing, once
    f(anp.ones((5, 3)), w)
    assert check_count[0] == 6  # a new signature, traced and checked again
    with pytest.raises(TypeCheckError, match=r"_layer\(\): argument 'w' expected Array\[F, \(D, N\)\], got "
                                             r"float32\[4, 4\]: axis 0 is 4, but D = 3 from argument 'x'$"):
        f(x, anp.ones((4, 4)))
    with pytest.raises(TypeCheckError, match="argument 'w'"):
        f(x, anp.ones((4, 4)))  # a refused signature is not cached: refused again


def test_jit_static_arguments_survive_rewrapping() -> None:
    def f(x: Array[float32, tuple[B]], n: int) -> Array[float32, tuple[B]]:
        return x * n

    g = typecheck(at.jit(f, static_argnames="n"))
    assert float(g(anp.ones(2), 3)[0]) == 3.0 and float(g(anp.ones(2), n=4)[0]) == 4.0
    with pytest.raises(TypeCheckError):
        g(anp.ones((2, 2)), 3)


def test_eager_checks_every_call(check_count: list[int]) -> None:
    f = typecheck(_layer)
    for _ in range(3):
        f(anp.ones((2, 3)), anp.ones((3, 4)))
    assert check_count[0] == 9


def test_vmap_and_grad_check_what_the_function_sees() -> None:
    per_row = at.vmap(typecheck(_layer), in_axes=(0, None))  # one example: x is (D,)... not (B, D)
    with pytest.raises(TypeCheckError, match=r"got float32\[3\]: rank 1, expected 2$"):
        per_row(anp.ones((5, 3)), anp.ones((3, 4)))

    @typecheck
    def row(x: Array[F, tuple[D]], w: Array[F, tuple[D, N]]) -> Array[F, tuple[N]]:
        return x @ w

    assert at.vmap(row, in_axes=(0, None))(anp.ones((5, 3)), anp.ones((3, 4))).shape == (5, 4)

    @typecheck
    def loss(w: Array[F, tuple[D, N]], x: Array[F, tuple[B, D]]) -> Array[F, tuple[()]]:
        return (x @ w).sum()

    assert at.grad(loss)(anp.ones((3, 4)), anp.ones((2, 3))).shape == (3, 4)
    with pytest.raises(TypeCheckError, match="argument 'x'"):
        at.grad(loss)(anp.ones((3, 4)), anp.ones((2, 4)))
