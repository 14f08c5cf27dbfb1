"""Global memory of the two test simulators (PTX warps, GCN waves): separate allocations, so an
access outside every one of them fails the test instead of reading garbage."""
from __future__ import annotations


class Memory:
    """Global memory: separate allocations; an access outside all of them is a bug."""

    def __init__(self) -> None:
        self.blocks: dict[int, bytearray] = {}
        # where each segment's next allocation goes: kernel arguments have their own, so that a
        # kernel reading them with vector loads sees the same addresses whatever else (an
        # instrumented launch's header and maps) was allocated before
        self.next = {"global": 0x7f00_0000_1000, "kernarg": 0x7e00_0000_1000}

    def alloc(self, data: bytes | int, align: int = 4096, segment: str = "global") -> int:
        buf = bytearray(data)
        base = -(-self.next[segment] // align) * align
        self.blocks[base] = buf
        self.next[segment] = (base + max(len(buf), 1) + 2 * align - 1) // align * align
        return base

    def _find(self, addr: int, size: int) -> tuple[bytearray, int]:
        for base, buf in self.blocks.items():
            if base <= addr and addr + size <= base + len(buf):
                return buf, addr - base
        raise AssertionError(f"access of {size} bytes at {addr:#x} is outside every allocation")

    def read(self, addr: int, size: int) -> int:
        buf, off = self._find(addr, size)
        return int.from_bytes(buf[off:off + size], "little")

    def write(self, addr: int, size: int, value: int) -> None:
        buf, off = self._find(addr, size)
        buf[off:off + size] = (value & ((1 << 8 * size) - 1)).to_bytes(size, "little")

    def bytes(self, base: int) -> bytes:
        return bytes(self.blocks[base])
