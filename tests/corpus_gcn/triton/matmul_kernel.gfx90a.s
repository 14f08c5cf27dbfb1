	.amdgcn_target "amdgpu9.0a-amd-amdhsa-unknown-gfx90a"
	.amdhsa_code_object_version 5
	.text
	.globl	matmul_kernel                   ; -- Begin function matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:                          ; @matmul_kernel
.Lfunc_begin0:
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.70:
	.file	1 "/src" "kernels.py"
	.loc	1 63 0 prologue_end             ; kernels.py:63:0
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	s_load_dwordx8 s[8:15], s[4:5], 0x8
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
	.loc	1 0 0 is_stmt 0                 ; :0:0
.Ltmp0:
	.p2align	8
; %bb.71:
.LBB0_0:
	.cfi_escape 0x0f, 0x04, 0x30, 0x36, 0xe9, 0x02 ; CFA is 0 in private_wave aspace
	.cfi_undefined 16
.Ltmp1:
	.file	2 "/site/triton/language" "standard.py"
	.loc	2 43 13 is_stmt 1               ; standard.py:43:13 @[ kernels.py:68:17 ]
	s_add_i32 s0, s13, 63
	.loc	2 43 12 is_stmt 0               ; standard.py:43:12 @[ kernels.py:68:17 ]
	s_ashr_i32 s1, s0, 31
	s_lshr_b32 s1, s1, 26
	s_add_i32 s0, s0, s1
	s_ashr_i32 s0, s0, 6
.Ltmp2:
	.loc	1 69 13 is_stmt 1               ; kernels.py:69:13
	s_lshl_b32 s1, s0, 3
	.loc	1 70 16                         ; kernels.py:70:16
	s_abs_i32 s2, s1
	v_cvt_f32_u32_e32 v1, s2
.Ltmp3:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernels.py:67:17 ]
	s_add_i32 s3, s12, 63
.Ltmp4:
	.loc	1 70 16                         ; kernels.py:70:16
	s_sub_i32 s18, 0, s2
.Ltmp5:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernels.py:67:17 ]
	s_ashr_i32 s17, s3, 31
.Ltmp6:
	.loc	1 70 16                         ; kernels.py:70:16
	v_rcp_f32_e32 v1, v1
.Ltmp7:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernels.py:67:17 ]
	s_lshr_b32 s17, s17, 26
	s_add_i32 s3, s3, s17
.Ltmp8:
	.loc	1 70 16                         ; kernels.py:70:16
	s_abs_i32 s17, s16
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	s_xor_b32 s0, s16, s0
.Ltmp9:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernels.py:67:17 ]
	s_ashr_i32 s3, s3, 6
.Ltmp10:
	.loc	1 70 16                         ; kernels.py:70:16
	s_ashr_i32 s0, s0, 31
	v_readfirstlane_b32 s19, v1
	s_mul_i32 s18, s18, s19
	s_mul_hi_u32 s18, s19, s18
	s_add_i32 s19, s19, s18
	s_mul_hi_u32 s18, s17, s19
	s_mul_i32 s19, s18, s2
	s_sub_i32 s17, s17, s19
	s_add_i32 s19, s18, 1
	s_sub_i32 s20, s17, s2
	s_cmp_ge_u32 s17, s2
	s_cselect_b32 s18, s19, s18
	s_cselect_b32 s17, s20, s17
	s_add_i32 s19, s18, 1
	s_cmp_ge_u32 s17, s2
	s_cselect_b32 s2, s19, s18
	s_xor_b32 s2, s2, s0
	s_sub_i32 s2, s2, s0
	.loc	1 70 15 is_stmt 0               ; kernels.py:70:15
	s_lshl_b32 s17, s2, 3
	.loc	1 71 18 is_stmt 1               ; kernels.py:71:18
	s_sub_i32 s0, s3, s17
	.loc	1 71 14 is_stmt 0               ; kernels.py:71:14
	s_min_i32 s3, s0, 8
	.loc	1 73 13 is_stmt 1               ; kernels.py:73:13
	s_abs_i32 s18, s3
	v_cvt_f32_u32_e32 v1, s18
	s_sub_i32 s19, 0, s18
	.loc	1 72 24                         ; kernels.py:72:24
	s_mul_i32 s2, s2, s1
	s_sub_i32 s1, s16, s2
	.loc	1 73 13                         ; kernels.py:73:13
	v_rcp_f32_e32 v1, v1
	s_abs_i32 s16, s1
	s_xor_b32 s2, s1, s3
	s_ashr_i32 s2, s2, 31
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 82 13                         ; kernels.py:82:13
	v_readfirstlane_b32 s0, v0
	s_mov_b32 s20, 0
	.loc	1 74 33                         ; kernels.py:74:33
	v_and_b32_e32 v48, 31, v0
	.loc	1 73 13                         ; kernels.py:73:13
	v_readfirstlane_b32 s21, v1
	s_mul_i32 s19, s19, s21
	s_mul_hi_u32 s19, s21, s19
	s_add_i32 s21, s21, s19
	s_mul_hi_u32 s19, s16, s21
	s_mul_i32 s21, s19, s18
	s_sub_i32 s16, s16, s21
	s_add_i32 s21, s19, 1
	s_sub_i32 s22, s16, s18
	s_cmp_ge_u32 s16, s18
	s_cselect_b32 s19, s21, s19
	s_cselect_b32 s16, s22, s16
	s_add_i32 s21, s19, 1
	s_cmp_ge_u32 s16, s18
	s_cselect_b32 s16, s21, s19
	s_xor_b32 s16, s16, s2
	s_sub_i32 s2, s16, s2
	.loc	1 72 23                         ; kernels.py:72:23
	s_mul_i32 s3, s2, s3
	s_sub_i32 s1, s1, s3
	.loc	1 72 13 is_stmt 0               ; kernels.py:72:13
	s_add_i32 s1, s1, s17
	.loc	1 74 15 is_stmt 1               ; kernels.py:74:15
	s_lshl_b32 s16, s1, 6
	.loc	1 74 33 is_stmt 0               ; kernels.py:74:33
	s_and_b32 s18, s0, 0x80
	s_and_b32 s19, s0, 64
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	s_lshl_b32 s17, s2, 6
.Ltmp11:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernels.py:80:23 ]
	s_add_i32 s2, s14, 31
