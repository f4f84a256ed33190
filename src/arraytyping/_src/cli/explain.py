"""``arraytyping explain``: how inputs climb the lattice to their join, or why they have none.

Each input becomes a lattice node: a weak type or Python scalar its weak node, a dtype its name canonicalized for
the x64 setting (with x64 off, ``int64`` is ``int32``, as JAX canonicalizes it). The path shown for each input is a
shortest chain of immediate upper bounds from it to the join.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from arraytyping import lattice
from arraytyping._src.cli.names import Operand, label
from arraytyping._src.cli.terminal import wrap

__all__ = ["Explanation", "explain", "render", "shortest_chain"]


def shortest_chain(start: str, goal: str, config: lattice.LatticeConfig) -> tuple[str, ...]:
    """A shortest chain ``start, ..., goal`` of immediate upper bounds; raises ``ValueError`` if ``goal`` is not
    above ``start``. Ties go to the first upper bound in JAX's order."""
    ub = lattice.immediate_upper_bounds(config)
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        if n == goal:
            chain: list[str] = []
            cur: str | None = n
            while cur is not None:
                chain.append(cur)
                cur = came_from[cur]
            return tuple(reversed(chain))
        for m in ub[n]:
            if m not in came_from:
                came_from[m] = n
                queue.append(m)
    raise ValueError(f"{goal} is not an upper bound of {start} ({config})")


@dataclass(frozen=True, slots=True)
class Explanation:
    config: lattice.LatticeConfig
    operands: tuple[Operand, ...]
    nodes: tuple[str, ...]
    """The lattice node of each operand (dtypes canonicalized for x64)."""
    join: str | None
    paths: tuple[tuple[str, ...], ...]
    """For each operand, a shortest chain from its node to the join (empty when there is no join)."""
    upper_bounds: tuple[tuple[str, ...], ...]
    """Each node's upper bounds, in node order."""
    result: tuple[str, bool] | None
    """``(dtype, weak)`` of the operation, as :func:`arraytyping.lattice.result_node` gives it."""
    error: str | None
    """The promotion error's message when there is no join."""


def _node(op: Operand, x64: bool) -> str:
    return op.node if op.weak else lattice.canonical_name(op.node, x64)


def explain(operands: Sequence[Operand], config: lattice.LatticeConfig) -> Explanation:
    if not operands:
        raise ValueError("explain needs at least one operand")
    nodes = tuple(_node(op, config.x64) for op in operands)
    ub = lattice.upper_bounds(config)
    uppers = tuple(tuple(m for m in lattice.NODES if m in ub[n]) for n in nodes)
    try:
        top: str | None = lattice.join(*nodes, config=config)
    except lattice.TypePromotionError:
        top = None
    try:
        result: tuple[str, bool] | None = lattice.result_node([(n, lattice.is_weak_node(n)) for n in nodes], config)
        error: str | None = None
    except lattice.TypePromotionError as e:
        result, error = None, str(e)
    paths = () if top is None else tuple(shortest_chain(n, top, config) for n in nodes)
    return Explanation(config, tuple(operands), nodes, top, paths, uppers, result, error)


def _config_text(config: lattice.LatticeConfig) -> str:
    return f"{config.mode} promotion, x64 {'on' if config.x64 else 'off'}"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def render(ex: Explanation, columns: int | None = None) -> str:
    """The explanation as text for the terminal, each line wrapped to ``columns`` (``None``: not wrapped)."""
    shown = [op.text if op.text == n else f"{op.text} ({label(n)})" for op, n in zip(ex.operands, ex.nodes)]
    lines: list[str] = []
    if ex.join is not None:
        lines.append(f"Promoting {_and(shown)} ({_config_text(ex.config)}):")
    else:
        lines.append(f"No implicit promotion between {_and(shown)} ({_config_text(ex.config)}).")
    for op, n in zip(ex.operands, ex.nodes):
        if not op.weak and n != op.node:
            lines.append(f"  note: {op.node} is {n} with x64 off; JAX canonicalizes it before promoting.")
        if op.weak and op.text != op.node:
            lines.append(f"  note: the Python scalar {op.text} is weakly typed: it is the node {label(n)}.")
    width = max(len(s) for s in shown)
    if ex.join is not None:
        for n, path in zip(shown, ex.paths):
            lines.append(f"  {(n + ':').ljust(width + 1)} {' -> '.join(label(m) for m in path)}")
        common = set(lattice.NODES)
        for bounds in ex.upper_bounds:
            common &= set(bounds)
        above = [label(m) for m in lattice.NODES if m in common and m != ex.join]
        meet = f"They meet at {label(ex.join)}"
        if above:
            meet += (f", the least of their {len(above) + 1} common upper bounds "
                     f"(the others, {_list(above)}, all lie above it).")
        else:
            meet += ", their only common upper bound."
        lines.append(meet)
        if ex.result is not None:
            dtype, weak = ex.result
            kind = " (a weak type: it takes the dtype of strongly typed operands it meets)" if weak else ""
            lines.append(f"Result: {dtype} (weak_type={weak}){kind}")
    else:
        for n, bounds in zip(shown, ex.upper_bounds):
            lines.append(f"  upper bounds of {n}: {', '.join(label(m) for m in bounds)}")
        lines.append("These sets share no type, so there is no join (least upper bound).")
        lines.append(f"Fix: {_fix(ex)}")
        if ex.error is not None:
            lines.append(f"(promote raises TypePromotionError: {ex.error})")
    if columns is not None:
        lines = [_wrapped(line, columns) for line in lines]
    return "\n".join(lines) + "\n"


def _wrapped(line: str, columns: int) -> str:
    if len(line) <= columns:
        return line  # as aligned
    lead = line[:len(line) - len(line.lstrip())]
    return wrap(line, columns, indent=lead + "    ", first=lead)


def _fix(ex: Explanation) -> str:
    """Cast to the strong input with the most upper bounds (the later one in JAX's order on a tie)."""
    order = {n: i for i, n in enumerate(lattice.NODES)}
    strong = [(len(b), order[n], n) for n, b in zip(ex.nodes, ex.upper_bounds) if not lattice.is_weak_node(n)]
    fix = "cast explicitly"
    if strong:
        target = max(strong)[2]
        others = _and(sorted({n for n in ex.nodes if n != target}, key=order.__getitem__))
        fix += f", e.g. the {others} input to {target}: x.astype('{target}')"
    if ex.config.mode == "strict":
        fix += "; or switch to standard promotion (--mode standard)"
    return fix + "."


def _list(items: Sequence[str], limit: int = 8) -> str:
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f", ... ({len(items) - limit} more)"
