"""Splice checked probes into assembly: `instrument(module, program, kernels)` (contracts §3).

`splicer` (which pulls in the PTX parser and the Jinja templates) is imported on first use of
`instrument`/`Instrumented`. The `Manifest` it builds is the contract's (`neutrino_py.contract`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from neutrino_py.splice.splicer import Instrumented, instrument

__all__ = ["Instrumented", "instrument"]


def __getattr__(name: str) -> Any:
    if name in ("Instrumented", "instrument"):
        from neutrino_py.splice import splicer
        return getattr(splicer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
