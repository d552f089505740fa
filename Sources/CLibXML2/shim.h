/* libxml2 as Debian builds it names ICU in its headers (LIBXML_ICU_ENABLED), and ICU's
 * headers clash with the ICU inside Foundation as soon as one Swift module sees both (the test
 * bundle does): "UErrorCode has different definitions in different modules". txfeed never
 * touches libxml2's ICU converters (only the struct xmlCharEncodingHandler, which it never
 * reads or allocates, would differ), so the module is built as if without ICU. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