.Ltmp12:
	.loc	1 74 33                         ; kernels.py:74:33
	v_and_b32_e32 v49, 32, v0
	v_mov_b32_e32 v4, 0
	.loc	1 80 5                          ; kernels.py:80:5
	s_cmp_lt_i32 s2, 32
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v10, 0
	s_cbranch_scc1 .LBB0_37
; %bb.1:                                ; %.lr.ph
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_load_dword s30, s[4:5], 0x28
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_b32 s1, s0, 0xc0
	.loc	1 78 22                         ; kernels.py:78:22
	s_bfe_u32 s21, s0, 0x20006
.Ltmp13:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernels.py:80:23 ]
	s_ashr_i32 s0, s2, 31
	s_lshr_b32 s0, s0, 27
.Ltmp14:
	.loc	1 78 22                         ; kernels.py:78:22
	s_or_b32 s28, s21, 28
.Ltmp15:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernels.py:80:23 ]
	s_add_i32 s2, s2, s0
	s_ashr_i32 s29, s2, 5
.Ltmp16:
	.loc	1 78 22                         ; kernels.py:78:22
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s2, s28, s30
	.loc	1 78 14 is_stmt 0               ; kernels.py:78:14
	s_ashr_i32 s3, s2, 31
	.loc	1 78 22                         ; kernels.py:78:22
	s_or_b32 s22, s21, 4
	s_or_b32 s23, s21, 8
	s_or_b32 s24, s21, 12
	s_or_b32 s25, s21, 16
	s_or_b32 s26, s21, 20
	s_or_b32 s27, s21, 24
	.loc	1 85 19 is_stmt 1               ; kernels.py:85:19
	s_lshl_b32 s0, s30, 5
	.loc	1 78 14                         ; kernels.py:78:14
	s_lshl_b64 s[2:3], s[2:3], 1
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	.loc	1 75 14                         ; kernels.py:75:14
	s_abs_i32 s31, s13
	v_cvt_f32_u32_e32 v1, s31
	.loc	1 74 33                         ; kernels.py:74:33
	v_and_b32_e32 v4, 63, v0
	.loc	1 75 14                         ; kernels.py:75:14
	s_sub_i32 s34, 0, s31
	.loc	1 75 15 is_stmt 0               ; kernels.py:75:15
	v_or_b32_e32 v2, s17, v4
	.loc	1 75 14                         ; kernels.py:75:14
	v_rcp_f32_e32 v1, v1
	s_ashr_i32 s33, s17, 31
	v_add_u32_e32 v2, s33, v2
	v_xor_b32_e32 v2, s33, v2
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 77 14 is_stmt 1               ; kernels.py:77:14
	v_mov_b32_e32 v6, s7
	v_mov_b32_e32 v7, s7
	v_lshlrev_b32_e32 v0, 2, v0
	.loc	1 75 14                         ; kernels.py:75:14
	v_mul_lo_u32 v3, s34, v1
	v_mul_hi_u32 v3, v1, v3
	v_add_u32_e32 v1, v1, v3
	v_mul_hi_u32 v1, v2, v1
	v_mul_lo_u32 v1, v1, s31
	v_sub_u32_e32 v1, v2, v1
	v_subrev_u32_e32 v2, s31, v1
	v_cmp_le_u32_e32 vcc, s31, v1
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_subrev_u32_e32 v2, s31, v1
	v_cmp_le_u32_e32 vcc, s31, v1
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_xor_b32_e32 v1, s33, v1
	v_subrev_u32_e32 v2, s33, v1
	.loc	1 78 14                         ; kernels.py:78:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v16, vcc, s2, v2
	.loc	1 78 22 is_stmt 0               ; kernels.py:78:22
	s_mul_i32 s2, s27, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v17, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v18, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s26, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v19, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v20, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s25, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v21, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v22, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s24, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v23, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v24, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s23, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v25, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v26, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s22, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	v_addc_co_u32_e32 v27, vcc, v1, v3, vcc
	s_add_u32 s2, s8, s2
	s_addc_u32 s3, s9, s3
	v_add_co_u32_e32 v28, vcc, s2, v2
	.loc	1 78 22                         ; kernels.py:78:22
	s_mul_i32 s2, s21, s30
	.loc	1 78 14                         ; kernels.py:78:14
	v_mov_b32_e32 v1, s3
	s_ashr_i32 s3, s2, 31
	s_lshl_b64 s[2:3], s[2:3], 1
	s_add_u32 s8, s8, s2
	s_addc_u32 s2, s9, s3
	v_addc_co_u32_e32 v29, vcc, v1, v3, vcc
	v_mov_b32_e32 v1, s2
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	s_abs_i32 s2, s12
	v_cvt_f32_u32_e32 v5, s2
	.loc	1 78 14                         ; kernels.py:78:14
	v_add_co_u32_e32 v30, vcc, s8, v2
	v_addc_co_u32_e32 v31, vcc, v1, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_rcp_f32_e32 v3, v5
	.loc	1 74 33 is_stmt 0               ; kernels.py:74:33
	v_or_b32_e32 v1, s1, v4
	v_lshrrev_b32_e32 v2, 5, v1
	v_or_b32_e32 v2, s16, v2
	.loc	1 74 14                         ; kernels.py:74:14
	s_ashr_i32 s3, s16, 31
	v_add_u32_e32 v4, s3, v2
	v_mul_f32_e32 v2, 0x4f7ffffe, v3
	v_cvt_u32_f32_e32 v2, v2
	s_sub_i32 s8, 0, s2
	v_add_u32_e32 v3, 56, v4
	v_xor_b32_e32 v3, s3, v3
	v_mul_lo_u32 v5, s8, v2
	v_mul_hi_u32 v5, v2, v5
	v_add_u32_e32 v5, v2, v5
	v_mul_hi_u32 v2, v3, v5
	v_mul_lo_u32 v2, v2, s2
	v_sub_u32_e32 v2, v3, v2
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22 is_stmt 1               ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v6, v3, vcc
	v_lshlrev_b32_e32 v6, 1, v48
	v_add_co_u32_e32 v32, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 48, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v33, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v34, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 40, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v35, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v36, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 32, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v37, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v38, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 24, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v39, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v40, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 16, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v41, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v42, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_add_u32_e32 v2, 8, v4
	v_xor_b32_e32 v2, s3, v2
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v43, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v7, v3, vcc
	v_add_co_u32_e32 v44, vcc, v2, v6
	.loc	1 74 14 is_stmt 1               ; kernels.py:74:14
	v_xor_b32_e32 v2, s3, v4
	.loc	1 77 14                         ; kernels.py:77:14
	v_addc_co_u32_e32 v45, vcc, 0, v3, vcc
	.loc	1 74 14                         ; kernels.py:74:14
	v_mul_hi_u32 v3, v2, v5
	v_mul_lo_u32 v3, v3, s2
	v_sub_u32_e32 v2, v2, v3
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_subrev_u32_e32 v3, s2, v2
	v_cmp_le_u32_e32 vcc, s2, v2
	v_cndmask_b32_e32 v2, v2, v3, vcc
	v_xor_b32_e32 v2, s3, v2
	v_subrev_u32_e32 v2, s3, v2
	.loc	1 77 22                         ; kernels.py:77:22
	v_mul_lo_u32 v2, v2, s15
	.loc	1 77 14 is_stmt 0               ; kernels.py:77:14
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	v_mov_b32_e32 v4, s7
	v_add_co_u32_e32 v2, vcc, s6, v2
	v_addc_co_u32_e32 v3, vcc, v4, v3, vcc
	v_lshlrev_b32_e32 v1, 1, v1
	s_lshr_b32 s1, s1, 3
	v_and_b32_e32 v0, 56, v0
	v_lshrrev_b32_e32 v5, 2, v49
	v_add_co_u32_e32 v46, vcc, v2, v6
	v_xor_b32_e32 v2, s1, v1
	v_lshlrev_b32_e32 v4, 6, v48
	s_lshl_b32 s1, s18, 4
	v_xor_b32_e32 v0, v0, v5
	v_or3_b32 v4, s1, v4, v0
	v_lshlrev_b32_e32 v0, 4, v49
	v_addc_co_u32_e32 v47, vcc, 0, v3, vcc
	v_xor_b32_e32 v3, 32, v2
	v_xor_b32_e32 v5, 16, v4
	v_xor_b32_e32 v7, 32, v4
	v_xor_b32_e32 v8, 48, v4
	v_add3_u32 v6, 0, v0, v6
	s_ashr_i32 s1, s0, 31
	v_mov_b32_e32 v0, 0
	v_add_u32_e32 v50, 0, v2
	v_add_u32_e32 v51, 0, v3
	v_add_u32_e32 v52, 0, v4
	v_add_u32_e32 v53, 0, v5
	v_add_u32_e32 v54, 0, v7
	v_add_u32_e32 v55, 0, v8
	v_add_u32_e32 v56, 0, v1
	v_add_u32_e32 v57, s19, v6
	s_mov_b32 s6, 0x5040100
	s_lshl_b64 s[0:1], s[0:1], 1
	v_mov_b32_e32 v1, v0
	v_mov_b32_e32 v2, v0
	v_mov_b32_e32 v3, v0
	v_mov_b32_e32 v4, v0
	v_mov_b32_e32 v5, v0
	v_mov_b32_e32 v6, v0
	v_mov_b32_e32 v7, v0
	v_mov_b32_e32 v8, v0
	v_mov_b32_e32 v9, v0
	v_mov_b32_e32 v10, v0
	v_mov_b32_e32 v11, v0
	v_mov_b32_e32 v12, v0
	v_mov_b32_e32 v13, v0
	v_mov_b32_e32 v14, v0
	v_mov_b32_e32 v15, v0
	s_branch .LBB0_4
