// The C shims' own tests, built by Tests/CShims/run.sh at -O2 under AddressSanitizer and
// UndefinedBehaviorSanitizer (and run by `make test`): every libjpeg and libpng entry point, through
// the paths that longjmp (over the byte limit, damaged data, a wrong header) and the ones that don't.
// A release-only double free after the encoder's over-limit longjmp reached users once; these cases
// are the ones that found it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "signet_jpeg.h"
#include "signet_png.h"

static int failures = 0, passes = 0;

#define EXPECT(cond, ...)                                   \
    do {                                                    \
        if (cond) {                                         \
            passes++;                                       \
        } else {                                            \
            failures++;                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                   \
            fprintf(stderr, "\n");                          \
        }                                                   \
    } while (0)

/// A photo-like RGBX image: smooth gradients plus seeded noise, so JPEG output is large.
static unsigned char *photo(int w, int h, unsigned seed) {
    unsigned char *p = malloc((size_t)w * h * 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            seed = seed * 1103515245u + 12345u;
            unsigned char *q = p + ((size_t)y * w + x) * 4;
            q[0] = (unsigned char)(x * 255 / (w ? w : 1) ^ (seed >> 24));
            q[1] = (unsigned char)(y * 255 / (h ? h : 1) + (seed >> 28));
            q[2] = (unsigned char)((seed >> 16) & 0xFF);
            q[3] = 255;
        }
    return p;
}

static signet_jpeg_encode_params jpeg_params(int w, int h, int components, int quality, size_t limit, int progressive) {
    signet_jpeg_encode_params p;
    memset(&p, 0, sizeof p);
    p.width = w;
    p.height = h;
    p.input_components = components;
    p.quality = quality;
    p.chroma_factor = 2;
    p.optimize_coding = 1;
    p.progressive = progressive;
    p.byte_limit = limit;
    return p;
}

static void jpeg_round_trip(unsigned char *jpeg, size_t size, int w, int h) {
    signet_jpeg_info info;
    char message[SIGNET_JPEG_MESSAGE_SIZE];
    signet_jpeg_status s = signet_jpeg_read_info(jpeg, size, &info, message);
    EXPECT(s == SIGNET_JPEG_OK && info.width == w && info.height == h, "read_info %dx%d: status %d, %dx%d", w, h, s,
           info.width, info.height);
    unsigned char *pixels = malloc((size_t)w * h * 4);
    s = signet_jpeg_decode(jpeg, size, 1LL << 40, w, h, pixels, &info, message);
    EXPECT(s == SIGNET_JPEG_OK, "decode %dx%d: status %d (%s)", w, h, s, message);
    // The wrong expected size and a pixel limit both refuse before decoding.
    s = signet_jpeg_decode(jpeg, size, 1LL << 40, w + 1, h, pixels, &info, message);
    EXPECT(s == SIGNET_JPEG_ERROR, "decode with a wrong width: status %d, expected ERROR", s);
    s = signet_jpeg_decode(jpeg, size, (long long)w * h - 1, w, h, pixels, &info, message);
    EXPECT(s == SIGNET_JPEG_TOO_LARGE, "decode over the pixel limit: status %d, expected TOO_LARGE", s);
    // Truncated data is damage, never silently grey pixels.
    s = signet_jpeg_decode(jpeg, size / 2, 1LL << 40, w, h, pixels, &info, message);
    EXPECT(s == SIGNET_JPEG_CORRUPT || s == SIGNET_JPEG_ERROR, "decode of half the bytes: status %d", s);
    free(pixels);
}

