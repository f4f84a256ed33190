"""A small Language Server Protocol client for tests: JSON-RPC over a server's stdin/stdout.

It starts ``pyright-langserver --stdio`` (the one the ``pyright`` package installs beside the interpreter, else
``python -m pyright.langserver``; :func:`langserver_command` says which, or that there is none) in a workspace folder, answers the requests the server sends back (``workspace/configuration`` with the interpreter, so
the server sees the packages installed in it), opens documents, waits until the server has analysed one (its
diagnostics arrive), and asks for hovers, completions and signature help. Every wait is bounded, by its own timeout
and by one deadline for the whole session; leaving the ``with`` block shuts the server down (``shutdown``, ``exit``,
then a kill if it lingers).
"""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from checkers import BIN, SITE  # beside this file (pytest puts its folder on the path)

__all__ = ["Completion", "LanguageServer", "LspError", "langserver_command"]

Json = Any
"""A decoded JSON value."""


class LspError(RuntimeError):
    """The server failed, answered with an error, or did not answer in time."""


@dataclass(frozen=True)
class Completion:
    """One completion item: its label, its kind (LSP's ``CompletionItemKind`` number) and its detail, if any."""

    label: str
    kind: int | None
    detail: str | None


def langserver_command() -> list[str] | None:
    """How to start pyright's language server for this interpreter, or ``None`` where pyright is not installed."""
    for path in (BIN / "pyright-langserver", shutil.which("pyright-langserver")):
        if path is not None and Path(path).is_file():
            return [str(path), "--stdio"]
    if importlib.util.find_spec("pyright") is not None and importlib.util.find_spec("pyright.langserver") is not None:
        return [sys.executable, "-m", "pyright.langserver", "--stdio"]
    return None


