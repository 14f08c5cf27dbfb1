"""PTX → cubin: nvJitLink in process (no subprocess per kernel), ptxas when it is unavailable.

A module that hands registers between warpgroups (``setmaxnreg``: Hopper's warp-specialised
kernels, Triton's and CUTLASS's producer/consumer loops) goes to ptxas where ptxas is found:
nvJitLink 13.0 assembles PTX as one of several compilation units and drops every
``setmaxnreg`` (its log: "C7504 ... 'setmaxnreg' ignored"), so a consumer warpgroup that had
232 registers would run in the kernel's 32 and spill (checked with both on this project's CPU
box, a two-warpgroup kernel: ptxas "Used 232 registers", nvJitLink "Used 32").

A module that launches kernels from the device (dynamic parallelism: ``-rdc=true`` code calling
``__cudaCDP2LaunchDeviceV2``) is linked with libcudadevrt.a by nvJitLink; ptxas cannot link it.

Results are cached on disk under sha256(text + arch + backend + toolchain version), so a kernel
seen before costs one file read.
"""
from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from neutrino_py import paths, toolchain
from neutrino_py.files import atomic_write
from neutrino_py.errors import ToolError

BACKENDS = ("nvjitlink", "ptxas")
ARCH = re.compile(r"sm_[1-9][0-9]+[a-z]?")    # sm_90, sm_90a, sm_100f: what -arch= names


class AssembleError(ToolError):
    """nvJitLink refused a PTX module; `log` holds its messages."""

    def __init__(self, arch: str, log: str) -> None:
        super().__init__(f"nvJitLink could not assemble the PTX for {arch}:\n{log.strip()}",
                         "if the PTX was instrumented, run `neutrino instrument` on it and assemble"
                         " the output with ptxas for a caret at the bad line; else check its .target")
        self.log = log


@functools.cache
def _nvjitlink_loads() -> bool:
    """cuda-python's nvJitLink binding finds its library (it searches like the toolchain does)."""
    try:
        from cuda.bindings import nvjitlink
        nvjitlink.version()
    except Exception:  # noqa: BLE001 — any failure to load the library means "not available"
        return False
    return True


def available() -> list[str]:
    """The backends usable on this machine, preferred first."""
    usable = {"nvjitlink": _nvjitlink_loads(), "ptxas": toolchain.find_tool("ptxas") is not None}
    return [b for b in BACKENDS if usable[b]]


def _nvjitlink(ptx: bytes, arch: str, *options: str, libraries: tuple[Path, ...] = ()
               ) -> tuple[bytes, str]:
    """Link one PTX module with `libraries` (the device runtime of one that launches kernels):
    (cubin, nvJitLink's info log)."""
    if not ARCH.fullmatch(arch):          # nvJitLink exit()s the process on sm_1 .. sm_9
        raise AssembleError(arch, f"not a GPU architecture nvJitLink takes: {arch!r}")
    from cuda.bindings import nvjitlink

    try:                                  # an arch nvJitLink does not know fails right here
        handle = nvjitlink.create(1 + len(options), [f"-arch={arch}", *options])
    except nvjitlink.nvJitLinkError as err:
        raise AssembleError(arch, f"{err} (-arch={arch})") from None
    try:
        nvjitlink.add_data(handle, nvjitlink.InputType.PTX, ptx, len(ptx), "module.ptx")
        for library in libraries:
            nvjitlink.add_file(handle, nvjitlink.InputType.LIBRARY, str(library))
        nvjitlink.complete(handle)
        cubin = bytearray(nvjitlink.get_linked_cubin_size(handle))
        nvjitlink.get_linked_cubin(handle, cubin)
        info = bytearray(nvjitlink.get_info_log_size(handle))
        nvjitlink.get_info_log(handle, info)
        return bytes(cubin), info.rstrip(b"\0").decode(errors="replace")
    except nvjitlink.nvJitLinkError as err:
        log = bytearray(nvjitlink.get_error_log_size(handle))
        nvjitlink.get_error_log(handle, log)
        raise AssembleError(arch, log.rstrip(b"\0").decode(errors="replace") or str(err)) from None
    finally:
        nvjitlink.destroy(handle)


def _with_ptxas(ptx: bytes, arch: str, libraries: tuple[Path, ...]) -> tuple[bytes, str]:
    """ptxas links nothing: `_backend` never picks it for a module that needs `libraries`."""
    return toolchain.ptxas_assemble(ptx.decode("utf-8", "surrogateescape"), arch,
                                    filename="<instrumented ptx>")


