	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_code_object_version 5
	.globl	ir_many_vgprs                   ; -- Begin function ir_many_vgprs
	.p2align	8
	.type	ir_many_vgprs,@function
ir_many_vgprs:                          ; @ir_many_vgprs
; %bb.0:                                ; %entry
	s_load_dwordx4 s[0:3], s[6:7], 0x0
	s_load_dword s4, s[6:7], 0x10
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v64, 8, v0
	v_accvgpr_write_b32 a0, v0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v65, s3
	v_add_co_u32_e32 v66, vcc, s2, v64
	global_load_dwordx4 v[28:31], v64, s[2:3] offset:240 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[24:27], v64, s[2:3] offset:224 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[20:23], v64, s[2:3] offset:208 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[16:19], v64, s[2:3] offset:192 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[12:15], v64, s[2:3] offset:176 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[8:11], v64, s[2:3] offset:160 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[4:7], v64, s[2:3] offset:144 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[0:3], v64, s[2:3] offset:128 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[60:63], v64, s[2:3] offset:112 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[56:59], v64, s[2:3] offset:96 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[52:55], v64, s[2:3] offset:80 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[48:51], v64, s[2:3] offset:64 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[44:47], v64, s[2:3] offset:48 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[40:43], v64, s[2:3] offset:32 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[36:39], v64, s[2:3] offset:16 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[32:35], v64, s[2:3] glc
	s_waitcnt vmcnt(0)
	v_addc_co_u32_e32 v67, vcc, 0, v65, vcc
	s_movk_i32 s2, 0x4000
	v_add_co_u32_e32 v64, vcc, s2, v66
	v_addc_co_u32_e32 v65, vcc, 0, v67, vcc
	s_mov_b32 s2, 0x8000
	v_add_co_u32_e32 v66, vcc, s2, v66
	v_addc_co_u32_e32 v67, vcc, 0, v67, vcc
	global_load_dwordx4 v[252:255], v[64:65], off offset:240 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[248:251], v[64:65], off offset:224 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[244:247], v[64:65], off offset:208 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[240:243], v[64:65], off offset:192 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[236:239], v[64:65], off offset:176 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[232:235], v[64:65], off offset:160 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[228:231], v[64:65], off offset:144 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[224:227], v[64:65], off offset:128 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[148:151], v[64:65], off glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[220:223], v[64:65], off offset:112 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[216:219], v[64:65], off offset:96 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[212:215], v[64:65], off offset:80 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[196:199], v[64:65], off offset:64 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[192:195], v[64:65], off offset:48 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[172:175], v[64:65], off offset:32 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[168:171], v[64:65], off offset:16 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[140:143], v[66:67], off offset:240 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[164:167], v[66:67], off offset:224 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[136:139], v[66:67], off offset:208 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[160:163], v[66:67], off offset:192 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[132:135], v[66:67], off offset:176 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[156:159], v[66:67], off offset:160 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[128:131], v[66:67], off offset:144 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[152:155], v[66:67], off offset:128 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[144:147], v[66:67], off glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[188:191], v[66:67], off offset:112 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[208:211], v[66:67], off offset:96 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[184:187], v[66:67], off offset:80 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[204:207], v[66:67], off offset:64 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[180:183], v[66:67], off offset:48 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[200:203], v[66:67], off offset:32 glc
	s_waitcnt vmcnt(0)
	global_load_dwordx4 v[176:179], v[66:67], off offset:16 glc
	s_waitcnt vmcnt(0)
	s_mov_b32 s2, 0
