/* OpenSSL's libcrypto as Debian ships it (libssl-dev): SHA-256 of every input file under --state. */
#include <openssl/evp.h>
