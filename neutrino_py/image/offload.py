"""Clang offload bundles (HIP fat binaries) -> the AMDGPU code objects inside them.

A HIP program carries its device code as a bundle: in a host ELF's ``.hip_fatbin`` section, in a
``.hipfb`` file, or handed to ``__hipRegisterFatBinary`` / ``hipModuleLoadData`` at run time.
Layout (clang's OffloadBundler): ``__CLANG_OFFLOAD_BUNDLE__``, u64 entry count, then per entry u64
offset, u64 size, u64 triple length and the triple (``hipv4-amdgcn-amd-amdhsa--gfx942``). A
compressed bundle (``CCOB``, clang ``--offload-compress``) wraps one in zlib or zstd.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from neutrino_py.assemble import gcn as tools
from neutrino_py.image import compress, elf

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
COMPRESSED = b"CCOB"
EM_AMDGPU = 224


class BundleError(ValueError):
    """Bytes that claim to be a bundle but are cut short or malformed."""


@dataclass(frozen=True)
class CodeObject:
    """One device image: `triple` as the bundle names it, `target` the processor (``gfx942``,
    with feature suffixes such as ``:xnack-`` kept), `data` the ELF code object."""
    triple: str
    target: str
    data: bytes

    def disassemble(self) -> str:
        return tools.disassemble(self.data)

    def kernels(self) -> list[str]:
        """The kernels it holds: the names of its kernel descriptors (``<name>.kd``)."""
        return sorted({n[:-3] for n in elf.symbol_names(self.data) if n.endswith(".kd")})


def is_gcn_image(data: bytes) -> bool:
    """A code object or an offload bundle (plain or compressed): what a HIP program loads."""
    return is_code_object(data) or data[:4] == COMPRESSED or data[:len(MAGIC)] == MAGIC


def is_code_object(data: bytes) -> bool:
    """A bare AMDGPU ELF (e_machine EM_AMDGPU), unlike a host ELF that carries a .hip_fatbin."""
    return data[:4] == b"\x7fELF" and len(data) > 20 and struct.unpack_from("<H", data, 18)[0] == EM_AMDGPU


def _decompress(data: bytes) -> bytes:
    """The bundle inside a compressed one (`CCOB`, versions 1-3, zlib or zstd)."""
    try:
        version, method = struct.unpack_from("<HH", data, 4)
        if version == 1:
            size, head = struct.unpack_from("<I", data, 8)[0], 20
        elif version == 2:
            size, head = struct.unpack_from("<I", data, 12)[0], 24
        else:
            size, head = struct.unpack_from("<Q", data, 16)[0], 32
        body = data[head:]
        return zlib.decompressobj().decompress(body, size) if method == 0 else compress.zstd(body, size)
    except (struct.error, zlib.error, ValueError) as err:
        raise BundleError(f"damaged compressed offload bundle: {err}") from None


def _bundle(data: bytes, start: int) -> tuple[list[CodeObject], int]:
    """Code objects of the bundle at `start`, and where it ends."""
    try:
        (count,) = struct.unpack_from("<Q", data, start + len(MAGIC))
        pos, out, end = start + len(MAGIC) + 8, [], start
        for _ in range(count):
            offset, size, tlen = struct.unpack_from("<QQQ", data, pos)
            triple = data[pos + 24:pos + 24 + tlen].decode("utf-8", "replace")
            pos += 24 + tlen
            blob = data[start + offset:start + offset + size]
            if len(blob) != size:
                raise BundleError(f"bundle entry {triple} runs past the end of the data")
            end = max(end, start + offset + size, pos)
            if size and not triple.startswith("host"):
                out.append(CodeObject(triple, triple.split("--", 1)[-1], blob))
        return out, end
    except (struct.error, OverflowError) as e:
        raise BundleError(f"truncated offload bundle at byte {start}") from e


def code_objects(data: bytes) -> list[CodeObject]:
    """Every AMDGPU code object in `data`: a bundle (plain or compressed, several in a row as a
    linked ``.hip_fatbin`` holds them), a host ELF with a ``.hip_fatbin``, or one code object."""
    if is_code_object(data):
        return [CodeObject("amdgcn-amd-amdhsa", "", data)]
    if data[:4] == COMPRESSED:
        return code_objects(_decompress(data))
    if data[:4] == b"\x7fELF":
        section = elf.sections(data).get(".hip_fatbin")
        return code_objects(section) if section else []
    out: list[CodeObject] = []
    pos = data.find(MAGIC)
    while pos >= 0:
        found, end = _bundle(data, pos)
        out += found
        pos = data.find(MAGIC, end)
    ccob = data.find(COMPRESSED)
    if not out and ccob >= 0:
        out = code_objects(data[ccob:])
    return out
