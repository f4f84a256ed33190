"""What an editor shows for arraytyping code: pyright's language server, asked as VS Code asks it.

One ``pyright-langserver --stdio`` (see :mod:`lsp_client`) opens a sample file that imports the package; the tests
hover over calls, methods and results and ask for completions where a user types ``x.``. They hold what a person
reads: one signature with its docstring on a call (pyright shows the overload the call matched, and the docstring
the generator puts on a function's first overload), the promoted ``Array[...]`` type of a result, and ``Array``'s
methods offered inside ``@jit`` and ``@vmap`` functions. The whole session is bounded (a minute, each request less).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import arraytyping
import arraytyping.numpy
import checkers  # beside this file
from lsp_client import LanguageServer, langserver_command  # beside this file

SAMPLE = '''\
import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float16, float32


def f(x: Array[float32], y: Array[float32], h: Array[float16]) -> None:
    r_astype = x.astype(anp.float16)
    r_astype_float = x.astype(float)
    r_add = x + y
    r_mixed = h + x
    r_weak = x * 2.0
    r_sum = x.sum()
    r_mean = x.mean(axis=0)
    r_reshape = x.reshape(3, 1)
    r_dunder = x.__add__(y)
    r_zeros = anp.zeros(3)
    r_where = anp.where(x > 0, x, y)
    r_fastype = anp.astype(x, anp.float16)
    r_jit = jitted(x)
    r_vmap = mapped(x)
    compiled = at.jit(lambda a: a)
    vectorized = at.vmap(lambda a: a)


@at.jit
def jitted(x: Array[float32]) -> Array[float32]:
    return x.


@at.vmap
def mapped(x: Array[float32]) -> Array[float32]:
    return x.


@at.jit
@at.vmap
def both(x: Array[float32]) -> Array[float32]:
    return x.
'''
LINES = SAMPLE.splitlines()


def _at(marker: str, offset: int = 0) -> tuple[int, int]:
    """The 0-based position ``offset`` characters into the one line holding ``marker``, where ``marker`` starts."""
    (hit,) = [(i, line.index(marker) + offset) for i, line in enumerate(LINES) if marker in line]
    return hit


@pytest.fixture(scope="module")
def ide(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LanguageServer, str]]:
    """The language server with the sample open and analysed (its diagnostics have arrived)."""
    if langserver_command() is None:
        pytest.skip("pyright-langserver is not installed (it comes with the dev extra's pyright)")
    root = tmp_path_factory.mktemp("ide")
    (root / "sample.py").write_text(SAMPLE)
    with LanguageServer(root, timeout=30, deadline=60) as server:
        uri = server.open(root / "sample.py")
        server.diagnostics(uri)
        yield server, uri


def _hover(ide: tuple[LanguageServer, str], marker: str, offset: int = 0) -> str:
    server, uri = ide
    text = server.hover(uri, *_at(marker, offset))
    assert text is not None, f"no hover at {marker!r}+{offset}"
    return text


def _signature(hover: str) -> str:
    """The code block of a hover: the declaration pyright prints."""
    m = re.match(r"```python\n(.*?)\n```", hover, re.S)
    assert m, hover
    return m.group(1)


def _doc(hover: str) -> str:
    """The documentation part of a hover (after the code block's ``---`` rule), on one line."""
    _, _, doc = hover.partition("\n---\n")
    return _without_literal_marks(" ".join(doc.split()))


def _without_literal_marks(text: str) -> str:
    """``text`` without the marks of a literal block: reST's standalone ``::`` and the fences pyright writes for
    it (a docstring's example block shows as code in the hover)."""
    return " ".join(w for w in text.split() if w not in ("::", "```"))


def _whole_docstring(obj: object) -> str:
    """What a hover should show of ``obj``'s runtime docstring: all of it (one line here, as :func:`_doc` puts the
    hover's), with markdown's single backticks for reST's double ones (pyright converts them)."""
    raw = inspect.getdoc(obj) or ""
    text = " ".join(w for w in raw.split() if w != "::")
    return re.sub(r":[a-z]+:`", "`", text.replace("``", "`"))  # :mod:`x` is `x` too


# Hover on a call: one signature, the one the call matched -----------------------------------------------------------

@pytest.mark.parametrize(("marker", "offset", "name", "result"), [
    ("x.astype(anp", 2, "astype", "Array[DTypeT@astype]"),  # the generic dtype-class overload, solved at the call
    ("x.astype(float", 2, "astype", "Array[float32]"),
    ("x.sum()", 2, "sum", "Array[float32, tuple[()]]"),  # a full reduction: the 0-d overload
    ("x.mean(axis", 2, "mean", "Array[float32]"),
    ("x.reshape", 2, "reshape", "Array[float32]"),
    ("x.__add__", 2, "__add__", "Array[float32]"),
    ("anp.zeros", 4, "zeros", "Array[float32, tuple[SizeT@zeros]]"),  # an int shape: a vector of that size
    ("anp.where", 4, "where", "Array[T@where]"),
    ("anp.astype", 4, "astype", "Array[DTypeT@astype]"),
])
def test_hover_on_a_call_shows_the_one_overload_it_matched(ide: tuple[LanguageServer, str], marker: str,
                                                            offset: int, name: str, result: str) -> None:
    hover = _hover(ide, marker, offset)
    signature = checkers.without_default_shape(_signature(hover))
    assert signature.count(f"def {name}(") == 1, hover
    # pyright qualifies a name that another in the signature shares (numpy.float32 beside arraytyping.float32)
    assert signature.replace("arraytyping.", "").endswith(f"-> {result}"), signature
    assert len(_signature(hover).splitlines()) <= 12, hover


# Hover shows the runtime docstring, whole -------------------------------------------------------------------------

@pytest.mark.parametrize(("marker", "offset", "obj"), [
    pytest.param("x.astype(anp", 2, arraytyping.Array.astype),
    pytest.param("x.astype(float", 2, arraytyping.Array.astype),
    pytest.param("x.sum()", 2, arraytyping.Array.sum),
    pytest.param("x.mean(axis", 2, arraytyping.Array.mean),
    pytest.param("x.reshape", 2, arraytyping.Array.reshape),
    pytest.param("x.__add__", 2, arraytyping.Array.__add__),
    pytest.param("anp.zeros", 4, arraytyping.numpy.zeros),
    ("anp.where", 4, arraytyping.numpy.where),
    ("anp.astype", 4, arraytyping.numpy.astype),  # matched a later overload: the doc sits on the first
    ("= at.jit(", 5, arraytyping.jit),
    ("= at.vmap(", 5, arraytyping.vmap),
])
def test_hover_shows_the_whole_docstring(ide: tuple[LanguageServer, str], marker: str, offset: int,
                                         obj: object) -> None:
    expected = _whole_docstring(obj)
    assert expected, f"{obj!r} has no docstring"
    assert _doc(_hover(ide, marker, offset)) == expected


_PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z]\w*")


