; Hand-written: atomics and 64-bit data movement. global/flat/buffer/LDS atomics returning the
; old value (glc; ds_*_rtn) and not, cmpswap with a register pair, float atomics
; (global_atomic_add_f32, ds_add_f32), 64-bit atomics, the cache write-back and invalidate
; (buffer_wbl2, buffer_invl2) around them; v_pk_mov_b32 with op_sel, v_lshlrev_b64, v_fmac_f64.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.text
	.globl	atomics
	.p2align	8
	.type	atomics,@function
atomics:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	v_mov_b32_e32 v2, 1
	v_mov_b32_e32 v3, 0
	s_waitcnt lgkmcnt(0)
	global_atomic_add v3, v2, s[4:5] offset:64
	global_atomic_add v4, v3, v2, s[4:5] glc
	v_mov_b32_e32 v6, s6
	v_mov_b32_e32 v7, s7
	v_add_co_u32_e32 v6, vcc, v6, v1
	v_addc_co_u32_e32 v7, vcc, 0, v7, vcc
	s_waitcnt vmcnt(0)
	flat_atomic_swap v5, v[6:7], v4 glc
	v_mov_b32_e32 v8, v4
	v_mov_b32_e32 v9, 7
	global_atomic_cmpswap v10, v1, v[8:9], s[4:5] offset:512 glc
	v_cvt_f32_u32_e32 v11, v2
	global_atomic_add_f32 v1, v11, s[4:5] offset:1024
	v_lshlrev_b32_e32 v12, 3, v0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v14, 5
	v_mov_b32_e32 v15, 0
	global_atomic_add_x2 v[16:17], v12, v[14:15], s[4:5] offset:2048 glc
	ds_write_b32 v1, v2
	ds_add_rtn_u32 v18, v1, v2
	ds_add_u32 v1, v2 offset:4
	ds_add_f32 v1, v11 offset:8
	ds_cmpst_rtn_b32 v19, v1, v2, v14
	s_waitcnt vmcnt(0) lgkmcnt(0)
	buffer_wbl2
	buffer_invl2
	global_store_dword v1, v4, s[6:7] offset:256
	global_store_dword v1, v5, s[6:7] offset:512
	global_store_dword v1, v10, s[6:7] offset:768
	global_store_dword v1, v16, s[6:7] offset:1024
	global_store_dword v1, v18, s[6:7] offset:1280
	global_store_dword v1, v19, s[6:7] offset:1536
	s_endpgm
.Lfunc_end0:
	.size	atomics, .Lfunc_end0-atomics

	.globl	wide_ops
	.p2align	8
	.type	wide_ops,@function
wide_ops:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 3, v0
	s_waitcnt lgkmcnt(0)
	global_load_dwordx2 v[2:3], v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_pk_mov_b32 v[4:5], v[2:3], v[2:3] op_sel:[1,0]
	v_lshlrev_b64 v[6:7], 4, v[4:5]
	v_cvt_f64_u32_e32 v[8:9], v2
	v_cvt_f64_u32_e32 v[10:11], v3
	v_fmac_f64_e32 v[10:11], 0.5, v[8:9]
	v_fma_f64 v[8:9], v[8:9], -2.0, |v[10:11]|
	global_store_dwordx2 v1, v[6:7], s[6:7]
	global_store_dwordx2 v1, v[8:9], s[6:7] offset:512
	global_store_dwordx2 v1, v[10:11], s[6:7] offset:1024
	s_endpgm
.Lfunc_end1:
	.size	wide_ops, .Lfunc_end1-wide_ops

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel atomics
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel wide_ops
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: data, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           atomics
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .symbol:         atomics.kd
    .vgpr_count:     20
    .wavefront_size: 64
  - .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           wide_ops
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .symbol:         wide_ops.kd
    .vgpr_count:     12
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
