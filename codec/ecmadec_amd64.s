//go:build !purego

#include "textflag.h"
#include "oct512_amd64.h"

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

// UNITS computes the units of the sequences that start at the bits of R10
// in the block Z0 (the octets after each in Z2, two after in Z3), where
// they stand, K3 marking the leads of two or three octets (C0-FF) and K4
// those of three (E0-FF): the low bytes (the lead; (lead<<6)|(c1&0x3F);
// (c1<<6)|(c2&0x3F)) and the high bytes (0; (lead>>2)&7;
// (lead<<4)|(c1>>2)&0x0F), interleaved (two VPERMI2B) into the units of
// positions 0-31 (Z12) and 32-63 (Z13), of which those at the bits of R10
// are gathered with VPCOMPRESSW (the others, whatever they hold, are
// dropped). K6 has the three-octet leads that are overlong (high byte below
// 0x08) or a surrogate (D8-DF), at any position: the caller tests those of
// R10 (K6 is within K4, all leads, so that a caller whose R10 has every
// lead of K4 tests K6 alone). It overwrites Z0 (the block: its low bytes)
// and uses K2, K5, K6 and Z5-Z13.
#define UNITS \
	VPSLLW  $6, Z0, Z5 \
	VPTERNLOGD $0xE4, Z20, Z2, Z5 \
	VPSLLW  $6, Z2, Z6 \
	VPTERNLOGD $0xE4, Z20, Z3, Z6 \
	VPSRLW  $2, Z0, Z8 \
	VPANDD  Z25, Z8, Z8 \
	VPSLLW  $4, Z0, Z9 \
	VPSRLW  $2, Z2, Z10 \
	VPTERNLOGD $0xE4, Z23, Z10, Z9 \
	VMOVDQU8 Z5, K3, Z0 \
	VMOVDQU8 Z6, K4, Z0 \
	VMOVDQU8.Z Z8, K3, Z11 \
	VMOVDQU8 Z9, K4, Z11 \
	VPCMPUB $1, Z26, Z9, K4, K5 \
	VPANDD  Z27, Z9, Z9 \
	VPCMPEQB Z28, Z9, K4, K6 \
	KORQ    K5, K6, K6 \
	VMOVDQU64 ·utf16Interleave+0(SB), Z12 \
	VMOVDQU64 ·utf16Interleave+64(SB), Z13 \
	VPERMI2B Z11, Z0, Z12 \
	VPERMI2B Z11, Z0, Z13 \
	KMOVQ   R10, K2 \
	KSHIFTRQ $32, K2, K5 \
	VPCOMPRESSW.Z Z12, K2, Z12 \
	VPCOMPRESSW.Z Z13, K5, Z13

// BYTES sets every byte of z to v.
#define BYTES(v, z) \
	MOVL    $v, AX \
	VPBROADCASTB AX, z

// CLASSES sorts the octets of the block Z0: K7 the continuations (80-BF:
// below 0xC0 as signed bytes), K3 C0-FF, K4 E0-FF, K5 F0-FF, K6 C0 and C1.
#define CLASSES \
	VPCMPB  $1, Z20, Z0, K7 \
	VPCMPUB $5, Z20, Z0, K3 \
	VPCMPUB $5, Z22, Z0, K4 \
	VPCMPUB $5, Z23, Z0, K5 \
	VPCMPUB $1, Z24, Z0, K3, K6

// STOREUNITS stores the n (a register, not AX or R10) units UNITS
// gathered at dst+2*R12, with masks: those of positions 0-31 (Z12), then
// those of 32-63 (Z13). It uses AX, R10 and K1.
#define STOREUNITS(n) \
	POPCNTL R10, R10 \
	MOVQ    $-1, AX \
	BZHIQ   R10, AX, AX \
	KMOVD   AX, K1 \
	VMOVDQU16 Z12, K1, (DI)(R12*2) \
	MOVQ    $-1, AX \
	BZHIQ   n, AX, AX \
	SHRXQ   R10, AX, AX \
	KMOVD   AX, K1 \
	ADDQ    R12, R10 \
	VMOVDQU16 Z13, K1, (DI)(R10*2)

