	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.protected	gemm_naive              ; -- Begin function gemm_naive
	.globl	gemm_naive
	.p2align	8
	.type	gemm_naive,@function
gemm_naive:                             ; @gemm_naive
; %bb.0:
	s_load_dword s11, s[0:1], 0x2c
	s_load_dword s10, s[0:1], 0x18
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
	v_bfe_u32 v1, v0, 10, 10
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s0, s11, 16
	s_mul_i32 s3, s3, s0
	s_and_b32 s0, s11, 0xffff
	v_add_u32_e32 v1, s3, v1
	s_mul_i32 s2, s2, s0
	v_and_b32_e32 v0, 0x3ff, v0
	v_add_u32_e32 v4, s2, v0
	s_cmp_lt_i32 s10, 1
	v_mul_lo_u32 v5, v1, s10
	s_cbranch_scc1 .LBB0_3
; %bb.1:
	s_mov_b32 s0, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v2, v4
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v0, s0, v5
	v_mov_b32_e32 v3, v1
	v_lshl_add_u64 v[8:9], v[0:1], 2, s[4:5]
	v_lshl_add_u64 v[10:11], v[2:3], 2, s[6:7]
	global_load_dword v0, v[8:9], off
	global_load_dword v3, v[10:11], off
	s_add_i32 s0, s0, 1
	v_add_u32_e32 v2, s10, v2
	s_cmp_eq_u32 s10, s0
	s_waitcnt vmcnt(0)
	v_fmac_f32_e32 v6, v0, v3
	s_cbranch_scc0 .LBB0_2
	s_branch .LBB0_4
.LBB0_3:
	v_mov_b32_e32 v6, 0
.LBB0_4:
	v_mov_b32_e32 v0, s8
	v_mov_b32_e32 v1, s9
	v_add_u32_e32 v2, v5, v4
	v_mov_b32_e32 v3, 0
	v_lshl_add_u64 v[0:1], v[2:3], 2, v[0:1]
	global_store_dword v[0:1], v6, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_naive
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 288
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 12
		.amdhsa_accum_offset 12
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
	.size	gemm_naive, .Lfunc_end0-gemm_naive
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 220
; NumSgprs: 18
; NumVgprs: 12
; NumAgprs: 0
; TotalNumVgprs: 12
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 12
; AccumOffset: 12
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 2
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	gemm_reg4x4             ; -- Begin function gemm_reg4x4
	.globl	gemm_reg4x4
	.p2align	8
	.type	gemm_reg4x4,@function
gemm_reg4x4:                            ; @gemm_reg4x4
; %bb.0:
	s_load_dword s11, s[0:1], 0x2c
	s_load_dword s10, s[0:1], 0x18
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
	v_bfe_u32 v1, v0, 10, 10
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s0, s11, 16
	s_mul_i32 s3, s3, s0
	s_and_b32 s0, s11, 0xffff
	v_add_lshl_u32 v1, s3, v1, 2
	s_mul_i32 s2, s2, s0
	v_and_b32_e32 v0, 0x3ff, v0
	v_add_lshl_u32 v14, s2, v0, 2
	s_cmp_lt_i32 s10, 1
	v_mul_lo_u32 v15, v1, s10
	s_mov_b32 s0, 0
	s_cbranch_scc1 .LBB1_3
