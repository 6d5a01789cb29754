/* query: the commands that only read — show, games, history, help, calc. */
#include "query.h"
#include "disk.h"
#include "users.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "replay.h"
#include "turn.h"
#include "help.h"
#include "movelist.h"
#include "pieces.h"
#include "specials.h"
#include "subject.h"
#include "view.h"

/* show b#k of an ended board: the board after move k, replayed. */
static int show_after(CommandCtx *c, const Board *b, int k)
{
    Board *r2 = NULL;
    Err err;
    if (k > board_moves_count(b)) {
        buf_printf(&c->reply, "Genetess board %d has only %d move%s\n", b->number, board_moves_count(b),
                   board_moves_count(b) == 1 ? "" : "s");
        return EXIT_REFUSED;
    }
    if (replay_board(b, k, &r2, &err) < 0) {
        buf_printf(&c->reply, "Genetess board %d#%d: %s\n", b->number, k, err.msg);
        return EXIT_REFUSED;
    }
    buf_printf(&c->reply, "Genetess board %d after move %d:\n", b->number, k);
    view_show_full(r2, &c->reply); /* as it stood: ended only when move k ended it */
    board_free(r2);
    return EXIT_DONE;
}

int query_show_board(CommandCtx *c, Board *b, int k)
{
    if (b->phase != PHASE_ENDED) {
        if (k < 0) {
            view_show_public(b, c->now, &c->reply);
            return EXIT_DONE;
        }
        buf_printf(&c->reply, "Genetess board %d is still running: its history is shown after the end.\n",
                   b->number);
        return EXIT_REFUSED;
    }
    if (movelist_load_reply(&c->st, b, &c->reply) < 0)
        return EXIT_SYSTEM;
    if (k >= 0)
        return show_after(c, b, k);
    view_show_full(b, &c->reply);
    return EXIT_DONE;
}

/* A board argument of show, "n" or "n#k": the board into name, k into *k (-1 none). False when the k is no
 * move number. */
static bool show_argument(const char *arg, char *name, size_t size, int *k)
{
    snprintf(name, size, "%s", arg);
    *k = -1;
    char *h = strchr(name, '#');
    if (!h)
        return true;
    *h = '\0';
    int64_t v;
    if (!parse_i64(h + 1, &v) || v > 1000000000)
        return false;
    *k = (int)v;
    return true;
}

int query_show(CommandCtx *c)
{
    char name[64];
    int k;
    if (c->argc > COMMAND_BOARDS_MAX) /* contract 15: the work of one command is bounded */
        return pipeline_usage(c, "at most %d boards", COMMAND_BOARDS_MAX);
    for (int i = 0; i < c->argc; i++) /* contract 2: the words are checked before any file is read */
        if (!show_argument(c->argv[i], name, sizeof name, &k))
            return pipeline_usage(c, "the k of board#k is a move number");
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    rc = EXIT_DONE;
    bool refused = false;
    for (int i = 0; i < c->argc; i++) {
        Txn t = {.flags = TXN_TIME};
        (void)show_argument(c->argv[i], name, sizeof name, &k);
        int r = pipeline_board(c, &t, name);
        if (r == 0)
            r = query_show_board(c, t.b, k);
        pipeline_subject_listed(c, t.b, r, &refused);
        pipeline_board_done(&t);
        if (r)
            rc = r;
    }
    return rc;
}

static bool is_filter(const char *w)
{
    return str_ieq(w, "all") || str_ieq(w, "active") || str_ieq(w, "inactive") || str_ieq(w, "next");
}

/* Whether board b is listed by games with filter and the userids ids. */
static bool games_match(const char *filter, const StrList *ids, const Board *b)
{
    bool match = ids->n == 0;
    for (int u = 0; u < ids->n; u++) {
        int p = board_player_index(b, ids->v[u]);
        if (p >= 0 && (!str_ieq(filter, "next") || (b->phase == PHASE_PLAY && b->seat == p) ||
                       (b->phase == PHASE_ROUND0 && !board_gambles_in(b, &b->pl[p]))))
            match = true;
    }
    if (str_ieq(filter, "active") && b->phase == PHASE_ENDED)
        match = false;
    if (str_ieq(filter, "inactive") && b->phase != PHASE_ENDED)
        match = false;
    if (str_ieq(filter, "next") && ids->n == 0)
        match = b->phase != PHASE_ENDED;
    return match;
}

/* Board t's line of games ("(cannot be read)" when rc says its stages failed: whatever the filter, since whose
 * game it is cannot be told); 1 when a line was written. */
