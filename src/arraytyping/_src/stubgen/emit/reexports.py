"""Stubs of the public modules that re-export runtime functions and classes (``arraytyping.random``, ``nn``, ``lax``,
``numpy.fft``, ``numpy.linalg``), generated from the runtime source.

Their sources hand the runtime ``Array`` around (what ``mypy --strict`` checks there); a checker of the installed
package reads these stubs instead, where the annotation alias ``AnyArray`` is the stubs' ``Array[Any]``: gradual in
its dtype, never a wrong one, and an array (completion, hover, and every ``arraytyping.numpy`` function takes it).
Each declaration is the runtime's (annotations as written, defaults ``...``, the docstring's first paragraph), so
``mypy.stubtest`` holds the stub to the runtime; a name an annotation uses that the stub cannot import is an error
here, not in a user's checker.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from arraytyping import op_rules, shape_rules
from arraytyping._src.stubgen import binary, dtype_arguments, from_source, lax_same, random_functions, single_rules, specs
from arraytyping._src.stubgen.binary import KeepVars
from arraytyping._src.stubgen.families import Model
from arraytyping._src.stubgen.emit.numpy import SHAPE_VAR, SHAPE_VAR_DECLARATION, accepted_operand, unary_function
from arraytyping._src.stubgen.from_source import PACKAGE, docline, emit_all, stub_function
from arraytyping._src.stubgen.unary import Rule
from arraytyping.lattice import LatticeConfig

__all__ = ["REEXPORT_MODULES", "STATS_MODULES", "TUPLES", "reexport_stub", "tuple_returns"]

STATS_MODULES: Final = ("bernoulli", "beta", "betabinom", "binom", "cauchy", "chi2", "dirichlet", "expon", "gamma",
                         "gennorm", "geom", "gumbel_l", "gumbel_r", "laplace", "logistic", "multinomial",
                         "multivariate_normal", "nbinom", "pareto", "poisson",
                         "t", "truncnorm", "uniform", "vonmises", "wrapcauchy")
"""The ``jax.scipy.stats`` distributions besides ``norm``: their functions' stubs are their runtime signatures
(results ``Array[Any]``: the dtype rules of several promoted parameters are not written as overloads)."""
REEXPORT_MODULES: Final = ("random.py", "nn/__init__.py", "lax/__init__.py", "numpy/fft.py", "numpy/linalg.py",
                            "scipy/special.py", "scipy/stats/norm.py", "scipy/signal.py", "lax/linalg.py",
                            "scipy/linalg.py", "scipy/sparse/linalg.py", "scipy/optimize.py", "scipy/fft.py",
                            "scipy/integrate.py", "scipy/cluster/vq.py", "scipy/stats/__init__.py", "ops.py", "image.py",
                            *(f"scipy/stats/{name}.py" for name in STATS_MODULES))
"""The public modules (relative to the package) whose stub (``.pyi`` beside them) this module writes."""

TYPED: Final[dict[str, dict[str, Callable[[str, LatticeConfig], Rule]]]] = {
    "nn/__init__.py": {name: lambda fn, cfg: single_rules.int_as_float(single_rules.nn_rule(fn, cfg))
              for name in op_rules.NN_STATIC},
    "lax/__init__.py": {**{name: lambda fn, cfg: single_rules.int_as_float(single_rules.lax_rule(fn, cfg))
                  for name in op_rules.LAX_UNARY_KINDS},
               "integer_pow": lambda fn, cfg: single_rules.integer_pow_rule(cfg),
               "reduce_window": lambda fn, cfg: single_rules.reduce_window_rule(cfg)},
    "numpy/fft.py": {name: single_rules.fft_rule for name in op_rules.FFT_FUNCTIONS
                     if name not in op_rules.FFT_RANK_DEPENDENT},
    "numpy/linalg.py": {name: single_rules.linalg_rule for name in op_rules.LINALG_STATIC},
    "scipy/special.py": {
        **{fn.removeprefix("special."): lambda fn, cfg: single_rules.scipy_rule(f"special.{fn}", cfg)
           for fn in op_rules.SCIPY_UNARY if fn.startswith("special.")},
        "logsumexp": lambda fn, cfg: single_rules.int_as_float(single_rules.nn_rule(fn, cfg))},
    "scipy/stats/norm.py": {fn.removeprefix("norm."): lambda fn, cfg: single_rules.scipy_rule(f"norm.{fn}", cfg)
                            for fn in op_rules.SCIPY_UNARY if fn.startswith("norm.")},
}
"""The functions of one operand declared by their dtype rule (exact overloads for every operand kind, as
``arraytyping.numpy.exp``), not from their runtime signature; a function with more parameters keeps them (those
of :data:`DTYPE_NEUTRAL` restricted), and its runtime signature follows as the gradual fallback."""

NOT_ONLY_ARRAYS: Final[dict[str, tuple[str, ...]]] = {"lax/__init__.py": ("reduce_window",)}
"""The :data:`TYPED` functions whose operand may be other than an array (``reduce_window`` of a tuple of arrays,
with a tuple of initial values): their runtime signature follows the typed overloads."""

TUPLES: Final[dict[str, dict[str, str]]] = {"numpy/linalg.py": dict(op_rules.LINALG_TUPLE_CLASSES)}
"""The functions of one operand whose result is a named tuple of arrays (``op_rules.LINALG_TUPLES``), by the class
of that result: declared as :data:`TYPED`'s, returning the class of the fields' dtypes (``EighResult[float32,
complex64]``); the runtime's overloads that return one array (``qr(a, mode='r')``) are typed by that field's rule
(``op_rules.LINALG_ALONE``)."""

DTYPE_NEUTRAL: Final[dict[str, str]] = {"mean": "None", "variance": "None", "epsilon": "float", "b": "None",
                                        "loc": "int", "scale": "int",
                                        "alpha": "float", "negative_slope": "None",
                                        "return_sign": "Literal[False]", "preferred_element_type": "None",
                                        **{param: f"Literal[{', '.join(repr(v) for v, a in values.items() if not a)}]"
                                           for param, values in op_rules.LINALG_ALONE_BY.values()}}
"""The parameters of :data:`TYPED`'s (and :data:`TUPLES`') functions that could change the dtype or the kind of
result, as the typed overloads take them (left out, or a Python float ``epsilon`` or ``alpha``: what
``op_rules.nn_static_result`` answers for; ``jax.scipy.stats.norm``'s ``loc`` and ``scale`` as Python ints, which
``op_rules.scipy_result`` joins with ``x``; the modes of ``qr`` and ``svd`` that return the named tuple). A Python
``int`` passes for a ``float`` in every checker: ``elu``'s and ``celu``'s ``alpha`` give the same dtypes as an int,
``leaky_relu``'s ``negative_slope`` does not (an integer array times an int stays integer), so only its default is
typed."""

_DTYPE_NAMES: Final = frozenset([*specs.CONCRETE, *specs.ABSTRACT, "_Abstract"])
_ROOT_PRIVATE: Final = re.compile(r"_Is\w+|_Same|_PyScalar|_NumpyOperand|_[A-Z][a-z]+(?:W\d+|Up|R\d+)")
"""The root stub's type-check-only names a rule's overloads use: its promotion protocols (``_IsFloating``, the
binary families' ``_DivW0``, ``_DivUp``, ``_DivR0``, ``_Same``) and operand aliases, imported from ``arraytyping``."""

BY_DTYPE: Final[dict[tuple[str, str], Callable[[LatticeConfig, str | None], str]]] = {
    ("numpy/fft.py", "fftfreq"): lambda cfg, node: op_rules.fftfreq_result(node, cfg),
    ("numpy/fft.py", "rfftfreq"): lambda cfg, node: op_rules.rfftfreq_result(node, cfg),
    ("nn/__init__.py", "one_hot"): lambda cfg, node: op_rules.nn_one_hot_result("int32", node, cfg)[0]}
"""The functions declared by the rule of their ``dtype`` argument alone (``dtype_given``): ``fftfreq``, ``rfftfreq``,
``one_hot`` (of any operand: its refusal of a bool one is missed)."""

NAMED_AXIS_KEEP: Final[dict[str, dict[str, str]]] = {
    "lax/__init__.py": {"psum": "int32", "pmax": "bool_", "pmin": "bool_", "ppermute": "bool_", "pshuffle": "bool_"}}
"""The collectives whose result is their operand's type: its dtype (a bool operand's result has the dtype given here:
``psum`` sums bools as int32) and, when ``axis_name`` is one name (a ``str``, never a positional axis, which
``psum``/``pmax``/``pmin`` reduce), its shape; then the dtype alone for any ``axis_name``; then the runtime's
signature as the gradual fallback (a pytree, a Python scalar, a weakly typed operand, whose weak type ``psum`` drops)."""

FIXED_RESULTS: Final[dict[str, dict[str, str]]] = {
    "random.py": {"PRNGKey": "uint32", "key_data": "uint32", "split": "uint32", "fold_in": "uint32"},
    "lax/__init__.py": {**{name: "bool_" for name in ("eq", "ne", "lt", "le", "gt", "ge", "is_finite")},
                        "axis_index": "int32"}}
"""The functions whose array results have one dtype whatever their arguments and configuration: raw keys
(``PRNGKey``; ``split`` and ``fold_in`` of a raw key) and a key's data are ``uint32`` (JAX's threefry and rbg keys
alike); their typed-key overloads keep returning ``PRNGKeyArray``. ``jax.lax``'s comparisons and ``is_finite``
are ``bool`` whatever operands they accept (the operands they refuse are not typed: a gradual ``ArrayLike``)."""

KEEP_DTYPE: Final[dict[str, tuple[str, ...]]] = {
    "lax/__init__.py": ("reshape", "transpose", "rev", "squeeze", "expand_dims", "slice", "collapse", "reduce_sum",
               "reduce_prod", "reduce_max", "reduce_min", "reduce_and", "reduce_or", "cumsum", "cumprod", "cummax",
               "cummin", "sort", "clz", "reciprocal", "tile", "slice_in_dim", "index_in_dim", "dynamic_index_in_dim",
               "gather", "scatter", "scatter_add", "scatter_mul", "scatter_min", "scatter_max", "index_take",
               "broadcast", "broadcast_to_rank", "population_count", "reduce_precision",
               "all_gather", "psum_scatter", "all_to_all", "pswapaxes", "scatter_sub", "cumlogsumexp",
               "broadcast_like")}
"""The functions whose result has their (first) array operand's dtype whenever JAX runs them (they never promote:
shapes, reductions, running reductions, ``sort`` of one array, the gathers and scatters, ``tile``, ``broadcast``, the one-axis indexing): an ``Array[_G]`` operand gives ``Array[_G]``, before
the runtime's signature as the gradual fallback (an operand the rule cannot name, a Python scalar, a sequence)."""

BINARY: Final[dict[str, dict[str, str]]] = {"numpy/linalg.py": {"solve": "true_divide"}}
"""The functions of two operands declared by a binary operation's overloads (``arraytyping.numpy``'s): ``solve`` is
``promote_dtypes_inexact`` of its operands, ``true_divide``'s table, but for the 1- and 2-bit integers it refuses
(``op_rules.linalg_solve_result``), a refusal the stubs miss."""

_IMPORTS: Final = (
    "from collections.abc import Callable, Iterator, Sequence",
    "from typing import Any, ClassVar, Final, Generic, Literal, NamedTuple, TypeVar, overload",
    "",
    "from typing_extensions import TypeAlias",
    "",
    "import numpy as np",
    "",
    "from arraytyping import Array",
    "from arraytyping.typing import ArrayLike, DTypeLike, ShapeLike",
)
_IMPORTED: Final = frozenset({"enum", "Callable", "Iterator", "Sequence", "Any", "ClassVar", "Final", "Generic", "Literal",
                              "NamedTuple", "TypeVar", "overload", "TypeAlias", "np", "Array", "ArrayLike",
                              "DTypeLike", "ShapeLike", "AnyArray", "Primitive"})
"""What an annotation may name besides builtins and the stub's own declarations (``AnyArray`` is rewritten)."""


def _module_file(module: str) -> Path:
    rel = module.removeprefix("arraytyping.").replace(".", "/")
    path = PACKAGE / f"{rel}.py"
    return path if path.is_file() else PACKAGE / rel / "__init__.py"


def _find(module: str, name: str) -> tuple[ast.Module, list[ast.stmt], list[str]]:
    """The source tree of the module that defines ``name`` (following re-exports), its defining statements
    (several for an overloaded function) and its source lines."""
    text = _module_file(module).read_text()
    tree = ast.parse(text)
    found: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            found.append(node)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found.append(node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            found.append(node)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:  # ``import f as g`` binds ``g``: what ``f`` names is found under ``f``
                if (alias.asname or alias.name) == name:
                    return _find(node.module, alias.name)
    if not found:
        raise ValueError(f"stub generator: {name} not found in {module}")
    return tree, found, text.splitlines()


def _class_stub(node: ast.ClassDef, lines: Sequence[str]) -> list[str]:
    """The stub of a runtime class. A named tuple generic in ``[_D0, _D1, ...]`` holds arrays of those dtypes, in
    its fields' order: its ``AnyArray`` fields are declared ``Array[_D0]``, ``Array[_D1]``..."""
    bases = ", ".join(ast.unparse(b) for b in [*node.bases, *node.keywords])
    out = [f"class {node.name}({bases}):" if bases else f"class {node.name}:"]
    doc = docline(node)
    if doc:
        out.append(f"    {doc}")
    params = [ast.unparse(e) for b in node.bases if isinstance(b, ast.Subscript) and ast.unparse(b.value) == "Generic"
              for e in (b.slice.elts if isinstance(b.slice, ast.Tuple) else [b.slice])]
    fields = iter(params if "NamedTuple" in bases else [])
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and (not item.name.startswith("_") or item.name.startswith("__")):
            out += stub_function(item, "    ")
        elif (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
              and (not item.target.id.startswith("_") or item.target.id.startswith("__"))):
            value = (f" = {item.value.value!r}" if isinstance(item.value, ast.Constant)
                     else " = ..." if item.value is not None and "NamedTuple" in bases else "")  # a named
            # tuple's field default (``= ()``); elsewhere a computed value is left to the annotation
            source = lines[item.lineno - 1]  # its checkers' ignore comments too (``__hash__: ClassVar[None]``)
            ignore = source[source.index("  # type: ignore"):] if "  # type: ignore" in source else ""
            annotation = ast.unparse(item.annotation)
            if annotation == "AnyArray" and (param := next(fields, None)) is not None:
                annotation = f"Array[{param}]"
            out.append(f"    {item.target.id}: {annotation}{value}{ignore}")
        elif (isinstance(item, ast.Assign) and "Enum" in bases and len(item.targets) == 1
              and isinstance(item.targets[0], ast.Name)):
            # an enum's member: its value, or the stubs' placeholder for one computed (``enum.auto()``)
            value = repr(item.value.value) if isinstance(item.value, ast.Constant) else "..."
            out.append(f"    {item.targets[0].id} = {value}")
    return out if len(out) > 1 else [*out, "    ..."]


def _rest_of_signature(fn: ast.FunctionDef, restrict: bool = True, skip: int = 1) -> str:
    """The parameters of ``fn`` after its first ``skip``, as a stub writes them, those of :data:`DTYPE_NEUTRAL`
    restricted (unless not ``restrict``), keyword-only from ``epsilon`` on (a positional ``np.float64`` epsilon must
    not reach the typed overloads)."""
    return from_source.rest_of(fn, DTYPE_NEUTRAL if restrict else {}, skip, keyword_only_from="epsilon")


def _deciding_overloads(nodes: Sequence[ast.stmt], operand: str | None = None) -> list[str]:
    """Gradual overloads for the calls of a :data:`TYPED` function that pass a parameter of :data:`DTYPE_NEUTRAL`
    (``logsumexp(a, b=w)``, ``standardize(x, mean=m)``): each of the runtime's signatures with that parameter
    required, once keyword-only and once positional (with every parameter before it), so that a call passing none of
    them still meets only the typed overloads, which refuse what JAX refuses; the first parameter's annotation
    ``operand`` where given (what the function takes whatever that parameter is)."""
    functions = [copy.deepcopy(n) for n in nodes if isinstance(n, ast.FunctionDef)]
    if operand is not None:
        for f in functions:
            f.args.args[0].annotation = ast.parse(operand, mode="eval").body
    overloads = [f for f in functions if any(ast.unparse(d) == "overload" for d in f.decorator_list)]
    out: list[str] = []
    for fn in overloads or functions[-1:]:
        a = fn.args
        for i, arg in enumerate(a.args):
            if arg.arg not in DTYPE_NEUTRAL:
                continue
            n_default = len(a.defaults)
            defaults = [None] * (len(a.args) - n_default) + list(a.defaults)
            keyword = _keyword_from(fn, i)
            positional = copy.deepcopy(fn)
            positional.args.defaults = [d for j, d in enumerate(defaults) if j > i and d is not None]
            for variant in (keyword, positional):
                variant.decorator_list = [ast.Name("overload")]
                out += [f"{line} ..." if line.endswith(":") else line
                        for line in stub_function(variant, with_doc=False)]
        for arg in a.kwonlyargs:
            if arg.arg in DTYPE_NEUTRAL:  # keyword-only already: made required (``return_sign: Literal[True]`` is)
                variant = copy.deepcopy(fn)
                variant.args.kw_defaults = [None if x.arg == arg.arg else d
                                            for x, d in zip(a.kwonlyargs, a.kw_defaults)]
                variant.decorator_list = [ast.Name("overload")]
                out += [f"{line} ..." if line.endswith(":") else line
                        for line in stub_function(variant, with_doc=False)]
    return _unique(out)


def _keyword_from(fn: ast.FunctionDef, i: int) -> ast.FunctionDef:
    """``fn`` with its ``i``-th positional parameter and those after it keyword-only (in their order), the ``i``-th
    required: the parameters before it keep their positions, as the runtime's (``stubtest`` compares them)."""
    out = copy.deepcopy(fn)
    a = out.args
    defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
    moved, moved_defaults = a.args[i:], [None, *defaults[i + 1:]]
    a.args, a.defaults = a.args[:i], [d for d in defaults[:i] if d is not None]
    a.kwonlyargs, a.kw_defaults = [*moved, *a.kwonlyargs], [*moved_defaults, *a.kw_defaults]
    return out


def _unique(lines: list[str]) -> list[str]:
    """``lines`` (``@overload`` and ``def`` pairs) without repeated declarations."""
    seen: set[str] = set()
    out: list[str] = []
    for i in range(0, len(lines), 2):
        if lines[i + 1] not in seen:
            seen.add(lines[i + 1])
            out += lines[i:i + 2]
    return out


def _declaration(name: str, nodes: Sequence[ast.stmt], lines: Sequence[str]) -> list[str]:
    functions = [n for n in nodes if isinstance(n, ast.FunctionDef)]
    overloads = [f for f in functions if any(ast.unparse(d) == "overload" for d in f.decorator_list)]
    if overloads:
        lines = [line for f in overloads for line in stub_function(f)]
        implementation = [f for f in functions if f not in overloads]
        doc = docline(implementation[-1]) if implementation else None
        if doc and lines[1].endswith(" ..."):  # the implementation's docstring on the first overload, for hovers
            lines[1:2] = [lines[1].removesuffix(" ..."), f"    {doc}", "    ..."]
        return lines
    if functions:
        return stub_function(functions[-1])
    node = nodes[-1]
    if isinstance(node, ast.ClassDef):
        return _class_stub(node, lines)
    if _is_primitive(name, node):
        return [f"{name}: Final[Primitive]"]
    if (isinstance(node, ast.AnnAssign) and ast.unparse(node.annotation) == "TypeAlias"
            and node.value is not None):  # a type alias (``DotDimensionNumbers: TypeAlias = tuple[...]``)
        value = node.value
        text = value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else ast.unparse(value)
        return [f"{name}: TypeAlias = {text}"]
    assert isinstance(node, ast.Assign)
    if isinstance(node.value, ast.Name):  # an alias of another declared name (``swish = silu``)
        return [f"{name} = {node.value.id}"]
    raise ValueError(f"stub generator: cannot declare {name} (a value: {ast.unparse(node)[:80]})")


def _is_primitive(name: str, node: ast.stmt) -> bool:
    """Whether ``node`` defines the primitive ``name`` (``exp_p = Primitive("exp", ...)``, or made by a helper of its
    family): a ``_p`` name assigned a call."""
    return (name.endswith("_p") and isinstance(node, (ast.Assign, ast.AnnAssign))
            and isinstance(node.value, ast.Call))


def _type_vars(tree: ast.Module) -> dict[str, str]:
    """The module-level type variables and type aliases of ``tree`` (``X = TypeVar(...)``, ``X: TypeAlias = ...``,
    ``X = int | ...``), as stub declarations by name (an alias's value unquoted)."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
            if isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar":
                out[name] = ast.unparse(node)
            elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
                out[name] = f"{name}: TypeAlias = {ast.unparse(value)}"
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None
              and ast.unparse(node.annotation) == "TypeAlias"):
            value_text = (node.value.value if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                          else ast.unparse(node.value))
            out[node.target.id] = f"{node.target.id}: TypeAlias = {value_text}"
    return out


def reexport_stub(rel: str, header: Sequence[str], cfg: LatticeConfig = LatticeConfig(), *, shapes: bool = True
                  ) -> str:
    """The stub of the public module ``rel`` (one of :data:`REEXPORT_MODULES`): its docstring and ``__all__``, then a
    declaration of each name it imports from the runtime (by its dtype rule for :data:`TYPED`'s functions; those
    ``shape_rules.MODULE_SHAPE_FAMILY`` says keep their operand's shape keep it, with ``shapes``)."""
    tree = ast.parse((PACKAGE / rel).read_text())
    names = [(node.module, a.asname or a.name) for node in tree.body
             if isinstance(node, ast.ImportFrom) and node.module for a in node.names]
    body: list[str] = []
    type_vars: dict[str, str] = {}
    keep = KeepVars()
    typed: list[str] = []
    for module, name in sorted(names, key=lambda m_n: _order(m_n[1], names)):
        if not module.startswith("arraytyping._src."):  # a public module's name (nn.tanh is numpy.tanh): its own
            body.append(f"from {module} import {name} as {name}")
            continue
        source, nodes, lines = _find(module, name)
        rule = TYPED.get(rel, {}).get(name)
        if rule is not None:
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            rest = _rest_of_signature(function)
            module_name = f"{rel.removesuffix('.py').removesuffix('/__init__').replace('/', '.')}.{name}"
            family = shape_rules.MODULE_SHAPE_FAMILY.get(module_name)
            operand = (function.args.args[0].arg, False)
            declared_by_rule = unary_function(name, name, cfg, keep, docline(function), operand, rule(name, cfg), rest,
                                              elementwise=shapes and family == "keep")
            if shapes and family == "fft" and shape_rules.FFT_LENGTH[name] == "n":
                # without n (s), a complex transform keeps the operand's shape: those overloads first
                kept = re.sub(r"\b(n|s): (?:int|Sequence\[int\]) \| None = \.\.\.", r"\1: None = ...", rest)
                declared_by_rule = [*unary_function(name, name, cfg, keep, docline(function), operand, rule(name, cfg),
                                                    kept, elementwise=True),
                                    *unary_function(name, name, cfg, keep, None, operand, rule(name, cfg), rest)]
            if "epsilon: float" in rest:  # np.float64 is a float, but a strong one: gradual, before the typed ones
                first = next(i for i, line in enumerate(declared_by_rule) if line == "    ...") + 1
                catch = rest.replace("epsilon: float = ...", "epsilon: np.float64").replace(": None = ...", ": ArrayLike | None = ...")
                declared_by_rule[first:first] = ["@overload", f"def {name}({function.args.args[0].arg}: ArrayLike{catch}) -> Array[Any]: ..."]
            typed += declared_by_rule
            body += declared_by_rule
            body += _deciding_overloads(nodes)
            if name in NOT_ONLY_ARRAYS.get(rel, ()):
                runtime = copy.deepcopy(function)
                runtime.decorator_list = [ast.Name("overload")]
                body += [f"{line} ..." if line.endswith(":") else line for line in stub_function(runtime, with_doc=False)]
        elif name in TUPLES.get(rel, {}):
            declared_by_rule = _tuple_overloads(name, TUPLES[rel][name], nodes, cfg, keep)
            typed += declared_by_rule
            body += declared_by_rule
            # the dtype rule is the same for every mode: calls the typed overloads cannot read still refuse
            body += _deciding_overloads(nodes, accepted_operand(single_rules.linalg_tuple_rule(name, cfg)))
        elif (rel, name) in BY_DTYPE:
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            declared_by_rule = dtype_arguments.overloads(function, cfg, keep, docline(function),
                                                     functools.partial(BY_DTYPE[rel, name], cfg))
            typed += declared_by_rule
            body += declared_by_rule
        elif rel == "lax/__init__.py" and name in op_rules.LAX_DTYPE_GIVEN:
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            declared_by_rule = dtype_arguments.overloads(function, cfg, keep, docline(function),
                                                     functools.partial(_lax_dtype, name, cfg),
                                                     param=op_rules.LAX_DTYPE_GIVEN[name][0])
            typed += declared_by_rule
            body += declared_by_rule
        elif name in BINARY.get(rel, {}):
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            x, y = (p.arg for p in function.args.args)
            declared_by_rule = dtype_arguments.with_doc(
                [line for ov in binary.function_overloads(Model(cfg, shapes=shapes), BINARY[rel][name], keep)
                 for line in ("@overload", f"def {name}({x}: {ov.left}, {y}: {ov.right}) -> Array[{ov.result}]: ...")],
                docline(function))
            typed += declared_by_rule
            body += declared_by_rule
        elif rel == "lax/__init__.py" and name in (*lax_same.FUNCTIONS, "clamp"):
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            params = tuple(p.arg for p in function.args.args)
            if name == "clamp":
                declared_by_rule = lax_same.clamp_declarations(cfg, (params[0], params[1], params[2]),
                                                               docline(function))
            elif name == "select":  # its operands follow the predicate
                declared_by_rule = lax_same.declarations(name, cfg, (params[1], params[2]), docline(function),
                                                         lead=f"{params[0]}: ArrayLike, ")
            else:
                declared_by_rule = lax_same.declarations(name, cfg, (params[0], params[1]), docline(function),
                                                         _rest_of_signature(function, skip=2))
            typed += declared_by_rule
            body += [*declared_by_rule, *dtype_arguments.declare(function, None, "Any")]  # the pairs JAX refuses
        elif rel == "lax/__init__.py" and name == "top_k":
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            declared_by_rule = unary_function(
                name, name, cfg, keep, docline(function), (function.args.args[0].arg, False),
                single_rules.top_k_rule(cfg), _rest_of_signature(function),
                lambda r: f"tuple[{', '.join(f'Array[{f}]' for f in single_rules.tuple_fields(r, 2))}]")
            typed += declared_by_rule
            body += declared_by_rule
        elif rel == "random.py" and random_functions.typed_sampler(name):
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            declared_by_rule = random_functions.sampler_overloads(function, cfg, keep, docline(function))
            typed += declared_by_rule
            body += declared_by_rule
        elif rel == "random.py" and name in random_functions.OPERAND:
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            declared_by_rule = random_functions.element_overloads(function, cfg, keep, docline(function))
            typed += declared_by_rule
            body += declared_by_rule
        elif name in NAMED_AXIS_KEEP.get(rel, {}):
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            bool_result = NAMED_AXIS_KEEP[rel][name]
            declared_by_rule = list[str]()
            for one_name in (True, False):
                shape = f", {SHAPE_VAR}" if one_name else ""
                for operand_dtype, result in (("bool_", bool_result), ("_G", "_G")):
                    overload = copy.deepcopy(function)
                    overload.args.args[0].annotation = ast.parse(f"Array[{operand_dtype}{shape}]", mode="eval").body
                    if one_name:
                        overload.args.args[1].annotation = ast.parse("str", mode="eval").body
                    overload.returns = ast.parse(f"Array[{result}{shape}]", mode="eval").body
                    overload.decorator_list = [ast.Name("overload")]
                    first = not declared_by_rule
                    declared_by_rule += [line if first or not line.endswith(":") else f"{line} ..."
                                         for line in stub_function(overload, with_doc=first)]
            gradual = copy.deepcopy(function)
            gradual.decorator_list = [ast.Name("overload")]
            declared_by_rule += [f"{line} ..." if line.endswith(":") else line
                                 for line in stub_function(gradual, with_doc=False)]
            typed += declared_by_rule
            body += declared_by_rule
        elif name in KEEP_DTYPE.get(rel, ()):
            function = nodes[-1]
            assert isinstance(function, ast.FunctionDef)
            same_dtype = copy.deepcopy(function)
            same_dtype.args.args[0].annotation = ast.parse("Array[_G]", mode="eval").body
            same_dtype.returns = ast.parse("Array[_G]", mode="eval").body
            same_dtype.decorator_list = [ast.Name("overload")]
            gradual = copy.deepcopy(function)
            gradual.decorator_list = [ast.Name("overload")]
            declared_by_rule = [*stub_function(same_dtype), *(f"{line} ..." if line.endswith(":") else line
                                                               for line in stub_function(gradual, with_doc=False))]
            typed += declared_by_rule
            body += declared_by_rule
        elif name in FIXED_RESULTS.get(rel, {}):
            fixed = [re.sub(r"-> (?:AnyArray|Array\[Any\])(:?)( \.\.\.)?$",
                            rf"-> Array[{FIXED_RESULTS[rel][name]}]\1\2", line)
                     for line in _declaration(name, nodes, lines)]
            typed += fixed
            body += fixed
        else:
            body += _declaration(name, nodes, lines)
        type_vars.update(_type_vars(source))
    text = _unshadow(re.sub(r"\bAnyArray\b", "Array[Any]", "\n".join(body)), {n for _, n in names})
    used = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    declared = {n for _, n in names}
    needed = sorted(v for v in type_vars if v in used and v not in declared)  # a re-exported alias: its own line
    keep_vars = keep.declarations()
    typed_names = set(re.findall(r"\b[A-Za-z_]\w*\b", "\n".join([*typed, *keep_vars])))
    dtype_names: list[str] = sorted({*(n for n in typed_names if n in _DTYPE_NAMES or _ROOT_PRIVATE.fullmatch(n)),
                                     *(["generic"] if "_G" in typed_names else [])})
    missing = {n for n in _annotation_names(text) if n not in _IMPORTED | declared | set(needed) | set(dir(builtins))
               | set(dtype_names) | set(keep.names.values()) | {"Never", "DType", SHAPE_VAR, "T", "R", "_G", "builtins"}}
    if missing:
        raise ValueError(f"stub generator: {rel}'s declarations use {', '.join(sorted(missing))}, which its stub "
                         "does not import")
    declarations = [type_vars[v] for v in needed]
    declarations += [f'{v} = TypeVar("{v}")' for v in ("T", "R") if v not in type_vars and re.search(rf"\b{v}\b", text)]
    if re.search(r"\b_G\b", text):
        declarations.append('_G = TypeVar("_G", bound=generic)')
    if re.search(rf"\b{SHAPE_VAR}\b", text):
        declarations.append(SHAPE_VAR_DECLARATION)
    for v in needed:  # private in the stub: the runtime module has no such name
        if not v.startswith("_"):
            text = re.sub(rf"\b{v}\b", f"_{v}", text)
            declarations = [re.sub(rf"\b{v}\b", f"_{v}", d) for d in declarations]
    doc = ast.get_docstring(tree)
    typed_imports = (["from typing_extensions import Never", "", f"from arraytyping import {', '.join(dtype_names)}"]
                     if dtype_names else [])
    if "DType" in typed_names:  # a dtype argument (random.normal(key, dtype=...))
        typed_imports += ["from arraytyping.typing import DType"]
    imports = ("import enum", *_IMPORTS) if re.search(r"\benum\.", text) else _IMPORTS  # a class of enum.Enum's
    if re.search(r"\bbuiltins\.", text):  # a builtin type a declared function shadows (lax.complex)
        imports = ("import builtins", *imports)
    if re.search(r"\bFinal\[Primitive\]", text):  # the primitives, as the public module that defines their class has it
        imports = (*imports, "from arraytyping.extend.core import Primitive")
    return "\n".join([*header, *([repr(doc), ""] if doc else []), *imports, *typed_imports, "", *emit_all(rel), "",
                      *declarations, *keep_vars, *([""] if needed or keep_vars else []), text, ""])


_SHADOWED: Final = ("complex", "float", "int", "bool")
"""The builtin types a stub may declare a function of the same name as (``lax.complex``): in that stub the type is
spelled ``builtins.complex`` in every signature, where the plain name would be the function."""


def _unshadow(text: str, declared: set[str]) -> str:
    """``text`` with each builtin type of :data:`_SHADOWED` that the stub declares a function of written
    ``builtins.<name>`` in its declarations' lines (signatures, type variables, aliases, fields), not in docstrings
    nor ``__all__``, nor where the function itself is declared."""
    for name in _SHADOWED:
        if name not in declared:
            continue
        word = re.compile(rf"(?<![\w.\"']){name}\b(?![\"'(])")
        lines: list[str] = []
        for line in text.split("\n"):
            if re.match(r"(def |\w+ = TypeVar|\w+: TypeAlias|    \w+: )", line):
                head, sep, rest = line.partition(f"def {name}(")
                line = (word.sub(f"builtins.{name}", head) + sep + word.sub(f"builtins.{name}", rest) if sep
                        else word.sub(f"builtins.{name}", line))
            lines.append(line)
        text = "\n".join(lines)
    return text


def _lax_dtype(fn: str, cfg: LatticeConfig, node: str | None) -> str:
    """``op_rules.lax_dtype_result`` as a dtype rule of :mod:`.dtype_given` (the dtype is required: never None)."""
    assert node is not None
    return op_rules.lax_dtype_result(fn, node, cfg)


def tuple_returns(cls: str, fn: str) -> Callable[[str], str]:
    """The return annotation of a :data:`TUPLES` function for its rule's answer (``EighResult[float32, complex64]``
    for ``float32/complex64``)."""
    n = len(op_rules.LINALG_TUPLES[fn][1])
    return lambda r: f"{cls}[{', '.join(single_rules.tuple_fields(r, n))}]"


def _tuple_overloads(name: str, cls: str, nodes: Sequence[ast.stmt], cfg: LatticeConfig, keep: KeepVars
                     ) -> list[str]:
    """A :data:`TUPLES` function by its rules: the named tuple of its fields' dtypes (the other parameters as the
    implementation's, :data:`DTYPE_NEUTRAL`'s restricted to the modes that return it), then, for each of the
    runtime's overloads that returns one array (``AnyArray``), that array's dtype with that overload's parameters."""
    functions = [n for n in nodes if isinstance(n, ast.FunctionDef)]
    implementation = functions[-1]
    param = (implementation.args.args[0].arg, False)
    out = unary_function(name, name, cfg, keep, docline(implementation), param,
                         single_rules.linalg_tuple_rule(name, cfg), _rest_of_signature(implementation),
                         tuple_returns(cls, name))
    for overload in functions[:-1]:
        if overload.returns is not None and ast.unparse(overload.returns) == "AnyArray":
            out += unary_function(name, name, cfg, keep, None, param,
                                  single_rules.linalg_field_rule(name, op_rules.LINALG_ALONE[name], cfg),
                                  _rest_of_signature(overload, restrict=False))
    return out


def _order(name: str, names: Sequence[tuple[str, str]]) -> int:
    """Classes and functions before aliases of them, otherwise the import order."""
    return [n for _, n in names].index(name)


def _annotation_names(text: str) -> set[str]:
    """The names the annotations, defaults and bases of the declarations in ``text`` refer to."""
    tree = ast.parse(text)
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.FunctionDef):
            a = node.args
            targets += [p.annotation for p in [*a.posonlyargs, *a.args, *a.kwonlyargs] if p.annotation]
            targets += [p.annotation for p in (a.vararg, a.kwarg) if p is not None and p.annotation]
            targets += [*node.decorator_list, *([node.returns] if node.returns else [])]
        elif isinstance(node, ast.ClassDef):
            targets += node.bases
        elif isinstance(node, ast.AnnAssign):
            targets.append(node.annotation)
        for t in targets:
            out |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    return out
