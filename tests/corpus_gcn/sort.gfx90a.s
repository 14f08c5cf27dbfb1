	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.protected	bitonic_block           ; -- Begin function bitonic_block
	.globl	bitonic_block
	.p2align	8
	.type	bitonic_block,@function
bitonic_block:                          ; @bitonic_block
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	v_lshl_add_u32 v2, s6, 8, v0
	v_mov_b32_e32 v3, 0
	v_lshlrev_b64 v[2:3], 2, v[2:3]
	v_xor_b32_e32 v5, 1, v0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s1
	v_add_co_u32_e32 v2, vcc, s0, v2
	v_addc_co_u32_e32 v3, vcc, v1, v3, vcc
	global_load_dword v4, v[2:3], off
	v_lshlrev_b32_e32 v1, 2, v0
	v_cmp_gt_u32_e32 vcc, v5, v0
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v4
	v_lshlrev_b32_e32 v4, 2, v5
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB0_3
; %bb.1:
	ds_read_b32 v5, v1
	ds_read_b32 v6, v4
	v_and_b32_e32 v7, 2, v0
	v_cmp_ne_u32_e64 s[0:1], 0, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[2:3], v5, v6
	s_xor_b64 s[0:1], s[0:1], s[2:3]
	s_and_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB0_3
; %bb.2:
	ds_write_b32 v1, v6
	ds_write_b32 v4, v5
.LBB0_3:
	s_or_b64 exec, exec, s[4:5]
	v_and_b32_e32 v5, 4, v0
	v_cmp_ne_u32_e64 s[2:3], 0, v5
	v_xor_b32_e32 v5, 2, v0
	v_cmp_gt_u32_e64 s[0:1], v5, v0
	v_lshlrev_b32_e32 v5, 2, v5
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[4:5], s[0:1]
	s_xor_b64 s[6:7], exec, s[4:5]
	s_cbranch_execz .LBB0_7
; %bb.4:
	ds_read_b32 v6, v1
	ds_read_b32 v7, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[4:5], v6, v7
	s_xor_b64 s[8:9], s[2:3], s[4:5]
	s_and_saveexec_b64 s[4:5], s[8:9]
	s_cbranch_execz .LBB0_6
; %bb.5:
	ds_write_b32 v1, v7
	ds_write_b32 v5, v6
.LBB0_6:
	s_or_b64 exec, exec, s[4:5]
.LBB0_7:
	s_or_b64 exec, exec, s[6:7]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[6:7], vcc
	s_cbranch_execz .LBB0_10
; %bb.8:
	ds_read_b32 v6, v1
	ds_read_b32 v7, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[4:5], v6, v7
	s_xor_b64 s[2:3], s[2:3], s[4:5]
	s_and_b64 exec, exec, s[2:3]
	s_cbranch_execz .LBB0_10
; %bb.9:
	ds_write_b32 v1, v7
	ds_write_b32 v4, v6
.LBB0_10:
	s_or_b64 exec, exec, s[6:7]
	v_and_b32_e32 v6, 8, v0
	v_cmp_ne_u32_e64 s[4:5], 0, v6
	v_xor_b32_e32 v6, 4, v0
	v_cmp_gt_u32_e64 s[2:3], v6, v0
	v_lshlrev_b32_e32 v6, 2, v6
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[2:3]
	s_cbranch_execz .LBB0_13
; %bb.11:
	ds_read_b32 v7, v1
	ds_read_b32 v8, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[6:7], v7, v8
	s_xor_b64 s[6:7], s[4:5], s[6:7]
	s_and_b64 exec, exec, s[6:7]
	s_cbranch_execz .LBB0_13
; %bb.12:
	ds_write_b32 v1, v8
	ds_write_b32 v6, v7
.LBB0_13:
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[0:1]
	s_cbranch_execz .LBB0_16
; %bb.14:
	ds_read_b32 v7, v1
	ds_read_b32 v8, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[6:7], v7, v8
	s_xor_b64 s[6:7], s[4:5], s[6:7]
	s_and_b64 exec, exec, s[6:7]
	s_cbranch_execz .LBB0_16
; %bb.15:
	ds_write_b32 v1, v8
	ds_write_b32 v5, v7
.LBB0_16:
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], vcc
	s_cbranch_execz .LBB0_19
