"""Declarations the stubs take from the runtime's own source, read with ``ast`` (nothing is imported): the
``__all__`` of each stubbed module, and the signatures of functions and classes that carry no dtype rule (their
annotations verbatim, defaults as ``...``, the first paragraph of the docstring, for hovers).

The root stub declares ``config``, ``enable_x64``, ``finfo``... itself rather than importing them from private
modules: a type checker would otherwise analyse those modules and everything they import (the registry, the scalar
types, ml_dtypes' stubs) on every cold run.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Final

from arraytyping._src.stubgen import specs

__all__ = ["FROM_PRIVATE_MODULES", "NUMPY_FROM_SOURCE", "PACKAGE", "defaulted_rest", "doc_literal", "docline",
           "emit_all", "function_def", "has_parameter", "keeping_overloads", "numpy_function",
           "private_module_declarations", "rest_of", "return_annotation", "runtime_all"]

PACKAGE: Final = Path(__file__).resolve().parents[2]
"""The ``arraytyping`` package directory, whose sources are read."""

FROM_PRIVATE_MODULES: Final[Mapping[str, tuple[str, ...]]] = {
    "_src/dtypes/config.py": ("Config", "config", "enable_x64", "dtype_promotion", "debug_nans", "debug_infs",
                              "transfer_guard", "checking_leaks"),
    "_src/dtypes/queries.py": ("finfo", "iinfo", "isdtype", "issubdtype"),
    "_src/dtypes/promotion.py": ("canonicalize_dtype",),
    "_src/interpreters/autodiff/differentiation.py": ("grad", "jvp", "linearize", "value_and_grad", "vjp"),
    "_src/api/jacobian.py": ("hessian", "jacfwd", "jacobian", "jacrev"),
    "_src/api/shapes.py": ("typeof", "block_until_ready"),
    "_src/typecheck/decorator.py": ("TypeCheckError", "typecheck"),
    "_src/xla/stages.py": ("clear_caches", "disable_jit"),
    "_src/api/environment.py": (
        "copy_to_host_async", "default_backend", "device_count", "device_get", "effects_barrier",
        "ensure_compile_time_eval", "host_count", "host_id", "host_ids", "live_arrays", "local_device_count",
        "local_devices", "named_call", "named_scope", "print_environment_info", "process_count", "process_index",
        "process_indices"),
    "_src/api/transpose.py": ("linear_transpose",),
    "_src/api/custom_gradient.py": ("closure_convert", "custom_gradient"),
    "_src/api/fwd_and_bwd.py": ("fwd_and_bwd",),
}
"""Runtime module (relative to the package) -> the names the root stub declares from its source. A class becomes a
type-check-only ``_<name>`` with its public methods; a module-level instance of it, a variable of that type. An
overloaded function is declared by its overloads only; the module's own ``TypeVar``/``ParamSpec`` assignments and
private type aliases are copied (they must be named apart from the stub's: ``_GradT``, not ``T``)."""

NUMPY_FROM_SOURCE: Final[Mapping[str, tuple[str, ...]]] = {
    "_src/numpy/unary.py": (
        "angle", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "around", "cbrt", "ceil", "conj",
        "conjugate", "cosh", "deg2rad", "exp2", "expm1", "fabs", "floor", "frexp", "i0", "imag", "iscomplex", "isfinite", "isinf",
        "isnan", "isneginf", "isposinf", "isreal", "log10", "log1p", "log2", "modf", "nan_to_num", "rad2deg",
        "real", "reciprocal", "rint", "round", "signbit", "sinc", "sinh", "spacing", "square", "tan", "trunc"),
    "_src/numpy/binary.py": (
        "allclose", "arctan2", "array_equal", "array_equiv", "bitwise_count", "copysign", "divmod", "float_power", "fmax", "fmin",
        "fmod", "gcd", "heaviside", "hypot", "isclose", "lcm", "ldexp", "logaddexp", "logaddexp2", "nextafter"),
    "_src/numpy/reductions.py": (
        "argmax", "argmin", "average", "count_nonzero", "cumprod", "cumsum", "cumulative_prod", "cumulative_sum",
        "nanargmax", "nanargmin", "nancumprod", "nancumsum", "nanmax", "nanmean", "nanmin", "nanprod",
        "nanstd", "nansum", "nanvar", "ptp", "std", "var"),
    "_src/numpy/quantiles.py": (
        "median", "nanmedian", "nanpercentile", "nanquantile", "percentile", "quantile"),
    "_src/numpy/shape.py": (
        "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_arrays", "broadcast_shapes", "expand_dims", "flip", "fliplr", "flipud",
        "matrix_transpose", "moveaxis", "permute_dims", "ravel", "repeat", "roll", "rollaxis", "rot90", "squeeze",
        "swapaxes", "tile"),
    "_src/numpy/joining.py": (
        "append", "array_split", "block", "column_stack", "concat", "concatenate", "dsplit", "dstack", "hsplit", "hstack",
        "pad", "split", "stack", "unstack", "vsplit", "vstack"),
    "_src/numpy/indexing.py": ("take", "take_along_axis"),
    "_src/numpy/selection.py": (
        "choose", "clip", "compress", "diagonal", "extract", "select", "trace", "tril", "triu"),
    "_src/numpy/ordering.py": (
        "argpartition", "argsort", "argwhere", "flatnonzero", "lexsort", "nonzero", "partition", "searchsorted", "sort",
        "sort_complex", "unique"),
    "_src/numpy/differences.py": ("diff", "ediff1d", "gradient", "trapezoid", "unwrap"),
    "_src/numpy/binning.py": (
        "bincount", "digitize", "histogram", "histogram2d", "histogram_bin_edges", "histogramdd", "interp"),
    "_src/numpy/setops.py": (
        "intersect1d", "isin", "setdiff1d", "setxor1d", "union1d", "unique_all", "unique_counts", "unique_inverse",
        "unique_values"),
    "_src/numpy/object_queries.py": ("iscomplexobj", "isrealobj", "isscalar"),
    "_src/numpy/index_arrays.py": (
        "diag_indices", "diag_indices_from", "fill_diagonal", "indices", "ix_", "mask_indices", "place", "put",
        "put_along_axis", "tril_indices", "tril_indices_from", "triu_indices",
        "triu_indices_from", "ravel_multi_index", "unravel_index"),
    "_src/numpy/creation.py": (
        "copy", "diag", "diagflat", "empty", "empty_like", "eye", "frombuffer", "fromfile", "fromfunction", "fromiter",
        "fromstring", "geomspace", "load", "identity", "logspace", "meshgrid", "tri",
        "vander"),
    "_src/numpy/contractions.py": (
        "convolve", "corrcoef", "correlate", "cov", "cross", "inner", "kron", "matvec", "outer", "polyadd", "polyder",
        "polydiv", "polyint", "polymul", "polysub", "polyval", "tensordot", "vdot", "vecdot", "vecmat"),
    "_src/numpy/einsum.py": ("einsum",),
    "_src/numpy/vectorize.py": ("apply_along_axis", "apply_over_axes", "piecewise", "vectorize"),
    "_src/numpy/windows.py": ("bartlett", "blackman", "hamming", "hanning", "kaiser"),
    "_src/numpy/linalg.py": ("poly", "polyfit", "roots"),
    "_src/numpy/editing.py": ("delete", "insert", "packbits", "resize", "trim_zeros", "unpackbits"),
}
"""Runtime module -> the functions the ``arraytyping.numpy`` stub declares from their source (annotations verbatim:
a function whose dtype the rule modules do not give yet says ``Array`` (any dtype), never a dtype that could be
wrong). The annotations may use what the numpy stub imports: ``Array``, ``ArrayLike``, ``DTypeLike``, ``ShapeLike``,
``Any``, ``Literal``, ``Sequence``, ``np``."""


@functools.cache
def _parsed(text: str, rel: str) -> ast.Module:
    """The syntax tree of a runtime module's ``text``, parsed once per run (the generator reads each module hundreds
    of times). Shared: never changed; :func:`function_def` gives copies."""
    return ast.parse(text, rel)


def _signature(node: ast.FunctionDef) -> ast.FunctionDef:
    """A copy of ``node`` without its code (its docstring kept): what a stub reads, and free to change."""
    light = copy.copy(node)
    light.body = node.body[:1] if ast.get_docstring(node) is not None else [ast.Pass()]
    return copy.deepcopy(light)


def runtime_all(rel: str, package: Path = PACKAGE) -> list[str]:
    """The literal ``__all__`` of the runtime module ``rel``."""
    for node in _parsed((package / rel).read_text(), rel).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            names: object = ast.literal_eval(node.value)
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):  # pyright: ignore
                raise ValueError(f"{rel}: __all__ is not a literal list of names")
            return [str(n) for n in names]  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
    raise ValueError(f"{rel} has no literal __all__")


