// libjpeg traps. libjpeg reports fatal errors by calling `error_exit`, which by default prints and
// calls exit(); these functions install an error manager that longjmps back here instead, so each
// call returns a status and, on failure, one line of text. Swift never sees the longjmp.
#ifndef SIGNET_JPEG_H
#define SIGNET_JPEG_H
#include <stddef.h>

/// What a call ended with.
typedef enum {
    SIGNET_JPEG_OK = 0,
    /// libjpeg rejected the data or the parameters; the message says why.
    SIGNET_JPEG_ERROR = 1,
    /// The data decoded but libjpeg warned that it is damaged (truncated, bad Huffman code, ...).
    SIGNET_JPEG_CORRUPT = 2,
    /// The encoder output grew past the caller's byte limit and was abandoned.
    SIGNET_JPEG_OVER_LIMIT = 3,
    /// The image is larger than the caller's pixel limit (checked from the header).
    SIGNET_JPEG_TOO_LARGE = 4,
    /// Memory for the output could not be allocated.
    SIGNET_JPEG_NO_MEMORY = 5,
} signet_jpeg_status;

/// Room for libjpeg's longest formatted message (JMSG_LENGTH_MAX is 200).
#define SIGNET_JPEG_MESSAGE_SIZE 200

/// What the header of a JPEG says, without decoding any pixels.
typedef struct {
    int width;
    int height;
    /// Components in the file: 1 (gray), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    int components;
    /// The file's J_COLOR_SPACE as libjpeg guessed it (JCS_GRAYSCALE, JCS_YCbCr, JCS_RGB, JCS_CMYK, JCS_YCCK).
    int color_space;
    /// 1 when an Adobe APP14 marker is present (CMYK values are then stored inverted).
    int saw_adobe_marker;
    int progressive;
    /// JFIF density: unit 0 = aspect only, 1 = dots per inch, 2 = dots per cm.
    int density_unit;
    int x_density;
    int y_density;
} signet_jpeg_info;

/// How to encode.
typedef struct {
    int width;
    int height;
    /// 1: `pixels` holds one gray byte per pixel, written as a 1-component JPEG.
    /// 4: `pixels` holds R, G, B, X per pixel (the fourth byte is ignored), written as YCbCr.
    int input_components;
    /// 1…100.
    int quality;
    /// Chroma sampling for color: 1 = 4:4:4 (none), 2 = 4:2:0 (halved both ways).
    int chroma_factor;
    int optimize_coding;
    /// Progressive scans: one DC scan, then one full AC scan per component (see jpeg_encode.c).
    int progressive;
    /// JFIF density (unit 1 = dpi); unit 0 with 1:1 when unknown.
    int density_unit;
    int x_density;
    int y_density;
    /// Abandon the encode with SIGNET_JPEG_OVER_LIMIT once the output exceeds this many bytes; 0 = no limit.
    size_t byte_limit;
} signet_jpeg_encode_params;

/// Reads the header of `data`. Fills `info` on success.
signet_jpeg_status signet_jpeg_read_info(const unsigned char *data, size_t size, signet_jpeg_info *info,
                                         char message[SIGNET_JPEG_MESSAGE_SIZE]);

/// Decodes `data` into `out` (room for width × height × 4 bytes, rows packed). Gray images fill the
/// first width × height bytes (one per pixel), color images R, G, B, 255 per pixel, CMYK and YCCK
/// images the raw C, M, Y, K bytes as stored (see `saw_adobe_marker`). `expected_width` and
/// `expected_height` must match the header (the caller sized `out` from signet_jpeg_read_info);
/// `max_pixels` is checked again before any decoding. `info` is filled as by signet_jpeg_read_info.
signet_jpeg_status signet_jpeg_decode(const unsigned char *data, size_t size, long long max_pixels,
                                      int expected_width, int expected_height, unsigned char *out,
                                      signet_jpeg_info *info, char message[SIGNET_JPEG_MESSAGE_SIZE]);

/// signet_jpeg_decode with libjpeg's DCT scaling: the image is decoded at `scale_eighths` / 8 of its
/// size (1…8), each side rounded up, so `out` needs room for ceil(width · scale / 8) ×
/// ceil(height · scale / 8) × 4 bytes; 8 is signet_jpeg_decode. The pixel limit applies to the
/// file's own size. A scaled decode reads only the DCT coefficients it needs: a 48 MP photo at 1/4
/// never holds more than its scaled pixels.
signet_jpeg_status signet_jpeg_decode_scaled(const unsigned char *data, size_t size, long long max_pixels,
                                             int expected_width, int expected_height, int scale_eighths,
                                             unsigned char *out, signet_jpeg_info *info,
                                             char message[SIGNET_JPEG_MESSAGE_SIZE]);

/// The metadata a decode needs besides the pixels: the TIFF data of the first APP1 "Exif" marker
/// (after its 6-byte "Exif\0\0" header) and the ICC profile of the APP2 "ICC_PROFILE" markers,
/// put together by libjpeg-turbo (jpeg_read_icc_profile). Each is a malloc'ed buffer the caller
/// frees with free(), or NULL with size 0 when the file has none (a malformed ICC sequence is
/// treated as none, as libjpeg-turbo does).
signet_jpeg_status signet_jpeg_read_metadata(const unsigned char *data, size_t size, unsigned char **exif,
                                             size_t *exif_size, unsigned char **icc, size_t *icc_size,
                                             char message[SIGNET_JPEG_MESSAGE_SIZE]);

/// Encodes `pixels` (rows of `stride` bytes). On success `*out` is a malloc'ed buffer of `*out_size`
/// bytes that the caller frees with free(). On SIGNET_JPEG_OVER_LIMIT nothing is returned.
signet_jpeg_status signet_jpeg_encode(const signet_jpeg_encode_params *params, const unsigned char *pixels,
                                      size_t stride, unsigned char **out, size_t *out_size,
                                      char message[SIGNET_JPEG_MESSAGE_SIZE]);

#endif
