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

// func encodeASCIIAVX(dst *byte, src *uint16, n int, set *scanTable, k *encodeConsts) (used, wrote int)
//
// Encode step 4 for groups of 8 code units below 0x80, up to n units (a
// multiple of 8); it stops at the first group that holds a unit at or
// above 0x80. Each group is packed to bytes and classified as
// indexNotInAVX2 does. A group whose units are all in the set is stored as
// it is; otherwise each half of it becomes four tuples '%', H, L, c (the
// escape and the character) from which a shuffle picked by the half's 4
// bits of "escaped" mask takes, for each unit, the escape or the
// character. Each half is one 16-byte store of which the next store
// overwrites what is not output; dst must have room for 3n+4 bytes.
TEXT ·encodeASCIIAVX(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ set+24(FP), DX
	MOVQ k+32(FP), R8
	VMOVDQU (DX), X6          // rows
	VMOVDQU 16(DX), X7        // bit
	VMOVDQU 32(DX), X5        // 0x0F in every byte
	VMOVDQU (R8), X8          // hex digits
	VMOVDQU 16(R8), X9        // '%' in every byte
	VMOVDQU 32(R8), X10       // 0xFF80 in every word
	LEAQ 48(R8), R9           // lens
	LEAQ 64(R8), R10          // shuffles
	VPXOR X4, X4, X4
	MOVQ DI, R11
	XORQ BX, BX

group:
	CMPQ BX, CX
	JAE  end
	VMOVDQU (SI)(BX*2), X0
	VPTEST X10, X0
	JNZ  end                  // a unit at or above 0x80
	VPACKUSWB X0, X0, X0      // the 8 units as bytes, twice over
	VPSRLW $4, X0, X1
	VPAND X5, X1, X1          // high nibbles
	VPAND X5, X0, X2          // low nibbles
	VPSHUFB X2, X6, X3        // rows[low]
	VPSHUFB X1, X7, X11       // bit[high]
	VPAND X11, X3, X3
	VPCMPEQB X4, X3, X3       // 0xFF where the unit is escaped
	VPMOVMSKB X3, AX
	ANDL $0xFF, AX
	JZ   kept
	VPSHUFB X1, X8, X1        // H: hex digit of each high nibble
	VPSHUFB X2, X8, X2        // L: hex digit of each low nibble
	VPUNPCKLBW X1, X9, X3     // '%', H0, '%', H1, ...
	VPUNPCKLBW X0, X2, X11    // L0, c0, L1, c1, ...
	VPUNPCKLWD X11, X3, X12   // '%', H0, L0, c0, ... for units 0-3
	VPUNPCKHWD X11, X3, X13   // the same for units 4-7
	MOVL AX, R12
	ANDL $15, R12
	SHRL $4, AX
	MOVL R12, R13
	SHLL $4, R13
	VPSHUFB (R10)(R13*1), X12, X12
	VMOVDQU X12, (DI)
	MOVBQZX (R9)(R12*1), R12
	ADDQ R12, DI
	MOVL AX, R13
	SHLL $4, R13
	VPSHUFB (R10)(R13*1), X13, X13
	VMOVDQU X13, (DI)
	MOVBQZX (R9)(AX*1), AX
	ADDQ AX, DI
	ADDQ $8, BX
	JMP  group

kept:
	VMOVQ X0, (DI)
	ADDQ $8, DI
	ADDQ $8, BX
	JMP  group

end:
	SUBQ R11, DI
	MOVQ BX, used+40(FP)
	MOVQ DI, wrote+48(FP)
	RET
