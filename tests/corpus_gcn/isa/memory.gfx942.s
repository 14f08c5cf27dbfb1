; Hand-written: memory instruction syntax. MUBUF buffer_load/store with offen, idxen, offset:,
; sc0 sc1 nt (gfx94x's cache bits); global with off and SGPR base, negative offsets; flat; scratch with off and an
; SGPR base; LDS ds_read2/ds_write2 (offset0/offset1, st64), ds_read_b64, ds_add_rtn,
; ds_swizzle_b32 offset:swizzle(...), ds_bpermute_b32/ds_permute_b32 (no gds: llvm-mc refuses it here); v_readlane,
; v_writelane, v_readfirstlane with SGPR, M0 and constant lane selects.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	lds_ops
	.p2align	8
	.type	lds_ops,@function
lds_ops:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_lshlrev_b32_e32 v3, 3, v0
	v_mov_b32_e32 v4, v0
	ds_write2_b32 v3, v2, v4 offset1:1
	ds_write2st64_b32 v1, v2, v2 offset0:4 offset1:8
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2_b32 v[6:7], v3 offset0:2 offset1:3
	ds_read_b64 v[8:9], v3 offset:16
	ds_add_rtn_u32 v10, v1, v2 offset:1024
	ds_swizzle_b32 v11, v2 offset:swizzle(QUAD_PERM,1,0,3,2)
	ds_swizzle_b32 v12, v2 offset:swizzle(BITMASK_PERM,"01pip")
	ds_swizzle_b32 v13, v2 offset:swizzle(SWAP,16)
	ds_swizzle_b32 v14, v2 offset:0x801f
	v_xor_b32_e32 v15, 4, v1
	ds_bpermute_b32 v15, v15, v2
	ds_permute_b32 v16, v1, v2 offset:0
	s_waitcnt lgkmcnt(0)
	v_readfirstlane_b32 s8, v2
	s_mov_b32 m0, 5
	v_readlane_b32 s9, v2, m0
	v_readlane_b32 s10, v2, 63
	v_readlane_b32 s11, v2, s8
	v_writelane_b32 v16, s9, 0
	v_writelane_b32 v16, s10, m0
	v_add_u32_e32 v6, v6, v7
	v_add_u32_e32 v6, v6, v8
	v_add_u32_e32 v6, v6, v9
	global_store_dword v1, v6, s[6:7]
	global_store_dword v1, v10, s[6:7] offset:256
	global_store_dword v1, v11, s[6:7] offset:512
	global_store_dword v1, v12, s[6:7] offset:768
	global_store_dword v1, v13, s[6:7] offset:1024
	global_store_dword v1, v14, s[6:7] offset:1280
	global_store_dword v1, v15, s[6:7] offset:1536
	global_store_dword v1, v16, s[6:7] offset:1792
	s_endpgm
.Lfunc_end0:
	.size	lds_ops, .Lfunc_end0-lds_ops

	.globl	vmem_ops
	.p2align	8
	.type	vmem_ops,@function
vmem_ops:
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx4 s[12:15], s[4:5], 0x10
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v2, v1, s[12:15], 0 offen offset:4
	buffer_load_dword v3, v0, s[12:15], 0 idxen sc0 sc1
	buffer_load_dword v4, off, s[12:15], 0 offset:8
	s_waitcnt vmcnt(0)
	buffer_store_dword v2, v1, s[12:15], 0 offen offset:1024
	v_mov_b32_e32 v5, v1
	global_load_dword v6, v1, s[8:9] offset:-16 sc0
	global_load_dwordx2 v[8:9], v1, s[8:9] offset:16
	v_mov_b32_e32 v10, s8
	v_mov_b32_e32 v11, s9
	v_add_co_u32_e32 v10, vcc, v10, v1
	v_addc_co_u32_e32 v11, vcc, 0, v11, vcc
	global_load_dword v12, v[10:11], off offset:32
	flat_load_dword v13, v[10:11] offset:64 sc0 nt
	s_waitcnt vmcnt(0) lgkmcnt(0)
	scratch_store_dword v1, v6, off offset:128
	s_mov_b32 s7, 8
	scratch_store_dword off, v8, s7 offset:4
	s_waitcnt vmcnt(0)
	scratch_load_dword v14, v1, off offset:128
	scratch_store_dwordx2 off, v[8:9], off offset:16
	s_waitcnt vmcnt(0)
	scratch_load_dword v15, off, off offset:20
	s_waitcnt vmcnt(0)
	global_store_dword v1, v3, s[10:11]
	global_store_dword v1, v4, s[10:11] offset:256
	global_store_dword v1, v6, s[10:11] offset:512
	global_store_dwordx2 v1, v[8:9], s[10:11] offset:768 nt
	flat_store_dword v[10:11], v12 offset:1024
	global_store_dword v1, v13, s[10:11] offset:1536
	global_store_dword v1, v14, s[10:11] offset:1792
	global_store_dword v1, v15, s[10:11] offset:2048
	s_endpgm
.Lfunc_end1:
	.size	vmem_ops, .Lfunc_end1-vmem_ops

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel lds_ops
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 12
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel vmem_ops
		.amdhsa_private_segment_fixed_size 512
		.amdhsa_kernarg_size 32
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_enable_private_segment 1
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 16
		.amdhsa_accum_offset 16
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
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           lds_ops
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         lds_ops.kd
    .vgpr_count:     17
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
      - .name:           rsrc
        .offset:         16
        .size:           16
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 16
    .kernarg_segment_size: 32
    .max_flat_workgroup_size: 64
    .name:           vmem_ops
    .private_segment_fixed_size: 512
    .sgpr_count:     20
    .symbol:         vmem_ops.kd
    .vgpr_count:     16
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
