/* A sink plugin for txfeed's own tests, built by the tests with cc: in sink_finish it makes a
 * folder at its `folder` option (its main option), so that an output file planned before the
 * run has become a folder when txfeed renames its temporary file into place. It stands for
 * anything that takes a destination away between the plan and the commit. It writes nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "txfeed_plugin.h"

typedef struct { char *folder; } meddle_t;

static int m_open(const char *config, void **state, char **error) {
    json_t *root = json_loads(config, 0, NULL);
    const char *folder = root ? json_string_value(json_object_get(root, "folder")) : NULL;
    meddle_t *m = calloc(1, sizeof *m);
    if (m && folder) m->folder = strdup(folder);
    if (root) json_decref(root);
    if (!m || !m->folder) {
        free(m);
        *error = strdup("meddle: give it a folder");
        return TXFEED_FAILED;
    }
    *state = m;
    return TXFEED_OK;
}

static int m_write(void *state, const txfeed_record *records, size_t count, char **error) {
    (void)state, (void)records, (void)count, (void)error;
    return TXFEED_OK;
}

static int m_finish(void *state, const char *sources, const char *summary, char **error) {
    meddle_t *m = state;
    (void)sources, (void)summary;
    if (mkdir(m->folder, 0755) != 0) {
        *error = strdup(strerror(errno));
        return TXFEED_FAILED;
    }
    return TXFEED_OK;
}

static void m_close(void *state) {
    meddle_t *m = state;
    free(m->folder);
    free(m);
}

static void m_free_error(char *error) { free(error); }

static const txfeed_option OPTIONS[] = {
    {"folder", "the folder to make in sink_finish", 1},
};

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SINK,
    .name = "meddle",
    .description = "makes a folder where an output is about to go",
    .version = "1",
    .options = OPTIONS,
    .option_count = 1,
    .sample_config = "{\"folder\": \"/nonexistent/meddle\"}",
    .free_error = m_free_error,
    .sink_open = m_open,
    .sink_write = m_write,
    .sink_finish = m_finish,
    .sink_close = m_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
