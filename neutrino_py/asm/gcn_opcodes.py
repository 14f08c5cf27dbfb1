"""GCN opcode facts (the one table for the GCN IR, matching and the GCN target): the PTX-style name a probe pattern matches, memory widths, operand roles.

Probe patterns are written in PTX terms (``ld.global``, ``@bra``, ``count(add, mul)``); each GCN
opcode gets a dotted PTX-like name (``global_load_dwordx2`` -> ``ld.global.dwordx2``) that the
same `OpcodePattern.matches` rule accepts. The rules are data: prefix -> name.
"""
from __future__ import annotations

import re
import struct

# (opcode prefix, PTX-like base and space) — first match wins
MEMORY = (
    ("global_load", "ld.global"), ("global_store", "st.global"), ("global_atomic", "atom.global"),
    ("flat_load", "ld"), ("flat_store", "st"), ("flat_atomic", "atom"),
    ("buffer_load", "ld.buffer"), ("buffer_store", "st.buffer"), ("buffer_atomic", "atom.buffer"),
    ("scratch_load", "ld.local"), ("scratch_store", "st.local"),
    ("ds_read", "ld.shared"), ("ds_load", "ld.shared"), ("ds_write", "st.shared"),
    ("ds_store", "st.shared"), ("s_load", "ld.const"), ("s_buffer_load", "ld.const"),
    ("s_store", "st.scalar"), ("s_atomic", "atom.scalar"), ("s_buffer_store", "st.scalar"),
    ("s_buffer_atomic", "atom.scalar"), ("s_scratch_load", "ld.local"),
    ("s_scratch_store", "st.local"),
)
# scalar memory (SMEM, gfx8/gfx9: stores, atomics and scratch on gfx9 up to gfx90a): one access
# per wave, whatever EXEC holds, at an address in SGPRs. Stores and atomics are named in a space
# of their own (``st.scalar``, ``atom.scalar``), apart from the vector accesses whose lanes a
# probe on ``st.global`` counts; a probe at one runs once per wave (targets.gcn: lane 0, any EXEC).
SCALAR_MEMORY = ("s_load", "s_store", "s_atomic", "s_buffer_", "s_scratch_")
DS_ATOMIC = re.compile(r"ds_(add|sub|inc|dec|min|max|and|or|xor|mskor|cmpst|cmpswap|wrxchg|append|consume)")
# LDS counters: they add/subtract the lane count at M0 + offset and always return the old value
M0_ADDRESSED = ("ds_append", "ds_consume")
RENAME = {"lshl": "shl", "lshr": "shr", "ashr": "shr", "cmp": "setp", "cmpx": "setp",
          "cndmask": "selp", "mfma": "mma", "smfmac": "mma", "barrier": "bar", "endpgm": "exit",
          "branch": "bra", "cbranch": "bra", "swappc": "call", "setpc": "brx", "bcnt1": "popc",
          "ff1": "bfind", "subrev": "sub", "mac": "mad", "fmac": "fma", "mad": "mad",
          "sendmsg": "pmevent", "sleep": "nanosleep"}
# matrix instructions: asynchronous by wait states, not counters (their results are read a
# number of passes later, with no interlock)
MATRIX = ("v_mfma", "v_smfmac")
ASYNCHRONOUS = ("global_", "flat_", "buffer_", "scratch_", "ds_", "image_", "s_memtime",
                "s_memrealtime", "s_dcache") + MATRIX
TERMINATORS = ("s_branch", "s_cbranch_", "s_endpgm", "s_setpc_b64")
# instructions whose first operand is not written
NO_DEST = re.compile(r"^(global_store|flat_store|buffer_store|scratch_store|ds_write|ds_store|"
                     r"s_store|s_buffer_store|s_scratch_store|s_set_gpr_idx|"
                     r"s_cmp|s_bitcmp|s_cbranch|s_branch|s_waitcnt|s_nop|s_endpgm|"
                     r"s_barrier|s_setpc|s_sendmsg|s_setreg|s_sleep|s_dcache|buffer_wbl2|"
                     r"buffer_inv|v_cmpx_.*_e32)")
