	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.protected	o0_vector_add           ; -- Begin function o0_vector_add
	.globl	o0_vector_add
	.p2align	8
	.type	o0_vector_add,@function
o0_vector_add:                          ; @o0_vector_add
; %bb.0:
	s_mov_b32 s33, 0
	s_mov_b32 s32, 0x1000
	s_add_u32 flat_scratch_lo, s10, s15
	s_addc_u32 flat_scratch_hi, s11, 0
	s_add_u32 s0, s0, s15
	s_addc_u32 s1, s1, 0
                                        ; implicit-def: $vgpr1 : SGPR spill to VGPR lane
	s_mov_b64 s[10:11], s[8:9]
	v_mov_b32_e32 v31, v0
	s_load_dwordx2 s[20:21], s[6:7], 0x0
	s_load_dwordx2 s[18:19], s[6:7], 0x8
	s_load_dwordx2 s[16:17], s[6:7], 0x10
	s_load_dword s8, s[6:7], 0x18
	s_mov_b64 s[28:29], 0
	s_mov_b32 s24, s29
	v_writelane_b32 v1, s24, 0
	s_mov_b64 s[22:23], src_private_base
	s_mov_b32 s9, 32
	s_lshr_b64 s[30:31], s[22:23], s9
	s_mov_b32 s22, -1
	v_writelane_b32 v1, s22, 1
	v_mov_b32_e32 v2, 0
                                        ; implicit-def: $sgpr9
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	s_mov_b32 s15, s30
	v_writelane_b32 v1, s15, 2
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v3, s15
	v_cndmask_b32_e64 v0, v0, v3, s[26:27]
	s_mov_b32 s9, s28
	v_writelane_b32 v1, s9, 3
	s_or_saveexec_b64 s[34:35], -1
	v_accvgpr_write_b32 a2, v1              ;  Reload Reuse
	s_mov_b64 exec, s[34:35]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v12, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr12 killed $vgpr12 def $vgpr12_vgpr13 killed $exec
	v_mov_b32_e32 v13, v0
	v_mov_b32_e32 v2, 8
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v1, s15
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v8, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr8 killed $vgpr8 def $vgpr8_vgpr9 killed $exec
	v_mov_b32_e32 v9, v0
	v_mov_b32_e32 v2, 16
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v1, s15
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v4, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr4 killed $vgpr4 def $vgpr4_vgpr5 killed $exec
	v_mov_b32_e32 v5, v0
	v_mov_b32_e32 v2, 24
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v1, s15
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v10, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr10 killed $vgpr10 def $vgpr10_vgpr11 killed $exec
	v_mov_b32_e32 v11, v0
	v_accvgpr_write_b32 a4, v10             ;  Reload Reuse
	v_accvgpr_write_b32 a3, v11             ;  Reload Reuse
                                        ; implicit-def: $sgpr26_sgpr27
	v_mov_b32_e32 v2, 32
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v1, s15
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v6, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr6 killed $vgpr6 def $vgpr6_vgpr7 killed $exec
	v_mov_b32_e32 v7, v0
	v_accvgpr_write_b32 a6, v6              ;  Reload Reuse
	v_accvgpr_write_b32 a5, v7              ;  Reload Reuse
                                        ; implicit-def: $sgpr26_sgpr27
	v_mov_b32_e32 v2, 40
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v2, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v1, s15
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v1, s9
	v_cndmask_b32_e64 v2, v1, v2, s[26:27]
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v0
	v_accvgpr_write_b32 a8, v2              ;  Reload Reuse
	v_accvgpr_write_b32 a7, v3              ;  Reload Reuse
                                        ; implicit-def: $sgpr26_sgpr27
	v_mov_b32_e32 v1, 48
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[26:27], v1, s22
	v_mov_b32_e32 v0, s24
	v_mov_b32_e32 v14, s15
	v_cndmask_b32_e64 v14, v0, v14, s[26:27]
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v0, s9
	v_cndmask_b32_e64 v0, v0, v1, s[26:27]
                                        ; kill: def $vgpr14 killed $vgpr14 killed $exec
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v14
	v_accvgpr_write_b32 a10, v0             ;  Reload Reuse
	v_accvgpr_write_b32 a9, v1              ;  Reload Reuse
	v_mov_b32_e32 v15, 52
                                        ; implicit-def: $sgpr23
	v_cmp_ne_u32_e64 s[22:23], v15, s22
	v_mov_b32_e32 v14, s24
	v_mov_b32_e32 v16, s15
	v_cndmask_b32_e64 v16, v14, v16, s[22:23]
                                        ; implicit-def: $sgpr15
	v_mov_b32_e32 v14, s9
	v_cndmask_b32_e64 v14, v14, v15, s[22:23]
                                        ; kill: def $vgpr16 killed $vgpr16 killed $exec
                                        ; kill: def $vgpr14 killed $vgpr14 def $vgpr14_vgpr15 killed $exec
	v_mov_b32_e32 v15, v16
	v_accvgpr_write_b32 a12, v14            ;  Reload Reuse
	v_accvgpr_write_b32 a11, v15            ;  Reload Reuse
                                        ; implicit-def: $sgpr22_sgpr23
	v_pk_mov_b32 v[14:15], v[12:13], v[12:13] op_sel:[0,1]
	s_waitcnt lgkmcnt(0)
	v_pk_mov_b32 v[16:17], s[20:21], s[20:21] op_sel:[0,1]
	flat_store_dwordx2 v[14:15], v[16:17]
	flat_load_dwordx2 v[12:13], v[12:13]
	v_pk_mov_b32 v[14:15], v[8:9], v[8:9] op_sel:[0,1]
	v_pk_mov_b32 v[16:17], s[18:19], s[18:19] op_sel:[0,1]
	flat_store_dwordx2 v[14:15], v[16:17]
	flat_load_dwordx2 v[8:9], v[8:9]
	v_pk_mov_b32 v[14:15], v[4:5], v[4:5] op_sel:[0,1]
	v_pk_mov_b32 v[16:17], s[16:17], s[16:17] op_sel:[0,1]
	flat_store_dwordx2 v[14:15], v[16:17]
	flat_load_dwordx2 v[4:5], v[4:5]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dwordx2 v[10:11], v[12:13]
	flat_store_dwordx2 v[6:7], v[8:9]
	flat_store_dwordx2 v[2:3], v[4:5]
	v_mov_b32_e32 v2, s8
	flat_store_dword v[0:1], v2
	s_mov_b64 s[16:17], 32
	s_mov_b32 s8, s6
	s_mov_b32 s6, s7
	s_mov_b32 s9, s16
	s_mov_b32 s7, s17
	s_add_u32 s8, s8, s9
	s_addc_u32 s6, s6, s7
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s6
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5gid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5gid_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v4, a12              ;  Reload Reuse
	v_accvgpr_read_b32 v5, a11              ;  Reload Reuse
	v_accvgpr_read_b32 v2, a10              ;  Reload Reuse
	v_accvgpr_read_b32 v3, a9               ;  Reload Reuse
	v_mov_b32_e32 v1, v0
	s_or_saveexec_b64 s[34:35], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[34:35]
	v_pk_mov_b32 v[6:7], v[4:5], v[4:5] op_sel:[0,1]
	flat_store_dword v[6:7], v1
	flat_load_dword v1, v[4:5]
	s_nop 0
	flat_load_dword v2, v[2:3]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_cmp_lt_u32_e64 s[6:7], v1, v2
	s_mov_b64 s[4:5], exec
	v_writelane_b32 v0, s4, 4
	v_writelane_b32 v0, s5, 5
	s_or_saveexec_b64 s[34:35], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[34:35]
	s_and_b64 s[4:5], s[4:5], s[6:7]
	s_mov_b64 exec, s[4:5]
	s_cbranch_execz .LBB4_2
