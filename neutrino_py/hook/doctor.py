"""`neutrino doctor`: is this machine ready for `neutrino trace`? One line per check, with a fix."""
from __future__ import annotations

import argparse
import ctypes
import os
import re
import shutil
import subprocess
from typing import Callable

from neutrino_py import paths, toolchain
from neutrino_py.errors import ToolError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-build", action="store_true", help="do not build the shim if it is not cached")


def gpu_info() -> dict:
    """name, driver, compute_capability, memory of GPU 0 from nvidia-smi; {} without one."""
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return {}
    try:
        out = subprocess.run([smi, "--query-gpu=name,driver_version,compute_cap,memory.total",
                              "--format=csv,noheader"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    if out.returncode != 0 or not out.stdout.strip():
        return {}
    name, driver, cc, memory = [x.strip() for x in out.stdout.splitlines()[0].split(",")][:4]
    return {"name": name, "driver": driver, "compute_capability": cc, "memory": memory}


def _driver() -> tuple[bool, str, str]:
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False, "libcuda.so.1 cannot be loaded", "install the NVIDIA driver (or run on a machine with a GPU)"
    version = ctypes.c_int(0)
    lib.cuDriverGetVersion(ctypes.byref(version))
    v = version.value
    ok = v >= 12030
    return ok, f"libcuda.so.1, CUDA driver API {v // 1000}.{v % 1000 // 10}", \
        "update the driver to CUDA 12.3 or newer (cuFuncGetName, cuLibrary* are needed)"


def _gpu() -> tuple[bool, str, str]:
    info = gpu_info()
    if not info:
        return False, "no GPU visible to nvidia-smi", "check `nvidia-smi -L`; in a container pass --gpus all"
    return True, f"{info['name']}, sm_{info['compute_capability'].replace('.', '')}, driver {info['driver']}", ""


def _toolchain() -> tuple[bool, str, str]:
    info = toolchain.info()
    have = [f"{k} {v['version']}" for k, v in info.items() if v and k in ("ptxas", "nvJitLink")]
    return bool(have), ", ".join(have) or "neither ptxas nor nvJitLink found", \
        "pip install nvidia-cuda-nvcc nvidia-nvjitlink (or put CUDA's bin on PATH)"


def _amd_toolchain() -> tuple[bool, str, str]:
    """llvm-mc and ld.lld for GCN code objects, and the processors this llvm-mc assembles."""
    from neutrino_py.assemble import gcn
    mc, lld = gcn.llvm_tool("llvm-mc"), gcn.llvm_tool("ld.lld")
    if mc is None or lld is None:
        return False, f"{'llvm-mc' if mc is None else 'ld.lld'} not found (needed for AMD GPUs only)", \
            "apt-get install llvm-19 lld-19 (Debian bookworm), or set NEUTRINO_LLVM_MC / NEUTRINO_LD_LLD"
    lld_out = subprocess.run([str(lld), "--version"], capture_output=True, text=True).stdout
    lld_version = re.search(r"LLD (\S+)", lld_out)
    procs = [p for p in GFX if gcn.supports(p)]
    detail = (f"llvm-mc {gcn.llvm_version()} ({mc}), ld.lld {lld_version.group(1) if lld_version else '?'}"
              f" ({lld}); assembles {', '.join(procs) or 'none of ' + ', '.join(GFX)}")
    return bool(procs), detail, "install LLVM 17 or newer (apt-get install llvm-19 lld-19): code object v5 " \
        "with gfx90a/gfx942 fields is needed"


GFX = ("gfx90a", "gfx942")


def _shim(build_it: bool) -> Callable[[], tuple[bool, str, str]]:
    def check() -> tuple[bool, str, str]:
        from neutrino_py.hook import build
        cc = build.compiler()
        if cc is None:
            return False, "no C compiler", "apt-get install gcc, or set CC"
        if not build_it:
            return True, f"compiler {cc} (not built: --no-build)", ""
        try:
            return True, f"{build.shim_path()} (built with {cc})", ""
        except ToolError as err:
            return False, err.message.splitlines()[0], err.fix or ""
    return check


def _cache() -> tuple[bool, str, str]:
    folder = paths.cache_dir("hook")
    ok = os.access(folder, os.W_OK)
    return ok, f"{folder}", "set NEUTRINO_CACHE to a writable folder (traces run with --no-cache meanwhile)"


def _parse_cache() -> tuple[bool, str, str]:
    from neutrino_py.asm.parser import parse_cache_limit
    folder = paths.cache_dir("parse")
    files, size = paths.cache_usage(folder)
    return (True, f"{files} entries, {size / 2**20:.1f} MiB of {parse_cache_limit() >> 20} MiB"
            f" (least recently used pruned) in {folder}", "")


_ZSTD_FRAME = b"(\xb5/\xfd \x04!\x00\x00zstd"      # b"zstd", compressed by libzstd


def _zstd() -> tuple[bool, str, str]:
    """Decodes a frame with the decoder fatbins use (libzstd, else a Python zstd module)."""
    from neutrino_py.image import compress
    try:
        ok = compress.zstd(_ZSTD_FRAME, 4) == b"zstd"
    except (ToolError, ValueError):
        ok = False
    return ok, "zstd decoder found" if ok else "no zstd decoder: zstd-compressed fatbins (nvcc 13's default) " \
        "cannot be read", "apt-get install libzstd1, or pip install zstandard"


def run(args: argparse.Namespace) -> int:
    checks = [("driver", _driver), ("gpu", _gpu), ("toolchain", _toolchain),
              ("shim", _shim(not args.no_build)), ("cache", _cache),
              ("parse cache", _parse_cache), ("fatbin zstd", _zstd)]
    optional = [("amd tools", _amd_toolchain)]     # a CUDA-only machine does not fail it
    failed = 0
    for name, check in checks + optional:
        ok, detail, fix = check()
        required = (name, check) in checks
        print(f"{'ok  ' if ok else 'FAIL' if required else 'no  '} {name:12} {detail}")
        if not ok:
            failed += required
            print(f"     {'':12} fix: {fix}")
    return 1 if failed else 0
