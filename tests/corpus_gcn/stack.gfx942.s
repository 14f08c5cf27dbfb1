	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.protected	scratch_array           ; -- Begin function scratch_array
	.globl	scratch_array
	.p2align	8
	.type	scratch_array,@function
scratch_array:                          ; @scratch_array
; %bb.0:
	s_load_dword s3, s[0:1], 0x1c
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_and_b32 s0, s3, 0xffff
	s_mul_i32 s2, s2, s0
	v_add_u32_e32 v3, s2, v0
	v_mov_b32_e32 v0, v3
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_lshl_add_u64 v[4:5], s[4:5], 0, v[0:1]
	global_load_dword v33, v[4:5], off
	v_lshlrev_b32_e32 v4, 1, v3
	v_lshl_add_u32 v5, v3, 1, v3
	v_lshlrev_b32_e32 v6, 2, v3
	v_mul_lo_u32 v8, v3, 6
	v_lshl_add_u32 v7, v3, 2, v3
	v_mul_lo_u32 v9, v3, 7
	v_lshlrev_b32_e32 v30, 3, v3
	v_mul_lo_u32 v32, v3, 10
	v_lshl_add_u32 v31, v3, 3, v3
	v_mul_lo_u32 v11, v3, 12
	v_mul_lo_u32 v10, v3, 11
	v_mul_lo_u32 v13, v3, 14
	v_mul_lo_u32 v12, v3, 13
	v_mul_lo_u32 v14, v3, 15
	v_lshlrev_b32_e32 v15, 4, v3
	v_mul_lo_u32 v17, v3, 18
	v_lshl_add_u32 v16, v3, 4, v3
	v_mul_lo_u32 v19, v3, 20
	v_mul_lo_u32 v18, v3, 19
	v_mul_lo_u32 v21, v3, 22
	v_mul_lo_u32 v20, v3, 21
	v_mul_lo_u32 v23, v3, 24
	v_mul_lo_u32 v22, v3, 23
	v_mul_lo_u32 v25, v3, 26
	v_mul_lo_u32 v24, v3, 25
	v_mul_lo_u32 v27, v3, 28
	v_mul_lo_u32 v26, v3, 27
	v_mul_lo_u32 v29, v3, 30
	v_mul_lo_u32 v28, v3, 29
	v_mul_lo_u32 v34, v3, 31
	scratch_store_dwordx4 off, v[2:5], off
	scratch_store_dwordx4 off, v[6:9], off offset:16
	scratch_store_dwordx3 off, v[30:32], off offset:32
	scratch_store_dwordx4 off, v[10:13], off offset:44
	scratch_store_dwordx4 off, v[14:17], off offset:60
	scratch_store_dwordx4 off, v[18:21], off offset:76
	scratch_store_dwordx4 off, v[22:25], off offset:92
	scratch_store_dwordx4 off, v[26:29], off offset:108
	scratch_store_dword off, v34, off offset:124
	v_lshl_add_u64 v[0:1], s[6:7], 0, v[0:1]
	s_waitcnt vmcnt(9)
	v_and_b32_e32 v2, 31, v33
	v_lshrrev_b32_e32 v3, 3, v33
	v_lshlrev_b32_e32 v2, 2, v2
	v_and_b32_e32 v3, 0x7c, v3
	scratch_load_dword v2, v2, off
	s_nop 0
	scratch_load_dword v3, v3, off
	s_waitcnt vmcnt(0)
	v_add_u32_e32 v2, v3, v2
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel scratch_array
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 144
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 35
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 36
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	scratch_array, .Lfunc_end0-scratch_array
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 440
; NumSgprs: 14
; NumVgprs: 35
; NumAgprs: 0
; TotalNumVgprs: 35
; ScratchSize: 144
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 35
; AccumOffset: 36
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 8
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	scratch_large           ; -- Begin function scratch_large
	.globl	scratch_large
	.p2align	8
	.type	scratch_large,@function