.LBB0_2:                                ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 82 13 is_stmt 1               ; kernels.py:82:13
	global_load_ushort v73, v[16:17], off
.LBB0_3:                                ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 81 13                         ; kernels.py:81:13
	s_barrier
	s_waitcnt vmcnt(0)
	ds_write_b16 v50, v58
	ds_write_b16 v50, v60 offset:1024
	ds_write_b16 v50, v62 offset:2048
	ds_write_b16 v50, v64 offset:3072
	ds_write_b16 v51, v59 offset:512
	ds_write_b16 v51, v61 offset:1536
	ds_write_b16 v51, v63 offset:2560
	ds_write_b16 v51, v65 offset:3584
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b64 v[62:63], v52
	ds_read_b64 v[64:65], v53
	ds_read_b64 v[74:75], v54
	ds_read_b64 v[76:77], v55
	.loc	1 82 13                         ; kernels.py:82:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_write_b16 v56, v66
	ds_write_b16 v56, v67 offset:512
	ds_write_b16 v56, v68 offset:1024
	ds_write_b16 v56, v69 offset:1536
	ds_write_b16 v56, v70 offset:2048
	ds_write_b16 v56, v71 offset:2560
	ds_write_b16 v56, v72 offset:3072
	ds_write_b16 v56, v73 offset:3584
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_u16 v58, v57
	ds_read_u16 v59, v57 offset:256
	ds_read_u16 v60, v57 offset:384
	ds_read_u16 v61, v57 offset:128
	.loc	1 84 9                          ; kernels.py:84:9
	v_add_co_u32_e32 v46, vcc, 64, v46
	v_addc_co_u32_e32 v47, vcc, 0, v47, vcc
	.loc	1 83 15                         ; kernels.py:83:15
	s_waitcnt lgkmcnt(1)
	v_perm_b32 v59, v60, v59, s6
	s_waitcnt lgkmcnt(0)
	v_perm_b32 v58, v61, v58, s6
	.loc	1 84 9                          ; kernels.py:84:9
	v_add_co_u32_e32 v44, vcc, 64, v44
	.loc	1 83 15                         ; kernels.py:83:15
	s_nop 0
	v_mfma_f32_32x32x8f16 v[0:15], v[58:59], v[62:63], v[0:15]
	.loc	1 82 13                         ; kernels.py:82:13
	ds_read_u16 v58, v57 offset:1024
	ds_read_u16 v59, v57 offset:1280
	ds_read_u16 v60, v57 offset:1408
	ds_read_u16 v61, v57 offset:1152
	.loc	1 84 9                          ; kernels.py:84:9
	v_addc_co_u32_e32 v45, vcc, 0, v45, vcc
	v_add_co_u32_e32 v42, vcc, 64, v42
	.loc	1 83 15                         ; kernels.py:83:15
	s_waitcnt lgkmcnt(1)
	v_perm_b32 v59, v60, v59, s6
	s_waitcnt lgkmcnt(0)
	v_perm_b32 v58, v61, v58, s6
	.loc	1 84 9                          ; kernels.py:84:9
	v_addc_co_u32_e32 v43, vcc, 0, v43, vcc
	v_add_co_u32_e32 v40, vcc, 64, v40
	v_addc_co_u32_e32 v41, vcc, 0, v41, vcc
	v_add_co_u32_e32 v38, vcc, 64, v38
	.loc	1 83 15                         ; kernels.py:83:15
	v_mfma_f32_32x32x8f16 v[0:15], v[58:59], v[64:65], v[0:15]
	.loc	1 82 13                         ; kernels.py:82:13
	ds_read_u16 v58, v57 offset:2048
	ds_read_u16 v59, v57 offset:2304
	ds_read_u16 v60, v57 offset:2432
	ds_read_u16 v61, v57 offset:2176
	.loc	1 84 9                          ; kernels.py:84:9
	v_addc_co_u32_e32 v39, vcc, 0, v39, vcc
	v_add_co_u32_e32 v36, vcc, 64, v36
	.loc	1 83 15                         ; kernels.py:83:15
	s_waitcnt lgkmcnt(1)
	v_perm_b32 v59, v60, v59, s6
	s_waitcnt lgkmcnt(0)
	v_perm_b32 v58, v61, v58, s6
	.loc	1 84 9                          ; kernels.py:84:9
	v_addc_co_u32_e32 v37, vcc, 0, v37, vcc
	v_add_co_u32_e32 v34, vcc, 64, v34
	v_addc_co_u32_e32 v35, vcc, 0, v35, vcc
	v_add_co_u32_e32 v32, vcc, 64, v32
	.loc	1 83 15                         ; kernels.py:83:15
	v_mfma_f32_32x32x8f16 v[0:15], v[58:59], v[74:75], v[0:15]
	.loc	1 82 13                         ; kernels.py:82:13
	ds_read_u16 v58, v57 offset:3072
	ds_read_u16 v59, v57 offset:3328
	ds_read_u16 v60, v57 offset:3456
	ds_read_u16 v61, v57 offset:3200
	.loc	1 84 9                          ; kernels.py:84:9
	v_addc_co_u32_e32 v33, vcc, 0, v33, vcc
	.loc	1 85 9                          ; kernels.py:85:9
	v_add_co_u32_e32 v30, vcc, s0, v30
	.loc	1 83 15                         ; kernels.py:83:15
	s_waitcnt lgkmcnt(1)
	v_perm_b32 v59, v60, v59, s6
	s_waitcnt lgkmcnt(0)
	v_perm_b32 v58, v61, v58, s6
	.loc	1 80 5                          ; kernels.py:80:5
	s_add_i32 s20, s20, 1
	s_cmp_lg_u32 s20, s29
	.loc	1 83 15                         ; kernels.py:83:15
	v_mfma_f32_32x32x8f16 v[0:15], v[58:59], v[76:77], v[0:15]
	.loc	1 85 9                          ; kernels.py:85:9
	v_mov_b32_e32 v58, s1
	v_addc_co_u32_e32 v31, vcc, v31, v58, vcc
	v_add_co_u32_e32 v28, vcc, s0, v28
	v_addc_co_u32_e32 v29, vcc, v29, v58, vcc
	v_add_co_u32_e32 v26, vcc, s0, v26
	v_addc_co_u32_e32 v27, vcc, v27, v58, vcc
	v_add_co_u32_e32 v24, vcc, s0, v24
	v_addc_co_u32_e32 v25, vcc, v25, v58, vcc
	v_add_co_u32_e32 v22, vcc, s0, v22
	v_addc_co_u32_e32 v23, vcc, v23, v58, vcc
	v_add_co_u32_e32 v20, vcc, s0, v20
	v_addc_co_u32_e32 v21, vcc, v21, v58, vcc
	v_add_co_u32_e32 v18, vcc, s0, v18
	v_addc_co_u32_e32 v19, vcc, v19, v58, vcc
	v_add_co_u32_e32 v16, vcc, s0, v16
	v_addc_co_u32_e32 v17, vcc, v17, v58, vcc
	.loc	1 80 5                          ; kernels.py:80:5
	s_cbranch_scc0 .LBB0_36