; %bb.17:
	ds_read_b32 v7, v1
	ds_read_b32 v8, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[6:7], v7, v8
	s_xor_b64 s[4:5], s[4:5], s[6:7]
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB0_19
; %bb.18:
	ds_write_b32 v1, v8
	ds_write_b32 v4, v7
.LBB0_19:
	s_or_b64 exec, exec, s[8:9]
	v_and_b32_e32 v7, 16, v0
	v_cmp_ne_u32_e64 s[6:7], 0, v7
	v_xor_b32_e32 v7, 8, v0
	v_cmp_gt_u32_e64 s[4:5], v7, v0
	v_lshlrev_b32_e32 v7, 2, v7
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], s[4:5]
	s_cbranch_execz .LBB0_22
; %bb.20:
	ds_read_b32 v8, v1
	ds_read_b32 v9, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[8:9], v8, v9
	s_xor_b64 s[8:9], s[6:7], s[8:9]
	s_and_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_22
; %bb.21:
	ds_write_b32 v1, v9
	ds_write_b32 v7, v8
.LBB0_22:
	s_or_b64 exec, exec, s[10:11]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], s[2:3]
	s_cbranch_execz .LBB0_25
; %bb.23:
	ds_read_b32 v8, v1
	ds_read_b32 v9, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[8:9], v8, v9
	s_xor_b64 s[8:9], s[6:7], s[8:9]
	s_and_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_25
; %bb.24:
	ds_write_b32 v1, v9
	ds_write_b32 v6, v8
.LBB0_25:
	s_or_b64 exec, exec, s[10:11]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], s[0:1]
	s_cbranch_execz .LBB0_28
; %bb.26:
	ds_read_b32 v8, v1
	ds_read_b32 v9, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[8:9], v8, v9
	s_xor_b64 s[8:9], s[6:7], s[8:9]
	s_and_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_28
; %bb.27:
	ds_write_b32 v1, v9
	ds_write_b32 v5, v8
.LBB0_28:
	s_or_b64 exec, exec, s[10:11]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_31
; %bb.29:
	ds_read_b32 v8, v1
	ds_read_b32 v9, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[8:9], v8, v9
	s_xor_b64 s[6:7], s[6:7], s[8:9]
	s_and_b64 exec, exec, s[6:7]
	s_cbranch_execz .LBB0_31
; %bb.30:
	ds_write_b32 v1, v9
	ds_write_b32 v4, v8
.LBB0_31:
	s_or_b64 exec, exec, s[10:11]
	v_and_b32_e32 v8, 32, v0
	v_cmp_ne_u32_e64 s[8:9], 0, v8
	v_xor_b32_e32 v8, 16, v0
	v_cmp_gt_u32_e64 s[6:7], v8, v0
	v_lshlrev_b32_e32 v8, 2, v8
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], s[6:7]
	s_cbranch_execz .LBB0_34
; %bb.32:
	ds_read_b32 v9, v1
	ds_read_b32 v10, v8
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v9, v10
	s_xor_b64 s[10:11], s[8:9], s[10:11]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_34
; %bb.33:
	ds_write_b32 v1, v10
	ds_write_b32 v8, v9
.LBB0_34:
	s_or_b64 exec, exec, s[12:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], s[4:5]
	s_cbranch_execz .LBB0_37
; %bb.35:
	ds_read_b32 v9, v1
	ds_read_b32 v10, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v9, v10
	s_xor_b64 s[10:11], s[8:9], s[10:11]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_37
; %bb.36:
	ds_write_b32 v1, v10
	ds_write_b32 v7, v9
.LBB0_37:
	s_or_b64 exec, exec, s[12:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], s[2:3]
	s_cbranch_execz .LBB0_40
; %bb.38:
	ds_read_b32 v9, v1
	ds_read_b32 v10, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v9, v10
	s_xor_b64 s[10:11], s[8:9], s[10:11]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_40
; %bb.39:
	ds_write_b32 v1, v10
	ds_write_b32 v6, v9
.LBB0_40:
	s_or_b64 exec, exec, s[12:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], s[0:1]
	s_cbranch_execz .LBB0_43
; %bb.41:
	ds_read_b32 v9, v1
	ds_read_b32 v10, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v9, v10
	s_xor_b64 s[10:11], s[8:9], s[10:11]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_43
; %bb.42:
	ds_write_b32 v1, v10
	ds_write_b32 v5, v9
