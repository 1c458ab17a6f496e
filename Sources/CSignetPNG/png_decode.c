#include "png_trap.h"
#include "signet_png.h"
#include <stdlib.h>
#include <string.h>

/// The input bytes and how far libpng has read.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} source;

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    source *src = (source *)png_get_io_ptr(png);
    if (length > src->size - src->offset) png_error(png, "the data ends early");
    memcpy(out, src->data + src->offset, length);
    src->offset += length;
}

/// Creates the reader after checking the signature; NULL with a status when that fails.
static signet_png_status open_reader(
    const uint8_t *data, size_t size, signet_png_trap *trap, source *src, png_structp *png, png_infop *info) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        signet_png_set_message(trap->message, "not a PNG file (the signature is missing)");
        return SIGNET_PNG_NOT_PNG;
    }
    *src = (source){data, size, 0};
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, trap, signet_png_on_error, signet_png_on_warning);
    if (!*png) {
        signet_png_set_message(trap->message, "cannot create the PNG reader");
        return SIGNET_PNG_NO_MEMORY;
    }
    *info = png_create_info_struct(*png);
    if (!*info) {
        png_destroy_read_struct(png, NULL, NULL);
        signet_png_set_message(trap->message, "cannot create the PNG reader");
        return SIGNET_PNG_NO_MEMORY;
    }
    png_set_read_fn(*png, src, read_bytes);
    // Only the pixels, tRNS and pHYs matter here. libpng allocates an ancillary chunk's claimed
    // length before reading it (and inflates compressed text and ICC profiles into memory), so a
    // 60-byte file claiming a 2 GB zTXt chunk would allocate 2 GB: every other ancillary chunk is
    // skipped unread instead (none changes the decoded pixels, as no gamma or colour
    // transformation is asked for). IHDR, PLTE, tRNS, IDAT and IEND are always handled.
    png_set_keep_unknown_chunks(*png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(*png, PNG_HANDLE_CHUNK_AS_DEFAULT, (png_const_bytep) "pHYs", 1);
    return SIGNET_PNG_OK;
}

/// What a read changes after its setjmp (the trap's failure flag, the read offset), on the heap
/// behind a pointer that never changes: automatic objects modified after setjmp are indeterminate
/// after the longjmp (C11 7.13.2.1; see jpeg_encode.c).
typedef struct {
    signet_png_trap trap;
    source src;
} read_state;

static read_state *new_read_state(char *message) {
    read_state *s = calloc(1, sizeof *s);
    if (s) s->trap.message = message;
    else signet_png_set_message(message, "out of memory for the PNG reader");
    return s;
}

static double dpi_of(png_structp png, png_infop info) {
    png_uint_32 x = 0, y = 0;
    int unit = 0;
    if (png_get_pHYs(png, info, &x, &y, &unit) && unit == PNG_RESOLUTION_METER && x > 0) return x * 0.0254;
    return 0;
}

static signet_png_status read_info_trapped(read_state *const s, const uint8_t *data, size_t size,
                                           signet_png_info *out) {
    png_structp png = NULL;
    png_infop info = NULL;
    signet_png_status status = open_reader(data, size, &s->trap, &s->src, &png, &info);
    if (status != SIGNET_PNG_OK) return status;
    if (setjmp(s->trap.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        return s->trap.no_memory ? SIGNET_PNG_NO_MEMORY : SIGNET_PNG_ERROR;
    }
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->dpi = dpi_of(png, info);
    out->color_type = png_get_color_type(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_destroy_read_struct(&png, &info, NULL);
    return SIGNET_PNG_OK;
}

signet_png_status signet_png_read_info(const uint8_t *data, size_t size, signet_png_info *out, char *message) {
    read_state *s = new_read_state(message);
    if (!s) return SIGNET_PNG_NO_MEMORY;
    signet_png_status status = read_info_trapped(s, data, size, out);
    free(s);
    return status;
}

/// What a metadata read hands over: malloc'ed copies, freed here when the read fails.
typedef struct {
    read_state base;
    uint8_t *exif;
    size_t exif_size;
    uint8_t *icc;
    size_t icc_size;
} metadata_state;

static uint8_t *copy_of(png_structp png, const uint8_t *bytes, size_t size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) png_error(png, "out of memory for the image's metadata");
    memcpy(copy, bytes, size);
    return copy;
}

static signet_png_status read_metadata_trapped(metadata_state *const s, const uint8_t *data, size_t size) {
    png_structp png = NULL;
    png_infop info = NULL;
    signet_png_status status = open_reader(data, size, &s->base.trap, &s->base.src, &png, &info);
    if (status != SIGNET_PNG_OK) return status;
    if (setjmp(s->base.trap.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        return s->base.trap.no_memory ? SIGNET_PNG_NO_MEMORY : SIGNET_PNG_ERROR;
    }
    // The two chunks asked for here, besides pHYs; an ICC profile inflates to at most 16 MiB.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, (png_const_bytep) "iCCP\0eXIf", 2);
    png_set_chunk_malloc_max(png, 16 << 20);
    png_read_info(png, info);
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_size) && profile && profile_size > 0) {
        s->icc = copy_of(png, profile, profile_size);
        s->icc_size = profile_size;
    }
    png_uint_32 exif_size = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(png, info, &exif_size, &exif) && exif && exif_size > 0) {
        s->exif = copy_of(png, exif, exif_size);
        s->exif_size = exif_size;
    }
    png_destroy_read_struct(&png, &info, NULL);
    return SIGNET_PNG_OK;
}

signet_png_status signet_png_read_metadata(
    const uint8_t *data, size_t size, uint8_t **exif, size_t *exif_size, uint8_t **icc, size_t *icc_size,
    char *message) {
    *exif = NULL;
    *icc = NULL;
    *exif_size = 0;
    *icc_size = 0;
    metadata_state *s = calloc(1, sizeof *s);
    if (!s) {
        signet_png_set_message(message, "out of memory for the PNG reader");
        return SIGNET_PNG_NO_MEMORY;
    }
    s->base.trap.message = message;
    signet_png_status status = read_metadata_trapped(s, data, size);
    if (status == SIGNET_PNG_OK) {
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

static signet_png_status decode_trapped(read_state *const s, const uint8_t *data, size_t size, uint8_t *rgba,
                                        size_t rgba_size) {
    png_structp png = NULL;
    png_infop info = NULL;
    png_bytep *volatile rows = NULL;
    signet_png_status status = open_reader(data, size, &s->trap, &s->src, &png, &info);
    if (status != SIGNET_PNG_OK) return status;
    if (setjmp(s->trap.jump)) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return s->trap.no_memory ? SIGNET_PNG_NO_MEMORY : SIGNET_PNG_ERROR;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int color = png_get_color_type(png, info);
    png_set_expand(png);  // palette → RGB, gray below 8 bits → 8, tRNS → alpha
    if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
    if (!(color & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4 || rgba_size < (size_t)width * height * 4)
        png_error(png, "unexpected pixel layout after conversion to RGBA");
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory for the row table");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return SIGNET_PNG_OK;
}

signet_png_status signet_png_decode_rgba(
    const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, char *message) {
    read_state *s = new_read_state(message);
    if (!s) return SIGNET_PNG_NO_MEMORY;
    signet_png_status status = decode_trapped(s, data, size, rgba, rgba_size);
    free(s);
    return status;
}
