"""Each checker's spelling of a revealed type, normalised to one form: a set of :class:`Member` (a union).

mypy writes ``arraytyping.Array[arraytyping.float32]`` and ``builtins.float``, pyright ``Array[float32]``,
``Array[T@case_3]`` and the names of aliases (``FloatArray``), pyrefly ``Array[float | floating]`` and bare
``dtype``, ty ``Array[Unknown]`` and ``Array[T@case_3]``; unions are ``A | B`` or ``Union[A, B]``. A revealed type
becomes members: ``array`` (an ``Array`` whose dtype parameter is ``atom``), ``dtype`` (an ``np.dtype``), ``any``
(``Any``/``Unknown``), ``never``, or ``other`` (anything else, kept as text). An array's dtype parameter is split
into atoms: ``dtype`` (a concrete dtype; ``bool_`` is ``bool``), ``weak`` (``int``/``float``/``complex``),
``pybool`` (``bool``), ``abstract`` (``floating``...), ``tv`` (a type variable, without its scope), ``any``, or
``other``.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Union

from arraytyping import lattice

from .universe import ABSTRACT_KINDS, WEAK_KINDS


@dataclass(frozen=True, order=True)
class Atom:
    tag: str
    name: str = ""

    def __str__(self) -> str:
        return {"any": "Any", "pybool": "bool"}.get(self.tag, self.name)


@dataclass(frozen=True, order=True)
class Member:
    tag: str
    atom: Atom | None = None
    text: str = ""

    def __str__(self) -> str:
        if self.tag == "array":
            return f"Array[{self.atom}]"
        if self.tag == "dtype":
            return f"dtype[{self.atom}]"
        return {"any": "Any", "never": "Never"}.get(self.tag, self.text)


Static = frozenset[Member]
ANY: Static = frozenset({Member("any")})

# A parsed type: (name, args) or ("|", members) or ("'", text) for literals.
Tree = Union[tuple[str, tuple["Tree", ...]], tuple[str, str]]

_TOKEN = re.compile(r"""\s*(?:(?P<str>'[^']*'|"[^"]*")|(?P<name>[A-Za-z_][\w.]*(?:@[\w.<>]+)?(?:`-?\d+)?\*?)"""
                    r"""|(?P<num>-?\d+(?:\.\d+)?)|(?P<ell>\.\.\.)|(?P<arrow>->)|(?P<p>[\[\](),|*]))""")
_DTYPES = frozenset(lattice.DTYPE_NAMES)
_NUMPY_BITS = {"floating": "float", "signedinteger": "int", "unsignedinteger": "uint"}


class ParseError(ValueError):
    pass


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError(f"cannot read {text[pos:]!r} in {text!r}")
        out.append(m.group(0).strip())
        pos = m.end()
    return out


def parse_tree(text: str) -> Tree:
    toks = _tokens(text)
    pos = 0

    def peek() -> str | None:
        return toks[pos] if pos < len(toks) else None

    def take(expected: str | None = None) -> str:
        nonlocal pos
        if pos >= len(toks) or (expected is not None and toks[pos] != expected):
            raise ParseError(f"expected {expected!r} at {pos} in {text!r}")
        pos += 1
        return toks[pos - 1]

    def union() -> Tree:
        items = [primary()]
        while peek() == "|":
            take()
            items.append(primary())
        return items[0] if len(items) == 1 else ("|", tuple(items))

    def primary() -> Tree:
        t = peek()
        if t == "(":
            take()
            inner = union() if peek() != ")" else ("()", ())
            while peek() == ",":  # a parenthesized tuple or parameter list
                take()
                union()
            take(")")
            if peek() == "->":
                take()
                return ("Callable", (union(),))
            return inner
        if t is None:
            raise ParseError(f"unexpected end of {text!r}")
        take()
        if t[0] in "'\"" or t[0].isdigit() or t[0] == "-" or t in ("...", "*"):
            return ("'", t)
        args: list[Tree] = []
        if peek() == "[":
            take()
            while peek() != "]":
                args.append(union() if peek() != "[" else _list())
                if peek() == ",":
                    take()
            take("]")
        return (t, tuple(args))

    def _list() -> Tree:
        take("[")
        items = []
        while peek() != "]":
            items.append(union())
            if peek() == ",":
                take()
        take("]")
        return ("[]", tuple(items))

    tree = union()
    if pos != len(toks):
        raise ParseError(f"trailing {toks[pos:]} in {text!r}")
    return tree


