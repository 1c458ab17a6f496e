#include <lcms2.h>

// lcms2's pixel formats are built by function-like macros, which Swift does not import: the few
// Signet converts from and to, as constants. Each is 4 bytes per pixel, so a transform runs in place.
/// R, G, B and one extra byte (alpha) left as it is.
static const cmsUInt32Number SIGNET_LCMS_RGBA_8 = TYPE_RGBA_8;
/// One gray byte followed by three left as they are (gray held as R = G = B, A).
static const cmsUInt32Number SIGNET_LCMS_GRAY_IN_RGBA_8 =
    COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1);
/// C, M, Y, K, 0 = no ink.
static const cmsUInt32Number SIGNET_LCMS_CMYK_8 = TYPE_CMYK_8;
/// C, M, Y, K stored inverted (0 = full ink), as Adobe writes CMYK JPEGs.
static const cmsUInt32Number SIGNET_LCMS_CMYK_8_REV = TYPE_CMYK_8_REV;
