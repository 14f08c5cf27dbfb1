	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.protected	scratch_array           ; -- Begin function scratch_array
	.globl	scratch_array
	.p2align	8
	.type	scratch_array,@function
scratch_array:                          ; @scratch_array
; %bb.0:
	s_load_dword s6, s[4:5], 0x1c
	s_load_dwordx4 s[12:15], s[4:5], 0x0
	s_add_u32 s0, s0, s9
	s_addc_u32 s1, s1, 0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s6, 0xffff
	s_mul_i32 s8, s8, s4
	v_add_u32_e32 v0, s8, v0
	v_lshlrev_b64 v[2:3], 2, v[0:1]
	v_mov_b32_e32 v5, s13
	v_add_co_u32_e32 v4, vcc, s12, v2
	v_addc_co_u32_e32 v5, vcc, v5, v3, vcc
	global_load_dword v4, v[4:5], off
	s_nop 0
	buffer_store_dword v1, off, s[0:3], 0
	buffer_store_dword v0, off, s[0:3], 0 offset:4
	v_lshlrev_b32_e32 v1, 1, v0
	v_lshl_add_u32 v6, v0, 1, v0
	v_lshlrev_b32_e32 v7, 2, v0
	v_lshl_add_u32 v8, v0, 2, v0
	v_mul_lo_u32 v9, v0, 6
	v_mul_lo_u32 v10, v0, 7
	v_lshlrev_b32_e32 v11, 3, v0
	v_lshl_add_u32 v12, v0, 3, v0
	v_mul_lo_u32 v13, v0, 10
	v_mul_lo_u32 v14, v0, 11
	v_mul_lo_u32 v15, v0, 12
	v_mul_lo_u32 v16, v0, 13
	v_mul_lo_u32 v17, v0, 14
	v_mul_lo_u32 v18, v0, 15
	v_lshlrev_b32_e32 v19, 4, v0
	v_lshl_add_u32 v20, v0, 4, v0
	v_mul_lo_u32 v21, v0, 18
	v_mul_lo_u32 v22, v0, 19
	v_mul_lo_u32 v23, v0, 20
	v_mul_lo_u32 v24, v0, 21
	v_mul_lo_u32 v25, v0, 22
	v_mul_lo_u32 v26, v0, 23
	v_mul_lo_u32 v27, v0, 24
	v_mul_lo_u32 v28, v0, 25
	v_mul_lo_u32 v29, v0, 26
	v_mul_lo_u32 v30, v0, 27
	v_mul_lo_u32 v31, v0, 28
	v_mul_lo_u32 v32, v0, 29
	v_mul_lo_u32 v33, v0, 30
	v_mul_lo_u32 v0, v0, 31
	v_mov_b32_e32 v5, 0
	buffer_store_dword v1, off, s[0:3], 0 offset:8
	buffer_store_dword v6, off, s[0:3], 0 offset:12
	buffer_store_dword v7, off, s[0:3], 0 offset:16
	buffer_store_dword v9, off, s[0:3], 0 offset:24
	buffer_store_dword v8, off, s[0:3], 0 offset:20
	buffer_store_dword v10, off, s[0:3], 0 offset:28
	buffer_store_dword v11, off, s[0:3], 0 offset:32
	buffer_store_dword v13, off, s[0:3], 0 offset:40
	buffer_store_dword v12, off, s[0:3], 0 offset:36
	buffer_store_dword v15, off, s[0:3], 0 offset:48
	buffer_store_dword v14, off, s[0:3], 0 offset:44
	buffer_store_dword v17, off, s[0:3], 0 offset:56
	buffer_store_dword v16, off, s[0:3], 0 offset:52
	buffer_store_dword v18, off, s[0:3], 0 offset:60
	buffer_store_dword v19, off, s[0:3], 0 offset:64
	buffer_store_dword v21, off, s[0:3], 0 offset:72
	buffer_store_dword v20, off, s[0:3], 0 offset:68
	buffer_store_dword v23, off, s[0:3], 0 offset:80
	buffer_store_dword v22, off, s[0:3], 0 offset:76
	buffer_store_dword v25, off, s[0:3], 0 offset:88
	buffer_store_dword v24, off, s[0:3], 0 offset:84
	buffer_store_dword v27, off, s[0:3], 0 offset:96
	buffer_store_dword v26, off, s[0:3], 0 offset:92
	buffer_store_dword v29, off, s[0:3], 0 offset:104
	buffer_store_dword v28, off, s[0:3], 0 offset:100
	buffer_store_dword v31, off, s[0:3], 0 offset:112
	buffer_store_dword v30, off, s[0:3], 0 offset:108
	buffer_store_dword v33, off, s[0:3], 0 offset:120
	buffer_store_dword v32, off, s[0:3], 0 offset:116
	buffer_store_dword v0, off, s[0:3], 0 offset:124
	s_waitcnt vmcnt(32)
	v_and_b32_e32 v0, 31, v4
	v_lshrrev_b32_e32 v1, 3, v4
	v_lshl_add_u32 v0, v0, 2, v5
	v_and_b32_e32 v1, 0x7c, v1
	v_add_u32_e32 v1, 0, v1
	buffer_load_dword v4, v0, s[0:3], 0 offen
	buffer_load_dword v5, v1, s[0:3], 0 offen
	v_mov_b32_e32 v1, s15
	v_add_co_u32_e32 v0, vcc, s14, v2
	v_addc_co_u32_e32 v1, vcc, v1, v3, vcc
	s_waitcnt vmcnt(0)
	v_add_u32_e32 v4, v5, v4
	global_store_dword v[0:1], v4, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel scratch_array
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 144
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 34
		.amdhsa_next_free_sgpr 16
		.amdhsa_accum_offset 36
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
	.size	scratch_array, .Lfunc_end0-scratch_array
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 644
; NumSgprs: 20
; NumVgprs: 34
; NumAgprs: 0
; TotalNumVgprs: 34
; ScratchSize: 144
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 20
; NumVGPRsForWavesPerEU: 34
; AccumOffset: 36
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
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
	s_add_u32 s0, s0, s9
	s_load_dword s9, s[4:5], 0x10
	s_addc_u32 s1, s1, 0
	s_add_u32 s10, s4, 24
	s_addc_u32 s11, s5, 0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_cmp_gt_i32 s9, 0
	buffer_store_dword v1, off, s[0:3], 0 offset:4
	buffer_store_dword v1, off, s[0:3], 0
	buffer_store_dword v1, off, s[0:3], 0 offset:12
	buffer_store_dword v1, off, s[0:3], 0 offset:8
	buffer_store_dword v1, off, s[0:3], 0 offset:20
	buffer_store_dword v1, off, s[0:3], 0 offset:16
	buffer_store_dword v1, off, s[0:3], 0 offset:28
	buffer_store_dword v1, off, s[0:3], 0 offset:24
	buffer_store_dword v1, off, s[0:3], 0 offset:36
	buffer_store_dword v1, off, s[0:3], 0 offset:32
	buffer_store_dword v1, off, s[0:3], 0 offset:44
	buffer_store_dword v1, off, s[0:3], 0 offset:40
	buffer_store_dword v1, off, s[0:3], 0 offset:52
	buffer_store_dword v1, off, s[0:3], 0 offset:48
	buffer_store_dword v1, off, s[0:3], 0 offset:60
	buffer_store_dword v1, off, s[0:3], 0 offset:56
	buffer_store_dword v1, off, s[0:3], 0 offset:68
	buffer_store_dword v1, off, s[0:3], 0 offset:64
	buffer_store_dword v1, off, s[0:3], 0 offset:76
	buffer_store_dword v1, off, s[0:3], 0 offset:72
	buffer_store_dword v1, off, s[0:3], 0 offset:84
	buffer_store_dword v1, off, s[0:3], 0 offset:80
	buffer_store_dword v1, off, s[0:3], 0 offset:92
	buffer_store_dword v1, off, s[0:3], 0 offset:88
	buffer_store_dword v1, off, s[0:3], 0 offset:100
	buffer_store_dword v1, off, s[0:3], 0 offset:96
	buffer_store_dword v1, off, s[0:3], 0 offset:108
	buffer_store_dword v1, off, s[0:3], 0 offset:104
	buffer_store_dword v1, off, s[0:3], 0 offset:116
	buffer_store_dword v1, off, s[0:3], 0 offset:112
	buffer_store_dword v1, off, s[0:3], 0 offset:124
	buffer_store_dword v1, off, s[0:3], 0 offset:120
	buffer_store_dword v1, off, s[0:3], 0 offset:132
	buffer_store_dword v1, off, s[0:3], 0 offset:128
	buffer_store_dword v1, off, s[0:3], 0 offset:140
	buffer_store_dword v1, off, s[0:3], 0 offset:136
	buffer_store_dword v1, off, s[0:3], 0 offset:148
	buffer_store_dword v1, off, s[0:3], 0 offset:144
	buffer_store_dword v1, off, s[0:3], 0 offset:156
	buffer_store_dword v1, off, s[0:3], 0 offset:152
	buffer_store_dword v1, off, s[0:3], 0 offset:164
	buffer_store_dword v1, off, s[0:3], 0 offset:160
	buffer_store_dword v1, off, s[0:3], 0 offset:172
	buffer_store_dword v1, off, s[0:3], 0 offset:168
	buffer_store_dword v1, off, s[0:3], 0 offset:180
	buffer_store_dword v1, off, s[0:3], 0 offset:176
	buffer_store_dword v1, off, s[0:3], 0 offset:188
	buffer_store_dword v1, off, s[0:3], 0 offset:184
	buffer_store_dword v1, off, s[0:3], 0 offset:196
	buffer_store_dword v1, off, s[0:3], 0 offset:192
	buffer_store_dword v1, off, s[0:3], 0 offset:204
	buffer_store_dword v1, off, s[0:3], 0 offset:200
	buffer_store_dword v1, off, s[0:3], 0 offset:212
	buffer_store_dword v1, off, s[0:3], 0 offset:208
	buffer_store_dword v1, off, s[0:3], 0 offset:220
	buffer_store_dword v1, off, s[0:3], 0 offset:216
	buffer_store_dword v1, off, s[0:3], 0 offset:228
	buffer_store_dword v1, off, s[0:3], 0 offset:224
	buffer_store_dword v1, off, s[0:3], 0 offset:236
	buffer_store_dword v1, off, s[0:3], 0 offset:232
	buffer_store_dword v1, off, s[0:3], 0 offset:244
	buffer_store_dword v1, off, s[0:3], 0 offset:240
	buffer_store_dword v1, off, s[0:3], 0 offset:252
	buffer_store_dword v1, off, s[0:3], 0 offset:248
	buffer_store_dword v1, off, s[0:3], 0 offset:260
	buffer_store_dword v1, off, s[0:3], 0 offset:256
	buffer_store_dword v1, off, s[0:3], 0 offset:268
	buffer_store_dword v1, off, s[0:3], 0 offset:264
	buffer_store_dword v1, off, s[0:3], 0 offset:276
	buffer_store_dword v1, off, s[0:3], 0 offset:272
	buffer_store_dword v1, off, s[0:3], 0 offset:284
	buffer_store_dword v1, off, s[0:3], 0 offset:280
	buffer_store_dword v1, off, s[0:3], 0 offset:292
	buffer_store_dword v1, off, s[0:3], 0 offset:288
	buffer_store_dword v1, off, s[0:3], 0 offset:300
	buffer_store_dword v1, off, s[0:3], 0 offset:296
	buffer_store_dword v1, off, s[0:3], 0 offset:308
	buffer_store_dword v1, off, s[0:3], 0 offset:304
	buffer_store_dword v1, off, s[0:3], 0 offset:316
	buffer_store_dword v1, off, s[0:3], 0 offset:312
	buffer_store_dword v1, off, s[0:3], 0 offset:324
	buffer_store_dword v1, off, s[0:3], 0 offset:320
	buffer_store_dword v1, off, s[0:3], 0 offset:332
	buffer_store_dword v1, off, s[0:3], 0 offset:328
	buffer_store_dword v1, off, s[0:3], 0 offset:340
	buffer_store_dword v1, off, s[0:3], 0 offset:336
	buffer_store_dword v1, off, s[0:3], 0 offset:348
	buffer_store_dword v1, off, s[0:3], 0 offset:344
	buffer_store_dword v1, off, s[0:3], 0 offset:356
	buffer_store_dword v1, off, s[0:3], 0 offset:352
	buffer_store_dword v1, off, s[0:3], 0 offset:364
	buffer_store_dword v1, off, s[0:3], 0 offset:360
	buffer_store_dword v1, off, s[0:3], 0 offset:372
	buffer_store_dword v1, off, s[0:3], 0 offset:368
	buffer_store_dword v1, off, s[0:3], 0 offset:380
	buffer_store_dword v1, off, s[0:3], 0 offset:376
	buffer_store_dword v1, off, s[0:3], 0 offset:388
	buffer_store_dword v1, off, s[0:3], 0 offset:384
	buffer_store_dword v1, off, s[0:3], 0 offset:396
	buffer_store_dword v1, off, s[0:3], 0 offset:392
	buffer_store_dword v1, off, s[0:3], 0 offset:404
	buffer_store_dword v1, off, s[0:3], 0 offset:400
	buffer_store_dword v1, off, s[0:3], 0 offset:412
	buffer_store_dword v1, off, s[0:3], 0 offset:408
	buffer_store_dword v1, off, s[0:3], 0 offset:420
	buffer_store_dword v1, off, s[0:3], 0 offset:416
	buffer_store_dword v1, off, s[0:3], 0 offset:428
	buffer_store_dword v1, off, s[0:3], 0 offset:424
	buffer_store_dword v1, off, s[0:3], 0 offset:436
	buffer_store_dword v1, off, s[0:3], 0 offset:432
	buffer_store_dword v1, off, s[0:3], 0 offset:444
	buffer_store_dword v1, off, s[0:3], 0 offset:440
	buffer_store_dword v1, off, s[0:3], 0 offset:452
	buffer_store_dword v1, off, s[0:3], 0 offset:448
	buffer_store_dword v1, off, s[0:3], 0 offset:460
	buffer_store_dword v1, off, s[0:3], 0 offset:456
	buffer_store_dword v1, off, s[0:3], 0 offset:468
	buffer_store_dword v1, off, s[0:3], 0 offset:464
	buffer_store_dword v1, off, s[0:3], 0 offset:476
	buffer_store_dword v1, off, s[0:3], 0 offset:472
	buffer_store_dword v1, off, s[0:3], 0 offset:484
	buffer_store_dword v1, off, s[0:3], 0 offset:480
	buffer_store_dword v1, off, s[0:3], 0 offset:492
	buffer_store_dword v1, off, s[0:3], 0 offset:488
	buffer_store_dword v1, off, s[0:3], 0 offset:500
	buffer_store_dword v1, off, s[0:3], 0 offset:496
	buffer_store_dword v1, off, s[0:3], 0 offset:508
	buffer_store_dword v1, off, s[0:3], 0 offset:504
	buffer_store_dword v1, off, s[0:3], 0 offset:516
	buffer_store_dword v1, off, s[0:3], 0 offset:512
	buffer_store_dword v1, off, s[0:3], 0 offset:524
	buffer_store_dword v1, off, s[0:3], 0 offset:520
	buffer_store_dword v1, off, s[0:3], 0 offset:532
	buffer_store_dword v1, off, s[0:3], 0 offset:528
	buffer_store_dword v1, off, s[0:3], 0 offset:540
	buffer_store_dword v1, off, s[0:3], 0 offset:536
	buffer_store_dword v1, off, s[0:3], 0 offset:548
	buffer_store_dword v1, off, s[0:3], 0 offset:544
	buffer_store_dword v1, off, s[0:3], 0 offset:556
	buffer_store_dword v1, off, s[0:3], 0 offset:552
	buffer_store_dword v1, off, s[0:3], 0 offset:564
	buffer_store_dword v1, off, s[0:3], 0 offset:560
	buffer_store_dword v1, off, s[0:3], 0 offset:572
	buffer_store_dword v1, off, s[0:3], 0 offset:568
	buffer_store_dword v1, off, s[0:3], 0 offset:580
	buffer_store_dword v1, off, s[0:3], 0 offset:576
	buffer_store_dword v1, off, s[0:3], 0 offset:588
	buffer_store_dword v1, off, s[0:3], 0 offset:584
	buffer_store_dword v1, off, s[0:3], 0 offset:596
	buffer_store_dword v1, off, s[0:3], 0 offset:592
	buffer_store_dword v1, off, s[0:3], 0 offset:604
	buffer_store_dword v1, off, s[0:3], 0 offset:600
	buffer_store_dword v1, off, s[0:3], 0 offset:612
	buffer_store_dword v1, off, s[0:3], 0 offset:608
	buffer_store_dword v1, off, s[0:3], 0 offset:620
	buffer_store_dword v1, off, s[0:3], 0 offset:616
	buffer_store_dword v1, off, s[0:3], 0 offset:628
	buffer_store_dword v1, off, s[0:3], 0 offset:624
	buffer_store_dword v1, off, s[0:3], 0 offset:636
	buffer_store_dword v1, off, s[0:3], 0 offset:632
	buffer_store_dword v1, off, s[0:3], 0 offset:644
	buffer_store_dword v1, off, s[0:3], 0 offset:640
	buffer_store_dword v1, off, s[0:3], 0 offset:652
	buffer_store_dword v1, off, s[0:3], 0 offset:648
	buffer_store_dword v1, off, s[0:3], 0 offset:660
	buffer_store_dword v1, off, s[0:3], 0 offset:656
	buffer_store_dword v1, off, s[0:3], 0 offset:668
	buffer_store_dword v1, off, s[0:3], 0 offset:664
	buffer_store_dword v1, off, s[0:3], 0 offset:676
	buffer_store_dword v1, off, s[0:3], 0 offset:672
	buffer_store_dword v1, off, s[0:3], 0 offset:684
	buffer_store_dword v1, off, s[0:3], 0 offset:680
	buffer_store_dword v1, off, s[0:3], 0 offset:692
	buffer_store_dword v1, off, s[0:3], 0 offset:688
	buffer_store_dword v1, off, s[0:3], 0 offset:700
	buffer_store_dword v1, off, s[0:3], 0 offset:696
	buffer_store_dword v1, off, s[0:3], 0 offset:708
	buffer_store_dword v1, off, s[0:3], 0 offset:704
	buffer_store_dword v1, off, s[0:3], 0 offset:716
	buffer_store_dword v1, off, s[0:3], 0 offset:712
	buffer_store_dword v1, off, s[0:3], 0 offset:724
	buffer_store_dword v1, off, s[0:3], 0 offset:720
	buffer_store_dword v1, off, s[0:3], 0 offset:732
	buffer_store_dword v1, off, s[0:3], 0 offset:728
	buffer_store_dword v1, off, s[0:3], 0 offset:740
	buffer_store_dword v1, off, s[0:3], 0 offset:736
	buffer_store_dword v1, off, s[0:3], 0 offset:748
	buffer_store_dword v1, off, s[0:3], 0 offset:744
	buffer_store_dword v1, off, s[0:3], 0 offset:756
	buffer_store_dword v1, off, s[0:3], 0 offset:752
	buffer_store_dword v1, off, s[0:3], 0 offset:764
	buffer_store_dword v1, off, s[0:3], 0 offset:760
	buffer_store_dword v1, off, s[0:3], 0 offset:772
	buffer_store_dword v1, off, s[0:3], 0 offset:768
	buffer_store_dword v1, off, s[0:3], 0 offset:780
	buffer_store_dword v1, off, s[0:3], 0 offset:776
	buffer_store_dword v1, off, s[0:3], 0 offset:788
	buffer_store_dword v1, off, s[0:3], 0 offset:784
	buffer_store_dword v1, off, s[0:3], 0 offset:796
	buffer_store_dword v1, off, s[0:3], 0 offset:792
	s_cbranch_scc1 .LBB1_2