/// Every size and limit: over the limit gives OVER_LIMIT and nothing, under it a JPEG that fits.
static void jpeg_budget_sweep(void) {
    const int sizes[][2] = {{16, 16}, {480, 640}, {741, 500}, {1200, 900}};
    const size_t limits[] = {0, 5 * 1024, 30 * 1024, 100 * 1024, 1024 * 1024};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int w = sizes[i][0], h = sizes[i][1];
        unsigned char *rgbx = photo(w, h, (unsigned)(w * 31 + h));
        for (size_t j = 0; j < sizeof limits / sizeof *limits; j++)
            for (int q = 10; q <= 100; q += 45)
                for (int progressive = 0; progressive <= 1; progressive++)
                    for (int components = 1; components <= 4; components += 3) {
                        signet_jpeg_encode_params p = jpeg_params(w, h, components, q, limits[j], progressive);
                        unsigned char *out = NULL;
                        size_t size = 0;
                        char message[SIGNET_JPEG_MESSAGE_SIZE] = "";
                        size_t stride = (size_t)w * (size_t)components;
                        signet_jpeg_status s = signet_jpeg_encode(&p, rgbx, components == 4 ? stride : (size_t)w,
                                                                  &out, &size, message);
                        if (s == SIGNET_JPEG_OK) {
                            EXPECT(!limits[j] || size <= limits[j], "%dx%d q%d limit %zu: %zu bytes", w, h, q,
                                   limits[j], size);
                            if (q == 55 && j == 0) jpeg_round_trip(out, size, w, h);
                        } else {
                            EXPECT(s == SIGNET_JPEG_OVER_LIMIT && out == NULL && limits[j],
                                   "%dx%d q%d limit %zu: status %d (%s)", w, h, q, limits[j], s, message);
                        }
                        free(out);
                    }
        free(rgbx);
    }
}

static void jpeg_garbage(void) {
    unsigned char junk[64];
    for (int i = 0; i < 64; i++) junk[i] = (unsigned char)(i * 37);
    signet_jpeg_info info;
    char message[SIGNET_JPEG_MESSAGE_SIZE];
    EXPECT(signet_jpeg_read_info(junk, sizeof junk, &info, message) == SIGNET_JPEG_ERROR, "junk read_info");
    EXPECT(signet_jpeg_read_info(junk, 0, &info, message) != SIGNET_JPEG_OK, "empty read_info");
    unsigned char pixels[64];
    EXPECT(signet_jpeg_decode(junk, sizeof junk, 1 << 20, 4, 4, pixels, &info, message) == SIGNET_JPEG_ERROR,
           "junk decode");
}

static void png_cases(void) {
    const int sizes[][2] = {{1, 1}, {16, 16}, {741, 500}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        uint32_t w = (uint32_t)sizes[i][0], h = (uint32_t)sizes[i][1];
        unsigned char *rgba = photo((int)w, (int)h, w + h);
        signet_png_encode_params p;
        memset(&p, 0, sizeof p);
        p.color_type = 6;  // RGBA
        p.compression_level = 6;
        p.filters = 0xF8;
        signet_png_buffer out;
        char message[SIGNET_PNG_MESSAGE_SIZE] = "";
        signet_png_status s = signet_png_encode(rgba, w, h, (size_t)w * 4, &p, &out, message);
        EXPECT(s == SIGNET_PNG_OK && out.size > 8, "png encode %ux%u: status %d (%s)", w, h, s, message);
        signet_png_info info;
        s = signet_png_read_info(out.data, out.size, &info, message);
        EXPECT(s == SIGNET_PNG_OK && info.width == w && info.height == h, "png read_info %ux%u: %d", w, h, s);
        unsigned char *back = malloc((size_t)w * h * 4);
        s = signet_png_decode_rgba(out.data, out.size, back, (size_t)w * h * 4, message);
        EXPECT(s == SIGNET_PNG_OK && memcmp(back, rgba, (size_t)w * h * 4) == 0, "png round trip %ux%u: %d", w, h, s);
        s = signet_png_decode_rgba(out.data, out.size / 2 + 8, back, (size_t)w * h * 4, message);
        EXPECT(s == SIGNET_PNG_ERROR, "png decode of half the bytes %ux%u: status %d", w, h, s);
        s = signet_png_decode_rgba(out.data, out.size, back, (size_t)w * h * 4 - 1, message);
        EXPECT(s == SIGNET_PNG_ERROR, "png decode into a short buffer: status %d", s);
        signet_png_buffer_free(&out);
        // Invalid parameters longjmp from inside the writer.
        p.bit_depth = 4;
        s = signet_png_encode(rgba, w, h, (size_t)w * 4, &p, &out, message);
        EXPECT(s == SIGNET_PNG_ERROR, "png encode RGBA at 4 bits: status %d", s);
        signet_png_buffer_free(&out);
        free(back);
        free(rgba);
    }
    char message[SIGNET_PNG_MESSAGE_SIZE];
    signet_png_info info;
    EXPECT(signet_png_read_info((const uint8_t *)"not a png file", 14, &info, message) == SIGNET_PNG_NOT_PNG,
           "png signature check");
}

int main(void) {
    jpeg_budget_sweep();
    jpeg_garbage();
    png_cases();
    printf("C shims: %d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
