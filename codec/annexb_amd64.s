//go:build !purego

#include "textflag.h"

// func narrowLatin1AVX2(dst *byte, src *uint16, n int) int
//
// For each block of 32 code units while 32 are left: when none is at or
// above 256 (the OR of the two halves has no bit of 0xFF00), VPACKUSWB
// packs them to bytes, which it does lane by lane, so VPERMQ puts the
// quarters in order, and the 32 bytes are stored; the first block with a
// unit from 256 on ends the loop. It returns the units it narrowed.
TEXT ·narrowLatin1AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ANDQ $-32, CX
	XORQ BX, BX
	VPCMPEQB Y15, Y15, Y15
	VPSLLW $8, Y15, Y15 // 0xFF00 in every unit

loop:
	CMPQ BX, CX
	JAE  done
	VMOVDQU (SI)(BX*2), Y0
	VMOVDQU 32(SI)(BX*2), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y15, Y2
	JNZ  done
	VPACKUSWB Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (DI)(BX*1)
	ADDQ $32, BX
	JMP  loop

done:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET

// ESCCONSTS loads the constants of escapeUTF8AVX512 from the
// escape512Consts at DX into Z16 to Z31 (escapeUTF16AVX512 loads the few
// it needs itself).
#define ESCCONSTS \
	VPBROADCASTQ 0(DX), Z16; \
	VPBROADCASTQ 8(DX), Z17; \
	VPBROADCASTQ 16(DX), Z18; \
	VPBROADCASTQ 24(DX), Z19; \
	VPBROADCASTQ 32(DX), Z20; \
	VPBROADCASTQ 40(DX), Z21; \
	VPBROADCASTQ 48(DX), Z22; \
	VPBROADCASTQ 56(DX), Z23; \
	VPBROADCASTQ 64(DX), Z24; \
	VPBROADCASTQ 72(DX), Z25; \
	VPBROADCASTQ 80(DX), Z26; \
	VPBROADCASTQ 88(DX), Z27; \
	VPBROADCASTQ 96(DX), Z28; \
	VPBROADCASTQ 104(DX), Z29; \
	VPBROADCASTQ 112(DX), Z30; \
	VMOVDQU64 120(DX), Z31

// ESC8 escapes the 8 code units in the quadwords of Z0 to (DI)(R12*1) and
// leaves in R9 the mask of the bytes of Z0 it wrote, one bit a byte, whose
// count the caller adds to R12; it stores 64 bytes, those past its escapes
// overwritten later. K1 marks the units from 256 on (step 9), K2 those of
// EscapeKeep (steps 7, 13: bit c of the set's two words, shifted out by c
// and by c-64, both 0 from 128 on). Each quadword becomes its escape:
// VPMULTISHIFTQB puts the nibbles of the unit in the digit bytes
// ("%uWXYZ" at bytes 2-5, "%XY" at 1-2), VPSHUFB maps them to uppercase
// digits, VPTERNLOGQ keeps the digits and adds '%' (and 'u'), and a kept
// unit is its own byte; VPMOVB2M makes the mask of each escape's bytes (1,
// 3 or 6 of its 8) and VPCOMPRESSB packs them, stored whole. VPCOMPRESSB
// waits on the register it writes even when it zeroes the bytes past the
// escapes (.Z), so Z10 is zeroed first (an idiom with no inputs), which
// ends the chain from one group's compress to the next (as EPART has a
// register for each part). Z1 to Z10, K1 to K3 are clobbered.
#define ESC8 \
	VPSRLQ $8, Z0, Z1; \
	VPTESTMQ Z1, Z1, K1; \
	VPSRLVQ Z0, Z27, Z2; \
	VPSUBQ Z30, Z0, Z3; \
	VPSRLVQ Z3, Z28, Z3; \
	VPORQ Z2, Z3, Z2; \
	VPTESTMQ Z29, Z2, K2; \
	VPBLENDMQ Z16, Z17, K1, Z4; \
	VPBLENDMQ Z18, Z19, K1, Z5; \
	VPBLENDMQ Z20, Z21, K1, Z6; \
	VPBLENDMQ Z22, Z23, K1, Z7; \
	VPBLENDMQ Z26, Z25, K1, Z8; \
	VMOVDQA64 Z24, K2, Z8; \
	VPMULTISHIFTQB Z0, Z4, Z9; \
	VPANDQ Z5, Z9, Z9; \
	VPSHUFB Z9, Z31, Z9; \
	VPTERNLOGQ $0xEA, Z7, Z6, Z9; \
	VMOVDQA64 Z0, K2, Z9; \
	VPMOVB2M Z8, K3; \
	VPXORD X10, X10, X10; \
	VPCOMPRESSB.Z Z9, K3, Z10; \
	VMOVDQU64 Z10, (DI)(R12*1); \
	KMOVQ K3, R9

