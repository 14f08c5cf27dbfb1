"""Where NVIDIA's command-line tools and nvJitLink live, and which versions they are.

A fresh machine gets them from PyPI wheels (``pip install nvidia-cuda-nvcc nvidia-nvjitlink``), so
those are searched first; a CUDA toolkit on PATH or under CUDA_HOME comes second, and the copy of
ptxas/nvdisasm/cuobjdump that Triton bundles last (it is often older than the PTX we are given).
``NEUTRINO_<TOOL>`` (e.g. ``NEUTRINO_PTXAS``) names a binary explicitly and wins over all of them.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import files
from .errors import SourceError, ToolError

# Folders inside the `nvidia` namespace package, newest layout first: CUDA 13 wheels put every
# tool under nvidia/cu13/, CUDA 12 wheels use one folder per component.
_WHEEL_BIN = ("cu13/bin", "cuda_nvcc/bin", "cuda_nvdisasm/bin", "cuda_cuobjdump/bin")
_WHEEL_LIB = ("cu13/lib", "nvjitlink/lib")

# The PyPI package that provides each tool, for the fix in a ToolError.
_PACKAGE = {"ptxas": "nvidia-cuda-nvcc", "nvcc": "nvidia-cuda-nvcc", "nvlink": "nvidia-cuda-nvcc",
            "fatbinary": "nvidia-cuda-nvcc", "nvdisasm": "nvidia-cuda-nvdisasm",
            "cuobjdump": "nvidia-cuda-cuobjdump"}

_TRITON_TOOLS = ("ptxas", "nvdisasm", "cuobjdump")


def _package_dirs(package: str) -> list[Path]:
    """Install folders of a (namespace) package, found without importing it."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return []
    if spec is None or spec.submodule_search_locations is None:
        return []
    return [Path(p) for p in spec.submodule_search_locations]


def _candidates(name: str) -> list[Path]:
    """Every place `name` may be, in the order we trust them."""
    out = [Path(p) for p in [os.environ.get(f"NEUTRINO_{name.upper()}")] if p]
    out += [root / sub / name for root in _package_dirs("nvidia") for sub in _WHEEL_BIN]
    on_path = shutil.which(name)
    if on_path:
        out.append(Path(on_path))
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            out.append(Path(os.environ[var]) / "bin" / name)
    out.append(Path("/usr/local/cuda/bin") / name)
    if name in _TRITON_TOOLS:
        out += [root / "backends" / "nvidia" / "bin" / name for root in _package_dirs("triton")]
    return out


def _missing(name: str) -> ToolError:
    package = _PACKAGE.get(name, "nvidia-cuda-nvcc")
    return ToolError(f"cannot find {name} (looked in the nvidia-* PyPI wheels, PATH, CUDA_HOME)",
                     fix=f"pip install {package}   (or: pip install 'neutrino_py[toolchain]'),"
                         f" or set NEUTRINO_{name.upper()}=/path/to/{name}")


@functools.cache
def find_tool(name: str) -> Path | None:
    """First executable called `name` (ptxas, nvdisasm, cuobjdump, nvcc...), or None."""
    for path in _candidates(name):
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


def tool_path(name: str) -> Path:
    """Like `find_tool`, but a missing tool is a ToolError that says which pip package to install."""
    path = find_tool(name)
    if path is None:
        raise _missing(name)
    return path


def _library(pattern: str, override: str) -> Path | None:
    """A CUDA library file: `override` (an environment variable) if it names one, else the
    wheels' lib folders first, then the toolkit's."""
    if os.environ.get(override) and Path(os.environ[override]).is_file():
        return Path(os.environ[override])
    dirs = [root / sub for root in _package_dirs("nvidia") for sub in _WHEEL_LIB]
    dirs += [Path(os.environ[v]) / lib for v in ("CUDA_HOME", "CUDA_PATH") if os.environ.get(v)
             for lib in ("lib64", "lib")]
    dirs += [Path("/usr/local/cuda/lib64"), Path("/usr/local/cuda/lib")]
    for folder in dirs:
        found = sorted(folder.glob(pattern), key=lambda p: len(p.name), reverse=True)
        if found:
            return found[0]
    return None


@functools.cache
def find_nvjitlink() -> Path | None:
    """Path of libnvJitLink.so.*."""
    return _library("libnvJitLink.so*", "NEUTRINO_NVJITLINK")


@functools.cache
def find_device_runtime() -> Path | None:
    """Path of libcudadevrt.a, which a kernel that launches kernels (dynamic parallelism) links."""
    return _library("libcudadevrt.a", "NEUTRINO_CUDADEVRT")


@functools.cache
def tool_version(name: str) -> str | None:
    """Release of a tool as ``13.0.88`` (from ``--version``), None where it is missing."""
    path = find_tool(name)
    if path is None:
        return None
    try:
        out = subprocess.run([str(path), "--version"], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r"\bV(\d+\.\d+\.\d+)", out)
    return match.group(1) if match else None


