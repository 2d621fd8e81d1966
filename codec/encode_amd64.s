//go:build !purego

#include "textflag.h"

// The vector paths of the octet encoders (encode_amd64.go). The offsets of
// octetSet (keep 0, lo 32, hi 64, plus 96) and octetConsts (bitSel 0,
// hex 64, low 128, space 160, plus 192, pct 224, high 256, zero 288,
// index256 320, escape 8512, compress 9536, slot0 9728, pdepHigh 9752,
// pdepLow 9776) are checked by TestOctetConstsLayout.

// KEEPLOW512, KEEPHIGH512, KEEPEND512: K1 becomes the octets of Z0 to
// keep, space among them when it becomes '+' (octetVector.initWide puts it
// in the set), and Z5 the hex digit of each octet's low nibble, with 0x80 set for an
// octet kept. Z8, Z9 (and for octets from 0x80 up, Z14, Z15) are the
// digits of octets 0 to 255 with 0x80 set for those in the set (KEEPSET512
// makes them), which VPERMI2B looks up by the low 7 bits of the octet.
// Z16 holds 0x80 in every byte. KEEPLOW512 and KEEPEND512 take an octet
// from 0x80 up as one to escape, which is right when the set has none (R15
// is 0); when it has some, KEEPHIGH512 between them looks those up in Z14
// and Z15. Z6 and K2 are clobbered.
#define KEEPLOW512 \
	VMOVDQA64 Z0, Z5; \
	VPERMI2B  Z9, Z8, Z5; \
	VPTESTNMB Z16, Z0, K1

#define KEEPHIGH512 \
	VMOVDQA64 Z0, Z6; \
	VPERMI2B  Z15, Z14, Z6; \
	KNOTQ     K1, K2; \
	VMOVDQU8  Z6, K2, Z5; \
	KXNORQ    K1, K1, K1

#define KEEPEND512 \
	VPTESTMB  Z16, Z5, K1, K1

// KEEPSET512 makes the tables of KEEPLOW512 and KEEPHIGH512 (the latter
// only when the set has an octet from 0x80 up; its label keepsetdone is
// the function's, so it is used once in a function) from the set's
// four words at AX and the constants at DX, R15 1 when the set has an
// octet from 0x80 up and else 0, Z10 the hex digits (hex) and Z16 0x80
// (high). K1 and Z17 are clobbered.
#define KEEPSET512 \
	VMOVDQU64    64(DX), Z10; \
	VPBROADCASTB 256(DX), Z16; \
	VPORD        Z16, Z10, Z17; \
	KEEPTABLE512(0, Z8); \
	KEEPTABLE512(8, Z9); \
	MOVQ         16(AX), R15; \
	ORQ          24(AX), R15; \
	JZ           keepsetdone; \
	KEEPTABLE512(16, Z14); \
	KEEPTABLE512(24, Z15); \
	MOVQ         $1, R15; \
keepsetdone:

// KEEPTABLE512(OFF, Z) makes Z the table of KEEPLOW512 or KEEPHIGH512 for
// the 64 octets of the set's word at OFF(AX): the hex digits of Z10, with
// 0x80 (Z17 is both) for an octet in the set. K1 is clobbered.
#define KEEPTABLE512(OFF, Z) \
	KMOVQ     OFF(AX), K1; \
	VMOVDQA64 Z10, Z; \
	VMOVDQU8  Z17, K1, Z

// PLUS512: K4 becomes the spaces of Z0 when they become '+' (K6 all ones),
// and Z0 has '+' for each. Z11 holds ' ' and Z12 '+' in every byte.
#define PLUS512 \
	VPCMPEQB Z0, Z11, K6, K4; \
	VMOVDQU8 Z12, K4, Z0

// func countOctetsAVX512(src *byte, n int, set *octetSet, k *octetConsts) int
TEXT ·countOctetsAVX512(SB), NOSPLIT, $0-40
	MOVQ      src+0(FP), SI
	MOVQ      n+8(FP), CX
	MOVQ      set+16(FP), AX
	MOVQ      k+24(FP), DX
	KEEPSET512
	XORQ      R11, R11
	XORQ      R9, R9

count512loop:
	CMPQ      R11, CX
	JAE       count512done
	VMOVDQU64 (SI)(R11*1), Z0
	KEEPLOW512
	TESTQ     R15, R15
	JZ        count512kept
	KEEPHIGH512

