//go:build !purego

#include "textflag.h"

// The AVX-512 kernels of the ECMAScript Decode (ecmadec_amd64.go says how
// they are used; ecmadec_test.go holds each to its plain Go twin).

// func narrowASCIIAVX512(dst *byte, src *uint16, n int) int
//
// Narrows the code units at src to bytes at dst, 32 at a time (VPMOVWB)
// while 32 are left, up to the first unit at or above 0x80, and returns how
// many it narrowed: n rounded down to a multiple of 32 when every unit of
// those blocks is below 0x80. It stores each block whole, the units from
// the first unit at or above 0x80 on included.
TEXT ·narrowASCIIAVX512(SB), NOSPLIT, $0-32
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVL    $0xFF80, AX
	VPBROADCASTW AX, Z9
	XORQ    R11, R11

nrloop:
	LEAQ    32(R11), AX
	CMPQ    AX, CX
	JA      nrdone
	VMOVDQU16 (SI)(R11*2), Z0
	VPTESTMW Z9, Z0, K1            // units at or above 0x80
	VPMOVWB Z0, (DI)(R11*1)
	KMOVD   K1, AX
	TESTL   AX, AX
	JNZ     nrstop
	ADDQ    $32, R11
	JMP     nrloop

nrstop:
	TZCNTL  AX, AX
	ADDQ    AX, R11

nrdone:
	VZEROUPPER
	MOVQ    R11, ret+24(FP)
	RET

// func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (used, wrote int)
//
// Writes the UTF-8 octets at src as UTF-16 code units at dst: while 32
// octets are left, 32 at a time (VPMOVZXBW, stored whole) up to the first
// octet at or above 0x80; then, and for the last 31 octets, one sequence at
// a time: an ASCII octet, or a valid two- or three-octet sequence (C2-DF
// and a continuation; E0-EF and two continuations whose value is at least
// 0x800 and not a surrogate). After a sequence the next octet is taken
// alone, and only after two ASCII ones are the next 32 tried at once. It stops before anything else (a four-octet
// sequence, an invalid one) and returns the octets it used and the units it
// wrote. dst must have room for n units.
TEXT ·utf8ToUTF16AVX512(SB), NOSPLIT, $0-40
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote

tuloop:
	MOVQ    CX, AX
	SUBQ    R11, AX
	CMPQ    AX, $32
	JB      tuone
	VMOVDQU (SI)(R11*1), Y0
	VPMOVMSKB Y0, AX               // octets at or above 0x80
	VPMOVZXBW Y0, Z1
	VMOVDQU16 Z1, (DI)(R12*2)
	TESTL   AX, AX
	JNZ     tupart
	ADDQ    $32, R11
	ADDQ    $32, R12
	JMP     tuloop

tupart:
	TZCNTL  AX, AX                 // the ASCII octets before the first other one
	ADDQ    AX, R11
	ADDQ    AX, R12

tuone:
	CMPQ    R11, CX
	JAE     tudone
	MOVBQZX (SI)(R11*1), AX
	CMPQ    AX, $0x80
	JAE     tuseq
	MOVW    AX, (DI)(R12*2)
	INCQ    R11
	INCQ    R12
	CMPQ    R11, CX
	JAE     tudone
	CMPB    (SI)(R11*1), $0x80
	JB      tuloop                 // two ASCII octets: try the next 32 at once
	MOVBQZX (SI)(R11*1), AX
	JMP     tuseq

tuseq:
	CMPQ    AX, $0xC2
	JB      tudone
	CMPQ    AX, $0xE0
	JAE     tuthree
	LEAQ    1(R11), BX
	CMPQ    BX, CX
	JAE     tudone
	MOVBQZX 1(SI)(R11*1), BX
	MOVQ    BX, DX
	ANDQ    $0xC0, DX
	CMPQ    DX, $0x80
	JNE     tudone
	ANDQ    $0x1F, AX
	SHLQ    $6, AX
	ANDQ    $0x3F, BX
	ORQ     BX, AX
	MOVW    AX, (DI)(R12*2)
	ADDQ    $2, R11
	INCQ    R12
	JMP     tuone

