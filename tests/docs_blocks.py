"""The code blocks of the README and of the documentation site (``docs/``), and what their comments claim.

The conventions, which ``docs/contributing.md`` explains to writers of pages:

* A ``python`` block runs on its own, in a fresh namespace, one top-level statement at a time.
  - A statement whose last line's comment starts with an exception's name (``# TypePromotionError: ... cast
    explicitly, ...``) must raise it; the text after the colon, if any, is its message (``...`` stands for any text).
  - An expression statement (or an assignment to one name) whose comment starts like a value (``Array(``,
    ``dtype(``, a bracket, a number, a string, ``True``...) must have that ``repr`` (``...`` stands for any text;
    a comment line that continues it, its ``#`` under the first one's, is joined to it; text after a ``: `` outside
    brackets is prose).
  - A statement that prints must show what it prints: the full-line comments right below it (``# ...`` alone
    stands for any lines), or its own comment.
* A ``python`` block with ``reveal_type(...)`` or an ``# error`` comment is a *typed* block: every type checker
  reads it (all typed blocks at once, each in a module of its own). A comment is a claim for every checker, or
  ``;``-separated claims for some (``plugin: Array[float32, tuple[B, Literal[8]]]; others: Array[float32]``):
  ``plugin`` is mypy with the arraytyping plugin, ``mypy`` mypy alone, then ``pyright``, ``pyrefly``, ``ty``, and
  ``others`` the checkers the comment names nowhere else. On a ``reveal_type`` line the claim is the type shown
  (after :func:`normal_type`); elsewhere a claim that starts with ``error`` says the line is an error (a quoted
  text after it, ``error: "cannot broadcast"``, must be in the message), and any other claim that it is not.
* A block with a title (``python title="tour.py"``) is also a file of its page's folder, in which the page's
  ``console`` blocks run: ``$ command`` lines (``.venv/bin/...``) and, below each, what it prints (``...`` alone
  on a line stands for any lines, inside a line for any text; the folder's path is left out of the output, as
  paths relative to the project are what a reader sees).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))

_FENCE = re.compile(r"^```(?P<lang>[\w-]*)[ \t]*(?P<attrs>[^\n]*)\n(?P<code>.*?)^```[ \t]*$", re.S | re.M)
_TITLE = re.compile(r'title="([^"]+)"')


@dataclass(frozen=True)
class Block:
    """One fenced code block: its page (relative to the repository), the line of its opening fence, language,
    title (``title="..."`` after the language) and code."""

    page: str
    line: int
    lang: str
    title: str | None
    code: str

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def module(self) -> str:
        """A module name for the block, unique across pages: ``docs_type_checkers_42``."""
        stem = re.sub(r"\W", "_", self.page.removesuffix(".md").lower())
        return f"docs_{stem}_{self.line}"

    @property
    def typed(self) -> bool:
        return self.lang == "python" and ("reveal_type(" in self.code or any(
            _is_error_claim(c) for c in type_claims_by_line(self.code).values()))


def blocks(page: Path) -> list[Block]:
    text = page.read_text()
    out = []
    for m in _FENCE.finditer(text):
        title = _TITLE.search(m.group("attrs"))
        out.append(Block(str(page.relative_to(ROOT)), text.count("\n", 0, m.start()) + 1, m.group("lang"),
                         title.group(1) if title else None, m.group("code")))
    return out


ALL_BLOCKS = [b for page in PAGES for b in blocks(page)]


# ----------------------------------------------------------------------------------------------------------------
# Matching what a comment shows against what ran


def _squash(text: str) -> str:
    """Whitespace made comparable: runs collapsed, none just inside brackets (a repr wrapped over lines)."""
    text = re.sub(r"\s+", " ", text.strip())
    return re.sub(r"([\[(]) | (?=[\]),])", r"\1", text)


def matches(shown: str, actual: str) -> bool:
    """Whether ``actual`` is what ``shown`` says, ``...`` in ``shown`` standing for any text (whitespace squashed)."""
    pieces = [re.escape(p) for p in _squash(shown).split("...")]
    return re.fullmatch(".*".join(pieces), _squash(actual), re.S) is not None


def lines_match(shown: list[str], actual: list[str]) -> bool:
    """Line by line: a line ``...`` alone stands for any lines, ``...`` inside a line for any text."""
    if not shown:
        return not actual
    if shown[0].strip() == "...":
        return any(lines_match(shown[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and matches(shown[0], actual[0]) and lines_match(shown[1:], actual[1:])


_VALUE = re.compile(r"""(?:[A-Za-z_][\w.]*\(|[\[({'"]|-?\d|(?:True|False|None)\b)""")
_EXCEPTION = re.compile(r"(?P<name>[A-Z]\w*(?:Error|Exception))\b(?::\s*(?P<message>.*))?")


def claimed_value(comment: str) -> str | None:
    """The ``repr`` a comment claims (its text before a ``: `` outside brackets and quotes), or ``None`` for prose."""
    if not _VALUE.match(comment):
        return None
    depth, quote = 0, ""
    for i, ch in enumerate(comment):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == ":" and depth == 0 and comment[i + 1:i + 2] in (" ", ""):
            return comment[:i]
    return comment


def claimed_exception(comment: str) -> tuple[str, str | None] | None:
    """``(name, message or None)`` where a comment names an exception the statement raises."""
    m = _EXCEPTION.match(comment)
    return (m.group("name"), m.group("message")) if m else None


# ----------------------------------------------------------------------------------------------------------------
# Type checkers' claims

CHECKER_NAMES = {"plugin": "mypy-plugin", "mypy": "mypy", "pyright": "pyright", "pyrefly": "pyrefly", "ty": "ty"}
"""The name a comment gives each checker -> its name in ``checkers.CHECKERS``."""

_WHO = re.compile(r"((?:plugin|mypy|pyright|pyrefly|ty|others)(?:, (?:plugin|mypy|pyright|pyrefly|ty|others))*): "
                  r"(.*)$")


def comment_of(line: str) -> str:
    """A line's trailing comment (after two spaces and ``#``), without a ``type: ignore`` before it."""
    code, sep, comment = line.partition("  # ")
    return comment.strip() if sep and code.strip() else ""


def type_claims_by_line(code: str) -> dict[int, str]:
    return {n: c for n, line in enumerate(code.splitlines(), 1) if (c := comment_of(line))}


def split_claims(comment: str, checkers: tuple[str, ...]) -> dict[str, str]:
    """Each checker's claim in a comment (see the module's docstring)."""
    parts = comment.split("; ")
    named: dict[str, str] = {}
    others: str | None = None
    for part in parts:
        m = _WHO.match(part)
        if m is None:
            if len(parts) > 1:
                raise ValueError(f"a claim of several parts names no checker: {part!r} in {comment!r}")
            return dict.fromkeys(checkers, part)
        for who in m.group(1).split(", "):
            if who == "others":
                others = m.group(2)
            else:
                named[CHECKER_NAMES[who]] = m.group(2)
    if others is not None:
        named.update({c: others for c in checkers if c not in named})
    return named


def _is_error_claim(comment: str) -> bool:
    try:
        claims = split_claims(comment, tuple(CHECKER_NAMES.values()))
    except ValueError:
        return False
    return any(c.startswith("error") for c in claims.values())


_DEFAULT_SHAPE = re.compile(r", (?:tuple\[(?:builtins\.)?(?:int|Any), \.\.\.\]|AnyShape)\]")


def normal_type(text: str) -> str:
    """A revealed type as the pages write it. Each checker prints it its own way, and the pages write the common
    form: module prefixes (``arraytyping.``, ``builtins.``) and a type variable's scope (pyright's ``F@normalize``,
    mypy's ``F`-1``) left out, ``Unknown`` (pyright's implicit ``Any``) as ``Any``, and ``Array``'s default shape,
    which mypy prints as ``tuple[int, ...]`` (``tuple[Any, ...]`` with the plugin), pyright and ty as
    ``tuple[Any, ...]`` and pyrefly not at all, left out: ``Array[float32]`` is an array of any shape."""
    text = re.sub(r"\b(arraytyping|builtins)\.", "", text)
    text = re.sub(r"@\w+|`-?\d+", "", text).replace("Unknown", "Any")
    return _DEFAULT_SHAPE.sub("]", text)
