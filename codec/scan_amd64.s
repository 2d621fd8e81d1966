//go:build !purego

#include "textflag.h"
#include "oct512_amd64.h"

// NOTINSET, for indexNotInAVX2 and encodedLenAVX2: Y2 becomes 0xFF at each
// byte of Y0 that is not in the set, 0 at the others. The low nibble of a
// byte selects its row bits from tab.rows (Y6), the high nibble selects
// 1<<(c>>4) from tab.bit (Y7; 0 at or above 0x80), and a byte whose two
// lookups share no bit is not in the set. Y5 holds 0x0F in every byte, Y4
// zero; Y1 is clobbered.
#define NOTINSET \
	VPSRLW $4, Y0, Y1; \
	VPAND Y5, Y1, Y1; \
	VPAND Y5, Y0, Y2; \
	VPSHUFB Y2, Y6, Y2; \
	VPSHUFB Y1, Y7, Y1; \
	VPAND Y1, Y2, Y2; \
	VPCMPEQB Y4, Y2, Y2

// OCTET(hi, lo, R, T), for decodeUTF16AVX2: R becomes the octet whose hex
// digits are the code units at byte offsets hi and lo of (SI)(BX*2), read
// through decodeConsts.unhex (at 4352(R9)), which maps a non-digit to 0xFF,
// so that R is above 0xFF when either unit is not a digit; it jumps to end
// when either unit is above 0xFF. T is clobbered.
#define OCTET(hi, lo, R, T) \
	MOVWQZX hi(SI)(BX*2), R; \
	CMPQ R, $0xFF; \
	JA   end; \
	MOVBQZX 4352(R9)(R*1), R; \
	MOVWQZX lo(SI)(BX*2), T; \
	CMPQ T, $0xFF; \
	JA   end; \
	MOVBQZX 4352(R9)(T*1), T; \
	SHLQ $4, R; \
	ORQ  T, R

// func indexNotInAVX2(p *byte, n int, tab *scanTable) int
//
// For each block of 32 bytes: the low nibble of each byte selects its row
// bits from tab.rows, the high nibble selects 1<<(c>>4) from tab.bit (0 at
// or above 0x80), and a byte whose two lookups share no bit is not in the
// set. The first loop checks two blocks at a time and, when either holds a
// byte outside the set, leaves it to the second loop to find which.
TEXT ·indexNotInAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ tab+16(FP), DX
	VBROADCASTI128 (DX), Y6   // rows
	VBROADCASTI128 16(DX), Y7 // bit
	VBROADCASTI128 32(DX), Y5 // 0x0F in every byte
	VPXOR Y4, Y4, Y4
	XORQ BX, BX
	MOVQ CX, R8
	ANDQ $-64, R8
	ANDQ $-32, CX

loop64:
	CMPQ BX, R8
	JAE  loop
	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y8
	VPSRLW $4, Y0, Y1
	VPSRLW $4, Y8, Y9
	VPAND Y5, Y1, Y1
	VPAND Y5, Y9, Y9
	VPAND Y5, Y0, Y2
	VPAND Y5, Y8, Y10
	VPSHUFB Y2, Y6, Y2
	VPSHUFB Y10, Y6, Y10
	VPSHUFB Y1, Y7, Y1
	VPSHUFB Y9, Y7, Y9
	VPAND Y1, Y2, Y2
	VPAND Y9, Y10, Y10
	VPMINUB Y10, Y2, Y3       // zero where either block has a byte outside the set
	VPCMPEQB Y4, Y3, Y3
	VPMOVMSKB Y3, AX
	TESTL AX, AX
	JNZ  loop                 // find it 32 bytes at a time
	ADDQ $64, BX
	JMP  loop64

loop:
	CMPQ BX, CX
	JAE  done
	VMOVDQU (SI)(BX*1), Y0
	NOTINSET               // Y2: 0xFF where not in the set
	VPMOVMSKB Y2, AX
	TESTL AX, AX
	JNZ  found
	ADDQ $32, BX
	JMP  loop

found:
	BSFL AX, AX
	ADDQ AX, BX

done:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET

// func encodeUTF16AVX2(dst *byte, room int, src *uint16, n int, set *scanTable, k *encodeConsts) (used, wrote int)
//
// Encode step 4 over the n units of src, into the room bytes at dst. Groups
// of 8 code units below 0x80 are packed to bytes and classified as
// indexNotInAVX2 does. A group whose units are all in the set is stored as
// it is; otherwise each half of it becomes four tuples '%', H, L, c (the
// escape and the character) from which a shuffle picked by the half's 4
// bits of "escaped" mask takes, for each unit, the escape or the
// character; each half is one 16-byte store of which the next store
// overwrites what is not output. A group that holds a unit at or above
// 0x80 is stepped through one unit at a time up to and including the
// first such unit, whose two or three octets' escapes come from k.escape.
// It stops at a surrogate, when fewer than 8 units are left, or when the
// room left is too small for a group (28 bytes) or a step (12).
TEXT ·encodeUTF16AVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R14
	ADDQ DI, R14              // the end of the room
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ set+32(FP), DX
	MOVQ k+40(FP), R8
	VMOVDQU (DX), X6          // rows
	VMOVDQU 16(DX), X7        // bit
	VMOVDQU 32(DX), X5        // 0x0F in every byte
	VMOVDQU (R8), X8          // hex digits
	VMOVDQU 16(R8), X9        // '%' in every byte
	VMOVDQU 32(R8), X10       // 0xFF80 in every word
	LEAQ 48(R8), R9           // lens
	LEAQ 64(R8), R10          // shuffles
	LEAQ 320(R8), R8          // escapes
	VPXOR X4, X4, X4
	MOVQ DI, R11
	XORQ BX, BX

group:
	LEAQ 8(BX), R12
	CMPQ R12, CX
	JA   end                  // fewer than 8 units left
	LEAQ 28(DI), R12
	CMPQ R12, R14
	JA   end                  // no room for a group
	VMOVDQU (SI)(BX*2), X0
	VPTEST X10, X0
	JNZ  mixed                // a unit at or above 0x80
	VPACKUSWB X0, X0, X0      // the 8 units as bytes, twice over
	VPSRLW $4, X0, X1
	VPAND X5, X1, X1          // high nibbles
	VPAND X5, X0, X2          // low nibbles
	VPSHUFB X2, X6, X3        // rows[low]
	VPSHUFB X1, X7, X11       // bit[high]
	VPAND X11, X3, X3
	VPCMPEQB X4, X3, X3       // 0xFF where the unit is escaped
	VPMOVMSKB X3, AX
	ANDL $0xFF, AX
	JZ   kept
	VPSHUFB X1, X8, X1        // H: hex digit of each high nibble
	VPSHUFB X2, X8, X2        // L: hex digit of each low nibble
	VPUNPCKLBW X1, X9, X3     // '%', H0, '%', H1, ...
	VPUNPCKLBW X0, X2, X11    // L0, c0, L1, c1, ...
	VPUNPCKLWD X11, X3, X12   // '%', H0, L0, c0, ... for units 0-3
	VPUNPCKHWD X11, X3, X13   // the same for units 4-7
	MOVL AX, R12
	ANDL $15, R12
	SHRL $4, AX
	MOVL R12, R13
	SHLL $4, R13
	VPSHUFB (R10)(R13*1), X12, X12
	VMOVDQU X12, (DI)
	MOVBQZX (R9)(R12*1), R12
	ADDQ R12, DI
	MOVL AX, R13
	SHLL $4, R13
	VPSHUFB (R10)(R13*1), X13, X13
	VMOVDQU X13, (DI)
	MOVBQZX (R9)(AX*1), AX
	ADDQ AX, DI
	ADDQ $8, BX
	JMP  group

kept:
	VMOVQ X0, (DI)
	ADDQ $8, DI
	ADDQ $8, BX
	JMP  group

mixed:
	VPAND X10, X0, X1
	VPCMPEQW X4, X1, X1       // 0xFFFF where the unit is below 0x80
	VPMOVMSKB X1, R15
	NOTL R15
	BSFL R15, R15
	SHRL $1, R15
	INCL R15                  // the steps: up to and including the first unit at or above 0x80

step:
	LEAQ 12(DI), R12
	CMPQ R12, R14
	JA   end                  // no room for a step
	MOVWQZX (SI)(BX*2), AX
	CMPQ AX, $0x80
	JAE  multi
	MOVQ AX, R12
	ANDQ $15, R12
	MOVBQZX (DX)(R12*1), R12  // rows[c&15]
	MOVQ AX, R13
	SHRQ $4, R13
	MOVBQZX 16(DX)(R13*1), R13 // bit[c>>4]
	TESTQ R12, R13
	JZ   escaped
	MOVB AL, (DI)             // in the set
	INCQ DI
	JMP  next

escaped:
	MOVL (R8)(AX*4), AX
	MOVL AX, (DI)
	ADDQ $3, DI
	JMP  next

