"""Every code block of the README and of the documentation site runs on its own and shows what it says.

The conventions a block's comments follow are in ``tests/docs_blocks.py`` (and, for writers, ``docs/contributing.md``):
python blocks run one by one in fresh namespaces, their comments checked against the values, exceptions and printed
output; the typed blocks go to the five type checkers (one run of each over all of them), whose revealed types and
errors are checked against the comments that claim them; ``console`` blocks run their commands in a folder holding
their page's titled blocks; ``toml`` and ``json`` blocks parse, the mypy plugin's configuration is read by mypy;
``bash`` blocks are the set-up commands (``.ci/run`` runs the README's second one) or commands that run.
The site itself is built by ``tests/test_docs_site.py``.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "typing"))
import checkers  # noqa: E402
import docs_blocks as db  # noqa: E402

import arraytyping  # noqa: E402

ROOT = db.ROOT
BIN = Path(sys.executable).parent
README = [b for b in db.ALL_BLOCKS if b.page == "README.md"]
PYTHON = [b for b in db.ALL_BLOCKS if b.lang == "python"]
TYPED = [b for b in PYTHON if b.typed]
CONSOLE_PAGES = sorted({b.page for b in db.ALL_BLOCKS if b.lang == "console"})
LANGUAGES = {"python", "bash", "console", "toml", "json", "text", ""}


def test_every_block_has_a_known_language() -> None:
    assert {b.lang for b in db.ALL_BLOCKS} <= LANGUAGES, {(b.where, b.lang) for b in db.ALL_BLOCKS
                                                          if b.lang not in LANGUAGES}
    assert len(PYTHON) >= 20 and len(TYPED) >= 5 and CONSOLE_PAGES


def test_readme_is_short_and_links_every_page() -> None:
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 150
    linked = set(re.findall(r"\]\((docs/[^)#]+)", text))
    assert all((ROOT / link).is_file() for link in linked), linked
    for page in ("quickstart", "annotating", "type-checkers", "runtime-checks", "lattice", "coming-from-jax",
                 "limits", "cli"):
        assert f"docs/{page}.md" in linked, page


# ----------------------------------------------------------------------------------------------------------------
# python blocks


def _statements(code: str) -> list[tuple[ast.stmt, str, str, list[str]]]:
    """Each top-level statement: the node, its source, its last line's comment (continuation lines joined) and the
    full-line comments right below it."""
    lines = code.splitlines()
    out = []
    for node in ast.parse(code).body:
        assert node.end_lineno is not None
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
        last = lines[node.end_lineno - 1]
        comment = db.comment_of(last)
        column = last.find("  # ") + 2
        below: list[str] = []
        n = node.end_lineno
        while n < len(lines) and comment and lines[n][:column].strip() == "" and lines[n][column:].startswith("#"):
            comment += " " + lines[n][column + 1:].strip()  # a comment continued under the first
            n += 1
        while n < len(lines) and lines[n].startswith("#"):
            below.append(lines[n][2:] if lines[n].startswith("# ") else lines[n][1:])
            n += 1
        out.append((node, "\n".join(lines[start - 1:node.end_lineno]), comment, below))
    return out


def _exception_class(name: str) -> type[BaseException]:
    cls = getattr(builtins, name, None) or getattr(arraytyping, name, None)
    assert isinstance(cls, type) and issubclass(cls, BaseException), f"no exception class {name}"
    return cls


def _value_of(node: ast.stmt, namespace: dict[str, object]) -> tuple[bool, object]:
    if isinstance(node, ast.Expr):
        return True, namespace.pop("__docs_value__")
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return True, namespace[node.targets[0].id]
    return False, None


def _run_statement(node: ast.stmt, source: str, namespace: dict[str, object], where: str) -> str:
    """Run one statement; returns what it printed. An expression's value is kept in ``__docs_value__``."""
    if isinstance(node, ast.Expr):
        tree = ast.Module(body=[ast.Assign(targets=[ast.Name("__docs_value__", ast.Store())], value=node.value)],
                          type_ignores=[])
        code = compile(ast.fix_missing_locations(ast.increment_lineno(tree, 0)), where, "exec")
    else:
        code = compile(source, where, "exec")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        exec(code, namespace)  # noqa: S102 - the project's own documentation
    return out.getvalue()


@pytest.mark.parametrize("block", PYTHON, ids=[b.where for b in PYTHON])
def test_python_block_runs_alone_and_shows_what_it_says(block: db.Block) -> None:
    namespace: dict[str, object] = {"__name__": block.module}
    for node, source, comment, below in _statements(block.code):
        where = f"{block.page}:{block.line + node.lineno}"
        raised = db.claimed_exception(comment)
        if raised is not None:
            name, message = raised
            with pytest.raises(_exception_class(name)) as info:
                _run_statement(node, source, namespace, where)
            if message:
                assert db.matches(message, str(info.value)), (where, message, str(info.value))
            continue
        printed = _run_statement(node, source, namespace, where)
        known, value = _value_of(node, namespace)
        if printed:
            shown = below or ([comment] if comment else [])
            assert shown, f"{where}: prints {printed!r}, which no comment shows"
            assert db.lines_match(shown, printed.rstrip("\n").splitlines()), (where, printed)
        elif known and (claim := db.claimed_value(comment)) is not None:
            assert db.matches(claim, repr(value)), (where, claim, repr(value))