.LBB0_4:                                ; =>This Inner Loop Header: Depth=1
	.loc	1 81 56                         ; kernels.py:81:56
	s_lshl_b32 s2, s20, 5
	.loc	1 81 52 is_stmt 0               ; kernels.py:81:52
	s_sub_i32 s7, s14, s2
	.loc	1 81 34                         ; kernels.py:81:34
	v_cmp_gt_i32_e32 vcc, s7, v48
	v_mov_b32_e32 v58, 0
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_6
; %bb.5:                                ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v58, v[46:47], off
.LBB0_6:                                ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v59, 0
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_8
; %bb.7:                                ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v59, v[44:45], off
.LBB0_8:                                ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_10
; %bb.9:                                ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v60, v[42:43], off
.LBB0_10:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v61, 0
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_12
; %bb.11:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v61, v[40:41], off
.LBB0_12:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_14
; %bb.13:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v62, v[38:39], off
.LBB0_14:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execnz .LBB0_25
; %bb.15:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execnz .LBB0_26
.LBB0_16:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	v_mov_b32_e32 v65, 0
	.loc	1 81 13                         ; kernels.py:81:13
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execnz .LBB0_27
.LBB0_17:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	s_or_b64 exec, exec, s[2:3]
	.loc	1 82 34 is_stmt 1               ; kernels.py:82:34
	s_cmp_ge_i32 s21, s7
	.loc	1 82 13 is_stmt 0               ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_28
