; Hand-written: MFMA and AGPRs, descriptors out of the usual order and with unusual values.
; v_mfma_f32_4x4x1f32 with cbsz/abid/blgp, AGPR moves
; (v_accvgpr_write/read/mov), AGPR loads and stores, accum_offset, tg_split, dispatch_ptr and
; dispatch_id user SGPRs, workgroup ids y/z and workgroup info enabled, a kernel preloading its
; three kernel arguments (five dwords) (.amdhsa_user_sgpr_kernarg_preload_length) behind the 256-byte
; header LLVM writes for firmware that cannot preload.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.text
	.globl	mfma_agpr
	.p2align	8
	.type	mfma_agpr,@function
mfma_agpr:
	s_load_dwordx4 s[8:11], s[2:3], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[8:9]
	s_waitcnt vmcnt(0)
	v_cvt_f32_u32_e32 v2, v2
	v_accvgpr_write_b32 a0, v2
	v_accvgpr_write_b32 a1, 1.0
	v_accvgpr_write_b32 a2, 0
	v_accvgpr_mov_b32 a3, a0
	v_mfma_f32_4x4x1f32 a[0:3], v2, v2, a[0:3] cbsz:1 abid:1 blgp:2
	v_mfma_f32_4x4x1f32 a[4:7], v2, v2, 0
	s_nop 7
	s_nop 1
	v_accvgpr_read_b32 v3, a0
	v_accvgpr_read_b32 v4, a5
	v_add_f32_e32 v3, v3, v4
	global_store_dword v1, v3, s[10:11]
	global_store_dword v1, a3, s[10:11] offset:256
	s_endpgm
.Lfunc_end0:
	.size	mfma_agpr, .Lfunc_end0-mfma_agpr

	.globl	preload
	.p2align	8
	.type	preload,@function
preload:
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x8
	s_load_dword s10, s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_branch .LBB1_0
	.p2align	8
.LBB1_0:
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	global_load_dword v2, v1, s[6:7]
	s_waitcnt vmcnt(0)
	v_mul_lo_u32 v2, v2, s10
	global_store_dword v1, v2, s[8:9]
	s_endpgm
.Lfunc_end1:
	.size	preload, .Lfunc_end1-preload

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mfma_agpr
		.amdhsa_accum_offset 8
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 12
		.amdhsa_tg_split 1
		.amdhsa_system_sgpr_workgroup_info 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_count 6
		.amdhsa_kernarg_size 16
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_reserve_vcc 0
	.end_amdhsa_kernel
	.amdhsa_kernel preload
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 11
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_kernarg_preload_length 5
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_next_free_vgpr 3
		.amdhsa_next_free_sgpr 16
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     8
    .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           mfma_agpr
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .symbol:         mfma_agpr.kd
    .vgpr_count:     16
    .wavefront_size: 64
  - .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
      - {.name: k, .offset: 16, .size: 4, .value_kind: by_value}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 64
    .name:           preload
    .private_segment_fixed_size: 0
    .sgpr_count:     22
    .symbol:         preload.kd
    .vgpr_count:     3
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
