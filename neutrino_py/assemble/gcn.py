"""AMDGCN assembly -> HSACO code object with llvm-mc and ld.lld, cached on disk.

The LLVM tools are found on PATH under versioned names first, newest first (Debian installs
``llvm-mc-19``; a bare ``llvm-mc`` is often an older default that lacks gfx942), then bare names.
``NEUTRINO_LLVM_MC`` / ``NEUTRINO_LD_LLD`` / ... name a binary explicitly.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .. import paths
from ..files import atomic_write
from ..errors import SourceError, ToolError

_DIAG = re.compile(r"^[^\n:]+:(\d+):(\d+): error: (.*)$", re.M)


def _override(name: str) -> str:
    """The environment variable that names `name`'s binary: ``NEUTRINO_LD_LLD`` for ``ld.lld``."""
    return "NEUTRINO_" + name.upper().replace("-", "_").replace(".", "_")


@functools.cache
def llvm_tool(name: str) -> Path | None:
    """`name` (``llvm-mc``, ``ld.lld``, ``clang``...) from the newest LLVM on this machine."""
    override = os.environ.get(_override(name))
    if override:            # named by the user: that binary or none (a missing one is not found)
        return Path(override) if os.access(override, os.X_OK) else None
    versions: dict[int, Path] = {}
    for folder in filter(None, os.environ.get("PATH", "").split(os.pathsep)):
        for p in Path(folder).glob(f"{name}-[0-9]*"):
            if p.name[len(name) + 1:].isdigit() and os.access(p, os.X_OK):
                versions.setdefault(int(p.name[len(name) + 1:]), p)
    for p in Path("/usr/lib").glob(f"llvm-[0-9]*/bin/{name}"):
        versions.setdefault(int(p.parts[-3].split("-")[1]), p)
    if versions:
        return versions[max(versions)]
    found = shutil.which(name)
    return Path(found) if found else None


def llvm_tool_path(name: str) -> Path:
    """`llvm_tool`, or a ToolError that says how to install it: GCN work cannot go on without it."""
    path = llvm_tool(name)
    if path is None:
        raise ToolError(f"cannot find {name} (looked for {name}-NN and {name} on PATH)",
                        fix="apt-get install llvm-19 lld-19 clang-19 (Debian bookworm), or set "
                            f"{_override(name)}")
    return path


@functools.cache
def llvm_version() -> str:
    """``llvm-mc`` release (``19.1.7``), part of every cache key."""
    out = subprocess.run([str(llvm_tool_path("llvm-mc")), "--version"], capture_output=True,
                         text=True).stdout
    m = re.search(r"LLVM version (\S+)", out)
    return m.group(1) if m else "unknown"


@functools.cache
def supports(mcpu: str) -> bool:
    """Whether this machine's llvm-mc assembles a kernel for `mcpu` written with the directives
    clang 19 emits and the splicer keeps (code object v5; on gfx90a/gfx94x the accumulation
    offset and kernarg preload fields). Knowing the processor's name is not enough: Debian's
    LLVM 14 knows gfx90a but not ``.amdhsa_code_object_version 5``."""
    mc = llvm_tool("llvm-mc")
    if mc is None:
        return False
    gfx9 = mcpu == "gfx90a" or mcpu.startswith("gfx94")
    fields = ".amdhsa_accum_offset 4\n.amdhsa_user_sgpr_kernarg_preload_length 0\n" if gfx9 else ""
    kernel = (f'.amdgcn_target "amdgcn-amd-amdhsa--{mcpu}"\n.amdhsa_code_object_version 5\n'
              ".text\n.globl k\n.p2align 8\n.type k,@function\nk:\ns_endpgm\n.rodata\n.p2align 6\n"
              ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 0\n"
              f"{fields}.end_amdhsa_kernel\n")
    out = subprocess.run([str(mc), "-triple=amdgcn-amd-amdhsa", f"-mcpu={mcpu}", "-filetype=obj",
                          "-o", os.devnull], input=kernel, capture_output=True, text=True)
    return out.returncode == 0 and not out.stderr.strip()


# ld.lld's "error: undefined symbol: NAME" (its own message, not assembly)
_UNDEFINED = re.compile(r"undefined symbol: (\S+)")
# llvm-mc's word on a processor newer than it: every line after it is a consequence
_UNKNOWN_CPU = re.compile(r"'(\S+)' is not a recognized processor")