count512kept:
	KEEPEND512
	KMOVQ     K1, AX
	NOTQ      AX
	POPCNTQ   AX, AX
	ADDQ      AX, R9
	ADDQ      $64, R11
	JMP       count512loop

count512done:
	VZEROUPPER
	MOVQ      R9, ret+32(FP)
	RET

// PARTS512: Z20 to Z22 become the three parts of the output of the block
// Z0 whose octets to escape are K7, three bytes for each octet, before
// they are compressed (see encodeOctetsAVX512): the low digits are Z5
// (KEEPLOW512) less the 0x80 that an octet from 0x80 up has from the
// octet 0x80 below it, and the high digits have the 0x80 of the low ones,
// so that a digit of an octet below 0x80 kept, and only such a digit, has
// 0x80 set (PARTSMASK512 reads it). Z0, Z1, Z4 and Z5 are clobbered.
#define PARTS512 \
	VPTERNLOGD $0x70, Z16, Z0, Z5; \
	VPSRLW     $4, Z0, Z1; \
	VPERMB     Z10, Z1, Z4; \
	VPTERNLOGD $0xF8, Z16, Z5, Z4; \
	VMOVDQU8   Z13, K7, Z0; \
	VSHUFI64X2 $0x44, Z5, Z4, Z20; \
	VSHUFI64X2 $0x99, Z5, Z4, Z21; \
	VSHUFI64X2 $0xEE, Z5, Z4, Z22; \
	VPERMT2B   Z0, Z23, Z20; \
	VPERMT2B   Z0, Z24, Z21; \
	VPERMT2B   Z0, Z25, Z22

// PARTSMASK512: K1 to K3 become the bytes of the parts Z20 to Z22 without
// 0x80 set, their compress masks when the set has no octet from 0x80 up:
// an octet's own byte is then below 0x80, or '%', and the digits with
// 0x80 are those of the octets kept.
#define PARTSMASK512 \
	VPTESTNMB  Z16, Z20, K1; \
	VPTESTNMB  Z16, Z21, K2; \
	VPTESTNMB  Z16, Z22, K3

// COMPRESS512: Z20 to Z22 are compressed by their masks, K1 to K3, to
// their first bytes.
#define COMPRESS512 \
	VPCOMPRESSB Z20, K1, Z20; \
	VPCOMPRESSB Z21, K2, Z21; \
	VPCOMPRESSB Z22, K3, Z22

// func encodeOctetsAVX512(dst *byte, room int, src *byte, n int, set *octetSet, k *octetConsts) (used, wrote int)
//
// Each block of 64 octets is classified (KEEPLOW512..., PLUS512); one with
// nothing to escape is stored as it is. One with up to 4 octets to escape
// and no space become '+' is stored too, and then, for each octet to
// escape, its escape (escape) and the 64 octets after it, two bytes
// further on for each escape before, over what the store before wrote
// there (enc512sparse), when 64 more octets and room for them are left. In
// any other (enc512dense), the octets to escape are replaced with '%', and
// the hex digits of every octet (the low ones from the classifying lookup,
// the high ones by VPERMB of hex) make three tables of the high and low
// digits of 32 octets (VSHUFI64X2) from which, with the octets, three
// VPERMT2B by the indexes of octetCompress write the block's output with
// three bytes for every octet in three parts of 64 bytes; a VPCOMPRESSB
// of each part to a register keeps an octet's own byte and the digits of
// the octets escaped, by a mask that, for a set with nothing from 0x80 up,
// is the part's bytes without 0x80 (PARTSMASK512), and for any other set
// PDEPQ makes from the escape mask (enc512densehigh); each part is stored
// after the one before (no store passes
// the block's output by more than 43 bytes; a masked store costs more
// than the room it saves). A block whose output and 48 bytes do not fit in
// room, and the last octets when fewer than 64 are left (read with a
// masked load), take the same path with every store masked to its bytes
// (enc512exact), when room holds their output.
TEXT ·encodeOctetsAVX512(SB), NOSPLIT, $0-64
	MOVQ      dst+0(FP), DI
	MOVQ      room+8(FP), R10
	MOVQ      src+16(FP), SI
	MOVQ      n+24(FP), R13
	MOVQ      set+32(FP), AX
	MOVQ      k+40(FP), DX
	KEEPSET512
	MOVQ      96(AX), BX
	KMOVQ     BX, K6              // space becomes '+'
	ANDQ      $2, BX
	ORQ       BX, R15             // R15: 1, an octet from 0x80 up in the set; 2, space becomes '+'
	KXORQ     K4, K4, K4
	VPBROADCASTB 160(DX), Z11     // ' '
	VPBROADCASTB 192(DX), Z12     // '+'
	VPBROADCASTB 224(DX), Z13     // '%'
	VMOVDQU64 9536(DX), Z23      // compress: the permute indexes of the three parts of a block's output
	VMOVDQU64 9600(DX), Z24
	VMOVDQU64 9664(DX), Z25
	XORQ      R11, R11            // used
	XORQ      R12, R12            // wrote

