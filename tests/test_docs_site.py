"""The documentation site builds from ``docs/`` with ``mkdocs build --strict``: a broken link, a missing anchor, a
page left out of the navigation or an API reference that does not resolve fails the build, and so this test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = [sys.executable, "-m", "mkdocs"]


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([*MKDOCS, "build", "--strict", "-f", str(config), "-d", str(site)], capture_output=True,
                          text=True, timeout=600, env=env, cwd=config.parent)


def test_site_builds_strictly(tmp_path: Path) -> None:
    out = _build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert "WARNING" not in out.stderr, out.stderr[-3000:]
    site = tmp_path / "site"
    pages = {p.relative_to(ROOT / "docs").with_suffix("") for p in (ROOT / "docs").rglob("*.md")}
    for page in pages:
        built = site / ("index.html" if page.name == "index" and page.parent == Path() else
                        page.parent / "index.html" if page.name == "index" else page / "index.html")
        assert built.is_file(), page
    # the API reference is generated from the docstrings
    for module, name in (("numpy", "arraytyping.numpy.asarray"), ("arraytyping", "arraytyping.jit"),
                         ("lax", "arraytyping.lax.scan"), ("shape_rules", "arraytyping.shape_rules.broadcast_shapes")):
        assert f'id="{name}"' in (site / "api" / module / "index.html").read_text(), name
    assert (site / "assets" / "lattice.svg").is_file()


def test_strict_build_refuses_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nSee [the missing page](missing.md).\n")
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text()
    config.write_text(text[:text.index("nav:")] + "nav:\n  - Home: index.md\n"
                      + text[text.index("validation:"):text.index("plugins:")])
    out = _build(config, tmp_path / "site")
    assert out.returncode != 0 and "missing.md" in out.stdout + out.stderr


def test_lattice_picture_is_the_cli_s(tmp_path: Path) -> None:
    out = subprocess.run([str(Path(sys.executable).parent / "arraytyping"), "lattice", "-o",
                          str(tmp_path / "lattice.svg")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "lattice.svg").read_text() == (ROOT / "docs" / "assets" / "lattice.svg").read_text(), (
        "docs/assets/lattice.svg is stale: run `.venv/bin/arraytyping lattice -o docs/assets/lattice.svg`")


@pytest.mark.parametrize("extra", ["mkdocs", "mkdocs-material", "mkdocstrings"])
def test_dev_extra_brings_the_site_tools(extra: str) -> None:
    import tomllib

    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    assert any(d.split(">")[0].split("[")[0].split("=")[0] == extra for d in dev), extra
