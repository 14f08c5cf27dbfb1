"""The probe language: `.probe` text → checked `ProbeProgram` (see probes/README.md).

    program = load(text, file="dmat.probe")     # raises errors.SourceError
    program.maps["dmat"].dtype, program.probes[0].position
"""
from __future__ import annotations

from pathlib import Path

from neutrino_py import files, paths
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import parse, verify
from neutrino_py.probe.ast import ProbeProgram

__all__ = ["load", "load_file", "ProbeProgram", "SourceError"]


def load(text: str, file: str = "<probe>") -> ProbeProgram:
    """Parse and verify probe source; every problem is a SourceError pointing into `text`."""
    return verify.verify(parse.parse(text, file), text, file)


def load_file(path: str | Path) -> ProbeProgram:
    """`load` a file, or a stock probe by name (``"dmat"``); bytes that are not UTF-8 are
    reported at their line and column. A missing, unreadable or oversized file is a ToolError."""
    path = paths.probe_file(path)
    if not path.exists():
        raise ToolError(f"no probe file {str(path)!r}",
                        f"give a path, or one of: {', '.join(paths.stock_probes())}")
    data = files.read_input(path, files.MAX_PROBE_BYTES, ".probe file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        text = data[:err.start].decode("utf-8") + "\ufffd"
    return load(text, str(path))