.LBB0_18:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v66, v[30:31], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s22, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_29
.LBB0_19:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v67, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s23, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_30
.LBB0_20:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v68, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s24, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_31
.LBB0_21:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v69, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s25, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_32
.LBB0_22:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v70, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s26, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_33
.LBB0_23:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v71, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s27, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_34
.LBB0_24:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v72, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s28, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_2
	s_branch .LBB0_35
.LBB0_25:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 81 13 is_stmt 1               ; kernels.py:81:13
	global_load_ushort v63, v[36:37], off
	s_or_b64 exec, exec, s[2:3]
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_16
.LBB0_26:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v64, v[34:35], off
	s_or_b64 exec, exec, s[2:3]
	v_mov_b32_e32 v65, 0
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_17
.LBB0_27:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v65, v[32:33], off
	s_or_b64 exec, exec, s[2:3]
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s21, s7
	.loc	1 82 13 is_stmt 0               ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_18
.LBB0_28:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v66, 0
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s22, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_19
.LBB0_29:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v67, v[28:29], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s23, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_20
.LBB0_30:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v68, v[26:27], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s24, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_21
.LBB0_31:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v69, v[24:25], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s25, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_22
.LBB0_32:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v70, v[22:23], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s26, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_23
.LBB0_33:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v71, v[20:21], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s27, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc1 .LBB0_24
.LBB0_34:                               ;   in Loop: Header=BB0_4 Depth=1
	global_load_ushort v72, v[18:19], off
	.loc	1 82 34                         ; kernels.py:82:34
	s_cmp_ge_i32 s28, s7
	.loc	1 82 13                         ; kernels.py:82:13
	s_cbranch_scc0 .LBB0_2
