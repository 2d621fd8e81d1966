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
// set. The first loop checks two blocks at a time and, when either holds a
// byte outside the set, leaves it to the second loop to find which.
TEXT ·indexNotInAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ tab+16(FP), DX
	VBROADCASTI128 (DX), Y6   // rows
	VBROADCASTI128 16(DX), Y7 // bit
	VBROADCASTI128 32(DX), Y5 // 0x0F in every byte
	VPXOR Y4, Y4, Y4
	XORQ BX, BX
	MOVQ CX, R8
	ANDQ $-64, R8
	ANDQ $-32, CX

loop64:
	CMPQ BX, R8
	JAE  loop
	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y8
	VPSRLW $4, Y0, Y1
	VPSRLW $4, Y8, Y9
	VPAND Y5, Y1, Y1
	VPAND Y5, Y9, Y9
	VPAND Y5, Y0, Y2
	VPAND Y5, Y8, Y10
	VPSHUFB Y2, Y6, Y2
	VPSHUFB Y10, Y6, Y10
	VPSHUFB Y1, Y7, Y1
	VPSHUFB Y9, Y7, Y9
	VPAND Y1, Y2, Y2
	VPAND Y9, Y10, Y10
	VPMINUB Y10, Y2, Y3       // zero where either block has a byte outside the set
	VPCMPEQB Y4, Y3, Y3
	VPMOVMSKB Y3, AX
	TESTL AX, AX
	JNZ  loop                 // find it 32 bytes at a time
	ADDQ $64, BX
	JMP  loop64

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
