// The error manager shared by the libjpeg shims: fatal errors and damaging warnings longjmp back
// to the one setjmp, in signet_jpeg_run_trapped, which turns them into a status and a message.
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

/// Leaves through the trap with `status` and a fixed `text`.
void signet_jpeg_trap_fail(j_common_ptr cinfo, signet_jpeg_status status, const char *text);

/// The one setjmp of the libjpeg shims: installs `trap` as `cinfo`'s error manager, runs `body(context)` (which
/// creates `cinfo` and works with it) and destroys `cinfo` however it ends. Returns SIGNET_JPEG_OK, or the
/// status of the error that jumped back, with its text copied into `message`. What `body` changes must live
/// behind `context` (on the heap), never in `body`'s caller's automatic variables (see encode_state).
signet_jpeg_status signet_jpeg_run_trapped(j_common_ptr cinfo, signet_jpeg_trap *trap, void (*body)(void *context),
                                           void *context, char message[SIGNET_JPEG_MESSAGE_SIZE]);

#endif
