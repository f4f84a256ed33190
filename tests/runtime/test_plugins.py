"""PJRT plugin backends: discovery as JAX 0.10.2 does it (``jax_plugins`` modules, entry points,
``PJRT_NAMES_AND_LIBRARY_PATHS``), platform selection (``ARRAYTYPING_PLATFORMS``), fallback to the CPU, and devices.

This machine has no GPU and jaxlib 0.10.2 ships no PJRT C-API plugin of its own (no library in jaxlib exports
``GetPjrtApi``), so plugins here are fakes whose library is a real shared library that is not a PJRT plugin (or no
file at all): they exercise discovery, jaxlib's dynamic loading and every failure path. Backend selection happens
once per process, so each scenario runs in a fresh interpreter. ``ARRAYTYPING_TEST_PJRT_SITE`` may name a folder
holding a real plugin (e.g. an unpacked ``jax-cuda12-pjrt`` wheel) for the end-to-end test at the bottom.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraytyping._src.xla import backend as B
from arraytyping._src.xla import pjrt_plugins as P

NOT_PJRT_LIBRARY = Path(np._core._multiarray_umath.__file__)  # type: ignore[attr-defined]
"""A shared library that exists everywhere the tests run and does not export ``GetPjrtApi``."""

_PROBE = textwrap.dedent("""
    import json, sys, warnings
    out = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            import arraytyping as at, arraytyping.numpy as anp
            out["devices"] = [str(d) for d in at.devices()]
            x = anp.arange(4.0) * 2
            out["value"] = x.tolist()
            out["device"] = str(x.device)
            out["platforms"] = sorted(__import__("arraytyping._src.xla.backend", fromlist=["x"]).backends())
        except Exception as e:
            out["error"] = [type(e).__name__, str(e)]
    out["warnings"] = [[w.category.__name__, str(w.message), w.filename] for w in caught]
    out["plugin_imported"] = any(m.startswith("jax_plugins.") for m in sys.modules)
    out["jax_imported"] = sys.modules.get("jax") is not None
    print("RESULT" + json.dumps(out))
