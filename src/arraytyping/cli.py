"""The ``arraytyping`` command: query and draw JAX 0.10.2's dtype promotion lattice, write typing stubs.

    arraytyping promote uint8 int8            # int16 (weak_type=False)
    arraytyping promote bf16 2.0              # bfloat16 (weak_type=False): short names as jaxprs print them
    arraytyping table --short --format html -o table.html
    arraytyping lattice -o lattice.svg
    arraytyping explain uint64 int8 --x64
    arraytyping stubs --x64 -o typings        # stubs for x64-on code, for pyright, pyrefly or ty

This module only parses arguments; the work is done by :mod:`arraytyping._src.cli` and the lattice itself.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, NoReturn, cast

import arraytyping
from arraytyping import lattice
from arraytyping._src.cli import explain, table_format, terminal
from arraytyping._src.cli import lattice_picture as pic
from arraytyping._src.cli.names import Operand, OperandError, parse_operand
from arraytyping._src.dtypes.config import config
from arraytyping._src import stubgen

__all__ = ["build_parser", "main"]

_OPERANDS: Final = ("Operands are dtype names (float32, bfloat16, float8_e4m3fn...) or their short names as "
                     "tables and jaxprs print them (f32, bf16, u8, f8_e4m3fn: widths in bits, so i8 is int8), the "
                     "weak types int, float and complex, or Python literals (2, 2.0, 2j, True) meaning a Python "
                     "scalar.")
_CONFIG: Final = ("--mode and --x64 default to ARRAYTYPING_DTYPE_PROMOTION and ARRAYTYPING_ENABLE_X64 (standard, "
                  "off).")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose error messages are wrapped to the terminal, as its help is."""

    def error(self, message: str) -> NoReturn:
        columns = terminal.width()
        first, *rest = message.splitlines() or [""]
        text = "\n".join([terminal.wrap(first, columns, indent="  ", first=f"{self.prog}: error: "), *rest])
        self.print_usage(sys.stderr)
        self.exit(2, text + "\n")


def _examples(*lines: str) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


_EPILOG: Final = "\n\n".join([_OPERANDS, _CONFIG, _examples(
    "arraytyping promote uint8 int8",
    "arraytyping promote bf16 2.0 --x64",
    "arraytyping table --short",
    "arraytyping table --format html -o promotion.html",
    "arraytyping lattice -o lattice.svg --mode strict",
    "arraytyping explain f8_e5m2 f32",
    "arraytyping stubs --x64 -o typings",
)])


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help wrapped to the terminal (100 columns when it is none): paragraphs filled, indented lines (examples) kept
    as they are."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or terminal.width() - 2)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out: list[str] = []
        for paragraph in text.split("\n\n"):
            if any(line.startswith(" ") for line in paragraph.splitlines()):
                out.append(textwrap.indent(paragraph, indent))
            else:
                out.append(terminal.wrap(paragraph, width, indent=indent, first=indent))
        return "\n\n".join(out)


Handler = Callable[[argparse.Namespace, argparse.ArgumentParser], int]


def _operand(text: str) -> Operand:
    try:
        return parse_operand(text)
    except OperandError as e:
        raise argparse.ArgumentTypeError(terminal.paragraphs(e.paragraphs, terminal.width())) from None


def _add_config_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", choices=("standard", "strict"), default=None,
                   help="type promotion mode (default: standard, or ARRAYTYPING_DTYPE_PROMOTION)")
    p.add_argument("--x64", action=argparse.BooleanOptionalAction, default=None,
                   help="enable 64-bit types (default: off, or ARRAYTYPING_ENABLE_X64)")


def _lattice_config(args: argparse.Namespace) -> lattice.LatticeConfig:
    mode = cast("str | None", args.mode) or config.promotion
    x64 = cast("bool | None", args.x64)
    return lattice.LatticeConfig(cast(lattice.Mode, mode), config.x64 if x64 is None else x64)


def _write(path: str | None, data: str | bytes, what: str = "") -> None:
    """Write ``data`` to ``path`` (stdout for ``None`` or ``-``); a file written is named on stdout, with ``what``
    it holds."""
    if path is None or path == "-":
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)
        return
    if isinstance(data, bytes):
        with open(path, "wb") as fb:
            fb.write(data)
    else:
        with open(path, "w", encoding="utf-8", newline="\n") as ft:
            ft.write(data)
    print(terminal.wrap(f"wrote {path}" + (f" ({what})" if what else ""), terminal.width(), indent="  "))


def _err(message: str) -> None:
    print(terminal.wrap(message, terminal.width(), indent="  ", first="arraytyping: "), file=sys.stderr)


def _config_text(cfg: lattice.LatticeConfig) -> str:
    return f"{cfg.mode} promotion, x64 {'on' if cfg.x64 else 'off'}"


# --------------------------------------------------------------------------------------------------------------------
# Subcommands


