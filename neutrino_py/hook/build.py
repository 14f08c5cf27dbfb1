"""Building the preload shim with the system C compiler, once per (source, compiler) pair."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from neutrino_py import paths
from neutrino_py.contract import cheader
from neutrino_py.errors import ToolError

SOURCE = Path(__file__).with_name("shim.c")
CORE = Path(__file__).with_name("shim_core.c")     # shared by the CUDA and HIP shims
# hidden: both shims may be preloaded into one process, each with its own copy of the core
FLAGS = ["-std=gnu11", "-O2", "-Wall", "-shared", "-fPIC", "-fvisibility=hidden"]
LIBS = ["-ldl", "-lpthread"]


def compiler() -> str | None:
    """`$CC`, else cc / gcc / clang from PATH."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def _compiler_id(cc: str) -> str:
    out = subprocess.run([cc, "--version"], capture_output=True, text=True)
    return out.stdout.splitlines()[0] if out.stdout else cc


def shim_path(source: Path = SOURCE, kind: str = "shim") -> Path:
    """The shared object built from `source` and the shared core; built now if the cache has none
    for this compiler."""
    cc = compiler()
    if cc is None:
        raise ToolError("no C compiler found to build the preload shim",
                        "install one (apt-get install gcc) or set CC=/path/to/cc")
    if not cheader.is_current():
        raise ToolError(f"{cheader.PATH.name} does not match the contract it is generated from",
                        "regenerate it: python -m neutrino_py.contract.cheader")
    headers = b"".join(p.read_bytes() for p in sorted(source.parent.glob("*.h")))
    key = hashlib.sha256(source.read_bytes() + CORE.read_bytes() + headers + _compiler_id(cc).encode() + " ".join(FLAGS).encode())
    out = paths.cache_dir(kind) / f"{source.stem}-{key.hexdigest()[:16]}.so"
    if out.exists():
        return out
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    run = subprocess.run([cc, *FLAGS, "-o", str(tmp), str(source), str(CORE), *LIBS], capture_output=True, text=True)
    if run.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise ToolError(f"building {source.name} with {cc} failed:\n{run.stderr.strip()}",
                        "check the compiler works (`cc --version`); report the error with `neutrino doctor`")
    os.replace(tmp, out)
    return out
