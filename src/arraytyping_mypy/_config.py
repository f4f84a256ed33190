"""The plugin's configuration: the ``[arraytyping-mypy]`` section (``[tool.arraytyping-mypy]`` in pyproject.toml)
of mypy's configuration file."""

from __future__ import annotations

import configparser
import tomllib
from pathlib import Path
from typing import Any

__all__ = ["ConfigError", "read_config"]

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


class ConfigError(ValueError):
    """A setting of the ``[arraytyping-mypy]`` section that is not valid (named in the message)."""


def read_config(config_file: str | None) -> tuple[bool, str]:
    """``(x64, promotion)`` from mypy's configuration file (the runtime's defaults: off, ``standard``)."""
    if not config_file:
        return False, "standard"
    section: dict[str, Any] = {}
    path = Path(config_file)
    if path.suffix == ".toml":
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        section = dict(data.get("tool", {}).get("arraytyping-mypy", {}))
    else:
        cp = configparser.ConfigParser()
        cp.read(path)
        if cp.has_section("arraytyping-mypy"):
            section = dict(cp.items("arraytyping-mypy"))
    unknown = set(section) - {"x64", "promotion"}
    if unknown:
        raise ConfigError(f"arraytyping-mypy: unknown setting {', '.join(sorted(unknown))} in {config_file}; "
                          "the settings are x64 and promotion")
    raw_x64: object = section.get("x64", False)
    if isinstance(raw_x64, str):
        if raw_x64.strip().lower() not in _TRUE + _FALSE:
            raise ConfigError(f"arraytyping-mypy: x64 must be a boolean, got {raw_x64!r}")
        raw_x64 = raw_x64.strip().lower() in _TRUE
    if not isinstance(raw_x64, bool):
        raise ConfigError(f"arraytyping-mypy: x64 must be a boolean, got {raw_x64!r}")
    mode = str(section.get("promotion", "standard")).strip().lower()
    if mode not in ("standard", "strict"):
        raise ConfigError(f"arraytyping-mypy: promotion must be 'standard' or 'strict', got {mode!r}")
    return raw_x64, mode
