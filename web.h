/* web: the `web DIR` command — the server's public static site (contract 16): the games running and finished,
 * the standings and ratings, a page per player and per built-in map, and each finished game's replay. */
#ifndef GENETESS_WEB_H
#define GENETESS_WEB_H
#include "pipeline.h"

/* web DIR: writes the site into DIR (made when missing), each page only when its content changed; only
 * what contract 16 makes public. Reads the boards under the lock and changes none (no deadline is processed). Replies "Web site
 * <dir>: <w> pages written, <s> unchanged." Returns 0, EXIT_REFUSED (DIR unusable or inside $PBMHOME) or
 * EXIT_SYSTEM (a page could not be written). */
int web_command(CommandCtx *c);

#endif