.LBB0_43:
	s_or_b64 exec, exec, s[12:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], vcc
	s_cbranch_execz .LBB0_46
; %bb.44:
	ds_read_b32 v9, v1
	ds_read_b32 v10, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v9, v10
	s_xor_b64 s[8:9], s[8:9], s[10:11]
	s_and_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_46
; %bb.45:
	ds_write_b32 v1, v10
	ds_write_b32 v4, v9
.LBB0_46:
	s_or_b64 exec, exec, s[12:13]
	v_and_b32_e32 v9, 64, v0
	v_cmp_ne_u32_e64 s[10:11], 0, v9
	v_xor_b32_e32 v9, 32, v0
	v_cmp_gt_u32_e64 s[8:9], v9, v0
	v_lshlrev_b32_e32 v9, 2, v9
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[8:9]
	s_cbranch_execz .LBB0_49
; %bb.47:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v9
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[12:13], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_49
; %bb.48:
	ds_write_b32 v1, v11
	ds_write_b32 v9, v10
.LBB0_49:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[6:7]
	s_cbranch_execz .LBB0_52
; %bb.50:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v8
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[12:13], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_52
; %bb.51:
	ds_write_b32 v1, v11
	ds_write_b32 v8, v10
.LBB0_52:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[4:5]
	s_cbranch_execz .LBB0_55
; %bb.53:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[12:13], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_55
; %bb.54:
	ds_write_b32 v1, v11
	ds_write_b32 v7, v10
.LBB0_55:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[2:3]
	s_cbranch_execz .LBB0_58
; %bb.56:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[12:13], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_58
; %bb.57:
	ds_write_b32 v1, v11
	ds_write_b32 v6, v10
.LBB0_58:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[0:1]
	s_cbranch_execz .LBB0_61
; %bb.59:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[12:13], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_61
; %bb.60:
	ds_write_b32 v1, v11
	ds_write_b32 v5, v10
.LBB0_61:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], vcc
	s_cbranch_execz .LBB0_64
; %bb.62:
	ds_read_b32 v10, v1
	ds_read_b32 v11, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[12:13], v10, v11
	s_xor_b64 s[10:11], s[10:11], s[12:13]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_64
; %bb.63:
	ds_write_b32 v1, v11
	ds_write_b32 v4, v10
.LBB0_64:
	s_or_b64 exec, exec, s[14:15]
	v_and_b32_e32 v10, 0x80, v0
	v_cmp_ne_u32_e64 s[12:13], 0, v10
	v_xor_b32_e32 v10, 64, v0
	v_cmp_gt_u32_e64 s[10:11], v10, v0
	v_lshlrev_b32_e32 v10, 2, v10
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[10:11]
	s_cbranch_execz .LBB0_67
; %bb.65:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v10
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_67
; %bb.66:
	ds_write_b32 v1, v12
	ds_write_b32 v10, v11
.LBB0_67:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[8:9]
	s_cbranch_execz .LBB0_70
; %bb.68:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v9
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_70
; %bb.69:
	ds_write_b32 v1, v12
	ds_write_b32 v9, v11
.LBB0_70:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[6:7]
	s_cbranch_execz .LBB0_73
; %bb.71:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v8
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_73
; %bb.72:
	ds_write_b32 v1, v12
	ds_write_b32 v8, v11
.LBB0_73:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[4:5]
	s_cbranch_execz .LBB0_76
; %bb.74:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_76
; %bb.75:
	ds_write_b32 v1, v12
	ds_write_b32 v7, v11
.LBB0_76:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[2:3]
	s_cbranch_execz .LBB0_79
; %bb.77:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_79
; %bb.78:
	ds_write_b32 v1, v12
	ds_write_b32 v6, v11
.LBB0_79:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[0:1]
	s_cbranch_execz .LBB0_82
; %bb.80:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_82
; %bb.81:
	ds_write_b32 v1, v12
	ds_write_b32 v5, v11
.LBB0_82:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], vcc
	s_cbranch_execz .LBB0_85
; %bb.83:
	ds_read_b32 v11, v1
	ds_read_b32 v12, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[12:13], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[12:13]
	s_cbranch_execz .LBB0_85
; %bb.84:
	ds_write_b32 v1, v12
	ds_write_b32 v4, v11
