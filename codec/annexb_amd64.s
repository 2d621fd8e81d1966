//go:build !purego

#include "textflag.h"

// func narrowLatin1AVX2(dst *byte, src *uint16, n int) int
//
// For each block of 32 code units while 32 are left: when none is at or
// above 256 (the OR of the two halves has no bit of 0xFF00), VPACKUSWB
// packs them to bytes, which it does lane by lane, so VPERMQ puts the
// quarters in order, and the 32 bytes are stored; the first block with a
// unit from 256 on ends the loop. It returns the units it narrowed.
TEXT ·narrowLatin1AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ANDQ $-32, CX
	XORQ BX, BX
	VPCMPEQB Y15, Y15, Y15
	VPSLLW $8, Y15, Y15 // 0xFF00 in every unit

loop:
	CMPQ BX, CX
	JAE  done
	VMOVDQU (SI)(BX*2), Y0
	VMOVDQU 32(SI)(BX*2), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y15, Y2
	JNZ  done
	VPACKUSWB Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (DI)(BX*1)
	ADDQ $32, BX
	JMP  loop

done:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET
