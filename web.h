/* web: the `web DIR` command — the server's public static site (contract 16): the games running and finished,
 * the standings and ratings, a page per player and per built-in map, and each finished game's replay. */
#ifndef GENETESS_WEB_H
#define GENETESS_WEB_H
#include "pipeline.h"
#include "webpage.h"

/* web DIR: writes the site into DIR (made when missing), each page only when its content changed, and
 * removes the files of the site's manifest it no longer writes; only what contract 16 makes public. Holds
 * the lock only to read — the history and the list of boards, then each board on its own, letting go
 * between — and writes, and reads the site's own files, with it let go; changes nothing under $PBMHOME (no
 * deadline is processed). Replies "Web site <dir>: <w> pages written, <s> unchanged, <r> removed." Returns
 * 0, EXIT_REFUSED (DIR unusable, in $PBMHOME or holding it) or EXIT_SYSTEM (a page could not be written —
 * something not a regular file where it or the manifest goes is never opened, so nothing blocks —, or the
 * lock not had again). */
int web_command(CommandCtx *c);
/* web_command with watch (NULL: none) told of each board read, each page written and the site's own files
 * read: the tests'. */
int web_site(CommandCtx *c, const WebWatch *watch);

#endif