; %bb.1:
	v_add_u32_e32 v0, 3, v1
	v_mul_lo_u32 v20, s10, v0
	v_add_u32_e32 v0, 2, v1
	v_mov_b32_e32 v19, 0
	v_mul_lo_u32 v21, s10, v0
	v_add_u32_e32 v22, s10, v15
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, v14
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, v19
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, v19
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, v19
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, v19
.LBB1_2:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v26, s0, v15
	v_mov_b32_e32 v27, v9
	v_lshl_add_u64 v[24:25], v[8:9], 2, s[6:7]
	v_add_u32_e32 v28, 1, v8
	v_mov_b32_e32 v29, v9
	v_add_u32_e32 v30, 2, v8
	v_mov_b32_e32 v31, v9
	v_add_u32_e32 v32, 3, v8
	v_mov_b32_e32 v33, v9
	v_add_u32_e32 v34, s0, v22
	v_mov_b32_e32 v35, v9
	v_add_u32_e32 v36, s0, v21
	v_mov_b32_e32 v37, v9
	v_add_u32_e32 v38, s0, v20
	v_mov_b32_e32 v39, v9
	v_lshl_add_u64 v[26:27], v[26:27], 2, s[4:5]
	global_load_dword v24, v[24:25], off
	v_lshl_add_u64 v[28:29], v[28:29], 2, s[6:7]
	v_lshl_add_u64 v[30:31], v[30:31], 2, s[6:7]
	v_lshl_add_u64 v[32:33], v[32:33], 2, s[6:7]
	v_lshl_add_u64 v[34:35], v[34:35], 2, s[4:5]
	v_lshl_add_u64 v[36:37], v[36:37], 2, s[4:5]
	v_lshl_add_u64 v[38:39], v[38:39], 2, s[4:5]
	global_load_dword v40, v[26:27], off
	global_load_dword v25, v[28:29], off
	global_load_dword v42, v[30:31], off
	global_load_dword v43, v[32:33], off
	global_load_dword v23, v[34:35], off
	global_load_dword v44, v[36:37], off
	global_load_dword v41, v[38:39], off
	s_add_i32 s0, s0, 1
	v_add_u32_e32 v8, s10, v8
	s_cmp_lg_u32 s10, s0
	s_waitcnt vmcnt(2)
	v_fmac_f32_e32 v18, v23, v25
	v_fmac_f32_e32 v19, v23, v24
	s_waitcnt vmcnt(0)
	v_pk_fma_f32 v[0:1], v[40:41], v[24:25], v[0:1] op_sel_hi:[0,1,1]
	v_pk_fma_f32 v[2:3], v[40:41], v[42:43], v[2:3] op_sel_hi:[0,1,1]
	v_fmac_f32_e32 v17, v23, v42
	v_fmac_f32_e32 v16, v23, v43
	v_pk_fma_f32 v[6:7], v[44:45], v[24:25], v[6:7] op_sel_hi:[0,1,1]
	v_pk_fma_f32 v[4:5], v[44:45], v[42:43], v[4:5] op_sel_hi:[0,1,1]
	v_fmac_f32_e32 v13, v41, v24
	v_fmac_f32_e32 v12, v41, v25
	v_fmac_f32_e32 v11, v41, v42
	v_fmac_f32_e32 v10, v41, v43
	s_cbranch_scc1 .LBB1_2
	s_branch .LBB1_4
.LBB1_3:
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, v3
	v_mov_b32_e32 v1, v3
	v_mov_b32_e32 v0, v3
	v_mov_b32_e32 v7, v3
	v_mov_b32_e32 v6, v3
	v_mov_b32_e32 v5, v3
	v_mov_b32_e32 v4, v3
	v_mov_b32_e32 v10, v3
	v_mov_b32_e32 v11, v3
	v_mov_b32_e32 v12, v3
	v_mov_b32_e32 v13, v3
	v_mov_b32_e32 v16, v3
	v_mov_b32_e32 v17, v3
	v_mov_b32_e32 v18, v3
	v_mov_b32_e32 v19, v3
