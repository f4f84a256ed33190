"""The README's "vmap and control flow" section runs as written and shows what it prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## vmap and control flow"


def _blocks() -> list[str]:
    text = (ROOT / "README.md").read_text()
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return re.findall(r"```python\n(.*?)```", text[start:end], flags=re.S)


def test_section_has_code() -> None:
    assert len(_blocks()) == 4  # vmap; control flow; differentiating control flow; custom_linear_solve


def test_code_blocks_run_and_print_what_they_say() -> None:
    namespace: dict[str, object] = {}
    for block in _blocks():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
        shown = [line[2:] for line in block.splitlines() if line.startswith("# ")]
        if shown:  # a printed jaxpr, quoted as comments right after the print
            assert out.getvalue().rstrip("\n").splitlines() == shown
        for line in block.splitlines():
            m = re.match(r"^(?P<expr>\S.*?)\s+# (?P<repr>Array\(.*\))$", line)
            if m:
                assert repr(eval(m.group("expr"), namespace)) == m.group("repr")  # noqa: S307
