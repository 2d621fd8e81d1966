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

// func escapeUTF16AVX512(dst *byte, room int, src *uint16, n int, k *escape512Consts) (used, wrote int)
//
// For each group of 8 code units while 8 of the n are left and 64 bytes
// of room: each unit widened to a quadword (VPMOVZXWQ); K1 marks the units
// from 256 on (step 9), K2 those of EscapeKeep (steps 7, 13: bit c of the
// set's two words, shifted out by c and by c-64, both 0 from 128 on). Each
// quadword becomes its escape: VPMULTISHIFTQB puts the nibbles of the unit
// in the digit bytes ("%uWXYZ" at bytes 2-5, "%XY" at 1-2), VPSHUFB maps
// them to uppercase digits, VPTERNLOGQ keeps the digits and adds '%' (and
// 'u'), and a kept unit is its own byte; VPMOVB2M makes the mask of each
// escape's bytes (1, 3 or 6 of its 8) and VPCOMPRESSB packs them, stored
// whole, the room past them overwritten later.
TEXT ·escapeUTF16AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R10
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), DX
	VPBROADCASTQ 0(DX), Z16   // multishift control, %u
	VPBROADCASTQ 8(DX), Z17   // multishift control, %XY
	VPBROADCASTQ 16(DX), Z18  // nibble mask, %u
	VPBROADCASTQ 24(DX), Z19  // nibble mask, %XY
	VPBROADCASTQ 32(DX), Z20  // digit bytes, %u
	VPBROADCASTQ 40(DX), Z21  // digit bytes, %XY
	VPBROADCASTQ 48(DX), Z22  // "%u"
	VPBROADCASTQ 56(DX), Z23  // "%"
	VPBROADCASTQ 64(DX), Z24  // the bytes of a kept unit
	VPBROADCASTQ 72(DX), Z25  // the bytes of %XY
	VPBROADCASTQ 80(DX), Z26  // the bytes of %uWXYZ
	VPBROADCASTQ 88(DX), Z27  // the set, units 0 to 63
	VPBROADCASTQ 96(DX), Z28  // the set, units 64 to 127
	VPBROADCASTQ 104(DX), Z29 // 1
	VPBROADCASTQ 112(DX), Z30 // 64
	VMOVDQU64 120(DX), Z31    // the hex digits, in each lane
	XORQ R11, R11             // used
	XORQ R12, R12             // wrote

esc512loop:
	LEAQ 8(R11), AX
	CMPQ AX, CX
	JA   esc512done
	LEAQ 64(R12), AX
	CMPQ AX, R10
	JA   esc512done
	VPMOVZXWQ (SI)(R11*2), Z0
	VPSRLQ $8, Z0, Z1
	VPTESTMQ Z1, Z1, K1       // from 256 on
	VPSRLVQ Z0, Z27, Z2
	VPSUBQ Z30, Z0, Z3
	VPSRLVQ Z3, Z28, Z3
	VPORQ Z2, Z3, Z2
	VPTESTMQ Z29, Z2, K2      // kept
	VMOVDQA64 Z17, Z4
	VMOVDQA64 Z16, K1, Z4
	VMOVDQA64 Z19, Z5
	VMOVDQA64 Z18, K1, Z5
	VMOVDQA64 Z21, Z6
	VMOVDQA64 Z20, K1, Z6
	VMOVDQA64 Z23, Z7
	VMOVDQA64 Z22, K1, Z7
	VMOVDQA64 Z25, Z8
	VMOVDQA64 Z26, K1, Z8
	VMOVDQA64 Z24, K2, Z8
	VPMULTISHIFTQB Z0, Z4, Z9
	VPANDQ Z5, Z9, Z9
	VPSHUFB Z9, Z31, Z9
	VPTERNLOGQ $0xEA, Z7, Z6, Z9 // (digits & digit bytes) | "%u" or "%"
	VMOVDQA64 Z0, K2, Z9
	VPMOVB2M Z8, K3
	VPCOMPRESSB.Z Z9, K3, Z10
	VMOVDQU64 Z10, (DI)(R12*1)
	KMOVQ K3, R9
	POPCNTQ R9, R9
	ADDQ R9, R12
	ADDQ $8, R11
	JMP  esc512loop

esc512done:
	VZEROUPPER
	MOVQ R11, used+40(FP)
	MOVQ R12, wrote+48(FP)
	RET

// HEXW(off, H, N), for unescapeUTF16AVX512: loads the 32 code units at
// off(SI)(R11*2); H becomes the mask of those that are hexadecimal digits
// (c-'0' at most 9, or (c|0x20)-'a' at most 5, in 16 bits, so no unit from
// 256 on passes), N their values where they are ((c&15) + 9*(c>>6&1)).
// Z1 and Z2 are clobbered.
#define HEXW(off, H, N) \
	VMOVDQU16 off(SI)(R11*2), N; \
	VPSUBW Z20, N, Z1; \
	VPCMPUW $2, Z21, Z1, H; \
	VPORD Z22, N, Z1; \
	VPSUBW Z23, Z1, Z1; \
	VPCMPUW $2, Z24, Z1, K7; \
	KORD K7, H, H; \
	VPSRLW $6, N, Z1; \
	VPANDD Z26, Z1, Z1; \
	VPSLLW $3, Z1, Z2; \
	VPADDW Z1, Z2, Z1; \
	VPANDD Z25, N, N; \
	VPADDW Z1, N, N