// EPART(idx, merge, mask, z) writes a part of the escape of the block of
// escapeUTF16AVX512 to (R14), which goes on by its bytes: VPERMI2B takes
// the bytes 64p to 64p+63 of the block's units' slots of 6 bytes from the
// tables of the block (Z3, its low bytes' digits with the kept units in
// place, and Z4, its high bytes' digits) by the part's indexes (idx),
// under merge, which leaves bytes 0 and 1 of each slot as the indexes hold
// them, '%' and 'u': "%u" and the unit's four digits, the last of which
// is the unit itself when kept. The part's compress mask (mask, the bits
// 64p to 64p+63 of the units' patterns side by side: the slot's byte 5 for
// a kept unit, bytes 0, 4 and 5 for "%XY", 0 to 5 for "%uWXYZ") picks each
// escape's bytes, which VPCOMPRESSB packs to z, stored whole (the bytes
// past the escapes are overwritten by the next part or block or, after a
// call's last, left in the room past what it reports written: whole
// stores are made only while 256 bytes of room or more are left).
// VPCOMPRESSB waits on the register it writes even when it zeroes the
// bytes past the escapes (.Z), so each part has its own: the three parts
// of a block compress side by side. Z6, z, K1 and mask (left as its bit
// count) are clobbered.
#define EPART(idx, merge, mask, z) \
	VMOVDQA64 idx, Z6; \
	VPERMI2B Z4, Z3, merge, Z6; \
	KMOVQ mask, K1; \
	VPCOMPRESSB.Z Z6, K1, z; \
	VMOVDQU64 z, (R14); \
	POPCNTQ mask, mask; \
	ADDQ mask, R14

// EPARTX(idx, merge, mask, z) is EPART storing only the escapes' bytes,
// by a mask of their number; DX must be -1. AX and R8 are clobbered too.
#define EPARTX(idx, merge, mask, z) \
	VMOVDQA64 idx, Z6; \
	VPERMI2B Z4, Z3, merge, Z6; \
	KMOVQ mask, K1; \
	VPCOMPRESSB.Z Z6, K1, z; \
	POPCNTQ mask, AX; \
	BZHIQ AX, DX, R8; \
	KMOVQ R8, K1; \
	VMOVDQU8 z, K1, (R14); \
	ADDQ AX, R14

// ECLASS sets each unit's pattern of the block Z0 in Z1 (see
// escapeUTF16AVX512); K2 marks its units from 256 on.
#define ECLASS \
	VPMOVUSWB Z0, Y1; \
	VPMINUB Z23, Z1, Z1; \
	VPERMI2B Z19, Z18, Z1; \
	VMOVDQU8 Z28, K2, Z1

// EUNITS readies the escape of the block Z0 with the patterns Z1 and the
// kept units K3: the digits of every unit's bytes (VPERMB by the bytes,
// Z3, and by the bytes shifted right 4, Z4), each kept unit's word of Z3
// set to the unit, and the compress masks of the three parts, the units'
// 6-bit patterns side by side (VPMADDUBSW, VPMADDWD, VPERMB), in R9, R10
// and R12. Z5 and Z8 are clobbered.
#define EUNITS \
	VPERMB Z17, Z0, Z3; \
	VPSRLW $4, Z0, Z4; \
	VPERMB Z17, Z4, Z4; \
	VMOVDQU16 Z0, K3, Z3; \
	VPMADDUBSW Z30, Z1, Z8; \
	VPMADDWD Z31, Z8, Z8; \
	VPERMB Z8, Z27, Z8; \
	VMOVQ X8, R9; \
	VPEXTRQ $1, X8, R10; \
	VEXTRACTI32X4 $1, Y8, X5; \
	VMOVQ X5, R12

// EPARTS writes the block's escape with EPART.
#define EPARTS \
	EPART(Z24, K4, R9, Z7); \
	EPART(Z25, K5, R10, Z10); \
	EPART(Z26, K6, R12, Z11)

// EPARTSX(stop) writes the block's escape with EPARTX when it fits in
// room (R15), else jumps to stop. DX is clobbered.
#define EPARTSX(stop) \
	POPCNTQ R9, AX; \
	POPCNTQ R10, DX; \
	ADDQ DX, AX; \
	POPCNTQ R12, DX; \
	ADDQ DX, AX; \
	ADDQ R14, AX; \
	CMPQ AX, R15; \
	JA   stop; \
	MOVQ $-1, DX; \
	EPARTX(Z24, K4, R9, Z7); \
	EPARTX(Z25, K5, R10, Z10); \
	EPARTX(Z26, K6, R12, Z11)

