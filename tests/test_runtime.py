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