enc512loop:
	LEAQ      64(R11), AX
	CMPQ      AX, R13
	JA        enc512last
	VMOVDQU64 (SI)(R11*1), Z0
	KEEPLOW512
	TESTQ     $1, R15
	JZ        enc512kept
	KEEPHIGH512

enc512kept:
	KEEPEND512
	TESTQ     $2, R15
	JZ        enc512noplus
	PLUS512

enc512noplus:
	KMOVQ     K1, AX
	NOTQ      AX                  // the octets to escape
	POPCNTQ   AX, BX
	LEAQ      112(R12)(BX*2), BX  // the block's output and the 48 bytes past it its stores write
	CMPQ      BX, R10
	JA        enc512near
	TESTQ     AX, AX
	JNZ       enc512escapes
	VMOVDQU64 Z0, (DI)(R12*1)
	ADDQ      $64, R11
	ADDQ      $64, R12
	JMP       enc512loop

enc512escapes:
	POPCNTQ   AX, CX
	CMPQ      CX, $4
	JA        enc512dense
	KORTESTQ  K4, K4              // a space became '+'
	JNZ       enc512dense
	LEAQ      128(R11), BX
	CMPQ      BX, R13
	JA        enc512dense
	LEAQ      128(R12)(CX*2), BX
	CMPQ      BX, R10
	JA        enc512dense
	LEAQ      (SI)(R11*1), R9     // the block
	LEAQ      (DI)(R12*1), R14    // its output
	LEAQ      64(R12)(CX*2), R12
	ADDQ      $64, R11
	VMOVDQU64 Z0, (R14)           // the octets before the first escape

enc512sparse:
	BSFQ      AX, CX              // the next escape
	LEAQ      -1(AX), BX
	ANDQ      BX, AX
	MOVBLZX   (R9)(CX*1), BX
	MOVL      8512(DX)(BX*4), BX // its escape
	MOVL      BX, (R14)(CX*1)     // and a byte the next store overwrites
	VMOVDQU64 1(R9)(CX*1), Z1     // the octets after it
	VMOVDQU64 Z1, 3(R14)(CX*1)
	ADDQ      $2, R14
	TESTQ     AX, AX
	JNZ       enc512sparse
	JMP       enc512loop

enc512dense:
	// CX is the number of octets to escape (AX). With no octet from 0x80
	// up in the set, the compress masks come from the parts themselves
	// (PARTSMASK512), and the parts' lengths from AX: part 0 has the own
	// bytes of octets 0 to 21 and the digits of those of 0 to 20 escaped,
	// part 1 the rest of octet 21, octets 22 to 41 and octet 42 less its
	// low digit (octetCompress), so parts 0 and 1 have 43 own bytes, the
	// digits of octets 0 to 41 escaped and the high digit of octet 42.
	KNOTQ     K1, K7
	TESTQ     $1, R15
	JNZ       enc512densehigh
	LEAQ      (DI)(R12*1), R14
	LEAQ      64(R12)(CX*2), R12
	PARTS512
	PARTSMASK512
	COMPRESS512
	MOVL      $21, R8
	BZHIQ     R8, AX, BX
	POPCNTQ   BX, BX
	LEAQ      22(BX)(BX*1), BX    // part 0's bytes
	MOVL      $42, R8
	BZHIQ     R8, AX, CX
	POPCNTQ   CX, CX
	MOVL      $43, R8
	BZHIQ     R8, AX, R9
	POPCNTQ   R9, R9
	LEAQ      43(CX)(R9*1), CX    // parts 0 and 1's
	VMOVDQU64 Z20, (R14)
	VMOVDQU64 Z21, (R14)(BX*1)
	VMOVDQU64 Z22, (R14)(CX*1)
	ADDQ      $64, R11
	JMP       enc512loop