.LBB1_4:
	v_add_u32_e32 v8, v15, v14
	v_mov_b32_e32 v9, 0
	v_lshl_add_u64 v[14:15], v[8:9], 2, s[8:9]
	v_add_u32_e32 v8, s10, v8
	global_store_dwordx4 v[14:15], v[0:3], off
	s_nop 1
	v_lshl_add_u64 v[0:1], v[8:9], 2, s[8:9]
	global_store_dword v[0:1], v19, off
	v_add_u32_e32 v0, 1, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	global_store_dword v[0:1], v18, off
	v_add_u32_e32 v0, 2, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	global_store_dword v[0:1], v17, off
	v_add_u32_e32 v0, 3, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	v_add_u32_e32 v8, s10, v8
	global_store_dword v[0:1], v16, off
	v_lshl_add_u64 v[0:1], v[8:9], 2, s[8:9]
	global_store_dwordx2 v[0:1], v[6:7], off
	v_add_u32_e32 v0, 2, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	v_add_u32_e32 v8, s10, v8
	global_store_dwordx2 v[0:1], v[4:5], off
	v_lshl_add_u64 v[0:1], v[8:9], 2, s[8:9]
	global_store_dword v[0:1], v13, off
	v_add_u32_e32 v0, 1, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	global_store_dword v[0:1], v12, off
	v_add_u32_e32 v0, 2, v8
	v_mov_b32_e32 v1, v9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[8:9]
	v_add_u32_e32 v8, 3, v8
	global_store_dword v[0:1], v11, off
	v_lshl_add_u64 v[0:1], v[8:9], 2, s[8:9]
	global_store_dword v[0:1], v10, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_reg4x4
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 288
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 12
		.amdhsa_accum_offset 48
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
.Lfunc_end1:
	.size	gemm_reg4x4, .Lfunc_end1-gemm_reg4x4
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 804
; NumSgprs: 18
; NumVgprs: 46
; NumAgprs: 0
; TotalNumVgprs: 46
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 46
; AccumOffset: 48
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 11
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	gemm_double_buffer      ; -- Begin function gemm_double_buffer
	.globl	gemm_double_buffer
	.p2align	8
	.type	gemm_double_buffer,@function
gemm_double_buffer:                     ; @gemm_double_buffer
; %bb.0:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
	s_load_dword s10, s[0:1], 0x18
	v_bfe_u32 v8, v0, 10, 10
	v_and_b32_e32 v9, 0x3ff, v0
	v_lshl_add_u32 v0, s3, 4, v8
	s_lshl_b32 s0, s2, 4
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v3, v0, s10
	v_add_u32_e32 v0, v3, v9
	v_mov_b32_e32 v1, 0
	v_add_u32_e32 v2, s0, v9
	v_lshl_add_u64 v[4:5], v[0:1], 2, s[4:5]
	global_load_dword v6, v[4:5], off
	v_mad_u64_u32 v[4:5], s[2:3], v8, s10, v[2:3]
	v_mov_b32_e32 v5, v1
	v_lshl_add_u64 v[4:5], v[4:5], 2, s[6:7]
	global_load_dword v4, v[4:5], off
	v_lshlrev_b32_e32 v10, 2, v9
	s_mov_b32 s12, 0
	v_lshl_add_u32 v5, v8, 6, v10
	s_cmp_lt_i32 s10, 16
	s_mov_b32 s2, 16
	s_waitcnt vmcnt(0)
	ds_write2st64_b32 v5, v6, v4 offset1:8
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB2_8
; %bb.1:
	v_add_u32_e32 v1, 16, v8
	v_mul_lo_u32 v1, s10, v1
	v_add3_u32 v4, v9, v1, s0
	s_lshl_b32 s3, s10, 4
	v_mov_b32_e32 v7, 0
	v_lshlrev_b32_e32 v11, 6, v8
	v_mov_b32_e32 v1, 0
.LBB2_2:                                ; =>This Inner Loop Header: Depth=1
	s_cmp_lt_i32 s2, s10
	s_mov_b64 s[0:1], -1
                                        ; implicit-def: $sgpr11
	s_cbranch_scc1 .LBB2_4
; %bb.3:                                ;   in Loop: Header=BB2_2 Depth=1
	s_xor_b32 s11, s12, 1
	s_mov_b64 s[0:1], 0
.LBB2_4:                                ;   in Loop: Header=BB2_2 Depth=1
	s_andn2_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB2_6
