; Hand-written: two kernels calling device functions of the module through s_getpc_b64 and
; rel32 relocations (s_swappc_b64, return by s_setpc_b64), a function pointer read from a
; .data.rel.ro table of .quad symbols, a callee that calls another, dynamic stack in the
; descriptor, local symbols (.local), and a long-branch style `(.L-.Lpost)&0xffffffff` jump.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.p2align	2
	.type	scale,@function
	.local	scale
scale:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mul_lo_u32 v0, v0, 3
	v_add_u32_e32 v0, 7, v0
	s_setpc_b64 s[30:31]
.Lscale_end:
	.size	scale, .Lscale_end-scale

	.p2align	2
	.type	twice,@function
twice:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b64 s[34:35], s[30:31]
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, scale@rel32@lo+4
	s_addc_u32 s17, s17, scale@rel32@hi+12
	s_swappc_b64 s[30:31], s[16:17]
	v_lshlrev_b32_e32 v0, 1, v0
	s_setpc_b64 s[34:35]
.Ltwice_end:
	.size	twice, .Ltwice_end-twice

	.globl	call_direct
	.p2align	8
	.type	call_direct,@function
call_direct:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[4:5]
	v_mov_b32_e32 v3, v1
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v0, v2
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, twice@rel32@lo+4
	s_addc_u32 s17, s17, twice@rel32@hi+12
	s_swappc_b64 s[30:31], s[16:17]
	global_store_dword v3, v0, s[6:7]
	s_getpc_b64 s[8:9]
.Lpost_getpc0:
	s_add_u32 s8, s8, (.Ldone0-.Lpost_getpc0)&4294967295
	s_addc_u32 s9, s9, (.Ldone0-.Lpost_getpc0)>>32
	s_setpc_b64 s[8:9]
.Lskipped0:
	global_store_dword v3, v3, s[6:7]
.Ldone0:
	s_endpgm
.Lfunc_end0:
	.size	call_direct, .Lfunc_end0-call_direct

	.globl	call_table
	.p2align	8
	.type	call_table,@function
call_table:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_mov_b32 s32, 0
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, .Ltable@rel32@lo+4
	s_addc_u32 s11, s11, .Ltable@rel32@hi+12
	s_load_dwordx2 s[16:17], s[10:11], 0x8
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v1, s[4:5]
	v_mov_b32_e32 v3, v1
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v0, v2
	s_swappc_b64 s[30:31], s[16:17]
	global_store_dword v3, v0, s[6:7]
	s_endpgm
.Lfunc_end1:
	.size	call_table, .Lfunc_end1-call_table

	.section	.data.rel.ro,"aw",@progbits
	.p2align	3
.Ltable:
	.quad	scale
	.quad	twice

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel call_direct
		.amdhsa_private_segment_fixed_size 16
		.amdhsa_kernarg_size 16
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_count 2
		.amdhsa_next_free_sgpr 36
		.amdhsa_next_free_vgpr 4
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel call_table
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 36
		.amdhsa_accum_offset 4
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 16
		.amdhsa_uses_dynamic_stack 1
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
    .name:           call_direct
    .private_segment_fixed_size: 16
    .sgpr_count:     42
    .symbol:         call_direct.kd
    .uses_dynamic_stack: true
    .vgpr_count:     4
    .wavefront_size: 64
  - .args:
      - {.address_space: global, .name: in, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           call_table
    .private_segment_fixed_size: 0
    .sgpr_count:     42
    .symbol:         call_table.kd
    .uses_dynamic_stack: true
    .vgpr_count:     4
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