def _write(stream: IO[bytes], message: Json) -> None:
    body = json.dumps(message).encode()
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def _read(stream: IO[bytes]) -> Json | None:
    """One message, or ``None`` at the end of the stream."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    if length is None:
        raise LspError("a message without Content-Length")
    return json.loads(stream.read(length))


class LanguageServer:
    """``pyright-langserver --stdio`` on the workspace ``root``, for the interpreter running the tests with the
    project's source root on its path (as :mod:`tests.typing.checkers` runs pyright). ``settings`` go to the
    server as ``python.analysis`` settings. A request waits at most ``timeout`` seconds (or its own), and nothing
    waits past ``deadline`` seconds after the server starts."""

    def __init__(self, root: Path, *, settings: dict[str, Json] | None = None, timeout: float = 30.0,
                 deadline: float = 60.0) -> None:
        self.root = root.resolve()
        self.timeout = timeout
        self._budget = deadline
        self._deadline = time.monotonic() + deadline
        self.settings = {"typeCheckingMode": "basic", "diagnosticMode": "openFilesOnly", **(settings or {})}
        self._next_id = 0
        self._pending: dict[int, queue.Queue[Json]] = {}
        self._diagnostics: dict[str, list[Json]] = {}
        self._diag_event = threading.Condition()
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._reader: threading.Thread | None = None
        self._stderr: list[str] = []

    # Lifecycle ---------------------------------------------------------------------------------------------------

    def __enter__(self) -> LanguageServer:
        env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
        env["PYTHONPATH"] = str(SITE)
        command = langserver_command()
        if command is None:
            raise LspError("pyright-langserver is not installed")
        self._deadline = time.monotonic() + self._budget
        self._proc = subprocess.Popen(command, cwd=self.root, env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._reader = threading.Thread(target=self._read_loop, name="lsp-reader", daemon=True)
        self._reader.start()
        threading.Thread(target=self._drain_stderr, name="lsp-stderr", daemon=True).start()
        try:
            self.request("initialize", {
                "processId": os.getpid(),
                "rootUri": self.root.as_uri(),
                "workspaceFolders": [{"uri": self.root.as_uri(), "name": self.root.name}],
                "capabilities": {
                    "workspace": {"configuration": True, "workspaceFolders": True},
                    "textDocument": {
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "completion": {"completionItem": {"documentationFormat": ["markdown", "plaintext"]}},
                        "signatureHelp": {"signatureInformation": {"documentationFormat": ["markdown", "plaintext"]}},
                        "publishDiagnostics": {},
                    },
                },
            })
            self.notify("initialized", {})
        except BaseException:
            self._kill()
            raise
        return self

    def __exit__(self, tp: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        try:
            if self._proc is not None and self._proc.poll() is None:
                self.request("shutdown", None, timeout=10)
                self.notify("exit", None)
                self._proc.wait(timeout=10)
        except (LspError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            self._kill()

    def _kill(self) -> None:
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()

    # JSON-RPC ----------------------------------------------------------------------------------------------------

    def _send(self, message: Json) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        with self._lock:
            message["jsonrpc"] = "2.0"
            _write(self._proc.stdin, message)

    def notify(self, method: str, params: Json) -> None:
        self._send({"method": method, "params": params})

    def _wait(self, timeout: float | None) -> float:
        """How long the next wait may last: its own timeout (else the server's), cut at the session's deadline."""
        return max(0.0, min(self.timeout if timeout is None else timeout, self._deadline - time.monotonic()))

    def request(self, method: str, params: Json, *, timeout: float | None = None) -> Json:
        """Send a request and wait (at most ``timeout`` seconds, else the server's) for its result."""
        with self._lock:
            self._next_id += 1
            rid = self._next_id
            self._pending[rid] = box = queue.Queue[Json](maxsize=1)
        self._send({"id": rid, "method": method, "params": params})
        wait = self._wait(timeout)
        try:
            reply = box.get(timeout=wait)
        except queue.Empty:
            raise LspError(f"no answer to {method} in {wait:.1f} s{self._stderr_tail()}") from None
        finally:
            self._pending.pop(rid, None)
        if reply is None:
            raise LspError(f"the server exited before answering {method}{self._stderr_tail()}")
        if "error" in reply:
            raise LspError(f"{method} failed: {reply['error']}")
        return reply.get("result")

    def _read_loop(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        try:
            while (message := _read(self._proc.stdout)) is not None:
                self._dispatch(message)
        except (OSError, ValueError):
            pass
        finally:
            for box in list(self._pending.values()):
                box.put(None)
            with self._diag_event:
                self._diag_event.notify_all()

    def _dispatch(self, message: Json) -> None:
        if "method" not in message:  # a response
            box = self._pending.get(message.get("id"))
            if box is not None:
                box.put(message)
        elif "id" in message:  # a request from the server
            self._send({"id": message["id"], "result": self._answer(message["method"], message.get("params"))})
        elif message["method"] == "textDocument/publishDiagnostics":
            with self._diag_event:
                self._diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
                self._diag_event.notify_all()

    def _answer(self, method: str, params: Json) -> Json:
        if method == "workspace/configuration":
            return [self._section(item.get("section")) for item in params["items"]]
        if method == "workspace/workspaceFolders":
            return [{"uri": self.root.as_uri(), "name": self.root.name}]
        return None  # client/registerCapability, window/workDoneProgress/create: acknowledged

    def _section(self, section: str | None) -> Json:
        if section == "python":
            return {"pythonPath": sys.executable, "analysis": self.settings}
        if section == "python.analysis":
            return self.settings
        return {}

    def _drain_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        for line in self._proc.stderr:
            self._stderr.append(line.decode(errors="replace"))

    def _stderr_tail(self) -> str:
        tail = "".join(self._stderr[-20:])
        return f"\nserver stderr:\n{tail}" if tail else ""

    # Documents ---------------------------------------------------------------------------------------------------

    def open(self, path: Path, text: str | None = None) -> str:
        """Open ``path`` (its text, or ``text``) and return its URI."""
        uri = path.resolve().as_uri()
        with self._diag_event:
            self._diagnostics.pop(uri, None)
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": path.read_text() if text is None else text}})
        return uri

    def diagnostics(self, uri: str, *, timeout: float | None = None) -> list[Json]:
        """The diagnostics the server publishes for ``uri`` once it has analysed it (waits for them)."""
        deadline = time.monotonic() + self._wait(timeout)
        with self._diag_event:
            while uri not in self._diagnostics:
                left = deadline - time.monotonic()
                if left <= 0 or self._proc is None or self._proc.poll() is not None:
                    raise LspError(f"no diagnostics for {uri}{self._stderr_tail()}")
                self._diag_event.wait(min(left, 1.0))
            return self._diagnostics[uri]

    def hover(self, uri: str, line: int, character: int) -> str | None:
        """The hover text at a 0-based position (markdown or plain text), or ``None``."""
        result = self.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                     "position": {"line": line, "character": character}})
        if not result:
            return None
        contents = result["contents"]
        if isinstance(contents, dict):
            return str(contents["value"])  # MarkupContent, or a MarkedString object
        if isinstance(contents, list):
            return "\n".join(c if isinstance(c, str) else str(c["value"]) for c in contents)
        return str(contents)

    def completion(self, uri: str, line: int, character: int) -> list[Completion]:
        """The completion items at a 0-based position."""
        result = self.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                          "position": {"line": line, "character": character}})
        items = result["items"] if isinstance(result, dict) else result or []
        return [Completion(i["label"], i.get("kind"), i.get("detail")) for i in items]

    def signature_help(self, uri: str, line: int, character: int) -> tuple[list[str], int | None]:
        """The signatures offered inside a call at a 0-based position (their labels), and the active one's index."""
        result = self.request("textDocument/signatureHelp", {"textDocument": {"uri": uri},
                                                             "position": {"line": line, "character": character}})
        if not result:
            return [], None
        return [str(s["label"]) for s in result["signatures"]], result.get("activeSignature")
