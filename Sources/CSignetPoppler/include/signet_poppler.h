// What poppler resolves of a PDF, object by object, for the check that the document a reader
// shows is the document Signet judged (docs/verify.md, "Two readings"). poppler's own API is C++
// (and GPL, like the signet-preview program that links it); this is its C face.
#ifndef SIGNET_POPPLER_H
#define SIGNET_POPPLER_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives the reading, in pieces, in order.
typedef void (*signet_poppler_sink)(void *context, const char *bytes, size_t count);

/// Writes to `sink`, for each of `ends` (a byte count: the file cut there; 0: the whole file), the
/// reading of that document in the format docs/verify.md describes: every object reachable from
/// the trailer's /Root and /Info as poppler resolves it. At most `max_objects` objects are read per
/// document. `password` (with its length; NULL for none) opens an encrypted file. Returns 1, or 0
/// with a sentence in `message` when the file cannot be opened at all.
int signet_poppler_read_objects(
    const char *path, const char *password, size_t password_length, const long long *ends, int end_count,
    long long max_objects, signet_poppler_sink sink, void *context, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