enc512densehigh:
	// The masks of the three parts: each part's own bytes (slot0), and the
	// digits of the octets to escape, their bits of AX deposited (PDEPQ)
	// at the high and the low digits' places (pdepHigh, pdepLow), from the
	// part's first octet with such a place (0, 21, 43 and 0, 21, 42).
	PDEPQ     9752(DX), AX, BX
	PDEPQ     9776(DX), AX, CX
	ORQ       CX, BX
	ORQ       9728(DX), BX
	KMOVQ     BX, K1
	MOVQ      AX, R8
	SHRQ      $21, R8
	PDEPQ     9760(DX), R8, CX
	PDEPQ     9784(DX), R8, R8
	ORQ       R8, CX
	ORQ       9736(DX), CX
	KMOVQ     CX, K2
	MOVQ      AX, R8
	SHRQ      $43, R8
	PDEPQ     9768(DX), R8, R9
	MOVQ      AX, R8
	SHRQ      $42, R8
	PDEPQ     9792(DX), R8, R8
	ORQ       R8, R9
	ORQ       9744(DX), R9
	KMOVQ     R9, K3
	PARTS512
	COMPRESS512
	POPCNTQ   BX, BX
	POPCNTQ   CX, CX
	ADDQ      BX, CX
	POPCNTQ   R9, R9
	LEAQ      (DI)(R12*1), R14
	VMOVDQU64 Z20, (R14)
	VMOVDQU64 Z21, (R14)(BX*1)
	VMOVDQU64 Z22, (R14)(CX*1)
	ADDQ      CX, R12
	ADDQ      R9, R12
	ADDQ      $64, R11
	JMP       enc512loop

enc512near:
	// Room for the block's output, but not for the bytes past it that
	// the stores above write: write it with masked stores (enc512exact).
	SUBQ      $48, BX
	CMPQ      BX, R10
	JA        enc512done
	MOVQ      $-1, CX
	JMP       enc512exact

enc512last:
	// Fewer than 64 octets left: read them with a masked load (which
	// reads nothing past them), the rest of the block 0 and kept.
	MOVQ      R13, CX
	SUBQ      R11, CX
	JZ        enc512done
	MOVQ      $-1, AX
	BZHIQ     CX, AX, CX          // the octets of the block
	KMOVQ     CX, K1
	VMOVDQU8.Z (SI)(R11*1), K1, Z0
	KEEPLOW512
	TESTQ     $1, R15
	JZ        enc512lastkept
	KEEPHIGH512

enc512lastkept:
	KEEPEND512
	PLUS512
	KMOVQ     K1, AX
	NOTQ      AX
	ANDQ      CX, AX              // the octets to escape
	POPCNTQ   AX, BX
	POPCNTQ   CX, R8
	LEAQ      (R12)(BX*2), BX
	ADDQ      R8, BX              // the output
	CMPQ      BX, R10
	JA        enc512done

enc512exact:
	// The dense path for the octets of CX (all of the block, or those
	// before its end), with the escapes of AX, writing exactly their
	// output: each part's own bytes are those of the octets of CX
	// (slot0, deposited as the digits are), and each part is written with
	// a masked store of its bytes.
	KMOVQ     AX, K7
	PDEPQ     9728(DX), CX, BX
	PDEPQ     9752(DX), AX, R8
	ORQ       R8, BX
	PDEPQ     9776(DX), AX, R8
	ORQ       R8, BX
	KMOVQ     BX, K1
	MOVQ      CX, R8
	SHRQ      $22, R8
	PDEPQ     9736(DX), R8, R9
	MOVQ      AX, R8
	SHRQ      $21, R8
	PDEPQ     9760(DX), R8, R14
	ORQ       R14, R9
	PDEPQ     9784(DX), R8, R14
	ORQ       R14, R9
	KMOVQ     R9, K2
	SHRQ      $43, CX
	PDEPQ     9744(DX), CX, R14
	MOVQ      AX, R8
	SHRQ      $43, R8
	PDEPQ     9768(DX), R8, R8
	ORQ       R8, R14
	SHRQ      $42, AX
	PDEPQ     9792(DX), AX, AX
	ORQ       AX, R14
	KMOVQ     R14, K3
	PARTS512
	COMPRESS512
	POPCNTQ   BX, BX
	POPCNTQ   R9, R9
	POPCNTQ   R14, R14
	MOVQ      $-1, AX
	BZHIQ     BX, AX, CX
	KMOVQ     CX, K4
	BZHIQ     R9, AX, CX
	KMOVQ     CX, K5
	BZHIQ     R14, AX, CX
	KMOVQ     CX, K7
	LEAQ      (DI)(R12*1), R8
	VMOVDQU8  Z20, K4, (R8)
	ADDQ      BX, R8
	VMOVDQU8  Z21, K5, (R8)
	ADDQ      R9, R8
	VMOVDQU8  Z22, K7, (R8)
	ADDQ      BX, R12
	ADDQ      R9, R12
	ADDQ      R14, R12
	ADDQ      $64, R11
	CMPQ      R11, R13
	CMOVQHI   R13, R11            // the octets of a last block short of 64
	JMP       enc512loop

