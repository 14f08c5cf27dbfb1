; Hand-written: scalar and control syntax. hwreg(...) symbolic and numeric forms, symbolic
; s_waitcnt (vmcnt/expcnt/lgkmcnt, each alone, all three, with & and _sat), s_setprio, s_sleep,
; s_nop, sendmsg(...), s_setreg, branches on execz/vccz/vccnz/scc, exec_lo/exec_hi, vcc_lo/hi,
; m0, ttmp registers, src_shared_base/src_private_base, v_cmpx, .set/.equ symbols (and symbol
; arithmetic) as operands, labels spelled .L, $-containing, plain local and numeric (1: / 1f),
; a by-value argument named n (!str in the YAML, which LLVM would read as a bool); `//` and
; `/* */` comments (whole-line, trailing, inline, across lines) and marks in both comment styles.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.set	OUT_STRIDE, 256
	.equ	LANE_MASK, 0x3f
	.set	HALF_STRIDE, OUT_STRIDE/2
	.text
	.globl	control
	.p2align	8
	.type	control,@function
control:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dword s8, s[0:1], 0x10
	v_and_b32_e32 v0, LANE_MASK, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_getreg_b32 s9, hwreg(HW_REG_HW_ID, 8, 4)
	s_getreg_b32 s10, hwreg(HW_REG_HW_ID)
	s_setprio 2 // raise the wave's priority
/* wait for everything:
   all three counters */
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
// @neutrino mma_begin
	global_load_dword v2, v1, s[4:5]
	s_waitcnt vmcnt(0) /* the load */
	s_mov_b32 m0, -1
	; @neutrino mma_end
	s_mov_b64 s[12:13], exec
	v_cmpx_gt_u32_e32 vcc, 16, v2
	s_cbranch_execz .LBB0_2
; %bb.1:
	v_add_u32_e32 v2, 0x1000, v2
	s_nop 3
.LBB0_2:
	s_or_b64 exec, exec, s[12:13]
	s_cmp_eq_u32 s8, 0
	s_cbranch_scc1 .Lskip$tail
	v_mov_b32_e32 v3, s8
	v_cmp_lt_u32_e64 vcc, v0, v3
	s_cbranch_vccz .Lskip$tail
	s_and_saveexec_b64 s[12:13], vcc
	v_lshlrev_b32_e32 v2, 1, v2
	s_mov_b64 exec, s[12:13]
.Lskip$tail:
	s_mov_b32 s11, exec_lo
	s_mov_b32 s14, exec_hi
	s_add_u32 s11, s11, s14
	s_mov_b32 vcc_lo, s11
	s_mov_b32 vcc_hi, 0
	s_cbranch_vccnz local_label
	s_sleep 1
local_label:
	v_add_u32_e32 v2, s9, v2
	v_add_u32_e32 v2, s10, v2
	s_mov_b64 s[14:15], src_shared_base
	v_mov_b32_e32 v4, s15
	v_mov_b32_e32 v5, 0
	s_movk_i32 s16, OUT_STRIDE+HALF_STRIDE
	v_add_u32_e32 v5, s16, v1
	s_cmp_lg_u32 s16, 0
	s_cbranch_scc0 1f
	v_add_u32_e32 v5, 4, v5
1:
	global_store_dword v1, v2, s[6:7]
	global_store_dword v1, v4, s[6:7] offset:OUT_STRIDE
	global_store_dword v5, v5, s[6:7]
	s_endpgm
.Lfunc_end0:
	.size	control, .Lfunc_end0-control

	.globl	hw_state
	.p2align	8
	.type	hw_state,@function
hw_state:
	s_load_dwordx2 s[4:5], s[0:1], 0x8
	s_getreg_b32 s6, hwreg(HW_REG_MODE, 0, 8)
	s_getreg_b32 s7, hwreg(5, 0, 32)
	s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s6
	s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
	s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), s6
	s_mov_b64 s[8:9], ttmp[4:5]
	s_mov_b32 s10, ttmp8
	s_mov_b64 s[12:13], src_private_base
	s_mov_b32 s11, flat_scratch_lo
	s_sendmsg sendmsg(MSG_INTERRUPT)
	s_waitcnt lgkmcnt(0) & vmcnt(1)
	s_waitcnt vmcnt(63)
	s_waitcnt lgkmcnt_sat(0)
	s_ttracedata
	s_setprio 0
	v_lshlrev_b32_e32 v1, 2, v0
	v_mov_b32_e32 v2, s6
	v_mov_b32_e32 v3, s7
	v_mov_b32_e32 v4, s13
	global_store_dword v1, v2, s[4:5]
	global_store_dword v1, v3, s[4:5] offset:256
	global_store_dword v1, v4, s[4:5] offset:512
	s_endpgm
.Lfunc_end1:
	.size	hw_state, .Lfunc_end1-hw_state

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel control
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 17
		.amdhsa_accum_offset 8
		.amdhsa_reserve_vcc 1
	.end_amdhsa_kernel
	.amdhsa_kernel hw_state
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 14
		.amdhsa_accum_offset 8
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_ieee_mode 0
		.amdhsa_dx10_clamp 0
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           in
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .name:           !str n
        .offset:         16
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 64
    .name:           control
    .private_segment_fixed_size: 0
    .sgpr_count:     21
    .symbol:         control.kd
    .vgpr_count:     6
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .name:           in
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           hw_state
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .symbol:         hw_state.kd
    .vgpr_count:     5
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
