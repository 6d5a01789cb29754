/* challenge: starting a game (contract 6) — at a terminal an admin's challenge starts it at once; by mail the challenger is one of the players and gives their password, and the other players accept an invitation first (contract 15). */
#ifndef GENETESS_CHALLENGE_H
#define GENETESS_CHALLENGE_H

#include "map.h"
#include "pipeline.h"

/* The limits of games started by mail (contract 15). */
#define CHALLENGE_DEADLINE_MIN 24       /* hours: the shortest deadline */
#define CHALLENGE_TIMEOUTS_MAX 10       /* --max-timeouts at most (0, never, is refused) */
#define CHALLENGE_TIMEOUTS_MAIL 3       /* --max-timeouts when the challenge does not say */
#define CHALLENGE_OPEN_MAX 3            /* invitations waiting for answers per challenger */
#define CHALLENGE_RUNNING_MAX 20        /* games that have not ended per user */
#define CHALLENGE_INVITE_TTL (7 * 86400) /* an invitation lapses this long after it is made */
#define CHALLENGE_DAY 86400             /* the window of the two bounds below: any 24 hours */
#define CHALLENGE_SENT_DAY 5            /* invitations one challenger sends a day (an answer refunds none) */
#define CHALLENGE_RECEIVED_DAY 10       /* invitations one user is sent a day, from all challengers */
#define CHALLENGE_NAME_MAIL 60          /* the characters of a --name by mail */

/* contract 6, each option once: EXIT_USAGE with the reply written ("--<key> is given twice: an option takes one
 * value") when keys holds key, else 0. */
int challenge_option_once(CommandCtx *c, const StrList *keys, const char *key);
/* A challenge option "--key=value" (contract 6) into keys and vals: 0, or EXIT_USAGE with the reply written — no
 * such option or a control character in it ("Invalid Genetess parameter '<a>'", quoted as str_quote does), or one
 * given twice. Its value is checked by challenge_params. */
int challenge_option(CommandCtx *c, StrList *keys, StrList *vals, const char *a);
/* Loads map mapname (a built-in or installed map's name; at a terminal also a path) into *map for players players:
 * 0; EXIT_REFUSED with the reply written when it cannot be used (no word of its file quoted: contract 6); crowded
 * with the reply written when it has fewer start squares than players ("At most <n> players can play on map
 * <name>"; *map holds it). Free *map with map_free either way. */
int challenge_map_load(CommandCtx *c, const char *mapname, int players, int crowded, Map *map);
/* The parameters of the new board b from map (loaded as mapname): the defaults, the map's param lines, then the
 * options keys and vals but --map (challenge_option's). 0; EXIT_REFUSED with the reply written for a map's param
 * that is invalid, EXIT_USAGE for an option's value ("Invalid Genetess parameter '--<key>=<value>': <why>"). */
int challenge_params(CommandCtx *c, const StrList *keys, const StrList *vals, Board *b, const Map *map,
                     const char *mapname);
/* challenge [--option=value...] userid1 userid2 [...] (by mail: [--option=value...] yourid yourpassword userid2
 * [...]): at a terminal builds the new board from the map and options (checked before any file is read), numbered
 * and started, saved with its "New" sheets, the reply "Genetess board <n> created for ...". By mail the
 * challenger's password is checked, the by-mail limits applied, and every other human player is mailed an
 * invitation (the board starts once all accept; with computer opponents only, at once). Returns the exit status. */
int challenge_command(CommandCtx *c);
/* accept invitation userid password: the player accepts; the last acceptance starts the board as the challenger
 * asked. */
int challenge_accept(CommandCtx *c);
/* decline invitation userid password: the invitation is withdrawn and the challenger told. */
int challenge_decline(CommandCtx *c);
/* A signoff of id (contract 2, 6): the invitations waiting that id sent are withdrawn (nobody told, as on a lapse),
 * those that name id as a player declined (the challenger told, as on a decline); a line each onto said.
 * etc/invitations is written only when something changed. 0, or -1 (said on stderr) when it cannot be read or
 * written: then nothing is changed. */
int challenge_signoff(CommandCtx *c, const char *id, Buf *said);

#endif
