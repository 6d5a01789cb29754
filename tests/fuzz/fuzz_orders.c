/* libFuzzer target: the order parser on the built-in duel board. Whatever parses has a canonical form that
 * parses again to the same canonical form (the form that is stored in `moves` and replayed). */
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "orders.h"

static Board *duel(void)
{
    static Map m;
    static int loaded;
    if (!loaded) {
        Err err;
        if (map_load(NULL, "duel", false, &m, &err) < 0)
            abort();
        loaded = 1;
    }
    return m.b;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    const Board *b = duel();
    OrderList l;
    Err err;
    if (order_parse_list(b, text, &l, &err) == 0) {
        for (int i = 0; i < l.n; i++) {
            Order again;
            if (order_parse(b, l.v[i].text, &again, &err) < 0)
                abort(); /* a canonical form that does not parse */
            if (strcmp(again.text, l.v[i].text) != 0)
                abort(); /* canonical form not a fixed point */
            order_free(&again);
        }
        order_list_free(&l);
    }
    free(text);
    return 0;
}
