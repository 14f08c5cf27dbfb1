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


def probe_file(spec: str | os.PathLike) -> Path:
    """The probe a user named: a path as given, or, when no such file exists and `spec` is a
    bare name (``dmat``, ``dmat.probe``), the stock probe of that name."""
    path = Path(spec)
    stock = probes_dir() / f"{path.name.removesuffix('.probe')}.probe"
    if not path.exists() and len(path.parts) == 1 and stock.is_file():
        return stock
    return path


def stock_probes() -> list[str]:
    """Names of the probes that ship with the package."""
    return sorted(p.stem for p in probes_dir().glob("*.probe"))


def cache_dir(kind: str) -> Path:
    """Per-user cache folder for `kind` (parse, cubin, shim...); NEUTRINO_CACHE overrides the root."""
    root = os.environ.get("NEUTRINO_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "neutrino_py")
    path = Path(root) / kind
    path.mkdir(parents=True, exist_ok=True)
    return path
