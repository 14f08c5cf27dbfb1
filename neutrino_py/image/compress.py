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
    lib = _liblz4()
    if lib is not None and size > 0:
        dst = ctypes.create_string_buffer(size)
        if lib.LZ4_decompress_safe(src, dst, len(src), size) == size:
            return dst.raw
    return _lz4_python(src, size)


def _lz4_python(src: bytes, size: int) -> bytes:
    """The same decoder in Python: the fallback, and the one whose errors say what is wrong."""
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
        start = len(out) - offset
        if offset >= match:
            out += out[start:start + match]
        else:
            for k in range(match):
                out.append(out[start + k])
    if len(out) < size:
        raise ValueError(f"LZ4 block decoded to {len(out)} bytes, expected {size}")
    return bytes(out[:size])


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
    lib = _libzstd()
    if lib is not None:
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


@functools.cache
def _liblz4():
    path = ctypes.util.find_library("lz4") or "liblz4.so.1"
    try:
        lib = ctypes.CDLL(path)
    except OSError:
        return None
    lib.LZ4_decompress_safe.restype = ctypes.c_int
    lib.LZ4_decompress_safe.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    return lib


@functools.cache
def _libzstd():
    path = ctypes.util.find_library("zstd") or "libzstd.so.1"
    try:
        lib = ctypes.CDLL(path)
    except OSError:
        return None
    lib.ZSTD_decompress.restype = ctypes.c_size_t
    lib.ZSTD_decompress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
    lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
    lib.ZSTD_getErrorName.argtypes = [ctypes.c_size_t]
    lib.ZSTD_getErrorName.restype = ctypes.c_char_p
    return lib
