"""Pictures of the promotion lattice: its Hasse diagram (:func:`arraytyping.lattice.immediate_upper_bounds`).

The layout is computed from the lattice, in the style of the picture in JAX's type promotion docs:

* columns: a node's *height*, the length of the longest chain below it, so every arrow points to the right;
* horizontal bands by kind, top to bottom: floats, unsigned integers, bool and the weak types, signed integers,
  complex. Bands above the weak band stack extra nodes upwards, the others downwards, so that arrows between
  bands cross no node;
* within a band, nodes of the same height are stacked: nodes with upper bounds first, leaves next, the small floats
  (narrower than 16 bits, which only the weak ``float`` reaches) last and framed as a group.

Renderers: SVG (pure Python), Graphviz DOT (plain text) and PNG (matplotlib, optional).
"""

from __future__ import annotations

import html
import importlib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from arraytyping import lattice
from arraytyping._src.cli.names import label

__all__ = [
    "BANDS", "FORMATS", "Band", "Format", "Layout", "MissingDependencyError", "PlacedEdge", "PlacedNode", "band_of",
    "edges", "heights", "layout", "render_dot", "render_png", "render_svg",
]

Format: TypeAlias = Literal["svg", "png", "dot"]
FORMATS: Final[tuple[Format, ...]] = ("svg", "png", "dot")
Band: TypeAlias = Literal["floats", "unsigned", "weak", "signed", "complex"]
BANDS: Final[tuple[Band, ...]] = ("floats", "unsigned", "weak", "signed", "complex")
"""The bands, top to bottom."""
_BANDS_ABOVE_WEAK: Final[frozenset[Band]] = frozenset({"floats", "unsigned"})
_BAND_TITLES: Final[Mapping[Band, str]] = {
    "floats": "floating point", "unsigned": "unsigned integers", "weak": "bool, weak types",
    "signed": "signed integers", "complex": "complex",
}
_KIND_BANDS: Final[Mapping[str, Band]] = {"u": "unsigned", "i": "signed", "f": "floats", "c": "complex"}

# Colours by kind character; weak nodes are drawn with a dashed outline.
_FILL: Final[Mapping[str, str]] = {"b": "#efe3c2", "u": "#cfe2f3", "i": "#d9ead3", "f": "#fce5cd", "c": "#e4d7f0"}
_BAND_FILL: Final[Mapping[Band, str]] = {
    "floats": "#fff8f0", "unsigned": "#f3f8fd", "weak": "#f6f6f6", "signed": "#f5faf3", "complex": "#faf6fd",
}
_STROKE: Final = "#555555"
_EDGE: Final = "#6b6b6b"

# Geometry, in pixels (1 px = 1 pt in the PNG). Labels use a monospace font, so their width is predictable.
_FONT_SIZE: Final = 12.0
_CHAR_W: Final = 0.61 * _FONT_SIZE
_NODE_H: Final = 24.0
_PAD_X: Final = 9.0
_ROW_GAP: Final = 10.0
_COL_GAP: Final = 46.0
_BAND_PAD: Final = 10.0
_BAND_GAP: Final = 8.0
_MARGIN: Final = 16.0
_TITLE_H: Final = 44.0
_LEGEND_H: Final = 30.0
_BAND_TITLE_W: Final = 150.0
_GROUP_PAD: Final = 6.0
_FONT_FAMILY: Final = "DejaVu Sans Mono, Menlo, Consolas, monospace"


class MissingDependencyError(RuntimeError):
    """An optional dependency (matplotlib, for PNG output) is not installed."""


def band_of(node: str) -> Band:
    """The band a node is drawn in: bool and the weak types share one, the others go by kind."""
    if node == lattice.BOOL or lattice.is_weak_node(node):
        return "weak"
    return _KIND_BANDS[lattice.KIND[node]]


def edges(config: lattice.LatticeConfig) -> tuple[tuple[str, str], ...]:
    """The Hasse diagram's edges ``(lower, upper)``, in node order."""
    ub = lattice.immediate_upper_bounds(config)
    return tuple((a, b) for a in lattice.NODES for b in ub[a])


