#include "signet_qpdf.h"
#include <cstdio>
#include <exception>

int signet_qpdf_new_stream(qpdf_data qpdf, qpdf_oh *stream, char *message, size_t size) {
    try {
        *stream = qpdf_oh_new_stream(qpdf);
        return 1;
    } catch (std::exception const &e) {
        std::snprintf(message, size, "%s", e.what());
    } catch (...) {
        std::snprintf(message, size, "%s", "qpdf failed without a message");
    }
    return 0;
}