multi:
	CMPQ AX, $0x800
	JAE  three
	MOVQ AX, R12
	SHRQ $6, R12
	ORQ  $0xC0, R12
	MOVL (R8)(R12*4), R12
	MOVL R12, (DI)
	ANDQ $0x3F, AX
	ORQ  $0x80, AX
	MOVL (R8)(AX*4), AX
	MOVL AX, 3(DI)
	ADDQ $6, DI
	JMP  next

three:
	MOVQ AX, R12
	ANDQ $0xF800, R12
	CMPQ R12, $0xD800
	JE   end                  // a surrogate: the caller's
	MOVQ AX, R12
	SHRQ $12, R12
	ORQ  $0xE0, R12
	MOVL (R8)(R12*4), R12
	MOVL R12, (DI)
	MOVQ AX, R12
	SHRQ $6, R12
	ANDQ $0x3F, R12
	ORQ  $0x80, R12
	MOVL (R8)(R12*4), R12
	MOVL R12, 3(DI)
	ANDQ $0x3F, AX
	ORQ  $0x80, AX
	MOVL (R8)(AX*4), AX
	MOVL AX, 6(DI)
	ADDQ $9, DI

next:
	INCQ BX
	DECL R15
	JNZ  step
	JMP  group

end:
	SUBQ R11, DI
	MOVQ BX, used+48(FP)
	MOVQ DI, wrote+56(FP)
	RET

// func encodedLenAVX2(src *uint16, n int, tab *scanTable, k *encodeConsts) (used, length int)
//
// The length of Encode step 4's output for blocks of 32 code units below
// 0x80: one octet for each unit in the set, three for each other. It stops
// at the first block that holds a unit at or above 0x80, or when fewer
// than 32 units are left. A block's units are packed to bytes (VPACKUSWB
// interleaves the two lanes, which a count does not mind), classified as
// indexNotInAVX2 does, and the escaped ones counted with POPCNT.
TEXT ·encodedLenAVX2(SB), NOSPLIT, $0-48
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ tab+16(FP), DX
	MOVQ k+24(FP), R8
	VBROADCASTI128 (DX), Y6   // rows
	VBROADCASTI128 16(DX), Y7 // bit
	VBROADCASTI128 32(DX), Y5 // 0x0F in every byte
	VBROADCASTI128 32(R8), Y10 // 0xFF80 in every word
	VPXOR Y4, Y4, Y4
	XORQ BX, BX
	XORQ R9, R9
	ANDQ $-32, CX

count:
	CMPQ BX, CX
	JAE  counted
	VMOVDQU (SI)(BX*2), Y0
	VMOVDQU 32(SI)(BX*2), Y1
	VPOR Y1, Y0, Y2
	VPTEST Y10, Y2
	JNZ  counted              // a unit at or above 0x80
	VPACKUSWB Y1, Y0, Y0
	NOTINSET               // Y2: 0xFF where the unit is escaped
	VPMOVMSKB Y2, AX
	POPCNTL AX, AX
	LEAQ 32(R9)(AX*2), R9     // 32 octets, and 2 more for each escape
	ADDQ $32, BX
	JMP  count

counted:
	VZEROUPPER
	MOVQ BX, used+32(FP)
	MOVQ R9, length+40(FP)
	RET

// func decodeUTF16AVX2(dst *uint16, src *uint16, n int, k *decodeConsts) (used, wrote int)
//
// Decode step 4 with an empty reserved set, for windows of 16 code units
// while a window and the two units after it fit in the n units of src; it
// stops before the first '%' that does not start the escape of an octet
// below 0x80 (a multi-octet sequence or a fault, left to the caller). A
// window without '%' is copied. Otherwise the hex digits after every unit
// are read as values in three loads (units i, i+1 and i+2 of the window);
// each '%' whose two digits are valid and give an octet below 0x80 is
// replaced by that octet, and its digits are dropped by a compacting
// shuffle on each half of the window. Windows start every 16 units, so
// that no load waits for the one before; the digits of an escape at the
// end of a window that fall in the next (the carry) are dropped there.
// Each half is one 16-byte store of which the next store overwrites what
// is not output; dst must have room for the units the call uses.
TEXT ·decodeUTF16AVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), R8
	VMOVDQU 0(R8), Y15        // '%'
	VMOVDQU 32(R8), Y14       // '0'
	VMOVDQU 64(R8), Y13       // 9
	VMOVDQU 96(R8), Y12       // 0x20
	VMOVDQU 128(R8), Y11      // 'a'
	VMOVDQU 160(R8), Y10      // 5
	VMOVDQU 192(R8), Y9       // 10
	VMOVDQU 224(R8), Y8       // 0x7F
	LEAQ 256(R8), R9          // lens
	LEAQ 512(R8), R10         // compacting shuffles
	MOVQ DI, R11
	XORQ BX, BX
	XORL R8, R8               // the carry: bit i set when unit i is a digit
	SUBQ $18, CX              // the last window starts at n-18

