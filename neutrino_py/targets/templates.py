"""The Jinja setup every target's templates share (`targets/ptx/`, `targets/gcn/`)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import jinja2

from neutrino_py import paths
from neutrino_py.ops import Imm, bits


def loader(folder: Path, **helpers: Any) -> Callable[[str], jinja2.Template]:
    """`op -> folder/<op>.j2`, compiled once. Strict undefined turns a template's typo into an
    error instead of an empty operand, and no autoescape: assembly is not HTML. Both targets get
    the `imm` test and the `bits`/`imm` globals; `helpers` adds the target's own globals.
    Compiled templates are cached on disk (Jinja checks each against its source's time), which
    saves a cold command the ~0.3 s of compiling them."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)),
                             bytecode_cache=jinja2.FileSystemBytecodeCache(
                                 str(paths.cache_dir("templates"))),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, autoescape=False)
    env.tests["imm"] = lambda v: isinstance(v, Imm)
    env.globals.update(bits=bits, imm=Imm, **helpers)

    @lru_cache(maxsize=None)
    def template(op: str) -> jinja2.Template:
        return env.get_template(f"{op}.j2")

    return template
