#include "png_trap.h"
#include "signet_png.h"
#include <stdio.h>
#include <string.h>

void signet_png_set_message(char *message, const char *text) {
    if (message) snprintf(message, SIGNET_PNG_MESSAGE_SIZE, "%s", text ? text : "unknown error");
}

void signet_png_on_error(png_structp png, png_const_charp text) {
    signet_png_trap *trap = (signet_png_trap *)png_get_error_ptr(png);
    signet_png_set_message(trap->message, text);
    if (text && strstr(text, "memory")) trap->no_memory = 1;
    longjmp(trap->jump, 1);
}

void signet_png_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}