def emit_all(rel: str, package: Path = PACKAGE) -> list[str]:
    """``__all__ = [...]`` as in the runtime module ``rel``, wrapped at 120 columns."""
    out, line = ["__all__ = ["], "   "
    for name in runtime_all(rel, package):
        item = f' "{name}",'
        if len(line) + len(item) > 120:
            out.append(line)
            line = "   "
        line += item
    return [*out, line, "]"]


def docline(node: ast.FunctionDef | ast.ClassDef) -> str | None:
    """A docstring as the stub's docstring (what a hover shows): a one-paragraph docstring on one line, a longer
    one whole (its summary, parameters and examples, the lines after the first indented four spaces, which a
    checker strips as it strips any docstring's common indentation)."""
    doc = ast.get_docstring(node, clean=True)
    return doc_literal(doc) if doc else None


def doc_literal(doc: str) -> str:
    """A cleaned docstring as a stub's string literal (:func:`docline`)."""
    if "\n\n" not in doc:
        return repr(" ".join(doc.split()))
    body = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    lines = body.split("\n")
    return '"""' + "\n".join([lines[0], *(f"    {ln}" if ln else "" for ln in lines[1:]), '    """'])


def stub_function(fn: ast.FunctionDef, indent: str = "", with_doc: bool = True) -> list[str]:
    """A function's stub: decorators and annotations as written (a bare ``Array`` as ``Array[Any]``), every default
    ``...``, its docline (unless not ``with_doc``)."""
    args = fn.args
    stub_args = ast.arguments(
        posonlyargs=args.posonlyargs, args=args.args, vararg=args.vararg, kwonlyargs=args.kwonlyargs,
        kw_defaults=[None if k is None else ast.Constant(...) for k in args.kw_defaults], kwarg=args.kwarg,
        defaults=[ast.Constant(...) for _ in args.defaults])
    ret = f" -> {ast.unparse(fn.returns)}" if fn.returns is not None else ""
    out = [f"{indent}@{ast.unparse(d)}" for d in fn.decorator_list]
    params = re.sub(r"(: [^,=]+)=\.\.\.", r"\1 = ...", ast.unparse(stub_args))  # "x: T = ...", as PEP 8 has it
    # the runtime's Array is the stub's generic Array: a bare one is Array[Any] (gradual, and not Unknown in pyright)
    out.append(re.sub(r"\bArray\b(?!\[)", "Array[Any]", f"{indent}def {fn.name}({params}){ret}:"))
    doc = docline(fn) if with_doc else None
    if doc:
        out += [f"{indent}    {doc}", f"{indent}    ..."]
    else:
        out[-1] += " ..."
    return out