def heights(config: lattice.LatticeConfig) -> dict[str, int]:
    """Each node's height: the number of edges on the longest chain from a minimal node up to it."""
    below: dict[str, list[str]] = {n: [] for n in lattice.NODES}
    for a, b in edges(config):
        below[b].append(a)
    out: dict[str, int] = {}

    def height(n: str) -> int:
        if n not in out:
            out[n] = 1 + max((height(m) for m in below[n]), default=-1)
        return out[n]

    for n in lattice.NODES:
        height(n)
    return out


@dataclass(frozen=True, slots=True)
class PlacedNode:
    node: str
    label: str
    band: Band
    column: int
    row: int
    x: float
    """Centre."""
    y: float
    width: float
    height: float

    @property
    def left(self) -> float:
        return self.x - self.width / 2

    @property
    def top(self) -> float:
        return self.y - self.height / 2


@dataclass(frozen=True, slots=True)
class PlacedEdge:
    lower: str
    upper: str
    points: tuple[tuple[float, float], ...]
    """A polyline from the lower node's box to the upper node's box (the arrowhead's end)."""


@dataclass(frozen=True, slots=True)
class BandBox:
    band: Band
    title: str
    top: float
    height: float


@dataclass(frozen=True, slots=True)
class GroupBox:
    title: str
    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Layout:
    config: lattice.LatticeConfig
    title: str
    legend: str
    nodes: Mapping[str, PlacedNode]
    edges: tuple[PlacedEdge, ...]
    bands: tuple[BandBox, ...]
    groups: tuple[GroupBox, ...]
    width: float
    height: float


def _label_width(text: str) -> float:
    return len(text) * _CHAR_W + 2 * _PAD_X


def _clip(node: PlacedNode, towards_x: float, towards_y: float) -> tuple[float, float]:
    """Where the segment from the node's centre towards a point leaves the node's box."""
    dx, dy = towards_x - node.x, towards_y - node.y
    if dx == 0 and dy == 0:
        return node.x, node.y
    t = min(node.width / 2 / abs(dx) if dx else float("inf"), node.height / 2 / abs(dy) if dy else float("inf"))
    t = min(t, 1.0)
    return node.x + t * dx, node.y + t * dy


Point: TypeAlias = tuple[float, float]


def _segment_hits(p: Point, q: Point, box: PlacedNode, margin: float = 3.0) -> bool:
    """Whether segment ``pq`` meets ``box`` grown by ``margin`` (Liang-Barsky clipping)."""
    x0, y0 = box.left - margin, box.top - margin
    x1, y1 = box.left + box.width + margin, box.top + box.height + margin
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for den, num in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if den == 0:
            if num < 0:
                return False
            continue
        t = num / den
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _route(lower: PlacedNode, upper: PlacedNode, obstacles: list[PlacedNode], buses: tuple[float, ...]
           ) -> tuple[Point, ...]:
    """A straight arrow if it crosses no other node; else one along a vertical "bus" in the gap between two
    columns: out of the lower node's right side, along the bus, into the upper node's left side."""
    straight = (_clip(lower, upper.x, upper.y), _clip(upper, lower.x, lower.y))
    candidates: list[tuple[Point, ...]] = [straight]
    for bx in buses:
        candidates.append(((lower.left + lower.width, lower.y), (bx, lower.y), (bx, upper.y), (upper.left, upper.y)))
    for pts in candidates:
        if not any(_segment_hits(p, q, o) for p, q in zip(pts, pts[1:]) for o in obstacles):
            return pts
    return candidates[-1] if len(candidates) > 1 else straight


