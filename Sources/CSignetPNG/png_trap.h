// Shared by the PNG shims: the jump target and message buffer libpng's error handler uses.
#ifndef SIGNET_PNG_TRAP_H
#define SIGNET_PNG_TRAP_H
#include <png.h>
#include <setjmp.h>

typedef struct {
    jmp_buf jump;
    char *message;   // SIGNET_PNG_MESSAGE_SIZE bytes owned by the caller
    int no_memory;   // set when the failure was an allocation
} signet_png_trap;

/// libpng error callback: records the message and jumps back to the trap's setjmp.
void signet_png_on_error(png_structp png, png_const_charp text);
/// libpng warning callback: warnings (e.g. a bad ancillary chunk CRC) are ignored, not printed.
void signet_png_on_warning(png_structp png, png_const_charp text);
/// Copies `text` into the trap's message buffer (truncated).
void signet_png_set_message(char *message, const char *text);

#endif
