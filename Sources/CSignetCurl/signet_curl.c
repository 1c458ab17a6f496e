#include "signet_curl.h"

#include <dlfcn.h>
#include <stdio.h>

/// libcurl's entry points, filled once by signet_curl_load.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
} api;

static char load_error[512];

const char *signet_curl_load(void) {
    // libcurl4's soname, the same since libcurl 7.16 (Debian's libcurl4-openssl-dev links it too).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why != NULL ? why : "dlopen(libcurl.so.4) failed");
        return load_error;
    }
    struct {
        void **slot;
        const char *name;
    } symbols[] = {
        {(void **)&api.global_init, "curl_global_init"},
        {(void **)&api.easy_init, "curl_easy_init"},
        {(void **)&api.easy_cleanup, "curl_easy_cleanup"},
        {(void **)&api.easy_perform, "curl_easy_perform"},
        {(void **)&api.easy_strerror, "curl_easy_strerror"},
        {(void **)&api.slist_append, "curl_slist_append"},
        {(void **)&api.slist_free_all, "curl_slist_free_all"},
        {(void **)&api.easy_setopt, "curl_easy_setopt"},
        {(void **)&api.easy_getinfo, "curl_easy_getinfo"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s", symbols[i].name);
            return load_error;
        }
    }
    return NULL;
}

CURLcode signet_curl_global_init(long flags) { return api.global_init(flags); }

CURL *signet_curl_easy_init(void) { return api.easy_init(); }

void signet_curl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }

CURLcode signet_curl_easy_perform(CURL *handle) { return api.easy_perform(handle); }

const char *signet_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

struct curl_slist *signet_curl_slist_append(struct curl_slist *list, const char *line) {
    return api.slist_append(list, line);
}

void signet_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode signet_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return api.easy_setopt(handle, option, value);
}

CURLcode signet_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return api.easy_setopt(handle, option, value);
}

CURLcode signet_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return api.easy_setopt(handle, option, value);
}

CURLcode signet_curl_setopt_write(CURL *handle, signet_curl_write_fn function) {
    return api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

CURLcode signet_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return api.easy_getinfo(handle, info, value);
}

CURLcode signet_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return api.easy_getinfo(handle, info, value);
}