""")


def _run(env_extra: dict[str, str], path: Sequence[Path] = (), script: str = _PROBE) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items()
           if k not in (P.PLATFORMS_ENV, P.PJRT_ENV, B.NUM_CPU_DEVICES_ENV, "PYTHONPATH")}
    env.update(env_extra)
    if path:
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in path)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=180)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    assert proc.returncode == 0 and lines, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(lines[-1][len("RESULT"):])
    return result


def _fake_plugin(root: Path, module: str = "xla_fake", platform: str = "fake", priority: int = 600,
                 library: Path | None = NOT_PJRT_LIBRARY, library_name: str = "xla_fake_plugin.so",
                 extra_libraries: tuple[str, ...] = ()) -> Path:
    """A ``jax_plugins`` namespace package with one plugin module laid out like JAX's CUDA plugin: an
    ``__init__.py`` whose ``initialize()`` registers a library next to it. Importing it fails loudly (it must be read,
    never imported: its real counterpart imports ``jax``)."""
    pkg = root / "jax_plugins" / module
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(f"""
        raise ImportError("a jax_plugins module was imported")
        import pathlib
        import jax._src.xla_bridge as xb

        def initialize():
            path = pathlib.Path(__file__).resolve().parent / '{library_name}'
            xb.register_plugin(
                '{platform}', priority={priority}, library_path=str(path), options=None
            )
    """))
    if library is not None:
        (pkg / library_name).write_bytes(library.read_bytes())
    for name in extra_libraries:
        (pkg / name).write_bytes(b"\x7fELF not a plugin")
    return root


@pytest.fixture(autouse=True)
def _forget_jax_plugins() -> Iterator[None]:
    yield
    for name in [m for m in sys.modules if m == "jax_plugins" or m.startswith("jax_plugins.")]:
        del sys.modules[name]


# ---------------------------------------------------------------------------------------------------------------
# Parsing


def test_platform_lists_parse_like_jax_platforms() -> None:
    assert P.parse_platforms(None) is None
    assert P.parse_platforms("") is None
    assert P.parse_platforms("  ") is None
    assert P.parse_platforms("cpu") == ("cpu",)
    assert P.parse_platforms("CUDA, cpu") == ("cuda", "cpu")
    assert P.parse_platforms("gpu,cpu,gpu") == ("gpu", "cpu")


@pytest.mark.parametrize("value", ["cuda;cpu", "cuda,,cpu", "1gpu", "cpu,", "cu da"])
def test_bad_platform_lists_name_the_value(value: str) -> None:
    with pytest.raises(ValueError, match="ARRAYTYPING_PLATFORMS=") as info:
        P.parse_platforms(value)
    assert repr(value) in str(info.value)


def test_pjrt_names_and_library_paths_parse_and_name_bad_entries() -> None:
    sep = os.pathsep
    entries, problems = P.parse_pjrt_names_and_library_paths(f"cuda{sep}/a/b.so,my_tpu{sep}/c.json")
    assert entries == {"cuda": "/a/b.so", "my_tpu": "/c.json"} and not problems
    value = f"good{sep}/x.so,junk,{sep}/nameless.so,empty{sep}"
    entries, problems = P.parse_pjrt_names_and_library_paths(value)
    assert entries == {"good": "/x.so"}
    assert len(problems) == 3
    assert all(repr(value) in p for p in problems)
    assert "'junk'" in problems[0]
    assert P.parse_pjrt_names_and_library_paths("") == ({}, [])


# ---------------------------------------------------------------------------------------------------------------
# Discovery (nothing is loaded or imported)


def test_namespace_plugin_is_read_not_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_plugin(tmp_path, extra_libraries=("libhelper.so",))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(P.PJRT_ENV, raising=False)
    specs, problems = P.discover_plugins()
    fake = [s for s in specs if s.platform == "fake"]
    assert len(fake) == 1 and not problems
    (spec,) = fake
    assert spec.priority == 600
    assert spec.problem is None
    assert spec.library_path == str(tmp_path / "jax_plugins" / "xla_fake" / "xla_fake_plugin.so")  # named in source
    assert "jax_plugins.xla_fake" in spec.origin and "namespace package" in spec.origin
    assert "jax_plugins.xla_fake" not in sys.modules


def test_library_is_found_without_a_name_in_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "jax_plugins" / "xla_other7"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("import jax\n")  # no register_plugin call to read
    (pkg / "a_helper.so").write_bytes(b"\x7fELF helper")
    (pkg / "z_plugin.so").write_bytes(b"\x7fELF ... GetPjrtApi ...")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(P.PJRT_ENV, raising=False)
    specs, _ = P.discover_plugins()
    (spec,) = [s for s in specs if "xla_other7" in s.origin]
    assert spec.platform == "other"  # from the module name, without xla_ and version digits
    assert spec.priority == P.DEFAULT_PLUGIN_PRIORITY
    assert spec.library_path == str(pkg / "z_plugin.so")  # the one containing GetPjrtApi


def test_plugin_without_a_library_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_plugin(tmp_path, library=None)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(P.PJRT_ENV, raising=False)
    specs, _ = P.discover_plugins()
    (spec,) = [s for s in specs if s.platform == "fake"]
    assert spec.library_path is None and spec.problem is not None and "GetPjrtApi" in spec.problem


def test_entry_point_plugins_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution advertising ``[jax_plugins] xla_ep = xla_ep_plugin`` (a module outside the namespace)."""
    pkg = tmp_path / "xla_ep_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import jax._src.xla_bridge as xb\n"
                                     "def initialize():\n    xb.register_plugin('epx', library_path='pjrt_epx.so')\n")
    (pkg / "pjrt_epx.so").write_bytes(b"\x7fELF")
    dist = tmp_path / "xla_ep_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: xla-ep-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[jax_plugins]\nxla_ep = xla_ep_plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(P.PJRT_ENV, raising=False)
    specs, _ = P.discover_plugins()
    (spec,) = [s for s in specs if s.platform == "epx"]
    assert "entry point 'xla_ep'" in spec.origin
    assert spec.library_path == str(pkg / "pjrt_epx.so")
    assert "xla_ep_plugin" not in sys.modules