// func escapeUTF16AVX512(dst *byte, room int, src *uint16, n int, k *escape512Consts) (used, wrote int)
//
// Runs Annex B.2.1 steps 5 to 16 over the n code units at src in blocks of
// 32 while the escape of the next block fits in room, up to the end of src.
// For each block: K2 marks the units from 256 on; each unit's
// pattern, the bytes of its slot of 6 that its escape takes (0x20 for a
// unit of EscapeKeep, step 13; 0x31 for "%XY", step 11; 0x3F for
// "%uWXYZ", step 9), is looked up by its low byte saturated to 0xFF and
// then to 0x80 (VPMOVUSWB, VPMINUB; a 128-entry table, VPERMI2B, in which
// 0, which 0x80 reads, is escaped) and set to 0x3F under K2 (ECLASS); K3
// marks the kept units. The last block, short of 32, is loaded masked, and
// the patterns of the lanes past its units are 0: they write nothing. A
// block of 32 kept units is stored as its bytes. Otherwise EUNITS readies
// the escape and EPART writes it in three parts of 64 bytes of slots, with
// whole stores while 256 bytes of room are left (the escape is at most
// 192 bytes, and EPART stores 64 bytes whole), else, when the escape fits
// in room, with stores masked to its bytes (EPARTX). BX is n-32, R14 where
// the next byte goes, R15 the end of room and R13 256 bytes before it. It
// returns the units it used and the bytes it wrote.
TEXT ·escapeUTF16AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R15
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), DX
	XORQ R11, R11             // used
	MOVQ DI, R14
	ADDQ DI, R15              // the end of room
	LEAQ -256(R15), R13
	LEAQ -32(CX), BX
	MOVL $0xFF00, AX
	VPBROADCASTW AX, Z21
	VMOVDQU64 120(DX), Z17    // hex: the digit of each byte's low nibble
	VMOVDQU64 1336(DX), Z18   // patterns of bytes 0-63
	VMOVDQU64 1400(DX), Z19   // 64-127
	VMOVDQU64 1464(DX), Z24   // indexes of part 0: slot bytes 0-63
	VMOVDQU64 1528(DX), Z25   // part 1
	VMOVDQU64 1592(DX), Z26   // part 2
	VMOVDQU64 1656(DX), Z30   // 1 and 64 in each word: VPMADDUBSW
	VMOVDQU64 1720(DX), Z31   // 1 and 4096 in each dword: VPMADDWD
	VMOVDQU64 1784(DX), Z27   // the low 3 bytes of each dword
	KMOVQ 1848(DX), K4        // the bytes of the indexes of part 0, not of "%u"
	KMOVQ 1856(DX), K5        // of part 1
	KMOVQ 1864(DX), K6        // of part 2
	MOVL $0x80, AX
	VPBROADCASTB AX, Z23
	MOVL $0x3F, AX
	VPBROADCASTB AX, Z28      // the pattern of "%uWXYZ"
	MOVL $0x20, AX
	VPBROADCASTB AX, Z29      // of a kept unit

eblock:
	CMPQ R11, BX
	JG   etail                // fewer than 32 units left
	VMOVDQU64 (SI)(R11*2), Z0
	VPTESTMW Z21, Z0, K2      // from 256 on
	ECLASS
	VPCMPEQB Z29, Z1, K3      // kept
	KORTESTD K3, K3
	JC   ekept
	EUNITS
	CMPQ R14, R13
	JA   enear
	EPARTS
	ADDQ $32, R11
	JMP  eblock

enear:
	EPARTSX(edone)
	ADDQ $32, R11
	JMP  eblock

ekept:
	LEAQ 32(R14), AX
	CMPQ AX, R15
	JA   edone
	VPMOVWB Z0, Y1
	VMOVDQU Y1, (R14)         // 32 kept units
	MOVQ AX, R14
	ADDQ $32, R11
	JMP  eblock

etail:
	MOVQ CX, R8
	SUBQ R11, R8              // the units left, fewer than 32
	JLE  edone
	MOVQ $-1, AX
	BZHIQ R8, AX, AX
	KMOVD AX, K1              // them
	VMOVDQU16.Z (SI)(R11*2), K1, Z0
	VPTESTMW Z21, Z0, K2
	ECLASS
	VMOVDQU8.Z Z1, K1, Z1     // no pattern past them
	VPCMPEQB Z29, Z1, K3
	EUNITS
	CMPQ R14, R13
	JA   etailnear
	EPARTS
	MOVQ CX, R11
	JMP  edone

etailnear:
	EPARTSX(edone)
	MOVQ CX, R11

edone:
	VZEROUPPER
	MOVQ R11, used+40(FP)
	SUBQ DI, R14
	MOVQ R14, wrote+48(FP)
	RET

