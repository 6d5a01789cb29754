/* libFuzzer target: the map parser. A map that parses satisfies the board invariants. */
#include <stdlib.h>
#include <string.h>

#include "map.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    Map m;
    Err err;
    if (map_parse(text, "fuzz.map", &m, &err) == 0)
        map_free(&m);
    else if (strncmp(err.msg, "fuzz.map:", 9) != 0)
        abort(); /* every map error names the file and line */
    free(text);
    return 0;
}
