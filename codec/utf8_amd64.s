//go:build !purego

#include "textflag.h"
#include "utf8_amd64.h"

// The AVX-512 check of UTF-8 (utf8_amd64.go says how it is used;
// utf8valid_test.go holds it to utf8.Valid).

// func utf8ValidAVX512(p *byte, n int, k *utf8ValidConsts) bool
//
// Reports whether the n octets at p are valid UTF-8 (RFC 3629), 64 at a
// time (the last block a masked load, zero past the end) with UTF8CHECK
// (utf8_amd64.h). A block of ASCII after a block of ASCII is skipped;
// after the last block, when it was not ASCII, a block of zeros is checked
// after it, which finds a sequence cut by the end.
TEXT ·utf8ValidAVX512(SB), NOSPLIT, $0-25
	MOVQ    p+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    k+16(FP), DX
	UTF8CONSTS(DX)
	MOVQ    $-1, AX
	KMOVQ   AX, K7                 // every octet of a block counts
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
	UTF8CHECK(Z0, Z10, Z11, K7)

uvnext:
	VMOVDQA64 Z0, Z10
	JMP     uvloop

uvend:
	TESTQ   R8, R8
	JZ      uvresult
	VPXORQ  Z0, Z0, Z0
	UTF8CHECK(Z0, Z10, Z11, K7)

uvresult:
	VPTESTMB Z11, Z11, K3
	KORTESTQ K3, K3
	SETEQ   ret+24(FP)
	VZEROUPPER
	RET
