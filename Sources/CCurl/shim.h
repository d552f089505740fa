/* libcurl for the http source. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
 * cannot call: each kind of argument gets a typed wrapper here. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode txfeed_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/* Strings (libcurl copies them), lists, buffers and callback data. */
static inline CURLcode txfeed_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

/* The write and header callbacks share one signature. */
static inline CURLcode txfeed_curl_set_write(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode txfeed_curl_set_progress(CURL *handle, curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode txfeed_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
