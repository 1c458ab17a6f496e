#include "signet_tiff.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/// The bytes libtiff reads, and where the first error's text goes.
typedef struct {
    const uint8_t *data;
    size_t size;
    toff_t offset;
    char *message;
    int failed;
} memory_file;

static tmsize_t read_proc(thandle_t handle, void *out, tmsize_t length) {
    memory_file *file = handle;
    if (length < 0 || file->offset > file->size) return -1;
    size_t left = file->size - (size_t)file->offset;
    size_t n = (size_t)length < left ? (size_t)length : left;
    memcpy(out, file->data + file->offset, n);
    file->offset += n;
    return (tmsize_t)n;
}

static tmsize_t write_proc(thandle_t handle, void *in, tmsize_t length) {
    (void)handle, (void)in, (void)length;
    return -1;
}

static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
    memory_file *file = handle;
    uint64_t base = whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->size : 0;
    // libtiff passes offsets as unsigned; a negative SEEK_CUR or SEEK_END arrives wrapped.
    uint64_t target = base + offset;
    if (target > file->size) return (toff_t)-1;
    file->offset = target;
    return file->offset;
}

static int close_proc(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_proc(thandle_t handle) { return ((memory_file *)handle)->size; }

static int map_proc(thandle_t handle, void **base, toff_t *size) {
    (void)handle, (void)base, (void)size;
    return 0;
}

static void unmap_proc(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

/// The first error's text is kept; nothing is printed.
static int on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list args) {
    (void)tif, (void)module;
    memory_file *file = user_data;
    if (!file->failed && file->message) vsnprintf(file->message, SIGNET_TIFF_MESSAGE_SIZE, format, args);
    file->failed = 1;
    return 1;
}

static int on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list args) {
    (void)tif, (void)user_data, (void)module, (void)format, (void)args;
    return 1;
}

static void set_message(char *message, const char *text) {
    if (message) snprintf(message, SIGNET_TIFF_MESSAGE_SIZE, "%s", text);
}

/// Opens `file` read-only, with errors routed to it and no single allocation over 512 MiB.
static TIFF *open_memory(memory_file *file) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)512 << 20);
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, file);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, file);
    // 'm': no memory mapping (the bytes are already in memory); 'r': read.
    TIFF *tif = TIFFClientOpenExt("input", "rm", file, read_proc, write_proc, seek_proc, close_proc, size_proc,
                                  map_proc, unmap_proc, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

signet_tiff_status signet_tiff_read_info(const uint8_t *data, size_t size, signet_tiff_info *info, char *message) {
    memory_file file = {data, size, 0, message, 0};
    TIFF *tif = open_memory(&file);
    if (!tif) {
        if (!file.failed) set_message(message, "not a readable TIFF file");
        return SIGNET_TIFF_ERROR;
    }
    uint32_t width = 0, height = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT;
    int ok = TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width) && TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
    TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
    TIFFClose(tif);
    if (!ok || width == 0 || height == 0) {
        set_message(message, "the TIFF image has no size");
        return SIGNET_TIFF_ERROR;
    }
    info->width = width;
    info->height = height;
    info->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
    return SIGNET_TIFF_OK;
}

/// libtiff's RGBA reader premultiplies unassociated alpha; Signet's bitmaps hold straight alpha.
static void unpremultiply(uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = rgba + 4 * i;
        unsigned a = p[3];
        if (a == 255 || a == 0) continue;
        for (int c = 0; c < 3; c++) {
            unsigned v = (p[c] * 255u + a / 2) / a;
            p[c] = v > 255 ? 255 : (uint8_t)v;
        }
    }
}

signet_tiff_status signet_tiff_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                                      uint8_t *rgba, uint8_t **icc, size_t *icc_size, char *message) {
    *icc = NULL;
    *icc_size = 0;
    memory_file file = {data, size, 0, message, 0};
    TIFF *tif = open_memory(&file);
    if (!tif) {
        if (!file.failed) set_message(message, "not a readable TIFF file");
        return SIGNET_TIFF_ERROR;
    }
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!TIFFRGBAImageOK(tif, reason) || !TIFFRGBAImageBegin(&image, tif, 1, reason)) {
        set_message(message, reason[0] ? reason : "libtiff cannot read this kind of TIFF");
        TIFFClose(tif);
        return SIGNET_TIFF_ERROR;
    }
    if (image.width != width || image.height != height) {
        TIFFRGBAImageEnd(&image);
        TIFFClose(tif);
        set_message(message, "image size differs from its header");
        return SIGNET_TIFF_ERROR;
    }
    // Rows as stored, top first: the Orientation tag is applied by the caller, for all eight values.
    image.orientation = ORIENTATION_TOPLEFT;
    image.req_orientation = ORIENTATION_TOPLEFT;
    int ok = TIFFRGBAImageGet(&image, (uint32_t *)(void *)rgba, width, height) && !file.failed;
    TIFFRGBAImageEnd(&image);
    if (ok) {
        uint32_t length = 0;
        void *profile = NULL;
        if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &length, &profile) && profile && length > 0) {
            *icc = malloc(length);
            if (*icc) {
                memcpy(*icc, profile, length);
                *icc_size = length;
            }
        }
    }
    TIFFClose(tif);
    if (!ok) {
        if (!file.failed) set_message(message, "the TIFF image data could not be read");
        return SIGNET_TIFF_ERROR;
    }
    unpremultiply(rgba, (size_t)width * height);
    return SIGNET_TIFF_OK;
}