def defaulted_rest(rel: str, name: str, package: Path = PACKAGE) -> tuple[str, bool, str] | None:
    """``(first parameter, positional-only, the others as a stub declares them after it)`` of the function ``name``
    of the runtime module ``rel`` when its first parameter has no default and every other one has
    (``round(a, decimals: int = 0, out: None = None)`` gives ``("a", False, ", decimals: int = ..., out: None =
    ...")``; a positional-only first parameter is the only one); None otherwise."""
    node = function_def(rel, name, package)
    a = node.args
    params = [*a.posonlyargs, *a.args]
    if not params or len(a.defaults) != len(params) - 1 or a.vararg or a.kwarg or None in a.kw_defaults:
        return None
    if len(a.posonlyargs) > 1:
        return None
    return params[0].arg, bool(a.posonlyargs), rest_of(node, skip=0 if a.posonlyargs else 1)


def function_def(rel: str, name: str, package: Path = PACKAGE) -> ast.FunctionDef:
    """The definition of the function ``name`` of the runtime module ``rel`` (its signature and docstring: a copy the
    caller may change)."""
    for node in _parsed((package / rel).read_text(), rel).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return _signature(node)
    raise ValueError(f"{rel} has no function {name!r}")


def numpy_function(name: str, package: Path = PACKAGE) -> ast.FunctionDef:
    """The definition of the :data:`NUMPY_FROM_SOURCE` function ``name``."""
    rel = next((rel for rel, names in NUMPY_FROM_SOURCE.items() if name in names), None)
    if rel is None:
        raise ValueError(f"{name!r} is not declared from the runtime's source (NUMPY_FROM_SOURCE)")
    return function_def(rel, name, package)


