from __future__ import annotations

from typing import Any


class Table:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.rows: list[tuple[Any, ...]] = []

    def add_row(self, *cells: Any) -> None:
        self.rows.append(cells)
