from __future__ import annotations


class JupyterRenderable:
    pass