def layout(config: lattice.LatticeConfig, short: bool = False) -> Layout:
    """Positions of every node, edge, band and group for ``config``; labels long or short (see ``names``)."""
    ub = lattice.immediate_upper_bounds(config)
    col_of = heights(config)
    labels = {n: label(n, short) for n in lattice.NODES}
    order = {n: i for i, n in enumerate(lattice.NODES)}

    # Rows: stack the nodes sharing a band and a column.
    stacks: dict[tuple[Band, int], list[str]] = {}
    for n in lattice.NODES:
        stacks.setdefault((band_of(n), col_of[n]), []).append(n)
    row_of: dict[str, int] = {}
    for members in stacks.values():
        members.sort(key=lambda n: (n in lattice.SMALL_FLOAT_NAMES, not ub[n], order[n]))
        for r, n in enumerate(members):
            row_of[n] = r
    rows_in_band = {b: max((row_of[n] + 1 for n in lattice.NODES if band_of(n) == b), default=0) for b in BANDS}

    # Columns: as wide as their widest label.
    n_cols = max(col_of.values()) + 1
    col_w = [max((_label_width(labels[n]) for n in lattice.NODES if col_of[n] == c), default=0.0)
             for c in range(n_cols)]
    col_x: list[float] = []
    gap_before: list[float] = []
    x = _MARGIN + _BAND_TITLE_W
    for w in col_w:
        gap_before.append(x - _COL_GAP / 2)
        col_x.append(x + w / 2)
        x += w + _COL_GAP
    gap_before.append(x - _COL_GAP / 2)
    right = x - _COL_GAP

    # Bands, top to bottom.
    pitch = _NODE_H + _ROW_GAP
    band_boxes: list[BandBox] = []
    band_top: dict[Band, float] = {}
    band_h: dict[Band, float] = {}
    y = _TITLE_H
    for b in BANDS:
        rows = rows_in_band[b]
        if not rows:
            continue
        h = 2 * _BAND_PAD + rows * _NODE_H + (rows - 1) * _ROW_GAP
        band_top[b], band_h[b] = y, h
        band_boxes.append(BandBox(b, _BAND_TITLES[b], y, h))
        y += h + _BAND_GAP
    bottom = y - _BAND_GAP

    placed: dict[str, PlacedNode] = {}
    for n in lattice.NODES:
        b, r = band_of(n), row_of[n]
        if b in _BANDS_ABOVE_WEAK:
            cy = band_top[b] + band_h[b] - _BAND_PAD - _NODE_H / 2 - r * pitch
        else:
            cy = band_top[b] + _BAND_PAD + _NODE_H / 2 + r * pitch
        placed[n] = PlacedNode(n, labels[n], b, col_of[n], r, col_x[col_of[n]], cy, _label_width(labels[n]), _NODE_H)

    placed_edges: list[PlacedEdge] = []
    for a, c in edges(config):
        pa, pc = placed[a], placed[c]
        others = [p for p in placed.values() if p.node not in (a, c)]
        buses = (gap_before[pc.column], gap_before[pa.column + 1])
        placed_edges.append(PlacedEdge(a, c, _route(pa, pc, others, buses)))

    groups: list[GroupBox] = []
    small = [placed[n] for n in lattice.SMALL_FLOAT_NAMES]
    if small:
        left = min(p.left for p in small) - _GROUP_PAD
        top = min(p.top for p in small) - _GROUP_PAD
        width = max(p.left + p.width for p in small) + _GROUP_PAD - left
        height = max(p.top + p.height for p in small) + _GROUP_PAD - top
        groups.append(GroupBox("small floats", left, top, width, height))
        right = max(right, left + width + 8 + len("small floats") * _CHAR_W)

    mode = f"{config.mode} promotion, x64 {'on' if config.x64 else 'off'}"
    title = f"Type promotion lattice, JAX 0.10.2 semantics ({mode})"
    weak = "i*, f*, c*" if short else "int*, float*, complex*"
    legend = (f"An arrow points from a type to the types immediately above it; two types promote to their least "
              f"common upper bound. {weak} (dashed) are the weak types.")
    width = max(right + _BAND_PAD, _MARGIN + max(len(title), len(legend)) * _CHAR_W) + _MARGIN
    return Layout(config, title, legend, placed, tuple(placed_edges), tuple(band_boxes), tuple(groups), width,
                  bottom + _LEGEND_H + _MARGIN)