.LBB0_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	v_pk_mul_f32 v[64:65], v[32:33], v[148:149]
	v_pk_mul_f32 v[96:97], v[0:1], v[224:225]
	v_pk_mul_f32 v[94:95], v[62:63], v[222:223]
	v_pk_mul_f32 v[92:93], v[60:61], v[220:221]
	v_pk_mul_f32 v[90:91], v[58:59], v[218:219]
	v_pk_mul_f32 v[88:89], v[56:57], v[216:217]
	v_pk_mul_f32 v[86:87], v[54:55], v[214:215]
	v_pk_mul_f32 v[84:85], v[52:53], v[212:213]
	v_pk_mul_f32 v[82:83], v[50:51], v[198:199]
	v_pk_mul_f32 v[80:81], v[48:49], v[196:197]
	v_pk_mul_f32 v[78:79], v[46:47], v[194:195]
	v_pk_mul_f32 v[76:77], v[44:45], v[192:193]
	v_pk_mul_f32 v[74:75], v[42:43], v[174:175]
	v_pk_mul_f32 v[72:73], v[40:41], v[172:173]
	v_pk_mul_f32 v[70:71], v[38:39], v[170:171]
	v_pk_mul_f32 v[68:69], v[36:37], v[168:169]
	v_pk_mul_f32 v[66:67], v[34:35], v[150:151]
	v_pk_add_f32 v[222:223], v[222:223], v[190:191]
	v_pk_add_f32 v[220:221], v[220:221], v[188:189]
	v_pk_add_f32 v[218:219], v[218:219], v[210:211]
	v_pk_add_f32 v[216:217], v[216:217], v[208:209]
	v_pk_add_f32 v[214:215], v[214:215], v[186:187]
	v_pk_add_f32 v[212:213], v[212:213], v[184:185]
	v_pk_add_f32 v[198:199], v[198:199], v[206:207]
	v_pk_add_f32 v[196:197], v[196:197], v[204:205]
	v_pk_add_f32 v[194:195], v[194:195], v[182:183]
	v_pk_add_f32 v[192:193], v[192:193], v[180:181]
	v_pk_add_f32 v[174:175], v[174:175], v[202:203]
	v_pk_add_f32 v[172:173], v[172:173], v[200:201]
	v_pk_add_f32 v[170:171], v[170:171], v[178:179]
	v_pk_add_f32 v[168:169], v[168:169], v[176:177]
	v_pk_add_f32 v[150:151], v[150:151], v[146:147]
	v_pk_add_f32 v[148:149], v[148:149], v[144:145]
	v_sub_f32_e32 v191, v191, v63
	v_sub_f32_e32 v190, v190, v62
	v_sub_f32_e32 v189, v189, v61
	v_sub_f32_e32 v188, v188, v60
	v_sub_f32_e32 v211, v211, v59
	v_sub_f32_e32 v210, v210, v58
	v_sub_f32_e32 v209, v209, v57
	v_sub_f32_e32 v208, v208, v56
	v_sub_f32_e32 v187, v187, v55
	v_sub_f32_e32 v186, v186, v54
	v_sub_f32_e32 v185, v185, v53
	v_sub_f32_e32 v184, v184, v52
	v_sub_f32_e32 v207, v207, v51
	v_sub_f32_e32 v206, v206, v50
	v_sub_f32_e32 v205, v205, v49
	v_sub_f32_e32 v204, v204, v48
	v_sub_f32_e32 v183, v183, v47
	v_sub_f32_e32 v182, v182, v46
	v_sub_f32_e32 v181, v181, v45
	v_sub_f32_e32 v180, v180, v44
	v_sub_f32_e32 v203, v203, v43
	v_sub_f32_e32 v202, v202, v42
	v_sub_f32_e32 v201, v201, v41
	v_sub_f32_e32 v200, v200, v40
	v_sub_f32_e32 v179, v179, v39
	v_sub_f32_e32 v178, v178, v38
	v_sub_f32_e32 v177, v177, v37
	v_sub_f32_e32 v176, v176, v36
	v_sub_f32_e32 v147, v147, v35
	v_sub_f32_e32 v146, v146, v34
	v_sub_f32_e32 v145, v145, v33
	v_sub_f32_e32 v144, v144, v32
	v_pk_mul_f32 v[126:127], v[30:31], v[254:255]
	v_pk_mul_f32 v[124:125], v[28:29], v[252:253]
	v_pk_mul_f32 v[122:123], v[26:27], v[250:251]
	v_pk_mul_f32 v[120:121], v[24:25], v[248:249]
	v_pk_mul_f32 v[118:119], v[22:23], v[246:247]
	v_pk_mul_f32 v[116:117], v[20:21], v[244:245]
	v_pk_mul_f32 v[114:115], v[18:19], v[242:243]
	v_pk_mul_f32 v[112:113], v[16:17], v[240:241]
	v_pk_mul_f32 v[110:111], v[14:15], v[238:239]
	v_pk_mul_f32 v[108:109], v[12:13], v[236:237]
	v_pk_mul_f32 v[106:107], v[10:11], v[234:235]
	v_pk_mul_f32 v[104:105], v[8:9], v[232:233]
	v_pk_mul_f32 v[102:103], v[6:7], v[230:231]
	v_pk_mul_f32 v[100:101], v[4:5], v[228:229]
	v_pk_mul_f32 v[98:99], v[2:3], v[226:227]
	v_pk_add_f32 v[254:255], v[254:255], v[142:143]
	v_pk_add_f32 v[252:253], v[252:253], v[140:141]
	v_pk_add_f32 v[250:251], v[250:251], v[166:167]
	v_pk_add_f32 v[248:249], v[248:249], v[164:165]
	v_pk_add_f32 v[246:247], v[246:247], v[138:139]
	v_pk_add_f32 v[244:245], v[244:245], v[136:137]
	v_pk_add_f32 v[242:243], v[242:243], v[162:163]
	v_pk_add_f32 v[240:241], v[240:241], v[160:161]
	v_pk_add_f32 v[238:239], v[238:239], v[134:135]
	v_pk_add_f32 v[236:237], v[236:237], v[132:133]
	v_pk_add_f32 v[234:235], v[234:235], v[158:159]
	v_pk_add_f32 v[232:233], v[232:233], v[156:157]
	v_pk_add_f32 v[230:231], v[230:231], v[130:131]
	v_pk_add_f32 v[228:229], v[228:229], v[128:129]
	v_pk_add_f32 v[226:227], v[226:227], v[154:155]
	v_pk_add_f32 v[224:225], v[224:225], v[152:153]
	v_sub_f32_e32 v143, v143, v31
	v_sub_f32_e32 v142, v142, v30
	v_sub_f32_e32 v141, v141, v29
	v_sub_f32_e32 v140, v140, v28
	v_sub_f32_e32 v167, v167, v27
	v_sub_f32_e32 v166, v166, v26
	v_sub_f32_e32 v165, v165, v25
	v_sub_f32_e32 v164, v164, v24
	v_sub_f32_e32 v139, v139, v23
	v_sub_f32_e32 v138, v138, v22
	v_sub_f32_e32 v137, v137, v21
	v_sub_f32_e32 v136, v136, v20
	v_sub_f32_e32 v163, v163, v19
	v_sub_f32_e32 v162, v162, v18
	v_sub_f32_e32 v161, v161, v17
	v_sub_f32_e32 v160, v160, v16
	v_sub_f32_e32 v135, v135, v15
	v_sub_f32_e32 v134, v134, v14
	v_sub_f32_e32 v133, v133, v13
	v_sub_f32_e32 v132, v132, v12
	v_sub_f32_e32 v159, v159, v11
	v_sub_f32_e32 v158, v158, v10
	v_sub_f32_e32 v157, v157, v9
	v_sub_f32_e32 v156, v156, v8
	v_sub_f32_e32 v131, v131, v7
	v_sub_f32_e32 v130, v130, v6
	v_sub_f32_e32 v129, v129, v5
	v_sub_f32_e32 v128, v128, v4
	v_sub_f32_e32 v155, v155, v3
	v_sub_f32_e32 v154, v154, v2
	v_sub_f32_e32 v153, v153, v1
	v_sub_f32_e32 v152, v152, v0
	s_add_i32 s2, s2, 1
	v_pk_mov_b32 v[32:33], v[64:65], v[64:65] op_sel:[0,1]
	v_pk_mov_b32 v[0:1], v[96:97], v[96:97] op_sel:[0,1]
	s_cmp_lt_u32 s2, s4
	v_pk_mov_b32 v[34:35], v[66:67], v[66:67] op_sel:[0,1]
	v_pk_mov_b32 v[36:37], v[68:69], v[68:69] op_sel:[0,1]
	v_pk_mov_b32 v[38:39], v[70:71], v[70:71] op_sel:[0,1]
	v_pk_mov_b32 v[40:41], v[72:73], v[72:73] op_sel:[0,1]
	v_pk_mov_b32 v[42:43], v[74:75], v[74:75] op_sel:[0,1]
	v_pk_mov_b32 v[44:45], v[76:77], v[76:77] op_sel:[0,1]
	v_pk_mov_b32 v[46:47], v[78:79], v[78:79] op_sel:[0,1]
	v_pk_mov_b32 v[48:49], v[80:81], v[80:81] op_sel:[0,1]
	v_pk_mov_b32 v[50:51], v[82:83], v[82:83] op_sel:[0,1]
	v_pk_mov_b32 v[52:53], v[84:85], v[84:85] op_sel:[0,1]
	v_pk_mov_b32 v[54:55], v[86:87], v[86:87] op_sel:[0,1]
	v_pk_mov_b32 v[56:57], v[88:89], v[88:89] op_sel:[0,1]
	v_pk_mov_b32 v[58:59], v[90:91], v[90:91] op_sel:[0,1]
	v_pk_mov_b32 v[60:61], v[92:93], v[92:93] op_sel:[0,1]
	v_pk_mov_b32 v[62:63], v[94:95], v[94:95] op_sel:[0,1]
	v_pk_mov_b32 v[2:3], v[98:99], v[98:99] op_sel:[0,1]
	v_pk_mov_b32 v[4:5], v[100:101], v[100:101] op_sel:[0,1]
	v_pk_mov_b32 v[6:7], v[102:103], v[102:103] op_sel:[0,1]
	v_pk_mov_b32 v[8:9], v[104:105], v[104:105] op_sel:[0,1]
	v_pk_mov_b32 v[10:11], v[106:107], v[106:107] op_sel:[0,1]
	v_pk_mov_b32 v[12:13], v[108:109], v[108:109] op_sel:[0,1]
	v_pk_mov_b32 v[14:15], v[110:111], v[110:111] op_sel:[0,1]
	v_pk_mov_b32 v[16:17], v[112:113], v[112:113] op_sel:[0,1]
	v_pk_mov_b32 v[18:19], v[114:115], v[114:115] op_sel:[0,1]
	v_pk_mov_b32 v[20:21], v[116:117], v[116:117] op_sel:[0,1]
	v_pk_mov_b32 v[22:23], v[118:119], v[118:119] op_sel:[0,1]
	v_pk_mov_b32 v[24:25], v[120:121], v[120:121] op_sel:[0,1]
	v_pk_mov_b32 v[26:27], v[122:123], v[122:123] op_sel:[0,1]
	v_pk_mov_b32 v[28:29], v[124:125], v[124:125] op_sel:[0,1]
	v_pk_mov_b32 v[30:31], v[126:127], v[126:127] op_sel:[0,1]
	s_cbranch_scc1 .LBB0_1
