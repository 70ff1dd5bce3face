// libFuzzer's driver (compiler-rt, LLVM 11 and later): runs the fuzzing loop with a callback, for
// executables whose `main` is not libFuzzer's own.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
