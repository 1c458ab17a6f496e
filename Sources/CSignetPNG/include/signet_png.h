#ifndef SIGNET_PNG_H
#define SIGNET_PNG_H
// libpng behind a status-returning API: every libpng error (a longjmp) is caught in C and comes
// back as a status plus a message, so Swift never sees a longjmp.
#include <png.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

#define SIGNET_PNG_MESSAGE_SIZE 256

typedef enum {
    SIGNET_PNG_OK = 0,
    /// libpng reported an error (corrupt or truncated data, or a bad encode request).
    SIGNET_PNG_ERROR = 1,
    /// The data does not start with the PNG signature.
    SIGNET_PNG_NOT_PNG = 2,
    /// Memory could not be allocated.
    SIGNET_PNG_NO_MEMORY = 3,
} signet_png_status;

/// How to encode: samples packed as the color type says, `row_bytes` per row.
typedef struct {
    int color_type;              // PNG_COLOR_TYPE_GRAY, _GRAY_ALPHA, _RGB, _RGB_ALPHA or _PALETTE
    int bit_depth;               // 8, or 1, 2, 4 for a palette whose indices are packed into bytes (0 means 8)
    int compression_level;       // zlib level 0…9
    int filters;                 // mask of PNG_FILTER_NONE / _SUB / _UP / _AVG / _PAETH
    int strategy;                // zlib strategy: Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE, …
    double dpi;                  // > 0 writes a pHYs chunk (pixels per metre)
    const uint8_t *palette;      // palette_count RGB triples (palette type only)
    int palette_count;
    const uint8_t *alphas;       // alpha of the first alpha_count palette entries (tRNS), may be NULL
    int alpha_count;
} signet_png_encode_params;

/// Bytes allocated with malloc by the encoder; release with signet_png_buffer_free.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} signet_png_buffer;

signet_png_status signet_png_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    const signet_png_encode_params *params, signet_png_buffer *out, char *message);

void signet_png_buffer_free(signet_png_buffer *buffer);

/// What the header says, before any pixel is decoded.
typedef struct {
    uint32_t width;
    uint32_t height;
    double dpi;                  // 0 when there is no pHYs chunk in pixels per metre
    int color_type;              // PNG_COLOR_TYPE_*
    int bit_depth;               // 1, 2, 4, 8 or 16
    int interlaced;              // 1 for Adam7
    int has_trns;                // 1 when a tRNS chunk comes before the pixel data
} signet_png_info;

signet_png_status signet_png_read_info(
    const uint8_t *data, size_t size, signet_png_info *info, char *message);

/// The metadata a decode needs besides the pixels, from the chunks before the pixel data: the
/// TIFF data of an `eXIf` chunk and the ICC profile of an `iCCP` chunk (inflated by libpng, at most
/// 16 MiB). Each is a malloc'ed buffer the caller frees with free(), or NULL with size 0 when the
/// file has none (libpng drops an iCCP chunk it finds malformed, with a warning).
signet_png_status signet_png_read_metadata(
    const uint8_t *data, size_t size, uint8_t **exif, size_t *exif_size, uint8_t **icc, size_t *icc_size,
    char *message);

/// Decodes into `rgba` (width * height * 4 bytes, straight alpha, 8 bits per sample): any color
/// type and bit depth, palettes, tRNS, 16-bit (rounded to 8) and interlaced images.
signet_png_status signet_png_decode_rgba(
    const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, char *message);

#endif