.LBB0_85:
	s_or_b64 exec, exec, s[16:17]
	v_and_b32_e32 v11, 0x100, v0
	v_cmp_ne_u32_e64 s[12:13], 0, v11
	v_xor_b32_e32 v11, 0x80, v0
	v_cmp_gt_u32_e64 s[14:15], v11, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[14:15]
	s_cbranch_execz .LBB0_88
; %bb.86:
	v_lshlrev_b32_e32 v0, 2, v11
	ds_read_b32 v11, v1
	ds_read_b32 v12, v0
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[14:15], v11, v12
	s_xor_b64 s[14:15], s[12:13], s[14:15]
	s_and_b64 exec, exec, s[14:15]
	s_cbranch_execz .LBB0_88
; %bb.87:
	ds_write_b32 v1, v12
	ds_write_b32 v0, v11
.LBB0_88:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[10:11]
	s_cbranch_execz .LBB0_91
; %bb.89:
	ds_read_b32 v0, v1
	ds_read_b32 v11, v10
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[10:11], v0, v11
	s_xor_b64 s[10:11], s[12:13], s[10:11]
	s_and_b64 exec, exec, s[10:11]
	s_cbranch_execz .LBB0_91
; %bb.90:
	ds_write_b32 v1, v11
	ds_write_b32 v10, v0
.LBB0_91:
	s_or_b64 exec, exec, s[14:15]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], s[8:9]
	s_cbranch_execz .LBB0_94
; %bb.92:
	ds_read_b32 v0, v1
	ds_read_b32 v10, v9
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[8:9], v0, v10
	s_xor_b64 s[8:9], s[12:13], s[8:9]
	s_and_b64 exec, exec, s[8:9]
	s_cbranch_execz .LBB0_94
; %bb.93:
	ds_write_b32 v1, v10
	ds_write_b32 v9, v0
.LBB0_94:
	s_or_b64 exec, exec, s[10:11]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[6:7]
	s_cbranch_execz .LBB0_97
; %bb.95:
	ds_read_b32 v0, v1
	ds_read_b32 v9, v8
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[6:7], v0, v9
	s_xor_b64 s[6:7], s[12:13], s[6:7]
	s_and_b64 exec, exec, s[6:7]
	s_cbranch_execz .LBB0_97
; %bb.96:
	ds_write_b32 v1, v9
	ds_write_b32 v8, v0
.LBB0_97:
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[6:7], s[4:5]
	s_cbranch_execz .LBB0_100
; %bb.98:
	ds_read_b32 v0, v1
	ds_read_b32 v8, v7
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[4:5], v0, v8
	s_xor_b64 s[4:5], s[12:13], s[4:5]
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB0_100
; %bb.99:
	ds_write_b32 v1, v8
	ds_write_b32 v7, v0
.LBB0_100:
	s_or_b64 exec, exec, s[6:7]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[4:5], s[2:3]
	s_cbranch_execz .LBB0_103
; %bb.101:
	ds_read_b32 v0, v1
	ds_read_b32 v7, v6
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[2:3], v0, v7
	s_xor_b64 s[2:3], s[12:13], s[2:3]
	s_and_b64 exec, exec, s[2:3]
	s_cbranch_execz .LBB0_103
; %bb.102:
	ds_write_b32 v1, v7
	ds_write_b32 v6, v0
.LBB0_103:
	s_or_b64 exec, exec, s[4:5]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB0_106
; %bb.104:
	ds_read_b32 v0, v1
	ds_read_b32 v6, v5
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e64 s[0:1], v0, v6
	s_xor_b64 s[0:1], s[12:13], s[0:1]
	s_and_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB0_106
; %bb.105:
	ds_write_b32 v1, v6
	ds_write_b32 v5, v0
.LBB0_106:
	s_or_b64 exec, exec, s[2:3]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_109
; %bb.107:
	ds_read_b32 v0, v1
	ds_read_b32 v5, v4
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e32 vcc, v0, v5
	s_xor_b64 s[2:3], s[12:13], vcc
	s_and_b64 exec, exec, s[2:3]
	s_cbranch_execz .LBB0_109
; %bb.108:
	ds_write_b32 v1, v5
	ds_write_b32 v4, v0
