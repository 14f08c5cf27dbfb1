"""Tags GPU launches with the PyTorch scope they came from (docs/contracts.md §7).

`neutrino trace` puts this folder on PYTHONPATH; its `sitecustomize.py` calls `install()`, which
waits for the program to import torch and then keeps a per-thread stack of scopes:
`record_function` names and the class names of the `nn.Module`s being run (`Net/Linear`; a
`torch.compile`d module is one scope, `compiled:Net`). Every push and pop hands the "/"-joined
stack to the shim's `neutrino_set_scope`, which stamps it on each launch as its `operator`.
Inside code that dynamo is tracing the hooks do nothing (`torch.compiler.is_compiling()`), so
compiled graphs are not broken by them.

Standard library only: this runs inside the user's program before anything else.
"""
from __future__ import annotations

import contextlib
import ctypes
import importlib.abc
import importlib.util
import os
import sys
import threading
import warnings
from typing import Callable, Iterator

ENV = "NEUTRINO_TORCH_SCOPES"          # "0" turns tagging off
Setter = Callable[[str], None]

_local = threading.local()
_setter: Setter | None = None


def shim_setter() -> Setter | None:
    """`neutrino_set_scope` of the preloaded shim, or None outside `neutrino trace`."""
    try:
        fn = ctypes.CDLL(None).neutrino_set_scope
    except (AttributeError, OSError):
        return None
    fn.argtypes, fn.restype = [ctypes.c_char_p], None
    return lambda scope: fn(scope.encode("utf-8", "replace"))


def _stack() -> list[str]:
    if not hasattr(_local, "stack"):
        _local.stack = []
    return _local.stack


def current() -> str:
    return "/".join(_stack())


def push(name: str) -> None:
    _stack().append(name)
    if _setter:
        _setter(current())


def pop(name: str) -> None:
    stack = _stack()
    for i in range(len(stack) - 1, -1, -1):      # tolerate exits out of order
        if stack[i] == name:
            del stack[i]
            break
    if _setter:
        _setter(current())


@contextlib.contextmanager
def scope(name: str) -> Iterator[None]:
    """Tag the launches of a block by hand: `with scope("attention"): ...`."""
    push(name)
    try:
        yield
    finally:
        pop(name)


def module_name(module) -> str:
    inner = getattr(module, "_orig_mod", None)
    return f"compiled:{type(inner).__name__}" if inner is not None else type(module).__name__


def instrument_torch(torch) -> None:
    """Install the record_function patch and the global module hooks on an imported torch."""
    compiling = getattr(getattr(torch, "compiler", None), "is_compiling", lambda: False)
    rf = torch.autograd.profiler.record_function
    enter, exit_ = rf.__enter__, rf.__exit__

    def rf_enter(self):
        out = enter(self)
        if not compiling():
            push(str(self.name))
        return out

    def rf_exit(self, *exc):
        if not compiling():
            pop(str(self.name))
        return exit_(self, *exc)

    rf.__enter__, rf.__exit__ = rf_enter, rf_exit

    def pre_hook(module, args):
        if not compiling():
            push(module_name(module))

    def post_hook(module, args, output):
        if not compiling():
            pop(module_name(module))

    # torch warns that global hooks also fire for a compiled module's wrapper: ours are meant to
    warnings.filterwarnings("ignore", message=r"Using `torch.compile\(module\)` when there are global hooks")
    hooks = torch.nn.modules.module
    hooks.register_module_forward_pre_hook(pre_hook)
    try:
        hooks.register_module_forward_hook(post_hook, always_call=True)
    except TypeError:                              # torch < 2.1
        hooks.register_module_forward_hook(post_hook)


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs `instrument_torch` once the program's own `import torch` has finished."""

    def find_spec(self, name, path=None, target=None):
        if name != "torch":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec("torch")
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            try:
                instrument_torch(module)
            except Exception as err:            # never break the user's program
                print(f"neutrino: PyTorch operator tagging is off ({type(err).__name__}: {err})",
                      file=sys.stderr)

        spec.loader.exec_module = exec_module
        return spec


def install(setter: Setter | None = None) -> bool:
    """Tag launches from now on; returns False when tagging is off or there is no shim."""
    global _setter
    if os.environ.get(ENV, "1") == "0":
        return False
    _setter = setter or shim_setter()
    if _setter is None:
        return False
    if "torch" in sys.modules:
        instrument_torch(sys.modules["torch"])
    else:
        sys.meta_path.insert(0, _AfterImport())
    return True
