"""The import rewriting that turns JAX code into arraytyping code, and nothing else.

    import jax                       ->  import arraytyping as jax
    import jax.numpy as jnp          ->  import arraytyping.numpy as jnp
    import jax.numpy                 ->  import arraytyping.numpy, arraytyping as jax   (binds ``jax``, as before)
    import jax, jax.numpy as jnp     ->  import arraytyping as jax, arraytyping.numpy as jnp
    from jax import grad             ->  from arraytyping import grad
    from jax.numpy import sin        ->  from arraytyping.numpy import sin

Only import statements change, in place and on the lines they were on (line numbers are kept, so a checker's
error on the rewritten code sits on the line of the original). Code that does not parse is returned unchanged (it
fails the same way on both sides).

    python tools/corpus/rewrite.py FILE      # prints FILE rewritten
"""

from __future__ import annotations

import ast
import re
import sys

OURS = "arraytyping"


def _module(name: str) -> str | None:
    """``name`` with its leading ``jax`` package replaced, or ``None`` for another package."""
    if name == "jax" or name.startswith("jax."):
        return OURS + name[3:]
    return None


def _offsets(source: str) -> list[int]:
    """The offset of each line's start (``ast`` positions are line and UTF-8 byte column)."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _pos(source_lines: list[str], starts: list[int], line: int, col_bytes: int) -> int:
    text = source_lines[line - 1]
    col = len(text.encode()[:col_bytes].decode())
    return starts[line - 1] + col


def rewrite_imports(source: str) -> str:
    """``source`` with every import of ``jax`` (or a submodule) turned into the same import of ``arraytyping``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    starts = _offsets(source)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                new = _module(alias.name)
                if new is None:
                    continue
                assert alias.end_lineno is not None and alias.end_col_offset is not None
                begin = _pos(lines, starts, alias.lineno, alias.col_offset)
                end = _pos(lines, starts, alias.end_lineno, alias.end_col_offset)
                if alias.asname is not None:
                    text = f"{new} as {alias.asname}"
                elif "." in alias.name:  # `import jax.numpy` binds `jax`, with its submodule loaded
                    text = f"{new}, {OURS} as jax"
                else:
                    text = f"{OURS} as jax"
                edits.append((begin, end, text))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            new = _module(node.module)
            if new is None:
                continue
            begin = _pos(lines, starts, node.lineno, node.col_offset)
            m = re.compile(r"from\s+(jax)\b").match(source, begin)
            if m is None:
                raise ValueError(f"cannot find the module of the import at line {node.lineno}")
            edits.append((m.start(1), m.end(1), OURS))
    for begin, end, text in sorted(edits, reverse=True):
        source = source[:begin] + text + source[end:]
    return source


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    with open(sys.argv[1]) as f:
        sys.stdout.write(rewrite_imports(f.read()))