// ESC16 escapes the 16 code units in the dwords of Z0, each below 256, to
// (DI)(R12*1) and leaves in R9 the mask of the bytes of Z0 it wrote, as
// ESC8 does for any 8: K2 marks the units of EscapeKeep (bit c&31 of the
// set's dword c>>5, picked by VPERMD; 0 from 128 on), kept as they are
// (step 13); every other becomes "%XY" (step 11): its nibbles put in bytes
// 1 and 2, VPSHUFB maps them to uppercase digits and VPTERNLOGD keeps
// those and adds '%'. VPMOVB2M makes the mask of each escape's bytes (1 or
// 3 of its 4) and VPCOMPRESSB packs them, stored whole (48 bytes at most),
// into Z10 zeroed first, as in ESC8. Z1 to Z4, Z8, Z10, K2 and K3 are
// clobbered; Z15 holds dDigits.
#define ESC16 \
	VPSRLD $5, Z0, Z1; \
	VPERMD 760(DX), Z1, Z1; \
	VPANDD 824(DX), Z0, Z2; \
	VPSRLVD Z2, Z1, Z1; \
	VPTESTMD 888(DX), Z1, K2; \
	VPSRLD $4, Z0, Z3; \
	VPSLLD $8, Z3, Z3; \
	VPANDD 952(DX), Z0, Z4; \
	VPSLLD $16, Z4, Z4; \
	VPORD Z4, Z3, Z3; \
	VPSHUFB Z3, Z31, Z3; \
	VPTERNLOGD $0xEA, 1016(DX), Z15, Z3; \
	VMOVDQA32 Z0, K2, Z3; \
	VMOVDQU32 1144(DX), Z8; \
	VMOVDQU32 1208(DX), K2, Z8; \
	VPMOVB2M Z8, K3; \
	VPXORD X10, X10, X10; \
	VPCOMPRESSB.Z Z3, K3, Z10; \
	VMOVDQU64 Z10, (DI)(R12*1); \
	KMOVQ K3, R9

// ADDBYTES(lanebytes) adds to R12 the bytes ESC8 or ESC16 wrote for the
// units of their group that there are, R14 of them (more when the group
// is full): those of R9 in the first lanebytes*R14 bytes of the group's
// vector (the units past them, 0s, come after). AX and BX are clobbered.
#define ADDBYTES(lanebytes) \
	LEAQ (R14*lanebytes), AX; \
	MOVQ $64, BX; \
	CMPQ AX, BX; \
	CMOVQLT AX, BX; \
	MOVQ $-1, AX; \
	BZHIQ BX, AX, AX; \
	ANDQ AX, R9; \
	POPCNTQ R9, R9; \
	ADDQ R9, R12

// ESCGROUP(g) escapes the code units 8g to 8g+7 of Z11, those of the R14
// there are (8g of them counted off before), with ESC8: the bytes of the
// lanes past them (units 0, which VPCOMPRESSW put there) are written after
// the others and not counted, so overwritten later. After the last, it
// jumps to u8next.
#define ESCGROUP(g) \
	VEXTRACTI32X4 $g, Z11, X0; \
	VPMOVZXWQ X0, Z0; \
	ESC8; \
	ADDBYTES(8); \
	SUBQ $8, R14; \
	JLE  u8next

// func escapeUTF8AVX512(dst *byte, room int, src *byte, n int, k *escape512Consts) (used, wrote int)
//
// Escapes the valid UTF-8 at src, up to its first four-byte sequence, in
// chunks of up to 32 octets while 176 bytes of room are left (a chunk
// writes at most 102, and ESC8 stores 64 bytes whole), and stops before
// 64 ASCII octets in a row (the octet encoders' work). For each chunk,
// loaded 64 octets at a time (masked at the end of src): each octet widened
// to a word with the two after it (VPERMB by idx0 to idx2); an octet that
// starts a character gives its code point, ASCII as it is, C2-DF with the
// next (two-octet), E0-EF with the next two (three-octet), which is one
// UTF-16 code unit; VPCOMPRESSW packs those of the chunk's starts (not the
// continuation octets 80-BF), and each half of them is escaped 16 at a
// time by ESC16 when all its units are below 256, else 8 at a time by
// ESCGROUP. The chunk ends at octet 32, the end of src or the first
// four-octet lead; the next starts there, its leading continuation octets
// (of a character the chunk before took) not starts. It returns the octets
// it used, whole characters, and the bytes it wrote.
TEXT ·escapeUTF8AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R10
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), DX
	ESCCONSTS
	VMOVDQU64 184(DX), Z12    // idx0: word j is octet j
	VMOVDQU64 248(DX), Z13    // idx1: octet j+1
	VMOVDQU64 312(DX), Z14    // idx2: octet j+2
	VMOVDQU64 1080(DX), Z15   // dDigits, for ESC16
	MOVQ $0x5555555555555555, AX
	KMOVQ AX, K7              // the low byte of each word
	XORQ R11, R11             // used
	XORQ R12, R12             // wrote

