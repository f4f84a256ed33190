"""``jax.debug.breakpoint``: a ``pdb``-like prompt (``(jdb)``) when the computation runs, over the Python frames that
staged the call, their traced locals replaced by their run-time values (a debug callback, as JAX's)."""

from __future__ import annotations

import cmd
import inspect
import os
import pprint
import sys
import threading
import traceback
from dataclasses import dataclass
from typing import IO, Any

from arraytyping._src.api.callbacks import debug_callback
from arraytyping._src.core.trace import Tracer

__all__ = ["breakpoint", "CliDebugger", "DebuggerFrame"]

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_lock = threading.Lock()


@dataclass(frozen=True)
class DebuggerFrame:
    """One Python frame as the debugger shows it: where it is, its source around the line, its locals."""

    filename: str
    locals: dict[str, Any]
    globals: dict[str, Any]
    source: list[str]
    lineno: int
    offset: int | None

    @classmethod
    def of(cls, info: inspect.FrameInfo) -> DebuggerFrame:
        try:
            _, start = inspect.getsourcelines(info.frame)
            source = inspect.getsource(info.frame).split("\n")
            offset: int | None = info.lineno - max(start, 1)
            if info.lineno - max(start, 1) >= len(source):
                source, offset = [], None
        except (OSError, TypeError):
            source, offset = [], None
        return cls(info.filename, dict(info.frame.f_locals), {}, source, info.lineno, offset)


class CliDebugger(cmd.Cmd):
    """The text debugger (JAX's ``jdb``): ``p``/``pp`` expressions, ``u``/``d`` through the frames, ``l``ist,
    ``w``here, ``c``ontinue, ``q``uit; any other line is evaluated in the current frame."""

    prompt = "(jdb) "

    def __init__(self, frames: list[DebuggerFrame], stdin: IO[str] | None = None,
                 stdout: IO[str] | None = None) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        self.use_rawinput = stdin is None
        self.frames = frames
        self.frame_index = 0
        self.intro = "Entering jdb:"

    def evaluate(self, expr: str) -> Any:
        frame = self.frames[self.frame_index]
        env = {**frame.globals, **frame.locals}
        return eval(expr, {}, env)  # noqa: S307 - the user's debugger command

    def _error_message(self) -> None:
        kind, value = sys.exc_info()[:2]
        msg = traceback.format_exception_only(kind, value)[-1].strip()
        print("***", msg, file=self.stdout)

    def default(self, line: str) -> None:
        """Evaluates an expression."""
        try:
            print(repr(self.evaluate(line)), file=self.stdout)
        except Exception:  # noqa: BLE001 - shown, as pdb shows it
            self._error_message()

    def do_p(self, arg: str) -> None:
        """p expression
        Evaluates and prints the value of an expression"""
        self.default(arg)

    def do_pp(self, arg: str) -> None:
        """pp expression
        Evaluates and pretty-prints the value of an expression"""
        try:
            print(pprint.pformat(self.evaluate(arg)), file=self.stdout)
        except Exception:  # noqa: BLE001
            self._error_message()

    def print_context(self, num_lines: int = 2) -> None:
        frame = self.frames[self.frame_index]
        lines = [f"> {frame.filename}({frame.lineno})"]
        if frame.offset is not None:
            for i, line in enumerate(frame.source):
                if frame.offset - 1 - num_lines <= i <= frame.offset + num_lines:
                    lines.append(f"->  {line}" if i == frame.offset else f"    {line}")
        print("\n".join(lines), file=self.stdout)

    def do_up(self, arg: str, /) -> None:
        """u(p)
        Move up a stack frame."""
        if self.frame_index == len(self.frames) - 1:
            print("At topmost frame.", file=self.stdout)
        else:
            self.frame_index += 1
        self.print_context()

    do_u = do_up

    def do_down(self, arg: str, /) -> None:
        """d(own)
        Move down a stack frame."""
        if self.frame_index == 0:
            print("At bottommost frame.", file=self.stdout)
        else:
            self.frame_index -= 1
        self.print_context()

    do_d = do_down

    def do_list(self, arg: str) -> None:
        """l(ist)
        List source code for the current file."""
        self.print_context(num_lines=5)

    do_l = do_list

    def do_continue(self, arg: str) -> bool:
        """c(ont(inue))
        Continue the program's execution."""
        return True

    do_c = do_cont = do_continue

    def do_quit(self, arg: str) -> bool:
        """q(uit) (exit)
        Quit the debugger. The program is given an exit command."""
        sys.exit(0)

    do_q = do_EOF = do_exit = do_quit

    def do_where(self, arg: str) -> None:
        """w(here)
        Prints a stack trace with the most recent frame on the bottom."""
        lines = ["Traceback:"]
        for frame in self.frames[::-1]:
            lines.append(f'  File "{frame.filename}", line {frame.lineno}')
            lines.append("    <no source>" if frame.offset is None else f"    {frame.source[frame.offset].strip()}")
        print("\n".join(lines), file=self.stdout)

    do_w = do_bt = do_where


def breakpoint(*, backend: str | None = None, filter_frames: bool = True, num_frames: int | None = None,  # noqa: A001
               ordered: bool = False, token: Any = None, **kwargs: Any) -> Any:
    """Pause when the computation runs, with a ``pdb``-like prompt (``(jdb)``, reading standard input) over the
    frames of the Python code that called it, their traced values replaced by their run-time values; under ``jit``
    and the control-flow functions too (JAX's ``jax.debug.breakpoint``, a debug callback).

    Args:
      backend: the debugger to use; the command-line one is the only one.
      filter_frames: leave out this package's frames.
      num_frames: how many frames (innermost first) to show.
      ordered: keep the breakpoint's order with other ordered callbacks.
      token: an array (tree) passed through, returned unchanged (``ordered`` instead).
      kwargs: passed to the debugger.

    Returns:
      ``token``.

    Example::

        >>> @arraytyping.jit
        ... def f(x):
        ...     y = arraytyping.numpy.sin(x)
        ...     arraytyping.debug.breakpoint()   # (jdb) p y  -> Array(0.9092974, dtype=float32)
        ...     return y
    """
    if token is not None and ordered:
        raise ValueError("`ordered` and `token` are mutually exclusive arguments.")
    if backend not in (None, "cli"):
        raise ValueError(f"no debugger backend {backend!r}: arraytyping has the command-line one ('cli')")
    infos = inspect.stack()[1:]
    if filter_frames:
        infos = [i for i in infos if not i.filename.startswith(_PACKAGE_DIR)]
    frames = [DebuggerFrame.of(i) for i in infos]
    if num_frames is not None:
        frames = frames[:num_frames]
    traced: list[tuple[int, str]] = [(k, name) for k, f in enumerate(frames) for name, v in f.locals.items()
                                     if isinstance(v, Tracer)]

    def run(*values: Any) -> None:
        shown = [DebuggerFrame(f.filename, dict(f.locals), f.globals, f.source, f.lineno, f.offset) for f in frames]
        for (k, name), v in zip(traced, values):
            shown[k].locals[name] = v
        with _lock:
            CliDebugger(shown, **kwargs).cmdloop()

    debug_callback(run, *[frames[k].locals[name] for k, name in traced], ordered=ordered)
    return token
