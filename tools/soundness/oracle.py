"""The runtime's answer: each case's expression evaluated by arraytyping itself, once per run (one choice for every
dim), in the case's configuration.

The expression is applied one operation at a time, exactly as Python evaluates its source, so each rejection is
attributed to the operation that raised it (``Outcome.at``). Arrays are given abstractly (``ShapedArray`` arguments of :func:`arraytyping.eval_shape`), so dtypes no backend holds
(float4, int1...) are covered; numpy values, Python scalars, strings and dtype objects are concrete constants.
Optionally (``eager``), runs whose arrays the CPU can hold are evaluated eagerly too, on concrete arrays, and any
difference from the abstract answer is reported.

A rejection is a ``TypePromotionError``, a ``ValueError`` about a dtype argument, an ``OperandValueError`` (``op_rules``: what JAX 0.10.2 fails on for a
dtype, e.g. ``power`` of int1 arrays) or a ``TypeError`` raised for the operands (not one raised by Python for a
malformed call). Anything else (a shape error, an index error, a ``TypeError`` about arguments, a result that is not
an array or a dtype, a shape other than the generator's) is a :class:`~.generate.GeneratorBug`.
"""

from __future__ import annotations

import functools
import random
import re
import warnings
from typing import Any

import numpy as np

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.typing as att
from arraytyping import op_rules
from arraytyping._src.core.avals import ShapedArray

from . import universe as U
from .expressions import Call, Choice, Node, Param
from .generate import Case, GeneratorBug, Outcome, Run

_CALL_ERRORS = re.compile(r"unexpected keyword argument|positional argument|required (keyword|positional)|"
                          r"is not callable|not subscriptable|takes no arguments|multiple values for argument")
"""``TypeError`` messages that Python raises for a malformed call: the generator's fault, not the operands'."""
_DTYPE_VALUE_ERRORS = re.compile(r"is not a dtype arraytyping can promote|is no dtype argument|is not a dtype: |"
                                 r"Complex values have no ordering|must be inexact|has no inexact counterpart|"
                                 r"Operands must have the same tree structure as init_values")
"""``ValueError`` messages about a dtype argument (``promote_types`` of a string that names none), or about an
operand's kind (``lax.reduce_window`` of a list, a tree of several operands against one init value, which JAX
refuses with the same ``ValueError``): rejections. Every other ``ValueError`` (shapes, axes) is the generator's
fault."""
_SCALAR_ATTRIBUTE = re.compile(r"'(bool|int|float|complex)' object has no attribute '(ndim|shape)'")
"""The ``AttributeError`` JAX raises (and the runtime with it) where a ``lax`` function reads the ``ndim`` or
``shape`` of a Python scalar operand (``dynamic_slice``, ``reduce_window`` with a padding type): a rejection."""


class ValueDependent(Exception):
    """The runtime refused a value (an integer out of range), not a type, or needed one that an abstract argument
    does not have (a 0-d count): the generator chooses other values."""


class RuntimeFault(Exception):
    """The runtime misbehaved on a well-formed case (an internal object leaked to user code): a runtime bug, not a
    verdict. The case is left out of the counts and listed in the report."""


def dtype_object(name: str) -> np.dtype[Any]:
    """The dtype object of a dtype name (ml_dtypes' included), not canonicalized."""
    cls = getattr(at, "bool_" if name == "bool" else name)
    dt: np.dtype[Any] = np.dtype(cls.dtype)
    return dt


def _value(p: Param, c: Choice, x64: bool) -> tuple[bool, object]:
    """(traced, value) of parameter ``p`` bound to choice ``c``."""
    if c.form == "array":
        assert c.dtype is not None
        with at.enable_x64(x64):
            dt = at.dtypes.canonicalize_dtype(c.dtype)
        return True, ShapedArray(p.shape, dt, c.weak)
    if c.form == "ndarray":
        assert c.dtype is not None
        return False, np.ones(p.shape, dtype=dtype_object(c.dtype))
    if c.form == "npscalar":
        assert c.dtype is not None
        return False, dtype_object(c.dtype).type(True if c.dtype == "bool" else 2)
    if c.form == "dtype":
        assert c.dtype is not None
        return False, dtype_object(c.dtype)
    return False, c.value