// STOREWHOLE stores the units UNITS gathered at dst+2*R12 whole, where
// dst has room for 64 units from there (the blocks at fixed steps): those
// of positions 0-31 (Z12), then those of 32-63 (Z13) after the ones of
// Z12 that count, over the rest of Z12. It uses R10.
#define STOREWHOLE \
	VMOVDQU16 Z12, (DI)(R12*2) \
	POPCNTL R10, R10 \
	ADDQ    R12, R10 \
	VMOVDQU16 Z13, (DI)(R10*2)

// FXBACK takes back the lead the blocks at fixed steps carried (DX), if
// any: its octets and its unit.
#define FXBACK \
	MOVQ    DX, AX \
	SHRQ    $8, AX \
	SUBQ    AX, R11 \
	XORQ    R8, R8 \
	TESTQ   DX, DX \
	SETNE   R8 \
	SUBQ    R8, R12 \
	XORQ    DX, DX

// func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (used, wrote int)
//
// Writes the UTF-8 octets at src as UTF-16 code units at dst, and returns
// the octets it used and the units it wrote; dst must have room for n
// units. It stops before a four-octet sequence or an invalid one (as
// utf8.Valid decides), or at the end. Three ways, from the top of the
// loop:
//
//   - while 32 octets are left, 32 at a time (VPMOVZXBW, stored whole) up
//     to the first octet at or above 0x80;
//   - from there, while 66 octets are left, blocks of 64 at fixed steps
//     (fxloop): a block with no octet at or above 0x80 is widened whole;
//     any other is checked as UTF-8 with masks (every continuation claimed
//     by the lead before it, the last block's carried lead included; no
//     C0, C1, F0-FF; no overlong three-octet form or surrogate), its leads,
//     the octets after them and the octets two after them are combined
//     into units where the leads stand, gathered with VPCOMPRESSW (UNITS)
//     and stored whole (STOREWHOLE: 66 octets left, so room for 64 units),
//     exactly one a lead counted; a lead in the last two octets
//     is carried to the next block, which checks its continuations, and is
//     taken back (FXBACK) when the blocks stop;
//   - for the last 65 octets (tuvar), the same on the sequences that start
//     in them, up to before the last octet that is not a continuation (or
//     the end of src), with masked loads;
//   - where that block fails its checks, one sequence at a time (an ASCII
//     octet, or a valid two- or three-octet sequence) up to 64 octets on
//     from where it failed, then the loop again.
TEXT ·utf8ToUTF16AVX512(SB), NOSPLIT, $0-40
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote
	XORQ    R13, R13               // no block of sequences before this octet
	// Constants: bytes 0xC0 (Z20), 0xE0 (Z22), 0xF0 (Z23), 0xC2 (Z24), 0x07 (Z25), 0x08 (Z26), 0xF8 (Z27), 0xD8 (Z28).
	BYTES(0xC0, Z20)
	BYTES(0xE0, Z22)
	BYTES(0xF0, Z23)
	BYTES(0xC2, Z24)
	BYTES(0x07, Z25)
	BYTES(0x08, Z26)
	BYTES(0xF8, Z27)
	BYTES(0xD8, Z28)

tuloop:
	MOVQ    CX, AX
	SUBQ    R11, AX
	CMPQ    AX, $32
	JB      tushort
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
	JMP     tublock

tushort:
	CMPQ    AX, $4
	JB      tuone

tublock:
	CMPQ    R11, R13
	JB      tuone
	MOVQ    CX, AX
	SUBQ    R11, AX
	CMPQ    AX, $66
	JB      tuvar
	XORQ    DX, DX
	LEAQ    -66(CX), R14           // the last start of a block at fixed steps

	// Blocks of 64 octets at fixed steps, while 66 are left: a lead in
	// the last two octets is decoded with the octets after the block and
	// carried (DX: the continuations it claims of the next block in bits
	// 0-1, how far back it starts in bits 8 on) for the next block to
	// check, or taken back when the blocks stop.
