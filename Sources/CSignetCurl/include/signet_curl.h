// libcurl is loaded on first use (dlopen), so a `signet` run that makes no HTTP request never maps it
// or the libraries it pulls in. Its entry points are called through the table filled here, and its
// variadic curl_easy_setopt and curl_easy_getinfo, which Swift cannot call, as one fixed-type
// function per argument type.
#ifndef SIGNET_CURL_H
#define SIGNET_CURL_H

#include <curl/curl.h>

/// Loads libcurl and looks up every entry point below; NULL when all were found, otherwise why not
/// (dlerror's text). Call it once (SignetNet does, under Swift's `static let`) before any other function here.
const char *signet_curl_load(void);

/// The write callback's type (CURLOPT_WRITEFUNCTION).
typedef size_t (*signet_curl_write_fn)(char *data, size_t size, size_t count, void *context);

CURLcode signet_curl_global_init(long flags);
CURL *signet_curl_easy_init(void);
void signet_curl_easy_cleanup(CURL *handle);
CURLcode signet_curl_easy_perform(CURL *handle);
const char *signet_curl_easy_strerror(CURLcode code);
struct curl_slist *signet_curl_slist_append(struct curl_slist *list, const char *line);
void signet_curl_slist_free_all(struct curl_slist *list);

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
