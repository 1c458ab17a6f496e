#ifndef SIGNET_JPEG_H
#define SIGNET_JPEG_H
// libjpeg traps: added with the JPEG codec.
#endif
