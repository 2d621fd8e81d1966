//go:build !purego

#include "textflag.h"

// FDESCAPES decodes the escapes of the block Z0 (decodeOctetsEndAVX512),
// whose '%' are the bits of AX and K1, from the first and second digits
// after each byte (Z2, Z3), as decodeOctetsAVX512 does, but with the first
// digit's value read shifted left by 4 (hexValueHigh): it jumps to fddone
// when a '%' of the block has not two hex digits after it; otherwise each
// '%' of Z0 becomes its octet and BX is the mask of the bytes kept (not
// the 2 after a '%', nor the carry R8 from the block before). It uses Z4
// to Z7, K3 and R13.
#define FDESCAPES \
	VPERMB  Z16, Z2, Z4; \
	VPERMB  Z18, Z2, Z6; \
	VPCMPEQB Z2, Z6, K3; \
	VPERMB  Z17, Z3, Z5; \
	VPERMB  Z18, Z3, Z7; \
	VPCMPEQB Z3, Z7, K3, K3; \
	KMOVQ   K3, BX; \
	NOTQ    BX; \
	ANDQ    AX, BX; \
	JNZ     fddone; \
	VPORD   Z5, Z4, Z4; \
	VMOVDQU8 Z4, K1, Z0; \
	LEAQ    (AX)(AX*1), BX; \
	LEAQ    (BX)(BX*1), R13; \
	ORQ     R13, BX; \
	ORQ     R8, BX; \
	NOTQ    BX

// FDCARRY sets R8 to the carry into the next block from the '%' mask AX:
// bit 0 for a '%' at 62, bits 0 and 1 for one at 63. AX is clobbered.
#define FDCARRY \
	MOVQ    AX, R8; \
	SHRQ    $62, R8; \
	SHRQ    $63, AX; \
	ORQ     AX, R8

// func decodeOctetsEndAVX512(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)
//
// The octet decode with no escape kept (decodeInto) of the n bytes at src
// into the room bytes at dst, with plus read as space ('%' for none): for
// the form decode, '+' then the lenient percent-decode. It goes 64 bytes
// of src at a time as decodeOctetsAVX512 does with no keep table, but to
// the end of src: while at least 66 bytes are left and 64 of room,
// each block is loaded and stored whole; after that, the last blocks are
// loaded with masks (zero past the end, so that an escape cut by the end
// has no hex digits and stops the call) and stored with one. It stops
// before a block with a '%' without two hex digits after it, or whose
// octets do not fit in room, for the caller; it never ends inside an escape
// (the digits of one carried into the block where it stops count as used).
TEXT ·decodeOctetsEndAVX512(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), CX
	MOVBQZX plus+32(FP), AX
	MOVQ    k+40(FP), DX
	VPBROADCASTB AX, Z15           // plus
	VPBROADCASTB 0(DX), Z8         // '%'
	VPBROADCASTB 96(DX), Z28       // ' '
	VMOVDQU64 8448(DX), Z17        // hexValue
	VMOVDQU64 8512(DX), Z18        // hexChar
	VMOVDQU64 8576(DX), Z16        // hexValueHigh
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote
	XORQ    R8, R8                 // carry

fdloop:
	LEAQ    66(R11), AX
	CMPQ    AX, CX
	JA      fdtail
	LEAQ    64(R12), AX
	CMPQ    AX, R10
	JA      fdtail
	VMOVDQU64 (SI)(R11*1), Z0
	VPCMPEQB Z0, Z8, K1            // '%', before plus (which may be '%') becomes ' '
	VPCMPEQB Z0, Z15, K2           // plus
	VMOVDQU8 Z28, K2, Z0           // plus becomes ' '
	KMOVQ   K1, AX
	MOVQ    AX, BX
	ORQ     R8, BX
	JNZ     fdescapes
	VMOVDQU64 Z0, (DI)(R12*1)
	ADDQ    $64, R11
	MOVQ    $64, BX
	JMP     fdnext

fdescapes:
	VMOVDQU64 1(SI)(R11*1), Z2     // the first digit after each byte
	VMOVDQU64 2(SI)(R11*1), Z3     // the second
	FDESCAPES
	FDCARRY
	ADDQ    $64, R11
	KMOVQ   BX, K7
	VPCOMPRESSB.Z Z0, K7, Z1
	VMOVDQU64 Z1, (DI)(R12*1)
	POPCNTQ BX, BX
	JMP     fdnext

fdtail:
	MOVQ    CX, AX
	SUBQ    R11, AX                // the bytes left
	JLE     fddone
	MOVQ    $66, BX
	CMPQ    AX, BX
	CMOVQGT BX, AX                 // at most 66: BZHI reads the low byte of its index
	MOVQ    $-1, R13
	BZHIQ   AX, R13, BX
	KMOVQ   BX, K4                 // the bytes of the block
	DECQ    AX
	BZHIQ   AX, R13, BX
	KMOVQ   BX, K5                 // the first digits there are
	DECQ    AX
	XORQ    BX, BX
	TESTQ   AX, AX
	CMOVQGE R13, BX
	BZHIQ   AX, BX, BX
	KMOVQ   BX, K6                 // the second digits there are
	VMOVDQU8.Z (SI)(R11*1), K4, Z0
	VPCMPEQB Z0, Z8, K1            // '%', before plus (which may be '%') becomes ' '
	VPCMPEQB Z0, Z15, K2           // plus
	VMOVDQU8 Z28, K2, Z0           // plus becomes ' '
	KMOVQ   K1, AX
	MOVQ    AX, BX
	ORQ     R8, BX
	JNZ     fdtailescapes
	KMOVQ   K4, BX
	POPCNTQ BX, BX
	LEAQ    (R12)(BX*1), R13
	CMPQ    R13, R10
	JA      fddone                 // no room for the block
	VMOVDQU8 Z0, K4, (DI)(R12*1)
	ADDQ    BX, R11
	JMP     fdnext

fdtailescapes:
	VMOVDQU8.Z 1(SI)(R11*1), K5, Z2
	VMOVDQU8.Z 2(SI)(R11*1), K6, Z3
	FDESCAPES
	KMOVQ   K4, R13
	ANDQ    R13, BX                // not the zeros past the end
	KMOVQ   BX, K7
	POPCNTQ BX, BX
	LEAQ    (R12)(BX*1), R13
	CMPQ    R13, R10
	JA      fddone                 // no room for the block
	VPCOMPRESSB.Z Z0, K7, Z1
	MOVQ    $-1, R13
	BZHIQ   BX, R13, R13
	KMOVQ   R13, K3
	VMOVDQU8 Z1, K3, (DI)(R12*1)
	FDCARRY
	KMOVQ   K4, AX
	POPCNTQ AX, AX
	ADDQ    AX, R11
	JMP     fdnext

// The block's BX octets are written.
fdnext:
	ADDQ    BX, R12
	JMP     fdloop

fddone:
	POPCNTQ R8, R8                 // the digits of the last escape taken
	ADDQ    R8, R11
	MOVQ    R11, used+48(FP)
	MOVQ    R12, wrote+56(FP)
	VZEROUPPER
	RET
