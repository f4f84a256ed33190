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


def _boolean(section: dict[str, Any], name: str, default: bool) -> bool:
    raw: object = section.get(name, default)
    if isinstance(raw, str):
        if raw.strip().lower() not in _TRUE + _FALSE:
            raise ConfigError(f"arraytyping-mypy: {name} must be a boolean, got {raw!r}")
        raw = raw.strip().lower() in _TRUE
    if not isinstance(raw, bool):
        raise ConfigError(f"arraytyping-mypy: {name} must be a boolean, got {raw!r}")
    return raw


def read_config(config_file: str | None) -> tuple[bool, str, bool]:
    """``(x64, promotion, shapes)`` from mypy's configuration file (defaults: the runtime's, ``x64`` off and
    ``standard`` promotion; shapes on)."""
    if not config_file:
        return False, "standard", True
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
    unknown = set(section) - {"x64", "promotion", "shapes"}
    if unknown:
        raise ConfigError(f"arraytyping-mypy: unknown setting {', '.join(sorted(unknown))} in {config_file}; "
                          "the settings are x64, promotion and shapes")
    x64 = _boolean(section, "x64", False)
    mode = str(section.get("promotion", "standard")).strip().lower()
    if mode not in ("standard", "strict"):
        raise ConfigError(f"arraytyping-mypy: promotion must be 'standard' or 'strict', got {mode!r}")
    return x64, mode, _boolean(section, "shapes", True)
