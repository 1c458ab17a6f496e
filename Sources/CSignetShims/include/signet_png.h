#ifndef SIGNET_PNG_H
#define SIGNET_PNG_H
// libpng traps: added with the PNG codec.
#endif
