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
from itertools import repeat
from typing import Any, BinaryIO

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
        fields = self.fields
        out: dict[str, Any] = {}
        for key, convert in _CONVERTERS[self.verb]:
            raw = fields.get(key)
            out[key] = None if raw is None or raw == "-" else convert(raw)
        if spec.repeated:
            out[spec.repeated.key] = [tuple(int(x) for x in line.split())
                                      for line in self.lists.get(spec.repeated.key, [])]
        return out


def _dim3(raw: str) -> list[int]:
    return [int(x) for x in raw.split()]


# per verb: each field's key and how its text becomes a Python value (by Field.kind)
_CONVERTERS = {verb: [(f.key, {"int": int, "float": float, "dim3": _dim3}.get(f.kind, str))
                      for f in spec.fields] for verb, spec in SPECS.items()}


def _read_exact(stream: BinaryIO, n: int) -> bytes | None:
    data = stream.read(n)
    return data if len(data) == n else None


def read_message(stream: BinaryIO) -> Message | None:
    """The next message from a connection's buffered reader (`sock.makefile("rb")`: the shim
    sends many messages in one write), or None when the peer closed it."""
    raw = _read_exact(stream, HEADER_LENGTH.size)
    if raw is None:
        return None
    start = time.perf_counter()
    header = _read_exact(stream, HEADER_LENGTH.unpack(raw)[0])
    size = _read_exact(stream, PAYLOAD_LENGTH.size)
    if header is None or size is None:
        return None
    nbytes = PAYLOAD_LENGTH.unpack(size)[0]
    payload = _read_exact(stream, nbytes) if nbytes else b""
    if payload is None:
        return None
    verb, *lines = header.decode("utf-8", errors="replace").split("\n")
    lists: dict[str, list[str]] = {}
    for key, _, value in map(str.partition, filter(None, lines), repeat(" ")):
        if key in lists:
            lists[key].append(value)
        else:
            lists[key] = [value]
    return Message(verb, lists, payload, time.perf_counter() - start)


def send_message(sock: socket.socket, header: str, payload: bytes = b"") -> None:
    data = header.encode()
    sock.sendall(HEADER_LENGTH.pack(len(data)) + data + PAYLOAD_LENGTH.pack(len(payload)) + payload)