window:
	CMPQ BX, CX
	JG   end
	VMOVDQU (SI)(BX*2), Y0
	VPCMPEQW Y15, Y0, Y1      // 0xFFFF at each '%'
	VPTEST Y1, Y1
	JNZ  escapes
	TESTL R8, R8
	JNZ  escapes
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $16, BX
	JMP  window

escapes:
	VMOVDQU 2(SI)(BX*2), Y2   // the unit after each
	VMOVDQU 4(SI)(BX*2), Y3   // the unit two after each
	VPSUBW Y14, Y2, Y4        // d = c - '0'
	VPMINUW Y13, Y4, Y5
	VPCMPEQW Y5, Y4, Y5       // d <= 9: a digit
	VPOR Y12, Y2, Y2
	VPSUBW Y11, Y2, Y2        // a = (c | 0x20) - 'a'
	VPMINUW Y10, Y2, Y6
	VPCMPEQW Y6, Y2, Y6       // a <= 5: a hex letter
	VPADDW Y9, Y2, Y2
	VPBLENDVB Y5, Y4, Y2, Y4  // the value of the first digit
	VPOR Y6, Y5, Y5           // the first digit is valid
	VPSUBW Y14, Y3, Y6
	VPMINUW Y13, Y6, Y7
	VPCMPEQW Y7, Y6, Y7
	VPOR Y12, Y3, Y3
	VPSUBW Y11, Y3, Y3
	VPMINUW Y10, Y3, Y2
	VPCMPEQW Y2, Y3, Y2
	VPADDW Y9, Y3, Y3
	VPBLENDVB Y7, Y6, Y3, Y6  // the value of the second digit
	VPOR Y2, Y7, Y7           // the second digit is valid
	VPAND Y7, Y5, Y5          // both are
	VPSLLW $4, Y4, Y4
	VPOR Y6, Y4, Y4           // the octet
	VPCMPGTW Y8, Y4, Y2       // above 0x7F
	VPANDN Y5, Y2, Y5         // ok: valid and below 0x80
	VPANDN Y1, Y5, Y2         // bad: a '%' that is not ok
	VPBLENDVB Y1, Y4, Y0, Y0  // the octet at each '%', the unit elsewhere
	VPACKSSWB Y1, Y1, Y3
	VPMOVMSKB Y3, AX          // '%': units 0-7 in bits 0-7, 8-15 in bits 16-23
	VPACKSSWB Y2, Y2, Y3
	VPMOVMSKB Y3, DX          // bad, the same way
	MOVL AX, R12
	ANDL $0xFF, R12
	SHRL $8, AX
	ANDL $0xFF00, AX
	ORL  R12, AX              // '%': bit i for unit i
	MOVL DX, R12
	ANDL $0xFF, R12
	SHRL $8, DX
	ANDL $0xFF00, DX
	ORL  R12, DX              // bad: bit i for unit i
	MOVL AX, R12
	SHLL $1, R12
	SHLL $2, AX
	ORL  AX, R12
	ORL  R8, R12              // the digits; bits 16 and 17 are in the next window
	MOVL R12, R8
	SHRL $16, R8              // the next window's carry
	NOTL R12                  // keep: all but the digits
	MOVL $16, R13             // the units this window uses
	TESTL DX, DX
	JZ   compact
	BSFL DX, R13              // stop at the first bad '%'
	MOVL DX, R14
	NEGL R14
	ANDL DX, R14              // its bit alone
	DECL R14                  // the units before it
	ANDL R14, R12
	XORL R8, R8

