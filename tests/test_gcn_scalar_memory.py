"""Scalar memory stores and atomics (gfx8/gfx9 up to gfx90a: ``s_store_dword*``,
``s_buffer_store*``, ``s_atomic_*``, ``s_buffer_atomic_*``, ``s_scratch_*``) are memory accesses:
`inspect` counts them as scalar memory (bytes per wave), probes on ``st.scalar``/``atom.scalar``
match them with their width as BYTES (the stock probes' ``st.global`` does not: those count
a vector access's lanes), and ADDR is the wave's address (its SGPR base and offset, a descriptor's base for
the buffer forms), as at ``s_load``."""
from __future__ import annotations

import pytest
from test_gcn_external import PROBES, module, needs

from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.asm.inspect import summarize_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument

# gfx90a: kernarg pointer in s[4:5]; a buffer descriptor built over p in s[8:11]
SCALAR = module("gfx90a", """\ts_load_dwordx2 s[2:3], s[4:5], 0x0
\ts_load_dword s6, s[4:5], 0x8
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s7, 0
\ts_mov_b32 m0, 8
\ts_store_dword s6, s[2:3], 0x10
\ts_store_dwordx2 s[6:7], s[2:3], m0
\ts_atomic_add s6, s[2:3], 0x20
\ts_atomic_add s6, s[2:3], s7 glc
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s2
\ts_mov_b32 s9, s3
\ts_mov_b32 s10, 64
\ts_mov_b32 s11, 0x27000
\ts_buffer_store_dword s6, s[8:11], 0x4
\ts_buffer_atomic_or s6, s[8:11], s7
\ts_dcache_wb
\tv_mov_b32_e32 v0, 0
\tv_mov_b32_e32 v1, s6
\tglobal_store_dword v0, v1, s[2:3]
\ts_endpgm""", vgprs=2, sgprs=12)


@pytest.mark.parametrize("opcode,name,width", [
    ("s_store_dword", "st.scalar.dword", 4), ("s_store_dwordx4", "st.scalar.dwordx4", 16),
    ("s_buffer_store_dwordx2", "st.scalar.dwordx2", 8), ("s_atomic_add", "red.scalar.add", 4),
    ("s_atomic_cmpswap_x2", "red.scalar.cmpswap_x2", 8), ("s_buffer_atomic_or", "red.scalar.or", 4),
    ("s_scratch_store_dword", "st.local.dword", 4), ("s_scratch_load_dwordx2", "ld.local.dwordx2", 8),
    ("s_buffer_load_dwordx4", "ld.const.dwordx4", 16),
])
def test_scalar_stores_and_atomics_are_memory_with_their_width(opcode, name, width):
    assert opcodes.ptx_name(opcode, []) == name
    assert opcodes.width(opcode) == width and opcodes.is_scalar_memory(opcode)
    assert opcodes.ptx_name("s_atomic_add", ["glc"]) == "atom.scalar.add"


def test_inspect_counts_scalar_stores_and_atomics_per_wave():
    (k,) = summarize_gcn(SCALAR, "scalar.s")["functions"]
    assert k["memory"] == {"global": {"ops": 1, "bytes": 4}, "scalar": {"ops": 8, "bytes": 40}}


def test_scalar_probes_match_scalar_stores_and_atomics_and_global_ones_do_not():
    """6 scalar sites: two s_store, two s_atomic, one of each buffer form; `st.global` (the stock
    probes' pattern) only the vector global store."""
    def sites(patterns: str) -> list[int]:
        result = instrument(parse_gcn(SCALAR, "scalar.s"), load(
            f"map m[thread]: record {{ u32 b; }} pool 1 << 10\nbefore {patterns} {{ m.save(BYTES); }}\n",
            "p.probe"))
        return list(result.manifests["k"].positions.values())
    assert sites("st.scalar, atom.scalar, red.scalar") == [6]
    assert sites("st.global, atom.global, red.global") == [1]


def scalar_ops(line: str) -> list[str]:
    """ADDR's ops at the scalar instruction written `line` of SCALAR, as text."""
    from neutrino_py.targets.gcn.target import GcnKernel, _Tmp
    (ins,) = [s for s in parse_gcn(SCALAR, "scalar.s").statements
              if hasattr(s, "opcode") and s.to_text().strip() == line]
    code: list = []
    scope = _Tmp({})
    offset = GcnKernel.scalar_address(ins, scope.tmp("u64"), scope, code)
    return [f"{type(c).__name__} {getattr(c, 'op', '')} {getattr(c, 'src', getattr(c, 'b', ''))}"
            for c in code] + [f"+{offset}"]


def test_addr_at_a_scalar_access_is_the_waves_address():
    """ADDR = base + offset, in every lane: the offset a number, an SGPR or M0; a buffer form's
    base is its descriptor's low 48 bits."""
    assert scalar_ops("s_store_dword s6, s[2:3], 0x10")[-1] == "+16"
    assert any("s[2:3]" in o for o in scalar_ops("s_store_dword s6, s[2:3], 0x10"))
    assert any("m0" in o for o in scalar_ops("s_store_dwordx2 s[6:7], s[2:3], m0"))
    buffer = scalar_ops("s_buffer_atomic_or s6, s[8:11], s7")
    assert any("s[8:9]" in o for o in buffer) and any("s7" in o for o in buffer)
    assert any(str((1 << 48) - 1) in o for o in buffer)


def test_an_offset_that_is_a_relocation_refuses_addr():
    text = SCALAR.replace("s_store_dword s6, s[2:3], 0x10", "s_store_dword s6, s[2:3], sym@abs32@lo")
    probe = "map m[thread]: record { u64 a; } pool 1 << 10\nbefore st.scalar { m.save(ADDR); }\n"
    with pytest.raises(SourceError, match="ADDR cannot be read at `st.scalar.dword`.*not known"):
        instrument(parse_gcn(text, "scalar.s"), load(probe, "p.probe"))
    instrument(parse_gcn(text, "scalar.s"), load_file(PROBES[[p.stem for p in PROBES].index("dmat")]))


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
def test_scalar_memory_kernel_instruments_and_links(probe):
    needs("gfx90a")
    module_ = parse_gcn(SCALAR, "scalar.s")
    instrument(module_, load_file(probe))
    tools.gcn_to_object(module_.to_text(), module_.target_id)