def _run(cmd: list[str], what: str, source: str, file: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode == 0:
        return
    if unknown := _UNKNOWN_CPU.search(proc.stderr):
        raise ToolError(f"{what} {llvm_version()} ({cmd[0]}) does not know the processor "
                        f"{unknown[1]}, which {file} is built for",
                        fix=f"install a newer LLVM (`llvm-mc -triple=amdgcn-amd-amdhsa "
                            f"-mcpu=help` lists the processors it knows) and name its binaries with "
                            f"{_override('llvm-mc')} and {_override('ld.lld')}")
    diag = _DIAG.search(proc.stderr)
    if diag:
        line, col = int(diag.group(1)), int(diag.group(2))
        raise SourceError(f"{what}: {diag.group(3)}", file=file, line=line, col=col, source=source,
                          hint=f"full output:\n{proc.stderr.strip()}")
    fix = f"check that {cmd[0]} supports this target"
    if undefined := sorted(set(_UNDEFINED.findall(proc.stderr))):
        names = ", ".join(undefined[:3]) + (" and more" if len(undefined) > 3 else "")
        fix = (f"the module calls {names}, defined in no function of it: a code object must hold "
               f"every function it calls, so instrument the assembly of the whole linked device "
               f"code (clang -S of the program built with -fgpu-rdc, or the module that defines "
               f"them)")
    raise ToolError(f"{what} failed on {file} (exit {proc.returncode}): {proc.stderr.strip()}",
                    fix=fix)


# a kernel descriptor of RDNA code built for waves of 64 (clang -mwavefrontsize64)
_WAVE64 = re.compile(r"^\s*\.amdhsa_wavefront_size32\s+0\s*$", re.M)


def _target_flags(target_id: str, text: str = "") -> list[str]:
    """llvm-mc's flags for assembling `text` for a target id: ``gfx90a:sramecc+:xnack+`` ->
    ``-mcpu=gfx90a -mattr=+sramecc,+xnack``. The file's own ``.amdgcn_target`` decides the
    features where it names the same processor (llvm-mc refuses a file whose directive names
    features it was not given, and callers often pass the bare processor), and RDNA code for
    waves of 64 needs ``+wavefrontsize64`` (else its 64-bit EXEC and VCC operands are refused)."""
    from ..asm.gcn import named_target_id     # here: starting a trace imports no parser
    mcpu = target_id.split(":")[0]
    named = named_target_id(text)
    _, *features = (named if named and named.split(":")[0] == mcpu else target_id).split(":")
    attrs = [f[-1] + f[:-1] for f in features] + (["+wavefrontsize64"] if _WAVE64.search(text) else [])
    return [f"-mcpu={mcpu}"] + (["-mattr=" + ",".join(attrs)] if attrs else [])


def gcn_to_object(text: str, target_id: str, file: str = "<gcn>") -> bytes:
    """Assemble to a relocatable ELF object (what the round-trip tests compare byte for byte).
    `target_id` is a processor (``gfx942``) or a target id (``GcnModule.target_id``)."""
    with tempfile.TemporaryDirectory(prefix="neutrino-mc-") as tmp:
        src, obj = Path(tmp) / "in.s", Path(tmp) / "out.o"
        src.write_bytes(text.encode("utf-8", "surrogateescape"))
        _run([str(llvm_tool_path("llvm-mc")), "-triple=amdgcn-amd-amdhsa", *_target_flags(target_id, text),
              "-filetype=obj", "-o", str(obj), str(src)], "llvm-mc", text, file)
        return obj.read_bytes()


def gcn_to_hsaco(text: str, target_id: str, file: str = "<gcn>") -> bytes:
    """Assemble and link into a loadable code object (HSACO), cached by content and toolchain."""
    key = hashlib.sha256(f"{llvm_version()}\0{target_id}\0{text}".encode("utf-8", "surrogateescape")).hexdigest()
    cached = paths.cache_dir("hsaco") / f"{key}.hsaco"
    if cached.is_file():
        return cached.read_bytes()
    obj = gcn_to_object(text, target_id, file)
    with tempfile.TemporaryDirectory(prefix="neutrino-lld-") as tmp:
        o, out = Path(tmp) / "in.o", Path(tmp) / "out.hsaco"
        o.write_bytes(obj)
        _run([str(llvm_tool_path("ld.lld")), "-shared", "--no-undefined", "-o", str(out), str(o)],
             "ld.lld", text, file)
        data = out.read_bytes()
    atomic_write(cached, data, durable=False)
    return data


def disassemble(code_object: bytes, mcpu: str | None = None) -> str:
    """``llvm-objdump -d`` of a code object (the processor is read from the ELF when not given)."""
    with tempfile.TemporaryDirectory(prefix="neutrino-objdump-") as tmp:
        path = Path(tmp) / "co.hsaco"
        path.write_bytes(code_object)
        cmd = [str(llvm_tool_path("llvm-objdump")), "-d", str(path)]
        if mcpu:
            cmd.insert(2, f"--mcpu={mcpu}")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise ToolError(f"llvm-objdump failed: {proc.stderr.strip()}")
        return proc.stdout.replace(str(path), "<code object>")
