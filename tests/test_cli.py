"""The ``arraytyping`` command line: every subcommand checked against :mod:`arraytyping.lattice`."""

from __future__ import annotations

import csv
import io
import itertools
import os
import re
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from html.parser import HTMLParser
from pathlib import Path

import pytest

import arraytyping
from arraytyping import lattice
from arraytyping._src.cli import explain as explain_mod
from arraytyping._src.cli import lattice_picture, terminal
from arraytyping._src.cli.names import Operand, OperandError, label, parse_operand, short_label
from arraytyping.cli import main

SVG = "{http://www.w3.org/2000/svg}"
CONFIGS = lattice.ALL_CONFIGS
CONFIG_IDS = [f"{c.mode}-x64{'on' if c.x64 else 'off'}" for c in CONFIGS]


def flags(cfg: lattice.LatticeConfig) -> list[str]:
    return ["--mode", cfg.mode, "--x64" if cfg.x64 else "--no-x64"]


@pytest.fixture(autouse=True)
def _width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output as to a pipe: 100 columns, whatever terminal runs the tests."""
    monkeypatch.setenv("COLUMNS", "100")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def expected_cell(a: str, b: str, cfg: lattice.LatticeConfig, short: bool = False) -> str:
    try:
        name, weak = lattice.result_node([(a, lattice.is_weak_node(a)), (b, lattice.is_weak_node(b))], cfg)
    except lattice.TypePromotionError:
        return "-"
    return label(lattice.node_for(name, weak), short)


def edge_set(cfg: lattice.LatticeConfig) -> set[tuple[str, str]]:
    ub = lattice.immediate_upper_bounds(cfg)
    return {(a, b) for a in lattice.NODES for b in ub[a]}


# --------------------------------------------------------------------------------------------------------------------
# names


def test_labels_are_unique_and_jax_style() -> None:
    shorts = [short_label(n) for n in lattice.NODES]
    longs = [label(n) for n in lattice.NODES]
    assert len(set(shorts)) == len(set(longs)) == 35
    assert [short_label(n) for n in ("bool", "uint8", "int16", "bfloat16", "float8_e4m3fn", "complex128")] == [
        "b1", "u8", "i16", "bf16", "f8_e4m3fn", "c128"]
    assert [short_label(n) for n in lattice.WEAK_NAMES] == ["i*", "f*", "c*"]
    assert [label(n) for n in lattice.WEAK_NAMES] == ["int*", "float*", "complex*"]


@pytest.mark.parametrize(("text", "node", "value"), [
    ("float32", "float32", "float32"), ("int", "int", int), ("float", "float", float), ("complex", "complex", complex),
    ("2", "int", 2), ("-3", "int", -3), ("2.0", "float", 2.0), ("2j", "complex", 2j), ("1+2j", "complex", 1 + 2j),
    ("True", "bool", True), ("bool", "bool", "bool"),
])
def test_parse_operand(text: str, node: str, value: object) -> None:
    op = parse_operand(text)
    assert (op.node, op.value, type(op.value)) == (node, value, type(value))


@pytest.mark.parametrize(("text", "node"), [
    ("f32", "float32"), ("bf16", "bfloat16"), ("u8", "uint8"), ("i8", "int8"), ("i32", "int32"), ("c64", "complex64"),
    ("f8_e4m3fn", "float8_e4m3fn"), ("b1", "bool"), ("f*", "float"), ("i*", "int"),
])
def test_short_names_as_jaxprs_print_them(text: str, node: str) -> None:
    assert parse_operand(text).node == node  # widths in bits: i8 is int8, as in a jaxpr (numpy's "i8" is int64)


def test_every_label_the_tables_print_is_an_operand() -> None:
    for n in lattice.NODES:
        for shown in (short_label(n), n):
            assert parse_operand(shown).node == n, shown


def test_short_names_promote(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "promote", "bf16", "f16") == (0, "float32 (weak_type=False)\n", "")
    assert run(capsys, "promote", "u64", "i64", "--x64") == (0, "float64 (weak_type=True)\n", "")
    assert "i8 (int8):  int8 -> int16" in run(capsys, "explain", "u8", "i8")[1]


def test_unknown_operand_says_what_to_write() -> None:
    with pytest.raises(OperandError) as info:
        parse_operand("flaot32")
    first, mean, advice, names = info.value.paragraphs
    assert first == "unknown dtype 'flaot32'" and "float32" in mean
    assert "f32" in advice and "Python scalar" in advice and "table --short" in advice
    assert all(n in names for n in lattice.DTYPE_NAMES)


# --------------------------------------------------------------------------------------------------------------------
# promote


def test_promote_uint64_int8_is_weak_float(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "promote", "uint64", "int8", "--x64") == (0, "float64 (weak_type=True)\n", "")


def test_promote_no_path_exits_1_with_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "promote", "float8_e5m2", "float32")
    assert code == 1 and out == ""
    err = " ".join(err.split())  # wrapped to the terminal
    assert "TypePromotionError" in err and "float8_e5m2, float32" in err and "no implicit promotion path" in err
    assert "astype" in err


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("operands", [
    ("uint8", "int8"), ("bfloat16", "2.0"), ("2", "2.0"), ("True", "int"), ("int16", "3"), ("float16", "bfloat16"),
    ("uint32", "int32"), ("complex", "float32"), ("int", "float", "complex"), ("float64",), ("int4", "uint4"),
])
def test_promote_agrees_with_result_type(capsys: pytest.CaptureFixture[str], cfg: lattice.LatticeConfig,
                                         operands: tuple[str, ...]) -> None:
    code, out, err = run(capsys, "promote", *operands, *flags(cfg))
    values = [parse_operand(o).value for o in operands]
    with arraytyping.enable_x64(cfg.x64), arraytyping.dtype_promotion(cfg.mode), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            dtype, weak = arraytyping.dtypes.result_type(*values, return_weak_type_flag=True)
        except lattice.TypePromotionError as e:
            assert (code, out) == (1, "") and str(e) in " ".join(err.split())
            return
    assert code == 0 and out == f"{dtype.name} (weak_type={weak})\n"


def test_promote_reports_x64_truncation_as_warning(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "promote", "float64", "int", "--no-x64")
    assert (code, out) == (0, "float32 (weak_type=False)\n")
    assert "warning" in err and "truncated" in err


def test_config_defaults_come_from_arraytyping_config(capsys: pytest.CaptureFixture[str]) -> None:
    arraytyping.config.update("x64", True)
    try:
        assert run(capsys, "promote", "int", "float")[1] == "float64 (weak_type=True)\n"
        assert run(capsys, "promote", "int", "float", "--no-x64")[1] == "float32 (weak_type=True)\n"
    finally:
        arraytyping.config.update("x64", False)


# --------------------------------------------------------------------------------------------------------------------
# table


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_table_csv_matches_lattice(capsys: pytest.CaptureFixture[str], cfg: lattice.LatticeConfig) -> None:
    code, out, _ = run(capsys, "table", "--format", "csv", *flags(cfg))
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == 36 and all(len(r) == 36 for r in rows)
    assert rows[0] == [""] + [label(n) for n in lattice.NODES]
    assert [r[0] for r in rows[1:]] == [label(n) for n in lattice.NODES]
    by_label = {label(n): n for n in lattice.NODES}
    for a, row in zip(lattice.NODES, rows[1:]):
        for b, cell in zip(lattice.NODES, row[1:]):
            assert cell == expected_cell(a, b, cfg), (a, b)
            if cfg.x64:  # no canonicalization: the cell is exactly the join of the two nodes
                j = lattice.join_pair(a, b, cfg)
                assert (cell == "-") if j is None else (by_label[cell] == j), (a, b, cell, j)


def test_table_short_csv(capsys: pytest.CaptureFixture[str]) -> None:
    cfg = lattice.LatticeConfig("standard", True)
    rows = list(csv.reader(io.StringIO(run(capsys, "table", "--format", "csv", "--short", "--x64")[1])))
    assert rows[0][1:] == [short_label(n) for n in lattice.NODES]
    for a, row in zip(lattice.NODES, rows[1:]):
        assert row[1:] == [expected_cell(a, b, cfg, short=True) for b in lattice.NODES]
    # JAX's documented cells (2022 table, in bits): u8 + i8 -> i16, i* + u8 -> u8, u64 + i8 -> f*, bf16 + f16 -> f32.
    cell = {(r[0], h): c for r in rows[1:] for h, c in zip(rows[0][1:], r[1:])}
    assert (cell["u8", "i8"], cell["i*", "u8"], cell["u64", "i8"], cell["bf16", "f16"]) == ("i16", "u8", "f*", "f32")
    assert cell["f8_e5m2", "f32"] == "-" and cell["b1", "b1"] == "b1" and cell["i*", "f*"] == "f*"


def test_table_markdown_structure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "--format", "markdown", "--short")
    assert code == 0
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert len(table) == 37
    cells = [[c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in table]
    assert all(len(r) == 36 for r in cells)
    assert set(cells[1][1:]) == {":---:"}
    assert cells[0][1:] == [short_label(n).replace("*", "\\*") for n in lattice.NODES]
    assert cells[2][0] == "**b1**" and cells[2][1] == "b1"
    assert cells[-1][0] == "**c\\***"


class _TableCounter(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


@pytest.mark.parametrize("short", [False, True])
def test_table_html_is_a_standalone_document(capsys: pytest.CaptureFixture[str], short: bool) -> None:
    cfg = lattice.LatticeConfig("strict", False)
    code, out, _ = run(capsys, "table", "--format", "html", "--mode", "strict", "--no-x64",
                       *(["--short"] if short else []))
    assert code == 0 and out.startswith("<!DOCTYPE html>")
    root = ET.fromstring(out)  # well-formed (XHTML-compatible) markup
    assert root.tag == "html" and root.find("head/style") is not None and root.find("head/title") is not None
    table = root.find(".//table[@id='types']")
    assert table is not None
    rows = table.findall(".//tr")
    assert len(rows) == 36
    assert [th.text or "" for th in rows[0]] == [""] + [label(n, short) for n in lattice.NODES]
    for a, tr in zip(lattice.NODES, rows[1:]):
        assert tr[0].tag == "th" and tr[0].text == label(a, short)
        tds = tr.findall("td")
        assert [td.text for td in tds] == [expected_cell(a, b, cfg, short) for b in lattice.NODES]
        for td in tds:
            classes = (td.get("class") or "").split()
            assert ("x" in classes) == (td.text == "-")
            assert ("w" in classes) == (td.text is not None and td.text.endswith("*"))
    parser = _TableCounter()
    parser.feed(out)
    assert parser.tags.count("td") == 35 * 35 and parser.tags.count("table") == 1


def _text_table_cells(out: str) -> dict[tuple[str, str], str]:
    """The cells of a text table printed in parts: each part a header of column labels, a rule, one row per node."""
    lines = out.splitlines()
    cells: dict[tuple[str, str], str] = {}
    for i, line in enumerate(lines):
        if line and set(line.replace(" ", "")) == {"-"}:  # the rule under a part's header
            head = lines[i - 1].split()
            for row in lines[i + 1:i + 36]:
                words = row.split()
                assert len(words) == len(head) + 1, row
                cells.update({(words[0], h): c for h, c in zip(head, words[1:])})
    return cells


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize("columns", [100, 60, 250])
def test_table_text_fits_the_width_in_parts(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                           short: bool, columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "table", *(["--short"] if short else []))
    assert code == 0 and widest(out) <= columns
    parts = out.count("\nPart ")
    assert (parts == 0) == ("in 1 parts" in out or "Part 1 of" not in out)
    if parts:
        assert f"shown in {parts} parts" in out and "--width" in out and "--format csv" in out
    cells = _text_table_cells(out)
    assert len(cells) == 35 * 35
    cfg = lattice.LatticeConfig()
    for a in lattice.NODES:
        for b in lattice.NODES:
            assert cells[label(a, short), label(b, short)] == expected_cell(a, b, cfg, short), (a, b)


def test_table_width_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "--width", "0")
    assert code == 0 and "Part " not in out and widest(out) == 524  # one piece, as wide as it is
    code, out, _ = run(capsys, "table", "--short", "--width", "80")
    assert code == 0 and widest(out) <= 80 and "Part 1 of" in out
    code, out, err = run(capsys, "table", "--width", "10")
    assert code == 2 and "too narrow" in err


def test_table_output_file_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    code, out, err = run(capsys, "table", "--format", "csv", "-o", str(path))
    assert (code, err) == (0, "") and " ".join(out.split()) == f"wrote {path} (csv table, standard promotion, x64 off)"
    assert len(list(csv.reader(path.open()))) == 36
    code, out, _ = run(capsys, "table", "--format", "csv", "-o", "-")
    assert code == 0 and not out.startswith("wrote") and len(out.splitlines()) == 36


# --------------------------------------------------------------------------------------------------------------------
# lattice


def _boxes_overlap(a: ET.Element, b: ET.Element) -> bool:
    ax, ay, aw, ah = (float(a.get(k, "0")) for k in ("x", "y", "width", "height"))
    bx, by, bw, bh = (float(b.get(k, "0")) for k in ("x", "y", "width", "height"))
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_lattice_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path, cfg: lattice.LatticeConfig) -> None:
    path = tmp_path / "lattice.svg"
    code, out, _ = run(capsys, "lattice", "--format", "svg", "-o", str(path), *flags(cfg))
    assert code == 0 and str(path) in out
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    nodes = [g for g in root.iter(f"{SVG}g") if g.get("class") == "node"]
    assert sorted(g.get("data-node") for g in nodes) == sorted(lattice.NODES)
    edges = [e for e in root.iter() if e.get("class") == "edge"]
    found = [(e.get("data-from"), e.get("data-to")) for e in edges]
    assert len(found) == len(edge_set(cfg)) and set(found) == edge_set(cfg)
    rects = {g.get("data-node"): g.find(f"{SVG}rect") for g in nodes}
    assert all(r is not None for r in rects.values())
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert ra is not None and rb is not None and not _boxes_overlap(ra, rb), (a, b)
    # Every arrow points rightwards: columns are heights in the lattice.
    centre = {n: float(r.get("x", "0")) + float(r.get("width", "0")) / 2 for n, r in rects.items() if r is not None}
    assert all(centre[b] > centre[a] for a, b in edge_set(cfg))


def test_lattice_layout_bands_and_heights() -> None:
    cfg = lattice.LatticeConfig("standard", True)
    lay = lattice_picture.layout(cfg)
    h = lattice_picture.heights(cfg)
    assert h["bool"] == 0 and h["int"] == 1 and h["complex128"] == max(h.values())
    assert all(h[b] > h[a] for a, b in edge_set(cfg))
    tops = {b.band: b.top for b in lay.bands}
    assert list(tops) == list(lattice_picture.BANDS) and list(tops.values()) == sorted(tops.values())
    for p in lay.nodes.values():
        band = next(b for b in lay.bands if b.band == p.band)
        assert band.top <= p.top and p.top + p.height <= band.top + band.height
    (group,) = lay.groups
    for n in lattice.NODES:
        p = lay.nodes[n]
        inside = group.left <= p.left and group.top <= p.top and p.top + p.height <= group.top + group.height
        assert inside == (n in lattice.SMALL_FLOAT_NAMES), n


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_lattice_dot_has_every_edge(capsys: pytest.CaptureFixture[str], cfg: lattice.LatticeConfig) -> None:
    code, out, _ = run(capsys, "lattice", "--format", "dot", "-o", "-", *flags(cfg))
    assert code == 0 and out.startswith("digraph") and out.rstrip().endswith("}")
    found = re.findall(r'^\s*"([^"]+)" -> "([^"]+)";$', out, re.M)
    assert len(found) == len(edge_set(cfg)) and set(found) == edge_set(cfg)
    declared = set(re.findall(r'^\s*"([^"]+)" \[label=', out, re.M))
    assert declared == set(lattice.NODES)


def test_lattice_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "lattice.png"
    assert run(capsys, "lattice", "-o", str(path), "--short")[0] == 0  # format from the extension
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_lattice_png_without_matplotlib(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")] + ["matplotlib"]:
        monkeypatch.setitem(sys.modules, name, None)
    code, out, err = run(capsys, "lattice", "--format", "png", "-o", str(tmp_path / "x.png"))
    assert code == 2 and "pip install matplotlib" in err and "svg" in err
    assert not (tmp_path / "x.png").exists()


# --------------------------------------------------------------------------------------------------------------------
# explain


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_explain_paths_are_chains_to_the_join(cfg: lattice.LatticeConfig) -> None:
    ub = lattice.immediate_upper_bounds(cfg)
    for a, b in itertools.combinations_with_replacement(lattice.NODES, 2):
        ops = [parse_operand(a), parse_operand(b)]
        ex = explain_mod.explain(ops, cfg)
        nodes = tuple(o.node if o.weak else lattice.canonical_name(o.node, cfg.x64) for o in ops)
        assert ex.nodes == nodes
        j = lattice.join_pair(*nodes, cfg)
        assert ex.join == j
        if j is None:
            assert ex.paths == () and ex.result is None and ex.error is not None
            assert not set(ex.upper_bounds[0]) & set(ex.upper_bounds[1])
            continue
        assert ex.result == lattice.result_node([(n, lattice.is_weak_node(n)) for n in nodes], cfg)
        for n, path in zip(nodes, ex.paths):
            assert path[0] == n and path[-1] == j
            assert all(y in ub[x] for x, y in zip(path, path[1:]))
            # shortest: no chain of immediate upper bounds is shorter
            assert len(path) - 1 == _distance(n, j, ub)


def _distance(a: str, b: str, ub: Mapping[str, tuple[str, ...]]) -> int:
    frontier, seen, d = {a}, {a}, 0
    while b not in frontier:
        frontier = {m for n in frontier for m in ub[n]} - seen
        seen |= frontier
        d += 1
    return d


def test_explain_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "uint64", "int8", "--x64")
    assert code == 0
    assert "uint64 -> float*" in out and "int8 -> int16 -> int32 -> int64 -> float*" in out
    assert "meet at float*" in out and "Result: float64 (weak_type=True)" in out


def test_explain_no_join(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "float8_e5m2", "float32")
    assert code == 1
    assert "upper bounds of float8_e5m2: float8_e5m2\n" in out
    assert "upper bounds of float32: float32, float64, complex64, complex128" in out
    assert "share no" in out and "astype('float32')" in out
    code, out, _ = run(capsys, "explain", "int8", "uint8", "--mode", "strict")
    assert code == 1 and "--mode standard" in out


def test_explain_api_rejects_nothing() -> None:
    with pytest.raises(ValueError):
        explain_mod.explain([], lattice.LatticeConfig())
    assert explain_mod.shortest_chain("bool", "complex128", lattice.LatticeConfig("standard", True))[:2] == (
        "bool", "int")
    assert isinstance(parse_operand("2"), Operand)


# --------------------------------------------------------------------------------------------------------------------
# usage


@pytest.mark.parametrize("argv", [
    ["promote", "flaot32", "int8"],
    ["promote"],
    ["frobnicate"],
    ["lattice", "--format", "svg"],
    ["lattice", "--format", "jpeg", "-o", "x.jpeg"],
    ["lattice", "-o", "x.unknown"],
    ["table", "--format", "latex"],
    ["table", "--mode", "lenient"],
    ["explain", "int8"],
    ["explain", "int8", "None"],
    ["--bogus"],
])
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "usage:" in err and "error:" in err and len(err.splitlines()) <= 12 and widest(err) <= 100


def test_unknown_dtype_lists_valid_names(capsys: pytest.CaptureFixture[str]) -> None:
    err = run(capsys, "promote", "flaot32", "int8")[2]
    assert "unknown dtype 'flaot32'\n" in err and "Did you mean float32" in err
    assert all(n in err for n in lattice.DTYPE_NAMES)
    assert "f32" in err and "arraytyping table --short" in err
    assert widest(err) <= 100 and len(err.splitlines()) >= 6  # wrapped, not one line


@pytest.mark.parametrize("argv", [
    ["--help"], ["promote", "--help"], ["table", "--help"], ["lattice", "--help"], ["explain", "--help"],
    ["stubs", "--help"], ["explain", "float8_e5m2", "float32"], ["explain", "uint64", "int8", "--x64"],
    ["promote", "float8_e5m2", "float32"], ["promote", "nope"], ["table", "--short"], ["table"],
])
@pytest.mark.parametrize("columns", [100, 60])
def test_output_fits_the_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                  argv: list[str], columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    _, out, err = run(capsys, *argv)
    assert out + err and widest(out + err) <= columns, out + err


@pytest.mark.parametrize("command", ["promote", "table", "lattice", "explain", "stubs"])
def test_each_command_s_help_has_examples(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    examples = out[out.index("examples:"):].splitlines()[1:]
    assert code == 0 and examples and all(line.startswith(f"  arraytyping {command}") for line in examples)


def test_width_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS")

    def no_terminal(fd: int = 1) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert terminal.width() == terminal.DEFAULT_WIDTH == 100
    monkeypatch.setenv("COLUMNS", "20")
    assert terminal.width() == terminal.MIN_WIDTH


@pytest.mark.parametrize("argv", [[], ["--help"], ["promote", "--help"], ["lattice", "-h"]])
def test_help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0 and "usage: arraytyping" in out and err == ""


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"arraytyping {arraytyping.__version__}\n", "")


def test_unwritable_output_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "lattice", "-o", str(tmp_path / "missing" / "x.svg"))
    assert code == 1 and "arraytyping: error" in err


def test_console_script() -> None:
    script = Path(sys.executable).with_name("arraytyping")
    if not script.exists():
        pytest.skip("the arraytyping console script is not installed next to this interpreter")
    ok = subprocess.run([str(script), "promote", "uint64", "int8", "--x64"], capture_output=True, text=True,
                        timeout=60)
    assert (ok.returncode, ok.stdout) == (0, "float64 (weak_type=True)\n")
    bad = subprocess.run([str(script), "promote", "nope"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "unknown dtype 'nope'" in bad.stderr