// func unescapeUTF16AVX512(dst *uint16, src *uint16, n int, k *unescape512Consts) (used, wrote int)
//
// For each block of 32 code units while 37 of the n are left (the escapes
// that start in it end at most 5 units after it): P marks each '%', U1 a
// 'u' after it, H1 to H5 the hexadecimal digits 1 to 5 units after it.
// Every '%' starts an escape or not by what follows it alone, as no
// well-formed escape holds a '%': "%uWXYZ" where P, U1 and H2 to H5 (steps
// 8 to 12), else "%XY" where P, H1 and H2 (steps 14 to 17). The units an
// escape takes after its '%' are dropped (those past the block carried to
// the next), the '%' becomes the escape's code unit, every other unit is
// kept (step 18), and VPCOMPRESSW packs the kept units, stored whole.
TEXT ·unescapeUTF16AVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), DX
	VPBROADCASTW 0(DX), Z20  // '0'
	VPBROADCASTW 2(DX), Z21  // 9
	VPBROADCASTW 4(DX), Z22  // 0x20
	VPBROADCASTW 6(DX), Z23  // 'a'
	VPBROADCASTW 8(DX), Z24  // 5
	VPBROADCASTW 10(DX), Z25 // 15
	VPBROADCASTW 12(DX), Z26 // 1
	VPBROADCASTW 14(DX), Z27 // '%'
	VPBROADCASTW 16(DX), Z28 // 'u'
	XORQ R11, R11            // used
	XORQ R12, R12            // wrote
	XORQ R13, R13            // units of the block taken by an escape before it

unesc512loop:
	LEAQ 37(R11), AX
	CMPQ AX, CX
	JA   unesc512done
	VMOVDQU16 (SI)(R11*2), Z0
	VPCMPEQW Z27, Z0, K1     // P
	KMOVD K1, R8
	TESTL R8, R8
	JZ   unesc512copy
	HEXW(2, K2, Z3)          // H1, N1
	HEXW(4, K3, Z4)          // H2, N2
	HEXW(6, K4, Z5)          // H3, N3
	HEXW(8, K5, Z6)          // H4, N4
	HEXW(10, K6, Z7)         // H5, N5
	VMOVDQU16 2(SI)(R11*2), Z8
	VPCMPEQW Z28, Z8, K1     // U1
	KMOVD K1, R9
	ANDL R8, R9              // P & U1
	KANDD K3, K4, K7
	KANDD K5, K7, K7
	KANDD K6, K7, K7
	KMOVD K7, AX
	ANDL AX, R9              // valid %u: P & U1 & H2..H5
	KANDD K2, K3, K7
	KMOVD K7, AX
	ANDL R8, AX
	MOVL R9, R10
	NOTL R10
	ANDL AX, R10             // valid %XY: P & H1 & H2 & not %u
	// The units taken after each '%': 1 and 2 for both, 3 to 5 for %u.
	MOVQ R9, AX
	ORQ  R10, AX
	MOVQ AX, BX
	SHLQ $1, AX
	SHLQ $2, BX
	ORQ  BX, AX
	MOVQ R9, BX
	SHLQ $3, BX
	ORQ  BX, AX
	SHLQ $1, BX
	ORQ  BX, AX
	SHLQ $1, BX
	ORQ  BX, AX
	ORQ  R13, AX
	MOVQ AX, R13
	SHRQ $32, R13            // carried to the next block
	NOTL AX                  // kept: the low 32 bits
	MOVL AX, AX
	KMOVD R9, K1
	KMOVD R10, K2
	KMOVD AX, K3
	VPSLLW $4, Z3, Z8
	VPORD Z4, Z8, Z8         // %XY: N1<<4 | N2
	VMOVDQU16 Z8, K2, Z0
	VPSLLW $12, Z4, Z8
	VPSLLW $8, Z5, Z9
	VPORD Z9, Z8, Z8
	VPSLLW $4, Z6, Z9
	VPORD Z9, Z8, Z8
	VPORD Z7, Z8, Z8         // %uWXYZ: N2<<12 | N3<<8 | N4<<4 | N5
	VMOVDQU16 Z8, K1, Z0
	JMP  unesc512store

unesc512copy:
	// No '%': the units the escape before took are dropped, the rest kept.
	MOVL R13, AX
	NOTL AX
	KMOVD AX, K3
	XORQ R13, R13

unesc512store:
	// The units of Z0 kept (K3, and AX), packed and stored whole.
	VPCOMPRESSW.Z Z0, K3, Z10
	VMOVDQU64 Z10, (DI)(R12*2)
	POPCNTL AX, AX
	ADDQ AX, R12
	ADDQ $32, R11
	JMP  unesc512loop

unesc512done:
	POPCNTQ R13, R13
	ADDQ R13, R11            // past the escape's last units
	VZEROUPPER
	MOVQ R11, used+32(FP)
	MOVQ R12, wrote+40(FP)
	RET

// func widenAVX2(dst *uint16, src *byte, n int) int
//
// Widens the bytes at src to code units at dst, 32 at a time while 32 of
// the n are left (VPMOVZXBW, 16 bytes a register), and returns how many.
TEXT ·widenAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ANDQ $-32, CX
	XORQ BX, BX

widenloop:
	CMPQ BX, CX
	JAE  widendone
	VPMOVZXBW (SI)(BX*1), Y0
	VPMOVZXBW 16(SI)(BX*1), Y1
	VMOVDQU Y0, (DI)(BX*2)
	VMOVDQU Y1, 32(DI)(BX*2)
	ADDQ $32, BX
	JMP  widenloop

widendone:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET
