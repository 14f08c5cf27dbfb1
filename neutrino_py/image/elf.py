"""A small ELF64 little-endian section reader (cubins are ELF64): section name → bytes."""
from __future__ import annotations

import struct

_IDENT = b"\x7fELF"
_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_SHDR = struct.Struct("<IIQQQQIIQQ")
SHT_NOBITS = 8


class ElfError(ValueError):
    """Bytes that are not a 64-bit little-endian ELF file."""


def sections(data: bytes) -> dict[str, bytes]:
    """Every named section's contents in file order (``.nobits`` sections such as ``.nv.shared.*``
    map to b"" since they occupy no file bytes)."""
    if len(data) < _EHDR.size or data[:4] != _IDENT:
        raise ElfError("not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ElfError("not a 64-bit little-endian ELF file")
    (_, _, _, _, _, _, shoff, _, _, _, _, shentsize, shnum, shstrndx) = _EHDR.unpack_from(data)
    if shoff == 0 or shnum == 0:
        return {}
    headers = _section_headers(data, shoff, shentsize, shnum)
    if shstrndx >= shnum:
        raise ElfError(f"section name table {shstrndx} of {shnum} sections")
    names_hdr = headers[shstrndx]
    names = data[names_hdr[4]:names_hdr[4] + names_hdr[5]]
    out: dict[str, bytes] = {}
    for name_off, sh_type, _, _, offset, size, *_ in headers[1:]:
        end = names.find(b"\0", name_off)
        name = names[name_off:end].decode("ascii", "replace")
        out[name] = b"" if sh_type == SHT_NOBITS else data[offset:offset + size]
    return out


def code_sections(data: bytes) -> dict[str, bytes]:
    """The ``.text.*`` sections (machine code per function) of a cubin."""
    return {name: body for name, body in sections(data).items() if name.startswith(".text")}


_SYM = struct.Struct("<IBBHQQ")
STT_FUNC = 2
STO_CUDA_ENTRY = 0x10
ELFOSABI_CUDA_V2 = 0x41


def arch(data: bytes) -> int:
    """The SM number a cubin was built for (90 for sm_90): e_flags bits 8-15 in the CUDA 12.8+
    ABI (OS/ABI 0x41), the low byte before it."""
    if len(data) < _EHDR.size or data[:4] != _IDENT:
        raise ElfError("not an ELF file")
    flags = _EHDR.unpack_from(data)[7]
    return (flags >> 8) & 0xFF if data[7] == ELFOSABI_CUDA_V2 else flags & 0xFF


def entries(data: bytes) -> list[str]:
    """Names of the kernels (``STO_CUDA_ENTRY`` function symbols) of a cubin, in symbol order."""
    secs = sections(data)
    symtab, strtab = secs.get(".symtab", b""), secs.get(".strtab", b"")
    names = []
    for off in range(0, len(symtab) - _SYM.size + 1, _SYM.size):
        name_off, info, other, *_ = _SYM.unpack_from(symtab, off)
        if info & 0xF == STT_FUNC and other & STO_CUDA_ENTRY:
            names.append(strtab[name_off:strtab.find(b"\0", name_off)].decode("ascii", "replace"))
    return names


def symbol_names(data: bytes) -> list[str]:
    """Names of every symbol in ``.symtab`` and ``.dynsym``, in table order (an AMDGPU code
    object's kernels are the ``<name>.kd`` descriptors among them)."""
    secs = sections(data)
    names = []
    for table, strings in ((".symtab", ".strtab"), (".dynsym", ".dynstr")):
        symtab, strtab = secs.get(table, b""), secs.get(strings, b"")
        for off in range(0, len(symtab) - _SYM.size + 1, _SYM.size):
            name_off = _SYM.unpack_from(symtab, off)[0]
            if name_off:
                names.append(strtab[name_off:strtab.find(b"\0", name_off)].decode("ascii", "replace"))
    return names


def size(data: bytes) -> int:
    """Bytes the ELF file at the start of `data` spans (fatbins pad their members)."""
    if len(data) < _EHDR.size or data[:4] != _IDENT:
        raise ElfError("not an ELF file")
    (_, _, _, _, _, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum, _) = _EHDR.unpack_from(data)
    end = max(shoff + shentsize * shnum, phoff + phentsize * phnum)
    for _, sh_type, _, _, offset, length, *_ in _section_headers(data, shoff, shentsize, shnum):
        if sh_type != SHT_NOBITS:
            end = max(end, offset + length)
    return end


def _section_headers(data: bytes, shoff: int, shentsize: int, shnum: int) -> list[tuple]:
    if shnum and (shentsize != _SHDR.size or shoff + shnum * shentsize > len(data)):
        raise ElfError("section header table out of bounds")
    return [_SHDR.unpack_from(data, shoff + i * shentsize) for i in range(shnum)]
