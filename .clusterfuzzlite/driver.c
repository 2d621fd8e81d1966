/* A stand-in for libFuzzer, for check_local.sh: it links with a target
 * that go-118-fuzz-build made into a C archive, stubs the coverage hooks
 * that libFuzzer would provide, and calls LLVMFuzzerTestOneInput on
 * random inputs (biased toward '%' and hex digits). A failing check
 * panics, which aborts the process, as it would crash under libFuzzer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *stop) {}
void __sanitizer_cov_pcs_init(const uintptr_t *start, const uintptr_t *stop) {}
void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) {}
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) {}
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) {}
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) {}
void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) {}
void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) {}
void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) {}
void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) {}
void __sanitizer_weak_hook_strcmp(void *pc, const char *a, const char *b, int r) {}

int main(int argc, char **argv) {
	static const char hex[] = "0123456789abcdefABCDEF";
	long n = argc > 1 ? atol(argv[1]) : 10000;
	uint8_t buf[256];
	srand(1);
	for (long i = 0; i < n; i++) {
		size_t size = (size_t)(rand() % 96);
		for (size_t j = 0; j < size; j++) {
			int r = rand() % 8;
			buf[j] = r == 0 ? '%' : r == 1 ? (uint8_t)hex[rand() % 22] : (uint8_t)rand();
		}
		LLVMFuzzerTestOneInput(buf, size);
	}
	printf("%ld inputs\n", n);
	return 0;
}
