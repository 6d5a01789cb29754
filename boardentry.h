/* boardentry: reading a board file's items (contract 10.1): a player's line, a square, a sequence, a word. */
#ifndef GENETESS_BOARDENTRY_H
#define GENETESS_BOARDENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "gamefile.h"

/* The player whose userid opens item k of e ("USERID TEXT"), with *rest the text after it; -1 (and the error
 * "unknown player" at its line) when no player has that userid. */
int boardentry_player(GameFile *ps, Board *b, GameEntry *e, int k, char **rest);
/* boardentry_player for items read in order, *last the player of item k - 1 (-1 before the first): an item that
 * opens with the very userid of the item before is that player's, without looking the userid up again (a
 * player's lines come together). *last becomes item k's player. */
int boardentry_player_next(GameFile *ps, Board *b, GameEntry *e, int k, char **rest, int *last);
/* s as a sequence in canonical order (with the markers r and u when markers): 0, or -1 with the reason at line. */
int boardentry_seq(GameFile *ps, int line, const char *s, bool markers, Genome *g);
/* s as a square of b written in upper case: 0, or -1 with the reason at line. */
int boardentry_sq(GameFile *ps, Board *b, int line, const char *s, int *sq);
/* Whether the n bytes of a (map row are terrain ('#', '+', '.' and space, contract 10.2). */
bool boardentry_map_row(const char *row, size_t n);
/* As sscanf's "%<width>s": the next word of *p, at most width characters, into buf (width + 1 bytes); *p moves
 * past it; false at the end of the text. */
bool boardentry_word(const char **p, char *buf, size_t width);
/* The next word of *p as key followed by a whole decimal number from lo to hi (a leading '-' only when lo < 0 lets
 * it be read); *p moves past it. False (nothing moved) for no word, another key, junk, or a number out of range
 * — never a number wrapped as sscanf's %d would. */
bool boardentry_keyed(const char **p, const char *key, int64_t lo, int64_t hi, int64_t *v);
/* Whether nothing but white space is left at p (a line's words all read). */
bool boardentry_end(const char *p);

#endif
