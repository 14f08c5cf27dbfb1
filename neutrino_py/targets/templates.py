"""The Jinja setup every target's templates share (`targets/ptx/`, `targets/gcn/`)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import FunctionType, MethodType
from typing import Any, Callable

import jinja2
import jinja2.runtime

from neutrino_py import paths
from neutrino_py.ops import Imm, bits


class _Context(jinja2.runtime.Context):
    """A template's context that calls plain functions and methods straight away: Jinja's
    `Context.call` looks for its ``pass_context``-style marks on every call, and a template is
    mostly calls of the helpers (memtrace on 40 Triton kernels: 10,000 calls, 0.01 s). Any other
    callable (a macro, a class, a marked function) goes through Jinja's own `call`."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        if type(__obj) in _PLAIN and not hasattr(__obj, "jinja_pass_arg"):
            if kwargs:                         # what Jinja passes inside loops and blocks
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return __obj(*args, **kwargs)
        return super().call(__obj, *args, **kwargs)


_PLAIN = (FunctionType, MethodType)


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
    env.context_class = _Context
    env.tests["imm"] = lambda v: isinstance(v, Imm)
    env.globals.update(bits=bits, imm=Imm, **helpers)

    @lru_cache(maxsize=None)
    def template(op: str) -> jinja2.Template:
        return env.get_template(f"{op}.j2")

    return template