def _env() -> dict[str, object]:
    import numpy.typing as npt

    import arraytyping.lax as lax
    import arraytyping.nn as nn
    import arraytyping.random as random
    from arraytyping.numpy import fft, linalg

    return {"at": at, "anp": anp, "nn": nn, "random": random, "fft": fft, "linalg": linalg, "lax": lax, "np": np,
            "npt": npt, "att": att}


def _outcome(result: object, case: Case) -> Outcome:
    if type(result).__name__ == "ConstVal":
        raise RuntimeFault(f"{case.source}: the runtime returned its internal ConstVal (a constant inside a trace), "
                           "not an Array")
    if isinstance(result, at.Array):
        aval: ShapedArray = getattr(result, "aval")  # noqa: B009 - the stubs do not declare the runtime's aval
        return Outcome(str(aval.dtype), bool(aval.weak_type), tuple(aval.shape))
    if isinstance(result, np.dtype):
        return Outcome(str(result), False, None, "dtype")
    raise GeneratorBug(f"{case.source}: the runtime gave {type(result).__name__} {result!r}, not an array or dtype")


class _Fault(Exception):
    pass


def _compiled(node: Node, cache: dict[int, Any]) -> Any:
    """The code that applies ``node`` to its operands (named ``__a``, ``__b``...), or evaluates a leaf."""
    code = cache.get(id(node))
    if code is None:
        if isinstance(node, Call):
            text = node.entry.template.format(**{s: f"__{s}" for s in node.args}, **node.extras)
        else:
            text = node.render()
        code = cache[id(node)] = compile(text, "<case>", "eval")
    return code


def _apply(node: Node, env: dict[str, object], cache: dict[int, Any], path: list[Node]) -> object:
    """Evaluate ``node`` one operation at a time (as Python evaluates the rendered source), so that an internal
    object the runtime leaks between two operations is caught where it appears; ``path`` ends at the node being
    applied when an exception escapes."""
    if isinstance(node, Call):
        operands = {}
        for s, child in node.args.items():
            v = _apply(child, env, cache, path)
            if type(v).__name__ == "ConstVal":
                raise _Fault(f"{child.render()} gave the runtime's internal ConstVal (a constant inside a trace), "
                             "not an Array")
            operands[f"__{s}"] = v
        path.append(node)
        out = eval(_compiled(node, cache), {**env, **operands})
        path.pop()
        return out
    path.append(node)
    out = eval(_compiled(node, cache), env)
    path.pop()
    return out