compact:
	MOVL R12, R14
	ANDL $0xFF, R14
	MOVL R14, R15
	SHLL $4, R15
	VPSHUFB (R10)(R15*1), X0, X3
	VMOVDQU X3, (DI)
	MOVBQZX (R9)(R14*1), R14
	LEAQ (DI)(R14*2), DI
	SHRL $8, R12
	ANDL $0xFF, R12
	MOVL R12, R15
	SHLL $4, R15
	VEXTRACTI128 $1, Y0, X0
	VPSHUFB (R10)(R15*1), X0, X3
	VMOVDQU X3, (DI)
	MOVBQZX (R9)(R12*1), R12
	LEAQ (DI)(R12*2), DI
	ADDQ R13, BX
	TESTL DX, DX
	JZ   window

	// BX is at the '%' that stopped the window. The escapes of a two- or
	// three-octet UTF-8 sequence that is well formed are decoded here, as
	// the caller would; anything else (a fault, a four-octet sequence, a
	// sequence too near the end) is left to the caller.
	MOVQ n+16(FP), R15
	LEAQ 9(BX), R12
	CMPQ R12, R15
	JA   end
	OCTET(2, 4, R12, R13) // the first octet, or above 0xFF when a digit is not one
	CMPQ R12, $0xC2
	JB   end                  // not hex, or C0 and C1, whose forms are overlong
	CMPQ R12, $0xF0
	JAE  end                  // four octets, or not a first octet
	CMPW 6(SI)(BX*2), $0x25
	JNE  end
	OCTET(8, 10, R13, R14) // the second octet
	MOVQ R13, R14
	ANDQ $0x1C0, R14          // 10xxxxxx, with both digits valid
	CMPQ R14, $0x80
	JNE  end
	ANDQ $0x3F, R13
	CMPQ R12, $0xE0
	JAE  three
	ANDQ $0x1F, R12
	SHLQ $6, R12
	ORQ  R13, R12
	MOVW R12, (DI)
	ADDQ $2, DI
	ADDQ $6, BX
	XORL R8, R8
	JMP  window

three:
	CMPW 12(SI)(BX*2), $0x25
	JNE  end
	OCTET(14, 16, R14, R15) // the third octet
	MOVQ R14, R15
	ANDQ $0x1C0, R15
	CMPQ R15, $0x80
	JNE  end
	ANDQ $0x3F, R14
	ANDQ $0x0F, R12
	SHLQ $12, R12
	SHLQ $6, R13
	ORQ  R13, R12
	ORQ  R14, R12             // the code point
	CMPQ R12, $0x800
	JB   end                  // overlong
	MOVQ R12, R15
	ANDQ $0xF800, R15
	CMPQ R15, $0xD800
	JE   end                  // a surrogate
	MOVW R12, (DI)
	ADDQ $2, DI
	ADDQ $9, BX
	XORL R8, R8
	JMP  window

end:
	MOVL R8, R12              // digits of the last escape past the last window
	ANDL $1, R12
	SHRL $1, R8
	ADDQ R12, BX
	ADDQ R8, BX
	VZEROUPPER
	SUBQ R11, DI
	SHRQ $1, DI
	MOVQ BX, used+32(FP)
	MOVQ DI, wrote+40(FP)
	RET

// func indexSpecialAVX2(p *byte, n int, second byte) int
//
// For each block of 32 bytes: compare every byte with '%' and with second,
// and when either matches, the lowest set bit of the OR of the two masks
// is the answer. Stops at the last whole block.
TEXT ·indexSpecialAVX2(SB), NOSPLIT, $0-32
	MOVQ    p+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVBQZX second+16(FP), AX
	MOVQ    $0x25, DX
	MOVQ    DX, X1
	VPBROADCASTB X1, Y1
	MOVQ    AX, X2
	VPBROADCASTB X2, Y2
	ANDQ    $~31, CX
	XORQ    DI, DI

special64:
	LEAQ    64(DI), DX
	CMPQ    DX, CX
	JA      special32
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU 32(SI)(DI*1), Y5
	VPCMPEQB Y0, Y1, Y3
	VPCMPEQB Y0, Y2, Y4
	VPCMPEQB Y5, Y1, Y6
	VPCMPEQB Y5, Y2, Y7
	VPOR    Y3, Y4, Y3
	VPOR    Y6, Y7, Y6
	VPOR    Y3, Y6, Y8
	VPTEST  Y8, Y8
	JNZ     special32
	MOVQ    DX, DI
	JMP     special64

special32:
	CMPQ    DI, CX
	JAE     specialdone
	VMOVDQU (SI)(DI*1), Y0
	VPCMPEQB Y0, Y1, Y3
	VPCMPEQB Y0, Y2, Y4
	VPOR    Y3, Y4, Y3
	VPMOVMSKB Y3, AX
	TESTL   AX, AX
	JNZ     specialfound
	ADDQ    $32, DI
	JMP     special32

specialfound:
	BSFL    AX, AX
	ADDQ    AX, DI

specialdone:
	VZEROUPPER
	MOVQ    DI, ret+24(FP)
	RET