; %bb.2:                                ; %exit
	v_accvgpr_read_b32 v0, a0
	v_lshlrev_b32_e32 v0, 8, v0
	v_mov_b32_e32 v1, s1
	v_add_co_u32_e32 v2, vcc, s0, v0
	v_addc_co_u32_e32 v3, vcc, 0, v1, vcc
	global_store_dwordx4 v0, v[92:95], s[0:1] offset:112
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[88:91], s[0:1] offset:96
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[84:87], s[0:1] offset:80
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[80:83], s[0:1] offset:64
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[76:79], s[0:1] offset:48
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[72:75], s[0:1] offset:32
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[68:71], s[0:1] offset:16
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[64:67], s[0:1]
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[124:127], s[0:1] offset:240
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[120:123], s[0:1] offset:224
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[116:119], s[0:1] offset:208
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[112:115], s[0:1] offset:192
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[108:111], s[0:1] offset:176
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[104:107], s[0:1] offset:160
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[100:103], s[0:1] offset:144
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v0, v[96:99], s[0:1] offset:128
	s_waitcnt vmcnt(0)
	s_movk_i32 s0, 0x4000
	v_add_co_u32_e32 v0, vcc, s0, v2
	v_addc_co_u32_e32 v1, vcc, 0, v3, vcc
	s_mov_b32 s0, 0x8000
	global_store_dwordx4 v[0:1], v[252:255], off offset:240
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[248:251], off offset:224
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[244:247], off offset:208
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[240:243], off offset:192
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[236:239], off offset:176
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[232:235], off offset:160
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[228:231], off offset:144
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[224:227], off offset:128
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[220:223], off offset:112
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[216:219], off offset:96
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[212:215], off offset:80
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[196:199], off offset:64
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[192:195], off offset:48
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[172:175], off offset:32
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[168:171], off offset:16
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[148:151], off
	s_waitcnt vmcnt(0)
	v_add_co_u32_e32 v0, vcc, s0, v2
	v_addc_co_u32_e32 v1, vcc, 0, v3, vcc
	v_add_co_u32_e32 v2, vcc, 0x8000, v2
	v_addc_co_u32_e32 v3, vcc, 0, v3, vcc
	global_store_dwordx4 v[0:1], v[164:167], off offset:224
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[140:143], off offset:240
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[160:163], off offset:192
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[136:139], off offset:208
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[156:159], off offset:160
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[132:135], off offset:176
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[152:155], off offset:128
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[128:131], off offset:144
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[208:211], off offset:96
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[188:191], off offset:112
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[204:207], off offset:64
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[184:187], off offset:80
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[200:203], off offset:32
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[180:183], off offset:48
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[2:3], v[144:147], off
	s_waitcnt vmcnt(0)
	global_store_dwordx4 v[0:1], v[176:179], off offset:16
	s_waitcnt vmcnt(0)
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel ir_many_vgprs
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 10
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 257
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 256
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
	.size	ir_many_vgprs, .Lfunc_end0-ir_many_vgprs
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 2340
; NumSgprs: 12
; NumVgprs: 256
; NumAgprs: 1
; TotalNumVgprs: 257
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 32
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 257
; AccumOffset: 256
; Occupancy: 1
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 10
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 63
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	ir_many_sgprs                   ; -- Begin function ir_many_sgprs
	.p2align	8
	.type	ir_many_sgprs,@function
