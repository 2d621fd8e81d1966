//go:build !purego

#include "textflag.h"
#include "funcdata.h"

// INSET(in, t1, t2, k): k gets a bit for each byte of in that is in the
// set whose bitmap Z8 holds twice over (keepBitmap):
// VPERMB picks byte c>>3 of the bitmap (a word shift brings a bit of the
// next byte into bit 5 of the index, which the second copy makes moot) and
// 1<<(c&7) from bitSel (Z9). t1 and t2 are clobbered.
#define INSET(in, t1, t2, k) \
	VPSRLW  $3, in, t1; \
	VPERMB  Z8, t1, t1; \
	VPERMB  Z9, in, t2; \
	VPTESTMB t1, t2, k

// U8CONSTS loads the constants of U8BLOCK from the utf16ToUTF8Consts at
// DX: 0xFF80 (the bits of a unit at or above 0x80) in Z10, 0xF800 (at or
// above 0x800) in Z11, 0xD800 (a surrogate, after 0xF800) in Z12, lead2
// and lead3 in Z14 and Z15, the bits of two- and three-octet UTF-8 that
// come from the unit in Z25 and Z27, the VPMULTISHIFTQB offsets of two and
// three octets in Z24 and Z26, and the first octet of each doubleword in
// K7. AX is clobbered.
#define U8CONSTS \
	VPBROADCASTD 0(DX), Z10; \
	VPBROADCASTD 4(DX), Z11; \
	VPBROADCASTD 8(DX), Z12; \
	VPBROADCASTD 16(DX), Z14; \
	VPBROADCASTD 20(DX), Z15; \
	VPBROADCASTD 12(DX), Z25; \
	VPBROADCASTD 24(DX), Z27; \
	VPBROADCASTQ 32(DX), Z24; \
	VPBROADCASTQ 40(DX), Z26; \
	MOVQ    $0x1111111111111111, AX; \
	KMOVQ   AX, K7

// U8QUARTER writes the UTF-8 of the 16 units at off(R8), whose bits are
// the low 16 of BX, to (DI)(R12*1), and advances R12: narrowed (VPACKUSWB)
// when they are all below 0x80, else as utf16ToUTF8AVX512's comment says.
#define U8QUARTER(off, multi, next) \
	TESTL   $0xFFFF, BX; \
	JNZ     multi; \
	VMOVDQU off(R8), X2; \
	VPACKUSWB off+16(R8), X2, X2; \
	VMOVDQU X2, (DI)(R12*1); \
	ADDQ    $16, R12; \
	JMP     next; \
multi: \
	VPMOVZXWD off(R8), Z2; \
	VPTESTMD Z10, Z2, K2; \
	VPTESTMD Z11, Z2, K3; \
	VPMULTISHIFTQB Z2, Z24, Z3; \
	VPMULTISHIFTQB Z2, Z26, Z4; \
	VPTERNLOGD $0xEA, Z14, Z25, Z3; \
	VPTERNLOGD $0xEA, Z15, Z27, Z4; \
	VMOVDQA32 Z3, K2, Z2; \
	VMOVDQA32 Z4, K3, Z2; \
	VPTESTMB Z2, Z2, K4; \
	KORQ    K7, K4, K4; \
	VPCOMPRESSB.Z Z2, K4, Z9; \
	VMOVDQU64 Z9, (DI)(R12*1); \
	KMOVQ   K4, AX; \
	POPCNTQ AX, AX; \
	ADDQ    AX, R12; \
next: \
	SHRQ    $16, BX

// U8BLOCK writes the UTF-8 of the 64 code units at R8 to (DI)(R12*1), with
// 64-byte stores that write up to 256 bytes from there, and advances R12;
// it jumps to surr, having written nothing, when they hold a surrogate.
// The constants are U8CONSTS's; AX, BX, R13, Z0 to Z4, Z9 and K2 to K6
// are clobbered.
#define U8BLOCK(surr) \
	VMOVDQU64 (R8), Z0; \
	VMOVDQU64 64(R8), Z1; \
	VPTESTMW Z10, Z0, K5; \
	VPTESTMW Z10, Z1, K6; \
	KORTESTD K5, K6; \
	JNZ     u8multi; \
	VPMOVWB Z0, Y0; \
	VPMOVWB Z1, Y1; \
	VINSERTI64X4 $1, Y1, Z0, Z0; \
	VMOVDQU64 Z0, (DI)(R12*1); \
	ADDQ    $64, R12; \
	JMP     u8end; \