// OCTHEX sets val to the values of the bytes of in read as hex digits and
// ok to 0xFF where they are (decodeOctetsAVX2): c is one when c-'0' is
// below 10 or (c|0x20)-'a' is below 6 (both wrapping), and then its value
// is the smaller of c-'0' and (c|0x20)-'a'+10, which is 0xD9 or more for a
// digit and 0x11 or more for a letter. in may be val; it uses Y7, Y13, Y14.
#define OCTHEX(in, val, ok) \
	VPSUBB  Y9, in, Y13; \
	VPMINUB Y10, Y13, ok; \
	VPCMPEQB Y13, ok, ok; \
	VPOR    Y11, in, Y14; \
	VPSUBB  Y12, Y14, Y14; \
	VPMINUB 160(DX), Y14, Y7; \
	VPCMPEQB Y14, Y7, Y7; \
	VPOR    Y7, ok, ok; \
	VPADDB  192(DX), Y14, Y14; \
	VPMINUB Y14, Y13, val

// OCTQUARTER compacts the 8-byte quarter of X0 that the shuffles at off
// (shufLo, shufHi) pick with the mask byte BL, stores it at the output and
// moves on: BX shifted to the next mask byte (decodeOctetsAVX2).
#define OCTQUARTER(off) \
	MOVBQZX BX, R13; \
	SHLQ    $4, R13; \
	VPSHUFB off(DX)(R13*1), X0, X2; \
	VMOVQ   X2, (DI)(R12*1); \
	MOVBQZX BX, R13; \
	POPCNTL R13, R13; \
	ADDQ    R13, R12; \
	SHRL    $8, BX

