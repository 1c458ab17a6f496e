// libFuzzer's driver, for a program that defines its own `main` (compiler-rt's FuzzerInterface.h).
#include <stddef.h>
#include <stdint.h>

typedef int (*signet_fuzz_callback)(const uint8_t *data, size_t size);

int LLVMFuzzerRunDriver(int *argc, char ***argv, signet_fuzz_callback callback);
