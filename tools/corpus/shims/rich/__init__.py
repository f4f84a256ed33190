"""Enough of ``rich`` for the corpus's ``print_fwd_bwd`` helper (JAX's venv has no rich): a table prints as its
cells' text, one cell after another, markup left out. Both sides print through it."""

from __future__ import annotations

from rich import console, jupyter, table, text

__all__ = ["console", "jupyter", "table", "text"]
