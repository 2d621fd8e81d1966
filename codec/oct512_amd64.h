// The macros that decodeOctetsAVX512 and decodeOctetsEndAVX512
// (scan_amd64.s) and ecmaUnitOctetsAVX512 (ecmadec_amd64.s) share: a
// block of 64 bytes in Z0 with the '%' to decode in K1 and AX; R11 counts
// the input used (bytes, or code units for ecmaUnitOctetsAVX512) and R12
// the octets written at DI.

// OCT512KEPT: each '%' of Z0 (K1) becomes its octet (Z4), BX the mask of
// the bytes kept (not the 2 after a '%' of AX, nor the carry R8 from the
// block before) and R8 the carry into the next block. It uses R13; AX is
// clobbered.
#define OCT512KEPT \
	VMOVDQU8 Z4, K1, Z0; \
	LEAQ    (AX)(AX*1), BX; \
	LEAQ    (BX)(BX*1), R13; \
	ORQ     R13, BX; \
	ORQ     R8, BX; \
	NOTQ    BX; \
	MOVQ    AX, R8; \
	SHRQ    $62, R8; \
	SHRQ    $63, AX; \
	ORQ     AX, R8

// OCT512STORE moves the bytes of Z0 that BX keeps together (VPCOMPRESSB),
// stores them whole and moves on. It uses K7 and Z1.
#define OCT512STORE \
	ADDQ    $64, R11; \
	KMOVQ   BX, K7; \
	VPCOMPRESSB.Z Z0, K7, Z1; \
	VMOVDQU64 Z1, (DI)(R12*1); \
	POPCNTQ BX, BX; \
	ADDQ    BX, R12

// OCT512DONE(used, wrote) returns what the call used of its input (bytes,
// or code units), with the digits of an escape carried into the block where
// it stops (R8), and the bytes it wrote.
#define OCT512DONE(used, wrote) \
	VZEROUPPER; \
	POPCNTQ R8, R8; \
	ADDQ    R8, R11; \
	MOVQ    R11, used; \
	MOVQ    R12, wrote; \
	RET

// OCT512KEEP(none): with a keep table (R9: its bits in Z19, its bit
// selectors in Z20, 0x1F bytes in Z21; else it jumps to none, which follows
// it), the escapes of the block (AX, K1) whose octet (Z4) is in it are
// taken off AX and K1, to stay as written (ECMAScript Decode's reserved
// set, step 4.d.vi.3), and K4 is left holding them. It uses Z6, Z7 and BX.
#define OCT512KEEP(none) \
	TESTQ   R9, R9; \
	JZ      none; \
	VPSRLW  $3, Z4, Z6; \
	VPANDD  Z21, Z6, Z6; \
	VPERMB  Z19, Z6, Z6; \
	VPERMB  Z20, Z4, Z7; \
	VPTESTMB Z6, Z7, K1, K4; \
	KMOVQ   K4, BX; \
	NOTQ    BX; \
	ANDQ    BX, AX; \
	KMOVQ   AX, K1

// OCT512KEEPLOAD(none): with a keep table at R9, its bits, bit selectors
// and 0x1F bytes go to Z19, Z20 and Z21 for OCT512KEEP; with none (R9
// nil), it jumps to none.
#define OCT512KEEPLOAD(none) \
	TESTQ   R9, R9; \
	JZ      none; \
	VMOVDQU64 0(R9), Z19; \
	VMOVDQU64 64(R9), Z20; \
	VMOVDQU64 128(R9), Z21