.LBB0_35:                               ;   in Loop: Header=BB0_4 Depth=1
	.loc	1 0 13                          ; kernels.py:0:13
	v_mov_b32_e32 v73, 0
	.loc	1 82 13                         ; kernels.py:82:13
	s_branch .LBB0_3
.LBB0_36:                               ; %._crit_edge.loopexit
	.loc	1 86 9 is_stmt 1                ; kernels.py:86:9
	s_nop 1
	v_cvt_f16_f32_e32 v24, v1
	v_cvt_f16_f32_e32 v23, v2
	v_cvt_f16_f32_e32 v22, v3
	v_cvt_f16_f32_e32 v21, v4
	v_cvt_f16_f32_e32 v20, v5
	v_cvt_f16_f32_e32 v19, v6
	v_cvt_f16_f32_e32 v18, v7
	v_cvt_f16_f32_e32 v17, v8
	v_cvt_f16_f32_e32 v16, v9
	v_cvt_f16_f32_e32 v9, v10
	v_cvt_f16_f32_e32 v8, v11
	v_cvt_f16_f32_e32 v7, v12
	v_cvt_f16_f32_e32 v6, v13
	v_cvt_f16_f32_e32 v5, v14
	v_cvt_f16_f32_e32 v4, v15
	v_cvt_f16_f32_e32 v10, v0
.LBB0_37:                               ; %Flow
	.loc	1 0 9 is_stmt 0                 ; kernels.py:0:9
	s_load_dword s2, s[4:5], 0x2c
	.loc	1 74 33 is_stmt 1               ; kernels.py:74:33
	s_lshr_b32 s0, s18, 2
	s_or_b32 s16, s16, s0
	v_lshrrev_b32_e32 v0, 3, v49
	s_lshr_b32 s1, s19, 1
	.loc	1 74 15 is_stmt 0               ; kernels.py:74:15
	v_or_b32_e32 v1, s16, v48
	.loc	1 74 33                         ; kernels.py:74:33
	v_or_b32_e32 v0, s1, v0
	.loc	1 90 22 is_stmt 1               ; kernels.py:90:22
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v2, v1, s2
	.loc	1 75 15                         ; kernels.py:75:15
	v_or_b32_e32 v0, s17, v0
	.loc	1 90 14                         ; kernels.py:90:14
	v_ashrrev_i32_e32 v3, 31, v2
	.loc	1 89 13                         ; kernels.py:89:13
	v_cmp_gt_i32_e32 vcc, s12, v1
	.loc	1 89 38 is_stmt 0               ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v0
	.loc	1 90 14 is_stmt 1               ; kernels.py:90:14
	v_lshlrev_b64 v[2:3], 1, v[2:3]
	.loc	1 89 12                         ; kernels.py:89:12
	s_and_b64 s[4:5], vcc, s[0:1]
	.loc	1 90 14                         ; kernels.py:90:14
	v_mov_b32_e32 v1, s11
	v_add_co_u32_e64 v11, s[0:1], s10, v2
	v_addc_co_u32_e64 v12, s[0:1], v1, v3, s[0:1]
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[2:3], 1, v[0:1]
	v_add_co_u32_e64 v2, s[0:1], v11, v2
	v_addc_co_u32_e64 v3, s[0:1], v12, v3, s[0:1]
	.loc	1 90 5 is_stmt 0                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[4:5]
	s_cbranch_execz .LBB0_39