u8loop:
	LEAQ 176(R12), AX
	CMPQ AX, R10
	JA   u8done
	MOVQ CX, AX
	SUBQ R11, AX              // octets left
	JLE  u8done
	CMPQ AX, $64
	JB   u8short
	VMOVDQU64 (SI)(R11*1), Z0
	VPMOVB2M Z0, K2           // octets from 0x80 on
	KORTESTQ K2, K2
	JZ   u8done               // 64 ASCII octets: for the octet encoders
	VPCMPUB $5, 568(DX), Z0, K3 // four-octet leads (and F5-FF)
	KTESTD K3, K3
	JNZ  u8part
	// The common chunk: 32 octets, whatever continuation octets after
	// it (they start the next chunk, which skips them).
	VPANDD 376(DX), Z0, Z1
	VPCMPEQB 440(DX), Z1, K3  // continuation octets
	KNOTD K3, K5              // the starts of characters in the chunk
	KMOVD K5, R14
	POPCNTL R14, R14          // their code units
	MOVQ $32, R8              // the octets used
	JMP  u8units

u8short:
	MOVQ $-1, R13
	BZHIQ AX, R13, BX         // the left octets, fewer than 64
	KMOVQ BX, K1
	VMOVDQU8.Z (SI)(R11*1), K1, Z0
	VPMOVB2M Z0, K2
	VPCMPUB $5, 568(DX), Z0, K3

u8part:
	// A chunk short of 32 octets: at the end of src or before a
	// four-octet lead.
	KMOVQ K3, R9
	TZCNTQ R9, R9             // the first four-octet lead, or 64
	MOVQ $32, BX
	CMPQ AX, BX
	CMOVQLT AX, BX
	CMPQ R9, BX
	CMOVQLT R9, BX            // the chunk: min(left, 32, the first four-octet lead)
	TESTQ BX, BX
	JZ   u8done
	VPANDD 376(DX), Z0, Z1
	VPCMPEQB 440(DX), Z1, K3  // continuation octets
	KMOVQ K3, R9
	MOVQ $-1, R13
	BZHIQ BX, R13, R13        // the chunk's octets
	MOVQ R9, R8
	ORQ  R13, R8
	NOTQ R8
	TZCNTQ R8, R8             // the octets used: the chunk and the continuations after it
	MOVQ R9, R14
	NOTQ R14
	ANDQ R13, R14             // the starts of characters in the chunk
	KMOVQ R14, K5
	POPCNTQ R14, R14          // their code units

u8units:
	VPCMPUB $5, 504(DX), Z0, K6 // three-octet leads
	VPERMB.Z Z0, Z12, K7, Z1  // b0
	VPERMB.Z Z0, Z13, K7, Z2  // b1
	VPERMB.Z Z0, Z14, K7, Z3  // b2
	VPANDD 632(DX), Z2, Z2    // b1 & 0x3F
	VPANDD 632(DX), Z3, Z3    // b2 & 0x3F
	VPSLLW $6, Z1, Z5
	VPANDD 696(DX), Z5, Z5
	VPORD Z2, Z5, Z5          // two octets: (b0 & 0x1F)<<6 | b1 & 0x3F
	VPSLLW $6, Z2, Z4
	VPSLLW $12, Z1, Z6
	VPORD Z4, Z6, Z6
	VPORD Z3, Z6, Z6          // three: b0<<12 | (b1 & 0x3F)<<6 | b2 & 0x3F
	VMOVDQU16 Z5, K2, Z1
	VMOVDQU16 Z6, K6, Z1
	VPCOMPRESSW.Z Z1, K5, Z11 // the chunk's code units
	// Each half of them 16 at a time with ESC16 when all are below 256,
	// else 8 at a time with ESC8.
	VPCMPUW $5, 1272(DX), Z11, K4 // from 256 on
	KMOVD K4, R13
	TESTL $0xFFFF, R13
	JNZ  u8wide0
	VPMOVZXWD Y11, Z0
	ESC16
	ADDBYTES(4)
	SUBQ $16, R14
	JLE  u8next
	JMP  u8half1

u8wide0:
	ESCGROUP(0)
	ESCGROUP(1)

u8half1:
	SHRL $16, R13
	JNZ  u8wide1
	VEXTRACTI64X4 $1, Z11, Y0
	VPMOVZXWD Y0, Z0
	ESC16
	ADDBYTES(4)
	JMP  u8next

u8wide1:
	ESCGROUP(2)
	ESCGROUP(3)

u8next:
	ADDQ R8, R11
	JMP  u8loop

u8done:
	// Past the continuation octets of the last character taken.
	CMPQ R11, CX
	JAE  u8ret
	MOVBLZX (SI)(R11*1), AX
	ANDL $0xC0, AX
	CMPL AX, $0x80
	JNE  u8ret
	INCQ R11
	JMP  u8done

