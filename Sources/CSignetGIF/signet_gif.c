#include "signet_gif.h"
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} source;

static int read_bytes(GifFileType *gif, GifByteType *out, int length) {
    source *src = gif->UserData;
    if (length <= 0) return 0;
    size_t left = src->size - src->offset;
    size_t n = (size_t)length < left ? (size_t)length : left;
    memcpy(out, src->data + src->offset, n);
    src->offset += n;
    return (int)n;
}

static void set_message(char *message, const char *text) {
    if (message) snprintf(message, SIGNET_GIF_MESSAGE_SIZE, "%s", text);
}

static signet_gif_status fail(GifFileType *gif, int code, char *message) {
    const char *text = GifErrorString(code);
    set_message(message, text ? text : "the GIF data could not be read");
    if (gif) DGifCloseFile(gif, NULL);
    return code == D_GIF_ERR_NOT_ENOUGH_MEM ? SIGNET_GIF_NO_MEMORY : SIGNET_GIF_ERROR;
}

static GifFileType *open_memory(source *src, int *error) {
    return DGifOpen(src, read_bytes, error);
}

signet_gif_status signet_gif_read_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                       char *message) {
    source src = {data, size, 0};
    int error = 0;
    GifFileType *gif = open_memory(&src, &error);
    if (!gif) return fail(NULL, error, message);
    *width = gif->SWidth > 0 ? (uint32_t)gif->SWidth : 0;
    *height = gif->SHeight > 0 ? (uint32_t)gif->SHeight : 0;
    DGifCloseFile(gif, NULL);
    if (*width == 0 || *height == 0) {
        set_message(message, "the GIF's screen has no size");
        return SIGNET_GIF_ERROR;
    }
    return SIGNET_GIF_OK;
}

/// Reads the frame described last into `rgba` (the canvas), clipped to it.
static int draw_frame(GifFileType *gif, uint32_t width, uint32_t height, int transparent, uint8_t *rgba) {
    const GifImageDesc *d = &gif->Image;
    const ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
    if (!map || d->Width <= 0 || d->Height <= 0) return D_GIF_ERR_NO_COLOR_MAP;
    // A frame far larger than the screen would be decoded only to be cut off: refused.
    if ((long long)d->Width * d->Height > (long long)width * height * 4 + 65536) return D_GIF_ERR_WRONG_RECORD;
    GifPixelType *line = malloc((size_t)d->Width);
    if (!line) return D_GIF_ERR_NOT_ENOUGH_MEM;
    // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = d->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = d->Interlace ? starts[pass] : 0, step = d->Interlace ? steps[pass] : 1;
        for (int row = start; row < d->Height; row += step) {
            if (DGifGetLine(gif, line, d->Width) == GIF_ERROR) {
                free(line);
                return gif->Error ? gif->Error : D_GIF_ERR_READ_FAILED;
            }
            long y = (long)d->Top + row;
            if (y < 0 || y >= (long)height) continue;
            for (int column = 0; column < d->Width; column++) {
                long x = (long)d->Left + column;
                int index = line[column];
                if (x < 0 || x >= (long)width || index == transparent) continue;
                uint8_t *p = rgba + ((size_t)y * width + (size_t)x) * 4;
                if (index < map->ColorCount) {
                    p[0] = map->Colors[index].Red;
                    p[1] = map->Colors[index].Green;
                    p[2] = map->Colors[index].Blue;
                } else {
                    p[0] = p[1] = p[2] = 0;  // an index past the table: black, as browsers show it
                }
                p[3] = 255;
            }
        }
    }
    free(line);
    return 0;
}

signet_gif_status signet_gif_decode_first(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                                          uint8_t *rgba, char *message) {
    source src = {data, size, 0};
    int error = 0;
    GifFileType *gif = open_memory(&src, &error);
    if (!gif) return fail(NULL, error, message);
    if ((uint32_t)gif->SWidth != width || (uint32_t)gif->SHeight != height) {
        DGifCloseFile(gif, NULL);
        set_message(message, "image size differs from its header");
        return SIGNET_GIF_ERROR;
    }
    memset(rgba, 0, (size_t)width * height * 4);
    int transparent = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) return fail(gif, gif->Error, message);
        if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) return fail(gif, gif->Error, message);
            int failure = draw_frame(gif, width, height, transparent, rgba);
            if (failure) return fail(gif, failure, message);
            DGifCloseFile(gif, NULL);
            return SIGNET_GIF_OK;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return fail(gif, gif->Error, message);
            if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK)
                    transparent = control.TransparentColor;
            }
            while (block) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return fail(gif, gif->Error, message);
            }
            continue;
        }
        // TERMINATE_RECORD_TYPE (or anything else) before any image.
        DGifCloseFile(gif, NULL);
        set_message(message, "the GIF holds no image");
        return SIGNET_GIF_ERROR;
    }
}