# LDS DMA loads (``global_load_dword v1, s[0:1] lds`` on gfx90a, ``global_load_lds_dword`` on
# gfx94x, the buffer and scratch forms): they write the LDS at M0, so every operand is a source
LDS_DMA = re.compile(r"^(global|buffer|scratch)_load_lds_")
# VALU instructions with a second destination (VOP3b: a carry-out or `v_div_scale`'s flag) in
# their second operand (an SGPR pair, or VCC in the _e32 forms)
CARRY_OUT = ("_co_", "v_mad_u64_u32", "v_mad_i64_i32", "v_div_scale")
LANE_MASK_SOURCES = ("v_cndmask_", "v_addc_co_", "v_subb_co_", "v_subbrev_co_")
# processors whose every store outside the LDS carries these cache bits (LLVM's
# FeatureForceStoreSC0SC1, a hardware workaround: it sets them on the compiler's own stores)
FORCED_STORE_BITS = {"gfx940": ("sc0", "sc1"), "gfx941": ("sc0", "sc1")}
# 64-bit operations' 32-bit sources, by index after the destinations (`source_dwords`): shift
# amounts, bit offsets and widths, exponents, class masks
NARROW_SOURCES = {"s_lshl_b64": (1,), "s_lshr_b64": (1,), "s_ashr_i64": (1,), "s_bfe_u64": (1,),
                  "s_bfe_i64": (1,), "s_bfm_b64": (0, 1), "s_bitset0_b64": (0,),
                  "s_bitset1_b64": (0,), "v_lshlrev_b64": (0,), "v_lshrrev_b64": (0,),
                  "v_ashrrev_i64": (0,), "v_lshl_add_u64": (1,), "v_ldexp_f64": (1,),
                  "v_trig_preop_f64": (1,), "v_cmp_class_f64": (1,), "v_cmpx_class_f64": (1,)}
# 32-bit operations' 64-bit sources: the multiply-adds' addend, the sums of absolute
# differences' packed bytes and accumulators (v_mqsad_u32_u8's 128-bit one takes VGPRs only)
WIDE_SOURCES = {"v_mad_u64_u32": (2,), "v_mad_i64_i32": (2,), "v_qsad_pk_u16_u8": (0, 2),
                "v_mqsad_pk_u16_u8": (0, 2), "v_mqsad_u32_u8": (0,)}
_WIDTH = {"byte": 1, "ubyte": 1, "sbyte": 1, "u8": 1, "i8": 1, "b8": 1, "short": 2, "ushort": 2,
          "sshort": 2, "u16": 2, "i16": 2, "b16": 2, "dword": 4, "b32": 4, "u32": 4, "i32": 4,
          "f32": 4, "dwordx2": 8, "b64": 8, "u64": 8, "i64": 8, "f64": 8, "x2": 8, "dwordx3": 12,
          "b96": 12, "dwordx4": 16, "b128": 16, "x4": 16, "dwordx8": 32, "dwordx16": 64}


def returns(opcode: str, modifiers: list[str]) -> bool:
    """Whether an atomic writes the old value back (``glc``/``sc0``, ``_rtn`` on LDS, and the LDS
    counters always)."""
    return "_rtn" in opcode or "glc" in modifiers or "sc0" in modifiers or opcode.startswith(M0_ADDRESSED)


def _memory(opcode: str) -> tuple[str, str, int] | None:
    """(PTX-like base, space, words of the opcode its `MEMORY` prefix takes) of a memory
    instruction, or None; an LDS atomic (`DS_ATOMIC`) and every `ds_` form take one word."""
    for prefix, name in MEMORY:
        if opcode.startswith(prefix):
            base, _, space = name.partition(".")
            return base, space, 1 if prefix.startswith("ds_") else prefix.count("_") + 1
    if DS_ATOMIC.match(opcode):
        return "atom", "shared", 1
    return None