@pytest.mark.parametrize(("marker", "offset"), [
    ("x.astype(anp", 2), ("x.sum()", 2), ("x.mean(axis", 2), ("x.reshape", 2), ("anp.zeros", 4), ("anp.astype", 4),
    ("= at.jit(", 5), ("= at.vmap(", 5), ("r_add =", 0), ("r_zeros =", 0),
])
def test_hover_shows_no_private_names(ide: tuple[LanguageServer, str], marker: str, offset: int) -> None:
    """Type variables and the default shape are named for what they are (``InexactDType@sqrt``, ``AnyShape``), not
    the stubs' private ``_K2``/``_AnyShape``/``_DT_co``."""
    signature = _signature(_hover(ide, marker, offset))
    assert not _PRIVATE.findall(signature), signature


# Hover on a result: its promoted dtype -------------------------------------------------------------------------------

@pytest.mark.parametrize(("variable", "dtype"), [
    ("r_astype", "float16"), ("r_astype_float", "float32"), ("r_add", "float32"), ("r_mixed", "float32"),
    ("r_weak", "float32"), ("r_sum", "float32, tuple[()]"), ("r_mean", "float32"), ("r_reshape", "float32"),
    ("r_dunder", "float32"), ("r_zeros", "float32, tuple[int]"), ("r_where", "float32"), ("r_fastype", "float16"),
    ("r_jit", "float32"), ("r_vmap", "float32"),
])
def test_hover_on_a_result_shows_its_array_type(ide: tuple[LanguageServer, str], variable: str, dtype: str) -> None:
    hover = _signature(_hover(ide, f"{variable} ="))
    assert checkers.without_default_shape(hover) == f"(variable) {variable}: Array[{dtype}]"


# Completion after ``x.`` ---------------------------------------------------------------------------------------------

ARRAY_MEMBERS = {"astype", "sum", "mean", "max", "min", "prod", "all", "any", "reshape", "transpose", "T", "shape",
                 "dtype", "ndim", "size", "item", "tolist", "block_until_ready"}
"""Public members of ``Array`` a user reaches for (the last three are a concrete array's, not a tracer's); the
completion list must offer every one."""


@pytest.mark.parametrize("function", ["jitted", "mapped", "both"])
def test_completion_in_jit_and_vmap_functions_lists_array_members(ide: tuple[LanguageServer, str],
                                                                    function: str) -> None:
    server, uri = ide
    body = LINES.index(f"def {function}(x: Array[float32]) -> Array[float32]:") + 1
    assert LINES[body] == "    return x."
    labels = {item.label for item in server.completion(uri, body, len(LINES[body]))}
    assert ARRAY_MEMBERS <= labels, sorted(ARRAY_MEMBERS - labels)
