"""The probe language: `.probe` text → checked `ProbeProgram` (see probes/README.md).

    program = load(text, file="dmat.probe")     # raises errors.SourceError
    program.maps["dmat"].dtype, program.probes[0].position
"""
from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from neutrino_py import files, paths
from neutrino_py.asm.parser import cache_store
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe.ast import ProbeProgram

__all__ = ["load", "load_file", "ProbeProgram", "SourceError"]

# What a checked program is made by: a change to any of it makes every kept program stale.
CHECKER = ("probe", "contract", "errors", "asm/ptx_isa")


def load(text: str, file: str = "<probe>") -> ProbeProgram:
    """Parse and verify probe source; every problem is a SourceError pointing into `text`.
    A checked program is kept on disk by its text, file name and the checker's source: loading
    it again skips importing Lark and parsing (~0.05 s of every cold command). A lone carriage
    return ends a line (old Mac files): as '\n', so that positions count it as Lark does. A
    byte order mark, which editors write and hide, is not part of the text."""
    text = re.sub(r"\r(?!\n)", "\n", text.removeprefix("\ufeff"))
    key = hashlib.sha256(f"{_checker_digest()}\0{file}\0".encode()
                         + text.encode("utf-8", "surrogateescape")).hexdigest()
    path = paths.cache_dir("probe") / f"{key}.pickle"
    program = files.cache_load(path)
    if not isinstance(program, ProbeProgram):
        from neutrino_py.probe import parse, verify
        program = verify.verify(parse.parse(text, file), text, file)
        cache_store(path, program)
    return program


@functools.lru_cache(maxsize=1)
def _checker_digest() -> str:
    return paths.source_digest(CHECKER)


def load_file(path: str | Path) -> ProbeProgram:
    """`load` a file, or a stock probe by name (``"dmat"``); bytes that are not UTF-8 are
    reported at their line and column. A missing, unreadable or oversized file is a ToolError."""
    path = paths.probe_file(path)
    if not paths.exists(path):
        raise ToolError(f"no probe file {str(path)!r}",
                        f"give a path, or one of: {', '.join(paths.stock_probes())}")
    data = files.read_input(path, files.MAX_PROBE_BYTES, ".probe file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        text = data[:err.start].decode("utf-8") + "\ufffd"
    return load(text, str(path))
