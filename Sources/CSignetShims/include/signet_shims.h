// The little C Swift cannot express: libpng and libjpeg report errors with longjmp, so the
// setjmp lives here and every call returns a status and a message instead; and glibc's mallopt.
#ifndef SIGNET_SHIMS_H
#define SIGNET_SHIMS_H
#include "signet_png.h"
#include "signet_jpeg.h"
#include "signet_allocator.h"
#endif
