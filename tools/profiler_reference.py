"""Write JAX 0.10.2's ``jax.profiler`` behaviour to ``tests/data/profiler_reference.json``: what a trace writes
(the files under ``log_dir``), which annotations it records and with which statistics (``TraceAnnotation``,
``StepTraceAnnotation``, ``annotate_function``), the collected profile read back by ``ProfileData``, the device
memory profile, and the errors (a second trace, stopping none, the server twice), with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/profiler_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy), so ``tests/runtime/test_profiler.py`` runs the very same expressions on the runtime. Timings,
hosts and thread names differ from run to run: the cases record what does not.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "profiler_reference.json"

PRELUDE = '''
import glob, gzip, os, tempfile
P = at.profiler
MARKS = ("matmul", "train", "annotated", "named_by_partial")
x = jnp.ones((32, 32))

def traced(options=None, perfetto=False):
    """A trace of a little program: the files written, and the profile read back."""
    folder = tempfile.mkdtemp()
    with P.trace(folder, create_perfetto_trace=perfetto, profiler_options=options):
        with P.TraceAnnotation("matmul", rows=32, label="x"):
            (x @ x).block_until_ready()
        for i in range(2):
            with P.StepTraceAnnotation("train", step_num=i):
                (x + i).block_until_ready()
        @P.annotate_function
        def annotated(v):
            return v * 2
        annotated(x).block_until_ready()
        import functools
        @functools.partial(P.annotate_function, name="named_by_partial", tag=7)
        def g(v):
            return v
        g(x)
    files = sorted(glob.glob(os.path.join(folder, "plugins", "profile", "*", "*")))
    return folder, files

def kinds(files):
    return str(sorted(os.path.basename(f).split(".", 1)[1] if "." in os.path.basename(f) else f for f in files))

def marks(files):
    pb = [f for f in files if f.endswith(".xplane.pb")][0]
    data = P.ProfileData.from_file(pb)
    cpu = data.find_plane_with_name("/host:CPU")
    found = []
    for line in cpu.lines:
        for e in line.events:
            if e.name in MARKS:
                found.append((e.name, sorted((k, v) for k, v in e.stats if not k.startswith("_"))))
    return str(sorted(found, key=str))

def planes(files):
    pb = [f for f in files if f.endswith(".xplane.pb")][0]
    names = sorted(p.name for p in P.ProfileData.from_file(pb).planes)
    return str([n for n in names if n.startswith("/host")])

RUN = traced()
QUIET = P.ProfileOptions()
QUIET.python_tracer_level = 0

def twice():
    folder = tempfile.mkdtemp()
    P.start_trace(folder)
    try:
        P.start_trace(folder)
    finally:
        P.stop_trace()

def server_twice():
    P.start_server(9531)
    try:
        P.start_server(9532)
    finally:
        P.stop_server()
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    "files_written": "kinds(RUN[1])",
    "annotations_recorded": "marks(RUN[1])",
    "host_planes": "planes(RUN[1])",
    "perfetto_files": "kinds(traced(perfetto=True)[1])",
    "options_without_python_tracer": "marks(traced(QUIET)[1])",
    "options_defaults": ("str((QUIET.host_tracer_level, P.ProfileOptions().python_tracer_level, "
                         "P.ProfileOptions().duration_ms, P.ProfileOptions().include_dataset_ops))"),
    "annotation_outside_a_trace": "(P.TraceAnnotation('idle').__enter__(), 'entered')[1]",
    "annotate_function_keeps_name": "P.annotate_function(lambda: 3).__name__",
    "annotate_function_result": "P.annotate_function(lambda a, b=2: a + b)(1, b=5)",
    "device_memory_profile_gzip": "P.device_memory_profile()[:2] == b'\\x1f\\x8b'",
    "device_memory_profile_pprof": "len(gzip.decompress(P.device_memory_profile())) > 0",
    "err_stop_without_start": "P.stop_trace()",
    "err_second_trace": "twice()",
    "err_stop_server_without_one": "P.stop_server()",
    "err_second_server": "server_twice()",
    "err_annotate_nothing": "P.annotate_function(None)",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case in ``namespace`` (JAX's, or the runtime's): shared with the test, which passes the runtime's
    namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<profiler>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jax.profiler  # noqa: F401  (bound by import jax too)

    cases.write_per_x64(OUT, "tools/profiler_reference.py", lambda: run({"at": jax, "jnp": jnp}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