enc512done:
	VZEROUPPER
	MOVQ      R11, used+48(FP)
	MOVQ      R12, wrote+56(FP)
	RET

// KEEP256: Y3 becomes 0xFF at each octet of Y0 to escape, 0 at the others,
// and Y4 0xFF at each space that becomes '+' (which is not escaped). The
// low nibble of an octet selects its row bits from set.lo (Y15) and set.hi
// (Y14), its top bit which of the two, and its high nibble 1<<(h&7) from
// bitSel (Y13); an octet whose lookups share no bit is escaped. Y1 and Y2
// hold the high and low nibbles. DX points at octetConsts, R9 at the
// octetSet.
#define KEEP256 \
	VPSRLW    $4, Y0, Y1; \
	VPAND     128(DX), Y1, Y1; \
	VPAND     128(DX), Y0, Y2; \
	VPSHUFB   Y2, Y15, Y3; \
	VPSHUFB   Y2, Y14, Y4; \
	VPBLENDVB Y0, Y4, Y3, Y3; \
	VPSHUFB   Y1, Y13, Y4; \
	VPAND     Y4, Y3, Y3; \
	VPCMPEQB  288(DX), Y3, Y3; \
	VPCMPEQB  160(DX), Y0, Y4; \
	VPAND     96(R9), Y4, Y4; \
	VPANDN    Y3, Y4, Y3

// func countOctetsAVX2(src *byte, n int, set *octetSet, k *octetConsts) int
TEXT ·countOctetsAVX2(SB), NOSPLIT, $0-40
	MOVQ    src+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    set+16(FP), R9
	MOVQ    k+24(FP), DX
	VMOVDQU 32(R9), Y15           // lo
	VMOVDQU 64(R9), Y14           // hi
	VMOVDQU 0(DX), Y13            // bitSel, its first 32 bytes
	XORQ    R11, R11
	XORQ    R10, R10

count256loop:
	CMPQ      R11, CX
	JAE       count256done
	VMOVDQU   (SI)(R11*1), Y0
	KEEP256
	VPMOVMSKB Y3, AX
	POPCNTL   AX, AX
	ADDQ      AX, R10
	ADDQ      $32, R11
	JMP       count256loop

count256done:
	VZEROUPPER
	MOVQ    R10, ret+32(FP)
	RET

// NEXTROW: BX becomes the offset in index256 of the row of the low byte of
// AX, CX the number of its bits; AX moves to the next byte.
#define NEXTROW \
	MOVBLZX AX, BX; \
	SHRQ    $8, AX; \
	POPCNTL BX, CX; \
	SHLL    $5, BX

// CHUNK256(Q, HL, LANES) writes the next 8 octets, whose escape bits are
// the low byte of AX, from Y0 (octets, '%' for each to escape) and HL
// (the hex digits of their high nibbles, then of their low ones, in the
// lane LANES picks): VPERMQ copies each table into both lanes, and two
// VPSHUFB by their index256 row (R8), the second with 0x80 (Y11) flipped,
// pick the output, 8 to 24 bytes, which one store writes with bytes the
// next store overwrites.
#define CHUNK256(Q, HL, LANES) \
	NEXTROW; \
	VPERMQ    Q, Y0, Y6; \
	VPSHUFB   (R8)(BX*1), Y6, Y6; \
	VPXOR     (R8)(BX*1), Y11, Y7; \
	VPERMQ    LANES, HL, Y8; \
	VPSHUFB   Y7, Y8, Y8; \
	VPOR      Y8, Y6, Y6; \
	VMOVDQU   Y6, (DI)(R12*1); \
	LEAQ      8(R12)(CX*2), R12