def _short(name: str) -> str:
    """A name without its module, its type variable scope (``T@f``), mypy's id suffix (``T`-1``) or pyright's
    mark of a type conditional on a constrained type variable (``float32*``)."""
    name = name.rstrip("*").split("`")[0].split("@")[0]
    return name.rsplit(".", 1)[-1]


def _render(tree: Tree) -> str:
    name, args = tree
    if name == "'":
        return str(args)
    if name == "|":
        return " | ".join(_render(a) for a in args)  # type: ignore[arg-type]
    if not args:
        return _short(name)
    return f"{_short(name)}[{', '.join(_render(a) for a in args)}]"  # type: ignore[arg-type]


def _union_items(tree: Tree) -> tuple[Tree, ...]:
    name, args = tree
    if name == "|" or _short(name) in ("Union",):
        return tuple(m for a in args for m in _union_items(a))  # type: ignore[arg-type]
    if _short(name) == "Optional":
        return tuple(m for a in args for m in _union_items(a)) + (("None", ()),)  # type: ignore[arg-type]
    return (tree,)


def _numpy_scalar(short: str, args: tuple[Tree, ...]) -> Atom | None:
    """numpy's own scalar types as mypy spells them (``floating[_32Bit]``): the dtype, or the abstract class."""
    bits = [re.sub(r"\D", "", _render(a)) for a in args]
    if short in _NUMPY_BITS and len(bits) == 1:
        return Atom("dtype", f"{_NUMPY_BITS[short]}{bits[0]}") if bits[0] else Atom("abstract", short)
    if short == "complexfloating" and len(bits) == 2:
        return Atom("dtype", f"complex{2 * int(bits[0])}") if bits[0] else Atom("abstract", short)
    if short in ABSTRACT_KINDS and args:
        return Atom("abstract", short)
    if short == "bool" and args:  # numpy.bool[builtins.bool]
        return Atom("dtype", "bool")
    return None


def atoms(tree: Tree, expand: Mapping[str, Tree]) -> list[Atom]:
    """The atoms of a dtype parameter."""
    out: list[Atom] = []
    for item in _union_items(tree):
        name, args = item
        if name == "'":
            out.append(Atom("other", str(args)))
            continue
        short = _short(name)
        numpy_atom = _numpy_scalar(short, args)  # type: ignore[arg-type]
        if numpy_atom is not None:
            out.append(numpy_atom)
        elif args:
            out.append(Atom("other", _render(item)))
        elif short in ("Any", "Unknown"):
            out.append(Atom("any"))
        elif short == "bool_" or short in _DTYPES:
            out.append(Atom("dtype", "bool" if short == "bool_" else short))
        elif short in WEAK_KINDS:
            out.append(Atom("weak", short))
        elif short == "bool":
            out.append(Atom("pybool"))
        elif short in ABSTRACT_KINDS:
            out.append(Atom("abstract", short))
        elif short in expand:
            out += atoms(expand[short], expand)
        elif re.fullmatch(r"[A-Za-z_]\w*", short):
            out.append(Atom("tv", short))
        else:
            out.append(Atom("other", _render(item)))
    return out


def members(tree: Tree, classes: Mapping[str, Tree]) -> set[Member]:
    out: set[Member] = set()
    for item in _union_items(tree):
        name, args = item
        short = _short(name) if name != "'" else "'"
        if short in ("Any", "Unknown"):
            out.add(Member("any"))
        elif short in ("Never", "NoReturn"):
            out.add(Member("never"))
        elif short in classes:
            out |= members(classes[short], classes)
        elif short == "Array":
            params = atoms(args[0], classes) if args else [Atom("any")]  # type: ignore[arg-type]
            out |= {Member("array", a) for a in params}
        elif short in ("dtype", "DType"):  # numpy's dtype, or arraytyping.typing.DType (an array's .dtype)
            params = atoms(args[0], classes) if args else [Atom("any")]  # type: ignore[arg-type]
            out |= {Member("dtype", a) for a in params}
        else:
            out.add(Member("other", text=_render(item)))
    return out


def normalise(text: str, classes: Mapping[str, str] = {}) -> Static:
    """A revealed type as members. ``classes`` maps names the checker may print (the aliases of
    ``arraytyping.typing``, the generated module's ``Array`` subclasses) to the type they stand for."""
    trees = {**alias_trees(), **{k: parse_tree(v) for k, v in classes.items()}}
    try:
        tree = parse_tree(text)
    except ParseError:
        return frozenset({Member("other", text=text)})
    return frozenset(members(tree, trees))


