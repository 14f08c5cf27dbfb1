"""Started by Python in programs run under `neutrino trace` (this folder is put on PYTHONPATH).

Loads the scope tracker next to this file (without needing neutrino_py importable in the
program's environment), installs it, then runs the sitecustomize this one shadows, if any.
"""
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("_neutrino_torch_scope",
                                               os.path.join(_here, "__init__.py"))
_scope = importlib.util.module_from_spec(_spec)
sys.modules["_neutrino_torch_scope"] = _scope
_spec.loader.exec_module(_scope)
_scope.install()

for _dir in sys.path:
    _other = os.path.join(_dir or ".", "sitecustomize.py")
    if os.path.abspath(_dir or ".") != _here and os.path.isfile(_other):
        _spec = importlib.util.spec_from_file_location("_shadowed_sitecustomize", _other)
        _spec.loader.exec_module(importlib.util.module_from_spec(_spec))
        break
