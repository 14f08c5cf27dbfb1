"""Decompressing fatbin entries: LZ4 blocks (`--compress-mode=speed`) and zstd frames (the default).

LZ4 goes through the system's liblz4, or is decoded here (the format is a page long); zstd through
the system's libzstd, or the `zstandard` / `compression.zstd` modules where those exist (both
libraries are on every Debian: apt needs them).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

from neutrino_py.errors import ToolError


def lz4_block(src: bytes, size: int) -> bytes:
    """Decode one raw LZ4 block (no frame header) that expands to `size` bytes: with the system's
    liblz4 (apt depends on it) when it decodes exactly `size` bytes, else here (libtorch's
    fatbins hold megabytes, which take seconds in Python)."""
    _bounded(src, size, 255, "LZ4 block")
    lib = _liblz4()
    if lib is not None and size > 0:
        dst = ctypes.create_string_buffer(size)
        if lib.LZ4_decompress_safe(src, dst, len(src), size) == size:
            return dst.raw
    return _lz4_python(src, size)


def _lz4_python(src: bytes, size: int) -> bytes:
    """The same decoder in Python: the fallback, and the one whose errors say what is wrong."""
    try:
        out = _lz4_sequences(src, size)
    except IndexError:
        raise ValueError("corrupt LZ4 block: it ends inside a sequence") from None
    if len(out) < size:
        raise ValueError(f"LZ4 block decoded to {len(out)} bytes, expected {size}")
    return bytes(out[:size])


def _lz4_sequences(src: bytes, size: int) -> bytearray:
    out = bytearray()
    i, n = 0, len(src)
    while i < n:
        token = src[i]
        i += 1
        lit, i = _length(src, i, token >> 4)
        out += src[i:i + lit]
        i += lit
        if i >= n or len(out) >= size:
            break
        offset = src[i] | src[i + 1] << 8
        i += 2
        match, i = _length(src, i, token & 15)
        match += 4
        if offset == 0 or offset > len(out):
            raise ValueError(f"corrupt LZ4 block: match offset {offset} at byte {i}")
        period = out[len(out) - offset:len(out) - offset + match]   # a match longer than its
        out += (period * -(-match // len(period)))[:match]            # offset repeats it
        if len(out) > size:
            raise ValueError(f"corrupt LZ4 block: it decodes past the {size} bytes stated")
    return out


def _bounded(src: bytes, size: int, ratio: int, what: str) -> None:
    """Refuse a stated size no `src` of this format expands to, before a buffer of it is made (a
    damaged size field must not allocate gigabytes)."""
    if not 0 <= size <= ratio * len(src) + 64:
        raise ValueError(f"corrupt {what}: {len(src)} bytes cannot expand to the {size} bytes stated")


def _length(src: bytes, i: int, nibble: int) -> tuple[int, int]:
    if nibble != 15:
        return nibble, i
    while True:
        b = src[i]
        i += 1
        nibble += b
        if b != 255:
            return nibble, i


def zstd(src: bytes, size: int) -> bytes:
    """Decode one zstd frame that expands to `size` bytes."""
    _bounded(src, size, 32768, "zstd frame")
    lib = _libzstd()
    if lib is not None:
        declared = lib.ZSTD_getFrameContentSize(src, len(src))
        if declared == _ZSTD_CONTENTSIZE_ERROR:
            raise ValueError("corrupt zstd frame: no frame header")
        if declared != _ZSTD_CONTENTSIZE_UNKNOWN and declared != size:
            raise ValueError(f"corrupt zstd frame: it holds {declared} bytes, the entry says {size}")
        dst = ctypes.create_string_buffer(size)
        got = lib.ZSTD_decompress(dst, size, src, len(src))
        if lib.ZSTD_isError(got):
            raise ValueError(f"corrupt zstd frame: {lib.ZSTD_getErrorName(got).decode()}")
        return dst.raw[:got]
    for name in ("compression.zstd", "zstandard"):
        try:
            module = __import__(name, fromlist=["decompress"])
        except ImportError:
            continue
        if name == "zstandard":
            return module.ZstdDecompressor().decompress(src, max_output_size=size)
        return module.decompress(src)
    raise ToolError("this fatbin entry is zstd-compressed and no zstd decoder was found",
                    "install libzstd1 (apt) or `pip install zstandard`")


def _cdll(name: str, soname: str) -> ctypes.CDLL | None:
    """The system's lib`name`, or None: a missing decoder is said where an entry needs it."""
    try:
        return ctypes.CDLL(ctypes.util.find_library(name) or soname)
    except OSError:
        return None


@functools.cache
def _liblz4():
    lib = _cdll("lz4", "liblz4.so.1")
    if lib is None:
        return None
    lib.LZ4_decompress_safe.restype = ctypes.c_int
    lib.LZ4_decompress_safe.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    return lib


_ZSTD_CONTENTSIZE_UNKNOWN, _ZSTD_CONTENTSIZE_ERROR = 2**64 - 1, 2**64 - 2


@functools.cache
def _libzstd():
    lib = _cdll("zstd", "libzstd.so.1")
    if lib is None:
        return None
    lib.ZSTD_decompress.restype = ctypes.c_size_t
    lib.ZSTD_decompress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
    lib.ZSTD_getFrameContentSize.restype = ctypes.c_ulonglong
    lib.ZSTD_getFrameContentSize.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
    lib.ZSTD_getErrorName.argtypes = [ctypes.c_size_t]
    lib.ZSTD_getErrorName.restype = ctypes.c_char_p
    return lib