; %bb.1:
	s_mov_b64 s[12:13], 0
	s_branch .LBB1_3
.LBB1_2:
	s_mov_b64 s[12:13], -1
.LBB1_3:
	s_load_dwordx4 s[4:7], s[4:5], 0x0
	s_andn2_b64 vcc, exec, s[12:13]
	s_cbranch_vccnz .LBB1_6
; %bb.4:
	s_load_dword s13, s[10:11], 0xc
	v_mov_b32_e32 v3, 0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s5
	s_mov_b32 s5, 0x51eb851f
	s_movk_i32 s12, 0xc8
	s_and_b32 s13, s13, 0xffff
	s_mul_i32 s13, s8, s13
	v_add_u32_e32 v2, s13, v0
	v_mul_lo_u32 v2, v2, s9
	v_mov_b32_e32 v4, 0
.LBB1_5:                                ; =>This Inner Loop Header: Depth=1
	v_lshlrev_b64 v[6:7], 2, v[2:3]
	v_add_co_u32_e32 v6, vcc, s4, v6
	v_addc_co_u32_e32 v7, vcc, v1, v7, vcc
	global_load_dword v5, v[6:7], off
	s_add_i32 s9, s9, -1
	v_add_u32_e32 v2, 1, v2
	s_cmp_eq_u32 s9, 0
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v5, 0x43470000, v5
	v_cvt_i32_f32_e32 v5, v5
	v_mul_hi_i32 v6, v5, s5
	v_lshrrev_b32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v6, 6, v6
	v_add_u32_e32 v6, v6, v7
	v_mul_lo_u32 v6, v6, s12
	v_sub_u32_e32 v5, v5, v6
	v_lshl_add_u32 v5, v5, 2, v4
	buffer_load_dword v6, v5, s[0:3], 0 offen
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v6, 1.0, v6
	buffer_store_dword v6, v5, s[0:3], 0 offen
	s_cbranch_scc0 .LBB1_5
