/* query: the commands that only read — show, games, history, help, calc. */
#include "query.h"
#include "users.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "clock.h"
#include "turn.h"
#include "help.h"
#include "history.h"
#include "pieces.h"
#include "specials.h"
#include "view.h"

/* show b#k of an ended board: the board after move k, replayed. */
static int show_after(CommandCtx *c, const Board *b, int k)
{
    Board *r2 = NULL;
    Err err;
    if (k > board_moves_count(b)) {
        buf_printf(&c->reply, "Genetess board %d has only %d moves\n", b->number, board_moves_count(b));
        return EXIT_REFUSED;
    }
    if (turn_replay(b, k, &r2, &err) < 0) {
        buf_printf(&c->reply, "Genetess board %d#%d: %s\n", b->number, k, err.msg);
        return EXIT_REFUSED;
    }
    buf_printf(&c->reply, "Genetess board %d after move %d:\n", b->number, k);
    r2->phase = PHASE_ENDED;
    view_show_full(r2, &c->reply);
    board_free(r2);
    return EXIT_DONE;
}

int query_show(CommandCtx *c, int rc)
{
    const Board *b = c->b;
    if (b->phase != PHASE_ENDED) {
        if (c->k < 0) {
            view_show_public(b, c->now, &c->reply);
            return rc;
        }
        buf_printf(&c->reply, "Genetess board %d is still running: its history is shown after the end.\n",
                   b->number);
        return EXIT_REFUSED;
    }
    if (history_load_reply(&c->st, c->b, &c->reply) < 0)
        return EXIT_SYSTEM;
    if (c->k >= 0)
        return show_after(c, b, c->k);
    view_show_full(b, &c->reply);
    return rc;
}

static bool is_filter(const char *w)
{
    return str_ieq(w, "all") || str_ieq(w, "active") || str_ieq(w, "inactive") || str_ieq(w, "next");
}

int query_games_start(CommandCtx *c)
{
    c->filter = "all";
    for (int i = 0; i < c->argc; i++) {
        User u;
        Err err;
        if (is_filter(c->argv[i])) {
            c->filter = c->argv[i];
        } else if (!users_valid_id(c->argv[i]) || users_find(&c->st, c->argv[i], &u, &err) != 0) {
            /* help/command-games.txt: an unknown userid is refused */
            return pipeline_refuse(c, EXIT_REFUSED, "Invalid userid entered");
        } else {
            users_free(&u);
            sl_push(&c->ids, c->argv[i]);
        }
    }
    buf_add(&c->reply, "List of Genetess games\n\nboard  move  status                          players\n");
    return 0;
}

/* Whether board b is listed by games with c's filter and userids. */
static bool games_match(const CommandCtx *c, const Board *b)
{
    const char *filter = c->filter;
    bool match = c->ids.n == 0;
    for (int u = 0; u < c->ids.n; u++) {
        int p = board_player_index(b, c->ids.v[u]);
        if (p >= 0 && (!str_ieq(filter, "next") || (b->phase == PHASE_PLAY && b->seat == p) ||
                       (b->phase == PHASE_ROUND0 && !clock_round0_done(b, p))))
            match = true;
    }
    if (str_ieq(filter, "active") && b->phase == PHASE_ENDED)
        match = false;
    if (str_ieq(filter, "inactive") && b->phase != PHASE_ENDED)
        match = false;
    if (str_ieq(filter, "next") && c->ids.n == 0)
        match = b->phase != PHASE_ENDED;
    return match;
}

int query_games(CommandCtx *c, int rc)
{
    const Board *b = c->b;
    if (rc) {
        buf_printf(&c->reply, "%-6d (cannot be read)\n", c->number);
        return 0;
    }
    if (!games_match(c, b))
        return 0;
    char st[256];
    pipeline_list_status(b, st, sizeof st);
    buf_printf(&c->reply, "%-6d %-5d %-31s", b->number, board_move_number(b), st);
    for (int p = 0; p < b->np; p++)
        buf_printf(&c->reply, " %s", b->pl[p].id);
    buf_add(&c->reply, "\n");
    c->done++;
    return 0;
}

int query_games_close(CommandCtx *c, int rc)
{
    if (rc)
        return rc;
    if (!c->done)
        buf_add(&c->reply, "(no games)\n");
    snprintf(c->subject, sizeof c->subject, "List of Genetess games");
    return EXIT_DONE;
}

int query_history_board(CommandCtx *c, int rc)
{
    (void)c, (void)rc; /* the board's deadlines were processed and saved; a board that fails is Cleanup's to report */
    return EXIT_DONE;
}

int query_history(CommandCtx *c, int rc)
{
    (void)rc;
    char *path = store_path(&c->st, "history/Genetess");
    char *text = NULL;
    Err err;
    int r = store_read_file(path, &text, NULL, &err);
    free(path);
    buf_add(&c->reply, "Historical List of Genetess games\n\ndate       board winner points players\n");
    if (r == 0)
        buf_add(&c->reply, text);
    else
        buf_add(&c->reply, "(no finished games)\n");
    free(text);
    snprintf(c->subject, sizeof c->subject, "Historical List of Genetess games");
    return EXIT_DONE;
}

int query_help(CommandCtx *c)
{
    Err err;
    const char *home = c->req->home; /* found like every command's: $PBMHOME, else $HOME/.genetess */
    snprintf(c->subject, sizeof c->subject, "Genetess help");
    if (help_get(home && *home ? home : NULL, c->argc ? c->argv[0] : NULL, &c->reply, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    return EXIT_DONE;
}

int query_calc(CommandCtx *c)
{
    Err err;
    const char *a = c->argv[0];
    /* The calculator is part of the help (help/command-calc.txt); its refusals keep "Genetess error". */
    snprintf(c->subject, sizeof c->subject, "Genetess help");
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
