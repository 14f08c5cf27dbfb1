"""Kernel names as tables show them: demangled, bare and folded to fit; -k matches either form.
Names from kernels the GPU tests ran (ATen, cuBLASLt, NCCL, CUTLASS, numba)."""
from __future__ import annotations

import re

import pytest

from neutrino_py.names import demangle, outline, selects, short

ATEN = "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEESt5arrayIPcLm1EEEEviT0_T1_"
NCCL = "_Z31ncclDevKernel_AllGather_RING_LL24ncclDevKernelArgsStorageILm4096EE"
# numba-cuda 0.30.4's axpy (tests/corpus/numba/) and CUTLASS example 48's GEMM, as they ran
NUMBA = (
    "_ZN13library_numba4axpyB2v1B92cw51cXTLSUwv1sDUaKthqaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbt"
    "tqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedEf5ArrayIfLi1E1A7mutable7alignedE5Array"
    "IfLi1E1A7mutable7alignedE"
)
CUTLASS = (
    "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiEEENS1_10collective13"
    "CollectiveMmaINS1_34MainloopSm90TmaGmmaWarpSpecializedILi7ENS5_IJNS4_1CILi4EEENSA_ILi2EEENSA_ILi"
    "1EEEEEENS1_35KernelTmaWarpSpecializedCooperativeEEENS5_IJNSA_ILi128EEESH_NSA_ILi32EEEEEEfNS5_IJl"
    "SD_lEEEfSK_NS4_8TiledMMAINS4_8MMA_AtomIJNS4_4SM904GMMA30MMA_64x128x8_F32TF32TF32_SS_TNILNSO_7Sca"
    "leInE1ELSQ_1EEEEEENS4_6LayoutINS5_IJSC_SD_SD_EEENS5_IJSD_NSA_ILi0EEESV_EEEEENS5_IJNS4_10Undersco"
    "reESY_SY_EEEEENS4_23SM90_TMA_LOAD_MULTICASTENS4_14ComposedLayoutINS4_7SwizzleILi3ELi4ELi3EEENS4_"
    "18smem_ptr_flag_bitsILi32EEENST_INS5_IJNSA_ILi8EEESI_EEENS5_IJSI_SD_EEEEEEEvNS4_8identityES11_S1"
    "B_vS1C_EENS_8epilogue10collective6detail29Sm90TmaWarpSpecializedAdapterINS1F_15DefaultEpilogueIf"
    "NS5_IJSD_llEEES1J_NS1E_6thread17LinearCombinationIfLi1EffLNS1K_9ScaleType4KindE0ELNS_15FloatRoun"
    "dStyleE2EfEENS1_15EpilogueDefaultEEEEEvvEEEEvNT_6ParamsE"
)

pytest.importorskip("ctypes")
if demangle(ATEN) == ATEN:
    pytest.skip("no libstdc++ to demangle with", allow_module_level=True)
BLACKWELL = (  # CUTLASS example 70 for sm_100a: libstdc++ refuses it, LLVM's demangler reads it
    "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEENS1_10collect"
    "ive13CollectiveMmaINS1_35MainloopSm100TmaUmmaWarpSpecializedILi8ELi2ELi4ENS5_IJNS4_1CILi2EEE"
    "SB_NSA_ILi1EEEEEENS_4arch5Sm100EEENS5_IJNSA_ILi256EEENSA_ILi128EEENSA_ILi64EEEEEENS_6half_tE"
    "NS5_IJlSC_lEEESL_SM_NS4_8TiledMMAINS4_8MMA_AtomIJNS4_26SM100_MMA_F16BF16_2x1SM_SSISL_SL_fLi2"
    "56ELi128ELNS4_4UMMA5MajorE0ELSR_0ELNSQ_7ScaleInE0ELSS_0EEEEEENS4_6LayoutINS5_IJSC_SC_SC_EEEN"
    "S5_IJNSA_ILi0EEESX_SX_EEEEENS5_IJNS4_10UnderscoreES10_S10_EEEEENS4_28SM100_TMA_2SM_LOAD_MULT"
    "ICASTENS4_14ComposedLayoutINS4_7SwizzleILi3ELi4ELi3EEENS4_18smem_ptr_flag_bitsILi16EEENSV_IN"
    "S5_IJNSA_ILi8EEESJ_EEENS5_IJSJ_SC_EEEEEEEvNS4_8identityENS4_18SM100_TMA_2SM_LOADES1D_vS1E_EE"
    "NS_8epilogue10collective18CollectiveEpilogueINS1H_23Sm100TmaWarpSpecializedILi4ELi2ELi16ELb1"
    "ELb0EEEJNS5_IJSI_SI_SJ_EEENS5_IJNSV_ISI_SC_EENSV_INSA_ILi16EEESC_EEEEEfNS5_IJSC_llEEEfS1R_NS"
    "1H_6fusion15FusionCallbacksIS1L_NS1S_17LinearCombinationIffffLNS_15FloatRoundStyleE2EEES1M_S"
    "1Q_JEEENS4_5SM1004TMEM4LOAD26SM100_TMEM_LOAD_32dp32b16xENS4_13SM90_TMA_LOADENS14_INS15_ILi2E"
    "Li5ELi2EEENS17_ILi32EEENSV_INS5_IJNSA_ILi32EEENSA_ILi4EEEEEENS5_IJSC_S25_EEEEEEENS4_39AutoVe"
    "ctorizingCopyWithAssumedAlignmentILi128EEENS4_14SM90_TMA_STOREES2A_S2C_S2C_EEEvvEEEEvNT_6Par"
    "amsE")