def rest_of(fn: ast.FunctionDef, annotations: Mapping[str, str] = MappingProxyType({}), skip: int = 1,
            keyword_only_from: str | None = None) -> str:
    """The parameters of ``fn`` after its first ``skip``, as a stub writes them after those (``", axis: Axis =
    ..."``), those named in ``annotations`` annotated so, and keyword-only from ``keyword_only_from`` on where it is
    one of them; empty if there are none."""
    a = copy.deepcopy(fn.args)  # the annotations are rewritten below; the runtime signature is declared too
    skipped_defaults = max(0, len(a.defaults) - (len(a.args) - skip))
    rest = ast.arguments(
        posonlyargs=[], args=a.args[skip:], vararg=a.vararg, kwonlyargs=a.kwonlyargs,
        kw_defaults=[None if k is None else ast.Constant(...) for k in a.kw_defaults], kwarg=a.kwarg,
        defaults=[ast.Constant(...) for _ in a.defaults[skipped_defaults:]])
    names = [arg.arg for arg in rest.args]
    if keyword_only_from in names:
        i = names.index(keyword_only_from)
        n_default = len(rest.defaults)
        rest.kwonlyargs = [*rest.args[i:], *rest.kwonlyargs]
        rest.kw_defaults = [*rest.defaults[n_default - (len(rest.args) - i):], *rest.kw_defaults]
        rest.args, rest.defaults = rest.args[:i], rest.defaults[:n_default - (len(rest.args) - i)]
    for arg in [*rest.args, *rest.kwonlyargs]:
        if arg.arg in annotations:
            arg.annotation = ast.parse(annotations[arg.arg], mode="eval").body
    text = ast.unparse(rest).replace("=...", " = ...")  # "x: T = ...", as PEP 8 has it
    return f", {text}" if text else ""


def return_annotation(rel: str, name: str, package: Path = PACKAGE) -> str | None:
    """The return annotation, as written, of the function ``name`` of the runtime module ``rel``."""
    node = function_def(rel, name, package)
    return None if node.returns is None else ast.unparse(node.returns)


def has_parameter(rel: str, name: str, param: str, package: Path = PACKAGE) -> bool:
    """Whether the function ``name`` of the runtime module ``rel`` has a parameter ``param``."""
    a = function_def(rel, name, package).args
    return any(p.arg == param for p in [*a.posonlyargs, *a.args, *a.kwonlyargs])


def keeping_overloads(fn: ast.FunctionDef, gradual: Sequence[str] = ()) -> list[str]:
    """A function whose result has its first argument's dtype and weak flag (``ravel``, ``flip``, ``sort``,
    ``take``, ``split``...), as two overloads: an ``Array[T]`` first argument gives ``Array[T]`` (each array of a
    ``list[Array]`` result too); anything else what its source says. An array of one of the static classes
    ``gradual`` (``diagonal`` of a weak array: its result is strong where the array is a square matrix) gives
    ``Array[Any]``, by a first overload, and the generic overload then takes ``Array[DTypeT]`` (a dtype class), so that
    an array of a caller's type variable that may be weak is ``Array[Any]`` too. An overload of the source keeps its own
    declaration unless it takes one parameter alone (``atleast_1d(x, /)``; ``atleast_1d(x, y, /, *arys)`` gives each
    argument its own dtype), as does a function without a positional parameter."""
    overload = any(isinstance(d, ast.Name) and d.id == "overload" for d in fn.decorator_list)
    params = [*fn.args.posonlyargs, *fn.args.args]
    alone = len(params) == 1 and not (fn.args.vararg or fn.args.kwonlyargs or fn.args.kwarg)
    if not params or fn.returns is None or (overload and not alone):
        return stub_function(fn)
    first = params[0]
    source, returns = first.annotation, fn.returns
    var = "DTypeT" if gradual else "T"  # a variable that may be one of the gradual classes gives Array[Any]
    first.annotation = ast.Name(f"Array[{var}]")
    fn.returns = ast.parse(re.sub(r"\bArray\b(?!\[)", f"Array[{var}]", ast.unparse(returns)), mode="eval").body
    keeping = stub_function(fn, with_doc=not gradual)
    first.annotation, fn.returns = ast.Name(specs.arrays_of(gradual)), returns
    unknown = stub_function(fn) if gradual else []  # Array in the return is Array[Any]
    first.annotation = source
    plain = stub_function(fn, with_doc=False)  # the docstring is the first overload's
    if overload:  # the source's own @overload decorates each
        return [*unknown, *keeping, *plain]
    return [*(["@overload", *unknown] if unknown else []), "@overload", *keeping, "@overload", *plain]