def memory_space(opcode: str) -> tuple[str, str] | None:
    """(PTX-like base, space) of a memory instruction, or None."""
    mem = _memory(opcode)
    return None if mem is None else mem[:2]


def is_scalar_memory(opcode: str) -> bool:
    """An SMEM access (`SCALAR_MEMORY`): its address is the wave's, not a lane's."""
    return opcode.startswith(SCALAR_MEMORY) and memory_space(opcode) is not None


def ptx_name(opcode: str, modifiers: list[str]) -> str:
    """The dotted PTX-like name patterns match: ``ld.global.dwordx2``, ``add.u32.e32``,
    ``st.scalar.dword`` (``s_buffer_store_dword``)."""
    mem = _memory(opcode)
    if mem is not None:
        base, space, words = mem
        if base == "atom" and not returns(opcode, modifiers):
            base = "red"
        rest = opcode.split("_", words)[words:]
        return ".".join([base] + ([space] if space else []) + rest)
    words = opcode.split("_")
    head = words[1] if words[0] in ("s", "v") and len(words) > 1 else words[0]
    return ".".join([RENAME.get(head, head)] + words[2:])


def width(opcode: str) -> int:
    """Bytes a memory instruction moves (ds_*2 forms: both elements)."""
    for part in reversed(opcode.split("_")):
        if part in _WIDTH:
            n = _WIDTH[part]
            if opcode.startswith(("ds_read2", "ds_write2", "ds_load_2", "ds_store_2")):
                n *= 2
            return n
    if "atomic" in opcode or DS_ATOMIC.match(opcode):
        return 4
    return 0


# LDS instructions with two addresses (``ds_read2_b32 v[0:1], v2 offset0:2 offset1:3``): their
# offset0/offset1 count elements of the access's width, times 64 in the st64 forms
_DS_TWO = re.compile(r"ds_(read2|write2|wrxchg2|load_2addr|store_2addr|storexchg_2addr)(st64|_stride64)?_")


def ds_offset_unit(opcode: str) -> int:
    """Bytes one unit of an LDS instruction's offset modifier stands for: 1, or for the
    two-address forms (`_DS_TWO`) the element's width (times 64 in st64 forms)."""
    m = _DS_TWO.match(opcode)
    if m is None:
        return 1
    element = 8 if opcode.endswith("64") else 4
    return element * (64 if m[2] else 1)


def _unencoded(opcode: str) -> str:
    """`opcode` without the encoding LLVM may append (``_e32``, ``_e64``, ``_dpp``, ``_sdwa``)."""
    return re.sub(r"_(e32|e64|dpp|sdwa)$", "", opcode)


def constant_bits(opcode: str, value: float) -> int:
    """The bits a float constant operand (``0.5``, ``-4.0``, ``0.15915494``) stands for in
    `opcode`: an f64 in an f64 operation, an f16 in an f16 one, else an f32 (integer
    operations read a float inline constant's f32 bits)."""
    parts = _unencoded(opcode).split("_")
    kind = next((p for p in reversed(parts) if p in ("f16", "f32", "f64")), "f32")
    fmt = {"f16": "<e", "f32": "<f", "f64": "<d"}[kind]
    return int.from_bytes(struct.pack(fmt, value), "little")


def source_dwords(opcode: str, k: int) -> int:
    """Dwords source `k` of `opcode` reads (0: the first operand after the destinations): two
    where the type its name ends with is 64-bit (``s_mov_b64``, ``s_cmp_eq_u64``,
    ``v_cvt_f32_f64``) and in gfx90a's packed f32 operations (``v_pk_fma_f32``), else one;
    `NARROW_SOURCES` and `WIDE_SOURCES` name the sources that differ. Lane masks aside
    (`lane_mask`: VCC or an SGPR pair in a wave64). An aperture register is read as that many
    dwords (`asm.gcn.APERTURES`)."""
    op = _unencoded(opcode)
    if k in NARROW_SOURCES.get(op, ()):
        return 1
    if k in WIDE_SOURCES.get(op, ()) or op.startswith("v_pk_") and op.endswith(("_f32", "_b32")):
        return 2
    last = next((p for p in reversed(op.split("_")) if re.fullmatch(r"[bfiu]\d+", p)), "")
    return 2 if last[1:] == "64" else 1


