/* libFuzzer target: the board-file loader. A board that loads passes its invariants, and writing it and
 * loading the text again gives the same text (the save path depends on it). */
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 262144)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    Err err;
    Board *b = boardfile_parse(text, "101", &err);
    if (b) {
        if (board_check(b, &err) < 0)
            abort(); /* loaded a board that breaks its invariants */
        char *out = boardfile_write(b);
        Board *again = boardfile_parse(out, "101", &err);
        if (!again)
            abort(); /* a loaded board that does not reload */
        char *out2 = boardfile_write(again);
        if (strcmp(out, out2) != 0)
            abort(); /* write/load/write is not stable */
        free(out2);
        board_free(again);
        free(out);
        board_free(b);
    } else if (strncmp(err.msg, "101:", 4) != 0) {
        abort(); /* every load error is "<n>:<line>: reason" */
    }
    free(text);
    return 0;
}