scratch_large:                          ; @scratch_large
; %bb.0:
	s_load_dword s3, s[0:1], 0x10
	s_mov_b32 s4, 0
	s_mov_b32 s5, s4
	s_add_u32 s8, s0, 24
	s_mov_b32 s6, s4
	s_mov_b32 s7, s4
	v_mov_b64_e32 v[2:3], s[4:5]
	s_addc_u32 s9, s1, 0
	v_mov_b64_e32 v[4:5], s[6:7]
	s_waitcnt lgkmcnt(0)
	s_cmp_gt_i32 s3, 0
	scratch_store_dwordx4 off, v[2:5], off
	scratch_store_dwordx4 off, v[2:5], off offset:16
	scratch_store_dwordx4 off, v[2:5], off offset:32
	scratch_store_dwordx4 off, v[2:5], off offset:48
	scratch_store_dwordx4 off, v[2:5], off offset:64
	scratch_store_dwordx4 off, v[2:5], off offset:80
	scratch_store_dwordx4 off, v[2:5], off offset:96
	scratch_store_dwordx4 off, v[2:5], off offset:112
	scratch_store_dwordx4 off, v[2:5], off offset:128
	scratch_store_dwordx4 off, v[2:5], off offset:144
	scratch_store_dwordx4 off, v[2:5], off offset:160
	scratch_store_dwordx4 off, v[2:5], off offset:176
	scratch_store_dwordx4 off, v[2:5], off offset:192
	scratch_store_dwordx4 off, v[2:5], off offset:208
	scratch_store_dwordx4 off, v[2:5], off offset:224
	scratch_store_dwordx4 off, v[2:5], off offset:240
	scratch_store_dwordx4 off, v[2:5], off offset:256
	scratch_store_dwordx4 off, v[2:5], off offset:272
	scratch_store_dwordx4 off, v[2:5], off offset:288
	scratch_store_dwordx4 off, v[2:5], off offset:304
	scratch_store_dwordx4 off, v[2:5], off offset:320
	scratch_store_dwordx4 off, v[2:5], off offset:336
	scratch_store_dwordx4 off, v[2:5], off offset:352
	scratch_store_dwordx4 off, v[2:5], off offset:368
	scratch_store_dwordx4 off, v[2:5], off offset:384
	scratch_store_dwordx4 off, v[2:5], off offset:400
	scratch_store_dwordx4 off, v[2:5], off offset:416
	scratch_store_dwordx4 off, v[2:5], off offset:432
	scratch_store_dwordx4 off, v[2:5], off offset:448
	scratch_store_dwordx4 off, v[2:5], off offset:464
	scratch_store_dwordx4 off, v[2:5], off offset:480
	scratch_store_dwordx4 off, v[2:5], off offset:496
	scratch_store_dwordx4 off, v[2:5], off offset:512
	scratch_store_dwordx4 off, v[2:5], off offset:528
	scratch_store_dwordx4 off, v[2:5], off offset:544
	scratch_store_dwordx4 off, v[2:5], off offset:560
	scratch_store_dwordx4 off, v[2:5], off offset:576
	scratch_store_dwordx4 off, v[2:5], off offset:592
	scratch_store_dwordx4 off, v[2:5], off offset:608
	scratch_store_dwordx4 off, v[2:5], off offset:624
	scratch_store_dwordx4 off, v[2:5], off offset:640
	scratch_store_dwordx4 off, v[2:5], off offset:656
	scratch_store_dwordx4 off, v[2:5], off offset:672
	scratch_store_dwordx4 off, v[2:5], off offset:688
	scratch_store_dwordx4 off, v[2:5], off offset:704
	scratch_store_dwordx4 off, v[2:5], off offset:720
	scratch_store_dwordx4 off, v[2:5], off offset:736
	scratch_store_dwordx4 off, v[2:5], off offset:752
	scratch_store_dwordx4 off, v[2:5], off offset:768
	scratch_store_dwordx4 off, v[2:5], off offset:784
	s_cbranch_scc1 .LBB1_2
; %bb.1:
	s_mov_b64 s[10:11], 0
	s_branch .LBB1_3
.LBB1_2:
	s_mov_b64 s[10:11], -1
.LBB1_3:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_andn2_b64 vcc, exec, s[10:11]
	s_cbranch_vccnz .LBB1_6
; %bb.4:
	s_load_dword s10, s[8:9], 0xc
	v_mov_b32_e32 v3, 0
	s_mov_b32 s0, 0x51eb851f
	s_movk_i32 s1, 0xc8
	s_waitcnt lgkmcnt(0)
	s_and_b32 s10, s10, 0xffff
	s_mul_i32 s10, s2, s10
	v_add_u32_e32 v1, s10, v0
	v_mul_lo_u32 v2, v1, s3
	v_mov_b32_e32 v1, 0