tuthree:
	CMPQ    AX, $0xF0
	JAE     tudone
	LEAQ    2(R11), BX
	CMPQ    BX, CX
	JAE     tudone
	MOVBQZX 1(SI)(R11*1), BX
	MOVBQZX 2(SI)(R11*1), R8
	MOVQ    BX, DX
	ANDQ    $0xC0, DX
	CMPQ    DX, $0x80
	JNE     tudone
	MOVQ    R8, DX
	ANDQ    $0xC0, DX
	CMPQ    DX, $0x80
	JNE     tudone
	ANDQ    $0x0F, AX
	SHLQ    $12, AX
	ANDQ    $0x3F, BX
	SHLQ    $6, BX
	ORQ     BX, AX
	ANDQ    $0x3F, R8
	ORQ     R8, AX
	CMPQ    AX, $0x800
	JB      tudone                 // overlong
	MOVQ    AX, DX
	ANDQ    $0xF800, DX
	CMPQ    DX, $0xD800
	JE      tudone                 // a surrogate
	MOVW    AX, (DI)(R12*2)
	ADDQ    $3, R11
	INCQ    R12
	JMP     tuone

tudone:
	VZEROUPPER
	MOVQ    R11, used+24(FP)
	MOVQ    R12, wrote+32(FP)
	RET

// func ecmadecCountAVX512(s *uint16, n int, kept bool) (scanned, delta int)
//
// Counts for decodedUnits (ecmadecode.go) the '%' among the units at s, 32
// at a time while 33 are left (the unit after the block is read too), and
// returns how many units it scanned and the change of the count: for each
// '%', -2; then, by the unit c after it, with c|0x20: -1 for '8', '9', 'a',
// 'b' (a continuation octet), +1 for 'f' (a four-octet sequence), and +2
// for '0' to '7' (an ASCII octet) when kept is set.
TEXT ·ecmadecCountAVX512(SB), NOSPLIT, $0-40
	MOVQ    s+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVL    $0x25, AX
	VPBROADCASTW AX, Z10           // '%'
	MOVL    $0x20, AX
	VPBROADCASTW AX, Z11
	MOVL    $0x38, AX
	VPBROADCASTW AX, Z12           // '8'
	MOVL    $0x61, AX
	VPBROADCASTW AX, Z13           // 'a'
	MOVL    $2, AX
	VPBROADCASTW AX, Z14
	MOVL    $0x66, AX
	VPBROADCASTW AX, Z15           // 'f'
	MOVL    $0x30, AX
	VPBROADCASTW AX, Z16           // '0'
	MOVL    $8, AX
	VPBROADCASTW AX, Z17
	XORQ    R11, R11               // scanned
	XORQ    R8, R8                 // '%'
	XORQ    R9, R9                 // continuation
	XORQ    R10, R10               // four-octet
	XORQ    BX, BX                 // ASCII

ctloop:
	LEAQ    33(R11), AX
	CMPQ    AX, CX
	JA      ctdone
	VMOVDQU16 (SI)(R11*2), Z0
	VPCMPEQW Z10, Z0, K1
	KORTESTD K1, K1
	JZ      ctnext
	VMOVDQU16 2(SI)(R11*2), Z1     // the unit after each
	VPORD   Z11, Z1, Z1
	VPSUBW  Z12, Z1, Z2
	VPCMPUW $1, Z14, Z2, K1, K2    // '8', '9'
	VPSUBW  Z13, Z1, Z3
	VPCMPUW $1, Z14, Z3, K1, K3    // 'a', 'b'
	VPCMPEQW Z15, Z1, K1, K4       // 'f'
	VPSUBW  Z16, Z1, Z5
	VPCMPUW $1, Z17, Z5, K1, K5    // '0' to '7'
	KORD    K2, K3, K2
	KMOVD   K1, AX
	POPCNTL AX, AX
	ADDQ    AX, R8
	KMOVD   K2, AX
	POPCNTL AX, AX
	ADDQ    AX, R9
	KMOVD   K4, AX
	POPCNTL AX, AX
	ADDQ    AX, R10
	KMOVD   K5, AX
	POPCNTL AX, AX
	ADDQ    AX, BX

ctnext:
	ADDQ    $32, R11
	JMP     ctloop

ctdone:
	MOVBQZX kept+16(FP), DX
	TESTQ   DX, DX
	JNZ     ctkept
	XORQ    BX, BX

ctkept:
	MOVQ    R10, AX                // F - C + 2K - 2P
	SUBQ    R9, AX
	SHLQ    $1, BX
	ADDQ    BX, AX
	SHLQ    $1, R8
	SUBQ    R8, AX
	VZEROUPPER
	MOVQ    R11, scanned+24(FP)
	MOVQ    AX, delta+32(FP)
	RET
