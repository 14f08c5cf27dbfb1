; Hand-written: VALU operand syntax. Input modifiers (-x, |x|, -|x|, neg(), abs()), clamp and
; omod (mul:2, mul:4, div:2), inline constants (0.5, -4.0, 1/(2*pi) as 0.15915494) and literals
; (hex, float), VOP3P op_sel/op_sel_hi/neg_lo/neg_hi, explicit _e32/_e64/_dpp/_sdwa encodings,
; DPP controls and masks, SDWA selects, VCC/vcc_lo and SGPR-pair carries.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	vop_modifiers
	.p2align	8
	.type	vop_modifiers,@function
vop_modifiers:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_cvt_f32_u32_e32 v2, v2
	v_add_f32_e64 v3, -v2, |v2|
	v_mul_f32_e64 v3, v3, 0.5 clamp
	v_add_f32_e64 v4, v2, 1.0 mul:2
	v_add_f32_e64 v4, v4, -|v2| div:2
	v_mul_f32_e64 v4, neg(v4), abs(v3) mul:4
	v_fma_f32 v5, v2, 0.15915494, -1.0
	v_mul_f32_e32 v5, 0x3e22f983, v5
	v_add_f32_e32 v5, 1.5, v5
	v_sub_f32_e32 v5, -4.0, v5
	v_max_f32_e64 v5, v5, -v5
	v_cmp_gt_f32_e32 vcc, 0x41000000, v2
	v_cmp_class_f32_e64 s[8:9], v2, 3
	s_and_b64 s[8:9], s[8:9], vcc
	v_cndmask_b32_e64 v6, v3, -v4, s[8:9]
	v_cvt_f16_f32_e32 v7, v2
	v_cvt_f16_f32_e32 v8, v3
	v_pack_b32_f16 v7, v7, v8 op_sel:[0,0]
	v_pk_add_f16 v8, v7, v7 op_sel:[1,0] op_sel_hi:[0,1]
	v_pk_fma_f16 v8, v8, v7, v7 neg_lo:[1,0,0] neg_hi:[0,1,0]
	v_pk_mul_f16 v8, v8, 0.5 op_sel_hi:[1,0]
	v_mov_b32_e32 v3, v2
	v_pk_mul_f32 v[10:11], v[2:3], v[4:5] op_sel_hi:[1,0]
	v_pk_add_f32 v[10:11], v[10:11], v[2:3] neg_lo:[0,1] neg_hi:[0,1]
	v_mad_u32_u24 v12, v0, 3, 7
	v_add_u32_e64 v12, v12, v0 clamp
	v_add_co_u32_e64 v13, s[8:9], v12, v0
	v_addc_co_u32_e64 v14, s[8:9], 0, v13, s[8:9]
	v_add_co_u32_e32 v13, vcc, 64, v13
	v_subrev_co_u32_e32 v14, vcc, 0x100, v14
	s_and_b32 vcc_lo, vcc_lo, exec_lo
	s_mov_b32 vcc_hi, exec_hi
	v_cndmask_b32_e32 v9, v13, v14, vcc
	global_store_dword v1, v5, s[6:7]
	global_store_dword v1, v6, s[6:7] offset:256
	global_store_dword v1, v8, s[6:7] offset:512
	global_store_dword v1, v10, s[6:7] offset:768
	global_store_dword v1, v11, s[6:7] offset:1024
	global_store_dword v1, v12, s[6:7] offset:1280
	global_store_dword v1, v9, s[6:7] offset:1536
	s_endpgm
.Lfunc_end0:
	.size	vop_modifiers, .Lfunc_end0-vop_modifiers

	.globl	dpp_sdwa
	.p2align	8
	.type	dpp_sdwa,@function
dpp_sdwa:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_mov_b32_dpp v3, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
	v_add_u32_dpp v3, v2, v3 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
	v_mov_b32_e32 v4, 0
	v_add_u32_dpp v4, v2, v3 row_shr:3 row_mask:0xa bank_mask:0x5
	v_mov_b32_e32 v5, 0
	v_mov_b32_dpp v5, v2 row_bcast:15 row_mask:0xa
	v_mov_b32_dpp v5, v2 row_bcast:31 row_mask:0xc
	v_mov_b32_dpp v6, v2 wave_shr:1 bound_ctrl:0
	v_mov_b32_dpp v6, v6 row_ror:4
	v_mov_b32_dpp v6, v6 row_mirror
	v_mov_b32_dpp v6, v6 row_half_mirror
	v_add_u32_sdwa v7, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_0
	v_mov_b32_e32 v8, -1
	v_mov_b32_sdwa v8, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_3
	v_cmp_eq_u32_sdwa s[8:9], v2, v3 src0_sel:BYTE_0 src1_sel:BYTE_0
	v_cndmask_b32_e64 v9, 0, 1, s[8:9]
	global_store_dword v1, v3, s[6:7]
	global_store_dword v1, v4, s[6:7] offset:256
	global_store_dword v1, v5, s[6:7] offset:512
	global_store_dword v1, v6, s[6:7] offset:768
	global_store_dword v1, v7, s[6:7] offset:1024
	global_store_dword v1, v8, s[6:7] offset:1280
	global_store_dword v1, v9, s[6:7] offset:1536
	s_endpgm
.Lfunc_end1:
	.size	dpp_sdwa, .Lfunc_end1-dpp_sdwa

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel vop_modifiers
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 16
	.end_amdhsa_kernel
	.amdhsa_kernel dpp_sdwa
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 10
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           vop_modifiers
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         vop_modifiers.kd
    .vgpr_count:     16
    .wavefront_size: 64
  - .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           dpp_sdwa
    .private_segment_fixed_size: 0
    .symbol:         dpp_sdwa.kd
    .vgpr_count:     10
    .sgpr_count:     16
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
