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
    /// Filled by a metadata read (malloc'ed, handed over to the caller on success, freed otherwise).
    unsigned char *exif;
    size_t exif_size;
    JOCTET *icc;
    unsigned int icc_size;
} decode_state;

typedef struct {
    long long max_pixels;
    int expected_width;
    int expected_height;
    unsigned char *out;
    /// Output scale in eighths (1…8; libjpeg's scale_num over scale_denom 8).
    int scale_eighths;
} decode_target;

static void check_header(decode_state *s, const decode_target *t) {
    j_decompress_ptr cinfo = &s->cinfo;
    if ((long long)cinfo->image_width * (long long)cinfo->image_height > t->max_pixels)
        signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_TOO_LARGE, "image larger than the pixel limit");
    if ((int)cinfo->image_width != t->expected_width || (int)cinfo->image_height != t->expected_height)
        signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_ERROR, "image size differs from its header");
    if (t->scale_eighths < 1 || t->scale_eighths > 8)
        signet_jpeg_trap_fail((j_common_ptr)cinfo, SIGNET_JPEG_ERROR, "scale outside 1/8 to 8/8");
    cinfo->scale_num = (unsigned int)t->scale_eighths;
    cinfo->scale_denom = 8;
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
        // The caller sized `out` from the header with the same rounding (jdiv_round_up).
        long long scale = job->target->scale_eighths;
        if ((long long)s->cinfo.output_width != ((long long)s->cinfo.image_width * scale + 7) / 8 ||
            (long long)s->cinfo.output_height != ((long long)s->cinfo.image_height * scale + 7) / 8)
            signet_jpeg_trap_fail((j_common_ptr)&s->cinfo, SIGNET_JPEG_ERROR, "scaled size differs from the request");
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
    return signet_jpeg_decode_scaled(data, size, max_pixels, expected_width, expected_height, 8, out, info, message);
}

signet_jpeg_status signet_jpeg_decode_scaled(const unsigned char *data, size_t size, long long max_pixels,
                                             int expected_width, int expected_height, int scale_eighths,
                                             unsigned char *out, signet_jpeg_info *info,
                                             char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    const decode_target target = {max_pixels, expected_width, expected_height, out, scale_eighths};
    return decode_with_state(data, size, &target, info, message);
}

/// What a metadata read works on.
typedef struct {
    decode_state *state;
    const unsigned char *data;
    size_t size;
} metadata_job;

static const unsigned char exif_header[6] = {'E', 'x', 'i', 'f', 0, 0};

/// Keeps the APP1 and APP2 markers, reads the header, copies the first Exif payload and
/// assembles the ICC profile (run inside the trap; what it allocates is on the heap state).
static void metadata_body(void *context) {
    const metadata_job *job = context;
    decode_state *const s = job->state;
    jpeg_create_decompress(&s->cinfo);
    jpeg_save_markers(&s->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&s->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_mem_src(&s->cinfo, job->data, (unsigned long)job->size);
    jpeg_read_header(&s->cinfo, TRUE);
    for (jpeg_saved_marker_ptr m = s->cinfo.marker_list; m; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length <= sizeof exif_header ||
            memcmp(m->data, exif_header, sizeof exif_header) != 0)
            continue;
        size_t length = m->data_length - sizeof exif_header;
        s->exif = malloc(length);
        if (!s->exif)
            signet_jpeg_trap_fail((j_common_ptr)&s->cinfo, SIGNET_JPEG_NO_MEMORY, "out of memory for the Exif data");
        memcpy(s->exif, m->data + sizeof exif_header, length);
        s->exif_size = length;
        break;
    }
    if (!jpeg_read_icc_profile(&s->cinfo, &s->icc, &s->icc_size)) {
        s->icc = NULL;
        s->icc_size = 0;
    }
}

signet_jpeg_status signet_jpeg_read_metadata(const unsigned char *data, size_t size, unsigned char **exif,
                                             size_t *exif_size, unsigned char **icc, size_t *icc_size,
                                             char message[SIGNET_JPEG_MESSAGE_SIZE]) {
    *exif = NULL;
    *icc = NULL;
    *exif_size = 0;
    *icc_size = 0;
    decode_state *s = calloc(1, sizeof *s);
    if (!s) {
        if (message) snprintf(message, SIGNET_JPEG_MESSAGE_SIZE, "out of memory for the JPEG decoder");
        return SIGNET_JPEG_NO_MEMORY;
    }
    metadata_job job = {s, data, size};
    signet_jpeg_status status =
        signet_jpeg_run_trapped((j_common_ptr)&s->cinfo, &s->trap, metadata_body, &job, message);
    if (status == SIGNET_JPEG_OK) {
        *exif = s->exif;
        *exif_size = s->exif_size;
        *icc = s->icc;
        *icc_size = s->icc_size;
    } else {
        free(s->exif);
        free(s->icc);
    }
    free(s);
    return status;
}
