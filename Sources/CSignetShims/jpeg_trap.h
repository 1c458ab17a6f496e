// The error manager shared by the libjpeg shims: fatal errors and damaging warnings longjmp back
// to the setjmp in the calling shim function, which turns them into a status and a message.
#ifndef SIGNET_JPEG_TRAP_H
#define SIGNET_JPEG_TRAP_H
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include "signet_jpeg.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    /// The status the shim returns after a jump.
    signet_jpeg_status status;
    char message[SIGNET_JPEG_MESSAGE_SIZE];
} signet_jpeg_trap;

/// Points `cinfo->err` at `trap` with our handlers installed (works for compress and decompress).
struct jpeg_error_mgr *signet_jpeg_trap_install(signet_jpeg_trap *trap);

/// Leaves through the trap with `status` and a fixed `text`.
void signet_jpeg_trap_fail(j_common_ptr cinfo, signet_jpeg_status status, const char *text);

/// Copies the trap's message into the caller's buffer.
void signet_jpeg_trap_copy_message(const signet_jpeg_trap *trap, char message[SIGNET_JPEG_MESSAGE_SIZE]);

#endif