u8ret:
	VZEROUPPER
	MOVQ R11, used+40(FP)
	MOVQ R12, wrote+48(FP)
	RET

// func escapeLenUTF8AVX512(src *byte, n int, t *[256]byte) int
//
// The sum of t[c] over the n octets c at src, 64 at a time (masked at the
// end): t's halves looked up by VPERMI2B, the one of each octet's top bit
// kept, and the bytes summed by VPSADBW.
TEXT ·escapeLenUTF8AVX512(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ t+16(FP), DX
	VMOVDQU64 0(DX), Z20
	VMOVDQU64 64(DX), Z21
	VMOVDQU64 128(DX), Z22
	VMOVDQU64 192(DX), Z23
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5         // the sums
	XORQ R11, R11

elen8loop:
	MOVQ CX, AX
	SUBQ R11, AX
	JLE  elen8done
	MOVQ $64, BX
	CMPQ AX, BX
	CMOVQLT AX, BX            // BZHI reads the low byte of its index
	MOVQ $-1, R13
	BZHIQ BX, R13, BX
	KMOVQ BX, K1
	VMOVDQU8.Z (SI)(R11*1), K1, Z0
	VMOVDQA64 Z0, Z1
	VPERMI2B Z21, Z20, Z1     // t[c] for c below 0x80
	VMOVDQA64 Z0, Z2
	VPERMI2B Z23, Z22, Z2     // t[c] for c from 0x80 on
	VPMOVB2M Z0, K2
	VMOVDQU8 Z2, K2, Z1
	VMOVDQU8.Z Z1, K1, Z1
	VPSADBW Z4, Z1, Z1
	VPADDQ Z1, Z5, Z5
	ADDQ $64, R11
	JMP  elen8loop

elen8done:
	VEXTRACTI64X4 $1, Z5, Y6
	VPADDQ Y6, Y5, Y5
	VEXTRACTI128 $1, Y5, X6
	VPADDQ X6, X5, X5
	VPSHUFD $0x4E, X5, X6
	VPADDQ X6, X5, X5
	VMOVQ X5, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func escapeLenUTF16AVX512(src *uint16, n int, t *[256]byte) int
//
// The length of escape of the n code units at src, 32 at a time (masked
// at the end): t[c] for a unit c below 0x80 (VPMOVWB, VPERMI2B, VPSADBW),
// 3 for one below 256 (step 11), 6 for every other (step 9), counted from
// the masks.
TEXT ·escapeLenUTF16AVX512(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ t+16(FP), DX
	VMOVDQU64 0(DX), Z20
	VMOVDQU64 64(DX), Z21
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5         // the sums of t
	XORQ R11, R11
	XORQ R12, R12             // the escapes' bytes of the others

elen16loop:
	MOVQ CX, AX
	SUBQ R11, AX
	JLE  elen16done
	MOVQ $32, BX
	CMPQ AX, BX
	CMOVQLT AX, BX            // BZHI reads the low byte of its index
	MOVQ $-1, R13
	BZHIQ BX, R13, BX         // the min(left, 32) units
	KMOVQ BX, K1
	VMOVDQU16.Z (SI)(R11*2), K1, Z0
	VPSRLW $7, Z0, Z1
	VPTESTNMW Z1, Z1, K2      // below 0x80
	KANDD K1, K2, K2
	VPSRLW $8, Z0, Z1
	VPTESTNMW Z1, Z1, K3      // below 256
	KANDD K1, K3, K3
	KMOVD K2, R8
	KMOVD K3, R9
	POPCNTL BX, BX            // the units
	POPCNTL R9, R9            // below 256
	POPCNTL R8, R8            // below 0x80
	SUBQ R9, BX               // from 256 on
	SUBQ R8, R9               // 0x80 to 0xFF
	LEAQ (R9)(R9*2), R9
	ADDQ R9, R12
	LEAQ (BX)(BX*2), BX
	LEAQ (R12)(BX*2), R12
	VPMOVWB Z0, Y1
	VPERMI2B Z21, Z20, Z1
	VMOVDQU8.Z Z1, K2, Z1
	VPSADBW Z4, Z1, Z1
	VPADDQ Z1, Z5, Z5
	ADDQ $32, R11
	JMP  elen16loop

elen16done:
	VEXTRACTI64X4 $1, Z5, Y6
	VPADDQ Y6, Y5, Y5
	VEXTRACTI128 $1, Y5, X6
	VPADDQ X6, X5, X5
	VPSHUFD $0x4E, X5, X6
	VPADDQ X6, X5, X5
	VMOVQ X5, AX
	ADDQ R12, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// UNITS unescapes the units of a window of unescapeUTF16AVX512 (Z0 and
// Z1, the units 0-31 and 32-63; Z2, them as bytes; R8, P; R14, the units
// taken and R15 them a bit each; R13, the units carried in) and leaves the
// kept units of each half packed in Z11 and Z12, their numbers in BX and
// AX, and in R13 the units carried out. U is K2 (and R9), D is R10; the
// rotations' bits from the top are past the units taken, where P is 0.
// Each escape's value is picked by one VPERMI2B a half from PV and 0s, by
// indexes blended by U 1 unit on: "%uWXYZ" where it is a 'u', else "%XY"
// (whose high byte index 64 reads a 0). Z0 and Z1 (each escape's value
// merged in at its '%'), Z3 to Z8, K1 to K6, R8 (P of the units taken),
// R9 and R10 are clobbered.
#define UNITS \
	ANDQ R15, R8; \
	VPCMPEQB Z21, Z2, K2; \
	KMOVQ K2, R9; \
	VMOVDQA64 Z2, Z3; \
	VPERMI2B Z23, Z22, Z3; \
	VPORQ Z2, Z3, Z4; \
	VPMOVB2M Z4, K3; \
	KMOVQ K3, R10; \
	VPANDQ Z24, Z3, Z3; \
	VPERMB Z3, Z25, Z5; \
	VPSLLW $4, Z3, Z6; \
	VPORQ Z5, Z6, Z6; \
	KSHIFTRQ $1, K2, K4; \
	KSHIFTRQ $33, K2, K5; \
	VPBLENDMW Z28, Z26, K4, Z7; \
	VPBLENDMW Z29, Z27, K5, Z8; \
	VPERMI2B Z31, Z6, Z7; \
	VPERMI2B Z31, Z6, Z8; \
	RORXQ $1, R9, R9; \
	ANDQ R8, R9; \
	RORXQ $1, R10, AX; \
	ORQ  R10, AX; \
	RORXQ $2, AX, BX; \
	RORXQ $4, AX, R10; \
	ORQ  R10, BX; \
	ANDNQ R9, BX, R9; \
	RORXQ $1, AX, AX; \
	ORQ  R9, AX; \
	ANDNQ R8, AX, R10; \
	LEAQ (R10)(R9*1), BX; \
	KMOVQ BX, K1; \
	KSHIFTRQ $32, K1, K3; \
	IMUL3Q $6, R10, AX; \
	IMUL3Q $0x3E, R9, BX; \
	ORQ  BX, AX; \
	ORQ  R13, AX; \
	SHRXQ R14, AX, R13; \
	ANDNQ R15, AX, AX; \
	KMOVQ AX, K5; \
	KSHIFTRQ $32, K5, K6; \
	VMOVDQU16 Z7, K1, Z0; \
	VMOVDQU16 Z8, K3, Z1; \
	VPCOMPRESSW.Z Z0, K5, Z11; \
	VPCOMPRESSW.Z Z1, K6, Z12; \
	POPCNTL AX, BX; \
	SHRQ $32, AX; \
	POPCNTL AX, AX

// func unescapeUTF16AVX512(dst *uint16, src *uint16, n int, k *unescape512Consts) (used, wrote int)
//
// Runs Annex B.2.2 steps 4 to 20 over all the n code units at src in
// windows of 64 units (loaded masked, 0s past the n, when fewer are left),
// of which it takes the first 59, or all that are left when fewer: an
// escape that starts in them ends at most 5 units on, so within the
// window, and needs nothing loaded after it. P marks each '%' of the
// units taken, U a 'u', and D each unit that is not a hexadecimal digit.
// Every '%' starts an escape or not by what follows it alone, as no
// well-formed escape holds a '%': "%uWXYZ" (VU) where P, U 1 unit on and
// no D 2 to 5 units on (steps 8 to 12), else "%XY" (VX) where P and no D
// 1 and 2 units on (steps 14 to 17). The 64 units are packed to bytes with
// unsigned saturation (VPACKUSWB, then VPERMQ to put the quadwords in
// order), so a unit from 256 on is 0xFF (or 0 from 0x8000 on) and no
// digit, 'u' or '%'; a 128-entry table (VPERMI2B) gives each byte's digit
// value, 0x80 for a byte that is none, and a byte from 0x80 on is none.
// PV, byte j, is the value of digits j and j+1; VPERMI2B (of PV and 0s,
// by indexes blended by U 1 unit on) puts PV j+1 in the low byte of word j
// and a 0 in its high for "%XY", PV j+4 and j+2 in its low and high for
// "%uWXYZ". An escape's '%' becomes its code unit and the units after it
// are dropped (those past the units taken carried to the next window, at
// its start), every other unit is kept (step 18), and VPCOMPRESSW packs
// the kept units of each half of the window to a register, stored whole
// while 64 units are left (dst has room for them) and else under a mask of
// their number. A window of 64 units with no '%' and nothing carried into
// it is stored as it is, and all 64 taken. It returns n and the units it
// wrote (dst must have room for n).
TEXT ·unescapeUTF16AVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), DX
	VMOVDQU64 0(DX), Z22     // digit values of bytes 0-63
	VMOVDQU64 64(DX), Z23    // of bytes 64-127
	VMOVDQU64 128(DX), Z25   // byte j+1 at j
	VMOVDQU64 192(DX), Z26   // "%XY" of units 0-31: byte j+1 at word j's low byte, 64 (0) at its high
	VMOVDQU64 256(DX), Z27   // of units 32-63: byte j+33
	VMOVDQU64 320(DX), Z28   // "%uWXYZ" of units 0-31: bytes j+4, j+2 at word j
	VMOVDQU64 384(DX), Z29   // of units 32-63: bytes j+36, j+34
	VMOVDQU64 448(DX), Z30   // quadwords 0, 2, 4, 6, 1, 3, 5, 7
	VPXORQ Z31, Z31, Z31     // 0s, the table of indexes from 64 on
	MOVL $0x25, AX
	VPBROADCASTB AX, Z20     // '%'
	MOVL $0x75, AX
	VPBROADCASTB AX, Z21     // 'u'
	MOVL $0x0F, AX
	VPBROADCASTB AX, Z24
	XORQ R11, R11            // used
	XORQ R12, R12            // wrote
	XORQ R13, R13            // units at the window's start that an escape before it took
	MOVQ $59, R14            // the units a window takes
	MOVQ $0x07FFFFFFFFFFFFFF, R15 // them, a bit each

uwindow:
	MOVQ CX, AX
	SUBQ R11, AX             // units left
	CMPQ AX, $64
	JB   utail
	VMOVDQU64 (SI)(R11*2), Z0  // units 0-31 of the window
	VMOVDQU64 64(SI)(R11*2), Z1 // 32-63
	VPACKUSWB Z1, Z0, Z2
	VPERMQ Z2, Z30, Z2       // the 64 units as bytes, in order
	VPCMPEQB Z20, Z2, K1
	KMOVQ K1, R8             // P
	MOVQ R8, BX
	ORQ  R13, BX
	JZ   ucopy               // no '%', nothing carried
	UNITS
	VMOVDQU64 Z11, (DI)(R12*2) // dst has room for 64 units here
	ADDQ BX, R12
	VMOVDQU64 Z12, (DI)(R12*2)
	ADDQ AX, R12
	ADDQ $59, R11
	JMP  uwindow

ucopy:
	VMOVDQU64 Z0, (DI)(R12*2)
	VMOVDQU64 Z1, 64(DI)(R12*2)
	ADDQ $64, R11
	ADDQ $64, R12
	JMP  uwindow

utail:
	// Fewer than 64 units left: loaded masked, 0s past them, and
	// stored under masks.
	TESTQ AX, AX
	JLE  udone
	MOVQ $-1, BX
	BZHIQ AX, BX, BX
	KMOVQ BX, K1
	KSHIFTRQ $32, K1, K2
	VMOVDQU16.Z (SI)(R11*2), K1, Z0
	VMOVDQU16.Z 64(SI)(R11*2), K2, Z1
	VPACKUSWB Z1, Z0, Z2
	VPERMQ Z2, Z30, Z2
	VPCMPEQB Z20, Z2, K1
	KMOVQ K1, R8             // P
	CMPQ AX, R14
	CMOVQLT AX, R14          // the units taken: min(left, 59)
	MOVQ $-1, R15
	BZHIQ R14, R15, R15
	UNITS
	MOVQ $-1, R10
	BZHIQ BX, R10, R10
	KMOVD R10, K1
	VMOVDQU16 Z11, K1, (DI)(R12*2)
	ADDQ BX, R12
	MOVQ $-1, R10
	BZHIQ AX, R10, R10
	KMOVD R10, K1
	VMOVDQU16 Z12, K1, (DI)(R12*2)
	ADDQ AX, R12
	ADDQ R14, R11
	JMP  uwindow

udone:
	VZEROUPPER
	MOVQ CX, used+32(FP)
	MOVQ R12, wrote+40(FP)
	RET

// func widenAVX2(dst *uint16, src *byte, n int) int
//
// Widens the bytes at src to code units at dst, 32 at a time while 32 of
// the n are left (VPMOVZXBW, 16 bytes a register), and returns how many.
TEXT ·widenAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ANDQ $-32, CX
	XORQ BX, BX

widenloop:
	CMPQ BX, CX
	JAE  widendone
	VPMOVZXBW (SI)(BX*1), Y0
	VPMOVZXBW 16(SI)(BX*1), Y1
	VMOVDQU Y0, (DI)(BX*2)
	VMOVDQU Y1, 32(DI)(BX*2)
	ADDQ $32, BX
	JMP  widenloop

widendone:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET
