"""The package's layers, held: every module has its layer, imports only from its own layer or those below it, the
module-level imports form no cycle, imports inside functions are the few whose cycle is inherent (each saying
why), and no folder under ``_src/`` is a crowd or a family carried by a file-name prefix.

``LAYERS`` is the map a newcomer reads first: bottom to top, each layer with the modules (by dotted prefix) that
belong to it. A new module lands in a folder that has a layer; a new folder gets a row here.
"""

from __future__ import annotations

import ast
import collections
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules: the single truth, standard library only", (
        "arraytyping.lattice", "arraytyping.op_rules", "arraytyping.shape_rules",
        "arraytyping._src.util", "arraytyping._src.monitoring")),  # standard library only (safe_map, jax.monitoring)
    ("the dtype system", ("arraytyping._src.dtypes", "arraytyping._src._speedups", "arraytyping.dtypes")),
    ("pytrees", ("arraytyping._src.tree",)),
    ("the IR and tracing", ("arraytyping._src.core", "arraytyping.typing")),
    ("the XLA side", ("arraytyping._src.xla",)),
    ("the primitives, by family", ("arraytyping._src.lax",)),
    ("the interpreters", ("arraytyping._src.interpreters",)),
    ("jax.lax's user functions", ("arraytyping._src.lax.api",)),
    ("jax.numpy, jax.nn, jax.random", ("arraytyping._src.numpy", "arraytyping._src.nn", "arraytyping._src.random")),
    ("jax.ops, jax.image, on jax.numpy", ("arraytyping._src.ops", "arraytyping._src.image")),
    ("jax.scipy, on jax.numpy, jax.lax and jax.nn", ("arraytyping._src.scipy",)),
    ("the API above them: jacobians, run-time checks, the re-exports", (
        "arraytyping._src.api", "arraytyping._src.typecheck")),
    ("jax.example_libraries: stax and optimizers", ("arraytyping._src.example_libraries",)),
    ("tools: the CLI's renderers, the stub generator", ("arraytyping._src.cli", "arraytyping._src.stubgen")),
    ("the public modules", ("arraytyping",)),
)
"""Bottom to top. A module's layer is that of the longest prefix naming it (``arraytyping._src.lax.api`` is above
``arraytyping._src.lax``); ``arraytyping`` alone is every public module not named otherwise, and no private one."""

NUMPY_ORDER: tuple[str, ...] = (
    "_promotion", "unary", "conversion", "binary", "reductions", "shape", "joining", "indexing", "ordering",
    "selection", "creation", "quantiles", "setops", "binning", "differences", "editing", "index_arrays", "windows",
    "vectorize", "contractions", "einsum", "linalg", "fft", "object_queries", "array_api",
)
"""``jax.numpy``'s families, layered in themselves (as ``arraytyping._src.numpy``'s docstring says): each imports
only those before it."""

MAX_MODULES_PER_FOLDER = 25
MAX_FUNCTION_IMPORTS = 9
INHERENT = "inherent:"
"""The comment an import inside a function carries, followed by why its cycle cannot be broken."""


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the imported module
    line: int
    where: str  # "module", "type-checking" or "function"


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name: its source, or for a compiled one (``_speedups``) its stub."""
    out: dict[str, Path] = {}
    for path in sorted((SRC / "arraytyping").rglob("*.py*")):
        if path.suffix not in (".py", ".pyi") or (path.suffix == ".pyi" and path.with_suffix(".py").exists()):
            continue
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.setdefault(name, path)
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The module ``name`` (``pkg.mod`` or ``pkg.mod.attr``) is, or is an attribute of, if it is one of ours."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, path: Path) -> Iterator[Import]:
    tree = ast.parse(path.read_text(), str(path))
    is_package = path.name == "__init__.py"

    def targets(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
            return
        base = node.module or ""
        if node.level:
            parts = module.split(".") if is_package else module.split(".")[:-1]
            parts = parts[:len(parts) - (node.level - 1)]
            base = ".".join([*parts, base] if base else parts)
        for alias in node.names:
            yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base

    def visit(node: ast.AST, where: str) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in targets(child):
                    target = _resolve(name)
                    if target is not None and target != module:
                        yield Import(module, target, child.lineno, where)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from visit(child, "function")
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test) and where == "module":
                yield from visit(child, "type-checking")
            else:
                yield from visit(child, where)

    yield from visit(tree, "module")


IMPORTS = [imp for module, path in MODULES.items() for imp in _imports(module, path)]


def layer_of(module: str) -> int | None:
    if module == "arraytyping._src":  # the private package itself: its docstring only
        return 0
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    if best is not None and best[1] == len("arraytyping") and module.startswith("arraytyping._src."):
        return None  # private code needs a layer of its own: "arraytyping" alone is the public modules'
    return None if best is None else best[0]


def _describe(index: int) -> str:
    return f"layer {index} ({LAYERS[index][0]})"


def test_every_module_has_a_layer() -> None:
    missing = [m for m in MODULES if layer_of(m) is None]
    assert not missing, f"modules in no layer (add their folder to LAYERS in {__file__}): {missing}"


def _upward(imports: list[Import]) -> list[str]:
    upward = []
    for imp in imports:
        low, high = layer_of(imp.module), layer_of(imp.target)
        assert low is not None and high is not None
        if high > low:
            upward.append(f"{imp.module}:{imp.line} ({_describe(low)}) imports {imp.target} ({_describe(high)})")
    return upward


def test_no_module_imports_from_a_higher_layer() -> None:
    upward = _upward(IMPORTS)
    assert not upward, "imports going up a layer:\n" + "\n".join(upward)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_module_level_imports_have_no_cycle() -> None:
    edges: dict[str, set[str]] = collections.defaultdict(set)
    for imp in IMPORTS:
        if imp.where == "module":
            edges[imp.module].add(imp.target)
    assert not _cycles(edges), f"import cycles: {_cycles(edges)}"


def test_imports_inside_functions_are_few_and_say_why() -> None:
    inside = [imp for imp in IMPORTS if imp.where == "function"]
    unexplained = []
    for imp in inside:
        line = MODULES[imp.module].read_text().splitlines()[imp.line - 1]
        if INHERENT not in line:
            unexplained.append(f"{imp.module}:{imp.line}: {line.strip()}")
    assert not unexplained, (f"imports inside functions without '# {INHERENT} <why>' (import at module level, or "
                             "move the code to its layer):\n" + "\n".join(unexplained))
    assert len(inside) <= MAX_FUNCTION_IMPORTS, [f"{i.module}:{i.line}" for i in inside]


def _folders() -> Iterator[Path]:
    for folder in sorted((SRC / "arraytyping" / "_src").rglob("*")):
        if folder.is_dir() and (folder / "__init__.py").exists():
            yield folder
    yield SRC / "arraytyping" / "_src"


@pytest.mark.parametrize("folder", list(_folders()), ids=lambda p: str(p.relative_to(SRC)))
def test_folders_are_small_and_carry_no_family_by_prefix(folder: Path) -> None:
    names = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    assert len(names) <= MAX_MODULES_PER_FOLDER, f"{folder}: {len(names)} modules; split it into folders"
    by_prefix: dict[str, list[str]] = collections.defaultdict(list)
    for name in names:
        stem = name.lstrip("_")
        if "_" in stem:
            by_prefix[stem.split("_")[0]].append(name)
    families = {prefix: members for prefix, members in by_prefix.items()
                if len(members) + (prefix in names) > 1}
    assert not families, f"{folder}: a family carried by a file-name prefix (make it a folder): {families}"


def test_the_checks_catch_what_they_check() -> None:
    """The detectors on small cases: the longest prefix decides a layer, an import going up is named, a cycle is
    found; and the package's imports are all seen (those inside functions and under TYPE_CHECKING too)."""
    assert layer_of("arraytyping._src.lax.api.functions") == layer_of("arraytyping._src.lax.api")
    assert layer_of("arraytyping._src.lax.api") > layer_of("arraytyping._src.lax")  # type: ignore[operator]
    assert layer_of("arraytyping._src.somewhere_new") is None  # a new private folder has no layer until given one
    assert layer_of("arraytyping.somewhere_new") == len(LAYERS) - 1  # a new public module is public
    up = Import("arraytyping._src.core.trace", "arraytyping._src.numpy.binary", 7, "function")
    down = Import("arraytyping._src.numpy.binary", "arraytyping._src.core.trace", 8, "module")
    assert _upward([up, down]) == ["arraytyping._src.core.trace:7 (layer 3 (the IR and tracing)) imports "
                                   "arraytyping._src.numpy.binary (layer 8 (jax.numpy, jax.nn, jax.random))"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    kinds = {imp.where for imp in IMPORTS}
    assert kinds >= {"module", "type-checking"}, kinds
    assert len(MODULES) > 150 and len(IMPORTS) > 1000, (len(MODULES), len(IMPORTS))


def test_numpy_families_import_only_those_below_them() -> None:
    prefix = "arraytyping._src.numpy."
    families = sorted(m.removeprefix(prefix) for m in MODULES if m.startswith(prefix))
    assert sorted(NUMPY_ORDER) == families, "every family of arraytyping._src.numpy has its place in NUMPY_ORDER"
    wrong = [f"{imp.module}:{imp.line} imports {imp.target}" for imp in IMPORTS
             if imp.module.startswith(prefix) and imp.target.startswith(prefix)
             and NUMPY_ORDER.index(imp.target.removeprefix(prefix)) > NUMPY_ORDER.index(imp.module.removeprefix(prefix))]
    assert not wrong, "numpy families importing a family above them:\n" + "\n".join(wrong)
