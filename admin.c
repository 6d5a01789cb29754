/* admin: the commands that keep boards and users — verify, signup, Cleanup. */
#include "admin.h"
#include "users.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "boardfile.h"
#include "movelist.h"
#include "bot.h"
#include "confirm.h"
#include "gamelist.h"
#include "replay.h"
#include "turn.h"
#include "map.h"
#include "subject.h"
#include "view.h"

/* ---- verify ---- */

/* The snapshot of b (want) differs from its replay (got): the reply names the first line that differs. */
static void verify_differs(CommandCtx *c, const Board *b, const char *want, const char *got)
{
    int line = 1;
    const char *x = want, *y = got;
    while (*x && *x == *y) {
        if (*x == '\n')
            line++;
        x++, y++;
    }
    const char *ls = x;
    while (ls > want && ls[-1] != '\n')
        ls--;
    const char *le = strchr(ls, '\n');
    /* The line itself may hold pieces, E or orders: it goes to the admin's stderr only (contract 8). */
    fprintf(stderr, "genetess: %d: snapshot line %d: %.*s\n", b->number, line,
            le ? (int)(le - ls > 200 ? 200 : le - ls) : 200, ls);
    buf_printf(&c->reply, "Genetess board %d: differs from its replay at line %d of the snapshot\n", b->number,
               line);
}

/* The players' maps (contract 8) of b and of its replay r differ: the first player and square to stderr only
 * (private), the reply says where. True when they differ. The snapshot r began from must record maps (its
 * (known entry, r->known_read): one written before they were kept has them begin from the start, which the
 * replay need not agree with. */
static bool verify_maps_differ(CommandCtx *c, const Board *b, const Board *r)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    if (!r->known_read || r->np != b->np || r->w != b->w || r->h != b->h)
        return false;
    for (int p = 0; p < b->np; p++) {
        const char *x = board_known(b, p), *y = board_known(r, p);
        for (size_t sq = 0; sq < n; sq++)
            if (x[sq] != y[sq]) {
                char nm[16];
                fprintf(stderr, "genetess: %d: %s's map: %s is '%c', the replay's '%c'\n", b->number, b->pl[p].id,
                        board_sq_name(b, (int)sq, nm), x[sq], y[sq]);
                buf_printf(&c->reply, "Genetess board %d: differs from its replay in what a player knows of the "
                                      "terrain (known)\n", b->number);
                return true;
            }
    }
    return false;
}

static int verify_act(CommandCtx *c, Txn *t)
{
    const Board *b = t->b;
    Board *r = NULL;
    Err err;
    if (movelist_load_reply(&c->st, t->b, &c->reply) < 0)
        return EXIT_SYSTEM;
    if (replay_board(b, -1, &r, &err) < 0) {
        /* The reason quotes the history: public only once the game has ended (contract 8, 11). */
        if (b->phase == PHASE_ENDED) {
            buf_printf(&c->reply, "Genetess board %d: replay fails at %s\n", b->number, err.msg);
        } else {
            fprintf(stderr, "genetess: %d: replay fails at %s\n", b->number, err.msg);
            buf_printf(&c->reply, "Genetess board %d: the replay of its history fails (the reason is in the "
                                  "server's log)\n", b->number);
        }
        return EXIT_REFUSED;
    }
    char *want = boardfile_write_core(b), *got = boardfile_write_core(r);
    int rc = EXIT_DONE;
    if (strcmp(want, got) != 0) {
        verify_differs(c, b, want, got);
        rc = EXIT_REFUSED;
    } else if (verify_maps_differ(c, b, r)) {
        rc = EXIT_REFUSED;
    } else {
        buf_printf(&c->reply, "Genetess board %d: consistent (%d move%s replayed)\n", b->number, board_moves_count(b),
                   board_moves_count(b) == 1 ? "" : "s");
    }
    free(want);
    free(got);
    board_free(r);
    return rc;
}

int admin_verify(CommandCtx *c)
{
    return pipeline_one_board(c, 0, verify_act);
}

/* ---- signup, Cleanup ---- */