_ASSEMBLE = {"nvjitlink": lambda ptx, arch, libs: _nvjitlink(ptx, arch, "-verbose", libraries=libs),
             "ptxas": _with_ptxas}


def sets_warpgroup_registers(ptx_text: str) -> bool:
    """Whether the module holds ``setmaxnreg`` (read-only: it picks the assembler and keeps
    register caps off; a comment naming it only costs nvJitLink's speed)."""
    return "setmaxnreg" in ptx_text


def launches_kernels(ptx_text: str) -> bool:
    """Whether the module calls the device runtime (dynamic parallelism: CUDA 12's CDP2 names,
    and the older ones)."""
    return any(name in ptx_text for name in ("__cudaCDP2", "cudaLaunchDeviceV2", "cudaGetParameterBufferV2"))


def _device_runtime() -> Path:
    path = toolchain.find_device_runtime()
    if path is None:
        raise ToolError("the module launches kernels from the device, and libcudadevrt.a was not found",
                        "pip install nvidia-cuda-runtime (or set NEUTRINO_CUDADEVRT=/path/to/libcudadevrt.a)")
    return path


def _backend(backend: str | None, warpgroup_registers: bool = False, device_runtime: bool = False) -> str:
    """The assembler to use: `backend` if given and usable, else the preferred usable one
    (ptxas first for a module that sets warpgroups' registers, which nvJitLink ignores; only
    nvJitLink for one that links the device runtime)."""
    if backend is not None and backend not in BACKENDS:
        raise ToolError(f"unknown assembler {backend!r}", f"use one of {', '.join(BACKENDS)}")
    if device_runtime and backend == "ptxas":
        raise ToolError("ptxas cannot link the device runtime this module launches kernels with",
                        "assemble it with nvJitLink (pip install nvidia-nvjitlink)")
    usable = available()
    if device_runtime:
        usable = [b for b in usable if b == "nvjitlink"]
    elif warpgroup_registers and "ptxas" in usable:
        usable.insert(0, usable.pop(usable.index("ptxas")))
    name = backend or next(iter(usable), None)
    if name not in usable:
        raise ToolError(f"no PTX assembler found ({backend or 'nvJitLink or ptxas'})",
                        "pip install nvidia-nvjitlink nvidia-cuda-nvcc (or put CUDA's bin/ on PATH)")
    return name


def assemble(ptx_text: str, arch: str = "sm_90", backend: str | None = None) -> tuple[bytes, str, str]:
    """(cubin, the assembler's verbose report, the backend that wrote them) of a PTX module for
    `arch` (e.g. sm_90, sm_90a); `backend` forces one assembler. The report gives registers,
    stack, spills and shared memory per function in ``ptxas -v``'s words, which nvJitLink's
    ``-verbose`` repeats; both are kept on disk, so that the report a cost or a register cap
    reads and the cubin then loaded take one assembly."""
    libraries = (_device_runtime(),) if launches_kernels(ptx_text) else ()
    name = _backend(backend, sets_warpgroup_registers(ptx_text), bool(libraries))
    data = ptx_text.encode("utf-8", "surrogateescape")   # bytes read from a file come back as read
    key = hashlib.sha256(b"\0".join([data, arch.encode(), name.encode(),
                                     toolchain.version().encode()])).hexdigest()
    cached, report = paths.cache_dir("cubin") / f"{key}.cubin", paths.cache_dir("cubin") / f"{key}.log"
    if cached.exists() and report.exists():
        return cached.read_bytes(), report.read_text(errors="replace"), name
    cubin, log = _ASSEMBLE[name](data, arch, libraries)
    atomic_write(report, log.encode(), durable=False)
    atomic_write(cached, cubin, durable=False)
    return cubin, log, name


def assembler_report(ptx_text: str, arch: str = "sm_90", backend: str | None = None
                     ) -> tuple[str, str]:
    """(the assembler's verbose report, the backend that wrote it): `assemble`'s."""
    return assemble(ptx_text, arch, backend)[1:]


def ptx_to_cubin(ptx_text: str, arch: str = "sm_90", backend: str | None = None) -> bytes:
    """Assemble a PTX module for `arch` (e.g. sm_90, sm_90a); `backend` forces one assembler."""
    return assemble(ptx_text, arch, backend)[0]
