//go:build !purego

#include "textflag.h"

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func indexNotInAVX2(p *byte, n int, tab *scanTable) int
//
// For each block of 32 bytes: the low nibble of each byte selects its row
// bits from tab.rows, the high nibble selects 1<<(c>>4) from tab.bit (0 at
// or above 0x80), and a byte whose two lookups share no bit is not in the
// set.
TEXT ·indexNotInAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ tab+16(FP), DX
	VBROADCASTI128 (DX), Y6   // rows
	VBROADCASTI128 16(DX), Y7 // bit
	VBROADCASTI128 32(DX), Y5 // 0x0F in every byte
	VPXOR Y4, Y4, Y4
	XORQ BX, BX
	ANDQ $-32, CX

loop:
	CMPQ BX, CX
	JAE  done
	VMOVDQU (SI)(BX*1), Y0
	VPSRLW $4, Y0, Y1
	VPAND Y5, Y1, Y1          // high nibbles
	VPAND Y5, Y0, Y2          // low nibbles
	VPSHUFB Y2, Y6, Y2        // rows[low]
	VPSHUFB Y1, Y7, Y1        // bit[high]
	VPAND Y1, Y2, Y2
	VPCMPEQB Y4, Y2, Y2       // 0xFF where not in the set
	VPMOVMSKB Y2, AX
	TESTL AX, AX
	JNZ  found
	ADDQ $32, BX
	JMP  loop

found:
	BSFL AX, AX
	ADDQ AX, BX

done:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET
