"""`install`: the methods `dataclasses` writes for each class (``__init__``, ``__eq__``,
``__repr__``, ...) compiled once and kept on disk. `dataclasses` builds every method as source
text and compiles it at import: the ~90 dataclasses a one-shot command imports cost it ~0.03 s of
CPU, most of it in Python's compiler. While installed, `dataclasses` runs the same text as code
objects read back from one file per interpreter (`marshal`); text not seen before is compiled as
before and added. The functions made are the same (same text, same ``<string>`` file name)."""
from __future__ import annotations

import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType

from neutrino_py import paths

_codes: dict[str, object] | None = None
_added = False


def _path() -> Path | None:
    try:
        return paths.cache_dir("code") / f"dataclasses-{sys.implementation.cache_tag}.marshal"
    except OSError:
        return None


def _exec(source, globals=None, locals=None):
    """`exec` as `dataclasses` calls it, with its source's code object kept."""
    global _added
    if isinstance(source, str):
        code = _codes.get(source)
        if code is None:
            code = _codes[source] = compile(source, "<string>", "exec")
            _added = True
        source = code
    return exec(source, globals, locals)


def _kept(codes: object) -> dict[str, CodeType]:
    """The source -> code entries of a loaded file that are that (a file damaged into another
    valid marshal, or written by other code, must not make `exec` run something else)."""
    if not isinstance(codes, dict):
        return {}
    return {source: code for source, code in codes.items()
            if isinstance(source, str) and isinstance(code, CodeType)
            and code.co_filename == "<string>"}


def install() -> None:
    """Route `dataclasses`' compiling through the kept code objects (until `remove`)."""
    global _codes, _added
    if _codes is not None:
        return
    path = _path()
    try:
        codes = marshal.loads(path.read_bytes()) if path is not None else {}
    except (OSError, EOFError, ValueError, TypeError):    # none yet, damaged or foreign
        codes = {}
    _codes, _added = _kept(codes), False
    dataclasses.exec = _exec          # the name `dataclasses` calls `exec` by


def remove() -> None:
    """`dataclasses` compiles by itself again; code objects compiled since `install` are
    written for the next command."""
    global _codes
    if _codes is None:
        return
    del dataclasses.exec
    path = _path()
    if _added and path is not None:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(marshal.dumps(_codes))
            tmp.replace(path)
        except (OSError, ValueError):       # an unwritable cache only costs the next command
            tmp.unlink(missing_ok=True)
    _codes = None
