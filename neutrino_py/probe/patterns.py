"""The words an opcode pattern may name after its opcode: PTX's qualifiers (ISA 9.0), and the
words of the PTX-like names GCN instructions are matched by (`asm.gcn_opcodes.ptx_name`:
``global_load_dwordx2`` -> ``ld.global.dwordx2``). A pattern naming a word neither has can
never match, and is a typo far more often than not (``ld.gloabl``), so the checker refuses it
where it is instead of warning later that it matched nothing.

The lists are wide on purpose: a word missing here refuses a valid pattern, while a word too
many only lets a pattern through that matches nothing. Wildcard parts are never judged, and a
part is split at ``::`` (``shared::cluster``, ``L1::evict_last``) and at ``_`` (GCN's
``add_rtn_u32``) when it is not a word as a whole.
"""
from __future__ import annotations

import re

from neutrino_py.asm.ptx_isa import OPCODES
from neutrino_py.errors import closest as closest_word

PTX_QUALIFIERS = frozenset("""
    global shared local const param generic tex reg sreg entry func cta cluster gpu sys
    weak relaxed acquire release acq_rel volatile mmio sc unified ss
    ca cg cs lu cv wb wt nc L1 L2 evict_normal evict_first evict_last evict_unchanged
    no_allocate cache_hint prefetch_size eviction_priority level
    pred bf16 bf16x2 tf32 f8f6f4 mxf8f6f4 mxf4 mxf4nvf4 s2f6x2 i8 e2m1 e2m3 e3m2 e4m3 e5m2
    and or xor not cas exch add sub inc dec min max popc noftz
    rn rz rm rp rna rni rzi rmi rpi rs ftz sat satfinite relu approx full nan NaN xorsign abs
    oob pack unpack frnd2
    eq ne lt le gt ge lo ls hi hs equ neu ltu leu gtu geu num wide cc
    l r clamp wrap up down bfly idx sync all any uni ballot arrive red aligned warp gl
    proxy alias async tensormap mbarrier_init op_restrict sync_restrict
    init inval arrive_drop expect_tx complete_tx test_wait try_wait pending_count parity
    noComplete bytes one
    bulk tensor prefetch reduce commit_group wait_group wait_all bulk_group multicast mbarrier
    read tile im2col im2col_w im2col_w_128 gather4 scatter4 noinc cp_mask ignore_oob
    trans row col sp ordered_metadata kind block_scale scale_vec load store mma a b c d
    mma_async alloc dealloc relinquish_alloc_permit wait shift commit fence
    before_thread_sync after_thread_sync cta_group ws collector fill use lastuse discard
    ashift warpx2 warpx4 ld st cp
    replace global_address rank box_dim global_dim global_stride element_stride elemtype
    interleave_layout swizzle_mode swizzle_atomicity fill_mode cp_fenceproxy
    ld_reduce acc to
    finite infinite number notanumber normal subnormal
    a1d a2d cube acube 2dms a2dms base grad g p trap zero
    width height depth channel_data_type channel_order normalized_coords array_size
    num_mipmap_levels num_samples force_unnormalized_coords filter_mode addr_mode_0
    addr_mode_1 addr_mode_2 memory_layout samplerref texref surfref
    launch_dependents mask f4e b4e rc8 ecl ecr rc16 shiftamt po shr7 shr15
    try_cancel query_cancel is_canceled get_first_ctaid x y z fractional range cvt align
""".split())

# Words of GCN's PTX-like names (pieces between `_`): access widths and forms, LDS and atomic
# operations, encodings, compare conditions, branch conditions and VALU forms.
GCN_WORDS = frozenset("""
    dword byte ubyte sbyte short ushort sshort ubyte0 ubyte1 ubyte2 ubyte3 d16 lds format
    xy xyz xyzw read write read2 write2 read2st64 write2st64 addtid rtn rsub smin smax umin
    umax fmin fmax swap cmpswap cmpst wrxchg wrxchg2 wrxchg2st64 mskor append consume pk csub
    tr buffer co ci e32 e64 sdwa dpp dpp8 saveexec scc0 scc1 vccz vccnz execz execnz class
    legacy iflag fixup fmas scale mix mixlo mixhi flr off pkrtz norm lg o u nge nlg ngt nle
    neq nlt tru f t lshl lshr ashr fp8 bf8 xf32 1k scalar
""".split())

# Word shapes with numbers in them: types (b32, f16x2, e4m3x2), vectors (v4, x2), matrix and
# tensor-memory shapes (m16n8k16, 32x32b, 16x16x16f16), dimensions (2d), sizes (128B), counts
# (cta_group::1, scale_vec::2X) and GCN's widths (dwordx4).
_SHAPES = re.compile(r"[bsuif]\d+(x\d+)?(_p\d+)?|u?e\d+m\d+(x\d+)?|[vx]\d+|m\d+n\d+(k\d+)?|"
                     r"\d+d|\d+x\d+(x\d+)?[a-z]*\d*(x\d+)?|\d+[bBX]?|\d+_\d+|dwordx\d+")

WORDS = PTX_QUALIFIERS | GCN_WORDS | frozenset(OPCODES)


def known(word: str) -> bool:
    """Whether `word` (one part of a pattern, no wildcard) can name a qualifier."""
    return all(_known_piece(c) for c in word.split("::"))


def _known_piece(piece: str) -> bool:
    """A word, a shape, or words and shapes joined by `_`."""
    return _word(piece) or all(_word(p) for p in piece.split("_"))


def _word(piece: str) -> bool:
    return piece in WORDS or _SHAPES.fullmatch(piece) is not None


def unknown_qualifier(parts: tuple[str, ...]) -> tuple[int, str] | None:
    """(index, text) of the first part after the opcode that names no known word, else None;
    parts with a wildcard are left alone (they may match words these lists lack)."""
    for i, part in enumerate(parts[1:], 1):
        if not any(w in part for w in "*?") and not known(part):
            return i, part
    return None


def closest(part: str) -> str | None:
    """The known word closest to `part` (case aside; PTX's qualifiers first), component by
    component at ``::``, or None when some component is like no word."""
    fixed = []
    for piece in part.split("::"):
        if _known_piece(piece):
            fixed.append(piece)
            continue
        close = closest_word(piece, sorted(PTX_QUALIFIERS)) or closest_word(piece, sorted(WORDS))
        if close is None:
            return None
        fixed.append(close)
    return "::".join(fixed)
