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

// func utf8ValidAVX512(p *byte, n int, k *utf8Consts) bool
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