.LBB1_6:
	s_waitcnt lgkmcnt(0)
	s_load_dword s4, s[10:11], 0xc
	s_mov_b32 s5, 0x51eb851f
	s_movk_i32 s9, 0xc8
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, s7
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s4, 0xffff
	s_mul_i32 s8, s8, s4
	v_add_u32_e32 v0, s8, v0
	v_mul_hi_u32 v1, v0, s5
	v_lshrrev_b32_e32 v1, 6, v1
	v_mul_lo_u32 v1, v1, s9
	v_sub_u32_e32 v1, v0, v1
	v_lshl_add_u32 v1, v1, 2, v2
	buffer_load_dword v2, v1, s[0:3], 0 offen
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_add_co_u32_e32 v0, vcc, s6, v0
	v_addc_co_u32_e32 v1, vcc, v3, v1, vcc
	s_waitcnt vmcnt(0)
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel scratch_large
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 816
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 14
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
	.size	scratch_large, .Lfunc_end1-scratch_large
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1976
; NumSgprs: 18
; NumVgprs: 8
; NumAgprs: 0
; TotalNumVgprs: 8
; ScratchSize: 816
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 8
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
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
; NumSgprs: 36
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
	s_add_u32 flat_scratch_lo, s8, s11
	s_load_dwordx2 s[16:17], s[4:5], 0x4
	s_load_dwordx4 s[12:15], s[6:7], 0x0
	s_load_dword s8, s[6:7], 0x10
	s_addc_u32 flat_scratch_hi, s9, 0
	s_add_u32 s0, s0, s11
	s_addc_u32 s1, s1, 0
	v_mov_b32_e32 v7, v0
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s4, s16, 16
	s_mul_i32 s4, s4, s17
	v_and_b32_e32 v2, 0x3ff, v7
	v_bfe_u32 v1, v7, 10, 10
	v_mul_lo_u32 v0, s4, v2
	v_mul_u32_u24_e32 v1, s17, v1
	v_bfe_u32 v3, v7, 20, 10
	v_add3_u32 v0, v0, v1, v3
	v_mul_lo_u32 v0, v0, 12
	v_mov_b32_e32 v3, 0
	s_cmp_lt_i32 s8, 1
	s_mov_b32 s32, 0
	ds_write2_b32 v0, v3, v3 offset1:1
	ds_write_b32 v0, v3 offset:8
	s_cbranch_scc1 .LBB3_4