// func decodeOctetsAVX2(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)
//
// The strict and lenient octet decode with no escape kept (decodeInto),
// 32 bytes of src at a time, while at least 34 are left and room has 32
// bytes more than written. In a block without '%' each byte equal to plus
// becomes a space and the block is stored whole. In a block with '%', the
// bytes 1 and 2 after each byte (two loads shifted by one and two) are read
// as hex digits, with arithmetic on the vector (OCTHEX); a '%' of the block without two hex digits
// after it ends the call before the block, for decodeInto's byte loop to
// say where. Otherwise each '%' becomes its octet, the two digits after it
// are dropped (bits 1 and 2 after each '%' cleared from the mask of bytes
// kept), and each 8-byte quarter of the block is compacted with VPSHUFB
// through the table of its mask byte and stored with VMOVQ. A '%' at offset
// 30 or 31 takes its digits from the next block, which starts after them.
TEXT ·decodeOctetsAVX2(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    room+8(FP), R10
	MOVQ    src+16(FP), SI
	MOVQ    n+24(FP), CX
	MOVBQZX plus+32(FP), AX
	MOVQ    k+40(FP), DX
	MOVQ    AX, X15
	VPBROADCASTB X15, Y15          // plus
	VMOVDQU 0(DX), Y8              // '%'
	VMOVDQU 32(DX), Y9             // '0'
	VMOVDQU 64(DX), Y10            // 9
	VMOVDQU 96(DX), Y11            // 0x20, ' '
	VMOVDQU 128(DX), Y12           // 'a'
	XORQ    R11, R11               // used
	XORQ    R12, R12               // wrote

octloop:
	LEAQ    34(R11), AX
	CMPQ    AX, CX
	JA      octdone
	LEAQ    32(R12), AX
	CMPQ    AX, R10
	JA      octdone
	VMOVDQU (SI)(R11*1), Y0
	VPCMPEQB Y0, Y8, Y1            // '%'
	VPMOVMSKB Y1, AX
	VPCMPEQB Y0, Y15, Y2           // plus
	VPBLENDVB Y2, Y11, Y0, Y0      // plus becomes ' '
	TESTL   AX, AX
	JNZ     octescapes
	VMOVDQU Y0, (DI)(R12*1)
	ADDQ    $32, R11
	ADDQ    $32, R12
	JMP     octloop

octescapes:
	VMOVDQU 1(SI)(R11*1), Y2       // the first digit after each byte
	VMOVDQU 2(SI)(R11*1), Y3       // the second
	OCTHEX(Y2, Y4, Y5)             // H: the value of the first digit; Y5: it is a hex digit
	OCTHEX(Y3, Y3, Y6)             // L: the value of the second digit; Y6: it is a hex digit
	VPAND   Y5, Y6, Y5
	VPMOVMSKB Y5, BX
	NOTL    BX
	ANDL    AX, BX
	JNZ     octdone                // a '%' without two hex digits after it
	VPAND   224(DX), Y4, Y4        // H & 15, so that the shift carries nothing into the next byte
	VPSLLW  $4, Y4, Y4
	VPOR    Y3, Y4, Y4             // H<<4 | L
	VPBLENDVB Y1, Y4, Y0, Y0       // each '%' becomes its octet
	MOVL    AX, BX
	SHLL    $1, BX
	MOVL    AX, R13
	SHLL    $2, R13
	ORL     R13, BX
	NOTL    BX                     // the bytes kept: not the 2 after a '%'
	SHRL    $30, AX                // 1 or 2 digits of an escape in the next block
	LEAQ    32(R11)(AX*1), R11

	OCTQUARTER(256)
	OCTQUARTER(4352)
	VEXTRACTI128 $1, Y0, X0
	OCTQUARTER(256)
	OCTQUARTER(4352)
	JMP     octloop

octdone:
	VZEROUPPER
	MOVQ    R11, used+48(FP)
	MOVQ    R12, wrote+56(FP)
	RET

// OCT512CLASSIFY, for decodeOctetsAVX512 and decodeOctetsEndAVX512: K1
// and AX become the mask of the '%' of the block Z0 (before plus, which may
// be '%', becomes ' '), each plus of Z0 becomes ' ' (Z11), and BX the '%'
// and the carry R8 (nonzero when the block has an escape to decode). It
// uses K2 (the mask of the pluses).
#define OCT512CLASSIFY \
	VPCMPEQB Z0, Z8, K1; \
	VPCMPEQB Z0, Z15, K2; \
	VMOVDQU8 Z11, K2, Z0; \
	KMOVQ   K1, AX; \
	MOVQ    AX, BX; \
	ORQ     R8, BX

// OCT512HEX(bad): Z4 becomes the octet of each byte's two digits after it
// (Z2, Z3: the first digit's value read shifted left by 4, hexValueHigh;
// the second's, hexValue; ORed), and it jumps to bad when a '%' of the
// block (AX) has not two hex digits after it (hexChar). It uses Z5 to Z7,
// K3 and BX.
#define OCT512HEX(bad) \
	VPERMB  Z16, Z2, Z4; \
	VPERMB  Z18, Z2, Z6; \
	VPCMPEQB Z2, Z6, K3; \
	VPERMB  Z17, Z3, Z5; \
	VPERMB  Z18, Z3, Z7; \
	VPCMPEQB Z3, Z7, K3, K3; \
	KMOVQ   K3, BX; \
	NOTQ    BX; \
	ANDQ    AX, BX; \
	JNZ     bad; \
	VPORD   Z5, Z4, Z4

// OCT512BLOCK(stop, escapes), for the loops of decodeOctetsAVX512 and
// decodeOctetsEndAVX512: it jumps to stop when fewer than 66 bytes are left
// or 64 bytes of room, loads the next block (Z0, OCT512CLASSIFY) and jumps
// to escapes when it has an escape to decode; otherwise it stores the
// block whole and moves on.
#define OCT512BLOCK(stop, escapes) \
	LEAQ    66(R11), AX; \
	CMPQ    AX, CX; \
	JA      stop; \
	LEAQ    64(R12), AX; \
	CMPQ    AX, R10; \
	JA      stop; \
	VMOVDQU64 (SI)(R11*1), Z0; \
	OCT512CLASSIFY; \
	JNZ     escapes; \
	VMOVDQU64 Z0, (DI)(R12*1); \
	ADDQ    $64, R11; \
	ADDQ    $64, R12

// OCT512DIGITS loads the first and second digit after each byte of the
// block (Z2, Z3).
#define OCT512DIGITS \
	VMOVDQU64 1(SI)(R11*1), Z2; \
	VMOVDQU64 2(SI)(R11*1), Z3

// OCT512START loads the arguments and constants of decodeOctetsAVX512 and
// decodeOctetsEndAVX512 but keep (R9).
#define OCT512START \
	MOVQ    dst+0(FP), DI; \
	MOVQ    room+8(FP), R10; \
	MOVQ    src+16(FP), SI; \
	MOVQ    n+24(FP), CX; \
	MOVBQZX plus+32(FP), AX; \
	VPBROADCASTB AX, Z15; \
	VPBROADCASTB 0(DX), Z8; \
	VPBROADCASTB 96(DX), Z11; \
	VMOVDQU64 8448(DX), Z17; \
	VMOVDQU64 8512(DX), Z18; \
	VMOVDQU64 8576(DX), Z16; \
	XORQ    R11, R11; \
	XORQ    R12, R12; \
	XORQ    R8, R8

// func decodeOctetsAVX512(dst *byte, room int, src *byte, n int, plus byte, keep *ecmaKeepTable, k *octetDecodeConsts) (used, wrote int)
//
// decodeOctetsAVX2 with 64-byte blocks (while at least 66 bytes are left and
// room has 64 more than written), the masks in K registers, and the bytes
// kept moved together with one VPCOMPRESSB (AVX512-VBMI2) and stored whole.
// A byte c is a hex digit when hexChar[c&63] is c, and then its value is
// hexValue[c&63] (hexValueHigh[c&63] for the first digit, shifted): the
// low 6 bits of the 22 hex digits differ, and each table is one VPERMB
// (AVX512-VBMI).
// The blocks follow each other every 64 bytes, so that the next load does
// not wait for this block's '%': the digits of an escape at offset 62 or 63
// are dropped from the start of the next block (R8, the carry: bit 0 for a
// '%' at 62, bits 0 and 1 for one at 63), and when the call ends before a
// block, its used count takes those digits in.
// With a keep table (ECMAScript Decode's reserved set, step 4.d.vi.3; nil
// for none), an escape whose octet c is in it stays as written: byte c>>3
// of keep.bits (one VPERMB of the octet shifted right by 3; 0 for octets
// at or above 0x80) has bit c&7 (keep.sel, one VPERMB of the octet).
TEXT ·decodeOctetsAVX512(SB), NOSPLIT, $0-72
	MOVQ    k+48(FP), DX
	OCT512START
	MOVQ    keep+40(FP), R9
	OCT512KEEPLOAD(oct512loop)

oct512loop:
	OCT512BLOCK(oct512done, oct512escapes)
	JMP     oct512loop

oct512escapes:
	OCT512DIGITS
	OCT512HEX(oct512done)
	OCT512KEEP(oct512decode)
	VMOVDQU8 Z8, K4, Z0            // a kept escape's '%' stays '%' (plus '%' made it ' ')

oct512decode:
	OCT512KEPT
	OCT512STORE
	JMP     oct512loop

oct512done:
	OCT512DONE(used+56(FP), wrote+64(FP))

// func decodeOctetsEndAVX512(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)
//
// decodeOctetsAVX512 with no keep table, to the end of src: while at
// least 66 bytes are left and 64 of room, each block is loaded and stored
// whole; after that (the last blocks, or any once room is short), blocks of
// up to 64 bytes are loaded with masks (zero past the end, so that an
// escape cut by the end has no hex digits and stops the call) and stored
// with one. It stops before a block with a '%' without two
// hex digits after it, or whose octets do not fit in room, for the caller;
// it never ends inside an escape (the digits of one carried into the block
// where it stops count as used).
TEXT ·decodeOctetsEndAVX512(SB), NOSPLIT, $0-64
	MOVQ    k+40(FP), DX
	OCT512START

oendloop:
	OCT512BLOCK(oendtail, oendescapes)
	JMP     oendloop

oendescapes:
	OCT512DIGITS
	OCT512HEX(oenddone)
	OCT512KEPT
	OCT512STORE
	JMP     oendloop

oendtail:
	MOVQ    CX, AX
	SUBQ    R11, AX                // the bytes left
	JLE     oenddone
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
	OCT512CLASSIFY
	JNZ     oendtailescapes
	KMOVQ   K4, BX
	POPCNTQ BX, BX
	LEAQ    (R12)(BX*1), R13
	CMPQ    R13, R10
	JA      oenddone               // no room for the block
	VMOVDQU8 Z0, K4, (DI)(R12*1)
	ADDQ    BX, R11
	ADDQ    BX, R12
	JMP     oendtail

oendtailescapes:
	VMOVDQU8.Z 1(SI)(R11*1), K5, Z2
	VMOVDQU8.Z 2(SI)(R11*1), K6, Z3
	OCT512HEX(oenddone)
	MOVQ    R8, R14                // the carry, kept while there may be no room
	OCT512KEPT
	KMOVQ   K4, R13
	ANDQ    R13, BX                // not the zeros past the end
	KMOVQ   BX, K7
	POPCNTQ BX, BX
	LEAQ    (R12)(BX*1), R13
	CMPQ    R13, R10
	JA      oendnoroom             // no room for the block
	VPCOMPRESSB.Z Z0, K7, Z1
	MOVQ    $-1, R13
	BZHIQ   BX, R13, R13
	KMOVQ   R13, K3
	VMOVDQU8 Z1, K3, (DI)(R12*1)
	ADDQ    BX, R12
	KMOVQ   K4, AX
	POPCNTQ AX, AX
	ADDQ    AX, R11
	JMP     oendtail

oendnoroom:
	MOVQ    R14, R8

oenddone:
	OCT512DONE(used+48(FP), wrote+56(FP))