; %bb.38:
	global_store_short v[2:3], v10, off
.LBB0_39:
	.loc	1 0 5                           ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 1, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_41
; %bb.40:
	global_store_short v[2:3], v24, off offset:2
.LBB0_41:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 2, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_43
; %bb.42:
	global_store_short v[2:3], v23, off offset:4
.LBB0_43:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 3, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_45
; %bb.44:
	global_store_short v[2:3], v22, off offset:6
.LBB0_45:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 8, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_47
; %bb.46:
	global_store_short v[2:3], v21, off offset:16
.LBB0_47:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 9, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_49
; %bb.48:
	global_store_short v[2:3], v20, off offset:18
.LBB0_49:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 10, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_51
; %bb.50:
	global_store_short v[2:3], v19, off offset:20
.LBB0_51:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 11, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_53
; %bb.52:
	global_store_short v[2:3], v18, off offset:22
.LBB0_53:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 16, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_55
; %bb.54:
	global_store_short v[2:3], v17, off offset:32
.LBB0_55:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 17, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_57
; %bb.56:
	global_store_short v[2:3], v16, off offset:34
.LBB0_57:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 18, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_59
; %bb.58:
	global_store_short v[2:3], v9, off offset:36
.LBB0_59:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 19, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_61
; %bb.60:
	global_store_short v[2:3], v8, off offset:38
.LBB0_61:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 24, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_63
; %bb.62:
	global_store_short v[2:3], v7, off offset:48
.LBB0_63:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 25, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_65
; %bb.64:
	global_store_short v[2:3], v6, off offset:50
.LBB0_65:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v1, 26, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v1
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[2:3], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_67
; %bb.66:
	global_store_short v[2:3], v5, off offset:52
.LBB0_67:
	.loc	1 0 5 is_stmt 0                 ; kernels.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 75 15 is_stmt 1               ; kernels.py:75:15
	v_or_b32_e32 v0, 27, v0
	.loc	1 89 38                         ; kernels.py:89:38
	v_cmp_gt_i32_e64 s[0:1], s13, v0
	.loc	1 89 12 is_stmt 0               ; kernels.py:89:12
	s_and_b64 s[0:1], vcc, s[0:1]
	.loc	1 90 5 is_stmt 1                ; kernels.py:90:5
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB0_69
; %bb.68:
	global_store_short v[2:3], v4, off offset:54
.LBB0_69:
	.loc	1 63 1                          ; kernels.py:63:1
	s_endpgm
.Ltmp17:
.Lfunc_end0:
	.size	matmul_kernel, .Lfunc_end0-matmul_kernel
	.cfi_endproc
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul_kernel
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 64
		.amdhsa_user_sgpr_count 16
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 10
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 78
		.amdhsa_next_free_sgpr 35
		.amdhsa_accum_offset 80
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
                                        ; -- End function
	.set .Lmatmul_kernel.num_vgpr, 78
	.set .Lmatmul_kernel.num_agpr, 0
	.set .Lmatmul_kernel.numbered_sgpr, 35
	.set .Lmatmul_kernel.num_named_barrier, 0
	.set .Lmatmul_kernel.private_seg_size, 0
	.set .Lmatmul_kernel.uses_vcc, 1
	.set .Lmatmul_kernel.uses_flat_scratch, 0
	.set .Lmatmul_kernel.has_dyn_sized_stack, 0
	.set .Lmatmul_kernel.has_recursion, 0
	.set .Lmatmul_kernel.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 3976