.LBB0_109:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v0, v1
	s_waitcnt lgkmcnt(0)
	global_store_dword v[2:3], v0, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel bitonic_block
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 13
		.amdhsa_next_free_sgpr 18
		.amdhsa_accum_offset 16
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
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
	.size	bitonic_block, .Lfunc_end0-bitonic_block
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 3072
; NumSgprs: 22
; NumVgprs: 13
; NumAgprs: 0
; TotalNumVgprs: 13
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 22
; NumVGPRsForWavesPerEU: 13
; AccumOffset: 16
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 3
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	odd_even                ; -- Begin function odd_even
	.globl	odd_even
	.p2align	8
	.type	odd_even,@function
odd_even:                               ; @odd_even
; %bb.0:
	s_load_dword s0, s[4:5], 0x8
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	v_bfrev_b32_e32 v1, -2
	v_lshlrev_b32_e32 v2, 2, v0
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e32 vcc, s0, v0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB1_2
; %bb.1:
	global_load_dword v1, v2, s[6:7]
.LBB1_2:
	s_or_b64 exec, exec, s[0:1]
	v_cmp_gt_u32_e64 s[0:1], 64, v0
	v_lshl_or_b32 v0, v0, 1, 1
	s_movk_i32 s2, 0x7f
	v_cmp_gt_u32_e64 s[2:3], s2, v0
	s_movk_i32 s10, 0x80
	v_add_u32_e32 v3, v2, v2
	s_waitcnt vmcnt(0)
	ds_write_b32 v2, v1
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_branch .LBB1_4
.LBB1_3:                                ;   in Loop: Header=BB1_4 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_add_i32 s10, s10, -4
	s_cmp_eq_u32 s10, 0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB1_16
.LBB1_4:                                ; =>This Inner Loop Header: Depth=1
	s_and_saveexec_b64 s[8:9], s[0:1]
	s_cbranch_execz .LBB1_7
; %bb.5:                                ;   in Loop: Header=BB1_4 Depth=1
	ds_read_b64 v[0:1], v3
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e64 s[4:5], v0, v1
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB1_7
; %bb.6:                                ;   in Loop: Header=BB1_4 Depth=1
	v_mov_b32_e32 v4, v1
	v_mov_b32_e32 v5, v0
	ds_write_b64 v3, v[4:5]
.LBB1_7:                                ;   in Loop: Header=BB1_4 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[2:3]
	s_cbranch_execz .LBB1_10
; %bb.8:                                ;   in Loop: Header=BB1_4 Depth=1
	ds_read2_b32 v[0:1], v3 offset0:1 offset1:2
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e64 s[4:5], v0, v1
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB1_10
; %bb.9:                                ;   in Loop: Header=BB1_4 Depth=1
	ds_write2_b32 v3, v1, v0 offset0:1 offset1:2
.LBB1_10:                               ;   in Loop: Header=BB1_4 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[0:1]
	s_cbranch_execz .LBB1_13
; %bb.11:                               ;   in Loop: Header=BB1_4 Depth=1
	ds_read_b64 v[0:1], v3
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e64 s[4:5], v0, v1
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB1_13
; %bb.12:                               ;   in Loop: Header=BB1_4 Depth=1
	v_mov_b32_e32 v4, v1
	v_mov_b32_e32 v5, v0
	ds_write_b64 v3, v[4:5]
.LBB1_13:                               ;   in Loop: Header=BB1_4 Depth=1
	s_or_b64 exec, exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[2:3]
	s_cbranch_execz .LBB1_3
; %bb.14:                               ;   in Loop: Header=BB1_4 Depth=1
	ds_read2_b32 v[0:1], v3 offset0:1 offset1:2
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_i32_e64 s[4:5], v0, v1
	s_and_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB1_3
; %bb.15:                               ;   in Loop: Header=BB1_4 Depth=1
	ds_write2_b32 v3, v1, v0 offset0:1 offset1:2
	s_branch .LBB1_3
.LBB1_16:
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB1_18
; %bb.17:
	ds_read_b32 v0, v2
	s_waitcnt lgkmcnt(0)
	global_store_dword v2, v0, s[6:7]
.LBB1_18:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel odd_even
		.amdhsa_group_segment_fixed_size 512
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 12
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 11
		.amdhsa_accum_offset 8
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
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
	.size	odd_even, .Lfunc_end1-odd_even
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 400
; NumSgprs: 15
; NumVgprs: 6
; NumAgprs: 0
; TotalNumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 512 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 15
; NumVGPRsForWavesPerEU: 6
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 1
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	digit_count             ; -- Begin function digit_count
	.globl	digit_count
	.p2align	8
	.type	digit_count,@function