ir_many_sgprs:                          ; @ir_many_sgprs
; %bb.0:
	s_load_dwordx4 s[52:55], s[6:7], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	s_waitcnt lgkmcnt(0)
	s_load_dwordx16 s[0:15], s[54:55], 0x0
	s_load_dwordx16 s[16:31], s[54:55], 0x80
	s_load_dwordx16 s[36:51], s[54:55], 0x100
	s_waitcnt lgkmcnt(0)
	s_add_i32 s33, s5, s21
	s_add_i32 s34, s13, s29
	s_add_i32 s35, s1, s17
	s_add_i32 s56, s9, s25
	s_add_i32 s57, s7, s23
	s_add_i32 s58, s15, s31
	s_add_i32 s59, s3, s19
	s_add_i32 s60, s11, s27
	s_add_i32 s61, s4, s20
	s_add_i32 s62, s12, s28
	s_add_i32 s63, s0, s16
	s_add_i32 s64, s8, s24
	s_add_i32 s65, s6, s22
	s_add_i32 s66, s14, s30
	s_add_i32 s67, s2, s18
	s_add_i32 s68, s10, s26
	s_load_dwordx16 s[16:31], s[54:55], 0x40
	s_mul_i32 s68, s68, s46
	s_mul_i32 s67, s67, s38
	s_mul_i32 s66, s66, s50
	s_mul_i32 s65, s65, s42
	s_mul_i32 s64, s64, s44
	s_mul_i32 s63, s63, s36
	s_mul_i32 s62, s62, s48
	s_mul_i32 s61, s61, s40
	s_mul_i32 s60, s60, s47
	s_mul_i32 s59, s59, s39
	s_mul_i32 s58, s58, s51
	s_mul_i32 s57, s57, s43
	s_mul_i32 s56, s56, s45
	s_mul_i32 s35, s35, s37
	s_mul_i32 s34, s34, s49
	s_mul_i32 s33, s33, s41
	s_load_dwordx16 s[36:51], s[54:55], 0xc0
	s_xor_b32 s5, s33, s5
	s_xor_b32 s13, s34, s13
	s_xor_b32 s1, s35, s1
	s_xor_b32 s9, s56, s9
	s_waitcnt lgkmcnt(0)
	s_add_i32 s69, s21, s41
	s_add_i32 s70, s29, s49
	s_add_i32 s71, s17, s37
	s_add_i32 s72, s25, s45
	s_add_i32 s73, s23, s43
	s_add_i32 s74, s31, s51
	s_add_i32 s75, s19, s39
	s_add_i32 s76, s27, s47
	s_add_i32 s77, s20, s40
	s_add_i32 s78, s28, s48
	s_add_i32 s79, s16, s36
	s_add_i32 s80, s24, s44
	s_add_i32 s81, s22, s42
	s_add_i32 s82, s30, s50
	s_add_i32 s83, s18, s38
	s_add_i32 s84, s26, s46
	s_load_dwordx16 s[36:51], s[54:55], 0x140
	s_xor_b32 s7, s57, s7
	s_xor_b32 s15, s58, s15
	s_xor_b32 s3, s59, s3
	s_xor_b32 s11, s60, s11
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s84, s84, s46
	s_mul_i32 s83, s83, s38
	s_mul_i32 s82, s82, s50
	s_mul_i32 s81, s81, s42
	s_mul_i32 s80, s80, s44
	s_mul_i32 s79, s79, s36
	s_mul_i32 s78, s78, s48
	s_mul_i32 s77, s77, s40
	s_mul_i32 s76, s76, s47
	s_mul_i32 s75, s75, s39
	s_mul_i32 s74, s74, s51
	s_mul_i32 s73, s73, s43
	s_mul_i32 s72, s72, s45
	s_mul_i32 s71, s71, s37
	s_mul_i32 s70, s70, s49
	s_mul_i32 s69, s69, s41
	s_xor_b32 s21, s69, s21
	s_xor_b32 s29, s70, s29
	s_xor_b32 s17, s71, s17
	s_xor_b32 s25, s72, s25
	s_xor_b32 s23, s73, s23
	s_xor_b32 s31, s74, s31
	s_xor_b32 s19, s75, s19
	s_xor_b32 s27, s76, s27
	s_xor_b32 s20, s77, s20
	s_xor_b32 s4, s61, s4
	s_xor_b32 s28, s78, s28
	s_xor_b32 s12, s62, s12
	s_xor_b32 s16, s79, s16
	s_xor_b32 s0, s63, s0
	s_xor_b32 s24, s80, s24
	s_xor_b32 s8, s64, s8
	s_xor_b32 s22, s81, s22
	s_xor_b32 s6, s65, s6
	s_xor_b32 s30, s82, s30
	s_xor_b32 s14, s66, s14
	s_xor_b32 s18, s83, s18
	s_xor_b32 s2, s67, s2
	s_xor_b32 s26, s84, s26
	s_xor_b32 s10, s68, s10
	s_add_i32 s10, s10, s26
	s_add_i32 s2, s2, s18
	s_add_i32 s14, s14, s30
	s_add_i32 s6, s6, s22
	s_add_i32 s8, s8, s24
	s_add_i32 s0, s0, s16
	s_add_i32 s12, s12, s28
	s_add_i32 s4, s4, s20
	s_add_i32 s11, s11, s27
	s_add_i32 s3, s3, s19
	s_add_i32 s15, s15, s31
	s_add_i32 s7, s7, s23
	s_add_i32 s9, s9, s25
	s_add_i32 s1, s1, s17
	s_add_i32 s13, s13, s29
	s_add_i32 s5, s5, s21
	s_add_i32 s5, s5, s13
	s_add_i32 s1, s1, s9
	s_add_i32 s7, s7, s15
	s_add_i32 s3, s3, s11
	s_add_i32 s4, s4, s12
	s_add_i32 s0, s0, s8
	s_add_i32 s6, s6, s14
	s_add_i32 s2, s2, s10
	s_add_i32 s2, s2, s6
	s_add_i32 s0, s0, s4
	s_add_i32 s3, s3, s7
	s_add_i32 s1, s1, s5
	s_add_i32 s1, s1, s3
	s_add_i32 s0, s0, s2
	s_add_i32 s0, s0, s1
	v_add_u32_e32 v1, s0, v0
	v_lshlrev_b32_e32 v0, 2, v0
	global_store_dword v0, v1, s[52:53]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel ir_many_sgprs
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 10
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 85
		.amdhsa_accum_offset 4
		.amdhsa_reserve_vcc 0
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
	.size	ir_many_sgprs, .Lfunc_end1-ir_many_sgprs
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 608
; NumSgprs: 89
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 11
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 89
; NumVGPRsForWavesPerEU: 2
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 10
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	ir_occupancy_capped             ; -- Begin function ir_occupancy_capped
	.p2align	8
	.type	ir_occupancy_capped,@function
