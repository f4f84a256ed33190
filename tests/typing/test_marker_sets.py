"""The marker protocols of sets of abstract classes (``stubgen/marker_sets.py``): in the shipped root stub, every
scalar class answers each set's marker true exactly when it is in the set, counting what it inherits, so
``Array[_IsInexact_Floating_Complexfloating]`` takes what ``Array[_IsInexact | _IsFloating | _IsComplexfloating]``
took."""

from __future__ import annotations

import re
from pathlib import Path

from arraytyping._src.stubgen import specs

ROOT = Path(__file__).resolve().parents[2]
STUB = (ROOT / "src" / "arraytyping" / "__init__.pyi").read_text()
_CLASS = re.compile(r"^class (\w+)(?:\(([^)]*)\))?:\n((?:    .*\n)*)", re.M)
_ANSWER = re.compile(r"def (__at_is_\w+__)\(self\) -> Literal\[(True|False)\]")
_SET = re.compile(r"^class _Is(\w+_\w+)\(Protocol\):\n    def (__at_is_\w+__)\(self\) -> Literal\[True\]", re.M)


def _classes() -> dict[str, tuple[str | None, dict[str, bool]]]:
    """Each scalar class of the stub: its scalar base (``None`` for ``generic``) and its declared answers."""
    scalars = {*specs.ABSTRACT, *specs.CONCRETE}
    out: dict[str, tuple[str | None, dict[str, bool]]] = {}
    for m in _CLASS.finditer(STUB):
        if m.group(1) in scalars:
            base = (m.group(2) or "").split(",")[0].strip() or None
            out[m.group(1)] = (base if base in scalars else None,
                               {a.group(1): a.group(2) == "True" for a in _ANSWER.finditer(m.group(3))})
    return out


def _answer(classes: dict[str, tuple[str | None, dict[str, bool]]], cls: str | None, method: str) -> bool:
    """The answer ``cls`` gives, declared or inherited (none: the protocol is not met, as false)."""
    while cls is not None:
        base, declared = classes[cls]
        if method in declared:
            return declared[method]
        cls = base
    return False


def test_every_class_answers_its_membership() -> None:
    classes = _classes()
    assert set(classes) == {*specs.ABSTRACT, *specs.CONCRETE}
    sets = [(m.group(1), m.group(2)) for m in _SET.finditer(STUB)]
    assert len(sets) >= 5, sets  # the stubs ask for sets of two to eight classes
    for name, method in sets:
        members = {c.lower() for c in name.split("_")}
        assert members <= set(specs.ABSTRACT), name
        assert method == "__at_is_" + "_".join(c.lower() for c in name.split("_")) + "__"
        wrong = [c for c in classes if _answer(classes, c, method) != (c in members)]
        assert not wrong, f"_Is{name}: {wrong}"
        assert f"Array[_Is{name}" in STUB or f"bound=_Is{name})" in STUB, name  # each one is used
    assert not re.search(r"_Is[A-Z]\w* \| _Is[A-Z]", STUB)  # no union of markers is left
