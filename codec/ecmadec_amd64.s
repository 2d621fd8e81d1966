//go:build !purego

#include "textflag.h"

// The AVX-512 kernels of the ECMAScript Decode (ecmadec_amd64.go says how
// they are used; ecmadec_test.go holds each to its plain Go twin).

// func ecmaOctetsAVX512(dst *byte, room int, src *byte, n int, keep *ecmaKeepTable, k *octetDecodeConsts) (used, wrote int)
//
// decodeOctetsAVX512 (scan_amd64.s) with no plus, and with a reserved set:
// blocks of 64 bytes of src while at least 66 are left and room has 64
// bytes more than written. Each '%' followed by two hex digits becomes its
// octet and the digits are dropped (VPCOMPRESSB), unless its octet c is in
// keep, when the escape stays as written: byte c>>3 of keep.bits (one
// VPERMB of the octet shifted right by 3; 0 for octets at or above 0x80)
// has bit c&7 (keep.sel, one VPERMB of the octet). The call ends before a
// block with a '%' not followed by two hex digits, for the caller to
// decode that block step by step. The digits
// of an escape at offset 62 or 63 are dropped from the next block (R8, as
// in decodeOctetsAVX512).
TEXT ·ecmaOctetsAVX512(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), CX
	MOVQ    keep+32(FP), R9
	MOVQ    k+40(FP), DX
	VPBROADCASTB 0(DX), Z8         // '%'
	VMOVDQU64 8448(DX), Z17        // hexValue
	VMOVDQU64 8512(DX), Z18        // hexChar
	VMOVDQU64 0(R9), Z19           // keep.bits
	VMOVDQU64 64(R9), Z20          // keep.sel
	VMOVDQU64 128(R9), Z21         // 0x1F in every byte
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote
	XORQ    R8, R8                 // carry

eoloop:
	LEAQ    66(R11), AX
	CMPQ    AX, CX
	JA      eodone
	LEAQ    64(R12), AX
	CMPQ    AX, R10
	JA      eodone
	VMOVDQU64 (SI)(R11*1), Z0
	VPCMPEQB Z0, Z8, K1            // '%'
	KMOVQ   K1, AX
	MOVQ    AX, BX
	ORQ     R8, BX
	JNZ     eoescapes
	VMOVDQU64 Z0, (DI)(R12*1)
	ADDQ    $64, R11
	ADDQ    $64, R12
	JMP     eoloop

eoescapes:
	VMOVDQU64 1(SI)(R11*1), Z2     // the first digit after each byte
	VMOVDQU64 2(SI)(R11*1), Z3     // the second
	VPERMB  Z17, Z2, Z4            // H
	VPERMB  Z18, Z2, Z6
	VPCMPEQB Z2, Z6, K3            // the first is a hex digit
	VPERMB  Z17, Z3, Z5            // L
	VPERMB  Z18, Z3, Z7
	VPCMPEQB Z3, Z7, K5            // the second is a hex digit
	KANDQ   K3, K5, K3
	KMOVQ   K3, BX
	NOTQ    BX
	ANDQ    AX, BX
	JNZ     eodone                 // a '%' without two hex digits after it
	VPSLLW  $4, Z4, Z4
	VPORD   Z5, Z4, Z4             // H<<4 | L
	VPSRLW  $3, Z4, Z6
	VPANDD  Z21, Z6, Z6            // (H<<4 | L) >> 3
	VPERMB  Z19, Z6, Z6            // byte c>>3 of keep
	VPERMB  Z20, Z4, Z7            // 1 << (c&7)
	VPTESTMB Z6, Z7, K1, K4        // at a '%': its octet is in keep
	KMOVQ   K4, BX
	NOTQ    BX
	ANDQ    BX, AX                 // the escapes to decode: the others stay as written
	KMOVQ   AX, K1
	VMOVDQU8 Z4, K1, Z0            // each '%' becomes its octet
	LEAQ    (AX)(AX*1), BX
	LEAQ    (BX)(BX*1), R13
	ORQ     R13, BX
	ORQ     R8, BX
	NOTQ    BX                     // the bytes kept: not the 2 after a '%'
	MOVQ    AX, R8
	SHRQ    $62, R8
	SHRQ    $63, AX
	ORQ     AX, R8                 // the carry into the next block
	ADDQ    $64, R11
	KMOVQ   BX, K7
	VPCOMPRESSB.Z Z0, K7, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	POPCNTQ BX, BX
	ADDQ    BX, R12
	JMP     eoloop

eodone:
	VZEROUPPER
	POPCNTQ R8, R8                 // the digits of the last escape taken
	ADDQ    R8, R11
	MOVQ    R11, used+48(FP)
	MOVQ    R12, wrote+56(FP)
	RET

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