def evaluate_run(case: Case, assignment: tuple[tuple[str, Choice], ...], cfg: U.Config,
                 cache: dict[int, Any] | None = None) -> Outcome:
    cache = {} if cache is None else cache
    chosen = dict(assignment)
    env = _env()
    traced: list[tuple[str, object]] = []
    for p in case.params:
        is_traced, value = _value(p, chosen[p.dim], cfg.x64)
        if is_traced:
            traced.append((p.name, value))
        else:
            env[p.name] = value
    names = [n for n, _ in traced]
    captured: list[object] = []
    path: list[Node] = []
    where = f"{case.source} with {[(k, c.label) for k, c in assignment]}"

    def f(*vals: object) -> tuple[()]:
        captured.append(_apply(case.expr, {**env, **dict(zip(names, vals, strict=True))}, cache, path))
        return ()

    def rejected(e: Exception, error: str | None = None) -> Outcome:
        at_node = path[-1].render() if path else case.source
        return Outcome(error=error or type(e).__name__, message=str(e), at=at_node)

    try:
        with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "requested dtype float64 is not available": the canonicalization
            at.eval_shape(f, *(v for _, v in traced))
    except _Fault as e:
        raise RuntimeFault(f"{where}: {e}") from e
    except (at.TypePromotionError, op_rules.OperandValueError, op_rules.OperandOverflowError,
            op_rules.OperandNotImplementedError) as e:  # what the rule modules refuse for a dtype
        return rejected(e)
    except at.ConcretizationTypeError as e:  # a value the abstract arguments cannot give (a 0-d count): the
        raise ValueDependent(str(e)) from e   # static types are those of eager code, which has it
    except TypeError as e:
        if "ConstVal" in str(e):
            raise RuntimeFault(f"{where}: {e}") from e
        if _CALL_ERRORS.search(str(e)):
            raise GeneratorBug(f"{where}: {type(e).__name__}: {e}") from e
        return rejected(e, "TypeError")
    except ValueError as e:
        if _DTYPE_VALUE_ERRORS.search(str(e)):
            return rejected(e, "ValueError")
        raise GeneratorBug(f"{where}: ValueError: {e}") from e
    except OverflowError as e:
        raise ValueDependent(str(e)) from e
    except AttributeError as e:
        if _SCALAR_ATTRIBUTE.fullmatch(str(e)):  # a Python scalar given to a lax function that reads its ndim/shape
            return rejected(e, "AttributeError")
        raise GeneratorBug(f"{where}: AttributeError: {e}") from e
    except Exception as e:
        raise GeneratorBug(f"{where}: {type(e).__name__}: {e}") from e
    out = _outcome(captured[0], case)
    if out.what == "array" and out.shape != case.expr.shape:
        raise GeneratorBug(f"{case.source}: the runtime's shape {out.shape} is not the generator's "
                           f"{case.expr.shape}")
    return out


def evaluate(case: Case, cfg: U.Config) -> list[Run]:
    cache: dict[int, Any] = {}
    return [Run(a, evaluate_run(case, a, cfg, cache)) for a in case.assignments()]


@functools.cache
def holdable(name: str) -> bool:
    """Whether the CPU backend holds arrays of this dtype (eager runs need concrete arrays)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            anp.zeros((2,), dtype=dtype_object(name)).block_until_ready()
    except Exception:
        return False
    return True


def eager_differences(case: Case, cfg: U.Config, limit: int = 2) -> list[str]:
    """Evaluate up to ``limit`` runs whose arrays are all strong and holdable eagerly, on concrete arrays; describe
    each whose answer differs from the abstract one (dtype, weak flag, shape, or error class)."""
    code = compile(case.source, f"<case {case.id}>", "eval")
    out = []
    runs = [r for r in case.runs
            if not any(c.form == "array" and (c.weak or not holdable(c.dtype or "")) for _, c in r.assignment)]
    for run in random.Random(case.id).sample(runs, min(limit, len(runs))):
        chosen = dict(run.assignment)
        env = _env()
        with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
            for p in case.params:
                traced, value = _value(p, chosen[p.dim], cfg.x64)
                if traced:
                    c = chosen[p.dim]
                    value = anp.ones(p.shape, dtype=dtype_object(c.dtype or ""))
                env[p.name] = value
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    got = _outcome(eval(code, env), case)
            except (at.TypePromotionError, op_rules.OperandValueError) as e:
                got = Outcome(error=type(e).__name__)
            except TypeError as e:
                got = Outcome(error="TypeError", message=str(e))
            except Exception as e:  # noqa: BLE001 - reported, not raised: the abstract run succeeded
                got = Outcome(error=type(e).__name__, message=str(e))
        want = run.outcome
        if (got.error, got.dtype, got.weak, got.shape) != (want.error, want.dtype, want.weak, want.shape):
            out.append(f"{case.source} with {[(k, c.label) for k, c in run.assignment]}: abstract {want}, "
                       f"eager {got}{': ' + got.message[:200] if got.message else ''}")
    return out
