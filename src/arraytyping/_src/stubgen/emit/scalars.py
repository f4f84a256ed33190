"""The root stub's promotion protocols and scalar classes (see :mod:`.families` for what they encode)."""

from __future__ import annotations

from arraytyping._src.stubgen import marker_sets, specs
from arraytyping._src.stubgen.families import Family, Model
from arraytyping.lattice import LatticeConfig

__all__ = ["protocol_names", "protocols", "scalar_classes"]


def protocols(m: Model) -> list[str]:
    out = ["# Promotion protocols: implemented (type-check-only) by the scalar classes below.", "",
           "@type_check_only", "class _Abstract(Protocol):",
           "    def __at_abstract__(self) -> Literal[True]: ...", ""]
    for c in specs.ABSTRACT:
        out += ["@type_check_only", f"class _Is{c.capitalize()}(Protocol):",
                f"    def __at_is_{c}__(self) -> Literal[True]: ...", ""]
    out += [marker_sets.PROTOCOLS, "@type_check_only", "class _Same(Protocol[T]):",
            '    """An array of exactly the dtype ``T`` (invariant: two arrays meet it with one ``T`` only when they '
            'have one dtype)."""',
            "    def __at_same__(self, x: T, /) -> T: ...", ""]
    for fam in m.fams():
        f, c = fam.name, fam.cap
        out += ["@type_check_only", f"class _{c}Up(Protocol[T_contra]):",
                f"    def __at_{f}_up__(self, x: T_contra, /) -> object: ...", ""]
        for i in range(fam.n_rules):
            out += ["@type_check_only", f"class _{c}R{i}(Protocol[T_contra, R_co]):",
                    f"    def __at_{f}_r{i}__(self, x: T_contra, /) -> R_co: ...", ""]
        for k in range(len(fam.slots)):
            out += ["@type_check_only", f"class _{c}W{k}(Protocol[R_co]):",
                    f"    def __at_{f}_w{k}__(self) -> R_co: ...", ""]
    return out


def protocol_names(m: Model) -> list[str]:
    out = ["_Abstract", "_Same", *(f"_Is{c.capitalize()}" for c in specs.ABSTRACT), marker_sets.NAMES]
    for fam in m.fams():
        c = fam.cap
        out += [f"_{c}Up", *(f"_{c}R{i}" for i in range(fam.n_rules)), *(f"_{c}W{k}" for k in range(len(fam.slots)))]
    return out


def _markers(cls: str, *, ignore: bool) -> list[str]:
    """``cls``'s answers to the abstract-class markers of itself and its ancestors: true for itself alone."""
    out: list[str] = []
    for a in specs.abstract_ancestors(cls):
        out += ["    @type_check_only",
                f"    def __at_is_{a}__(self) -> Literal[{a == cls}]: ..."
                + ("  # type: ignore[override]  # pyright: ignore" if ignore and a != cls else "")]
    return out


def _family_methods(fam: Family, cls: str, i: int) -> list[str]:
    f = fam.name
    out = ["    @type_check_only", f"    def __at_{f}_up__(self, x: {' | '.join(fam.up[cls]) or 'Never'}, /) -> object: ..."]
    for j, (r, lefts) in enumerate(fam.rules[cls]):
        out += ["    @type_check_only", f"    def __at_{f}_r{j}__(self, x: {' | '.join(lefts)}, /) -> {r}: ..."]
    for k, vec in enumerate(fam.slots):
        if vec[i] is not None:
            out += ["    @type_check_only", f"    def __at_{f}_w{k}__(self) -> {vec[i]}: ..."]
    return out


def scalar_classes(m: Model, cfg: LatticeConfig, doc: dict[str, str]) -> list[str]:
    """The abstract and concrete scalar classes. Calling a concrete one makes an array (``float32(2)`` is an
    ``Array[float32]``, as ``jnp.float32(2)`` is); an abstract one cannot be called."""
    out = ["# Scalar type classes (runtime: arraytyping._src.dtypes.scalar_types).", ""]
    for name, (base, _) in specs.ABSTRACT.items():
        out.append(f"class {name}({base}):" if base else f"class {name}:")
        if name in doc:
            out.append(f"    {doc[name]}")
        if name == "generic":
            out += ["    dtype: ClassVar[np.dtype[Any]]",
                    "    @type_check_only",
                    "    def __at_abstract__(self) -> Literal[True]: ..."]
        out += ["    def __new__(cls, value: Never = ...) -> Never: ...  # an abstract class names no dtype",
                *_markers(name, ignore=True), marker_sets.class_placeholder(name), ""]
    for i, s in enumerate(specs.CONCRETE):
        slots = [f"_{fam.cap}W{k}[{vec[i]}]" for fam in m.fams() for k, vec in enumerate(fam.slots)
                 if vec[i] is not None]
        # The promotion protocols as nominal bases, for mypy alone: mypy matches a self-typed overload only through
        # a nominal base, where pyright and ty check the protocols structurally (the methods below) and are about
        # twice as fast without ~90 bases in every dtype class's MRO (each nominal check walks it). pyright reads
        # the last declaration of a class, ty the reachable one: both the empty class.
        holder = f"_{s.capitalize()}Slots"
        out += ["if MYPY:", "    @type_check_only", f"    class {holder}({', '.join(slots)}): ...", "else:",
                "    @type_check_only", f"    class {holder}: ...",
                "@final", f"class {s}({specs.abstract_ancestors(s)[0]}, {holder}):"]
        if s in doc:
            out.append(f"    {doc[s]}")
        out += ["    dtype: ClassVar[np.dtype[Any]]",
                f"    def __new__(cls, value: object = ...) -> Array[{specs.canonical_cls(s, cfg)}]: ...  "
                "# type: ignore[misc]",
                "    @type_check_only",
                "    def __at_abstract__(self) -> Literal[False]: ...  # type: ignore[override]  # pyright: ignore",
                *_markers(s, ignore=True), marker_sets.class_placeholder(s)]
        for fam in m.fams():
            out += _family_methods(fam, s, i)
        out.append("")
    return out
