#include "png_trap.h"
#include "signet_png.h"
#include <stdlib.h>
#include <string.h>

static void append(png_structp png, png_bytep data, size_t length) {
    signet_png_buffer *out = (signet_png_buffer *)png_get_io_ptr(png);
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->size + length) capacity *= 2;
        uint8_t *grown = realloc(out->data, capacity);
        if (!grown) png_error(png, "out of memory while writing the PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void flush(png_structp png) { (void)png; }

void signet_png_buffer_free(signet_png_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

/// Encodes with `trap` (on the heap, behind a pointer that never changes: its failure flag is set
/// before the longjmp, and automatic objects modified after setjmp are indeterminate after it).
static signet_png_status encode_trapped(
    signet_png_trap *const trap, const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    const signet_png_encode_params *params, signet_png_buffer *out, char *message) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, trap, signet_png_on_error, signet_png_on_warning);
    if (!png) {
        signet_png_set_message(message, "cannot create the PNG writer");
        return SIGNET_PNG_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        signet_png_set_message(message, "cannot create the PNG writer");
        return SIGNET_PNG_NO_MEMORY;
    }
    if (setjmp(trap->jump)) {
        png_destroy_write_struct(&png, &info);
        signet_png_buffer_free(out);
        return trap->no_memory ? SIGNET_PNG_NO_MEMORY : SIGNET_PNG_ERROR;
    }
    png_set_write_fn(png, out, append, flush);
    int depth = params->bit_depth ? params->bit_depth : 8;
    if (depth != 8 && !(params->color_type == PNG_COLOR_TYPE_PALETTE && (depth == 1 || depth == 2 || depth == 4)))
        png_error(png, "only a palette may have fewer than 8 bits per pixel");
    png_set_IHDR(png, info, width, height, depth, params->color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (params->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        int count = params->palette_count;
        if (count < 1 || count > 256) png_error(png, "a palette needs 1 to 256 colours");
        for (int i = 0; i < count; i++) {
            colors[i].red = params->palette[3 * i];
            colors[i].green = params->palette[3 * i + 1];
            colors[i].blue = params->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, count);
        if (params->alpha_count > 0) png_set_tRNS(png, info, params->alphas, params->alpha_count, NULL);
    }
    if (params->dpi > 0) {
        png_uint_32 ppm = (png_uint_32)(params->dpi / 0.0254 + 0.5);
        png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
    }
    png_set_compression_level(png, params->compression_level);
    png_set_compression_strategy(png, params->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, params->filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * row_bytes);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return SIGNET_PNG_OK;
}

signet_png_status signet_png_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    const signet_png_encode_params *params, signet_png_buffer *out, char *message) {
    *out = (signet_png_buffer){NULL, 0, 0};
    signet_png_trap *trap = calloc(1, sizeof *trap);
    if (!trap) {
        signet_png_set_message(message, "out of memory for the PNG writer");
        return SIGNET_PNG_NO_MEMORY;
    }
    trap->message = message;
    signet_png_status status = encode_trapped(trap, pixels, width, height, row_bytes, params, out, message);
    free(trap);
    return status;
}