def show(static: Static) -> str:
    return " | ".join(sorted(map(str, static)))


@functools.cache
def alias_trees() -> dict[str, Tree]:
    """The array aliases of ``arraytyping.typing`` as its stub declares them (``FloatArray: TypeAlias =
    Array[floating | float]``), read from the stub so that a changed alias is followed."""
    from .checkers import package_dir

    stub = package_dir("arraytyping") / "typing.pyi"
    out: dict[str, Tree] = {}
    for node in ast.parse(stub.read_text()).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            text = ast.unparse(node.value)
            if text.startswith("Array"):
                out[node.target.id] = parse_tree(text)
    return out


# Shapes --------------------------------------------------------------------------------------------------------

Dims = tuple[Union[int, str], ...]
"""A revealed shape: each dimension a size (``Literal[3]``) or a gradual one (``?``: ``int``, ``Any``, a type
variable, which the runtime cannot check)."""
GRADUAL_DIM = "?"


@dataclass(frozen=True)
class ShapeClaim:
    """What one member of a revealed type says about the shape: ``dims`` (``None``: any shape, ``Any``, or a
    variadic part), or ``text`` when it is not a shape this module can read (never matches a runtime shape)."""

    dims: Dims | None = None
    text: str = ""

    def __str__(self) -> str:
        if self.text:
            return self.text
        if self.dims is None:
            return "any shape"
        return "(" + ", ".join(map(str, self.dims)) + ("," if len(self.dims) == 1 else "") + ")"


_ANY_SHAPE: Final = ShapeClaim()


def _dim(tree: Tree) -> int | str | None:
    name, args = tree
    if name == "'":
        return None
    short = _short(name)
    if short == "Literal" and len(args) == 1 and args[0][0] == "'" and str(args[0][1]).lstrip("-").isdigit():
        return int(str(args[0][1]))
    if not args and (short in ("int", "Any", "Unknown") or re.fullmatch(r"[A-Za-z_]\w*", short)):
        return GRADUAL_DIM  # int, Any, or a type variable (N@f, N`-1)
    return None


def _shape_claim(tree: Tree | None) -> ShapeClaim:
    if tree is None:
        return _ANY_SHAPE
    name, args = tree
    short = _short(name) if name != "'" else "'"
    if short in ("Any", "Unknown"):
        return _ANY_SHAPE
    if short not in ("tuple", "Tuple"):
        return ShapeClaim(text=_render(tree))
    if len(args) == 1 and args[0] == ("()", ()):  # tuple[()]
        return ShapeClaim(())
    if any(a[0] == "'" and a[1] in ("...", "*") for a in args):  # tuple[int, ...], a variadic part
        return _ANY_SHAPE
    dims = [_dim(a) for a in args]  # type: ignore[arg-type]
    if any(d is None for d in dims):
        return ShapeClaim(text=_render(tree))
    return ShapeClaim(tuple(d for d in dims if d is not None))


def shape_claims(text: str, classes: Mapping[str, str] = {}) -> list[ShapeClaim] | None:
    """The shape each ``Array`` member of a revealed type names (``Array[float32, tuple[Literal[2]]]`` -> ``(2,)``;
    no shape argument, or ``tuple[int, ...]``/``tuple[Any, ...]``, -> any shape; a dimension ``int``, ``Any`` or a
    type variable -> ``?``); an ``Any`` member names any shape. ``None`` when no member is an array or ``Any`` (a
    dtype, an ndarray, ...: the dtype judgement says what that is). ``classes`` as :func:`normalise`'s: an alias or
    subclass of the package (``FloatArray``, ``Sub_float32``) stands for an ``Array`` of any shape."""
    trees = {**alias_trees(), **{k: parse_tree(v) for k, v in classes.items()}}
    try:
        tree = parse_tree(text)
    except ParseError:
        return None
    out: list[ShapeClaim] = []

    def walk(item: Tree) -> None:
        name, args = item
        short = _short(name) if name != "'" else "'"
        if short in ("Any", "Unknown"):
            out.append(_ANY_SHAPE)
        elif short in trees:
            for sub in _union_items(trees[short]):
                walk(sub)
        elif short == "Array":
            out.append(_shape_claim(args[1] if len(args) > 1 else None))  # type: ignore[arg-type]

    for item in _union_items(tree):
        walk(item)
    return out or None
