"""Every code block of the README runs as written.

* ``python`` blocks run in order in one namespace (a block builds on the ones before it); a statement whose comment
  names an exception (``# TypePromotionError: ...``) must raise it. The block that reveals types is also given to
  the five type checkers: each ``reveal_type`` must show the type its comment says, and exactly the lines commented
  ``# error`` are errors.
* ``toml`` blocks are the mypy plugin's configuration: mypy reads it and the plugin answers with it.
* ``bash`` blocks: the first two are the set-up commands (``.ci/run`` runs the second, ``tests/test_examples.py``
  the first one's script), checked here for what they install and run; ``arraytyping`` commands run in a
  temporary folder; the reference generators (``tools/*.py``, which build a venv with JAX from the network) start
  and show their usage.
* Unmarked blocks: the layout's paths exist, and each command line of the CLI synopsis is a command whose help
  names every option it shows.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "typing"))
import checkers  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "README.md").read_text()
BLOCKS = [(m.group(1), m.group(2)) for m in re.finditer(r"^```(\w*)\n(.*?)^```$", TEXT, flags=re.S | re.M)]
BIN = Path(sys.executable).parent


def _of(lang: str) -> list[str]:
    return [code for kind, code in BLOCKS if kind == lang]


def _typed_block() -> str:
    (block,) = [b for b in _of("python") if "reveal_type(" in b]
    return block


def test_every_block_has_a_known_language() -> None:
    assert {kind for kind, _ in BLOCKS} <= {"python", "bash", "toml", ""}
    assert len(_of("python")) >= 6 and _of("toml") and len(_of("bash")) >= 3


def _statements(block: str) -> list[tuple[str, str | None]]:
    """Each top-level statement's source, and the exception its last line's comment names (if any)."""
    lines = block.splitlines()
    out = []
    for node in ast.parse(block).body:
        assert node.end_lineno is not None
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])  # with decorators
        source = "\n".join(lines[start - 1:node.end_lineno])
        comment = lines[node.end_lineno - 1].partition("  # ")[2].strip()
        m = re.match(r"(\w+(?:Error|Exception))\b", comment)
        out.append((source, m.group(1) if m else None))
    return out


def test_python_blocks_run() -> None:
    namespace: dict[str, object] = {"__name__": "readme"}
    for block in _of("python"):
        for source, raises in _statements(block):
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                if raises is None:
                    exec(compile(source, "README.md", "exec"), namespace)  # noqa: S102 - our own README
                    continue
                expected = getattr(builtins, raises, None) or getattr(__import__("arraytyping"), raises)
                with pytest.raises(expected):
                    exec(compile(source, "README.md", "exec"), namespace)  # noqa: S102


def _normal(text: str) -> str:
    text = re.sub(r"\b(arraytyping|builtins)\.", "", text)
    return re.sub(r"@\w+", "", text).replace("Unknown", "Any")


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_typed_block_shows_what_it_says(checker: str, tmp_path: Path) -> None:
    block = _typed_block()
    (tmp_path / "readme_typed.py").write_text(block)
    d = checkers.run(checker, tmp_path / "readme_typed.py", tmp_path / "work")
    expected_types, expected_errors = {}, set()
    for n, line in enumerate(block.splitlines(), 1):
        code, _, comment = line.partition("  # ")
        if "reveal_type(" in code:
            expected_types[n] = comment.strip()
        elif comment.strip().startswith("error"):
            expected_errors.add(n)
    got = {n: _normal(d.revealed[n][0]) for n in expected_types if n in d.revealed}
    assert got == expected_types, d.raw[-3000:]
    errors = {n for n, messages in d.errors.items() if not all("reveal_type" in m for m in messages)}
    assert errors == expected_errors, d.raw[-3000:]


def test_plugin_configuration_block(tmp_path: Path) -> None:
    (config,) = [b for b in _of("toml") if "arraytyping_mypy" in b]
    assert tomllib.loads(config)["tool"]["mypy"]["plugins"] == ["arraytyping_mypy"]
    (tmp_path / "pyproject.toml").write_text(config)
    (tmp_path / "use.py").write_text("from arraytyping import Array, float8_e4m3fn, float32\n\n\n"
                                     "def f(x: Array[float8_e4m3fn], y: Array[float32]) -> None:\n    x + y\n")
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "use.py"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 1 and "[dtype-promotion]" in out.stdout, out.stdout + out.stderr


def test_setup_commands() -> None:
    first, second = _of("bash")[:2]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for block, extra in ((first, "typecheck"), (second, "dev")):
        assert block.startswith(f"python3 -m venv .venv && .venv/bin/pip install -q -e '.[{extra}]' && ")
        assert extra in extras
    assert (ROOT / first.split()[-1]).is_file()  # run by tests/test_examples.py
    assert ".venv/bin/python -m pytest -q" in second
    if " -n " in second:  # pytest-xdist, which the dev extra then brings
        assert any(d.startswith("pytest-xdist") for d in extras["dev"])
    ci = (ROOT / ".ci" / "run").read_text()
    assert "README.md" in ci and "n==2" in ci  # .ci/run runs the second block


def _commands(block: str) -> list[list[str]]:
    return [shlex.split(line.partition("  #")[0]) for line in block.splitlines() if line.strip()]


def test_other_bash_blocks_run(tmp_path: Path) -> None:
    for block in _of("bash")[2:]:
        for argv in _commands(block):
            if argv[0] == ".venv/bin/arraytyping":
                out = subprocess.run([str(BIN / "arraytyping"), *argv[1:]], cwd=tmp_path, capture_output=True,
                                     text=True, timeout=300)
            else:
                assert argv[0] in ("python3", "python") and argv[1].startswith("tools/"), argv
                assert (ROOT / argv[1]).is_file()
                out = subprocess.run([sys.executable, str(ROOT / argv[1]), "--help"], cwd=ROOT, capture_output=True,
                                     text=True, timeout=120)
                assert "usage" in out.stdout
            assert out.returncode == 0, (argv, out.stdout[-2000:], out.stderr[-2000:])


def test_layout_paths_exist() -> None:
    layout = next(code for kind, code in BLOCKS if kind == "" and "src/arraytyping/" in code)
    parent = ROOT
    for line in layout.splitlines():
        if line and not line.startswith(" "):
            path = line.split()[0]
            assert list(ROOT.glob(path.rstrip("/"))), f"the README's layout names {path}, which does not exist"
            parent = ROOT / path if path.endswith("/") else ROOT
        elif line.startswith("  ") and not line.startswith("   "):  # an entry of the folder above: its names
            for name in line.split("  ")[1].split():
                if name != "...":
                    assert (parent / name).exists(), f"the README's layout names {parent / name}, which does not exist"


def test_cli_synopsis() -> None:
    synopsis = next(code for kind, code in BLOCKS if kind == "" and code.startswith("arraytyping "))
    for line in synopsis.splitlines():
        words = line.split()
        assert words[0] == "arraytyping"
        out = subprocess.run([str(BIN / "arraytyping"), words[1], "--help"], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 0, out.stderr
        for option in re.findall(r"--[\w-]+|-o\b", line):
            assert option in out.stdout, f"{line!r}: `arraytyping {words[1]} --help` does not name {option}"