def test_env_json_config_and_cpu_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "plugin.json"
    config.write_text(json.dumps({"library_path": "/opt/my/pjrt.so", "create_options": {"visible_devices": [0]}}))
    broken = tmp_path / "broken.json"
    broken.write_text("{}")
    sep = os.pathsep
    monkeypatch.setenv(P.PJRT_ENV, f"mine{sep}{config},bad{sep}{broken},cpu{sep}/x.so")
    specs, problems = P.discover_plugins()
    by = {s.platform: s for s in specs}
    assert by["mine"].library_path == "/opt/my/pjrt.so" and dict(by["mine"].options) == {"visible_devices": [0]}
    assert by["bad"].problem is not None and "library_path" in by["bad"].problem
    assert "cpu" not in by and any("'cpu'" in p for p in problems)


# ---------------------------------------------------------------------------------------------------------------
# Selection, in fresh interpreters


def test_failing_plugin_warns_and_falls_back_to_cpu(tmp_path: Path) -> None:
    out = _run({}, [_fake_plugin(tmp_path)])
    assert "error" not in out, out
    assert out["devices"] == ["cpu:0"] and out["device"] == "cpu:0"
    assert out["value"] == [0.0, 2.0, 4.0, 6.0] and out["platforms"] == ["cpu"]
    (w,) = [w for w in out["warnings"] if w[0] == "BackendWarning"]
    assert "'fake'" in w[1] and "jax_plugins.xla_fake" in w[1] and "GetPjrtApi not found" in w[1]
    assert w[2] == "<string>"  # attributed to the user's line, not to arraytyping
    assert not out["plugin_imported"] and not out["jax_imported"]


def test_requesting_only_a_failing_plugin_is_an_error(tmp_path: Path) -> None:
    out = _run({P.PLATFORMS_ENV: "fake"}, [_fake_plugin(tmp_path)])
    name, message = out["error"]
    assert name == "BackendError"
    assert "ARRAYTYPING_PLATFORMS='fake'" in message and "'fake'" in message and "GetPjrtApi not found" in message


def test_requested_list_falls_back_in_order(tmp_path: Path) -> None:
    out = _run({P.PLATFORMS_ENV: "fake,cpu"}, [_fake_plugin(tmp_path)])
    assert "error" not in out and out["platforms"] == ["cpu"]
    assert any(w[0] == "BackendWarning" and "'fake'" in w[1] for w in out["warnings"])


def test_cpu_only_skips_plugin_discovery(tmp_path: Path) -> None:
    out = _run({P.PLATFORMS_ENV: "cpu"}, [_fake_plugin(tmp_path)])
    assert "error" not in out and out["platforms"] == ["cpu"] and not out["warnings"]


