/* play: a player's commands on their board — move, queue, resign, quiet, orders, options, chat, log, map — and showas (contract sections 2 and 4). */
#ifndef GENETESS_PLAY_H
#define GENETESS_PLAY_H

#include "pipeline.h"

/* True when line of a mailed text is the player's prose (a greeting, "Thanks, Anna"), not an order (contract 4.1):
 * no word of it is an order's keyword, and some word could not be part of an order after its keyword (a line of
 * directions alone, "W W", may be the rest of an order a mailer wrapped: not prose). */
bool play_line_is_prose(const char *line);
/* move board userid password [ORDER...]: runs or stores the order text (the words after the password, else
 * the body's first non-blank line) for the player (contract 4). Exit 0 done or stored, 1 refused or failed
 * (a failed order's side effects are saved). */
int play_move(CommandCtx *c);
/* queue board userid password [ORDER... | NONE]: shows, replaces or empties the player's stored orders. */
int play_queue(CommandCtx *c);
/* resign board userid password: the player leaves the game; in round 0 with fewer than 2 players left the
 * board is deleted. */
int play_resign(CommandCtx *c);
/* quiet board userid password on|off: sheets only for the player's own turns, or for every turn ("on" or
 * "off" is checked before any file is read: a usage error). */
int play_quiet(CommandCtx *c);
/* orders board userid password [SQUARE]: what the player's pieces can do now, from what the player sees
 * (lister_render; only the piece on SQUARE when given). */
int play_orders(CommandCtx *c);
/* options board userid password lister|html on|off: the sheet's section "What your pieces can do" (lister),
 * or whether the player's sheet mails carry the HTML part (html; Player.plain). */
int play_options(CommandCtx *c);
/* chat board userid password [to USERID...]: mails the body to every player of the board; with "to
 * USERID..." to those only (chat.h). */
int play_chat(CommandCtx *c);
/* log board userid password: the player's own orders so far with their outcomes (view_log). */
int play_log(CommandCtx *c);
/* map board userid password: the player's map — the whole terrain, what they see now as it is, the rest as
 * they last saw it (view_map). */
int play_map(CommandCtx *c);
/* showas userid password board...: the user's current sheet of each board named (the one last mailed). */
int play_showas(CommandCtx *c);

#endif
