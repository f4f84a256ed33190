"""The backend's process-level workarounds: jaxlib's C++ logging and its lookups of the ``jax`` package.

Each check runs in a fresh interpreter, since both concern what happens when jaxlib is first loaded.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

_SCRIPT = textwrap.dedent("""
    import os, sys
    import arraytyping.numpy as anp
    x = anp.ones((2, 3)) + 1
    x.block_until_ready()
    print("LEVEL", os.environ.get("TF_CPP_MIN_LOG_LEVEL"))
    print("JAXCORE", "jax.core" in sys.modules and sys.modules["jax.core"] is None)
    print("JAX", "jax" in sys.modules and sys.modules["jax"] is not None)
""")


def _run(env_extra: dict[str, str | None]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TF_CPP_MIN_LOG_LEVEL"}
    env.update({k: v for k, v in env_extra.items() if v is not None})
    return subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, timeout=120,
                          check=True)


def test_cpp_info_logging_is_silenced_by_default_and_user_setting_is_kept() -> None:
    quiet = _run({})
    assert "LEVEL 1" in quiet.stdout
    assert "pjrt_client.cc" not in quiet.stderr, quiet.stderr
    # A user's explicit setting wins: 0 shows jaxlib's INFO lines again.
    loud = _run({"TF_CPP_MIN_LOG_LEVEL": "0"})
    assert "LEVEL 0" in loud.stdout
    assert "PjRt-IFRT device count" in loud.stderr


def test_jax_lookups_are_recorded_as_missing_without_importing_jax() -> None:
    """jaxlib tries ``import jax.core`` for every output buffer it wraps; with jax absent, ``sys.modules`` records
    the absence (a ``None`` entry) so each attempt fails at once instead of searching the file system. jax itself
    is never imported (this venv must not have it)."""
    out = _run({}).stdout
    assert "JAX False" in out
    assert "JAXCORE True" in out