; %bb.5:                                ;   in Loop: Header=BB2_2 Depth=1
	v_add_u32_e32 v6, s2, v0
	v_lshl_add_u64 v[12:13], v[6:7], 2, s[4:5]
	v_mov_b32_e32 v5, v7
	global_load_dword v6, v[12:13], off
	v_lshl_add_u64 v[12:13], v[4:5], 2, s[6:7]
	global_load_dword v5, v[12:13], off
	s_xor_b32 s11, s12, 1
	s_lshl_b32 s0, s11, 10
	v_add3_u32 v12, s0, v11, v10
	s_addk_i32 s0, 0x800
	v_add3_u32 v13, s0, v11, v10
	s_waitcnt vmcnt(1)
	ds_write_b32 v12, v6
	s_waitcnt vmcnt(0)
	ds_write_b32 v13, v5
.LBB2_6:                                ;   in Loop: Header=BB2_2 Depth=1
	s_lshl_b32 s0, s12, 10
	v_lshl_add_u32 v6, v9, 2, s0
	v_add_u32_e32 v6, 0x800, v6
	v_lshl_add_u32 v5, v8, 6, s0
	ds_read2_b32 v[28:29], v6 offset1:16
	ds_read_b128 v[12:15], v5
	ds_read_b128 v[16:19], v5 offset:16
	ds_read2_b32 v[30:31], v6 offset0:32 offset1:48
	ds_read_b128 v[20:23], v5 offset:32
	ds_read_b128 v[24:27], v5 offset:48
	ds_read2_b32 v[32:33], v6 offset0:64 offset1:80
	s_waitcnt lgkmcnt(5)
	v_fmac_f32_e32 v1, v12, v28
	v_fmac_f32_e32 v1, v13, v29
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v1, v14, v30
	v_fmac_f32_e32 v1, v15, v31
	ds_read2_b32 v[12:13], v6 offset0:96 offset1:112
	s_waitcnt lgkmcnt(1)
	v_pk_mul_f32 v[14:15], v[16:17], v[32:33]
	ds_read2_b32 v[16:17], v6 offset0:224 offset1:240
	v_add_f32_e32 v1, v1, v14
	v_add_f32_e32 v1, v1, v15
	ds_read2_b32 v[14:15], v6 offset0:128 offset1:144
	s_waitcnt lgkmcnt(2)
	v_pk_mul_f32 v[12:13], v[18:19], v[12:13]
	s_add_i32 s2, s2, 16
	v_add_f32_e32 v1, v1, v12
	v_add_f32_e32 v1, v1, v13
	ds_read2_b32 v[12:13], v6 offset0:160 offset1:176
	s_waitcnt lgkmcnt(1)
	v_pk_mul_f32 v[14:15], v[20:21], v[14:15]
	s_cmp_gt_i32 s2, s10
	v_add_f32_e32 v1, v1, v14
	v_add_f32_e32 v1, v1, v15
	ds_read2_b32 v[14:15], v6 offset0:192 offset1:208
	s_waitcnt lgkmcnt(1)
	v_pk_mul_f32 v[12:13], v[22:23], v[12:13]
	v_add_u32_e32 v4, s3, v4
	v_add_f32_e32 v1, v1, v12
	v_add_f32_e32 v1, v1, v13
	s_waitcnt lgkmcnt(0)
	v_pk_mul_f32 v[12:13], v[24:25], v[14:15]
	s_nop 0
	v_add_f32_e32 v1, v1, v12
	v_add_f32_e32 v1, v1, v13
	v_pk_mul_f32 v[12:13], v[26:27], v[16:17]
	s_barrier
	v_add_f32_e32 v1, v1, v12
	v_add_f32_e32 v1, v1, v13
	s_cbranch_scc1 .LBB2_8
; %bb.7:                                ;   in Loop: Header=BB2_2 Depth=1
	s_mov_b32 s12, s11
	s_branch .LBB2_2