# ----------------------------------------------------------------------------------------------------------------
# typed blocks: every checker once over all of them


def test_normal_type_is_what_the_pages_write() -> None:
    assert db.normal_type("arraytyping.Array[arraytyping.float32, tuple[builtins.int, ...]]") == "Array[float32]"
    assert db.normal_type("Array[float32, tuple[Any, ...]]") == "Array[float32]"
    assert db.normal_type("Array[F@normalize, AnyShape]") == "Array[F]"
    assert db.normal_type("arraytyping.Array[F`-1, tuple[Any, ...]]") == "Array[F]"
    assert db.normal_type("list[Array[Unknown, tuple[Any, ...]]]") == "list[Array[Any]]"
    kept = "Array[float32, tuple[B, Literal[8]]]"
    assert db.normal_type(f"arraytyping.{kept}") == kept  # a shape that is not the default stays


def test_split_claims() -> None:
    every = tuple(checkers.CHECKERS)
    assert db.split_claims("Array[float32]", every) == dict.fromkeys(every, "Array[float32]")
    assert db.split_claims("plugin: error: \"x\"; others: ok", every) == {
        "mypy-plugin": 'error: "x"', "mypy": "ok", "pyright": "ok", "pyrefly": "ok", "ty": "ok"}
    with pytest.raises(ValueError):
        db.split_claims("Array[int8]; pyright: Array[Any]", every)


@pytest.fixture(scope="module")
def typed_diagnostics(tmp_path_factory: pytest.TempPathFactory) -> dict[str, checkers.Diagnostics]:
    folder = tmp_path_factory.mktemp("typed")
    files = []
    for block in TYPED:
        files.append(folder / f"{block.module}.py")
        files[-1].write_text(block.code)
    return {c: checkers.run(c, files, folder / c) for c in checkers.CHECKERS}


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_typed_blocks_show_what_each_checker_says(checker: str,
                                                  typed_diagnostics: dict[str, checkers.Diagnostics]) -> None:
    d = typed_diagnostics[checker]
    wrong = []
    for block in TYPED:
        got = d.by_file.get(f"{block.module}.py", checkers.Diagnostics(checker))
        lines = block.code.splitlines()
        claimed_errors: dict[int, str] = {}
        for n, comment in db.type_claims_by_line(block.code).items():
            claim = db.split_claims(comment, checkers.CHECKERS).get(checker)
            where = f"{block.page}:{block.line + n}"
            if claim is None:
                continue
            if "reveal_type(" in lines[n - 1]:
                shown = [db.normal_type(t) for t in got.revealed.get(n, [])]
                if shown != [claim]:
                    wrong.append(f"{where}: {checker} reveals {shown}, the comment says {claim!r}")
            elif claim.startswith("error"):
                claimed_errors[n] = claim
        errors = {n: ms for n, ms in got.errors.items() if not all("reveal_type" in m for m in ms)}
        for n in sorted(set(errors) | set(claimed_errors)):
            where = f"{block.page}:{block.line + n}"
            if n not in claimed_errors:
                wrong.append(f"{where}: {checker} reports {errors[n]}, which no comment claims")
            elif n not in errors:
                wrong.append(f"{where}: {checker} reports no error, the comment says {claimed_errors[n]!r}")
            elif quoted := re.findall(r'"([^"]+)"', claimed_errors[n]):
                if not any(q in m for q in quoted for m in errors[n]):
                    wrong.append(f"{where}: {checker}'s message {errors[n]} does not say {quoted}")
    assert not wrong, "\n".join(wrong) + "\n" + d.raw[-2000:]


# ----------------------------------------------------------------------------------------------------------------
# console blocks: commands and what they print


def _console_steps(code: str) -> list[tuple[str, list[str]]]:
    steps: list[tuple[str, list[str]]] = []
    for line in code.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            assert steps, f"output before any command: {line!r}"
            steps[-1][1].append(line)
    return steps


def _project(tmp: Path, page: str) -> Path:
    """A folder as a reader's project: ``.venv`` (the environment running the tests) and the page's files."""
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    for block in db.ALL_BLOCKS:
        if block.page == page and block.title is not None:
            (tmp / block.title).parent.mkdir(parents=True, exist_ok=True)
            (tmp / block.title).write_text(block.code)
    return tmp


@pytest.mark.parametrize("page", CONSOLE_PAGES)
def test_console_blocks_print_what_they_show(page: str, tmp_path: Path) -> None:
    folder = _project(tmp_path / "project", page)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH", "VIRTUAL_ENV")}
    env["COLUMNS"] = "100"
    for block in (b for b in db.ALL_BLOCKS if b.page == page and b.lang == "console"):
        for command, shown in _console_steps(block.code):
            argv = shlex.split(command)
            assert argv[0].startswith(".venv/bin/"), f"{block.where}: run the project's tools: {command}"
            proc = subprocess.run(argv, cwd=folder, capture_output=True, text=True, env=env, timeout=900)
            printed = (proc.stdout + proc.stderr).replace(f"{folder}/", "").replace(str(folder), ".")
            assert db.lines_match(shown, printed.rstrip("\n").splitlines()), (block.where, command, printed)