// func encodeOctetsAVX2(dst *byte, room int, src *byte, n int, set *octetSet, k *octetConsts) (used, wrote int)
//
// encodeOctetsAVX512 32 octets at a time: each block is classified
// (KEEP256), stored as it is when nothing is to be escaped, and otherwise
// written 8 octets at a time (CHUNK256).
TEXT ·encodeOctetsAVX2(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), R13
	MOVQ    set+32(FP), R9
	MOVQ    k+40(FP), DX
	VMOVDQU 32(R9), Y15           // lo
	VMOVDQU 64(R9), Y14           // hi
	VMOVDQU 0(DX), Y13            // bitSel, its first 32 bytes
	VMOVDQU 64(DX), Y12           // hex
	VMOVDQU 256(DX), Y11          // 0x80
	LEAQ    320(DX), R8          // index256
	XORQ    R11, R11              // used
	XORQ    R12, R12              // wrote

enc256loop:
	LEAQ      32(R11), AX
	CMPQ      AX, R13
	JA        enc256done
	VMOVDQU   (SI)(R11*1), Y0
	KEEP256
	VPMOVMSKB Y3, AX
	POPCNTL   AX, BX
	LEAQ      56(R12)(BX*2), BX   // the block's output and the 24 bytes past it its last store writes
	CMPQ      BX, R10
	JA        enc256done
	VPBLENDVB Y4, 192(DX), Y0, Y0 // space becomes '+'
	TESTL     AX, AX
	JNZ       enc256escapes
	VMOVDQU   Y0, (DI)(R12*1)
	ADDQ      $32, R11
	ADDQ      $32, R12
	JMP       enc256loop

enc256escapes:
	VPSHUFB     Y1, Y12, Y1       // the high digits
	VPSHUFB     Y2, Y12, Y2       // the low digits
	VPBLENDVB   Y3, 224(DX), Y0, Y0 // '%' for each octet to escape
	VPUNPCKLQDQ Y2, Y1, Y4        // high 0-7, low 0-7 | high 16-23, low 16-23
	VPUNPCKHQDQ Y2, Y1, Y5        // high 8-15, low 8-15 | high 24-31, low 24-31
	CHUNK256($0x00, Y4, $0x44)
	CHUNK256($0x55, Y5, $0x44)
	CHUNK256($0xAA, Y4, $0xEE)
	CHUNK256($0xFF, Y5, $0xEE)
	ADDQ        $32, R11
	JMP         enc256loop

enc256done:
	VZEROUPPER
	MOVQ    R11, used+48(FP)
	MOVQ    R12, wrote+56(FP)
	RET

// func indexEscapeAVX512(src *byte, n int, set *octetSet, k *octetConsts) int
//
// The index of the first of the n octets at src that is not copied as it
// is (KEEPLOW512..., and a space that becomes '+'), or n: 64 octets at a time,
// the last fewer with a masked load.
TEXT ·indexEscapeAVX512(SB), NOSPLIT, $0-40
	MOVQ      src+0(FP), SI
	MOVQ      n+8(FP), CX
	MOVQ      set+16(FP), AX
	MOVQ      k+24(FP), DX
	KEEPSET512
	MOVQ      96(AX), BX
	KMOVQ     BX, K6
	VPBROADCASTB 160(DX), Z11
	XORQ      R11, R11

index512loop:
	LEAQ      64(R11), AX
	CMPQ      AX, CX
	JA        index512last
	VMOVDQU64 (SI)(R11*1), Z0
	KEEPLOW512
	TESTQ     R15, R15
	JZ        index512kept
	KEEPHIGH512

index512kept:
	KEEPEND512
	VPCMPEQB  Z0, Z11, K6, K4
	KANDNQ    K1, K4, K1
	KMOVQ     K1, AX
	NOTQ      AX
	TESTQ     AX, AX
	JNZ       index512found
	ADDQ      $64, R11
	JMP       index512loop

index512last:
	MOVQ      CX, BX
	SUBQ      R11, BX
	JZ        index512none
	MOVQ      $-1, AX
	BZHIQ     BX, AX, BX
	KMOVQ     BX, K2
	VMOVDQU8.Z (SI)(R11*1), K2, Z0
	KEEPLOW512
	TESTQ     R15, R15
	JZ        index512lastkept
	KEEPHIGH512

index512lastkept:
	KEEPEND512
	VPCMPEQB  Z0, Z11, K6, K4
	KANDNQ    K1, K4, K1
	KMOVQ     K1, AX
	NOTQ      AX
	ANDQ      BX, AX
	JZ        index512none

index512found:
	TZCNTQ    AX, AX
	ADDQ      R11, AX
	VZEROUPPER
	MOVQ      AX, ret+32(FP)
	RET

index512none:
	VZEROUPPER
	MOVQ      CX, ret+32(FP)
	RET
