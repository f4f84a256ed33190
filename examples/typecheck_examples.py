"""Run mypy (with the arraytyping plugin) and pyright on ``examples/typed_step.py`` and show what they infer.

The checkers find the package, its ``arraytyping-stubs`` stub package and the plugin where the installation put
them (an editable install of this checkout is a plain path entry to ``src/``, which both follow). Needs mypy and
pyright (``pip install -e '.[typecheck]'``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "typed_step.py"


def _tool(name: str) -> str | None:
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


def main() -> int:
    mypy, pyright = _tool("mypy"), _tool("pyright")
    if mypy is None or pyright is None:
        print("mypy and pyright are not installed: pip install -e '.[typecheck]' to see what they infer")
        return 0
    failures = 0
    with tempfile.TemporaryDirectory(prefix="arraytyping_examples_") as tmp:
        ini = Path(tmp) / "mypy.ini"
        ini.write_text("[mypy]\nplugins = arraytyping_mypy\n")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the installation alone
        runs = {
            "mypy (plugin)": [mypy, "--config-file", str(ini), "--cache-dir", str(Path(tmp) / "cache"),
                              "--hide-error-context", "--no-error-summary", str(EXAMPLE)],
            "pyright": [pyright, "--pythonpath", sys.executable, str(EXAMPLE)],
        }
        for label, cmd in runs.items():
            print(f"$ {label} examples/typed_step.py", flush=True)
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp)
            lines = [ln.strip().replace(str(EXAMPLE), "typed_step.py") for ln in proc.stdout.splitlines()
                     if "typed_step.py:" in ln]
            for ln in lines:
                print("   ", ln)
            revealed = sum("Revealed type" in ln or "Type of" in ln for ln in lines)
            errors = [ln for ln in lines if re.search(r"\berror\b", ln)]
            caught = len(errors) == 1 and "float8_e4m3fn" in errors[0]
            print(f"    -> {revealed} inferred types; the float8 + float32 promotion "
                  f"{'caught' if caught else 'NOT caught as the only error'}\n", flush=True)
            failures += int(revealed != 8 or not caught)
    return failures


if __name__ == "__main__":
    sys.exit(main())
