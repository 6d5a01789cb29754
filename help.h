/* help: the help texts (compiled in; $PBMHOME/help/genetess/<name>.txt overrides or adds). */
#ifndef GENETESS_HELP_H
#define GENETESS_HELP_H

#include "util.h"

/* Longest topic looked up; longer ones are refused without being echoed. */
#define HELP_TOPIC_MAX 64
/* Longest topic echoed in an error message. */
#define HELP_ECHO_MAX 20
/* Most bytes read from an override file; the rest is ignored. */
#define HELP_FILE_MAX (1024 * 1024)

/* Appends the help for topic (NULL or "" = main) to out. Topic matching is case-insensitive:
   "orders", "pieces", "specials", "commands", "rulings", "sheet"; a single letter A..Z -> code-X;
   S1..S22 -> special-Sn (S19 -> fails "There is no special S19"); an order name -> order-<name>;
   a command name (and aliases board/mvoe -> move, qmove -> queue) -> command-<name>;
   a word that is both an order and a command (MOVE) shows both texts, order first, separated by a blank line.
   home may be NULL; when set, <home>/help/genetess/<file>.txt is used instead of the built-in text if it exists
   (the file name is built only from the normalised topic, never from raw input; reject topics with anything but [A-Za-z0-9-]).
   Returns 0, or -1 with err "No help on <topic>; try: genetess help" (the topic echoed only if it is ≤ 20 chars of [A-Za-z0-9-], otherwise omitted). */
int help_get(const char *home, const char *topic, Buf *out, Err *err);

#endif
