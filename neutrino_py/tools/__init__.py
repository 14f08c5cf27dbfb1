"""Analysis tools over a `Trace`: one module per tool, each registering a `Tool` subclass by name.

Adding a tool is adding a file here with a class decorated by `@register`; `neutrino report
--list` and `nt.Trace(...).report(name)` (`api.Trace`) find it through `tools()`.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from neutrino_py.errors import ToolError, did_you_mean
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool
from neutrino_py.tracedir.reader import Trace

_REGISTRY: dict[str, type[Tool]] = {}


def register(cls: type[Tool]) -> type[Tool]:
    """Class decorator that makes a tool findable by name; two tools with one name is an error,
    not a silent override."""
    if not cls.name or cls.name in _REGISTRY and _REGISTRY[cls.name] is not cls:
        raise ValueError(f"tool name {cls.name!r} is empty or taken")
    _REGISTRY[cls.name] = cls
    return cls


def tools() -> dict[str, type[Tool]]:
    """Every tool, by name, in the order their modules sort."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")
    return dict(sorted(_REGISTRY.items()))


def get(name: str, options: dict[str, Any] | None = None, strict: bool = True) -> Tool:
    """A fresh tool `name` with `options` set; `strict=False` skips options it does not have
    (one `-O` list serves every tool of a report)."""
    known = tools()
    if name not in known:
        raise ToolError(f"no tool named {name!r}{did_you_mean(name, known)}",
                        fix=f"pick one of: {', '.join(known)}")
    tool = known[name]()
    for key, value in (options or {}).items():
        if hasattr(tool, key):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ToolError(f"option {key}={value!r}: expected a whole number >= 0",
                                fix="tool options are counts or launch numbers, e.g. -O top=50")
            setattr(tool, key, value)
        elif strict:
            raise ToolError(f"tool {name!r} has no option {key!r}"
                            f"{did_you_mean(key, _options_of(tool))}",
                            fix=f"its options: {', '.join(_options_of(tool)) or 'none'}")
    return tool


def _options_of(tool: Tool) -> list[str]:
    """The `-O` options a tool takes: the attributes its classes annotate (less class constants)
    or set to a whole number."""
    found = set()
    for cls in type(tool).__mro__:
        found |= {k for k, kind in vars(cls).get("__annotations__", {}).items()
                  if not str(kind).startswith("ClassVar")}
        found |= {k for k, v in vars(cls).items() if type(v) is int}
    return sorted(k for k in found if not k.startswith("_"))


def run_tool(name: str, trace: Trace, progress: Progress | None = None, **options: Any) -> Report:
    """Run tool `name` on `trace`; a trace without the maps it needs gives a report with a note."""
    tool = get(name, options)
    return tool.report(trace, tool.select(trace), progress or Progress())


__all__ = ["MapRef", "Progress", "Report", "Table", "Tool", "get", "register", "run_tool", "tools"]