.LBB2_8:
	v_mov_b32_e32 v4, s8
	v_mov_b32_e32 v5, s9
	v_add_u32_e32 v2, v3, v2
	v_mov_b32_e32 v3, 0
	v_lshl_add_u64 v[2:3], v[2:3], 2, v[4:5]
	global_store_dword v[2:3], v1, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_double_buffer
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 28
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 34
		.amdhsa_next_free_sgpr 13
		.amdhsa_accum_offset 36
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
.Lfunc_end2:
	.size	gemm_double_buffer, .Lfunc_end2-gemm_double_buffer
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 656
; NumSgprs: 19
; NumVgprs: 34
; NumAgprs: 0
; TotalNumVgprs: 34
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 4096 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 19
; NumVGPRsForWavesPerEU: 34
; AccumOffset: 36
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 8
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	gemm_mfma_k             ; -- Begin function gemm_mfma_k
	.globl	gemm_mfma_k
	.p2align	8
	.type	gemm_mfma_k,@function
gemm_mfma_k:                            ; @gemm_mfma_k
; %bb.0:
	s_load_dword s8, s[0:1], 0x18
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[2:3], s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	s_cmp_lt_i32 s8, 1
	s_cbranch_scc1 .LBB3_3
; %bb.1:
	v_mov_b32_e32 v2, 0
	v_and_b32_e32 v6, 63, v0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v3, v2
	v_mov_b32_e32 v4, v2
	v_mov_b32_e32 v5, v2
.LBB3_2:                                ; =>This Inner Loop Header: Depth=1
	v_lshlrev_b64 v[8:9], 2, v[6:7]
	v_lshl_add_u64 v[10:11], s[4:5], 0, v[8:9]
	global_load_dword v1, v[10:11], off
	v_lshl_add_u64 v[8:9], s[6:7], 0, v[8:9]
	global_load_dword v8, v[8:9], off
	s_add_i32 s8, s8, -1
	s_cmp_eq_u32 s8, 0
	v_add_u32_e32 v6, 64, v6
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x4_f32 v[2:5], v1, v8, v[2:5]
	s_cbranch_scc0 .LBB3_2
	s_branch .LBB3_4
.LBB3_3:
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, v5
	v_mov_b32_e32 v3, v5
	v_mov_b32_e32 v2, v5
.LBB3_4:
	v_and_b32_e32 v1, 15, v0
	v_lshlrev_b32_e32 v0, 4, v0
	v_lshlrev_b32_e32 v1, 2, v1
	s_movk_i32 s0, 0x300
	v_and_or_b32 v0, v0, s0, v1
	s_nop 2
	global_store_dword v0, v2, s[2:3]
	global_store_dword v0, v3, s[2:3] offset:64
	global_store_dword v0, v4, s[2:3] offset:128
	global_store_dword v0, v5, s[2:3] offset:192
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel gemm_mfma_k
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 28
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
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
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 9
		.amdhsa_accum_offset 12
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
.Lfunc_end3:
	.size	gemm_mfma_k, .Lfunc_end3-gemm_mfma_k
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 212
; NumSgprs: 15
; NumVgprs: 12
; NumAgprs: 0
; TotalNumVgprs: 12
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 15
; NumVGPRsForWavesPerEU: 12
; AccumOffset: 12
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 2
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.type	__hip_cuid_b8dd3c9b12c4217b,@object ; @__hip_cuid_b8dd3c9b12c4217b
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_b8dd3c9b12c4217b
__hip_cuid_b8dd3c9b12c4217b:
	.byte	0                               ; 0x0
	.size	__hip_cuid_b8dd3c9b12c4217b, 1

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_b8dd3c9b12c4217b
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
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         36
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         44
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         46
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         48
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         50
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         52
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         54
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         96
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 288
    .max_flat_workgroup_size: 1024
    .name:           gemm_naive
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         gemm_naive.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     12
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
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         36
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         44
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         46
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         48
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         50
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         52
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         54
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         96
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 288
    .max_flat_workgroup_size: 1024
    .name:           gemm_reg4x4
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         gemm_reg4x4.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     46
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
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .max_flat_workgroup_size: 1024
    .name:           gemm_double_buffer
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .symbol:         gemm_double_buffer.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     34
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
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .max_flat_workgroup_size: 1024
    .name:           gemm_mfma_k
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .symbol:         gemm_mfma_k.kd
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