# ----------------------------------------------------------------------------------------------------------------
# configuration and shell blocks


def test_toml_and_json_blocks_parse() -> None:
    for block in db.ALL_BLOCKS:
        if block.lang == "toml":
            tomllib.loads(block.code)
        elif block.lang == "json":
            json.loads(block.code)


def test_plugin_configuration_block(tmp_path: Path) -> None:
    configs = [b for b in db.ALL_BLOCKS if b.lang == "toml" and "arraytyping_mypy" in b.code]
    assert configs
    for block in configs:
        assert tomllib.loads(block.code)["tool"]["mypy"]["plugins"] == ["arraytyping_mypy"]
    (tmp_path / "pyproject.toml").write_text(configs[0].code)
    (tmp_path / "use.py").write_text("from arraytyping import Array, float8_e4m3fn, float32\n\n\n"
                                     "def f(x: Array[float8_e4m3fn], y: Array[float32]) -> None:\n    x + y\n")
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "use.py"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 1 and "[dtype-promotion]" in out.stdout, out.stdout + out.stderr


def test_setup_commands() -> None:
    first, second = [b.code for b in README if b.lang == "bash"][:2]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for block, extra in ((first, "typecheck"), (second, "dev")):
        assert block.startswith(f"python3 -m venv .venv && .venv/bin/pip install -q -e '.[{extra}]' && ")
        assert extra in extras
    assert (ROOT / first.split()[-1]).is_file()  # run by tests/test_examples.py
    assert ".venv/bin/python -m pytest -q" in second
    if " -n " in second:  # pytest-xdist, which the dev extra then brings
        assert any(d.startswith("pytest-xdist") for d in extras["dev"])
    for tool in ("mkdocs", "mkdocs-material", "mkdocstrings"):  # tests/test_docs_site.py builds the site
        assert any(d.startswith(tool) for d in extras["dev"]), tool
    ci = (ROOT / ".ci" / "run").read_text()
    assert "README.md" in ci and "n==2" in ci  # .ci/run runs the second block


def _commands(block: str) -> list[list[str]]:
    return [shlex.split(line.partition("  #")[0]) for line in block.splitlines() if line.strip()]


def test_other_bash_blocks_run(tmp_path: Path) -> None:
    others = [b for b in db.ALL_BLOCKS if b.lang == "bash"]
    others = [b for b in others if b not in [b for b in README if b.lang == "bash"][:2]]
    assert others
    for block in others:
        for argv in _commands(block.code):
            if argv[:3] == ["python3", "-m", "venv"] or argv[:2] == [".venv/bin/pip", "install"]:
                continue  # set-up commands, as the README's first two (which CI runs)
            if argv[0].startswith(".venv/bin/"):
                assert argv[0] == ".venv/bin/arraytyping", (block.where, argv)
                out = subprocess.run([str(BIN / "arraytyping"), *argv[1:]], cwd=tmp_path, capture_output=True,
                                     text=True, timeout=300)
            else:
                assert argv[0] in ("python3", "python") and argv[1].startswith("tools/"), (block.where, argv)
                assert (ROOT / argv[1]).is_file()
                out = subprocess.run([sys.executable, str(ROOT / argv[1]), "--help"], cwd=ROOT, capture_output=True,
                                     text=True, timeout=120)
                assert "usage" in out.stdout
            assert out.returncode == 0, (block.where, argv, out.stdout[-2000:], out.stderr[-2000:])


def test_layout_paths_exist() -> None:
    (layout,) = [b for b in db.ALL_BLOCKS if b.page == "docs/layout.md" and b.lang == "text"]
    parent = ROOT
    for line in layout.code.splitlines():
        if line and not line.startswith(" "):
            path = line.split()[0]
            assert list(ROOT.glob(path.rstrip("/"))), f"the layout names {path}, which does not exist"
            parent = ROOT / path if path.endswith("/") else ROOT
        elif line.startswith("  ") and not line.startswith("   "):  # an entry of the folder above: its names
            for name in line.split("  ")[1].split():
                if name != "...":
                    assert (parent / name).exists(), f"the layout names {parent / name}, which does not exist"


def test_cli_synopsis() -> None:
    (synopsis,) = [b for b in db.ALL_BLOCKS if b.page == "docs/cli.md" and b.lang == "text"
                   and b.code.startswith("arraytyping ")]
    for line in synopsis.code.splitlines():
        words = line.split()
        assert words[0] == "arraytyping"
        out = subprocess.run([str(BIN / "arraytyping"), words[1], "--help"], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 0, out.stderr
        for option in re.findall(r"--[\w-]+|-o\b", line):
            assert option in out.stdout, f"{line!r}: `arraytyping {words[1]} --help` does not name {option}"
