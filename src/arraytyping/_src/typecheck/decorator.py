"""``arraytyping.typecheck``: the dtypes and shapes of a function's ``Array[...]`` annotations, checked at run time.

The decorator reads the annotations once, at the first call (``typing.get_type_hints``, so forward references and
``from __future__ import annotations`` work), and compiles each ``Array[...]`` parameter, and the return value, into
a checker (:mod:`.specs`); a call then costs a few attribute reads per checked argument. Symbols (dtype
``TypeVar``\\ s, dimension ``TypeVar``\\ s, ``TypeVarTuple``\\ s) are bound once per call, across the arguments and the
return value, in the order they are checked: positional arguments, keyword arguments, the return value.

Under ``jit`` the check runs on the tracers, at trace time: once per traced signature, nothing per call after. So
``@jit @typecheck def f`` and ``@typecheck @jit def f`` (the jitted function is rebuilt around the checked one)
both check only when ``f`` is traced, and what they check is what the traced function sees: a numpy array or a
Python scalar passed to a jitted function is an ``Array`` there (a Python float a weakly typed float32), where the
eager check refuses it.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from arraytyping._src.xla.dispatch import JitFunction
from arraytyping._src.typecheck.specs import Checker, Env, compile_annotation

__all__ = ["TypeCheckError", "typecheck"]

DecoratedFunction = TypeVar("DecoratedFunction", bound=Callable[..., Any])


class TypeCheckError(TypeError):
    """An argument or the return value of a :func:`typecheck`-ed function does not match its ``Array[...]``
    annotation; the message names the function, the parameter (or the return value), the expected and the actual
    dtype and shape, and for a symbol where it was bound (``B = 3 from argument 'x'``)."""


class _Plan:
    """A function's checkers, by how its arguments are passed: ``positional`` (index, checker, where) for the
    checked parameters that can be passed by position, ``by_name`` for those that can be passed by keyword,
    ``var_positional``/``var_keyword`` for ``*args``/``**kwargs`` (each element), ``result`` for the return value;
    ``symbolic`` when some checker binds a symbol (then each call has an environment)."""

    __slots__ = ("name", "positional", "n_positional", "by_name", "var_positional", "var_keyword", "result",
                 "symbolic")

    def __init__(self, fun: Callable[..., Any], localns: Mapping[str, Any] | None) -> None:
        self.name = f"{getattr(fun, '__qualname__', None) or getattr(fun, '__name__', repr(fun))}()"
        try:
            hints = typing.get_type_hints(fun, localns=dict(localns) if localns else None, include_extras=True)
        except NameError:
            hints = self._hints_one_by_one(fun, localns)
        positional: list[tuple[int, Checker, str]] = []
        self.by_name: dict[str, tuple[Checker, str]] = {}
        self.var_positional: Checker | None = None
        self.var_keyword: Checker | None = None
        self.n_positional = 0
        checkers: list[Checker] = []
        for p in inspect.signature(fun).parameters.values():
            where = f"argument {p.name!r}"
            checker = self._compile(hints, p.name, where)
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                if checker is not None:
                    positional.append((self.n_positional, checker, where))
                self.n_positional += 1
            if checker is None:
                continue
            checkers.append(checker)
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                self.by_name[p.name] = (checker, where)
            elif p.kind is p.VAR_POSITIONAL:
                self.var_positional = checker
            elif p.kind is p.VAR_KEYWORD:
                self.var_keyword = checker
        self.positional = tuple(positional)
        self.result = self._compile(hints, "return", "return value")
        if self.result is not None:
            checkers.append(self.result)
        self.symbolic = any(c.binds for c in checkers)

    def _hints_one_by_one(self, fun: Callable[..., Any], localns: Mapping[str, Any] | None) -> dict[str, Any]:
        """The annotations that can be evaluated, when one cannot (``get_type_hints`` gives none then): one that
        names no ``Array`` is left unchecked (a method returning its own local class), one that does is an error."""
        hints: dict[str, Any] = {}
        for key, annotation in getattr(inspect.unwrap(fun), "__annotations__", {}).items():
            shim = functools.update_wrapper(lambda: None, fun)
            shim.__annotations__ = {key: annotation}
            try:
                hints |= typing.get_type_hints(shim, localns=dict(localns) if localns else None, include_extras=True)
            except NameError as e:
                if "Array" in str(annotation):
                    where = "return value" if key == "return" else f"argument {key!r}"
                    raise TypeError(f"typecheck: {self.name}, the annotation of {where} cannot be evaluated: "
                                    f"{e}") from e
        return hints

    def _compile(self, hints: dict[str, Any], key: str, where: str) -> Checker | None:
        if key not in hints:
            return None
        return compile_annotation(hints[key], f"typecheck: {self.name}, the annotation of {where}")

    def fail(self, where: str, err: str) -> TypeCheckError:
        return TypeCheckError(f"{self.name}: {where} {err}")

    def check_extra(self, args: tuple[Any, ...], kwargs: dict[str, Any], env: Env | None) -> None:
        """The arguments the positional loop does not cover: ``*args`` elements and keyword arguments."""
        star = self.var_positional
        if star is not None:
            for i in range(self.n_positional, len(args)):
                where = f"argument 'args[{i - self.n_positional}]'"
                err = star.check(args[i], env, where)
                if err is not None:
                    raise self.fail(where, err)
        for key, value in kwargs.items():
            entry = self.by_name.get(key)
            if entry is not None:
                checker, where = entry
            elif self.var_keyword is not None:
                checker, where = self.var_keyword, f"argument {key!r}"
            else:
                continue  # an unexpected keyword: the call itself raises Python's TypeError
            err = checker.check(value, env, where)
            if err is not None:
                raise self.fail(where, err)


def _checked(fun: Callable[..., Any], localns: Mapping[str, Any] | None) -> Callable[..., Any]:
    plan: _Plan | None = None

    @functools.wraps(fun)
    def checked(*args: Any, **kwargs: Any) -> Any:
        nonlocal plan
        if plan is None:
            plan = _Plan(fun, localns)
        env: Env | None = {} if plan.symbolic else None
        n = len(args)
        for i, checker, where in plan.positional:
            if i < n:
                err = checker.check(args[i], env, where)
                if err is not None:
                    raise plan.fail(where, err)
        if kwargs or n > plan.n_positional:
            plan.check_extra(args, kwargs, env)
        out = fun(*args, **kwargs)
        result = plan.result
        if result is not None:
            err = result.check(out, env, "return value")
            if err is not None:
                raise plan.fail("return value", err)
        return out

    return checked


def _typecheck(fun: Any, localns: Mapping[str, Any] | None) -> Any:
    if isinstance(fun, JitFunction):  # check the traced function: once per traced signature, as @jit @typecheck
        return type(fun)(_typecheck(fun.fun, localns), tuple(fun.static_argnames),
                         static_argnums=fun.static_argnums, name=fun.name, static_kwargs=fun.static_kwargs,
                         staged=fun.staged, call_name=fun.call_name)
    kind = type(typing.cast(object, fun)).__name__
    if isinstance(fun, (staticmethod, classmethod)):
        raise TypeError(f"typecheck takes the function itself: write @{kind} above @typecheck")
    if not callable(fun):
        raise TypeError(f"typecheck takes a function, got {kind}")
    return _checked(fun, localns)


def typecheck(fun: DecoratedFunction) -> DecoratedFunction:
    """Check ``fun``'s arguments and return value against their ``Array[...]`` annotations at each call: dtype and
    shape (``Array[float32, tuple[B, Literal[4]]]``), binding each symbol once per call across the arguments and
    the return value; a mismatch raises :class:`TypeCheckError`. Parameters annotated otherwise are not checked
    (a union with an ``Array`` member is checked against each member). Under ``jit`` (either order) the check runs
    when the function is traced, once per traced signature."""
    frame = inspect.currentframe()
    caller = frame.f_back if frame is not None else None  # the defining scope: its local names, for annotations
    local = caller is not None and "<locals>" in getattr(fun, "__qualname__", "")
    localns = dict(caller.f_locals) if local and caller is not None else None
    return cast(DecoratedFunction, _typecheck(fun, localns))
