#include <stdlib.h>
#include <string.h>
#include "jpeg_trap.h"

/// More progressive scans than any real encoder writes; a crafted file with thousands of tiny
/// scans would otherwise keep the decoder busy for minutes.
#define SIGNET_JPEG_MAX_SCANS 500

static void limit_scans(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > SIGNET_JPEG_MAX_SCANS)
        signet_jpeg_trap_fail(cinfo, SIGNET_JPEG_CORRUPT, "more than 500 progressive scans");
}

static void fill_info(const struct jpeg_decompress_struct *cinfo, signet_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->components = cinfo->num_components;
    info->color_space = (int)cinfo->jpeg_color_space;
    info->saw_adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->density_unit = cinfo->saw_JFIF_marker ? cinfo->density_unit : 0;
    info->x_density = cinfo->saw_JFIF_marker ? cinfo->X_density : 0;
    info->y_density = cinfo->saw_JFIF_marker ? cinfo->Y_density : 0;
}

/// What a decode changes after its setjmp, on the heap behind a pointer that never changes (see
/// encode_state in jpeg_encode.c for why).
typedef struct {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    signet_jpeg_trap trap;
} decode_state;

typedef struct {
    long long max_pixels;
    int expected_width;
    int expected_height;
    unsigned char *out;
    /// One flag per row: only the rows flagged are decoded, stacked in `out`, as RGBA whatever
    /// the file's components; NULL decodes every row as stored.
    const unsigned char *wanted;
} decode_target;

static void check_header(decode_state *s, const decode_target *t) {
    j_decompress_ptr cinfo = &s->cinfo;
    if ((long long)cinfo->image_width * (long long)cinfo->image_height > t->max_pixels)
        signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_TOO_LARGE, "image larger than the pixel limit");
    if ((int)cinfo->image_width != t->expected_width || (int)cinfo->image_height != t->expected_height)
        signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_ERROR, "image size differs from its header");
    if (t->wanted) {
        if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK)
            signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_ERROR, "rows of a CMYK JPEG asked for as RGBA");
        cinfo->out_color_space = JCS_EXT_RGBA;
        return;
    }
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo->out_color_space = JCS_CMYK; break;
    default: cinfo->out_color_space = JCS_EXT_RGBA; break;
    }
}

static void read_rows(j_decompress_ptr cinfo, unsigned char *out) {
    size_t stride = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[8];
        JDIMENSION want = cinfo->output_height - cinfo->output_scanline;
        if (want > 8) want = 8;
        for (JDIMENSION i = 0; i < want; i++) rows[i] = out + (size_t)(cinfo->output_scanline + i) * stride;
        jpeg_read_scanlines(cinfo, rows, want);
    }
}

/// The rows `wanted` flags, stacked in `out`; the others are skipped (libjpeg-turbo leaves out
/// their inverse DCT and colour conversion).
static void read_wanted_rows(j_decompress_ptr cinfo, const unsigned char *wanted, unsigned char *out) {
    size_t stride = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION row = cinfo->output_scanline, run = 1;
        while (row + run < cinfo->output_height && wanted[row + run] == wanted[row]) run++;
        if (!wanted[row]) {
            if (jpeg_skip_scanlines(cinfo, run) != run)
                signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_CORRUPT, "rows could not be skipped");
            continue;
        }
        JSAMPROW line = out;
        if (jpeg_read_scanlines(cinfo, &line, 1) != 1)
            signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_CORRUPT, "a row could not be read");
        out += stride;
    }
}

/// What one decode reads from and writes to.
typedef struct {
    decode_state *state;
    const unsigned char *data;
    size_t size;
    const decode_target *target;
    signet_jpeg_info *info;
} decode_job;

/// Reads the header and, when the job has a target, the pixels (run inside the trap).
static void decode_body(void *context) {
    const decode_job *job = context;
    decode_state *const s = job->state;
    jpeg_create_decompress(&s->cinfo);
    if (job->target) {
        s->progress.progress_monitor = limit_scans;
        s->cinfo.progress = &s->progress;
    }
    jpeg_mem_src(&s->cinfo, job->data, (unsigned long)job->size);
    jpeg_read_header(&s->cinfo, TRUE);
    fill_info(&s->cinfo, job->info);
    if (job->target) {
        check_header(s, job->target);
        jpeg_start_decompress(&s->cinfo);
        if (job->target->wanted)
            read_wanted_rows(&s->cinfo, job->target->wanted, job->target->out);
        else
            read_rows(&s->cinfo, job->target->out);
        jpeg_finish_decompress(&s->cinfo);
    }
}

static signet_jpeg_status decode_with_state(const unsigned char *data, size_t size, const decode_target *target,
                                            signet_jpeg_info *info, char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    decode_state *s = calloc(1, sizeof *s);
    if (!s) {
        if (message) snprintf(message, SIGNET_JPEG_MESSAGE_SIZE, "out of memory for the JPEG decoder");
        return SIGNET_JPEG_NO_MEMORY;
    }
    decode_job job = {s, data, size, target, info};
    signet_jpeg_status status = signet_jpeg_run_trapped((j_common_ptr)&s->cinfo, &s->trap, decode_body, &job, message);
    free(s);
    return status;
}

signet_jpeg_status signet_jpeg_read_info(const unsigned char *data, size_t size, signet_jpeg_info *info,
                                         char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    return decode_with_state(data, size, NULL, info, message);
}

signet_jpeg_status signet_jpeg_decode(const unsigned char *data, size_t size, long long max_pixels,
                                      int expected_width, int expected_height, unsigned char *out,
                                      signet_jpeg_info *info, char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    const decode_target target = {max_pixels, expected_width, expected_height, out, NULL};
    return decode_with_state(data, size, &target, info, message);
}

signet_jpeg_status signet_jpeg_decode_rows(const unsigned char *data, size_t size, long long max_pixels,
                                           int expected_width, int expected_height, const unsigned char *wanted,
                                           unsigned char *out, signet_jpeg_info *info,
                                           char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    const decode_target target = {max_pixels, expected_width, expected_height, out, wanted};
    return decode_with_state(data, size, &target, info, message);
}
