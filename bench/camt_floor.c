/* libxml2 on its own: a camt.053 file through its SAX2 push parser, the library's fastest
 * interface, with no callback but one counting elements. Nothing is read out of the entries, so
 * this is the least time any camt reader built on libxml2 can take; bin/bench sets it beside
 * the camt plugin's row and the JSON file's time per transaction.
 * usage: camt_floor FILE.xml
 * build: gcc -O2 -o camt_floor camt_floor.c $(xml2-config --cflags --libs)
 */
#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>

static long elements;

static void start(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri, int namespaces,
                  const xmlChar **spaces, int attributes, int defaulted, const xmlChar **values) {
    (void)context, (void)name, (void)prefix, (void)uri, (void)namespaces, (void)spaces, (void)attributes,
        (void)defaulted, (void)values;
    elements++;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: camt_floor FILE.xml\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = start;
    xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&handler, NULL, NULL, 0, argv[1]);
    xmlCtxtUseOptions(parser, XML_PARSE_NONET | XML_PARSE_HUGE);
    static char buffer[1 << 18];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) xmlParseChunk(parser, buffer, (int)n, 0);
    xmlParseChunk(parser, NULL, 0, 1);
    int wellFormed = parser->wellFormed;
    xmlFreeParserCtxt(parser);
    fclose(file);
    fprintf(stderr, "camt_floor: %ld elements, %s\n", elements, wellFormed ? "well-formed" : "NOT well-formed");
    return wellFormed ? 0 : 1;
}