.LBB1_5:                                ; =>This Inner Loop Header: Depth=1
	v_lshl_add_u64 v[4:5], v[2:3], 2, s[4:5]
	global_load_dword v4, v[4:5], off
	s_add_i32 s3, s3, -1
	v_add_u32_e32 v2, 1, v2
	s_cmp_eq_u32 s3, 0
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v4, 0x43470000, v4
	v_cvt_i32_f32_e32 v4, v4
	v_mul_hi_i32 v5, v4, s0
	v_lshrrev_b32_e32 v6, 31, v5
	v_ashrrev_i32_e32 v5, 6, v5
	v_add_u32_e32 v5, v5, v6
	v_mul_lo_u32 v5, v5, s1
	v_sub_u32_e32 v4, v4, v5
	v_lshl_add_u32 v4, v4, 2, v1
	scratch_load_dword v5, v4, off
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v5, 1.0, v5
	scratch_store_dword v4, v5, off
	s_cbranch_scc0 .LBB1_5
.LBB1_6:
	s_load_dword s0, s[8:9], 0xc
	s_mov_b32 s1, 0x51eb851f
	s_movk_i32 s3, 0xc8
	v_mov_b32_e32 v2, 0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v3, s7
	s_and_b32 s0, s0, 0xffff
	s_mul_i32 s2, s2, s0
	v_add_u32_e32 v0, s2, v0
	v_mul_hi_u32 v1, v0, s1
	v_lshrrev_b32_e32 v1, 6, v1
	v_mul_lo_u32 v1, v1, s3
	v_sub_u32_e32 v1, v0, v1
	v_lshl_add_u32 v1, v1, 2, v2
	scratch_load_dword v4, v1, off
	v_mov_b32_e32 v2, s6
	v_mov_b32_e32 v1, 0
	v_lshl_add_u64 v[0:1], v[0:1], 2, v[2:3]
	s_waitcnt vmcnt(0)
	global_store_dword v[0:1], v4, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel scratch_large
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 816
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 12
		.amdhsa_accum_offset 8
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end1:
	.size	scratch_large, .Lfunc_end1-scratch_large
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 768
; NumSgprs: 18
; NumVgprs: 7
; NumAgprs: 0
; TotalNumVgprs: 7
; ScratchSize: 816
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 7
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 1
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2align	2                               ; -- Begin function _Z10accumulateP3Accf
	.type	_Z10accumulateP3Accf,@function
_Z10accumulateP3Accf:                   ; @_Z10accumulateP3Accf
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	flat_load_dwordx3 v[4:6], v[0:1]
	v_mul_f32_e32 v3, v2, v2
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_pk_add_f32 v[2:3], v[2:3], v[4:5]
	v_add_u32_e32 v4, 1, v6
	flat_store_dwordx3 v[0:1], v[2:4]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end2:
	.size	_Z10accumulateP3Accf, .Lfunc_end2-_Z10accumulateP3Accf
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 48
; NumSgprs: 38
; NumVgprs: 7
; NumAgprs: 0
; TotalNumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
	.text
	.protected	escaped_struct          ; -- Begin function escaped_struct
	.globl	escaped_struct
	.p2align	8
	.type	escaped_struct,@function
escaped_struct:                         ; @escaped_struct
; %bb.0:
	s_load_dwordx2 s[6:7], s[0:1], 0x4
	s_load_dwordx4 s[8:11], s[2:3], 0x0
	s_load_dword s5, s[2:3], 0x10
	v_mov_b32_e32 v7, v0
	v_and_b32_e32 v2, 0x3ff, v7
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s0, s6, 16
	s_mul_i32 s0, s0, s7
	v_bfe_u32 v1, v7, 10, 10
	v_mul_lo_u32 v0, s0, v2
	v_mul_u32_u24_e32 v1, s7, v1
	v_bfe_u32 v3, v7, 20, 10
	v_add3_u32 v0, v0, v1, v3
	v_mul_lo_u32 v0, v0, 12
	v_mov_b32_e32 v3, 0
	s_cmp_lt_i32 s5, 1
	s_mov_b32 s32, 0
	ds_write2_b32 v0, v3, v3 offset1:1
	ds_write_b32 v0, v3 offset:8
	s_cbranch_scc1 .LBB3_4
