"""The binary promotion table: every pair of lattice nodes, computed from :mod:`arraytyping.lattice`.

Rows and columns are :data:`arraytyping.lattice.NODES` (the 32 dtypes, then the weak ``int``, ``float``,
``complex``). A cell is :func:`arraytyping.lattice.result_node` of the two operands (weak exactly for the weak
nodes), shown as the lattice node of the result: the dtype when it is strong, the weak type (``float*`` / ``f*``)
when it is weak, and ``-`` where there is no implicit promotion.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from arraytyping import lattice
from arraytyping._src.cli.names import label
from arraytyping._src.cli.terminal import wrap

__all__ = ["FORMATS", "NO_JOIN", "Format", "PromotionTable", "cell_node", "column_parts", "promotion_table", "render"]

Format: TypeAlias = Literal["text", "markdown", "html", "csv"]
FORMATS: Final[tuple[Format, ...]] = ("text", "markdown", "html", "csv")
NO_JOIN: Final = "-"
"""The cell text where two types have no implicit promotion path."""


def cell_node(a: str, b: str, config: lattice.LatticeConfig) -> str | None:
    """The lattice node of the result of an operation on nodes ``a`` and ``b`` (weak nodes as weak operands), or
    ``None`` if they do not promote."""
    try:
        name, weak = lattice.result_node([(a, lattice.is_weak_node(a)), (b, lattice.is_weak_node(b))], config)
    except lattice.TypePromotionError:
        return None
    return lattice.node_for(name, weak)


@dataclass(frozen=True, slots=True)
class PromotionTable:
    """The table for one configuration: ``cells[i][j]`` is :func:`cell_node` of ``nodes[i]`` and ``nodes[j]``."""

    config: lattice.LatticeConfig
    nodes: tuple[str, ...]
    cells: tuple[tuple[str | None, ...], ...]

    def labels(self, short: bool) -> list[list[str]]:
        """Header row then one row per node, first column the row's node; all as display labels."""
        head = [""] + [label(n, short) for n in self.nodes]
        rows = [[label(n, short)] + [NO_JOIN if c is None else label(c, short) for c in row]
                for n, row in zip(self.nodes, self.cells)]
        return [head] + rows


def promotion_table(config: lattice.LatticeConfig) -> PromotionTable:
    nodes = lattice.NODES
    cells = tuple(tuple(cell_node(a, b, config) for b in nodes) for a in nodes)
    return PromotionTable(config, nodes, cells)


def _title(config: lattice.LatticeConfig) -> str:
    return f"Type promotion table, JAX 0.10.2 semantics ({config.mode} promotion, x64 {'on' if config.x64 else 'off'})"


def _legend(short: bool) -> str:
    weak = "i*, f*, c*" if short else "int*, float*, complex*"
    text = (f"Row type combined with column type. {weak} are weak types (Python scalars and weakly typed values); "
            f"'{NO_JOIN}' means no implicit promotion (cast explicitly).")
    if short:
        text += " Short names give widths in bits: u8 = uint8, i16 = int16, bf16 = bfloat16, c64 = complex64."
    return text


def column_parts(widths: Sequence[int], columns: int | None) -> list[list[int]]:
    """The table's columns (indices 1..n of ``widths``; 0 is the row labels, repeated in each part) in parts whose
    lines fit in ``columns`` (``None``: one part)."""
    parts: list[list[int]] = [[]]
    used = widths[0]
    for j in range(1, len(widths)):
        if columns is not None and parts[-1] and used + 2 + widths[j] > columns:
            parts.append([])
            used = widths[0]
        parts[-1].append(j)
        used += 2 + widths[j]
    return parts


def _text(table: PromotionTable, short: bool, columns: int | None = None) -> str:
    grid = table.labels(short)
    widths = [max(len(row[j]) for row in grid) for j in range(len(grid[0]))]
    parts = column_parts(widths, columns)

    def line(row: Sequence[str], part: Sequence[int]) -> str:
        return "  ".join(row[j].ljust(widths[j]) for j in (0, *part)).rstrip()

    fill = columns or 10**6
    out = [wrap(_title(table.config), fill)]
    if len(parts) > 1:
        out += ["", wrap(f"{len(grid[0]) - 1} columns, shown in {len(parts)} parts of at most {columns} characters "
                         "a line (--width to change it, --short for fewer parts; --format csv, markdown or html for "
                         "one piece).", fill)]
    for i, part in enumerate(parts):
        if len(parts) > 1:
            out += ["", f"Part {i + 1} of {len(parts)}: columns {grid[0][part[0]]} to {grid[0][part[-1]]}"]
        out += ["", line(grid[0], part), "  ".join("-" * widths[j] for j in (0, *part))]
        out += [line(row, part) for row in grid[1:]]
    out += ["", wrap(_legend(short), fill)]
    return "\n".join(out) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("|", "\\|")


