// giflib behind a status-returning API, reading from memory: the first image of a GIF composed
// onto its logical screen.
#ifndef SIGNET_GIF_H
#define SIGNET_GIF_H
#include <stddef.h>
#include <stdint.h>

#define SIGNET_GIF_MESSAGE_SIZE 256

typedef enum {
    SIGNET_GIF_OK = 0,
    /// giflib refused the data: corrupt or truncated, or no image in it.
    SIGNET_GIF_ERROR = 1,
    /// Memory could not be allocated.
    SIGNET_GIF_NO_MEMORY = 2,
} signet_gif_status;

/// The logical screen's size (the canvas every frame is drawn on).
signet_gif_status signet_gif_read_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                       char *message);

/// The first frame on a transparent canvas of the logical screen's size, `width` × `height` (what
/// signet_gif_read_info said), as straight RGBA in `rgba`: the frame's colour table (its own, else
/// the global one), its transparent index from the graphic control extension before it,
/// interlaced rows put in place; the parts of the frame outside the screen are cut off.
signet_gif_status signet_gif_decode_first(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                                          uint8_t *rgba, char *message);

#endif
