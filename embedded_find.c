/* embedded: lookup in the table of compiled-in files. */
#include "embedded.h"

#include <string.h>

const char *embedded_find(const char *name)
{
    for (const EmbeddedFile *f = embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f->text;
    return NULL;
}