def _markdown(table: PromotionTable, short: bool) -> str:
    grid = table.labels(short)
    rows = [[_md_escape(c) for c in row] for row in grid]
    rows[0][0] = " "
    out = [f"**{_title(table.config)}**", ""]
    out.append("| " + " | ".join(rows[0]) + " |")
    out.append("|" + "|".join(":---:" if j else "---" for j in range(len(rows[0]))) + "|")
    out += ["| **" + row[0] + "** | " + " | ".join(row[1:]) + " |" for row in rows[1:]]
    out += ["", _md_escape(_legend(short))]
    return "\n".join(out) + "\n"


def _csv(table: PromotionTable, short: bool) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(table.labels(short))
    return buf.getvalue()


_CSS: Final = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.3em; }
p.legend { max-width: 60em; }
table#types { border-collapse: collapse; border: 2px solid #aaa; font-family: "DejaVu Sans Mono", Menlo, Consolas,
  monospace; font-size: 0.8em; }
#types td, #types th { border: 1px solid #ddd; padding: 3px 5px; text-align: center; white-space: nowrap; }
#types thead th { background-color: #f2f2f2; border-bottom: 1px solid #aaa; position: sticky; top: 0; }
#types tbody th { background-color: #f2f2f2; border-right: 1px solid #aaa; font-weight: bold; text-align: left; }
#types tbody tr:nth-child(even) td { background-color: #fafafa; }
#types td.w { background-color: #ccf2cc; }
#types td.x { background-color: #f6d5d5; color: #a33; }
#types td.s { font-weight: bold; }
#types tbody tr:hover td, #types tbody tr:hover th { outline: 1px solid #999; }
.key span { display: inline-block; padding: 0 0.5em; border: 1px solid #ddd; margin-right: 0.3em; }
.key .w { background-color: #ccf2cc; }
.key .x { background-color: #f6d5d5; }
"""


def _html(table: PromotionTable, short: bool) -> str:
    esc = html.escape
    title = _title(table.config)
    names = [label(n, short) for n in table.nodes]
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8" />',
        f"<title>{esc(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{esc(title)}</h1>",
        f'<p class="legend">{esc(_legend(short))}</p>',
        '<p class="key"><span class="w">weak result</span><span class="x">no implicit promotion</span>'
        "<span><b>bold</b>: same as an input</span></p>",
        '<table id="types">',
        "<thead>",
        '<tr><th scope="col"></th>' + "".join(f'<th scope="col">{esc(n)}</th>' for n in names) + "</tr>",
        "</thead>",
        "<tbody>",
    ]
    for a, row_label, row in zip(table.nodes, names, table.cells):
        tds: list[str] = []
        for b, c in zip(table.nodes, row):
            classes = ["x"] if c is None else (["w"] if lattice.is_weak_node(c) else [])
            if c is not None and c in (a, b):
                classes.append("s")
            shown = NO_JOIN if c is None else label(c, short)
            outcome = "no implicit promotion" if c is None else label(c, False)
            tip = f"{label(a, False)} with {label(b, False)}: {outcome}"
            cls = f' class="{" ".join(classes)}"' if classes else ""
            tds.append(f'<td{cls} title="{esc(tip)}">{esc(shown)}</td>')
        out.append(f'<tr><th scope="row">{esc(row_label)}</th>' + "".join(tds) + "</tr>")
    out += ["</tbody>", "</table>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(config: lattice.LatticeConfig, fmt: Format = "text", short: bool = False,
           columns: int | None = None) -> str:
    """The whole promotion table for ``config`` in format ``fmt`` (``text``, ``markdown``, ``html`` or ``csv``);
    the text table in parts whose lines fit in ``columns`` (``None``: one piece)."""
    table = promotion_table(config)
    if fmt == "text":
        return _text(table, short, columns)
    if fmt == "markdown":
        return _markdown(table, short)
    if fmt == "html":
        return _html(table, short)
    if fmt == "csv":
        return _csv(table, short)
    raise ValueError(f"unknown table format {fmt!r}; expected one of {', '.join(FORMATS)}")