; %bb.1:
	s_load_dword s6, s[2:3], 0x24
	s_mov_b64 s[0:1], src_shared_base
	v_mov_b32_e32 v1, s1
	v_mov_b32_e32 v9, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s0, s6, 0xffff
	s_mul_i32 s0, s4, s0
	v_add_u32_e32 v2, s0, v2
	v_mul_lo_u32 v8, v2, s5
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z10accumulateP3Accf@rel32@lo+4
	s_addc_u32 s1, s1, _Z10accumulateP3Accf@rel32@hi+12
.LBB3_2:                                ; =>This Inner Loop Header: Depth=1
	v_lshl_add_u64 v[2:3], v[8:9], 2, s[8:9]
	global_load_dword v2, v[2:3], off
	s_swappc_b64 s[30:31], s[0:1]
	s_add_i32 s5, s5, -1
	s_cmp_eq_u32 s5, 0
	v_add_u32_e32 v8, 1, v8
	s_cbranch_scc0 .LBB3_2
; %bb.3:
	ds_read_b32 v3, v0 offset:8
.LBB3_4:
	s_waitcnt lgkmcnt(0)
	v_cmp_ne_u32_e32 vcc, 0, v3
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v2, 0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB3_6
; %bb.5:
	ds_read2_b32 v[4:5], v0 offset1:1
	v_cvt_f32_i32_e32 v0, v3
	s_waitcnt lgkmcnt(0)
	v_div_scale_f32 v2, s[6:7], v0, v0, v5
	v_rcp_f32_e32 v6, v2
	v_div_scale_f32 v8, s[6:7], v0, v0, v4
	v_div_scale_f32 v3, vcc, v5, v0, v5
	v_fma_f32 v10, -v2, v6, 1.0
	v_rcp_f32_e32 v9, v8
	v_fmac_f32_e32 v6, v10, v6
	v_mul_f32_e32 v10, v3, v6
	v_fma_f32 v11, -v2, v10, v3
	v_fmac_f32_e32 v10, v11, v6
	v_fma_f32 v2, -v2, v10, v3
	v_fma_f32 v3, -v8, v9, 1.0
	v_div_fmas_f32 v2, v2, v6, v10
	v_fmac_f32_e32 v9, v3, v9
	v_div_scale_f32 v3, vcc, v4, v0, v4
	v_div_fixup_f32 v2, v2, v0, v5
	v_mul_f32_e32 v5, v3, v9
	v_fma_f32 v6, -v8, v5, v3
	v_fmac_f32_e32 v5, v6, v9
	v_fma_f32 v3, -v8, v5, v3
	v_div_fmas_f32 v3, v3, v9, v5
	v_div_fixup_f32 v0, v3, v0, v4
	v_fma_f32 v2, -v0, v0, v2
.LBB3_6:
	s_or_b64 exec, exec, s[0:1]
	s_load_dword s0, s[2:3], 0x24
	v_and_b32_e32 v0, 0x3ff, v7
	v_mov_b32_e32 v4, s10
	v_mov_b32_e32 v5, s11
	s_waitcnt lgkmcnt(0)
	s_and_b32 s0, s0, 0xffff
	s_mul_i32 s4, s4, s0
	v_add_u32_e32 v0, s4, v0
	v_lshl_add_u64 v[0:1], v[0:1], 2, v[4:5]
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel escaped_struct
		.amdhsa_group_segment_fixed_size 12288
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 4
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 33
		.amdhsa_accum_offset 12
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end3:
	.size	escaped_struct, .Lfunc_end3-escaped_struct
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 496
; NumSgprs: 39
; NumVgprs: 12
; NumAgprs: 0
; TotalNumVgprs: 12
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 12288 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 39
; NumVGPRsForWavesPerEU: 12
; AccumOffset: 12
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 4
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 2
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.type	__hip_cuid_9a05ceda7aa4c2fa,@object ; @__hip_cuid_9a05ceda7aa4c2fa
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_9a05ceda7aa4c2fa
__hip_cuid_9a05ceda7aa4c2fa:
	.byte	0                               ; 0x0
	.size	__hip_cuid_9a05ceda7aa4c2fa, 1

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_9a05ceda7aa4c2fa
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           scratch_array
    .private_segment_fixed_size: 144
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         scratch_array.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     35
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           scratch_large
    .private_segment_fixed_size: 816
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         scratch_large.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 12288
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           escaped_struct
    .private_segment_fixed_size: 0
    .sgpr_count:     39
    .sgpr_spill_count: 0
    .symbol:         escaped_struct.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
