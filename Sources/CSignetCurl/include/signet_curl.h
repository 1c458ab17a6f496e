// libcurl's curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one fixed-type function per argument type.
#ifndef SIGNET_CURL_H
#define SIGNET_CURL_H

#include <curl/curl.h>

/// The write callback's type (CURLOPT_WRITEFUNCTION).
typedef size_t (*signet_curl_write_fn)(char *data, size_t size, size_t count, void *context);

CURLcode signet_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode signet_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode signet_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode signet_curl_setopt_write(CURL *handle, signet_curl_write_fn function);
CURLcode signet_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode signet_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/// Macros with casts, which Swift does not import.
static inline long signet_curl_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long signet_curl_auth_bearer(void) { return (long)CURLAUTH_BEARER; }
static inline long signet_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }

#endif
