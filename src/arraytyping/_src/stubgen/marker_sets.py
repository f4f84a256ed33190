"""One marker protocol per set of abstract classes an overload asks for (``_IsInexact_Floating_Complexfloating``),
instead of a union of the classes' own markers (``_IsInexact | _IsFloating | _IsComplexfloating``).

Both say the same (an abstract class of the set, or a type variable bound to one); the single protocol is cheaper to
check: pyright binds ``self`` to every overload of an operator at each use, and checks a union of marker protocols
member by member (on the 2,000-line operators corpus, the unions took a quarter of pyright's time:
``benchmarks/README.md``). Each class answers a set's marker ``__at_is_<set>__`` with ``Literal[True]`` when it is in
the set, declared where its answer differs from the one it inherits (a class that inherits none lacks the member,
which fails the protocol as ``Literal[False]`` does).

The sets are the ones the generator asks for while it writes the stubs (:func:`name`): the protocols and the
classes' answers are written into placeholders (:data:`PROTOCOLS`, :func:`class_placeholder`, :data:`NAMES`) once
every file is generated (:func:`fill`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from arraytyping._src.stubgen import specs

__all__ = ["NAMES", "PROTOCOLS", "class_placeholder", "fill", "name", "reset"]

_SETS: set[tuple[str, ...]] = set()
"""The sets of two or more abstract classes asked for since :func:`reset` (each in ``specs.ABSTRACT``'s order)."""

PROTOCOLS: Final = "#@marker-set protocols@"
"""The line of the root stub that becomes the sets' protocols."""
NAMES: Final = "_@marker-set names@"
"""The item of an import list that becomes the sets' protocol names."""


def reset() -> None:
    """Forget the sets asked for (at the start of a generation)."""
    _SETS.clear()


def name(classes: Iterable[str]) -> str:
    """The marker protocol of the abstract ``classes`` (a class's own, ``_IsFloating``, for one); recorded."""
    members = tuple(c for c in specs.ABSTRACT if c in set(classes))
    if len(members) <= 1:
        return "".join(f"_Is{c.capitalize()}" for c in members)  # none: no marker (the caller's empty union)
    _SETS.add(members)
    return _protocol(members)


def _protocol(members: tuple[str, ...]) -> str:
    return "_Is" + "_".join(c.capitalize() for c in members)


def _method(members: tuple[str, ...]) -> str:
    return "__at_is_" + "_".join(members) + "__"


_ANSWERS: Final = "    #@marker-set answers "


def class_placeholder(cls: str) -> str:
    """The line of ``cls``'s body that becomes its answers to the sets' markers."""
    return f"{_ANSWERS}{cls}@"


def _answers(cls: str) -> list[str]:
    """``cls``'s declared answers: where its answer (whether it is in the set) differs from the one it inherits
    (whether its base, an abstract class, is in it; false for ``generic``, which has none)."""
    parent = specs.ABSTRACT[cls][0] if cls in specs.ABSTRACT else specs.abstract_ancestors(cls)[0]
    out: list[str] = []
    for members in _sorted():
        inherited, mine = parent in members, cls in members
        if mine != inherited:
            out += ["    @type_check_only",
                    f"    def {_method(members)}(self) -> Literal[{mine}]: ..."
                    + ("  # type: ignore[override]  # pyright: ignore" if inherited else "")]
    return out


def _sorted() -> list[tuple[str, ...]]:
    return sorted(_SETS, key=lambda m: (len(m), [list(specs.ABSTRACT).index(c) for c in m]))


def _protocols() -> list[str]:
    out: list[str] = []
    for members in _sorted():
        out += ["@type_check_only", f"class {_protocol(members)}(Protocol):",
                f"    def {_method(members)}(self) -> Literal[True]: ...", ""]
    return out


def fill(files: Mapping[str, str]) -> dict[str, str]:
    """``files`` with every placeholder replaced by the sets asked for."""
    names = ", ".join(_protocol(m) for m in _sorted())
    out: dict[str, str] = {}
    for rel, text in files.items():
        lines: list[str] = []
        for line in text.split("\n"):
            if line == PROTOCOLS:
                lines += _protocols()
            elif line.startswith(_ANSWERS):
                lines += _answers(line.removeprefix(_ANSWERS).removesuffix("@"))
            else:
                lines.append(line.replace(NAMES + ", ", names + ", " if names else "").replace(NAMES, names))
        out[rel] = "\n".join(lines)
    return out