digit_count:                            ; @digit_count
; %bb.0:
	v_cmp_gt_u32_e32 vcc, 16, v0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB2_2
; %bb.1:
	v_lshlrev_b32_e32 v1, 2, v0
	v_mov_b32_e32 v2, 0
	ds_write_b32 v1, v2
.LBB2_2:
	s_or_b64 exec, exec, s[0:1]
	s_load_dword s7, s[4:5], 0x24
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s8, s[4:5], 0x10
	v_mov_b32_e32 v3, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s7, 0xffff
	s_mul_i32 s4, s6, s4
	v_add_u32_e32 v2, s4, v0
	v_lshlrev_b64 v[4:5], 2, v[2:3]
	v_mov_b32_e32 v1, s1
	v_add_co_u32_e32 v4, vcc, s0, v4
	v_addc_co_u32_e32 v5, vcc, v1, v5, vcc
	s_barrier
	global_load_dword v1, v[4:5], off
	v_mov_b32_e32 v2, 1
	s_mov_b32 s1, 0
	v_cmp_eq_u32_e32 vcc, 0, v0
	s_waitcnt vmcnt(0)
	v_bfe_u32 v1, v1, s8, 4
	v_lshlrev_b32_e32 v1, 2, v1
	ds_add_u32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB2_4
; %bb.3:
	ds_read_b128 v[4:7], v3
	ds_read_b128 v[8:11], v3 offset:16
	ds_read_b128 v[12:15], v3 offset:32
	ds_read_b96 v[0:2], v3 offset:48
	s_lshl_b32 s0, s6, 4
	s_waitcnt lgkmcnt(3)
	v_add_u32_e32 v18, v5, v4
	v_add_u32_e32 v19, v6, v18
	v_mov_b32_e32 v17, v4
	v_add_u32_e32 v4, v7, v19
	s_lshl_b64 s[0:1], s[0:1], 2
	s_waitcnt lgkmcnt(2)
	v_add_u32_e32 v5, v8, v4
	s_add_u32 s0, s2, s0
	v_add_u32_e32 v6, v9, v5
	s_addc_u32 s1, s3, s1
	v_add_u32_e32 v7, v10, v6
	global_store_dwordx4 v3, v[4:7], s[0:1] offset:16
	v_mov_b32_e32 v16, v3
	v_add_u32_e32 v4, v11, v7
	s_waitcnt lgkmcnt(1)
	v_add_u32_e32 v5, v12, v4
	v_add_u32_e32 v6, v13, v5
	v_add_u32_e32 v7, v14, v6
	global_store_dwordx4 v3, v[4:7], s[0:1] offset:32
	global_store_dwordx4 v3, v[16:19], s[0:1]
	v_add_u32_e32 v4, v15, v7
	s_waitcnt lgkmcnt(0)
	v_add_u32_e32 v5, v0, v4
	v_add_u32_e32 v6, v1, v5
	v_add_u32_e32 v7, v2, v6
	global_store_dwordx4 v3, v[4:7], s[0:1] offset:48
.LBB2_4:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel digit_count
		.amdhsa_group_segment_fixed_size 64
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 9
		.amdhsa_accum_offset 20
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
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
	.size	digit_count, .Lfunc_end2-digit_count
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 328
; NumSgprs: 13
; NumVgprs: 20
; NumAgprs: 0
; TotalNumVgprs: 20
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 64 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 13
; NumVGPRsForWavesPerEU: 20
; AccumOffset: 20
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 4
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.type	__hip_cuid_730924b48d8cdcca,@object ; @__hip_cuid_730924b48d8cdcca
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_730924b48d8cdcca
__hip_cuid_730924b48d8cdcca:
	.byte	0                               ; 0x0
	.size	__hip_cuid_730924b48d8cdcca, 1

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_730924b48d8cdcca
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 1024
    .name:           bitonic_block
    .private_segment_fixed_size: 0
    .sgpr_count:     22
    .sgpr_spill_count: 0
    .symbol:         bitonic_block.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     13
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 512
    .kernarg_segment_align: 8
    .kernarg_segment_size: 12
    .max_flat_workgroup_size: 1024
    .name:           odd_even
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .symbol:         odd_even.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     6
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
    .group_segment_fixed_size: 64
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           digit_count
    .private_segment_fixed_size: 0
    .sgpr_count:     13
    .sgpr_spill_count: 0
    .symbol:         digit_count.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
