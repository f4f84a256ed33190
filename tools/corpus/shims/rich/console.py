from __future__ import annotations

import re
from typing import Any


class Console:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def print(self, *objects: Any) -> None:
        for obj in objects:
            rows = getattr(obj, "rows", None)
            if rows is None:
                print(re.sub(r"\[/?[a-z ]+\]", "", str(obj)))
                continue
            for row in rows:
                for cell in row:
                    print(re.sub(r"\[/?[a-z ]+\]", "", str(cell)))