; TotalNumSgprs: 39
; NumVgprs: 78
; NumAgprs: 0
; TotalNumVgprs: 78
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 9
; NumSGPRsForWavesPerEU: 39
; NumVGPRsForWavesPerEU: 78
; AccumOffset: 80
; Occupancy: 6
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 19
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	.debug_abbrev,"",@progbits
	.byte	1                               ; Abbreviation Code
	.byte	17                              ; DW_TAG_compile_unit
	.byte	1                               ; DW_CHILDREN_yes
	.byte	37                              ; DW_AT_producer
	.byte	14                              ; DW_FORM_strp
	.byte	19                              ; DW_AT_language
	.byte	5                               ; DW_FORM_data2
	.byte	3                               ; DW_AT_name
	.byte	14                              ; DW_FORM_strp
	.byte	16                              ; DW_AT_stmt_list
	.byte	23                              ; DW_FORM_sec_offset
	.byte	27                              ; DW_AT_comp_dir
	.byte	14                              ; DW_FORM_strp
	.ascii	"\341\177"                      ; DW_AT_APPLE_optimized
	.byte	25                              ; DW_FORM_flag_present
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	2                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	14                              ; DW_FORM_strp
	.byte	32                              ; DW_AT_inline
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	3                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	1                               ; DW_CHILDREN_yes
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	4                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	5                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	85                              ; DW_AT_ranges
	.byte	23                              ; DW_FORM_sec_offset
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	0                               ; EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 ; Length of Unit
.Ldebug_info_start0:
	.short	4                               ; DWARF version number
	.long	.debug_abbrev                   ; Offset Into Abbrev. Section
	.byte	8                               ; Address Size (in bytes)
	.byte	1                               ; Abbrev [1] 0xb:0x64 DW_TAG_compile_unit
	.long	.Linfo_string0                  ; DW_AT_producer
	.short	2                               ; DW_AT_language
	.long	.Linfo_string1                  ; DW_AT_name
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.long	.Linfo_string2                  ; DW_AT_comp_dir
                                        ; DW_AT_APPLE_optimized
	.quad	.Lfunc_begin0                   ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.byte	2                               ; Abbrev [2] 0x2a:0x6 DW_TAG_subprogram
	.long	.Linfo_string3                  ; DW_AT_name
	.byte	1                               ; DW_AT_inline
	.byte	3                               ; Abbrev [3] 0x30:0x3e DW_TAG_subprogram
	.quad	.Lfunc_begin0                   ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	42                              ; DW_AT_abstract_origin
	.byte	4                               ; Abbrev [4] 0x41:0x14 DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.quad	.Ltmp1                          ; DW_AT_low_pc
	.long	.Ltmp2-.Ltmp1                   ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.byte	68                              ; DW_AT_call_line
	.byte	17                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x55:0xc DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.long	.Ldebug_ranges0                 ; DW_AT_ranges
	.byte	1                               ; DW_AT_call_file
	.byte	67                              ; DW_AT_call_line
	.byte	17                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x61:0xc DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.long	.Ldebug_ranges1                 ; DW_AT_ranges
	.byte	1                               ; DW_AT_call_file
	.byte	80                              ; DW_AT_call_line
	.byte	23                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_ranges,"",@progbits
.Ldebug_ranges0:
	.quad	.Ltmp3-.Lfunc_begin0
	.quad	.Ltmp4-.Lfunc_begin0
	.quad	.Ltmp5-.Lfunc_begin0
	.quad	.Ltmp6-.Lfunc_begin0
	.quad	.Ltmp7-.Lfunc_begin0
	.quad	.Ltmp8-.Lfunc_begin0
	.quad	.Ltmp9-.Lfunc_begin0
	.quad	.Ltmp10-.Lfunc_begin0
	.quad	0
	.quad	0
.Ldebug_ranges1:
	.quad	.Ltmp11-.Lfunc_begin0
	.quad	.Ltmp12-.Lfunc_begin0
	.quad	.Ltmp13-.Lfunc_begin0
	.quad	.Ltmp14-.Lfunc_begin0
	.quad	.Ltmp15-.Lfunc_begin0
	.quad	.Ltmp16-.Lfunc_begin0
	.quad	0
	.quad	0
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"triton"                        ; string offset=0 ; triton
.Linfo_string1:
	.asciz	"kernels.py"                    ; string offset=7 ; kernels.py
.Linfo_string2:
	.asciz	"/src"                          ; string offset=18 ; /src
.Linfo_string3:
	.asciz	"matmul_kernel"                 ; string offset=23 ; matmul_kernel
	.section	".note.GNU-stack","",@progbits
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
      - .offset:         28
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     by_value
      - .offset:         36
        .size:           4
        .value_kind:     by_value
      - .offset:         40
        .size:           4
        .value_kind:     by_value
      - .offset:         44
        .size:           4
        .value_kind:     by_value
      - .address_space:  global
        .offset:         48
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         56
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 64
    .max_flat_workgroup_size: 256
    .name:           matmul_kernel
    .private_segment_fixed_size: 0
    .sgpr_count:     39
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     78
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgpu9.0a-amd-amdhsa-unknown-gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
	.section	.debug_line,"",@progbits
.Lline_table_start0:
