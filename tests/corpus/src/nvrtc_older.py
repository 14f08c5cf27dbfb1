"""Older CUDA releases' PTX (NVVM of CUDA 11.8 and 12.x: PTX ISA 7.8 to 8.7), which programs built
with them still ship: corpus sources compiled by the NVRTC of one release, found in ROOT, a folder
that `pip install --target ROOT nvidia-cuda-nvrtc-cuXX==V nvidia-cuda-runtime-cuXX==V
nvidia-cuda-nvcc-cuXX==V nvidia-cuda-cccl-cuXX==V` filled (the nvcc wheels hold only ptxas, NVVM
and headers such as crt/mma.h, no nvcc; NVRTC runs the same NVVM front end). Run by
`generate.py --nvrtc-older ROOT...`, once per release in its own process (every 12.x libnvrtc has
one soname); prints one JSON line per module, {"name", "arch", "flags", "ptx"}.

usage: python nvrtc_older.py ROOT"""
from __future__ import annotations

import ctypes
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from generate import NVRTC_OLDER  # noqa: E402


def load(root: Path) -> ctypes.CDLL:
    """libnvrtc of `root`, its builtins loaded first from the same folder."""
    lib = root / "nvidia" / "cuda_nvrtc" / "lib"
    for builtins in sorted(lib.glob("libnvrtc-builtins.so*")):
        ctypes.CDLL(str(builtins), mode=ctypes.RTLD_GLOBAL)
    return ctypes.CDLL(str(next(lib.glob("libnvrtc.so*"))))


def compile_ptx(nvrtc: ctypes.CDLL, source: Path, options: list[str]) -> str:
    """PTX of `source`, or SystemExit with NVRTC's log."""
    prog = ctypes.c_void_p()
    if nvrtc.nvrtcCreateProgram(ctypes.byref(prog), source.read_bytes(), source.name.encode(),
                                0, None, None):
        raise SystemExit(f"nvrtcCreateProgram failed on {source}")
    argv = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    failed = nvrtc.nvrtcCompileProgram(prog, len(options), argv)
    size = ctypes.c_size_t()
    if failed:
        nvrtc.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        nvrtc.nvrtcGetProgramLog(prog, log)
        raise SystemExit(f"{source.name} {options}: {log.value.decode(errors='replace')}")
    nvrtc.nvrtcGetPTXSize(prog, ctypes.byref(size))
    ptx = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetPTX(prog, ptx)
    return ptx.value.decode()


if __name__ == "__main__":
    root = Path(sys.argv[1]).resolve()
    nvrtc = load(root)
    major, minor = ctypes.c_int(), ctypes.c_int()
    nvrtc.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    includes = [f"-I{root / 'nvidia' / d / 'include'}" for d in ("cuda_runtime", "cuda_nvcc", "cuda_cccl")]
    for stem, arch, flags in NVRTC_OLDER[f"{major.value}.{minor.value}"]:
        options = [f"--gpu-architecture={arch}", "-std=c++17", *flags]
        ptx = compile_ptx(nvrtc, HERE / f"{stem}.cu", options + includes)
        print(json.dumps({"name": stem, "arch": arch, "flags": options, "ptx": ptx}))
