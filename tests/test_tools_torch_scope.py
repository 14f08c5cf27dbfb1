"""PyTorch operator tagging (neutrino_py/hook/torch_scope) against a stand-in `torch` package.

The stand-in has just what the tracker touches: `record_function`, global module hooks and
`torch.compiler.is_compiling`. Each case runs in a fresh interpreter, as under `neutrino trace`.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCOPE_DIR = Path(__file__).resolve().parent.parent / "neutrino_py" / "hook" / "torch_scope"

FAKE_TORCH = '''
import types
_pre, _post, _compiling = [], [], [False]

class record_function:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False

class Module:
    def __call__(self, *args):
        for h in list(_pre):
            h(self, args)
        try:
            return self.forward(*args)
        finally:
            for h in list(_post):
                h(self, args, None)

def register_module_forward_pre_hook(hook):
    _pre.append(hook)

def register_module_forward_hook(hook, always_call=False):
    _post.append(hook)

autograd = types.SimpleNamespace(profiler=types.SimpleNamespace(record_function=record_function))
compiler = types.SimpleNamespace(is_compiling=lambda: _compiling[0])
nn = types.SimpleNamespace(Module=Module, modules=types.SimpleNamespace(module=types.SimpleNamespace(
    register_module_forward_pre_hook=register_module_forward_pre_hook,
    register_module_forward_hook=register_module_forward_hook)))
'''

PROGRAM = '''
import torch

class Linear(torch.nn.Module):
    def forward(self, x):
        launch("linear kernel")
        return x

class Net(torch.nn.Module):
    def __init__(self):
        self.fc = Linear()
    def forward(self, x):
        with torch.autograd.profiler.record_function("attention"):
            launch("attention kernel")
            self.fc(x)
        return x

class OptimizedModule(torch.nn.Module):          # what torch.compile returns
    def __init__(self, inner):
        self._orig_mod = inner
    def forward(self, x):
        torch._compiling[0] = True                 # dynamo tracing: hooks stay quiet
        self._orig_mod(x)
        torch._compiling[0] = False
        launch("compiled graph")

Net()(1)
launch("outside")
OptimizedModule(Net())(1)
'''


def _run(tmp_path: Path, prelude: str, env: dict | None = None) -> list[str]:
    (tmp_path / "torch").mkdir(exist_ok=True)
    (tmp_path / "torch" / "__init__.py").write_text(FAKE_TORCH)
    script = tmp_path / "prog.py"
    script.write_text(prelude + PROGRAM)
    run_env = {**os.environ, **(env or {}),
               "PYTHONPATH": os.pathsep.join(filter(None, [(env or {}).get("PYTHONPATH"),
                                                           str(tmp_path)]))}
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         env=run_env, timeout=60, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


IN_PROCESS = f'''
import importlib.util, sys
spec = importlib.util.spec_from_file_location("ts", {str(SCOPE_DIR / "__init__.py")!r})
ts = importlib.util.module_from_spec(spec); spec.loader.exec_module(ts)
log = []
assert "torch" not in sys.modules
assert ts.install(setter=log.append)
def launch(what):
    if not torch._compiling[0]:                    # tracing launches nothing
        print(f"{{what}} @ {{ts.current()}}")
'''


def test_scopes_follow_modules_and_record_function(tmp_path):
    lines = _run(tmp_path, IN_PROCESS)
    assert lines == ["attention kernel @ Net/attention",
                     "linear kernel @ Net/attention/Linear",
                     "outside @ ",
                     "compiled graph @ compiled:Net"]


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler to build a stand-in shim")
def test_sitecustomize_calls_the_shim(tmp_path):
    src = tmp_path / "shim.c"
    src.write_text('#include <stdio.h>\n'
                   'static char cur[256];\n'
                   'void neutrino_set_scope(const char *s) { snprintf(cur, sizeof cur, "%s", s ? s : ""); }\n'
                   'const char *scope_now(void) { return cur; }\n')
    lib = tmp_path / "libshim.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
    prelude = textwrap.dedent('''
        import ctypes
        _now = ctypes.CDLL(None).scope_now
        _now.restype = ctypes.c_char_p
        def launch(what):
            if not torch._compiling[0]:
                print(f"{what} @ {_now().decode()}")
        ''')
    env = {"LD_PRELOAD": str(lib), "PYTHONPATH": str(SCOPE_DIR)}
    assert _run(tmp_path, prelude, env) == ["attention kernel @ Net/attention",
                                             "linear kernel @ Net/attention/Linear",
                                             "outside @ ", "compiled graph @ compiled:Net"]
    env["NEUTRINO_TORCH_SCOPES"] = "0"
    assert _run(tmp_path, prelude, env)[0] == "attention kernel @ "
