/* admin: the commands that make and keep boards — challenge, verify, signup, Cleanup (SPEC 2, 2.4, 3.2). */
#ifndef GENETESS_ADMIN_H
#define GENETESS_ADMIN_H

#include "pipeline.h"

/* challenge's argument check, before any file is read: the --options (into c->keys, c->vals) and the
 * userids (into c->ids). Returns 0, EXIT_USAGE or EXIT_REFUSED with the reply written. */
int admin_challenge_check(CommandCtx *c);
/* challenge: builds the new board from the map and options, numbered and started (SPEC 2.4, 7.1);
 * it becomes c->b (c->dirty, c->g) for the pipeline to save and mail. Returns the exit status. */
int admin_challenge(CommandCtx *c);
/* challenge, at the end: when rc is 0, the reply "Genetess board <n> created ..." and its Subject. */
int admin_challenge_close(CommandCtx *c, int rc);
/* verify: replays c->b's history and compares it with the snapshot (SPEC 3.2). Returns 0 when consistent. */
int admin_verify(CommandCtx *c);
/* signup: adds the user argv[0] with password argv[1] and address argv[2] to etc/users. */
int admin_signup(CommandCtx *c);
/* Cleanup's argument check: nothing, or -v (c->verbose). Returns 0 or EXIT_USAGE with the reply written. */
int admin_cleanup_check(CommandCtx *c);
/* Cleanup, per board (its time processed): archives a board 14 days after its end, else rewrites its
 * list line. A board that could not be loaded or saved (rc not 0) is skipped: counted, said on stderr and
 * mailed to $PBMADMIN when set. Returns rc, or EXIT_SYSTEM when the archive fails. */
int admin_cleanup(CommandCtx *c, int rc);
/* Cleanup, at the end: when -v, or when anything happened, "Cleanup: <n> boards looked at, <d> deadlines
 * processed, <k> nags sent, <a> archived, <s> skipped."; nothing otherwise. Returns EXIT_SYSTEM when a
 * board was skipped, else rc. */
int admin_cleanup_close(CommandCtx *c, int rc);

#endif