ir_occupancy_capped:                    ; @ir_occupancy_capped
; %bb.0:
	s_load_dwordx4 s[0:3], s[6:7], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v16, 6, v0
	s_waitcnt lgkmcnt(0)
	global_load_dwordx4 v[0:3], v16, s[2:3] offset:16
	global_load_dwordx4 v[4:7], v16, s[2:3]
	global_load_dwordx4 v[8:11], v16, s[2:3] offset:48
	global_load_dwordx4 v[12:15], v16, s[2:3] offset:32
	s_waitcnt vmcnt(3)
	v_pk_mul_f32 v[2:3], v[2:3], v[2:3]
	s_waitcnt vmcnt(2)
	v_pk_mul_f32 v[6:7], v[6:7], v[6:7]
	s_waitcnt vmcnt(1)
	v_pk_mul_f32 v[10:11], v[10:11], v[10:11]
	s_waitcnt vmcnt(0)
	v_pk_mul_f32 v[14:15], v[14:15], v[14:15]
	v_pk_mul_f32 v[12:13], v[12:13], v[12:13]
	v_pk_mul_f32 v[0:1], v[0:1], v[0:1]
	v_pk_mul_f32 v[4:5], v[4:5], v[4:5]
	v_pk_mul_f32 v[8:9], v[8:9], v[8:9]
	global_store_dwordx4 v16, v[12:15], s[0:1] offset:32
	global_store_dwordx4 v16, v[8:11], s[0:1] offset:48
	global_store_dwordx4 v16, v[4:7], s[0:1]
	global_store_dwordx4 v16, v[0:3], s[0:1] offset:16
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel ir_occupancy_capped
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 10
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 20
		.amdhsa_reserve_vcc 0
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
	.size	ir_occupancy_capped, .Lfunc_end2-ir_occupancy_capped
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 172
; NumSgprs: 12
; NumVgprs: 17
; NumAgprs: 0
; TotalNumVgprs: 17
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 17
; AccumOffset: 20
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 10
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 4
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     1
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           in
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .name:           !str n
        .offset:         16
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
    .max_flat_workgroup_size: 256
    .name:           ir_many_vgprs
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         ir_many_vgprs.kd
    .uses_dynamic_stack: false
    .vgpr_count:     257
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  constant
        .name:           c
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
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 64
    .name:           ir_many_sgprs
    .private_segment_fixed_size: 0
    .sgpr_count:     89
    .sgpr_spill_count: 0
    .symbol:         ir_many_sgprs.kd
    .uses_dynamic_stack: false
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           in
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
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           ir_occupancy_capped
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         ir_occupancy_capped.kd
    .uses_dynamic_stack: false
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