# --------------------------------------------------------------------------------------------------------------------
# SVG


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def render_svg(config: lattice.LatticeConfig, short: bool = False) -> str:
    """A standalone SVG document of the lattice."""
    lay = layout(config, short)
    esc = html.escape
    w, h = lay.width, lay.height
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}" '
        f'font-family="{_FONT_FAMILY}" font-size="{_f(_FONT_SIZE)}">',
        f"<title>{esc(lay.title)}</title>",
        "<defs>",
        '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="{_EDGE}"/></marker>',
        "</defs>",
        f'<rect class="background" x="0" y="0" width="{_f(w)}" height="{_f(h)}" fill="#ffffff"/>',
        f'<text class="title" x="{_f(_MARGIN)}" y="{_f(_TITLE_H / 2 + 4)}" font-size="15" font-weight="bold">'
        f"{esc(lay.title)}</text>",
        '<g class="bands">',
    ]
    for band in lay.bands:
        out.append(
            f'<g class="band" data-band="{band.band}">'
            f'<rect x="{_f(_MARGIN)}" y="{_f(band.top)}" width="{_f(w - 2 * _MARGIN)}" height="{_f(band.height)}" '
            f'rx="6" fill="{_BAND_FILL[band.band]}" stroke="#e2e2e2"/>'
            f'<text x="{_f(_MARGIN + 10)}" y="{_f(band.top + band.height / 2)}" dy="0.35em" fill="#666666" '
            f'font-weight="bold">{esc(band.title)}</text></g>')
    out.append("</g>")
    out.append('<g class="groups">')
    for g in lay.groups:
        out.append(
            f'<g class="group"><rect x="{_f(g.left)}" y="{_f(g.top)}" width="{_f(g.width)}" height="{_f(g.height)}" '
            f'rx="8" fill="none" stroke="#b07a3c" stroke-dasharray="5 3"/>'
            f'<text x="{_f(g.left + g.width + 8)}" y="{_f(g.top + g.height / 2)}" dy="0.35em" fill="#8a5a24">'
            f"{esc(g.title)}</text></g>")
    out.append("</g>")
    out.append(f'<g class="edges" stroke="{_EDGE}" stroke-width="1.2" fill="none">')
    for e in lay.edges:
        out.append(
            f'<path class="edge" data-from="{esc(e.lower)}" data-to="{esc(e.upper)}" '
            f'd="M {" L ".join(f"{_f(x)} {_f(y)}" for x, y in e.points)}" marker-end="url(#arrow)"/>')
    out.append("</g>")
    out.append('<g class="nodes">')
    for p in lay.nodes.values():
        weak = lattice.is_weak_node(p.node)
        dash = ' stroke-dasharray="4 2"' if weak else ""
        italic = ' font-style="italic"' if weak else ""
        out.append(
            f'<g class="node" id="node-{esc(p.node)}" data-node="{esc(p.node)}"><title>{esc(p.node)}</title>'
            f'<rect x="{_f(p.left)}" y="{_f(p.top)}" width="{_f(p.width)}" height="{_f(p.height)}" rx="5" '
            f'fill="{_FILL[lattice.KIND[p.node]]}" stroke="{_STROKE}"{dash}/>'
            f'<text x="{_f(p.x)}" y="{_f(p.y)}" dy="0.35em" text-anchor="middle"'
            f"{italic}>{esc(p.label)}</text></g>")
    out.append("</g>")
    out.append(f'<text class="legend" x="{_f(_MARGIN)}" y="{_f(h - _MARGIN - 6)}" fill="#444444">'
               f"{esc(lay.legend)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------------------------------
# DOT


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_dot(config: lattice.LatticeConfig, short: bool = False) -> str:
    """Graphviz DOT text: ``dot -Tsvg`` lays it out left to right like the SVG."""
    lay = layout(config, short)
    out = [
        "digraph promotion_lattice {",
        f"  graph [rankdir=LR, label={_q(lay.title)}, labelloc=t, fontname=\"monospace\", nodesep=0.15];",
        '  node [shape=box, style="rounded,filled", fontname="monospace", fontsize=11, height=0.3];',
        f'  edge [color="{_EDGE}", arrowsize=0.6];',
    ]
    for band in lay.bands:
        out.append(f"  // {band.title}")
        for p in lay.nodes.values():
            if p.band != band.band or p.node in lattice.SMALL_FLOAT_NAMES:
                continue
            style = ', style="rounded,filled,dashed"' if lattice.is_weak_node(p.node) else ""
            out.append(f"  {_q(p.node)} [label={_q(p.label)}, fillcolor=\"{_FILL[lattice.KIND[p.node]]}\"{style}];")
    for g in lay.groups:
        out.append("  subgraph cluster_small_floats {")
        out.append(f'    label={_q(g.title)}; style="rounded,dashed"; color="#b07a3c";')
        for n in lattice.SMALL_FLOAT_NAMES:
            out.append(f"    {_q(n)} [label={_q(lay.nodes[n].label)}, fillcolor=\"{_FILL['f']}\"];")
        out.append("  }")
    for e in lay.edges:
        out.append(f"  {_q(e.lower)} -> {_q(e.upper)};")
    out.append("}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------------------------------
# PNG


def render_png(config: lattice.LatticeConfig, short: bool = False, dpi: float = 144.0) -> bytes:
    """A PNG of the same layout as the SVG, drawn with matplotlib (1 layout pixel = 1 point)."""
    # Imported by name so that type checkers need not resolve matplotlib (an optional dependency).
    try:
        backend_agg = importlib.import_module("matplotlib.backends.backend_agg")
        figure = importlib.import_module("matplotlib.figure")
        patches = importlib.import_module("matplotlib.patches")
        mpath = importlib.import_module("matplotlib.path")
    except ImportError as err:
        raise MissingDependencyError(
            "PNG output needs matplotlib: pip install matplotlib (or pip install 'arraytyping[dev]'), "
            "or write --format svg instead") from err
    FigureCanvasAgg: Any = backend_agg.FigureCanvasAgg
    Figure: Any = figure.Figure
    FancyArrowPatch: Any = patches.FancyArrowPatch
    FancyBboxPatch: Any = patches.FancyBboxPatch
    Path: Any = mpath.Path
    lay = layout(config, short)
    fig: Any = Figure(figsize=(lay.width / 72, lay.height / 72), dpi=dpi)
    FigureCanvasAgg(fig)
    ax: Any = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, lay.width)
    ax.set_ylim(lay.height, 0)
    ax.set_axis_off()
    mono = "monospace"
    ax.text(_MARGIN, _TITLE_H / 2, lay.title, fontsize=15, fontweight="bold", va="center", family=mono)
    for band in lay.bands:
        ax.add_patch(FancyBboxPatch((_MARGIN, band.top), lay.width - 2 * _MARGIN, band.height,
                                    boxstyle="round,pad=0,rounding_size=6", facecolor=_BAND_FILL[band.band],
                                    edgecolor="#e2e2e2", linewidth=0.8, zorder=0))
        ax.text(_MARGIN + 10, band.top + band.height / 2, band.title, fontsize=_FONT_SIZE, fontweight="bold",
                color="#666666", va="center", family=mono, zorder=1)
    for g in lay.groups:
        ax.add_patch(FancyBboxPatch((g.left, g.top), g.width, g.height, boxstyle="round,pad=0,rounding_size=8",
                                    facecolor="none", edgecolor="#b07a3c", linestyle=(0, (5, 3)), linewidth=1.0,
                                    zorder=1))
        ax.text(g.left + g.width + 8, g.top + g.height / 2, g.title, fontsize=_FONT_SIZE, color="#8a5a24",
                va="center", family=mono, zorder=1)
    for e in lay.edges:
        ax.add_patch(FancyArrowPatch(path=Path(e.points), arrowstyle="-|>", mutation_scale=9, shrinkA=0,
                                     shrinkB=0, color=_EDGE, linewidth=1.0, zorder=2))
    for p in lay.nodes.values():
        weak = lattice.is_weak_node(p.node)
        ax.add_patch(FancyBboxPatch((p.left, p.top), p.width, p.height, boxstyle="round,pad=0,rounding_size=5",
                                    facecolor=_FILL[lattice.KIND[p.node]], edgecolor=_STROKE, linewidth=1.0,
                                    linestyle="--" if weak else "-", zorder=3))
        ax.text(p.x, p.y, p.label, fontsize=_FONT_SIZE, ha="center", va="center", family=mono,
                style="italic" if weak else "normal", zorder=4)
    ax.text(_MARGIN, lay.height - _MARGIN - 10, lay.legend, fontsize=_FONT_SIZE, color="#444444", va="center",
            family=mono)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()