def is_terminator(opcode: str) -> bool:
    """True for instructions that end a basic block (branches, ``s_endpgm``, ``s_setpc_b64``):
    blocks split there, and an ``after`` probe cannot follow one."""
    return opcode.startswith(TERMINATORS)


def is_store(opcode: str) -> bool:
    """A vector store to memory outside the LDS (global, flat, buffer, scratch): the stores
    gfx940/gfx941 must issue with ``sc0 sc1`` (`FORCED_STORE_BITS`; they have no scalar ones)."""
    mem = memory_space(opcode)
    return mem is not None and mem[0] == "st" and mem[1] != "shared" and not is_scalar_memory(opcode)


def forced_store_bits(mcpu: str, opcode: str) -> tuple[str, ...]:
    """The cache bits `opcode` must carry on `mcpu`: `FORCED_STORE_BITS` for its stores."""
    return FORCED_STORE_BITS.get(mcpu, ()) if is_store(opcode) else ()


def is_vector_memory(opcode: str) -> bool:
    """A global, flat or buffer access: one ``s_waitcnt vmcnt(0)`` drains it."""
    return opcode.startswith(("global_", "flat_", "buffer_"))


def is_asynchronous(opcode: str) -> bool:
    """Whether an instruction may read or write its registers after it issued (memory, the
    clocks, matrix instructions): until the kernel's ``s_waitcnt`` or wait states."""
    return memory_space(opcode) is not None or opcode.startswith(ASYNCHRONOUS)


def destinations(opcode: str, modifiers: list[str], first: object = None) -> int:
    """How many leading operands are written: 0, 1, or 2 (a VOP3b carry-out or flag). `first` is
    the first operand as parsed: a VOPC ``v_cmpx_*_e32`` prints the VCC it writes beside EXEC on
    gfx9 and none on gfx10, so only the operand says which."""
    if opcode.startswith("v_cmpx_") and opcode.endswith("_e32"):
        return int(getattr(first, "file", None) == "vcc")
    if not writes_first(opcode, modifiers):
        return 0
    return 2 if opcode.startswith("v_") and any(c in opcode for c in CARRY_OUT) else 1


def lane_mask(opcode: str, operand: int, destinations: int, count: int) -> bool:
    """Whether operand `operand` of `count` holds one bit per lane: a VOPC compare's destination,
    and the last source of `v_cndmask_*` (its selector) and of an add or subtract with a carry-in.
    PTX holds these values in predicates, and a probe reads this lane's bit of them."""
    if operand < destinations:
        return operand == 0 and opcode.startswith(("v_cmp_", "v_cmpx_"))
    return opcode.startswith(LANE_MASK_SOURCES) and operand == count - 1 == destinations + 2


def is_lds_dma(opcode: str, modifiers: list[str]) -> bool:
    """A load from memory into LDS (no VGPR written): the ``lds`` modifier or a ``_load_lds_``
    opcode."""
    return bool(LDS_DMA.match(opcode)) or (opcode.startswith(("global_load", "buffer_load",
                                                                "scratch_load")) and "lds" in modifiers)


def writes_first(opcode: str, modifiers: list[str]) -> bool:
    """Whether the first operand is a destination."""
    if NO_DEST.match(opcode) or is_lds_dma(opcode, modifiers):
        return False
    if (opcode.startswith(("global_atomic", "flat_atomic", "buffer_atomic", "s_atomic", "s_buffer_atomic"))
            or DS_ATOMIC.match(opcode)) and not returns(opcode, modifiers):
        return False
    return True