; %bb.1:
	s_load_dword s9, s[6:7], 0x24
	s_mov_b64 s[4:5], src_shared_base
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v1, s5
	v_mov_b32_e32 v10, s13
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s9, 0xffff
	s_mul_i32 s4, s10, s4
	v_add_u32_e32 v2, s4, v2
	v_mul_lo_u32 v8, v2, s8
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, _Z10accumulateP3Accf@rel32@lo+4
	s_addc_u32 s5, s5, _Z10accumulateP3Accf@rel32@hi+12
.LBB3_2:                                ; =>This Inner Loop Header: Depth=1
	v_lshlrev_b64 v[2:3], 2, v[8:9]
	v_add_co_u32_e32 v2, vcc, s12, v2
	v_addc_co_u32_e32 v3, vcc, v10, v3, vcc
	global_load_dword v2, v[2:3], off
	s_swappc_b64 s[30:31], s[4:5]
	s_add_i32 s8, s8, -1
	s_cmp_eq_u32 s8, 0
	v_add_u32_e32 v8, 1, v8
	s_cbranch_scc0 .LBB3_2
; %bb.3:
	ds_read_b32 v3, v0 offset:8
.LBB3_4:
	s_waitcnt lgkmcnt(0)
	v_cmp_ne_u32_e32 vcc, 0, v3
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v2, 0
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB3_6
; %bb.5:
	ds_read2_b32 v[4:5], v0 offset1:1
	v_cvt_f32_i32_e32 v0, v3
	s_waitcnt lgkmcnt(0)
	v_div_scale_f32 v2, s[8:9], v0, v0, v5
	v_rcp_f32_e32 v6, v2
	v_div_scale_f32 v8, s[8:9], v0, v0, v4
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
	s_or_b64 exec, exec, s[4:5]
	s_load_dword s4, s[6:7], 0x24
	v_and_b32_e32 v0, 0x3ff, v7
	v_mov_b32_e32 v3, s15
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s4, 0xffff
	s_mul_i32 s10, s10, s4
	v_add_u32_e32 v0, s10, v0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_add_co_u32_e32 v0, vcc, s14, v0
	v_addc_co_u32_e32 v1, vcc, v3, v1, vcc
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel escaped_struct
		.amdhsa_group_segment_fixed_size 12288
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 10
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 33
		.amdhsa_accum_offset 12
		.amdhsa_reserve_vcc 1
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
	.size	escaped_struct, .Lfunc_end3-escaped_struct
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 528
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
; COMPUTE_PGM_RSRC2:USER_SGPR: 10
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
    .sgpr_count:     20
    .sgpr_spill_count: 0
    .symbol:         scratch_array.kd
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
    .vgpr_count:     8
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
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