fxloop:
	CMPQ    R11, R14
	JGT     fxexit
	VMOVDQU64 (SI)(R11*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     fxseq
	TESTQ   DX, DX
	JNZ     fxfail                 // a carried lead, and no continuation
	VEXTRACTI64X4 $1, Z0, Y5
	VPMOVZXBW Y0, Z4
	VPMOVZXBW Y5, Z5
	VMOVDQU16 Z4, (DI)(R12*2)
	VMOVDQU16 Z5, 64(DI)(R12*2)
	ADDQ    $64, R11
	ADDQ    $64, R12
	JMP     fxloop

fxseq:
	VMOVDQU64 1(SI)(R11*1), Z2
	VMOVDQU64 2(SI)(R11*1), Z3
	CLASSES
	KORTESTQ K5, K6
	JNZ     fxfail
	KMOVQ   K7, R9
	MOVQ    R9, R10
	NOTQ    R10                    // leads
	KMOVQ   K3, AX                 // leads of two or three octets (C0-FF: never continuations)
	KMOVQ   K4, R8                 // leads of three octets
	MOVQ    AX, BX
	SHRQ    $63, BX
	MOVQ    R8, R13
	SHRQ    $62, R13
	ORQ     R13, BX                // what they claim of the next block
	SHLQ    $1, AX
	SHLQ    $2, R8
	ORQ     R8, AX
	MOVQ    DX, R8
	ANDQ    $3, R8
	ORQ     R8, AX                 // and what the last block's claim
	CMPQ    AX, R9
	JNE     fxfail
	TESTQ   BX, BX
	JZ      fxnone
	LZCNTQ  R10, R13
	INCQ    R13
	SHLQ    $8, R13
	ORQ     R13, BX                // how far back the carried lead is

fxnone:
	POPCNTQ R10, R8                // units
	UNITS
	KORTESTQ K6, K6                // every lead of the block is in R10
	JNZ     fxfail
	STOREWHOLE
	ADDQ    $64, R11
	ADDQ    R8, R12
	MOVQ    BX, DX
	JMP     fxloop

fxfail:
	FXBACK
	LEAQ    64(R11), R13           // one sequence at a time to there
	JMP     tuone

fxexit:
	FXBACK
	XORQ    R13, R13
	JMP     tuloop

tuvar:
	MOVQ    CX, R8
	SUBQ    R11, R8                // octets left, at least 4
	MOVQ    $64, AX
	CMPQ    R8, AX
	CMOVQGT AX, R8                 // at most 64 (BZHI reads 8 bits of its index)
	MOVQ    $-1, BX
	BZHIQ   R8, BX, AX
	KMOVQ   AX, K1
	VMOVDQU8.Z (SI)(R11*1), K1, Z0 // the block, zero past the end
	LEAQ    -1(R8), DX
	BZHIQ   DX, BX, AX
	KMOVQ   AX, K1
	VMOVDQU8.Z 1(SI)(R11*1), K1, Z2 // the octet after each
	LEAQ    -2(R8), DX
	BZHIQ   DX, BX, AX
	KMOVQ   AX, K1
	VMOVDQU8.Z 2(SI)(R11*1), K1, Z3 // the octet two after each
	CLASSES
	KMOVQ   K7, R9
	MOVQ    R9, R10
	NOTQ    R10                    // leads
	LZCNTQ  R10, AX
	MOVQ    $63, DX
	SUBQ    AX, DX                 // the last lead: the block ends before it
	CMPQ    DX, R8
	CMOVQGT R8, DX                 // or at the end of src
	TESTQ   DX, DX
	JLE     tufail
	BZHIQ   DX, R10, R10           // the leads of the block
	BZHIQ   DX, BX, BX             // the block
	KMOVQ   K5, AX
	KMOVQ   K6, R8
	ORQ     R8, AX
	TESTQ   BX, AX
	JNZ     tufail                 // C0, C1, F0-FF
	KMOVQ   K3, AX
	ANDQ    R10, AX                // leads of two or three octets
	KMOVQ   K4, R8
	ANDQ    R10, R8                // leads of three octets
	SHLQ    $1, AX
	SHLQ    $2, R8
	ORQ     R8, AX                 // the continuations the leads claim
	XORQ    R9, AX
	LEAQ    1(DX), R8
	BZHIQ   R8, AX, AX             // to the end of the block and one more
	TESTQ   AX, AX
	JNZ     tufail
	POPCNTQ R10, BX                // units
	UNITS
	KMOVQ   K6, AX
	TESTQ   R10, AX
	JNZ     tufail

	STOREUNITS(BX)
	ADDQ    DX, R11
	ADDQ    BX, R12
	JMP     tuloop

tufail:
	LEAQ    64(R11), R13           // one sequence at a time to there

tuone:
	CMPQ    R11, CX
	JAE     tudone
	MOVBQZX (SI)(R11*1), AX
	CMPQ    AX, $0x80
	JAE     tuseq
	MOVW    AX, (DI)(R12*2)
	INCQ    R11
	INCQ    R12
	JMP     tunext

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
	JMP     tunext

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

tunext:
	CMPQ    R11, R13
	JAE     tuloop
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

// The macros of ecmaUnitOctetsAVX512 besides those it shares with
// scan_amd64.s's decodeOctetsAVX512 (oct512_amd64.h: OCT512KEEP, OCT512KEPT,
// OCT512STORE, OCT512DONE).

// EUHEX(bad): Z4 becomes the octet of each byte's two digits after it
// (Z2, Z3: each made its value by VPERMI2B through ·ecmaHexTable, 0x80 for
// a byte that is not a hex digit; the first's shifted left by 4, the
// second's ORed), and it jumps to bad when a '%' of the block (K1) has not
// two hex digits after it. It uses K3.
#define EUHEX(bad) \
	VPERMI2B Z17, Z16, Z2; \
	VPERMI2B Z17, Z16, Z3; \
	VPORD   Z2, Z3, Z4; \
	VPTESTMB Z22, Z4, K1, K3; \
	KORTESTQ K3, K3; \
	JNZ     bad; \
	VPSLLW  $4, Z2, Z4; \
	VPTERNLOGD $0xE4, Z18, Z3, Z4

// func ecmaUnitOctetsAVX512(dst *byte, src *uint16, n int, keep *ecmaKeepTable) (used, wrote int)
//
// decodeOctetsAVX512 with '%' alone (no plus) over the n code units at src
// read as bytes, into dst, which has room for n+64 bytes: 64 units at a
// time (two loads, narrowed to one block of bytes by VPERMT2B through
// ·ecmaNarrowIndex) while at least 66 units are left, then the last ones
// in blocks of up to 64 loaded with masks (zero past the end, so that an
// escape cut by the end has no hex digits and stops the call), each block
// stored whole. It stops before a block with a unit at or above 0x80 (the
// block's units, and for a block with an escape the 2 after it too, which
// its digits may be), before a block with a '%' not followed by two hex
// digits, or at the end; it never ends inside an escape it decodes (the
// digits of one carried into the block where it stops count as used; an
// escape it keeps is copied as it stands, and may be cut by a block's
// end).
//
// Registers: DI dst, SI src, CX n, DX n-66 (the last start of a whole
// block; a scratch in the last blocks), R11 used, R12 wrote, R8 the carry
// (as in decodeOctetsAVX512), R9 keep (or 0), R14 the units of a last block
// and R15 its mask (a bit a unit); Z8 '%' in every byte, Z9 0xFF80 in
// every unit, Z10 the narrowing index, Z16 and Z17 ·ecmaHexTable, Z18
// 0xF0 and Z22 0x80 in every byte, Z19-Z21 the keep table (bits, sel,
// 0x1F); Z0 the block (its units 0-31, and Z1 32-63, then its bytes), Z2
// and Z3 the bytes one and two after each (loaded as Z2/Z5 and Z3/Z6),
// then their values; Z4 the octets, Z5-Z7 scratch, Z1 also the bytes
// kept (OCT512STORE); AX, BX and R13 scratch (R13 -1 in the last blocks); K1
// the '%' of the block (then those to decode), K2-K5 and K7 scratch.
TEXT ·ecmaUnitOctetsAVX512(SB), NOSPLIT, $0-48
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    keep+24(FP), R9
	MOVL    $0x25, AX
	VPBROADCASTB AX, Z8            // '%'
	VMOVDQU64 ·ecmaHexTable+0(SB), Z16
	VMOVDQU64 ·ecmaHexTable+64(SB), Z17
	MOVL    $0xF0, AX
	VPBROADCASTB AX, Z18
	MOVL    $0x80, AX
	VPBROADCASTB AX, Z22
	MOVL    $0xFF80, AX
	VPBROADCASTW AX, Z9
	VMOVDQU64 ·ecmaNarrowIndex(SB), Z10
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote
	XORQ    R8, R8                 // carry
	LEAQ    -66(CX), DX            // the last start of a block of 64 and 2 more
	OCT512KEEPLOAD(euloop)

euloop:
	CMPQ    R11, DX
	JGT     eutail
	VMOVDQU64 (SI)(R11*2), Z0      // units 0-31 of the block
	VMOVDQU64 64(SI)(R11*2), Z1    // units 32-63
	VPORQ   Z0, Z1, Z5
	VPTESTMW Z9, Z5, K1
	KORTESTD K1, K1
	JNZ     eudone                 // a unit at or above 0x80
	VPERMT2B Z1, Z10, Z0           // the block as bytes
	VPCMPEQB Z0, Z8, K1            // its '%'
	KMOVQ   K1, AX
	MOVQ    AX, BX
	ORQ     R8, BX
	JNZ     euescapes
	VMOVDQU64 Z0, (DI)(R12*1)
	ADDQ    $64, R11
	ADDQ    $64, R12
	JMP     euloop

euescapes:
	VMOVDQU64 2(SI)(R11*2), Z2     // units 1-32
	VMOVDQU64 66(SI)(R11*2), Z5    // units 33-64
	VMOVDQU64 4(SI)(R11*2), Z3     // units 2-33
	VMOVDQU64 68(SI)(R11*2), Z6    // units 34-65
	VPTESTMW Z9, Z6, K2
	KORTESTD K2, K2
	JNZ     eudone                 // units 64 or 65 at or above 0x80
	VPERMT2B Z5, Z10, Z2           // the byte after each
	VPERMT2B Z6, Z10, Z3           // the byte two after each
	EUHEX(eudone)
	OCT512KEEP(eudecode)

eudecode:
	OCT512KEPT
	OCT512STORE
	JMP     euloop

	// The last units, fewer than 66: blocks of up to 64 (R14) loaded
	// with masks.
eutail:
	MOVQ    CX, R14
	SUBQ    R11, R14               // the units left
	JLE     eudone
	MOVQ    $-1, R13
	BZHIQ   R14, R13, R15          // the units there are, up to 64 (BZHI reads 8 bits of its index)
	MOVQ    $64, AX
	CMPQ    R14, AX
	CMOVQGT AX, R14                // the block: at most 64
	KMOVD   R15, K4
	MOVQ    R15, AX
	SHRQ    $32, AX
	KMOVD   AX, K5
	VMOVDQU16.Z (SI)(R11*2), K4, Z0
	VMOVDQU16.Z 64(SI)(R11*2), K5, Z1
	VPORQ   Z0, Z1, Z5
	VPTESTMW Z9, Z5, K1
	KORTESTD K1, K1
	JNZ     eudone                 // a unit at or above 0x80
	VPERMT2B Z1, Z10, Z0           // the block as bytes, zero past the end
	VPCMPEQB Z0, Z8, K1            // its '%'
	KMOVQ   K1, AX
	MOVQ    AX, BX
	ORQ     R8, BX
	JNZ     eutailescapes
	VMOVDQU64 Z0, (DI)(R12*1)
	ADDQ    R14, R11
	ADDQ    R14, R12
	JMP     eutail

eutailescapes:
	MOVQ    CX, DX
	SUBQ    R11, DX
	DECQ    DX
	BZHIQ   DX, R13, BX            // the units one after each there are
	KMOVD   BX, K4
	SHRQ    $32, BX
	KMOVD   BX, K5
	VMOVDQU16.Z 2(SI)(R11*2), K4, Z2
	VMOVDQU16.Z 66(SI)(R11*2), K5, Z5
	DECQ    DX
	XORQ    BX, BX
	TESTQ   DX, DX
	CMOVQGE R13, BX
	BZHIQ   DX, BX, BX             // the units two after each there are
	KMOVD   BX, K4
	SHRQ    $32, BX
	KMOVD   BX, K5
	VMOVDQU16.Z 4(SI)(R11*2), K4, Z3
	VMOVDQU16.Z 68(SI)(R11*2), K5, Z6
	VPTESTMW Z9, Z6, K2
	KORTESTD K2, K2
	JNZ     eudone                 // units 64 or 65 at or above 0x80
	VPERMT2B Z5, Z10, Z2
	VPERMT2B Z6, Z10, Z3
	EUHEX(eudone)
	OCT512KEEP(eutaildecode)

eutaildecode:
	OCT512KEPT
	ANDQ    R15, BX                // not the zeros past the end
	ADDQ    R14, R11
	KMOVQ   BX, K7
	VPCOMPRESSB.Z Z0, K7, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	POPCNTQ BX, BX
	ADDQ    BX, R12
	JMP     eutail

eudone:
	OCT512DONE(used+32(FP), wrote+40(FP))
