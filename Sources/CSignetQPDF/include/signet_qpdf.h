// qpdf's C API traps C++ exceptions in most functions and reports them as errors, but not in
// qpdf_oh_new_stream: qpdf numbers a new stream after the file's highest object number and throws
// std::range_error when that number is already INT_MAX (a file can claim it), which would
// terminate the process. Called through this wrapper, the exception becomes a status.
#ifndef SIGNET_QPDF_H
#define SIGNET_QPDF_H
#include <qpdf/qpdf-c.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads libqpdf and looks up every qpdf_* function SignetPDF calls; NULL when all were found,
/// otherwise why not (dlerror's text). Call it (QPDF.swift does, once) before any qpdf_* function:
/// those are defined by this target and forward to libqpdf's, which is not linked.
const char *signet_qpdf_load(void);

/// qpdf_oh_new_stream: returns 1 and sets `*stream`, or 0 with qpdf's exception text in `message`.
int signet_qpdf_new_stream(qpdf_data qpdf, qpdf_oh *stream, char *message, size_t size);

#ifdef __cplusplus
}
#endif
#endif