def test_demangled_names_are_the_cxx_names():
    assert demangle(ATEN).startswith("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>")
    assert demangle(NCCL) == "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
    assert demangle("_Z3addPfPKfi") == "add(float*, float const*, int)"
    for plain in ("vector_add", "triton_poi_fused_add_gelu_0", "_Zgarbage", "", "aten::mm"):
        assert demangle(plain) == plain


@pytest.mark.parametrize("name,shown", [
    (ATEN, "at::native::vectorized_elementwise_kernel<…>"),     # return type and params dropped
    (NCCL, "ncclDevKernel_AllGather_RING_LL"),
    ("_Z3addPfPKfi", "add"),
    ("_ZN7cutlass6KernelINS_4gemm6kernel4GemmIfEEEEvNT_6ParamsE", "cutlass::Kernel<cutlass::gemm::kernel::Gemm<…> >"),
    ("triton_poi_fused_add_gelu_0", "triton_poi_fused_add_gelu_0"),
    ("x" * 60, "x" * 47 + "…"),                                   # not mangled: only cut
    ("_Z" + "q" * 60, "_Z" + "q" * 45 + "…"),                     # not demangleable: only cut
])
def test_short_names_fit_their_column(name, shown):
    assert short(name) == shown and len(short(name)) <= 48


def test_numba_names_lose_their_abi_tags_and_deep_templates_fold_from_the_inside():
    assert short(NUMBA) == "library_numba::axpy"
    assert "[abi:" in demangle(NUMBA)
    assert len(demangle(CUTLASS)) > 1000 and short(CUTLASS, 60) == "cutlass::device_kernel<…>"
    assert short(CUTLASS, 24) == "cutlass::device_kernel<…>"[:23] + "…"


def test_k_selects_by_the_mangled_or_the_demangled_name():
    assert selects(re.compile("device_kernel"), CUTLASS)
    assert selects(re.compile("cutlass::device_kernel"), CUTLASS)
    assert selects(re.compile(r"^library_numba::axpy$"), NUMBA)
    assert selects(re.compile(r"^cutlass::device_kernel<"), CUTLASS)
    assert not selects(re.compile("cutlass::gemm::kernel::Gemm<float>"), CUTLASS)
    assert selects(re.compile("^add$"), "add") and not selects(re.compile("^ad$"), "add")


def test_instrument_k_takes_the_demangled_name(tmp_path):
    """`neutrino instrument -k` (the splicer) picks a numba kernel by the name its author wrote."""
    from conftest import CORPUS
    from neutrino_py import paths
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument

    module = parse_ptx((CORPUS / "numba" / "00_axpy.sm_90.ptx").read_text())
    program = load_file(paths.probes_dir() / "block_sched.probe")
    assert list(instrument(module, program, kernels=r"library_numba::axpy$").manifests) == [NUMBA]
    assert not instrument(parse_ptx((CORPUS / "numba" / "00_axpy.sm_90.ptx").read_text()), program,
                          kernels=r"^axpy$").manifests


def test_names_libstdcxx_refuses_read_from_their_mangling():
    """The libstdc++ of this image refuses CUTLASS's Blackwell GEMM (status -2): tables and -k
    still get the qualified name, read from the mangling's leading source names (the same as
    demangling would give, where a libstdc++ reads it)."""
    assert outline(BLACKWELL) == short(BLACKWELL) == "cutlass::device_kernel<…>"
    assert selects(re.compile(r"^cutlass::device_kernel<"), BLACKWELL)
    assert not selects(re.compile(r"^cutlass::gemm"), BLACKWELL)
    assert outline("_ZSt4swapIiEvRT_S1_") == "std::swap<…>"
    assert outline("_ZNK3foo3barEv") == "foo::bar"
    assert outline("_Z6kernelPfi") == "kernel"
    for name in ("vector_add", "_Z", "_Z99short", "_ZNSt", "_ZN2at6native" + "x" * 60):
        assert outline(name) is None
