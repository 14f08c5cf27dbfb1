"""Where the files that ship with the package live, from a checkout or an installed wheel."""
from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    """A top-level folder of the repo (checkout) or its copy inside the package (wheel)."""
    checkout = _PKG.parent / name
    if checkout.is_dir():
        return checkout
    return _PKG / name


def grammar(name: str) -> Path:
    """Path of `grammars/<name>` (e.g. ``grammar("ptx.lark")``)."""
    return _shipped("grammars") / name


def probes_dir() -> Path:
    return _shipped("probes")


def cache_dir(kind: str) -> Path:
    """Per-user cache folder for `kind` (parse, cubin, shim...); NEUTRINO_CACHE overrides the root."""
    root = os.environ.get("NEUTRINO_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "neutrino_py")
    path = Path(root) / kind
    path.mkdir(parents=True, exist_ok=True)
    return path