def _promote(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    cfg = _lattice_config(args)
    operands = cast("list[Operand]", args.operands)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with arraytyping.enable_x64(cfg.x64), arraytyping.dtype_promotion(cfg.mode):
            try:
                dtype, weak = arraytyping.dtypes.result_type(*(op.value for op in operands),
                                                             return_weak_type_flag=True)
            except arraytyping.TypePromotionError as e:
                _err(f"TypePromotionError: {e} (`arraytyping explain` shows why)")
                return 1
    for w in caught:
        _err(f"warning: {w.message}")
    print(f"{dtype.name} (weak_type={weak})")
    return 0


def _table(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    cfg = _lattice_config(args)
    fmt = cast(table_format.Format, args.format)
    columns = cast("int | None", args.width)
    if columns is None:
        columns = terminal.width()
    elif columns != 0 and columns < terminal.MIN_WIDTH:
        parser.error(f"--width {columns} is too narrow: give at least {terminal.MIN_WIDTH}, or 0 for one piece")
    text = table_format.render(cfg, fmt, short=bool(args.short), columns=columns or None)
    _write(cast("str | None", args.output), text, f"{fmt} table, {_config_text(cfg)}")
    return 0


def _lattice(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    cfg = _lattice_config(args)
    output = cast(str, args.output)
    fmt = cast("str | None", args.format)
    if fmt is None:
        suffix = os.path.splitext(output)[1].lower().lstrip(".")
        fmt = {"gv": "dot"}.get(suffix, suffix)
        if fmt not in pic.FORMATS:
            parser.error(f"cannot tell the format from {output!r}; pass --format {{{','.join(pic.FORMATS)}}}")
    short = bool(args.short)
    if fmt == "png":
        try:
            data: str | bytes = pic.render_png(cfg, short)
        except pic.MissingDependencyError as e:
            _err(str(e))
            return 2
    elif fmt == "dot":
        data = pic.render_dot(cfg, short)
    else:
        data = pic.render_svg(cfg, short)
    _write(output, data, f"{fmt}, {_config_text(cfg)}")
    return 0


def _stubs(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    shipped = bool(args.shipped)
    if shipped and (args.mode is not None or args.x64 is not None or args.output is not None):
        parser.error("--shipped is the default configuration's stubs in the package: it takes no --mode, --x64 or -o")
    cfg = lattice.LatticeConfig(cast(lattice.Mode, args.mode or "standard"), bool(args.x64))
    stubs = stubgen.generate(cfg)
    if shipped:
        out, files = stubgen.SHIPPED, stubs
    else:
        out, files = Path(cast(str, args.output or "typings")) / "arraytyping", stubgen.package_copy(stubs)
    if args.check:
        stale = stubgen.stale_files(out, files)
        if stale:
            shown = ", ".join(stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
            _err(f"{out} does not hold the stubs of {cfg} for this arraytyping: {shown}; run `arraytyping stubs "
                 f"{'--shipped' if shipped else '...'}` to write them")
            return 1
        print(terminal.wrap(f"{out}: up to date ({cfg})", terminal.width(), "  "))
        return 0
    if out.exists() and not out.is_dir():
        _err(f"{out} exists and is not a directory")
        return 2
    changed = stubgen.write(out, files)
    columns = terminal.width()
    print(terminal.wrap(f"wrote {out} ({cfg}; {len(changed)} of {len(files)} files changed)", columns, "  "))
    if not shipped:
        print(terminal.wrap(f"point your checker at {out.parent}: pyright's stubPath (its default is typings), "
                            "pyrefly's search-path, ty's --extra-search-path, mypy's mypy_path; rerun after "
                            "upgrading arraytyping", columns, "  "))
    return 0


def _explain(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    operands = cast("list[Operand]", args.operands)
    if len(operands) < 2:
        parser.error("explain needs at least two operands")
    cfg = _lattice_config(args)
    ex = explain.explain(operands, cfg)
    sys.stdout.write(explain.render(ex, terminal.width()))
    return 0 if ex.join is not None else 1


# --------------------------------------------------------------------------------------------------------------------
# The parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="arraytyping",
        description="Query and draw the dtype promotion lattice of JAX 0.10.2, as arraytyping implements it, and "
                    "write typing stubs for a configuration. `arraytyping COMMAND --help` says more about each "
                    "command.",
        epilog=_EPILOG, formatter_class=_Formatter)
    parser.add_argument("--version", action="version", version=f"arraytyping {arraytyping.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    p = sub.add_parser("promote", help="the result dtype and weak flag of combining operands",
                       description="Print the dtype and weak flag of an operation on the operands "
                                   "(arraytyping.dtypes.result_type), or the promotion error (exit status 1).",
                       epilog="\n\n".join([_OPERANDS, _CONFIG, _examples(
                           "arraytyping promote uint8 int8",
                           "arraytyping promote bf16 2.0",
                           "arraytyping promote u64 i64 --x64")]),
                       formatter_class=_Formatter)
    p.add_argument("operands", nargs="+", type=_operand, metavar="OPERAND",
                   help="a dtype name or short name (float32, f32), int/float/complex (weak), or a Python literal "
                        "such as 2.0")
    _add_config_options(p)
    p.set_defaults(handler=_promote, parser=p)

    p = sub.add_parser("table", help="the whole binary promotion table",
                       description="Print the promotion table of all 35 lattice nodes (32 dtypes and the weak "
                                   "types). Weak results are marked with '*', '-' means no implicit promotion. The "
                                   "text table is cut into parts of columns that fit the terminal (100 characters "
                                   "when the output is no terminal; --width to choose).",
                       epilog="\n\n".join([_CONFIG, _examples(
                           "arraytyping table --short",
                           "arraytyping table --width 0 -o table.txt",
                           "arraytyping table --format html -o table.html")]),
                       formatter_class=_Formatter)
    p.add_argument("--format", choices=("text", "markdown", "html", "csv"), default="text",
                   help="output format (default: text)")
    p.add_argument("--short", action="store_true",
                   help="JAX-style short names with widths in bits (u8, i16, bf16, f32, c64, i*, f*, c*)")
    p.add_argument("--width", type=int, default=None, metavar="COLUMNS",
                   help="the text table's line width (default: the terminal's; 0: one piece)")
    p.add_argument("-o", "--output", metavar="FILE", default=None, help="write to FILE instead of stdout")
    _add_config_options(p)
    p.set_defaults(handler=_table, parser=p)

    p = sub.add_parser("lattice", help="draw the lattice (SVG, PNG or Graphviz DOT)",
                       description="Draw the Hasse diagram of the lattice: arrows go from each type to the types "
                                   "immediately above it, in bands by kind.",
                       epilog="\n\n".join([_CONFIG, _examples(
                           "arraytyping lattice -o lattice.svg",
                           "arraytyping lattice -o lattice.png --short --x64",
                           "arraytyping lattice --format dot -o lattice.dot")]),
                       formatter_class=_Formatter)
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="the file to write ('-' for stdout)")
    p.add_argument("--format", choices=("svg", "png", "dot"), default=None,
                   help="output format (default: from FILE's extension); png needs matplotlib")
    p.add_argument("--short", action="store_true", help="label nodes with JAX-style short names")
    _add_config_options(p)
    p.set_defaults(handler=_lattice, parser=p)

    p = sub.add_parser("explain", help="how the operands climb the lattice to their join, or why they cannot",
                       description="Show a shortest chain of immediate upper bounds from each operand to their "
                                   "join, or, when there is none, each operand's upper bounds and the cast to "
                                   "write (exit status 1).",
                       epilog="\n\n".join([_OPERANDS, _CONFIG, _examples(
                           "arraytyping explain uint64 int8 --x64",
                           "arraytyping explain f8_e5m2 f32",
                           "arraytyping explain i8 u8 --mode strict")]),
                       formatter_class=_Formatter)
    p.add_argument("operands", nargs="+", type=_operand, metavar="OPERAND",
                   help="a dtype name or short name (float32, f32), int/float/complex (weak), or a Python literal "
                        "such as 2.0")
    _add_config_options(p)
    p.set_defaults(handler=_explain, parser=p)

    p = sub.add_parser("stubs", help="write the typing stubs for a configuration (x64, strict promotion)",
                       description="Write arraytyping's stubs for type checkers without the mypy plugin (pyright, "
                                   "pyrefly, ty, mypy alone) for a promotion mode and x64 setting: a copy of the "
                                   "package with those stubs in DIR/arraytyping, for the checker's search path. "
                                   "The installed package carries the default configuration's (standard "
                                   "promotion, x64 off).",
                       epilog=_examples(
                           "arraytyping stubs --x64 -o typings",
                           "arraytyping stubs --promotion strict -o typings",
                           "arraytyping stubs --x64 -o typings --check"),
                       formatter_class=_Formatter)
    p.add_argument("-o", "--output", metavar="DIR", default=None,
                   help="where to write arraytyping/ (default: typings, pyright's default stub path)")
    p.add_argument("--promotion", "--mode", dest="mode", choices=("standard", "strict"), default=None,
                   help="type promotion mode (standard; --mode as the other commands spell it)")
    p.add_argument("--x64", action=argparse.BooleanOptionalAction, default=None, help="64-bit types (off)")
    p.add_argument("--check", action="store_true", help="only check that DIR holds these stubs (exit status 1 if not)")
    p.add_argument("--shipped", action="store_true", help=argparse.SUPPRESS)  # the package's own, for developers
    p.set_defaults(handler=_stubs, parser=p)
    return parser


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status, never raises."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        if not args_list:
            parser.print_help()
            return 0
        try:
            args = parser.parse_args(args_list)
        except SystemExit as e:
            return _exit_status(e.code)
        handler = cast("Handler | None", getattr(args, "handler", None))
        if handler is None:
            parser.print_help()
            return 0
        try:
            return handler(args, cast(argparse.ArgumentParser, args.parser))
        except SystemExit as e:
            return _exit_status(e.code)
    except BrokenPipeError:
        # The reader went away (arraytyping table | head): stop quietly, without a traceback at exit.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except OSError as e:
        _err(f"error: {e.strerror or e}" + (f": {e.filename!r}" if e.filename else ""))
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - a command-line tool reports, it does not print tracebacks
        _err(f"internal error: {type(e).__name__}: {e}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