u8multi: \
	VPANDD  Z11, Z0, Z2; \
	VPANDD  Z11, Z1, Z3; \
	VPCMPEQW Z12, Z2, K2; \
	VPCMPEQW Z12, Z3, K3; \
	KORTESTD K2, K3; \
	JNZ     surr; \
	KMOVD   K5, BX; \
	KMOVD   K6, R13; \
	SHLQ    $32, R13; \
	ORQ     R13, BX; \
	U8QUARTER(0, u8multi0, u8next0); \
	U8QUARTER(32, u8multi1, u8next1); \
	U8QUARTER(64, u8multi2, u8next2); \
	U8QUARTER(96, u8multi3, u8next3); \
u8end:

// func utf16ToUTF8AVX512(dst *byte, room int, src *uint16, n int, k *utf16ToUTF8Consts) (used, wrote int)
//
// The UTF-8 of blocks of 64 code units of src while 64 are left and room
// has 256 bytes more than written; it stops before a block that holds a
// surrogate (0xD800 to 0xDFFF). A block of units below 0x80 is narrowed to
// bytes (VPMOVWB) and stored. Any other block goes 16 units at a time: 16
// units below 0x80 are narrowed (VPACKUSWB, which needs no AVX-512 VL);
// any other 16 are each widened to a doubleword that holds its octets in
// order: the unit c
// itself below 0x80; 0xC0|c>>6 and 0x80|c&0x3F below 0x800; 0xE0|c>>12,
// 0x80|c>>6&0x3F and 0x80|c&0x3F above (VPMULTISHIFTQB takes the bits of c
// from offsets 6 and 0, or 12, 6 and 0, and VPTERNLOGD masks them and adds
// the fixed bits). VPCOMPRESSB keeps the octets of
// each (the mask: the first octet of each doubleword, which may be zero,
// and the others that are not zero: they are at or above 0x80), and the
// 64-byte store is overwritten past them by the next.
TEXT ·utf16ToUTF8AVX512(SB), NOSPLIT, $0-56
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), CX
	MOVQ    k+32(FP), DX
	U8CONSTS
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote

u8loop:
	LEAQ    64(R11), AX
	CMPQ    AX, CX
	JA      u8done
	LEAQ    256(R12), AX
	CMPQ    AX, R10
	JA      u8done
	LEAQ    (SI)(R11*2), R8
	U8BLOCK(u8done)
	ADDQ    $64, R11
	JMP     u8loop

u8done:
	VZEROUPPER
	MOVQ    R11, used+40(FP)
	MOVQ    R12, wrote+48(FP)
	RET

// func encodedLenAVX512(src *uint16, n int, keep *[64]byte, k *utf16ToUTF8Consts) (used, length int)
//
// The length of Encode step 4's output for blocks of 32 code units of src
// while 32 are left, up to a block that holds a surrogate: 3 octets for a
// unit below 0x80 outside the set and 1 for one in it, 6 for one below
// 0x800, 9 for any other. The units are narrowed to bytes (VPMOVWB); the
// set is read as INSET reads it (byte c>>3 of keepBitmap's bitmap
// twice over by VPERMB, tested with 1<<(c&7)), and the masks counted with
// POPCNT: 32 octets, 2 more for each escaped unit below 0x80, 5 more for
// each from 0x80 and 3 more again for each from 0x800.
TEXT ·encodedLenAVX512(SB), NOSPLIT, $0-48
	MOVQ    src+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    keep+16(FP), AX
	VMOVDQU64 (AX), Z8             // the set's bitmap, twice
	MOVQ    k+24(FP), DX
	VPBROADCASTD 0(DX), Z10        // 0xFF80
	VPBROADCASTD 4(DX), Z11        // 0xF800
	VPBROADCASTD 8(DX), Z12        // 0xD800
	VMOVDQU64 64(DX), Z9           // bitSel
	XORQ    BX, BX                 // used
	XORQ    R9, R9                 // length
	ANDQ    $-32, CX

lenloop:
	CMPQ    BX, CX
	JAE     lendone
	VMOVDQU64 (SI)(BX*2), Z0
	VPANDD  Z11, Z0, Z1
	VPCMPEQW Z12, Z1, K3
	KORTESTD K3, K3
	JNZ     lendone                // a surrogate: the caller's
	VPTESTMW Z10, Z0, K1           // at or above 0x80
	VPTESTMW Z11, Z0, K2           // at or above 0x800
	VPMOVWB Z0, Y1
	INSET(Z1, Z2, Z3, K4)          // in the set (below 0x80)
	KORD    K1, K4, K4             // not an escaped unit below 0x80
	KMOVD   K4, AX
	NOTL    AX
	POPCNTL AX, AX
	KMOVD   K1, R8
	POPCNTL R8, R8
	KMOVD   K2, R10
	POPCNTL R10, R10
	LEAQ    32(R9)(AX*2), R9
	LEAQ    (R8)(R8*4), R8
	ADDQ    R8, R9
	LEAQ    (R10)(R10*2), R10
	ADDQ    R10, R9
	ADDQ    $32, BX
	JMP     lenloop

