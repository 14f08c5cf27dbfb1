"""`compile`: `re.compile` for the scan's large patterns, with the program `re` compiles them to
kept on disk. Python's regex compiler is Python code: the scan's statement, operand and
top-level patterns cost every cold command ~13 ms to compile, and 1 ms to load as compiled.
Programs are kept by pattern and flags in one file per interpreter and regex engine
(`_sre.MAGIC`); where this interpreter's `re` internals differ, `compile` is `re.compile`."""
from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path

import _sre

from neutrino_py import files, paths
from neutrino_py.errors import ToolError

_kept: dict[tuple[str, int], tuple] | None = None


def compile(pattern: str, flags: int = 0) -> re.Pattern:
    """The same pattern object `re.compile(pattern, flags)` makes."""
    global _kept
    path = _path()
    if _kept is None:
        kept = files.cache_load(path)
        _kept = kept if isinstance(kept, dict) else {}
    flags = int(flags)
    program = _kept.get((pattern, flags))
    if program is not None:
        try:
            return _sre.compile(pattern, *program)
        except Exception:          # a damaged entry: compiled again below
            pass
    try:
        program = _program(pattern, flags)
        compiled = _sre.compile(pattern, *program)
    except Exception:              # another interpreter's internals
        return re.compile(pattern, flags)
    _kept[(pattern, flags)] = program
    if path is not None:
        try:
            files.atomic_write(path, pickle.dumps(_kept, pickle.HIGHEST_PROTOCOL), durable=False)
        except ToolError:          # an unwritable cache only costs the next command the compile
            pass
    return compiled


def _path() -> Path | None:
    """The file of this interpreter's programs; None without a cache folder (the scan is
    imported by every command: it compiles then)."""
    try:
        return paths.cache_dir("regex") / f"{sys.implementation.cache_tag}-{_sre.MAGIC}.pickle"
    except OSError:
        return None


def _program(pattern: str, flags: int) -> tuple:
    """`_sre.compile`'s arguments after the pattern, as `re._compiler.compile` makes them."""
    from re import _compiler, _parser
    parsed = _parser.parse(pattern, flags)
    groups = parsed.state.groupdict
    names: list[str | None] = [None] * parsed.state.groups
    for name, i in groups.items():
        names[i] = name
    return (flags | parsed.state.flags, [int(c) for c in _compiler._code(parsed, flags)],
            parsed.state.groups - 1, dict(groups), tuple(names))