; %bb.1:
	v_accvgpr_read_b32 v0, a8               ;  Reload Reuse
	v_accvgpr_read_b32 v1, a7               ;  Reload Reuse
	v_accvgpr_read_b32 v4, a6               ;  Reload Reuse
	v_accvgpr_read_b32 v5, a5               ;  Reload Reuse
	v_accvgpr_read_b32 v2, a12              ;  Reload Reuse
	v_accvgpr_read_b32 v3, a11              ;  Reload Reuse
	v_accvgpr_read_b32 v6, a4               ;  Reload Reuse
	v_accvgpr_read_b32 v7, a3               ;  Reload Reuse
	flat_load_dwordx2 v[10:11], v[6:7]
	s_nop 0
	flat_load_dword v2, v[2:3]
	s_mov_b32 s4, 0
                                        ; implicit-def: $sgpr4
	v_mov_b32_e32 v6, 0
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v6
	s_mov_b32 s4, 2
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_lshlrev_b64 v[6:7], s4, v[2:3]
	v_mov_b32_e32 v2, v10
	v_mov_b32_e32 v9, v6
	v_mov_b32_e32 v3, v11
	v_mov_b32_e32 v8, v7
	v_add_co_u32_e64 v2, s[4:5], v2, v9
	v_addc_co_u32_e64 v8, s[4:5], v3, v8, s[4:5]
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v8
	flat_load_dword v2, v[2:3]
	s_nop 0
	flat_load_dwordx2 v[10:11], v[4:5]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v4, v10
	v_mov_b32_e32 v8, v6
	v_mov_b32_e32 v3, v11
	v_mov_b32_e32 v5, v7
	v_add_co_u32_e64 v4, s[4:5], v4, v8
	v_addc_co_u32_e64 v3, s[4:5], v3, v5, s[4:5]
                                        ; kill: def $vgpr4 killed $vgpr4 def $vgpr4_vgpr5 killed $exec
	v_mov_b32_e32 v5, v3
	flat_load_dword v3, v[4:5]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_add_f32_e64 v2, v2, v3
	flat_load_dwordx2 v[8:9], v[0:1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v0, v8
	v_mov_b32_e32 v4, v6
	v_mov_b32_e32 v1, v9
	v_mov_b32_e32 v3, v7
	v_add_co_u32_e64 v0, s[4:5], v0, v4
	v_addc_co_u32_e64 v3, s[4:5], v1, v3, s[4:5]
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v3
	flat_store_dword v[0:1], v2
.LBB4_2:
	s_or_saveexec_b64 s[34:35], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[34:35]
	v_readlane_b32 s4, v0, 4
	v_readlane_b32 s5, v0, 5
	s_or_b64 exec, exec, s[4:5]
                                        ; kill: killed $vgpr0
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel o0_vector_add
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 88
		.amdhsa_kernarg_size 288
		.amdhsa_user_sgpr_count 12
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 45
		.amdhsa_next_free_sgpr 36
		.amdhsa_accum_offset 32
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 1
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
	.size	o0_vector_add, .Lfunc_end0-o0_vector_add
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1264
; NumSgprs: 42
; NumVgprs: 32
; NumAgprs: 13
; TotalNumVgprs: 45
; ScratchSize: 88
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 5
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 42
; NumVGPRsForWavesPerEU: 45
; AccumOffset: 32
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 12
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 7
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2align	2                               ; -- Begin function _ZL5gid_xv
	.type	_ZL5gid_xv,@function
_ZL5gid_xv:                             ; @_ZL5gid_xv
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s24, s33
	s_mov_b32 s33, s32
	s_xor_saveexec_b64 s[16:17], -1
	buffer_store_dword v6, off, s[0:3], s33 offset:4 ; 4-byte Folded Spill
	buffer_store_dword v1, off, s[0:3], s33 offset:8 ; 4-byte Folded Spill
	s_mov_b64 exec, s[16:17]
	s_add_i32 s32, s32, 0x400
                                        ; implicit-def: $vgpr1 : SGPR spill to VGPR lane
	v_writelane_b32 v6, s30, 0
	v_writelane_b32 v6, s31, 1
	v_accvgpr_write_b32 a0, v31             ;  Reload Reuse
	v_writelane_b32 v1, s6, 0
	v_writelane_b32 v1, s7, 1
	v_writelane_b32 v1, s15, 2
	v_writelane_b32 v1, s14, 3
	v_writelane_b32 v1, s13, 4
	v_writelane_b32 v1, s12, 5
	v_writelane_b32 v1, s10, 6
	v_writelane_b32 v1, s11, 7
	v_writelane_b32 v1, s8, 8
	v_writelane_b32 v1, s9, 9
	v_writelane_b32 v1, s4, 10
	v_writelane_b32 v1, s5, 11
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5bid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5bid_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v31, a0              ;  Reload Reuse
	v_readlane_b32 s15, v1, 2
	v_readlane_b32 s14, v1, 3
	v_readlane_b32 s13, v1, 4
	v_readlane_b32 s12, v1, 5
	v_readlane_b32 s10, v1, 6
	v_readlane_b32 s11, v1, 7
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s6, v1, 0
	v_readlane_b32 s7, v1, 1
	v_readlane_b32 s4, v1, 10
	v_readlane_b32 s5, v1, 11
	v_accvgpr_write_b32 a1, v0              ;  Reload Reuse
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL6bdim_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL6bdim_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v31, a0              ;  Reload Reuse
	v_readlane_b32 s15, v1, 2
	v_readlane_b32 s14, v1, 3
	v_readlane_b32 s13, v1, 4
	v_readlane_b32 s12, v1, 5
	v_readlane_b32 s10, v1, 6
	v_readlane_b32 s11, v1, 7
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s6, v1, 0
	v_readlane_b32 s7, v1, 1
	v_readlane_b32 s4, v1, 10
	v_readlane_b32 s5, v1, 11
	v_mov_b32_e32 v2, v0
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5tid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5tid_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_mov_b32_e32 v4, v0
	v_accvgpr_read_b32 v0, a1               ;  Reload Reuse
                                        ; implicit-def: $sgpr4
                                        ; implicit-def: $sgpr5
                                        ; implicit-def: $sgpr5
	v_mov_b32_e32 v3, s4
                                        ; kill: def $vgpr4 killed $vgpr4 def $vgpr4_vgpr5 killed $exec
	v_mov_b32_e32 v5, v3
	v_mad_u64_u32 v[2:3], s[4:5], v0, v2, v[4:5]
	v_mov_b32_e32 v0, v2
	v_readlane_b32 s31, v6, 1
	v_readlane_b32 s30, v6, 0
                                        ; kill: killed $vgpr1
	s_xor_saveexec_b64 s[4:5], -1
	buffer_load_dword v6, off, s[0:3], s33 offset:4 ; 4-byte Folded Reload
	buffer_load_dword v1, off, s[0:3], s33 offset:8 ; 4-byte Folded Reload
	s_mov_b64 exec, s[4:5]
	s_add_i32 s32, s32, 0xfffffc00
	s_mov_b32 s33, s24
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end1:
	.size	_ZL5gid_xv, .Lfunc_end1-_ZL5gid_xv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 596
; NumSgprs: 38
; NumVgprs: 32
; NumAgprs: 2
; TotalNumVgprs: 34
; ScratchSize: 24
; MemoryBound: 0
	.text
	.protected	o0_loop                 ; -- Begin function o0_loop
	.globl	o0_loop
	.p2align	8
	.type	o0_loop,@function
o0_loop:                                ; @o0_loop
; %bb.0:
	s_mov_b32 s33, 0
	s_mov_b32 s32, 0xc00
	s_add_u32 flat_scratch_lo, s10, s15
	s_addc_u32 flat_scratch_hi, s11, 0
	s_add_u32 s0, s0, s15
	s_addc_u32 s1, s1, 0
                                        ; implicit-def: $vgpr1 : SGPR spill to VGPR lane
	v_writelane_b32 v1, s14, 0
	v_writelane_b32 v1, s13, 1
	v_writelane_b32 v1, s12, 2
	v_writelane_b32 v1, s8, 3
	v_writelane_b32 v1, s9, 4
	v_writelane_b32 v1, s6, 5
	v_writelane_b32 v1, s7, 6
	v_writelane_b32 v1, s4, 7
	v_writelane_b32 v1, s5, 8
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_write_b32 a2, v1              ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_mov_b32_e32 v1, v0
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_accvgpr_write_b32 a3, v1              ;  Reload Reuse
	s_load_dwordx2 s[10:11], s[6:7], 0x0
	s_load_dwordx2 s[8:9], s[6:7], 0x8
	s_nop 0
	s_load_dword s6, s[6:7], 0x10
	s_mov_b64 s[4:5], 0
	s_mov_b32 s15, s5
	s_mov_b64 s[12:13], src_private_base
	s_mov_b32 s7, 32
	s_lshr_b64 s[18:19], s[12:13], s7
	s_mov_b32 s12, -1
	v_mov_b32_e32 v3, 0
                                        ; implicit-def: $sgpr7
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	s_mov_b32 s14, s18
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
	s_mov_b32 s7, s4
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v14, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr14 killed $vgpr14 def $vgpr14_vgpr15 killed $exec
	v_mov_b32_e32 v15, v1
	v_mov_b32_e32 v3, 8
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v10, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr10 killed $vgpr10 def $vgpr10_vgpr11 killed $exec
	v_mov_b32_e32 v11, v1
	v_mov_b32_e32 v3, 16
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v12, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr12 killed $vgpr12 def $vgpr12_vgpr13 killed $exec
	v_mov_b32_e32 v13, v1
	v_accvgpr_write_b32 a5, v12             ;  Reload Reuse
	v_accvgpr_write_b32 a4, v13             ;  Reload Reuse
                                        ; implicit-def: $sgpr16_sgpr17
	v_mov_b32_e32 v3, 24
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v8, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr8 killed $vgpr8 def $vgpr8_vgpr9 killed $exec
	v_mov_b32_e32 v9, v1
	v_accvgpr_write_b32 a7, v8              ;  Reload Reuse
	v_accvgpr_write_b32 a6, v9              ;  Reload Reuse
                                        ; implicit-def: $sgpr16_sgpr17
	v_mov_b32_e32 v3, 32
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v6, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr6 killed $vgpr6 def $vgpr6_vgpr7 killed $exec
	v_mov_b32_e32 v7, v1
	v_accvgpr_write_b32 a9, v6              ;  Reload Reuse
	v_accvgpr_write_b32 a8, v7              ;  Reload Reuse
                                        ; implicit-def: $sgpr16_sgpr17
	v_mov_b32_e32 v3, 36
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[16:17], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[16:17]
                                        ; implicit-def: $sgpr13
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v4, v2, v3, s[16:17]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr4 killed $vgpr4 def $vgpr4_vgpr5 killed $exec
	v_mov_b32_e32 v5, v1
	v_accvgpr_write_b32 a11, v4             ;  Reload Reuse
	v_accvgpr_write_b32 a10, v5             ;  Reload Reuse
                                        ; implicit-def: $sgpr16_sgpr17
	v_mov_b32_e32 v3, 40
                                        ; implicit-def: $sgpr13
	v_cmp_ne_u32_e64 s[12:13], v3, s12
	v_mov_b32_e32 v1, s15
	v_mov_b32_e32 v2, s14
	v_cndmask_b32_e64 v1, v1, v2, s[12:13]
                                        ; implicit-def: $sgpr14
	v_mov_b32_e32 v2, s7
	v_cndmask_b32_e64 v2, v2, v3, s[12:13]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v1
	v_accvgpr_write_b32 a13, v2             ;  Reload Reuse
	v_accvgpr_write_b32 a12, v3             ;  Reload Reuse
                                        ; implicit-def: $sgpr12_sgpr13
	v_pk_mov_b32 v[16:17], v[14:15], v[14:15] op_sel:[0,1]
	s_waitcnt lgkmcnt(0)
	v_pk_mov_b32 v[18:19], s[10:11], s[10:11] op_sel:[0,1]
	flat_store_dwordx2 v[16:17], v[18:19]
	flat_load_dwordx2 v[14:15], v[14:15]
	v_pk_mov_b32 v[16:17], v[10:11], v[10:11] op_sel:[0,1]
	v_pk_mov_b32 v[18:19], s[8:9], s[8:9] op_sel:[0,1]
	flat_store_dwordx2 v[16:17], v[18:19]
	flat_load_dwordx2 v[10:11], v[10:11]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dwordx2 v[12:13], v[14:15]
	flat_store_dwordx2 v[8:9], v[10:11]
	v_mov_b32_e32 v1, s6
	flat_store_dword v[6:7], v1
	v_mov_b32_e32 v1, 0
	flat_store_dword v[4:5], v1
	flat_store_dword v[2:3], v1
                                        ; implicit-def: $sgpr6_sgpr7
	v_writelane_b32 v0, s4, 9
	v_writelane_b32 v0, s5, 10
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
.LBB5_1:                                ; =>This Inner Loop Header: Depth=1
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s4, v0, 11
	v_readlane_b32 s5, v0, 12
	v_readlane_b32 s6, v0, 9
	v_readlane_b32 s7, v0, 10
	v_writelane_b32 v0, s6, 13
	v_writelane_b32 v0, s7, 14
	v_accvgpr_read_b32 v2, a9               ;  Reload Reuse
	v_accvgpr_read_b32 v3, a8               ;  Reload Reuse
	v_accvgpr_read_b32 v4, a13              ;  Reload Reuse
	v_accvgpr_read_b32 v5, a12              ;  Reload Reuse
	flat_load_dword v1, v[4:5]
	s_nop 0
	flat_load_dword v2, v[2:3]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_cmp_lt_i32_e64 s[6:7], v1, v2
	s_mov_b64 s[8:9], -1
	s_or_b64 s[4:5], s[4:5], exec
	v_writelane_b32 v0, s4, 15
	v_writelane_b32 v0, s5, 16
	v_writelane_b32 v0, s4, 17
	v_writelane_b32 v0, s5, 18
	s_mov_b64 s[4:5], exec
	v_writelane_b32 v0, s4, 19
	v_writelane_b32 v0, s5, 20
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	s_and_b64 s[4:5], s[4:5], s[6:7]
	s_mov_b64 exec, s[4:5]
	s_cbranch_execz .LBB5_3
; %bb.2:                                ;   in Loop: Header=BB5_1 Depth=1
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v4, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s14, v4, 0
	v_readlane_b32 s13, v4, 1
	v_readlane_b32 s12, v4, 2
	v_readlane_b32 s10, v4, 3
	v_readlane_b32 s11, v4, 4
	v_readlane_b32 s4, v4, 7
	v_readlane_b32 s5, v4, 8
	v_readlane_b32 s6, v4, 5
	v_readlane_b32 s7, v4, 6
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	v_accvgpr_read_b32 v0, a13              ;  Reload Reuse
	v_accvgpr_read_b32 v1, a12              ;  Reload Reuse
	v_accvgpr_read_b32 v2, a5               ;  Reload Reuse
	v_accvgpr_read_b32 v3, a4               ;  Reload Reuse
	flat_load_dwordx2 v[6:7], v[2:3]
	s_nop 0
	flat_load_dword v0, v[0:1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_ashrrev_i32_e64 v2, 31, v0
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v2
	s_mov_b32 s8, 2
	v_lshlrev_b64 v[4:5], s8, v[0:1]
	v_mov_b32_e32 v0, v6
	v_mov_b32_e32 v3, v4
	v_mov_b32_e32 v1, v7
	v_mov_b32_e32 v2, v5
	v_add_co_u32_e64 v0, s[8:9], v0, v3
	v_addc_co_u32_e64 v2, s[8:9], v1, v2, s[8:9]
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v2
	flat_load_dword v0, v[0:1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_accvgpr_write_b32 a14, v0             ;  Reload Reuse
	s_mov_b64 s[16:17], 24
	s_mov_b32 s8, s6
	s_mov_b32 s6, s7
	s_mov_b32 s9, s16
	s_mov_b32 s7, s17
	s_add_u32 s8, s8, s9
	s_addc_u32 s6, s6, s7
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s6
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5gid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5gid_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v2, a14              ;  Reload Reuse
	v_mov_b32_e32 v3, v0
	v_accvgpr_read_b32 v0, a11              ;  Reload Reuse
	v_accvgpr_read_b32 v1, a10              ;  Reload Reuse
	v_pk_mov_b32 v[4:5], v[0:1], v[0:1] op_sel:[0,1]
	flat_load_dword v4, v[4:5]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_xad_u32 v2, v2, v3, v4
	flat_store_dword v[0:1], v2
	s_branch .LBB5_4
.LBB5_3:                                ;   in Loop: Header=BB5_1 Depth=1
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s4, v0, 19
	v_readlane_b32 s5, v0, 20
	s_or_b64 exec, exec, s[4:5]
	v_readlane_b32 s8, v0, 13
	v_readlane_b32 s9, v0, 14
	v_readlane_b32 s6, v0, 17
	v_readlane_b32 s7, v0, 18
	s_mov_b64 s[4:5], s[6:7]
	s_and_b64 s[4:5], exec, s[4:5]
	s_or_b64 s[4:5], s[4:5], s[8:9]
	v_writelane_b32 v0, s6, 11
	v_writelane_b32 v0, s7, 12
	s_mov_b64 s[6:7], s[4:5]
	v_writelane_b32 v0, s6, 9
	v_writelane_b32 v0, s7, 10
	s_mov_b64 s[6:7], s[4:5]
	v_writelane_b32 v0, s6, 21
	v_writelane_b32 v0, s7, 22
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	s_andn2_b64 exec, exec, s[4:5]
	s_cbranch_execnz .LBB5_1
	s_branch .LBB5_5
.LBB5_4:                                ;   in Loop: Header=BB5_1 Depth=1
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s4, v0, 15
	v_readlane_b32 s5, v0, 16
	v_accvgpr_read_b32 v2, a13              ;  Reload Reuse
	v_accvgpr_read_b32 v3, a12              ;  Reload Reuse
	v_pk_mov_b32 v[4:5], v[2:3], v[2:3] op_sel:[0,1]
	flat_load_dword v1, v[4:5]
	s_mov_b32 s6, 1
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_add_u32_e64 v1, v1, s6
	flat_store_dword v[2:3], v1
	s_mov_b64 s[6:7], 0
	s_andn2_b64 s[4:5], s[4:5], exec
	v_writelane_b32 v0, s4, 17
	v_writelane_b32 v0, s5, 18
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	s_branch .LBB5_3
.LBB5_5:
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s4, v0, 21
	v_readlane_b32 s5, v0, 22
	s_or_b64 exec, exec, s[4:5]
; %bb.6:
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v4, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	v_readlane_b32 s14, v4, 0
	v_readlane_b32 s13, v4, 1
	v_readlane_b32 s12, v4, 2
	v_readlane_b32 s10, v4, 3
	v_readlane_b32 s11, v4, 4
	v_readlane_b32 s4, v4, 7
	v_readlane_b32 s5, v4, 8
	v_readlane_b32 s6, v4, 5
	v_readlane_b32 s7, v4, 6
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	v_accvgpr_read_b32 v0, a7               ;  Reload Reuse
	v_accvgpr_read_b32 v1, a6               ;  Reload Reuse
	v_accvgpr_read_b32 v2, a11              ;  Reload Reuse
	v_accvgpr_read_b32 v3, a10              ;  Reload Reuse
	flat_load_dword v2, v[2:3]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_accvgpr_write_b32 a15, v2             ;  Reload Reuse
	flat_load_dwordx2 v[8:9], v[0:1]
	s_mov_b64 s[16:17], 24
	s_mov_b32 s8, s6
	s_mov_b32 s6, s7
	s_mov_b32 s9, s16
	s_mov_b32 s7, s17
	s_add_u32 s8, s8, s9
	s_addc_u32 s6, s6, s7
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s6
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5gid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5gid_xv@rel32@hi+12
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v1, a15              ;  Reload Reuse
	v_mov_b32_e32 v2, v0
	s_or_saveexec_b64 s[26:27], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[26:27]
	s_mov_b32 s4, 0
                                        ; implicit-def: $sgpr4
	v_mov_b32_e32 v4, 0
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	s_mov_b32 s4, 2
	v_lshlrev_b64 v[6:7], s4, v[2:3]
	v_mov_b32_e32 v2, v8
	v_mov_b32_e32 v5, v6
	v_mov_b32_e32 v3, v9
	v_mov_b32_e32 v4, v7
	v_add_co_u32_e64 v2, s[4:5], v2, v5
	v_addc_co_u32_e64 v4, s[4:5], v3, v4, s[4:5]
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	flat_store_dword v[2:3], v1
                                        ; kill: killed $vgpr0
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel o0_loop
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 72
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 12
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 48
		.amdhsa_next_free_sgpr 34
		.amdhsa_accum_offset 32
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 1
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
	.size	o0_loop, .Lfunc_end2-o0_loop
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1992
; NumSgprs: 40
; NumVgprs: 32
; NumAgprs: 16
; TotalNumVgprs: 48
; ScratchSize: 72
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 40
; NumVGPRsForWavesPerEU: 48
; AccumOffset: 32
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 12
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 7
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	o0_lds                  ; -- Begin function o0_lds
	.globl	o0_lds
	.p2align	8
	.type	o0_lds,@function
o0_lds:                                 ; @o0_lds
; %bb.0:
	s_mov_b32 s33, 0
	s_mov_b32 s32, 0xc00
	s_add_u32 flat_scratch_lo, s10, s15
	s_addc_u32 flat_scratch_hi, s11, 0
	s_add_u32 s0, s0, s15
	s_addc_u32 s1, s1, 0
                                        ; implicit-def: $vgpr1 : SGPR spill to VGPR lane
	v_writelane_b32 v1, s14, 0
	v_writelane_b32 v1, s13, 1
	v_writelane_b32 v1, s12, 2
	s_mov_b64 s[10:11], s[8:9]
	v_writelane_b32 v1, s10, 3
	v_writelane_b32 v1, s11, 4
	v_writelane_b32 v1, s4, 5
	v_writelane_b32 v1, s5, 6
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_write_b32 a2, v1              ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
	v_mov_b32_e32 v31, v0
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
	v_accvgpr_write_b32 a3, v31             ;  Reload Reuse
	s_load_dwordx2 s[16:17], s[6:7], 0x0
	s_load_dwordx2 s[8:9], s[6:7], 0x8
	s_mov_b64 s[24:25], 0
	s_mov_b32 s21, s25
	s_mov_b64 s[18:19], src_private_base
	s_mov_b32 s15, 32
	v_writelane_b32 v0, s15, 7
	s_lshr_b64 s[26:27], s[18:19], s15
	s_mov_b32 s18, -1
	v_mov_b32_e32 v3, 0
                                        ; implicit-def: $sgpr15
	v_cmp_ne_u32_e64 s[22:23], v3, s18
	s_mov_b32 s20, s26
	v_mov_b32_e32 v1, s21
	v_mov_b32_e32 v2, s20
	v_cndmask_b32_e64 v1, v1, v2, s[22:23]
	s_mov_b32 s15, s24
                                        ; implicit-def: $sgpr19
	v_mov_b32_e32 v2, s15
	v_cndmask_b32_e64 v8, v2, v3, s[22:23]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr8 killed $vgpr8 def $vgpr8_vgpr9 killed $exec
	v_mov_b32_e32 v9, v1
	v_mov_b32_e32 v3, 8
                                        ; implicit-def: $sgpr19
	v_cmp_ne_u32_e64 s[22:23], v3, s18
	v_mov_b32_e32 v1, s21
	v_mov_b32_e32 v2, s20
	v_cndmask_b32_e64 v1, v1, v2, s[22:23]
                                        ; implicit-def: $sgpr19
	v_mov_b32_e32 v2, s15
	v_cndmask_b32_e64 v6, v2, v3, s[22:23]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr6 killed $vgpr6 def $vgpr6_vgpr7 killed $exec
	v_mov_b32_e32 v7, v1
	v_mov_b32_e32 v3, 16
                                        ; implicit-def: $sgpr19
	v_cmp_ne_u32_e64 s[22:23], v3, s18
	v_mov_b32_e32 v1, s21
	v_mov_b32_e32 v2, s20
	v_cndmask_b32_e64 v1, v1, v2, s[22:23]
                                        ; implicit-def: $sgpr19
	v_mov_b32_e32 v2, s15
	v_cndmask_b32_e64 v2, v2, v3, s[22:23]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v1
	v_mov_b32_e32 v5, 24
                                        ; implicit-def: $sgpr19
	v_cmp_ne_u32_e64 s[18:19], v5, s18
	v_mov_b32_e32 v1, s21
	v_mov_b32_e32 v4, s20
	v_cndmask_b32_e64 v1, v1, v4, s[18:19]
                                        ; implicit-def: $sgpr20
	v_mov_b32_e32 v4, s15
	v_cndmask_b32_e64 v4, v4, v5, s[18:19]
                                        ; kill: def $vgpr1 killed $vgpr1 killed $exec
                                        ; kill: def $vgpr4 killed $vgpr4 def $vgpr4_vgpr5 killed $exec
	v_mov_b32_e32 v5, v1
	v_accvgpr_write_b32 a5, v4              ;  Reload Reuse
	v_accvgpr_write_b32 a4, v5              ;  Reload Reuse
	v_pk_mov_b32 v[10:11], v[8:9], v[8:9] op_sel:[0,1]
	s_waitcnt lgkmcnt(0)
	v_pk_mov_b32 v[12:13], s[16:17], s[16:17] op_sel:[0,1]
	flat_store_dwordx2 v[10:11], v[12:13]
	flat_load_dwordx2 v[10:11], v[8:9]
	v_pk_mov_b32 v[8:9], v[6:7], v[6:7] op_sel:[0,1]
	v_pk_mov_b32 v[12:13], s[8:9], s[8:9] op_sel:[0,1]
	flat_store_dwordx2 v[8:9], v[12:13]
	flat_load_dwordx2 v[6:7], v[6:7]
	v_pk_mov_b32 v[8:9], v[2:3], v[2:3] op_sel:[0,1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dwordx2 v[8:9], v[10:11]
	flat_store_dwordx2 v[4:5], v[6:7]
	flat_load_dwordx2 v[8:9], v[2:3]
	s_mov_b64 s[16:17], 16
	s_mov_b32 s8, s6
	s_mov_b32 s6, s7
	s_mov_b32 s9, s16
	s_mov_b32 s7, s17
	s_add_u32 s8, s8, s9
	s_addc_u32 s6, s6, s7
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s6
	v_writelane_b32 v0, s8, 8
	v_writelane_b32 v0, s9, 9
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, _ZL5gid_xv@rel32@lo+4
	s_addc_u32 s17, s17, _ZL5gid_xv@rel32@hi+12
	v_writelane_b32 v0, s16, 10
	v_writelane_b32 v0, s17, 11
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_write_b32 a2, v0              ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_read_b32 v1, a2               ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
	v_readlane_b32 s4, v1, 5
	v_readlane_b32 s5, v1, 6
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s10, v1, 3
	v_readlane_b32 s11, v1, 4
	v_readlane_b32 s12, v1, 2
	v_readlane_b32 s13, v1, 1
	v_readlane_b32 s14, v1, 0
	v_readlane_b32 s16, v1, 10
	v_readlane_b32 s17, v1, 11
	v_mov_b32_e32 v2, v0
	s_mov_b32 s22, 0
	v_writelane_b32 v1, s22, 12
                                        ; implicit-def: $sgpr6
	v_mov_b32_e32 v0, s22
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v0
	s_mov_b32 s18, 2
	v_writelane_b32 v1, s18, 13
	v_lshlrev_b64 v[6:7], s18, v[2:3]
	v_mov_b32_e32 v2, v8
	v_mov_b32_e32 v4, v6
	v_mov_b32_e32 v0, v9
	v_mov_b32_e32 v3, v7
	v_add_co_u32_e64 v2, s[6:7], v2, v4
	v_addc_co_u32_e64 v0, s[6:7], v0, v3, s[6:7]
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v0
	flat_load_dword v0, v[2:3]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_accvgpr_write_b32 a6, v0              ;  Reload Reuse
	s_getpc_b64 s[20:21]
	s_add_u32 s20, s20, _ZL5tid_xv@rel32@lo+4
	s_addc_u32 s21, s21, _ZL5tid_xv@rel32@hi+12
	s_mov_b64 s[26:27], s[2:3]
	s_mov_b64 s[24:25], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[24:25]
	s_mov_b64 s[2:3], s[26:27]
	s_swappc_b64 s[30:31], s[20:21]
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	v_readlane_b32 s15, v1, 7
	v_readlane_b32 s14, v1, 0
	v_readlane_b32 s13, v1, 1
	v_readlane_b32 s12, v1, 2
	v_readlane_b32 s10, v1, 3
	v_readlane_b32 s11, v1, 4
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s4, v1, 5
	v_readlane_b32 s5, v1, 6
	v_mov_b32_e32 v2, v0
	v_accvgpr_read_b32 v0, a6               ;  Reload Reuse
	s_mov_b32 s19, 63
	v_and_b32_e64 v2, v2, s19
	s_mov_b64 s[6:7], src_shared_base
	s_lshr_b64 s[6:7], s[6:7], s15
	s_mov_b32 s15, s6
	s_mov_b32 s6, 0
                                        ; kill: def $sgpr6 killed $sgpr6 def $sgpr6_sgpr7
	s_mov_b32 s7, s15
	s_mov_b32 s15, s7
	v_writelane_b32 v1, s15, 14
	v_lshlrev_b32_e64 v2, s18, v2
                                        ; implicit-def: $sgpr23
	v_mov_b32_e32 v4, s22
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	v_mov_b32_e32 v4, v3
	v_or_b32_e64 v4, s15, v4
                                        ; kill: def $sgpr6 killed $sgpr6 killed $sgpr6_sgpr7
	v_writelane_b32 v1, s6, 15
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_write_b32 a2, v1              ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
                                        ; kill: def $vgpr2 killed $vgpr2 killed $vgpr2_vgpr3 killed $exec
	v_or_b32_e64 v2, s6, v2
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	flat_store_dword v[2:3], v0
	s_getpc_b64 s[22:23]
	s_add_u32 s22, s22, _ZL11syncthreadsv@rel32@lo+4
	s_addc_u32 s23, s23, _ZL11syncthreadsv@rel32@hi+12
	s_mov_b64 s[26:27], s[2:3]
	s_mov_b64 s[24:25], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[24:25]
	s_mov_b64 s[2:3], s[26:27]
	s_swappc_b64 s[30:31], s[22:23]
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	v_readlane_b32 s14, v1, 0
	v_readlane_b32 s13, v1, 1
	v_readlane_b32 s12, v1, 2
	v_readlane_b32 s10, v1, 3
	v_readlane_b32 s11, v1, 4
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s4, v1, 5
	v_readlane_b32 s5, v1, 6
	s_mov_b64 s[26:27], s[2:3]
	s_mov_b64 s[24:25], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[24:25]
	s_mov_b64 s[2:3], s[26:27]
	s_swappc_b64 s[30:31], s[20:21]
	v_accvgpr_read_b32 v31, a3              ;  Reload Reuse
	v_readlane_b32 s15, v1, 12
	v_readlane_b32 s14, v1, 0
	v_readlane_b32 s13, v1, 1
	v_readlane_b32 s12, v1, 2
	v_readlane_b32 s10, v1, 3
	v_readlane_b32 s11, v1, 4
	v_readlane_b32 s8, v1, 8
	v_readlane_b32 s9, v1, 9
	v_readlane_b32 s7, v1, 14
	v_readlane_b32 s6, v1, 15
	v_readlane_b32 s4, v1, 5
	v_readlane_b32 s5, v1, 6
	v_mov_b32_e32 v2, v0
	v_accvgpr_read_b32 v0, a5               ;  Reload Reuse
	v_accvgpr_read_b32 v1, a4               ;  Reload Reuse
	s_mov_b32 s20, 1
	v_add_u32_e64 v2, v2, s20
	v_and_b32_e64 v2, v2, s19
	v_lshlrev_b32_e64 v2, s18, v2
                                        ; implicit-def: $sgpr18
	v_mov_b32_e32 v4, s15
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	v_mov_b32_e32 v4, v3
	v_or_b32_e64 v4, s7, v4
                                        ; kill: def $vgpr2 killed $vgpr2 killed $vgpr2_vgpr3 killed $exec
	v_or_b32_e64 v2, s6, v2
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	flat_load_dword v2, v[2:3]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_accvgpr_write_b32 a7, v2              ;  Reload Reuse
	flat_load_dwordx2 v[8:9], v[0:1]
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
                                        ; implicit-def: $sgpr6_sgpr7
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_swappc_b64 s[30:31], s[16:17]
	v_accvgpr_read_b32 v1, a7               ;  Reload Reuse
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_read_b32 v2, a2               ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
	v_readlane_b32 s5, v2, 12
	v_readlane_b32 s4, v2, 13
	v_mov_b32_e32 v2, v0
	s_or_saveexec_b64 s[28:29], -1
	v_accvgpr_read_b32 v0, a2               ;  Reload Reuse
	s_mov_b64 exec, s[28:29]
                                        ; implicit-def: $sgpr6
	v_mov_b32_e32 v4, s5
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	v_lshlrev_b64 v[6:7], s4, v[2:3]
	v_mov_b32_e32 v2, v8
	v_mov_b32_e32 v5, v6
	v_mov_b32_e32 v3, v9
	v_mov_b32_e32 v4, v7
	v_add_co_u32_e64 v2, s[4:5], v2, v5
	v_addc_co_u32_e64 v4, s[4:5], v3, v4, s[4:5]
                                        ; kill: def $vgpr2 killed $vgpr2 def $vgpr2_vgpr3 killed $exec
	v_mov_b32_e32 v3, v4
	flat_store_dword v[2:3], v1
                                        ; kill: killed $vgpr0
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel o0_lds
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_private_segment_fixed_size 72
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 12
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 34
		.amdhsa_accum_offset 32
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 1
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
	.size	o0_lds, .Lfunc_end3-o0_lds
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1568
; NumSgprs: 40
; NumVgprs: 32
; NumAgprs: 8
; TotalNumVgprs: 40
; ScratchSize: 72
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 40
; NumVGPRsForWavesPerEU: 40
; AccumOffset: 32
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 12
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 7
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2align	2                               ; -- Begin function _ZL5tid_xv
	.type	_ZL5tid_xv,@function
_ZL5tid_xv:                             ; @_ZL5tid_xv
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s5, s33
	s_mov_b32 s33, s32
	s_add_i32 s32, s32, 0x200
	s_mov_b32 s4, 0x3ff
	v_and_b32_e64 v0, v31, s4
	s_add_i32 s32, s32, 0xfffffe00
	s_mov_b32 s33, s5
	s_setpc_b64 s[30:31]
.Lfunc_end4:
	.size	_ZL5tid_xv, .Lfunc_end4-_ZL5tid_xv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 52
; NumSgprs: 38
; NumVgprs: 32
; NumAgprs: 0
; TotalNumVgprs: 32
; ScratchSize: 8
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _ZL11syncthreadsv
	.type	_ZL11syncthreadsv,@function
_ZL11syncthreadsv:                      ; @_ZL11syncthreadsv
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s4, s33
	s_mov_b32 s33, s32
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s33, s4
	s_setpc_b64 s[30:31]
.Lfunc_end5:
	.size	_ZL11syncthreadsv, .Lfunc_end5-_ZL11syncthreadsv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 32
; NumSgprs: 38
; NumVgprs: 0
; NumAgprs: 0
; TotalNumVgprs: 0
; ScratchSize: 0
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _ZL5bid_xv
	.type	_ZL5bid_xv,@function
_ZL5bid_xv:                             ; @_ZL5bid_xv
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s4, s33
	s_mov_b32 s33, s32
	s_add_i32 s32, s32, 0x200
	v_mov_b32_e32 v0, s12
	s_add_i32 s32, s32, 0xfffffe00
	s_mov_b32 s33, s4
	s_setpc_b64 s[30:31]
.Lfunc_end6:
	.size	_ZL5bid_xv, .Lfunc_end6-_ZL5bid_xv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 40
; NumSgprs: 38
; NumVgprs: 1
; NumAgprs: 0
; TotalNumVgprs: 1
; ScratchSize: 8
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _ZL6bdim_xv
	.type	_ZL6bdim_xv,@function
_ZL6bdim_xv:                            ; @_ZL6bdim_xv
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s4, s33
	s_mov_b32 s33, s32
	s_add_i32 s32, s32, 0x200
	v_mov_b32_e32 v0, 0
	global_load_ushort v0, v0, s[8:9] offset:12
	s_add_i32 s32, s32, 0xfffffe00
	s_mov_b32 s33, s4
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end7:
	.size	_ZL6bdim_xv, .Lfunc_end7-_ZL6bdim_xv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 52
; NumSgprs: 38
; NumVgprs: 1
; NumAgprs: 0
; TotalNumVgprs: 1
; ScratchSize: 8
; MemoryBound: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.type	.str,@object                    ; @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.str:
	.asciz	"workgroup"
	.size	.str, 10

	.type	__hip_cuid_e107ac69b6d143f,@object ; @__hip_cuid_e107ac69b6d143f
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_e107ac69b6d143f
__hip_cuid_e107ac69b6d143f:
	.byte	0                               ; 0x0
	.size	__hip_cuid_e107ac69b6d143f, 1

	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym _ZL5gid_xv
	.addrsig_sym _ZL5tid_xv
	.addrsig_sym _ZL11syncthreadsv
	.addrsig_sym _ZL5bid_xv
	.addrsig_sym _ZL6bdim_xv
	.addrsig_sym __hip_cuid_e107ac69b6d143f
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     13
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
      - .offset:         112
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         120
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         128
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         136
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         144
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         232
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 288
    .max_flat_workgroup_size: 1024
    .name:           o0_vector_add
    .private_segment_fixed_size: 88
    .sgpr_count:     42
    .sgpr_spill_count: 6
    .symbol:         o0_vector_add.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: true
    .vgpr_count:     45
    .vgpr_spill_count: 12
    .wavefront_size: 64
  - .agpr_count:     16
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
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           o0_loop
    .private_segment_fixed_size: 72
    .sgpr_count:     40
    .sgpr_spill_count: 27
    .symbol:         o0_loop.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: true
    .vgpr_count:     48
    .vgpr_spill_count: 18
    .wavefront_size: 64
  - .agpr_count:     8
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
      - .offset:         96
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         104
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         112
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         120
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         128
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         216
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           o0_lds
    .private_segment_fixed_size: 72
    .sgpr_count:     40
    .sgpr_spill_count: 16
    .symbol:         o0_lds.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: true
    .vgpr_count:     40
    .vgpr_spill_count: 8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
