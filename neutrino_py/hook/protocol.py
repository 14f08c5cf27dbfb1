"""The shim ↔ server messages on the socket: reading and sending them, and decoding their fields
by the specs the contract defines once (`contract.wire.SPECS`, which the C shim gets as printf
formats through the generated `neutrino_contract.h`).

A message is a u32 header length, the header text (a verb line, then `key value` lines), a u64
payload length and the payload, little-endian. Only `instrument` carries a payload (the image);
map bytes never cross the socket: the shim appends them to the trace's `procs/<pid>/maps.bin`
itself and a `launch` message says where (docs/contracts.md §6).
"""
from __future__ import annotations

import socket
import time
from typing import Any

from neutrino_py.contract.wire import (ALLOC, ENV, HEADER_LENGTH, INSTRUMENT, LAUNCH, PAYLOAD_LENGTH,
                                       REPLY, SPECS, STATS, TRACE)

__all__ = ["ALLOC", "ENV", "INSTRUMENT", "LAUNCH", "REPLY", "SPECS", "STATS", "TRACE", "Message",
           "read_message", "send_message"]


class Message:
    """One decoded message: `verb`, first value per key in `fields`, all values in `lists`;
    `read_s`: seconds from its first bytes to its last (images are megabytes)."""

    def __init__(self, verb: str, lists: dict[str, list[str]], payload: bytes,
                 read_s: float = 0.0) -> None:
        self.verb, self.lists, self.payload, self.read_s = verb, lists, payload, read_s
        self.fields = {k: v[0] for k, v in lists.items()}

    def get(self, key: str, default: str | None = None) -> str | None:
        value = self.fields.get(key, default)
        return None if value == "-" else value

    def ints(self, key: str) -> list[int]:
        return [int(x) for x in self.fields[key].split()]

    def typed(self) -> dict[str, Any]:
        """Every field of the verb's spec with its Python type ("-" and missing → None); the
        repeated line as a list of int tuples."""
        spec = SPECS[self.verb]
        out: dict[str, Any] = {}
        for f in spec.fields:
            raw = self.fields.get(f.key)
            if raw is None or raw == "-":
                out[f.key] = None
            elif f.kind == "int":
                out[f.key] = int(raw)
            elif f.kind == "float":
                out[f.key] = float(raw)
            elif f.kind == "dim3":
                out[f.key] = [int(x) for x in raw.split()]
            else:
                out[f.key] = raw
        if spec.repeated:
            out[spec.repeated.key] = [tuple(int(x) for x in line.split())
                                      for line in self.lists.get(spec.repeated.key, [])]
        return out


def _read_exact(sock: socket.socket, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_message(sock: socket.socket) -> Message | None:
    """The next message, or None when the peer closed the connection."""
    raw = _read_exact(sock, HEADER_LENGTH.size)
    if raw is None:
        return None
    start = time.perf_counter()
    header = _read_exact(sock, HEADER_LENGTH.unpack(raw)[0])
    size = _read_exact(sock, PAYLOAD_LENGTH.size)
    if header is None or size is None:
        return None
    nbytes = PAYLOAD_LENGTH.unpack(size)[0]
    payload = _read_exact(sock, nbytes) if nbytes else b""
    if payload is None:
        return None
    lines = header.decode("utf-8", errors="replace").split("\n")
    lists: dict[str, list[str]] = {}
    for line in lines[1:]:
        if line:
            key, _, value = line.partition(" ")
            lists.setdefault(key, []).append(value)
    return Message(lines[0], lists, payload, time.perf_counter() - start)


def send_message(sock: socket.socket, header: str, payload: bytes = b"") -> None:
    data = header.encode()
    sock.sendall(HEADER_LENGTH.pack(len(data)) + data + PAYLOAD_LENGTH.pack(len(payload)) + payload)
