//go:build !purego

#include "textflag.h"

// The AVX-512 check of UTF-8 (utf8_amd64.go says how it is used;
// utf8valid_test.go holds it to utf8.Valid).

// UTF8CONSTS loads the constants of UTF8CHECK from the utf8ValidConsts at
// k: the three nibble tables, each spread to 64 entries for VPERMB (Z20 to
// Z22), and 0xE0, 0xF0 and 0x80 in every byte (Z23 to Z25). It uses AX.
#define UTF8CONSTS(k) \
	VMOVDQU64 0(k), Z20; \
	VMOVDQU64 64(k), Z21; \
	VMOVDQU64 128(k), Z22; \
	MOVL    $0xE0, AX; \
	VPBROADCASTB AX, Z23; \
	MOVL    $0xF0, AX; \
	VPBROADCASTB AX, Z24; \
	MOVL    $0x80, AX; \
	VPBROADCASTB AX, Z25

// UTF8CHECK(cur, prev, err) is the UTF-8 check of the 64 octets of cur
// after those of prev, of which only the last one counts (Keiser and
// Lemire, "Validating UTF-8 in less than one instruction per byte", 2021):
// the octet before each of cur (VALIGNQ moves the stream by 16 octets,
// then VPALIGNR by 15 in each lane: Z13); three nibble tables (the high
// and low nibble of the one before, the high nibble of this one) whose
// bits name the errors a pair of octets can show, ANDed: each is one
// VPERMB of a 64-entry table, indexed by the octet (low nibble: the table
// repeats every 16) or by the octet shifted right by 2 (high nibble: each
// entry four times; VPERMB reads only the low 6 bits, so what the word
// shift brings in from the next octet does not count); and the octets
// that must be continuations, 2 after E0-FF and 3 after F0-FF (masks of
// VPCMPUB shifted by 2 and 3, with R10 the bits that the block before
// carries into this one, which it updates), whose bit 7 must match the
// table's TWO_CONTS bit (a masked VPADDB of 0x80 flips it there). Any bit
// left is an error, ORed into err. It uses Z12, Z13, Z19, Z27, K4 to K6,
// BX, R12 and R13, and the constants of UTF8CONSTS.
#define UTF8CHECK(cur, prev, err) \
	VALIGNQ $6, prev, cur, Z12; \
	VPALIGNR $15, Z12, cur, Z13; \
	VPSRLW  $2, Z13, Z19; \
	VPERMB  Z20, Z19, Z19; \
	VPERMB  Z21, Z13, Z13; \
	VPSRLW  $2, cur, Z27; \
	VPERMB  Z22, Z27, Z27; \
	VPTERNLOGD $0x80, Z27, Z13, Z19; \
	VPCMPUB $5, Z23, cur, K4; \
	VPCMPUB $5, Z24, cur, K5; \
	KMOVQ   K4, R12; \
	KMOVQ   K5, R13; \
	MOVQ    R12, BX; \
	SHLQ    $2, BX; \
	ORQ     R10, BX; \
	SHRQ    $62, R12; \
	MOVQ    R13, R10; \
	SHLQ    $3, R13; \
	ORQ     R13, BX; \
	SHRQ    $61, R10; \
	ORQ     R12, R10; \
	KMOVQ   BX, K6; \
	VPADDB  Z25, Z19, K6, Z19; \
	VPORD   Z19, err, err

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
	UTF8CONSTS(DX)
	VPXORQ  Z10, Z10, Z10          // the block before
	VPXORQ  Z11, Z11, Z11          // the errors
	XORQ    R8, R8                 // the block before was not all ASCII
	XORQ    R11, R11
	XORQ    R10, R10               // the continuations the block before asks for (UTF8CHECK)

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
	UTF8CHECK(Z0, Z10, Z11)

uvnext:
	VMOVDQA64 Z0, Z10
	JMP     uvloop

uvend:
	TESTQ   R8, R8
	JZ      uvresult
	VPXORQ  Z0, Z0, Z0
	UTF8CHECK(Z0, Z10, Z11)

uvresult:
	VPTESTMB Z11, Z11, K3
	KORTESTQ K3, K3
	SETEQ   ret+24(FP)
	VZEROUPPER
	RET