static int games_line(CommandCtx *c, const Txn *t, int rc, const char *filter, const StrList *ids)
{
    const Board *b = t->b;
    if (rc) {
        buf_printf(&c->reply, "%-6d (cannot be read)\n", t->number);
        return 1;
    }
    if (!games_match(filter, ids, b))
        return 0;
    char st[256];
    gamelist_status_of(b, st, sizeof st);
    Buf result; /* an ended game's result as every text writes it (contract 14.9) */
    buf_init(&result);
    if (b->phase == PHASE_ENDED)
        view_result_words(b, -1, true, &result);
    buf_printf(&c->reply, "%-6d %-5d %-31s", b->number, board_move_number(b), result.len ? result.s : st);
    buf_free(&result);
    for (int p = 0; p < b->np; p++)
        buf_printf(&c->reply, " %s", b->pl[p].id);
    buf_add(&c->reply, "\n");
    return 1;
}

int query_games(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    const char *filter = "all";
    StrList ids = {0};
    for (int i = 0; i < c->argc && rc == 0; i++) {
        User u;
        Err err;
        if (is_filter(c->argv[i])) {
            filter = c->argv[i];
        } else if (!users_valid_id(c->argv[i]) || users_find(&c->st, c->argv[i], &u, &err) != 0) {
            /* help/command-games.txt: an unknown userid is refused */
            char q[64];
            rc = pipeline_refuse(c, EXIT_REFUSED, "Invalid userid entered: %s is not signed up",
                                 str_quote(c->argv[i], q, 40));
        } else {
            users_free(&u);
            sl_push(&ids, c->argv[i]);
        }
    }
    if (rc) {
        sl_free(&ids);
        return rc;
    }
    buf_add(&c->reply, "List of Genetess games\n\nboard  move  status                          players\n");
    int *nums = NULL, listed = 0, status = EXIT_DONE;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    for (int i = 0; i < n; i++) {
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_TIME | TXN_QUIET}; /* the boards' expired deadlines are processed first */
        int r = pipeline_board(c, &t, ns);
        listed += games_line(c, &t, r, filter, &ids);
        if (r) /* listed all the same: contract 3.6, a board file that fails its checks */
            status = EXIT_SYSTEM;
        pipeline_board_done(&t);
    }
    free(nums);
    sl_free(&ids);
    if (!listed)
        buf_add(&c->reply, "(no games)\n");
    subject_write(SUBJECT_GAMES, 0, NULL, c->subject, sizeof c->subject);
    return status;
}

int query_history(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    for (int i = 0; i < n; i++) { /* the boards' expired deadlines first: a game may have ended by now */
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_TIME | TXN_QUIET};
        (void)pipeline_board(c, &t, ns); /* a board that fails is Cleanup's to report */
        pipeline_board_done(&t);
    }
    free(nums);
    char *path = store_path(&c->st, "history/Genetess");
    char *text = NULL;
    int r = disk_read_file(path, &text, NULL, &err);
    free(path);
    buf_add(&c->reply, "Historical List of Genetess games\n\ndate       board winner points players\n");
    if (r == 0)
        buf_add(&c->reply, text);
    else
        buf_add(&c->reply, "(no finished games)\n");
    free(text);
    subject_write(SUBJECT_HISTORY, 0, NULL, c->subject, sizeof c->subject);
    return EXIT_DONE;
}

int query_help(CommandCtx *c)
{
    Err err;
    const char *home = c->host->home; /* found like every command's: $PBMHOME, else $HOME/.genetess */
    subject_write(SUBJECT_HELP, 0, NULL, c->subject, sizeof c->subject);
    /* by mail the help opens with how to join and play by mail (help start), the admin's forms after */
    if (!c->argc && c->req->by_mail && help_get(home && *home ? home : NULL, "start", &c->reply, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    if (help_get(home && *home ? home : NULL, c->argc ? c->argv[0] : NULL, &c->reply, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    return EXIT_DONE;
}

int query_calc(CommandCtx *c)
{
    Err err;
    const char *a = c->argv[0];
    /* The calculator is part of the help (help/command-calc.txt); its refusals keep "Genetess error". */
    subject_write(SUBJECT_HELP, 0, NULL, c->subject, sizeof c->subject);
    if ((a[0] == 'S' || a[0] == 's') && isdigit((unsigned char)a[1])) {
        int64_t code;
        if (!parse_i64(a + 1, &code) || code > 99 || special_describe((int)code, &c->reply, &err) < 0)
            return pipeline_refuse(c, EXIT_REFUSED, "%s",
                                  parse_i64(a + 1, &code) && code <= 99 ? err.msg : "Unknown special");
        return EXIT_DONE;
    }
    size_t n = strlen(a);
    bool letters = n > 0 && n <= 1000;
    for (const char *p = a; *p && letters; p++)
        letters = isalpha((unsigned char)*p);
    if (!letters)
        return pipeline_refuse(c, EXIT_REFUSED, "calc takes a sequence of 1 to 1000 codes (letters A to Z)");
    Genome g;
    if (piece_parse(a, &g, false, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    piece_describe(&g, &c->reply);
    return EXIT_DONE;
}