@functools.cache
def nvjitlink_version() -> str | None:
    """Version reported by nvJitLinkVersion(), e.g. ``13.5``."""
    import ctypes
    path = find_nvjitlink()
    if path is None:
        return None
    try:
        lib = ctypes.CDLL(str(path))
        major, minor = ctypes.c_uint(), ctypes.c_uint()
        if lib.nvJitLinkVersion(ctypes.byref(major), ctypes.byref(minor)) != 0:
            return None
    except (OSError, AttributeError):
        return None
    return f"{major.value}.{minor.value}"


def info() -> dict:
    """Path and version of every tool, for `neutrino doctor` and trace.json's "toolchain"."""
    paths = {name: find_tool(name) for name in ("ptxas", "nvdisasm", "cuobjdump", "nvcc")}
    paths["nvJitLink"] = find_nvjitlink()
    return {name: {"path": str(path) if path else None,
                   "version": nvjitlink_version() if name == "nvJitLink" else tool_version(name)}
            for name, path in paths.items()}


def version() -> str:
    """One string naming the assemblers in use, for cache keys: ``ptxas-13.0.88+nvjitlink-13.5``."""
    return f"ptxas-{tool_version('ptxas') or 'none'}+nvjitlink-{nvjitlink_version() or 'none'}"


_PTXAS_DIAG = re.compile(r"^ptxas (.+?), line (\d+); (error|fatal)\s*:\s*(.*)$", re.M)


def _arch_name(arch: str | int) -> str:
    return f"sm_{arch}" if isinstance(arch, int) or str(arch).isdigit() else str(arch)


def run_ptxas(ptx: str | os.PathLike, arch: str | int | None = None, *,
              extra_args: tuple[str, ...] = (), filename: str | None = None) -> bytes:
    """Assemble PTX (a path, or the text itself) to a cubin and return its bytes.

    `arch` defaults to the module's own ``.target`` (sm_90a PTX needs sm_90a). A diagnostic that
    ptxas ties to a line becomes a SourceError pointing at that line; anything else a ToolError.
    """
    return _ptxas(ptx, arch, extra_args, filename)[0]


def ptxas_assemble(ptx: str | os.PathLike, arch: str | int | None = None, *,
                   filename: str | None = None) -> tuple[bytes, str]:
    """(cubin, what ``ptxas -v`` says about the module: registers, stack, spills, shared memory
    per function), for the cost `neutrino instrument` predicts and the register caps
    (`assemble.registers`); errors as in `run_ptxas`."""
    return _ptxas(ptx, arch, ("-v",), filename)


def ptxas_report(ptx: str | os.PathLike, arch: str | int | None = None, *,
                 filename: str | None = None) -> str:
    """What ``ptxas -v`` says about a module (`ptxas_assemble`)."""
    return ptxas_assemble(ptx, arch, filename=filename)[1]


def _ptxas(ptx: str | os.PathLike, arch: str | int | None, extra_args: tuple[str, ...],
           filename: str | None) -> tuple[bytes, str]:
    """Run ptxas once: (cubin, its stderr) on success, else the located error."""
    is_path = isinstance(ptx, os.PathLike) or ("\n" not in ptx and Path(ptx).is_file())
    text = files.read_source(ptx) if is_path else str(ptx)
    shown = filename or (str(ptx) if is_path else "<ptx>")
    if arch is None:
        from neutrino_py.asm import parse_ptx
        arch = parse_ptx(text, file=shown, cache=False).arch or "sm_90"
    ptxas = tool_path("ptxas")
    with tempfile.TemporaryDirectory(prefix="neutrino-ptxas-") as tmp:
        src = Path(ptx) if is_path else Path(tmp) / "input.ptx"
        if not is_path:
            src.write_bytes(text.encode("utf-8", "surrogateescape"))
        out = Path(tmp) / "out.cubin"
        cmd = [str(ptxas), f"-arch={_arch_name(arch)}", *extra_args, str(src), "-o", str(out)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            return out.read_bytes(), proc.stderr + proc.stdout
    stderr = proc.stderr.replace(str(src), shown).strip()
    diag = _PTXAS_DIAG.search(stderr)
    if diag:
        line = int(diag.group(2))
        lines = text.splitlines()
        code = lines[line - 1] if line <= len(lines) else ""
        raise SourceError(f"ptxas: {diag.group(4).strip()}", file=shown, line=line,
                          col=len(code) - len(code.lstrip()) + 1, width=len(code.strip()),
                          source=text, hint=f"full ptxas output:\n{stderr}")
    raise ToolError(f"ptxas failed on {shown} (exit {proc.returncode}): {stderr}",
                    fix=f"check that {ptxas} (version {tool_version('ptxas')}) supports this "
                        f"PTX's .version and {_arch_name(arch)}")
