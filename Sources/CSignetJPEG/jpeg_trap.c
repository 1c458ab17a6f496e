#include <string.h>
#include "jpeg_trap.h"

// libjpeg's default error_exit prints and calls exit(); ours records the text and jumps back.
static void trap_error_exit(j_common_ptr cinfo) {
    signet_jpeg_trap *trap = (signet_jpeg_trap *)cinfo->err;
    trap->status = SIGNET_JPEG_ERROR;
    cinfo->err->format_message(cinfo, trap->message);
    longjmp(trap->jump, 1);
}

// Warnings that mean the pixels are wrong (truncated or damaged data). libjpeg would carry on and
// fill the rest with gray; we stop instead so damaged input is reported, never silently used.
static int is_damage(int code) {
    switch (code) {
    case JWRN_ARITH_BAD_CODE:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_JPEG_EOF:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_TOO_MUCH_DATA:
        return 1;
    default:
        return 0;
    }
}

// Nothing is ever printed: trace messages (level >= 0) are dropped, harmless warnings (unknown
// JFIF revision, extraneous bytes between markers, a bad ICC marker) are ignored, damaging ones stop.
static void trap_emit_message(j_common_ptr cinfo, int level) {
    signet_jpeg_trap *trap = (signet_jpeg_trap *)cinfo->err;
    if (level >= 0) return;
    cinfo->err->num_warnings++;
    if (!is_damage(cinfo->err->msg_code)) return;
    trap->status = SIGNET_JPEG_CORRUPT;
    cinfo->err->format_message(cinfo, trap->message);
    longjmp(trap->jump, 1);
}

static void trap_output_message(j_common_ptr cinfo) { (void)cinfo; }

static struct jpeg_error_mgr *trap_install(signet_jpeg_trap *trap) {
    memset(trap, 0, sizeof *trap);
    jpeg_std_error(&trap->pub);
    trap->pub.error_exit = trap_error_exit;
    trap->pub.emit_message = trap_emit_message;
    trap->pub.output_message = trap_output_message;
    trap->status = SIGNET_JPEG_OK;
    return &trap->pub;
}

void signet_jpeg_trap_fail(j_common_ptr cinfo, signet_jpeg_status status, const char *text) {
    signet_jpeg_trap *trap = (signet_jpeg_trap *)cinfo->err;
    trap->status = status;
    snprintf(trap->message, sizeof trap->message, "%s", text);
    longjmp(trap->jump, 1);
}

signet_jpeg_status signet_jpeg_run_trapped(j_common_ptr cinfo, signet_jpeg_trap *trap, void (*body)(void *context),
                                           void *context, char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    cinfo->err = trap_install(trap);
    if (setjmp(trap->jump)) {
        // jpeg_destroy frees nothing when the jump came before jpeg_create_* (the state is zeroed).
        jpeg_destroy(cinfo);
        if (message) snprintf(message, SIGNET_JPEG_MESSAGE_SIZE, "%s", trap->message);
        return trap->status;
    }
    body(context);
    jpeg_destroy(cinfo);
    return SIGNET_JPEG_OK;
}