def private_module_declarations(package: Path = PACKAGE,
                                 modules: Mapping[str, tuple[str, ...]] = FROM_PRIVATE_MODULES,
                                 keeping: frozenset[str] = frozenset(),
                                 keeping_gradual: Mapping[str, Sequence[str]] = MappingProxyType({}),
                                 results: Mapping[str, str] = MappingProxyType({}),
                                 stub_typevars: Collection[str] = (),
                                 declarers: Mapping[str, Callable[[ast.FunctionDef], list[str]]]
                                 = MappingProxyType({})) -> list[str]:
    """The declarations of ``modules`` (:data:`FROM_PRIVATE_MODULES`), generated from the runtime source; the
    functions named in ``keeping`` as :func:`keeping_overloads` (with the classes ``keeping_gradual`` gives them,
    if any); those in ``results`` (name -> a dtype class)
    returning ``Array[<that class>]``; those in ``declarers`` as it declares them from their definition (the
    overloads of a rule). A module's type variable named as one of ``stub_typevars`` (those the stub
    declares itself) is not declared again."""
    out: list[str] = []
    for rel, names in modules.items():
        tree = ast.parse((package / rel).read_text())
        classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.name in names}
        used = {n.id for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in names
                for n in ast.walk(f) if isinstance(n, ast.Name)}
        out.append(f"# From arraytyping/{rel} (generated from its source).")
        overloads: set[str] = set()
        first_overload: dict[str, int] = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name in names and _is_exception(node):
                out += [f"class {node.name}({', '.join(ast.unparse(b) for b in node.bases)}):"]
                out += [f"    {doc}", "    ..."] if (doc := docline(node)) else ["    ..."]
            elif isinstance(node, ast.ClassDef) and node.name in names:
                out += ["@type_check_only", f"class _{node.name}:"]
                doc = docline(node)
                if doc:
                    out.append(f"    {doc}")
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and (not item.name.startswith("_")
                                                              or item.name == "__getattr__"):
                        out += stub_function(item, "    ")
            elif isinstance(node, ast.FunctionDef) and node.name in names:
                if node.name in results and node.returns is not None:  # each array of it (nonzero's tuple)
                    node.returns = ast.parse(re.sub(r"\bArray\b(?!\[)", f"Array[{results[node.name]}]",
                                                    ast.unparse(node.returns)), mode="eval").body
                overloaded = any(isinstance(d, ast.Name) and d.id == "overload" for d in node.decorator_list)
                if node.name in declarers:
                    out += declarers[node.name](_signature(node))  # its code is not read
                elif overloaded or node.name not in overloads:  # a stub declares the overloads only
                    if overloaded and node.name not in overloads:
                        first_overload[node.name] = len(out) + 1  # its def line, after ``@overload``
                    out += keeping_overloads(node, keeping_gradual.get(node.name, ())) if node.name in keeping \
                        else stub_function(node)
                elif (doc := docline(node)) and out[first_overload[node.name]].endswith(" ..."):
                    # the implementation's docstring goes on the first overload (what a hover shows)
                    i = first_overload[node.name]
                    out[i:i + 1] = [out[i].removesuffix(" ..."), f"    {doc}", "    ..."]
                if overloaded:
                    overloads.add(node.name)
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and (node.targets[0].id.startswith("_") or node.targets[0].id in used)
                  and isinstance(node.value, ast.Call)
                  and isinstance(node.value.func, ast.Name) and node.value.func.id in ("TypeVar", "ParamSpec")
                  and node.targets[0].id not in stub_typevars):
                out.append(ast.unparse(node))  # the module's own type variables (typecheck's DecoratedFunction)
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and node.targets[0].id in used and isinstance(node.value, ast.BinOp | ast.Subscript)
                  and node.targets[0].id.startswith("_") and node.targets[0].id not in stub_typevars):
                # the module's own type aliases that its declared functions use
                out.append(f"{node.targets[0].id}: TypeAlias = {ast.unparse(node.value)}")
            elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in names
                  and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                  and node.value.func.id in classes):
                out.append(f"{node.target.id}: _{node.value.func.id}")
        out.append("")
    declared = {w for line in out for w in re.findall(r"(?:def |class _?|^)(\w+)", line)}
    missing = {n for names in modules.values() for n in names} - declared
    if missing:
        raise ValueError(f"stub generator: {', '.join(sorted(missing))} not found in their modules' source")
    return out


def _is_exception(node: ast.ClassDef) -> bool:
    """Whether a class derives from a builtin exception: the stub declares it under its own name, with its bases
    (an error class a module exports, such as ``TypeCheckError``)."""
    return any(isinstance(b, ast.Name) and isinstance(getattr(builtins, b.id, None), type)
               and issubclass(getattr(builtins, b.id), BaseException) for b in node.bases)


def docstrings(rel: str, package: Path = PACKAGE) -> dict[str, str]:
    """The doclines of the functions of the runtime module ``rel`` (and of the methods of its classes, as
    ``Class.method``), by name."""
    out: dict[str, str] = {}
    for node in ast.walk(_parsed((package / rel).read_text(), rel)):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and (doc := docline(item)):
                    out[f"{node.name}.{item.name}"] = doc
        elif isinstance(node, ast.FunctionDef) and (doc := docline(node)):
            out.setdefault(node.name, doc)
    return out