int admin_signup(CommandCtx *c)
{
    Err err;
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    const char *id = c->argv[0], *password = c->argv[1], *address = c->argv[2];
    if (bot_is(id))
        return pipeline_refuse(c, EXIT_REFUSED, "Userids bot.<name> are the computer opponents'");
    if (users_check_new(id, password, address, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    if (!c->req->by_mail) { /* an admin at the terminal is trusted: one pass over the users, then the line */
        int added = users_add(&c->st, id, password, address, &err);
        if (added < 0)
            fprintf(stderr, "genetess: %s\n", err.msg);
        if (added == -1)
            return pipeline_refuse(c, EXIT_SYSTEM, "The users cannot be read; try again later");
        if (added == -2)
            return pipeline_refuse(c, EXIT_SYSTEM, "The users file cannot be written; nothing was changed");
        if (added)
            return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
        buf_printf(&c->reply, "User %s signed up.\n", id);
        subject_write(SUBJECT_SIGNUP, 0, NULL, c->subject, sizeof c->subject);
        return EXIT_DONE;
    }
    /* by mail: the address must say yes first, and the server's size is bounded (contract 15.3) */
    int64_t users;
    int taken = users_signup_check(&c->st, id, &users, &err); /* one pass: taken, look-alike, the count */
    if (taken < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        rc = pipeline_refuse(c, EXIT_SYSTEM, "The users cannot be read; try again later");
    } else if (taken)
        rc = pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    else if (users >= confirm_users_max(c->host)) /* and again when it is confirmed (confirm_signup) */
        rc = confirm_refuse_full(c, users);
    else {
        subject_write(SUBJECT_SIGNUP, 0, NULL, c->subject, sizeof c->subject); /* the confirmation's own when the reply is it */
        rc = confirm_request(c, PENDING_SIGNUP, id, password, address, NULL);
    }
    if (rc == EXIT_SYSTEM)
        subject_write(SUBJECT_SIGNUP, 0, NULL, c->subject, sizeof c->subject);
    return rc;
}

/* What one Cleanup run did, for its closing line. */
typedef struct CleanupRun {
    Gamelist list;  /* the game list and the due index, written once at the end */
    int done, archived, deadlines, nags, skipped;
} CleanupRun;

/* Cleanup could not load or save board n (why): stderr and, when the admin's address is a plain address, a
 * mail to the admin say why (the board is skipped, every other one processed: contract 2). */
static void cleanup_skipped(CommandCtx *c, int n, const char *why)
{
    if (!*why)
        why = "it could not be processed";
    fprintf(stderr, "genetess: Cleanup skipped board %d: %s\n", n, why);
    const char *admin = c->host->admin;
    if (!admin || !*admin || str_has_control(admin) || strchr(admin, ' ') || !strchr(admin, '@'))
        return;
    char subj[80];
    subject_write(SUBJECT_CLEANUP_SKIPPED, n, NULL, subj, sizeof subj);
    char *body = xasprintf("Cleanup skipped Genetess board %d and processed every other board.\n"
                           "The reason:\n%s\n\nThe board file stays as it is until it is fixed by hand;\n"
                           "Cleanup tries it again on its next run.\n",
                           n, why);
    Err err;
    if (mail_add(&c->mq, admin, subj, body, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(body);
    /* it belongs to no board's commit: out now (the queue holds nothing of the skipped board) */
    mail_flush(&c->mq, &c->st, (time_t)c->now);
    c->saved_mail = c->mq.n;
}

/* One board of a Cleanup run, its time processed (rc: how its stages went): archived 14 days after its end,
 * else its list line rewritten; one that could not be loaded or saved is skipped. Returns rc, or EXIT_SYSTEM
 * when the archive fails. */
static int cleanup_board(CommandCtx *c, CleanupRun *run, Txn *t, int rc)
{
    const Board *b = t->b;
    Err err;
    run->deadlines += t->deadlines;
    run->nags += t->nags;
    if (rc) {
        run->skipped++;
        cleanup_skipped(c, t->number, t->problem);
        return rc;
    }
    run->done++;
    if (b->phase == PHASE_ENDED) /* an end whose finished-games line is missing gets it (once) */
        pipeline_record_finished(c, b);
    /* Finished boards go to the archive 14 days after the end. */
    if (!(b->phase == PHASE_ENDED && b->clock.ended > 0 && c->now - b->clock.ended >= GAMELIST_ARCHIVE_AFTER)) {
        pipeline_update_list(c, &run->list, b->number, b);
        return rc;
    }
    if (pipeline_remove_board(c, &run->list, b->number, true, &err) < 0) {
        run->skipped++;
        cleanup_skipped(c, b->number, err.msg);
        return EXIT_SYSTEM;
    }
    run->archived++;
    return rc;
}

int admin_cleanup(CommandCtx *c)
{
    if (c->argc == 1 && strcmp(c->argv[0], "-v") != 0)
        return pipeline_usage(c, "Cleanup takes -v or nothing");
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    CleanupRun run = {0};
    gamelist_open(&run.list, &c->st);
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    rc = EXIT_DONE;
    for (int i = 0; i < n; i++) {
        if (gamelist_idle(&run.list, &c->st, nums[i], c->now)) {
            run.done++; /* looked at: the due index says it has nothing to do yet */
            continue;
        }
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_TIME | TXN_QUIET, .list = &run.list};
        int r = cleanup_board(c, &run, &t, pipeline_board(c, &t, ns));
        if (r == 0 && t.b)
            gamelist_note(&run.list, &c->st, t.b->number, t.b);
        pipeline_board_done(&t);
        if (r)
            rc = r;
    }
    free(nums);
    pipeline_list_close(c, &run.list);
    /* cron mails whatever Cleanup prints, so it speaks only when something happened (or -v) */
    if (c->argc == 1 || run.deadlines || run.nags || run.archived || run.skipped)
        buf_printf(&c->reply, "Cleanup: %d board%s looked at, %d deadline%s processed, %d nag%s sent, %d archived, "
                              "%d skipped.\n",
                   run.done + run.skipped, run.done + run.skipped == 1 ? "" : "s", run.deadlines,
                   run.deadlines == 1 ? "" : "s", run.nags, run.nags == 1 ? "" : "s", run.archived, run.skipped);
    if (rc == EXIT_DONE) /* no Subject of its own: its work is the game list's */
        subject_write(SUBJECT_GAMES, 0, NULL, c->subject, sizeof c->subject);
    return run.skipped ? EXIT_SYSTEM : rc;
}
