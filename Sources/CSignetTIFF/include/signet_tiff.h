// libtiff behind a status-returning API, reading from memory: libtiff reports errors through a
// variadic handler (which Swift cannot write), here turned into a status and one line of text.
#ifndef SIGNET_TIFF_H
#define SIGNET_TIFF_H
#include <stddef.h>
#include <stdint.h>

#define SIGNET_TIFF_MESSAGE_SIZE 256

typedef enum {
    SIGNET_TIFF_OK = 0,
    /// libtiff refused the data: corrupt, truncated, or a kind its RGBA reader does not handle.
    SIGNET_TIFF_ERROR = 1,
    /// Memory could not be allocated.
    SIGNET_TIFF_NO_MEMORY = 2,
} signet_tiff_status;

/// What the first image's directory says.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// The Orientation tag, 1 to 8 (1 when absent).
    int orientation;
} signet_tiff_info;

signet_tiff_status signet_tiff_read_info(const uint8_t *data, size_t size, signet_tiff_info *info, char *message);

/// Decodes the first image into `rgba` (width · height · 4 bytes, rows top to bottom as stored,
/// the Orientation tag not applied, straight alpha) with libtiff's RGBA reader, which takes every
/// photometric kind it knows (gray, palette, RGB, CMYK, YCbCr, CIE Lab, 1 to 16 bits). `width`
/// and `height` must be what signet_tiff_read_info said. `*icc` is the ICC profile tag's data
/// (malloc'ed, freed by the caller with free()), NULL when there is none.
signet_tiff_status signet_tiff_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                                      uint8_t *rgba, uint8_t **icc, size_t *icc_size, char *message);

#endif
