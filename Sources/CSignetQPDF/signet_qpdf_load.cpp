// libqpdf loaded on first use (dlopen), so a `signet` run that opens no PDF never maps it or what it
// pulls in (GnuTLS and its chain, libstdc++'s users aside): about 4 ms of every start-up. The qpdf C
// API functions SignetPDF calls are defined here under their own names and forward to libqpdf's,
// looked up once; nothing links libqpdf, so the dynamic loader does not open it at start.
#include "signet_qpdf.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

// Every qpdf C API function called (QPDF.swift and signet_qpdf_new_stream):
// X(return type, name, (parameters), (arguments)).
#define SIGNET_QPDF_FUNCTIONS(X) \
    X(QPDF_BOOL, qpdf_allow_extract_all, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_allow_modify_annotation, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_allow_modify_assembly, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_allow_modify_form, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_allow_modify_other, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_allow_print_low_res, (qpdf_data qpdf), (qpdf)) \
    X(void, qpdf_cleanup, (qpdf_data* qpdf), (qpdf)) \
    X(unsigned char const*, qpdf_get_buffer, (qpdf_data qpdf), (qpdf)) \
    X(size_t, qpdf_get_buffer_length, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_error, qpdf_get_error, (qpdf_data qpdf), (qpdf)) \
    X(enum qpdf_error_code_e, qpdf_get_error_code, (qpdf_data q, qpdf_error e), (q, e)) \
    X(char const*, qpdf_get_error_message_detail, (qpdf_data q, qpdf_error e), (q, e)) \
    X(size_t, qpdf_get_last_string_length, (qpdf_data qpdf), (qpdf)) \
    X(int, qpdf_get_num_pages, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_get_object_by_id, (qpdf_data qpdf, int objid, int generation), (qpdf, objid, generation)) \
    X(qpdf_oh, qpdf_get_page_n, (qpdf_data qpdf, size_t zero_based_index), (qpdf, zero_based_index)) \
    X(char const*, qpdf_get_pdf_version, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_get_root, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_get_trailer, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_has_error, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_data, qpdf_init, (void), ()) \
    X(QPDF_ERROR_CODE, qpdf_init_write, (qpdf_data qpdf, char const* filename), (qpdf, filename)) \
    X(QPDF_ERROR_CODE, qpdf_init_write_memory, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_is_encrypted, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_is_linearized, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_BOOL, qpdf_more_warnings, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_error, qpdf_next_warning, (qpdf_data qpdf), (qpdf)) \
    X(void, qpdf_oh_append_item, (qpdf_data qpdf, qpdf_oh oh, qpdf_oh item), (qpdf, oh, item)) \
    X(void, qpdf_oh_begin_dict_key_iter, (qpdf_data qpdf, qpdf_oh dict), (qpdf, dict)) \
    X(QPDF_BOOL, qpdf_oh_dict_more_keys, (qpdf_data qpdf), (qpdf)) \
    X(char const*, qpdf_oh_dict_next_key, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_oh_get_array_item, (qpdf_data qpdf, qpdf_oh oh, int n), (qpdf, oh, n)) \
    X(int, qpdf_oh_get_array_n_items, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(char const*, qpdf_oh_get_binary_string_value, (qpdf_data qpdf, qpdf_oh oh, size_t* length), (qpdf, oh, length)) \
    X(char const*, qpdf_oh_get_binary_utf8_value, (qpdf_data qpdf, qpdf_oh oh, size_t* length), (qpdf, oh, length)) \
    X(QPDF_BOOL, qpdf_oh_get_bool_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(qpdf_oh, qpdf_oh_get_dict, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(int, qpdf_oh_get_generation, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(long long, qpdf_oh_get_int_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(qpdf_oh, qpdf_oh_get_key, (qpdf_data qpdf, qpdf_oh oh, char const* key), (qpdf, oh, key)) \
    X(char const*, qpdf_oh_get_name, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(double, qpdf_oh_get_numeric_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(int, qpdf_oh_get_object_id, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(QPDF_ERROR_CODE, qpdf_oh_get_stream_data, (qpdf_data qpdf, qpdf_oh stream_oh, enum qpdf_stream_decode_level_e decode_level, QPDF_BOOL* filtered, unsigned char** bufp, size_t* len), (qpdf, stream_oh, decode_level, filtered, bufp, len)) \
    X(enum qpdf_object_type_e, qpdf_oh_get_type_code, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(QPDF_BOOL, qpdf_oh_has_key, (qpdf_data qpdf, qpdf_oh oh, char const* key), (qpdf, oh, key)) \
    X(QPDF_BOOL, qpdf_oh_is_indirect, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(qpdf_oh, qpdf_oh_new_array, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_oh_new_binary_string, (qpdf_data qpdf, char const* str, size_t length), (qpdf, str, length)) \
    X(qpdf_oh, qpdf_oh_new_bool, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value)) \
    X(qpdf_oh, qpdf_oh_new_dictionary, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_oh_new_integer, (qpdf_data qpdf, long long value), (qpdf, value)) \
    X(qpdf_oh, qpdf_oh_new_name, (qpdf_data qpdf, char const* name), (qpdf, name)) \
    X(qpdf_oh, qpdf_oh_new_null, (qpdf_data qpdf), (qpdf)) \
    X(qpdf_oh, qpdf_oh_new_real_from_string, (qpdf_data qpdf, char const* value), (qpdf, value)) \
    X(qpdf_oh, qpdf_oh_new_stream, (qpdf_data qpdf), (qpdf)) \
    X(void, qpdf_oh_release, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(void, qpdf_oh_remove_key, (qpdf_data qpdf, qpdf_oh oh, char const* key), (qpdf, oh, key)) \
    X(void, qpdf_oh_replace_key, (qpdf_data qpdf, qpdf_oh oh, char const* key, qpdf_oh item), (qpdf, oh, key, item)) \
    X(void, qpdf_oh_replace_stream_data, (qpdf_data qpdf, qpdf_oh stream_oh, unsigned char const* buf, size_t len, qpdf_oh filter, qpdf_oh decode_parms), (qpdf, stream_oh, buf, len, filter, decode_parms)) \
    X(char const*, qpdf_oh_unparse_resolved, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh)) \
    X(QPDF_ERROR_CODE, qpdf_read, (qpdf_data qpdf, char const* filename, char const* password), (qpdf, filename, password)) \
    X(QPDF_ERROR_CODE, qpdf_read_memory, (qpdf_data qpdf, char const* description, char const* buffer, unsigned long long size, char const* password), (qpdf, description, buffer, size, password)) \
    X(void, qpdf_register_progress_reporter, (qpdf_data qpdf, void (*report_progress)(int percent, void* data), void* data), (qpdf, report_progress, data)) \
    X(void, qpdf_replace_object, (qpdf_data qpdf, int objid, int generation, qpdf_oh oh), (qpdf, objid, generation, oh)) \
    X(void, qpdf_set_deterministic_ID, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value)) \
    X(void, qpdf_set_compress_streams, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value)) \
    X(void, qpdf_set_object_stream_mode, (qpdf_data qpdf, enum qpdf_object_stream_e mode), (qpdf, mode)) \
    X(void, qpdf_set_preserve_encryption, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value)) \
    X(void, qpdf_set_suppress_warnings, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value)) \
    X(void, qpdf_silence_errors, (qpdf_data qpdf), (qpdf)) \
    X(QPDF_ERROR_CODE, qpdf_write, (qpdf_data qpdf), (qpdf))

namespace {
struct Table {
#define SIGNET_QPDF_SLOT(type, name, parameters, arguments) type(*name) parameters;
    SIGNET_QPDF_FUNCTIONS(SIGNET_QPDF_SLOT)
#undef SIGNET_QPDF_SLOT
};

Table table;
char loadError[512];

const char *load() {
    // qpdf 11's soname (Debian's libqpdf29); the unversioned name is libqpdf-dev's link to the same.
    void *library = dlopen("libqpdf.so.29", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) library = dlopen("libqpdf.so", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char *why = dlerror();
        std::snprintf(loadError, sizeof loadError, "%s", why != nullptr ? why : "dlopen(libqpdf.so.29) failed");
        return loadError;
    }
#define SIGNET_QPDF_LOOKUP(type, name, parameters, arguments) \
    table.name = reinterpret_cast<type(*) parameters>(dlsym(library, #name)); \
    if (table.name == nullptr) { \
        std::snprintf(loadError, sizeof loadError, "libqpdf has no %s", #name); \
        return loadError; \
    }
    SIGNET_QPDF_FUNCTIONS(SIGNET_QPDF_LOOKUP)
#undef SIGNET_QPDF_LOOKUP
    return nullptr;
}

/// The table, loaded; a call before a successful signet_qpdf_load is a bug in the caller.
Table const &loaded() {
    if (const char *why = signet_qpdf_load()) {
        std::fprintf(stderr, "signet: libqpdf could not be loaded: %s\n", why);
        std::abort();
    }
    return table;
}
} // namespace

extern "C" const char *signet_qpdf_load(void) {
    // A function-local static: loaded once, thread-safe.
    static const char *const failure = load();
    return failure;
}

#define SIGNET_QPDF_FORWARD(type, name, parameters, arguments) \
    extern "C" type name parameters { return loaded().name arguments; }
SIGNET_QPDF_FUNCTIONS(SIGNET_QPDF_FORWARD)
#undef SIGNET_QPDF_FORWARD
