"""CUDA fatbins: the wrapper the host binary registers, the container header and its entries.

Layout (little-endian), as nvcc 12/13 write it:
  wrapper  u32 magic 0x466243b1, u32 version, u64 pointer to the fatbin, u64 filename pointer
  header   u32 magic 0xBA55ED50, u16 version, u16 header size, u64 size of all entries
  entry    u16 kind (1 PTX, 2 ELF), u16 version, u32 header size, u64 payload size (padded),
           u32 compressed size, u32 -, u16 minor, u16 major, u32 arch (90 = sm_90 / compute_90),
           u32 name offset, u32 name length, u64 flags, u64 -, u64 decompressed size
flags: 0x1 64-bit, 0x10 linux, 0x2000 LZ4 payload, 0x8000 zstd payload.
Members of other kinds (8: LTO-IR, from nvcc -dlto or code=lto_90) are skipped: nothing here
instruments or runs them, and the PTX and cubins beside them stay readable.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field

from neutrino_py.image import compress, elf

WRAPPER_MAGIC = 0x466243B1
FATBIN_MAGIC = 0xBA55ED50
KIND_PTX, KIND_ELF = 1, 2
FLAG_LZ4, FLAG_ZSTD = 0x2000, 0x8000

_HEADER = struct.Struct("<IHHQ")
_ENTRY = struct.Struct("<HHIQIIHHIIIQQQ")


class ImageError(ValueError):
    """Bytes that are not a well-formed fatbin / cubin / PTX image."""


@dataclass(eq=False)
class Entry:
    """One fatbin member: PTX text or an ELF cubin for one architecture. The payload is
    decompressed on first use of `data` (libtorch's fatbins hold megabytes of SASS per arch)."""

    kind: str                  # "ptx" | "elf"
    arch: int                  # 90 for sm_90 / compute_90
    raw: bytes = field(repr=False)   # payload as stored
    compression: str | None    # "lz4" | "zstd" | None
    version: tuple[int, int]   # PTX ISA or ELF ABI version recorded in the entry
    expanded: int = 0          # decompressed size (compressed payloads)
    _data: bytes | None = field(default=None, repr=False)
    _names: tuple[str, ...] | None = field(default=None, repr=False)   # see image._names
    _specific: str | None = field(default=None, repr=False)            # see image._specific

    @property
    def data(self) -> bytes:
        """Decompressed payload: PTX without its NUL padding, or the ELF file exactly."""
        if self._data is None:
            raw = self.raw
            try:
                if self.compression == "lz4":
                    raw = compress.lz4_block(raw, self.expanded)
                elif self.compression == "zstd":
                    raw = compress.zstd(raw, self.expanded)
                self._data = raw.split(b"\0", 1)[0] if self.kind == "ptx" else raw[:elf.size(raw)]
            except ValueError as err:
                what = f"compute_{self.arch} PTX" if self.kind == "ptx" else f"sm_{self.arch} cubin"
                raise ImageError(f"its {what} member is damaged: {err}") from None
        return self._data

    @property
    def ptx(self) -> str:
        return self.data.decode("utf-8", errors="replace")


def is_fatbin(data: bytes) -> bool:
    return len(data) >= _HEADER.size and struct.unpack_from("<I", data)[0] == FATBIN_MAGIC


def size(data: bytes) -> int:
    """Total bytes of the fatbin starting at `data` (header + entries)."""
    magic, _, header_size, body = _HEADER.unpack_from(data)
    if magic != FATBIN_MAGIC:
        raise ImageError(f"not a fatbin: magic {magic:#x}, expected {FATBIN_MAGIC:#x}")
    return header_size + body


def entries(data: bytes) -> list[Entry]:
    """Every member of a fatbin (decompressed when read); concatenated fatbins are all read."""
    out: list[Entry] = []
    pos = 0
    while pos + _HEADER.size <= len(data) and struct.unpack_from("<I", data, pos)[0] == FATBIN_MAGIC:
        _, _, header_size, body = _HEADER.unpack_from(data, pos)
        if header_size < _HEADER.size:
            raise ImageError(f"fatbin at byte {pos} has a {header_size}-byte header")
        end = pos + header_size + body
        if end > len(data):
            raise ImageError(f"fatbin at byte {pos} says it is {header_size + body} bytes, "
                             f"only {len(data) - pos} are there")
        off = pos + header_size
        while off + _ENTRY.size <= end:
            kind, _, header_size_of, payload = _ENTRY.unpack_from(data, off)[:4]
            if header_size_of + payload == 0:
                raise ImageError(f"fatbin entry at byte {off} has no size")
            if kind in (KIND_PTX, KIND_ELF):
                out.append(_entry(data, off))
            off += header_size_of + payload
        pos = (end + 7) & ~7
    if not out and not is_fatbin(data):
        raise ImageError("not a fatbin: no 0xBA55ED50 header")
    return out


def _entry(data: bytes, off: int) -> Entry:
    (kind, _, header_size, payload, compressed, _, minor, major, arch, _, _, flags, _,
     expanded) = _ENTRY.unpack_from(data, off)
    start = off + header_size
    raw = bytes(data[start:start + payload])
    compression = "lz4" if flags & FLAG_LZ4 else "zstd" if flags & FLAG_ZSTD else None
    if compression:
        raw = raw[:compressed]
    return Entry("ptx" if kind == KIND_PTX else "elf", arch, raw, compression, (major, minor), expanded)
