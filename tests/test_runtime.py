"""Argument packing for in-process launches: the exact bytes each kernel parameter receives."""
from __future__ import annotations

import ctypes
import struct

import numpy as np
import pytest

from neutrino_py.errors import ToolError
from neutrino_py.runtime.args import Packed, ParamType


def param_bytes(values, type_names):
    types = [ParamType.parse(t) for t in type_names]
    packed = Packed(values, types)
    slots = (ctypes.c_void_p * len(types)).from_address(packed.address)
    return [ctypes.string_at(slots[i], t.nbytes) for i, t in enumerate(types)]


class FakeCupy:
    __cuda_array_interface__ = {"data": (0x7F0000001000, False), "shape": (4,), "typestr": "<f4",
                                "version": 3}


class FakeTorch:
    def data_ptr(self):
        return 0x7F0000002000


def test_param_types_parse_ptx_spellings_and_structs():
    assert ParamType.parse(".u64") == ParamType("u", 64)
    assert ParamType.parse("f32").nbytes == 4
    assert ParamType.parse("b8[24]") == ParamType("b", 8, 24) and ParamType.parse("b8[24]").nbytes == 24
    assert ParamType.of_size(4) == ParamType("b", 32) and ParamType.of_size(12).nbytes == 12
    with pytest.raises(ToolError, match="unsupported kernel parameter type"):
        ParamType.parse(".pred")


def test_numbers_are_typed_by_the_parameter_list():
    got = param_bytes([3, 3, -1, 2.5, 7, 1.5, -2], [".f32", ".u32", ".s32", ".f64", ".u64", ".b32", ".b64"])
    assert got == [struct.pack("<f", 3.0), struct.pack("<I", 3), struct.pack("<i", -1),
                   struct.pack("<d", 2.5), struct.pack("<Q", 7), struct.pack("<f", 1.5),
                   struct.pack("<q", -2)]
    assert param_bytes([np.float16(1.0)], ["f16"]) == [b"\x00\x3c"]
    assert param_bytes([np.int32(5), True], ["s32", "u8"]) == [struct.pack("<i", 5), b"\x01"]


def test_device_arrays_and_raw_pointers_pass_their_address():
    got = param_bytes([FakeCupy(), FakeTorch(), 0x7F0000003000], ["u64", "u64", "u64"])
    assert [struct.unpack("<Q", b)[0] for b in got] == [0x7F0000001000, 0x7F0000002000, 0x7F0000003000]


def test_struct_parameters_take_exact_bytes():
    assert param_bytes([bytes(range(12))], ["b8[12]"]) == [bytes(range(12))]
    with pytest.raises(ToolError, match="12-byte struct"):
        param_bytes([bytes(8)], ["b8[12]"])


def test_mistakes_are_reported_with_the_parameter_index():
    with pytest.raises(ToolError, match="takes 2 parameters, 1 were given"):
        param_bytes([1], ["u32", "u32"])
    with pytest.raises(ToolError, match="does not fit a .u32"):
        param_bytes([1 << 32], ["u32"])
    with pytest.raises(ToolError, match="parameter 0 is .u32, not a pointer"):
        param_bytes([FakeTorch()], ["u32"])
    with pytest.raises(ToolError, match="parameter 1: cannot pass 2.5"):
        param_bytes([1, 2.5], ["u32", "s32"])
    with pytest.raises(ToolError, match="parameter 0: cannot pass a str"):
        param_bytes(["x"], ["u64"])


def test_a_machine_without_a_driver_gets_a_tool_error_with_a_fix(monkeypatch):
    from neutrino_py.errors import ToolError
    from neutrino_py.runtime import cuda

    def no_library(_flags):
        raise RuntimeError('"cuda" is an NVIDIA driver library and can only be found via system search')

    monkeypatch.setattr(cuda.cu, "cuInit", no_library)
    cuda.device.cache_clear()
    with pytest.raises(ToolError) as err:
        cuda.device()
    assert "CUDA driver cannot be loaded" in str(err.value)
    assert "neutrino doctor" in err.value.fix
    cuda.device.cache_clear()


def test_launch_appends_map_pointers_and_reads_maps_as_maps_read_does(monkeypatch):
    """The launcher with the driver faked: map pointers follow the kernel's own params, and the
    maps come back exactly as `maps.read` reads the same header and buffers."""
    import importlib

    from neutrino_py import maps

    launch_mod = importlib.import_module("neutrino_py.runtime.launch")

    man = {"version": 1, "kernel": "k", "target": "ptx", "probe": {}, "params": [], "maps": [
        {"name": "n", "kind": "counter", "level": "thread", "dtype": [["x", "<u4"]], "header_slot": 0},
        {"name": "log", "kind": "record", "level": "warp", "dtype": [["t", "<u8"]], "capacity": None,
         "pool": 8, "header_slot": 1}]}
    contents = {0: np.array([[0, 0], [3, 0]], dtype="<u8").tobytes(),
                1: np.arange(64, dtype="<u4").tobytes(), 2: np.arange(8, dtype="<u8").tobytes()}

    class FakeBuffer:
        def __init__(self, nbytes):
            self.nbytes, self.ptr, self.zeroed = nbytes, 0x1000 * (len(taken) + 1), False
            self.data = contents[len(taken)]

        def zero(self, stream=0):
            self.zeroed = True

        def download(self, nbytes=None):
            return self.data[:self.nbytes if nbytes is None else nbytes]

    taken, given, seen = [], [], {}

    class FakeSpare:
        def take(self, nbytes):
            taken.append(FakeBuffer(nbytes))
            return taken[-1]

        def give(self, buf):
            given.append(buf)

    def fake_elapsed(function, grid, block, shared_mem, stream, packed):
        slots = (ctypes.c_void_p * 4).from_address(packed.address)
        seen["params"] = [ctypes.c_uint64.from_address(slots[i]).value for i in range(4)]
        return 1.5

    monkeypatch.setattr(launch_mod, "SPARE", FakeSpare())
    monkeypatch.setattr(launch_mod, "current", lambda: None)
    monkeypatch.setattr(launch_mod, "param_sizes", lambda function: [8, 8, 8, 8])
    monkeypatch.setattr(launch_mod, "allow_shared", lambda function, nbytes: None)
    monkeypatch.setattr(launch_mod, "_elapsed_ms", fake_elapsed)
    done = launch_mod.launch("fn", [ParamType("u", 64)], 2, 32, [0xABC], manifest=man)
    assert [b.nbytes for b in taken] == [32, 256, 64] and all(b.zeroed for b in taken)
    assert seen["params"] == [0xABC, 0x1000, 0x2000, 0x3000] and given == taken
    want = maps.read(man, 2, 32, contents[0], {"n": contents[1], "log": contents[2]})
    assert done.elapsed_ms == 1.5 and done.maps.dropped == want.dropped == {"n": 0, "log": 0}
    assert {k: v.tolist() for k, v in done.maps.items()} == {k: v.tolist() for k, v in want.items()}
    assert done.maps["log"]["t"].tolist() == [0, 1, 2]
