"""The terminal the command line writes to: its width, and text wrapped to it.

The width is the terminal's (``COLUMNS`` first, as :func:`shutil.get_terminal_size` reads it), or
:data:`DEFAULT_WIDTH` when the output is not a terminal (a pipe, a file, a test's capture).
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Iterable
from typing import Final

__all__ = ["DEFAULT_WIDTH", "MIN_WIDTH", "paragraphs", "width", "wrap"]

DEFAULT_WIDTH: Final = 100
"""Columns when the output is not a terminal and ``COLUMNS`` is not set."""
MIN_WIDTH: Final = 40
"""The narrowest layout: below it, lines are cut at this width anyway."""


def width() -> int:
    """The width to write to, in columns."""
    return max(MIN_WIDTH, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


def wrap(text: str, columns: int, indent: str = "", first: str = "") -> str:
    """``text`` as one paragraph wrapped to ``columns``: the first line starting with ``first``, the others with
    ``indent``. Long words (a path, a dtype list item) are not broken."""
    return textwrap.fill(" ".join(text.split()), columns, initial_indent=first, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def paragraphs(texts: Iterable[str], columns: int, indent: str = "  ") -> str:
    """Paragraphs wrapped to ``columns``, one after another; each after the first indented by ``indent``."""
    out: list[str] = []
    for i, text in enumerate(texts):
        out.append(wrap(text, columns, indent=indent, first="" if i == 0 else indent))
    return "\n".join(out)