def test_pjrt_env_with_missing_library(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "pjrt_plugin.so"
    value = f"mygpu{os.pathsep}{missing}"
    out = _run({P.PJRT_ENV: value})
    assert "error" not in out and out["platforms"] == ["cpu"]
    (w,) = [w for w in out["warnings"] if w[0] == "BackendWarning"]
    assert "'mygpu'" in w[1] and str(missing) in w[1] and P.PJRT_ENV in w[1]
    alone = _run({P.PJRT_ENV: value, P.PLATFORMS_ENV: "mygpu"})
    assert alone["error"][0] == "BackendError" and str(missing) in alone["error"][1]


def test_pjrt_env_with_a_library_that_is_not_a_plugin() -> None:
    out = _run({P.PJRT_ENV: f"notpjrt{os.pathsep}{NOT_PJRT_LIBRARY}"})
    assert out["platforms"] == ["cpu"]
    assert any("'notpjrt'" in w[1] and "GetPjrtApi" in w[1] for w in out["warnings"])


def test_unknown_and_malformed_platform_requests() -> None:
    out = _run({P.PLATFORMS_ENV: "tpu"})
    assert out["error"][0] == "BackendError" and "no PJRT plugin for platform 'tpu'" in out["error"][1]
    out = _run({P.PLATFORMS_ENV: "gpu"})
    assert out["error"][0] == "BackendError" and "cuda" in out["error"][1]
    out = _run({P.PLATFORMS_ENV: "cuda;cpu"})
    assert out["error"][0] == "ValueError" and "'cuda;cpu'" in out["error"][1]
    out = _run({B.NUM_CPU_DEVICES_ENV: "two"})
    assert out["error"][0] == "ValueError" and "ARRAYTYPING_NUM_CPU_DEVICES='two'" in out["error"][1]


_DEVICES = textwrap.dedent("""
    import json
    import arraytyping as at, arraytyping.numpy as anp
    from arraytyping._src.xla.backend import BackendError
    out = {}
    d0, d1 = at.devices()
    out["cpu"] = at.devices("cpu") == at.devices()
    x = at.device_put(anp.asarray([1.0, 2.0]), d1)
    out["x_device"] = x.device == d1 and x.devices() == {d1}
    out["same"] = at.device_put(x, d1) is x
    w = at.device_put(anp.asarray([3.0, 4.0]), d0)
    w + 1, w + 1  # add's last-call cache now holds x's signature: x + 1 takes the hot path
    try:
        x + 1
    except ValueError as e:
        out["elsewhere"] = str(e)
    y = at.device_put(x, d0)
    out["back"] = [y.device == d0, (y + 1).tolist()]
    out["default"] = anp.ones(2).device == d0
    z = at.device_put(anp.ones(3, dtype=anp.int8), d1)
    out["z"] = [z.device == d1, z.dtype.name, z.tolist()]
    try:
        at.devices("gpu")
    except BackendError as e:
        out["gpu"] = str(e)
    try:
        at.device_put(1.0, "cuda:0")
    except ValueError as e:
        out["unknown"] = str(e)
    print("RESULT" + json.dumps(out))
""")


def test_device_put_on_other_devices() -> None:
    out = _run({B.NUM_CPU_DEVICES_ENV: "2"}, script=_DEVICES)
    assert out["cpu"] and out["x_device"] and out["same"] and out["default"]
    assert "computations run on the default device" in out["elsewhere"]
    assert out["back"] == [True, [2.0, 3.0]]
    assert out["z"] == [True, "int8", [1, 1, 1]]
    assert "'gpu' is not available" in out["gpu"]
    assert "unknown device 'cuda:0'" in out["unknown"]


def test_devices_in_process() -> None:
    import arraytyping as at

    assert at.devices() == at.devices(backend="cpu") == list(B.backend().devices)
    with pytest.raises(TypeError, match="platform name"):
        at.devices(backend=0)  # type: ignore[arg-type]
    with pytest.raises(B.BackendError, match="'rocm' is not available"):
        at.devices("rocm")


REAL_SITE = os.environ.get("ARRAYTYPING_TEST_PJRT_SITE")


@pytest.mark.skipif(not REAL_SITE, reason="set ARRAYTYPING_TEST_PJRT_SITE to a folder holding a real PJRT plugin "
                                          "(e.g. an unpacked jax-cuda12-pjrt 0.10.2 wheel)")
def test_real_plugin_end_to_end() -> None:
    """With a real plugin: on a machine with its device, arrays live there; without, requesting it alone fails
    with the plugin's own error, and requesting it with cpu falls back."""
    assert REAL_SITE is not None
    site = Path(REAL_SITE)
    specs = [p for p in (site / "jax_plugins").iterdir() if p.is_dir()]
    assert specs, f"no jax_plugins module under {site}"
    auto = _run({}, [site])
    assert "error" not in auto and auto["value"] == [0.0, 2.0, 4.0, 6.0]
    if auto["platforms"] != ["cpu"]:  # a device is present: the plugin is the default
        assert not auto["device"].startswith("cpu")
        return
    alone = _run({P.PLATFORMS_ENV: "gpu"}, [site])
    assert alone["error"][0] == "BackendError" and "failed to initialize" in alone["error"][1]
