"""Splice checked probes into assembly: `instrument(module, program, kernels)` (contracts §3).

`splicer` (which pulls in the PTX parser and the Jinja templates) is imported on first use of
`instrument`/`Instrumented`, so reading manifests (`maps`, `trace`) does not pay for it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neutrino_py.splice.manifest import Manifest

if TYPE_CHECKING:
    from neutrino_py.splice.splicer import Instrumented, instrument

__all__ = ["Instrumented", "Manifest", "instrument"]


def __getattr__(name: str) -> Any:
    if name in ("Instrumented", "instrument"):
        from neutrino_py.splice import splicer
        return getattr(splicer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
