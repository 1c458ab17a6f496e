// The qpdf loader (Sources/CSignetQPDF): libqpdf is loaded on the first call, every forwarded
// function reaches it, and the wrapped qpdf_oh_new_stream turns qpdf's exception into a status.
// Built and run by run.sh under ASan/UBSan and at -O3/-Os, as the other shims are.
#include "signet_qpdf.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures = 0;

static void expect(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

// One page, its cross-reference table written with the offsets it has.
static const char *onePage() {
    static char pdf[1024];
    const char *objects[] = {
        "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
        "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
        "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>\nendobj\n",
    };
    int length = std::snprintf(pdf, sizeof pdf, "%%PDF-1.7\n");
    long offsets[3];
    for (int i = 0; i < 3; i++) {
        offsets[i] = length;
        length += std::snprintf(pdf + length, sizeof pdf - length, "%s", objects[i]);
    }
    long xref = length;
    length += std::snprintf(pdf + length, sizeof pdf - length, "xref\n0 4\n0000000000 65535 f \n");
    for (long offset : offsets) length += std::snprintf(pdf + length, sizeof pdf - length, "%010ld 00000 n \n", offset);
    std::snprintf(pdf + length, sizeof pdf - length, "trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", xref);
    return pdf;
}

int main() {
    expect(signet_qpdf_load() == nullptr, "libqpdf loads");
    expect(signet_qpdf_load() == nullptr, "a second load is the first one's answer");
    qpdf_data qpdf = qpdf_init();
    qpdf_silence_errors(qpdf);
    const char *pdf = onePage();
    qpdf_read_memory(qpdf, "one page", pdf, std::strlen(pdf), nullptr);
    expect(qpdf_has_error(qpdf) == QPDF_FALSE, "the one-page PDF reads");
    expect(qpdf_get_num_pages(qpdf) == 1, "one page");
    qpdf_oh page = qpdf_get_page_n(qpdf, 0);
    expect(qpdf_oh_get_type_code(qpdf, page) == ot_dictionary, "the page is a dictionary");
    expect(std::strcmp(qpdf_get_pdf_version(qpdf), "1.7") == 0, "version 1.7");
    qpdf_oh stream = 0;
    char message[256] = {0};
    expect(signet_qpdf_new_stream(qpdf, &stream, message, sizeof message) == 1, "a new stream");
    expect(qpdf_oh_get_type_code(qpdf, stream) == ot_stream, "the new object is a stream");
    qpdf_cleanup(&qpdf);
    expect(qpdf == nullptr, "cleanup clears the handle");
    if (failures == 0) std::printf("qpdf loader: all passed\n");
    return failures == 0 ? 0 : 1;
}
