//go:build !purego

#include "textflag.h"

// The AVX-512 check of UTF-8 (utf8_amd64.go says how it is used;
// utf8valid_test.go holds it to utf8.Valid).

// UTF8CHECK, for utf8ValidAVX512: the UTF-8 check of the 64 octets of Z0
// after the 64 of Z10 (Keiser and Lemire, "Validating UTF-8 in less than
// one instruction per byte", 2021): the octets 1, 2 and 3 before each
// (VPERMI2B of Z10 and Z0 by idx1 to idx3: Z1 to Z3), three nibble tables
// (the high and low nibble of the one before, the high nibble of this one)
// whose bits name the errors a pair of octets can show, ANDed; and the
// octets that must be continuations (2 after E0-FF, 3 after F0-FF), whose
// bit 7 must match the table's TWO_CONTS bit. Any bit left is an error,
// ORed into Z11.
#define UTF8CHECK \
	VMOVDQA64 Z20, Z1; \
	VPERMI2B Z0, Z10, Z1; \
	VMOVDQA64 Z21, Z2; \
	VPERMI2B Z0, Z10, Z2; \
	VMOVDQA64 Z22, Z3; \
	VPERMI2B Z0, Z10, Z3; \
	VPSRLW  $4, Z1, Z4; \
	VPANDD  Z26, Z4, Z4; \
	VPSHUFB Z4, Z23, Z4; \
	VPANDD  Z26, Z1, Z5; \
	VPSHUFB Z5, Z24, Z5; \
	VPSRLW  $4, Z0, Z6; \
	VPANDD  Z26, Z6, Z6; \
	VPSHUFB Z6, Z25, Z6; \
	VPANDD  Z5, Z4, Z4; \
	VPANDD  Z6, Z4, Z4; \
	VPSUBUSB Z27, Z2, Z2; \
	VPSUBUSB Z28, Z3, Z3; \
	VPORD   Z3, Z2, Z2; \
	VPANDD  Z29, Z2, Z2; \
	VPXORD  Z4, Z2, Z2; \
	VPORD   Z2, Z11, Z11

// func utf8ValidAVX512(p *byte, n int, k *utf8ValidConsts) bool
//
// Reports whether the n octets at p are valid UTF-8 (RFC 3629), 64 at a
// time (the last block a masked load, zero past the end) with UTF8CHECK. A
// block of ASCII after a block of ASCII is skipped; after the last block,
// when it was not ASCII, a block of zeros is checked after it, which finds
// a sequence cut by the end.
TEXT ·utf8ValidAVX512(SB), NOSPLIT, $0-25
	MOVQ    p+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    k+16(FP), DX
	VMOVDQU64 0(DX), Z20           // idx1
	VMOVDQU64 64(DX), Z21          // idx2
	VMOVDQU64 128(DX), Z22         // idx3
	VBROADCASTI32X4 192(DX), Z23   // the high nibble of the octet before
	VBROADCASTI32X4 208(DX), Z24   // its low nibble
	VBROADCASTI32X4 224(DX), Z25   // the high nibble of this octet
	MOVL    $0x0F, AX
	VPBROADCASTB AX, Z26
	MOVL    $0x60, AX              // 0xE0 - 0x80
	VPBROADCASTB AX, Z27
	MOVL    $0x70, AX              // 0xF0 - 0x80
	VPBROADCASTB AX, Z28
	MOVL    $0x80, AX
	VPBROADCASTB AX, Z29
	VPXORQ  Z10, Z10, Z10          // the block before
	VPXORQ  Z11, Z11, Z11          // the errors
	XORQ    R8, R8                 // the block before was not all ASCII
	XORQ    R11, R11

uvloop:
	MOVQ    CX, AX
	SUBQ    R11, AX
	JLE     uvend
	CMPQ    AX, $64
	JAE     uvfull
	MOVQ    $1, BX
	SHLXQ   AX, BX, BX
	DECQ    BX
	KMOVQ   BX, K2
	VMOVDQU8.Z (SI)(R11*1), K2, Z0
	JMP     uvloaded

uvfull:
	VMOVDQU64 (SI)(R11*1), Z0

uvloaded:
	ADDQ    $64, R11
	VPMOVB2M Z0, K1
	KMOVQ   K1, AX
	MOVQ    AX, R9
	ORQ     R8, R9
	MOVQ    AX, R8
	TESTQ   R9, R9
	JZ      uvnext
	UTF8CHECK

uvnext:
	VMOVDQA64 Z0, Z10
	JMP     uvloop

uvend:
	TESTQ   R8, R8
	JZ      uvresult
	VPXORQ  Z0, Z0, Z0
	UTF8CHECK

uvresult:
	VPTESTMB Z11, Z11, K3
	KORTESTQ K3, K3
	SETEQ   ret+24(FP)
	VZEROUPPER
	RET
