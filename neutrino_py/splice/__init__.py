"""Splice checked probes into assembly: `instrument(module, program, kernels)` (contracts §3).

`splicer` (which pulls in the PTX parser and the Jinja templates) is imported on first use of
`instrument`/`Instrumented`. The `Manifest` it builds is the contract's (`neutrino_py.contract`)."""
from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from neutrino_py.splice.splicer import Instrumented, instrument

__all__ = ["Instrumented", "instrument", "kernel_regex"]


def kernel_regex(text: str) -> str:
    """argparse type for -k (which kernels to instrument): a pattern that does not compile is a
    usage error (exit 2), not a traceback from deep inside the engine."""
    try:
        re.compile(text)
    except (re.error, OverflowError, RecursionError) as err:   # a{99999999999}: OverflowError
        raise argparse.ArgumentTypeError(f"invalid regular expression {text!r}: {err}") from None
    return text


def __getattr__(name: str) -> Any:
    if name in ("Instrumented", "instrument"):
        from neutrino_py.splice import splicer
        return getattr(splicer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