lendone:
	VZEROUPPER
	MOVQ    BX, used+32(FP)
	MOVQ    R9, length+40(FP)
	RET

// func keptASCIIAVX512(dst *byte, room int, src *uint16, n int, keep *[64]byte, k *utf16ToUTF8Consts) (used int)
//
// The code units at the start of src that are below 0x80 and in the set,
// as bytes, up to n of them and room: 64 at a time while a whole block of
// 64 is copied, then 32 at a time: a block is loaded
// under a mask of the units left (the others read as zero), narrowed
// (VPMOVWB) and tested against the set as encodedLenAVX512 tests it, and
// stored whole where room has 32 bytes, else its bytes up to the first
// unit outside the set under a mask (a masked store is slow on some CPUs).
// With dst nil it stores nothing and only counts them, up to room.
TEXT ·keptASCIIAVX512(SB), NOSPLIT, $0-56
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), R8
	CMPQ    R10, R8
	CMOVQLT R10, R8                // n = min(n, room): one byte a unit
	MOVQ    keep+32(FP), AX
	VMOVDQU64 (AX), Z8             // the set's bitmap, twice
	MOVQ    k+40(FP), DX
	VPBROADCASTD 0(DX), Z10        // 0xFF80
	VMOVDQU64 64(DX), Z9           // bitSel
	XORQ    BX, BX                 // used

kept64:
	LEAQ    64(BX), CX
	CMPQ    CX, R8
	JA      keptloop
	VMOVDQU64 (SI)(BX*2), Z0
	VMOVDQU64 64(SI)(BX*2), Z4
	VPORQ   Z0, Z4, Z5
	VPTESTMW Z10, Z5, K1           // a unit at or above 0x80 (in either half)
	KORTESTD K1, K1
	JNZ     keptloop
	VPMOVWB Z0, Y1
	VPMOVWB Z4, Y5
	VINSERTI64X4 $1, Y5, Z1, Z1
	INSET(Z1, Z2, Z3, K4)          // in the set
	KORTESTQ K4, K4
	JCC     keptloop               // not all 64: the block of 32 finds where
	TESTQ   DI, DI
	JZ      2(PC)                  // counting only
	VMOVDQU64 Z1, (DI)(BX*1)
	ADDQ    $64, BX
	JMP     kept64

keptloop:
	MOVQ    R8, CX
	SUBQ    BX, CX                 // units left
	JLE     keptdone
	MOVL    $0xFFFFFFFF, AX
	KMOVD   AX, K5
	CMPQ    CX, $32
	JB      keptpart
	VMOVDQU64 (SI)(BX*2), Z0
	JMP     keptblock

keptpart:
	MOVL    $1, AX
	SHLQ    CX, AX
	DECQ    AX
	KMOVD   AX, K5                 // the units left
	VMOVDQU16.Z (SI)(BX*2), K5, Z0

keptblock:
	VPTESTMW Z10, Z0, K1           // at or above 0x80
	VPMOVWB Z0, Y1
	INSET(Z1, Z2, Z3, K4)          // in the set, for a unit below 0x80
	KANDNQ  K4, K1, K4             // in the set and below 0x80
	KANDQ   K5, K4, K4             // and left
	KMOVD   K4, AX
	NOTL    AX
	BTSQ    $32, AX
	BSFQ    AX, AX                 // the units up to the first other
	CMPQ    AX, $32
	JB      keptlast
	TESTQ   DI, DI
	JZ      2(PC)                  // counting only
	VMOVDQU Y1, (DI)(BX*1)
	ADDQ    $32, BX
	JMP     keptloop

keptlast:
	TESTQ   DI, DI
	JZ      keptadd                // counting only
	LEAQ    32(BX), CX
	CMPQ    CX, R10
	JA      keptmasked
	VMOVDQU Y1, (DI)(BX*1)         // room for the whole block: no masked store (slow)
	ADDQ    AX, BX
	JMP     keptdone

keptmasked:
	MOVQ    AX, CX
	MOVL    $1, R9
	SHLQ    CX, R9
	DECQ    R9
	KMOVD   R9, K6
	VMOVDQU8 Y1, K6, (DI)(BX*1)

keptadd:
	ADDQ    AX, BX

keptdone:
	VZEROUPPER
	MOVQ    BX, used+48(FP)
	RET

// func encodeUTF16OctetsAVX512(dst *byte, room int, src *uint16, n int, set *octetSet, oc *octetConsts, k *utf16ToUTF8Consts) (used, wrote int, short bool)
//
// Encode step 4 for the code units of src, to the room bytes at dst, up to
// the first block of 64 units that holds a surrogate: the UTF-8 of 64
// units at a time (U8BLOCK), the last fewer than 64 read with a masked
// load (zero units after them, whose octets, one each and the last, are
// dropped), goes to a buffer in the frame (not zeroed, as a Go array would
// be) until it holds more than 2048 octets, and encodeOctetsAVX512 escapes
// its whole blocks of 64 octets into dst with the set (as escapeOctetsRoom
// does), the rest kept for the next chunk (a short block, which the kernel
// writes with masked stores, only at the end); at a surrogate or the end
// of src, it escapes all the octets left. encodeOctetsAVX512 writes all
// the octets it is given when room has their output, and else stops
// short, never past room. It returns the units whose output it wrote and
// the bytes it wrote, or, when the output of some octets did not fit (then
// neither does the output of all of src), 0, 0 and short.
//
// The frame: the arguments and results of encodeOctetsAVX512 at 0 to 63,
// the bytes written at 72, whether the buffer is full (not the last chunk)
// at 80, the units transcoded at 88, the octets in the buffer at 96, those
// escaped at 104, a zero-padded copy of the last units at 128 to 255, and
// the buffer from 256 (2048 octets and the 256 bytes U8BLOCK may store
// past them).
TEXT ·encodeUTF16OctetsAVX512(SB), 0, $2560-73
	NO_LOCAL_POINTERS
	MOVQ    $0, 72(SP)
	XORQ    R11, R11               // units transcoded
	XORQ    R12, R12               // octets in the buffer

ecchunk:
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), CX
	MOVQ    k+48(FP), DX
	U8CONSTS
	LEAQ    256(SP), DI            // the buffer
	MOVQ    $0, 80(SP)

ecblock:
	CMPQ    R12, $2048
	JA      ecfull
	MOVQ    CX, AX
	SUBQ    R11, AX                // units left
	JZ      ecflush
	XORQ    R9, R9                 // zero units after them
	LEAQ    (SI)(R11*2), R8
	CMPQ    AX, $64
	JAE     ecbody
	MOVQ    $-1, BX
	BZHIQ   AX, BX, BX
	KMOVD   BX, K5
	SHRQ    $32, BX
	KMOVD   BX, K6
	VMOVDQU16.Z (R8), K5, Z0
	VMOVDQU16.Z 64(R8), K6, Z1
	VMOVDQU64 Z0, 128(SP)
	VMOVDQU64 Z1, 192(SP)
	LEAQ    128(SP), R8
	MOVQ    $64, R9
	SUBQ    AX, R9

ecbody:
	U8BLOCK(ecflush)
	SUBQ    R9, R12                // the zero units' octets
	ADDQ    $64, R11
	SUBQ    R9, R11
	JMP     ecblock

ecfull:
	MOVQ    $1, 80(SP)

ecflush:
	MOVQ    R11, 88(SP)
	MOVQ    R12, 96(SP)
	CMPQ    80(SP), $0
	JE      2(PC)
	ANDQ    $-64, R12              // full: its whole blocks of 64 octets
	TESTQ   R12, R12
	JZ      ecdone
	MOVQ    R12, 104(SP)
	MOVQ    dst+0(FP), AX
	MOVQ    room+8(FP), BX
	ADDQ    72(SP), AX
	SUBQ    72(SP), BX             // room left
	MOVQ    AX, 0(SP)
	MOVQ    BX, 8(SP)
	LEAQ    256(SP), AX
	MOVQ    AX, 16(SP)
	MOVQ    R12, 24(SP)
	MOVQ    set+32(FP), AX
	MOVQ    AX, 32(SP)
	MOVQ    oc+40(FP), AX
	MOVQ    AX, 40(SP)
	CALL    ·encodeOctetsAVX512(SB)
	MOVQ    48(SP), AX
	CMPQ    AX, 104(SP)
	JNE     ecshort                // not all of them: no room
	MOVQ    56(SP), AX
	ADDQ    AX, 72(SP)
	CMPQ    80(SP), $0
	JE      ecdone
	// Move the octets left (fewer than 64) to the start of the buffer.
	MOVQ    104(SP), AX
	LEAQ    256(SP), R8
	VMOVDQU64 (R8)(AX*1), Z0
	VMOVDQU64 Z0, (R8)
	MOVQ    96(SP), R12
	SUBQ    AX, R12
	MOVQ    88(SP), R11
	JMP     ecchunk

ecdone:
	MOVQ    88(SP), AX
	MOVQ    AX, used+56(FP)
	MOVQ    72(SP), AX
	MOVQ    AX, wrote+64(FP)
	MOVB    $0, short+72(FP)
	VZEROUPPER
	RET

ecshort:
	MOVQ    $0, used+56(FP)
	MOVQ    $0, wrote+64(FP)
	MOVB    $1, short+72(FP)
	VZEROUPPER
	RET
