/* play: the acts of a player on their board — move, queue, resign, quiet, chat — and showas. */
#include "play.h"
#include "users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "history.h"
#include "chat.h"
#include "clock.h"
#include "turn.h"
#include "orders.h"
#include "sheet.h"
#include "view.h"

/* Joins words into order text; with none, the first non-blank line of the body (SPEC 2.2). */
static char *order_text(const Request *rq, int argc, char **argv)
{
    Buf t;
    buf_init(&t);
    for (int i = 0; i < argc; i++) {
        if (i)
            buf_add(&t, " ");
        buf_add(&t, argv[i]);
    }
    if (t.len == 0 && rq->body) {
        char *body = xstrdup(rq->body), *save = NULL;
        for (char *l = strtok_r(body, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
            str_trim(l);
            if (*l) {
                buf_add(&t, l);
                break;
            }
        }
        free(body);
    }
    return buf_take(&t);
}

/* Strips a trailing "#k" of text and checks it against the board's move number (SPEC 2.2): 0, or
 * EXIT_REFUSED with the reply written. */
static int check_move_number(CommandCtx *c, Txn *t, char *text)
{
    char *h = strrchr(text, '#');
    if (!h)
        return 0;
    int64_t k;
    char *num = h + 1;
    str_trim(num);
    if (parse_i64(num, &k) && k >= 1 && k <= 1000000000) {
        *h = '\0';
        str_trim(text);
        if (k == board_move_number(t->b))
            return 0;
    }
    char q[256];
    buf_printf(&c->reply, "Move %s received as move #%d\n", pipeline_quote(text, q, sizeof q),
               board_move_number(t->b));
    if (h[1] && parse_i64(num, &k) && k >= 1 && k < board_move_number(t->b))
        buf_printf(&c->reply, "Nothing was done: the board has moved on since you read it; the current move is "
                              "#%d.\n", board_move_number(t->b));
    else
        buf_printf(&c->reply, "Nothing was done: the move number after '#' must be the current one, #%d.\n",
                   board_move_number(t->b));
    return EXIT_REFUSED;
}

static void stored_list(const StrList *q, Buf *o)
{
    if (!q->n) {
        buf_add(o, "none");
        return;
    }
    for (int i = 0; i < q->n; i++)
        buf_printf(o, "%s%s", i ? " / " : "", q->v[i]);
}

/* Appends "<label><the stored orders>\n" to out. */
static void say_stored(const char *label, const StrList *q, Buf *out)
{
    Buf s;
    buf_init(&s);
    stored_list(q, &s);
    buf_printf(out, "%s%s\n", label, s.s);
    buf_free(&s);
}

static void set_queue(Player *pl, const OrderList *l, int from)
{
    sl_clear(&pl->queue);
    for (int i = from; i < l->n; i++) {
        char *s = xasprintf("%s%s", l->v[i].star ? "*" : "", l->v[i].text);
        sl_push_owned(&pl->queue, s);
    }
}

/* The first of l's orders that is a GAMBLE, or NULL. */
static const Order *find_gamble(const OrderList *l)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i].verb == ORD_GAMBLE)
            return &l->v[i];
    return NULL;
}

/* The reply line of an order that ran (or was stored): it is also the result on the reader's sheet. */
static int ran(CommandCtx *c, Txn *t, int rc)
{
    buf_printf(&c->reply, "%s\n", t->result);
    t->reader = t->player;
    t->dirty = true;
    return rc;
}

/* move in round 0: the GAMBLE orders (SPEC 7.1). */
static int move_round0(CommandCtx *c, Txn *t, const OrderList *l)
{
    Game *g = &t->g;
    for (int i = 0; i < l->n; i++)
        if (turn_play(g, t->player, &l->v[i], false) == ORDER_REFUSED) {
            buf_printf(&c->reply, "%s: %s\n", l->v[i].text, g->fail.msg);
            return EXIT_REFUSED;
        }
    t->player = board_player_index(t->b, c->argv[1]); /* round 0's end reorders the players */
    snprintf(t->result, sizeof t->result, "%s", g->reply.len ? g->reply.s : "Received.");
    return ran(c, t, EXIT_DONE);
}

/* Warns (without refusing, issue 12) of a stored order that cannot succeed as things stand for the
 * player: no piece of theirs on its square, or their piece lacks the enabling code. Only the player's own
 * pieces are looked at, which they always see: the warning never tells of anyone else's piece. */
static void queue_warning(CommandCtx *c, Txn *t, const Order *o)
{
    const Board *b = t->b;
    const OrderInfo *oi = &order_table[o->verb];
    char nm[16];
    if (oi->gene < 0 || o->verb == ORD_CREATE || o->sq < 0)
        return; /* CREATE's square is the new piece's; PASS and HOLIDAY have none */
    const Piece *p = board_piece_at(b, o->sq);
    board_sq_name(b, o->sq, nm);
    if (!p || !board_controls(b, t->player, p)) {
        buf_printf(&c->reply, "Warning: %s cannot succeed as things stand:\n    you have no piece on %s.\n", o->text,
                   nm);
        return;
    }
    bool moves = o->verb == ORD_MOVE && (p->g.n[GENE_A] || p->g.n[GENE_K]); /* orders.txt MOVE: A or K */
    if (!moves && !p->g.n[oi->gene])
        buf_printf(&c->reply, "Warning: %s cannot succeed as things stand:\n    your piece on %s has no %c (%s needs it).\n",
                   o->text, nm, piece_genes[oi->gene].letter, oi->verb);
}

/* move off turn: everything becomes the stored queue (SPEC 7.3). */
static int move_off_turn(CommandCtx *c, Txn *t, const OrderList *l)
{
    const Order *gamble = find_gamble(l);
    if (gamble) {
        buf_printf(&c->reply, "%s: GAMBLE is only for round 0\n", gamble->text);
        return EXIT_REFUSED;
    }
    Player *pl = &t->b->pl[t->player];
    set_queue(pl, l, 0);
    Buf s;
    buf_init(&s);
    stored_list(&pl->queue, &s);
    snprintf(t->result, sizeof t->result, "Stored for your next turn: %s", s.s);
    buf_free(&s);
    int rc = ran(c, t, EXIT_DONE);
    for (int i = 0; i < l->n; i++)
        queue_warning(c, t, &l->v[i]);
    return rc;
}

/* move on the player's turn: the first order runs, the rest is stored (SPEC 7.3). */
static int move_on_turn(CommandCtx *c, Txn *t, const OrderList *l)
{
    Game *g = &t->g;
    Player *pl = &t->b->pl[t->player];
    const Order *o = &l->v[0];
    if (t->b->clock.holiday_since > 0 && o->verb != ORD_GAMBLE)
        clock_end_holiday(g); /* SPEC 7.4: a live order ends the holiday */
    if (o->verb == ORD_GAMBLE) {
        buf_printf(&c->reply, "%s: GAMBLE is only for round 0\n", o->text);
        return EXIT_REFUSED;
    }
    /* SPEC 7.3: a live order on your turn replaces the head of the queue and the rest of the message
     * replaces the queue. Done before the order runs: the turns it starts (other players' * orders)
     * may come round to this player's queue again. A refusal saves nothing, so this is undone then. */
    if (pl->queue.n && o->verb != ORD_HOLIDAY) {
        free(pl->queue.v[0]);
        memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
        pl->queue.n--;
    }
    if (l->n > 1)
        set_queue(pl, l, 1);
    int r = turn_play(g, t->player, o, false);
    if (r == ORDER_REFUSED) {
        buf_printf(&c->reply, "%s: %s\n", o->text, g->fail.msg);
        return EXIT_REFUSED;
    }
    snprintf(t->result, sizeof t->result, "%s: %s", o->text, r < 0 ? g->fail.msg : "done");
    int rc = ran(c, t, r < 0 ? EXIT_REFUSED : EXIT_DONE);
    if (l->n > 1)
        say_stored("Stored for your next turn: ", &pl->queue, &c->reply);
    return rc;
}

/* Order text longer than this is refused before it is parsed (issue 10). */
enum { ORDER_TEXT_MAX = 4000 };

/* Refuses an order text over ORDER_TEXT_MAX characters, quoting its first 40: true when refused. */
static bool too_long(CommandCtx *c, const char *text)
{
    char q[44];
    if (strlen(text) <= ORDER_TEXT_MAX)
        return false;
    buf_printf(&c->reply, "Invalid move \"%s...\" entered: too long\n", pipeline_quote(text, q, sizeof q));
    return true;
}

/* Parses the order text of move into l (notices into the reply): 0 or EXIT_REFUSED. */
static int parse_move(CommandCtx *c, Txn *t, char *text, OrderList *l)
{
    char q[256];
    Err err;
    if (too_long(c, text) || check_move_number(c, t, text))
        return EXIT_REFUSED;
    if (!*text) {
        buf_add(&c->reply, "Invalid move \"\" entered: no order given\n");
        return EXIT_REFUSED;
    }
    if (order_parse_list(t->b, text, l, &err) < 0) {
        buf_printf(&c->reply, "Invalid move \"%s\" entered: %s\n", pipeline_quote(text, q, sizeof q), err.msg);
        return EXIT_REFUSED;
    }
    for (int i = 0; i < l->notices.n; i++)
        buf_printf(&c->reply, "%s\n", l->notices.v[i]);
    return 0;
}

static int move_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    char *text = order_text(c->req, c->argc - 3, c->argv + 3);
    OrderList l = {0};
    int rc = parse_move(c, t, text, &l);
    if (rc) {
        /* refused */
    } else if (b->phase == PHASE_PLAY && !board_player_has_turns(b, t->player)) {
        buf_add(&c->reply, "You are out of this game: you have no pieces left to order\n");
        rc = EXIT_REFUSED;
    } else if (b->phase == PHASE_ROUND0) {
        rc = move_round0(c, t, &l);
    } else if (b->seat != t->player) {
        rc = move_off_turn(c, t, &l);
    } else {
        rc = move_on_turn(c, t, &l);
    }
    order_list_free(&l);
    free(text);
    return rc;
}

/* queue ORDER...: the stored queue becomes the orders (NONE: empty). */
static int queue_replace(CommandCtx *c, Txn *t, char *text)
{
    Player *pl = &t->b->pl[t->player];
    OrderList l = {0};
    Err err;
    char q[256];
    int rc = EXIT_REFUSED;
    const Order *gamble;
    if (too_long(c, text)) {
        goto out;
    } else if (str_ieq(text, "NONE")) {
        sl_clear(&pl->queue);
        buf_add(&c->reply, "Your stored orders: none\n");
    } else if (order_parse_list(t->b, text, &l, &err) < 0) {
        buf_printf(&c->reply, "Invalid move \"%s\" entered: %s\n", pipeline_quote(text, q, sizeof q), err.msg);
        goto out;
    } else if ((gamble = find_gamble(&l)) != NULL) {
        buf_printf(&c->reply, "%s: GAMBLE cannot be stored\n", gamble->text);
        goto out;
    } else {
        for (int i = 0; i < l.notices.n; i++)
            buf_printf(&c->reply, "%s\n", l.notices.v[i]);
        set_queue(pl, &l, 0);
        say_stored("Stored for your next turn: ", &pl->queue, &c->reply);
        for (int i = 0; i < l.n; i++)
            queue_warning(c, t, &l.v[i]);
    }
    t->dirty = true;
    rc = EXIT_DONE;
out:
    order_list_free(&l);
    return rc;
}

static int queue_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, t->player) && c->argc > 3) {
        buf_add(&c->reply, "You are out of this game: you have no pieces left to order\n");
        return EXIT_REFUSED;
    }
    if (c->argc == 3) {
        say_stored("Your stored orders: ", &b->pl[t->player].queue, &c->reply);
        return EXIT_DONE;
    }
    char *text = order_text(c->req, c->argc - 3, c->argv + 3);
    int rc = check_move_number(c, t, text);
    if (rc == 0)
        rc = queue_replace(c, t, text);
    free(text);
    return rc;
}

static int resign_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    int p = t->player;
    /* An eliminated player still fighting with ronin pieces may resign them too (SPEC 7.6: all their
     * pieces become orphans). */
    if (b->pl[p].status != PS_ACTIVE && !board_player_has_turns(b, p)) {
        buf_add(&c->reply, "You have already left this game\n");
        return EXIT_REFUSED;
    }
    if (b->phase != PHASE_ROUND0) {
        turn_resign(&t->g, p);
        t->g.sheet_due[p] = true;
    } else if (clock_round0_resign(&t->g, p)) {
        /* Fewer than 2 players remain: the board is deleted. */
        buf_printf(&c->reply, "You resigned. Genetess board %d was deleted: fewer than 2 players remain.\n",
                   b->number);
        t->deleted = true;
        return EXIT_DONE;
    } else {
        /* SPEC 7.6: the player is gone from the board (the others moved up a seat): no sheet of theirs
         * exists any more, and index p is now another player's, whose sheet must not be replied. */
        t->player = -1;
        buf_printf(&c->reply, "You resigned from Genetess board %d; you are no longer in this game.\n", b->number);
        t->dirty = true;
        return EXIT_DONE;
    }
    buf_printf(&c->reply, "You resigned from Genetess board %d.\n", b->number);
    t->dirty = true;
    return EXIT_DONE;
}

static int quiet_act(CommandCtx *c, Txn *t)
{
    Player *pl = &t->b->pl[t->player];
    pl->quiet = str_ieq(c->argv[3], "on");
    buf_printf(&c->reply, "Quiet is %s: %s\n", pl->quiet ? "on" : "off",
               pl->quiet ? "you get sheets only for your own turns" : "you get a sheet for every turn");
    t->dirty = true;
    return EXIT_DONE;
}

static int chat_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    int p = t->player;
    Err err;
    if (!c->req->body || !*c->req->body) {
        buf_add(&c->reply, "chat sends the mail body: there was none\n");
        return EXIT_REFUSED;
    }
    char *body = xstrdup(c->req->body);
    if (c->argc > 3) { /* to USERID...: a private message */
        int rc = chat_private(c, t, body);
        free(body);
        return rc;
    }
    char subj[128];
    snprintf(subj, sizeof subj, "Genetess chat %d %s", b->number, b->pl[p].id);
    char *msg = xasprintf("From %s on Genetess board %d:\n\n%s", b->pl[p].id, b->number, body);
    free(body);
    for (int i = 0; i < b->np; i++) {
        User u;
        if (users_find(&c->st, b->pl[i].id, &u, &err) == 0) {
            mail_add(&c->mq, u.address, subj, msg, &err);
            users_free(&u);
        }
    }
    free(msg);
    buf_printf(&c->reply, "Your message was sent to the %d players of board %d.\n", b->np, b->number);
    return EXIT_DONE;
}

static int log_act(CommandCtx *c, Txn *t)
{
    if (history_load_reply(&c->st, t->b, &c->reply) < 0)
        return EXIT_SYSTEM;
    view_log(t->b, t->player, &c->reply);
    return EXIT_DONE;
}

/* ---- the commands ---- */

/* What a player's command on their board does around its act (contract 2). */
#define PLAYER_TXN (TXN_TIME | TXN_PLAYER | TXN_RUNNING | TXN_SAVES | TXN_SHEETS | TXN_REPLY_SHEET)

int play_move(CommandCtx *c)
{
    return pipeline_one_board(c, PLAYER_TXN, move_act);
}

int play_queue(CommandCtx *c)
{
    return pipeline_one_board(c, PLAYER_TXN, queue_act);
}

int play_resign(CommandCtx *c)
{
    return pipeline_one_board(c, PLAYER_TXN, resign_act);
}

int play_quiet(CommandCtx *c)
{
    /* A usage error like a wrong argument count: found before any file is read (contract 2). */
    if (!str_ieq(c->argv[3], "on") && !str_ieq(c->argv[3], "off"))
        return pipeline_refuse(c, EXIT_USAGE, "quiet takes on or off");
    return pipeline_one_board(c, PLAYER_TXN, quiet_act);
}

static int options_act(CommandCtx *c, Txn *t)
{
    Player *pl = &t->b->pl[t->player];
    t->dirty = true;
    if (str_ieq(c->argv[3], "html")) {
        pl->plain = !str_ieq(c->argv[4], "on");
        buf_printf(&c->reply, "HTML is %s: your sheet mails are %s\n", pl->plain ? "off" : "on",
                   pl->plain ? "plain text only" : "plain text with the same sheet in HTML");
        return EXIT_DONE;
    }
    pl->lister = str_ieq(c->argv[4], "on");
    buf_printf(&c->reply, "Lister is %s: your sheets %s \"What your pieces can do\"\n", pl->lister ? "on" : "off",
               pl->lister ? "show" : "no longer show");
    return EXIT_DONE;
}

int play_options(CommandCtx *c)
{
    if ((!str_ieq(c->argv[3], "lister") && !str_ieq(c->argv[3], "html")) ||
        (!str_ieq(c->argv[4], "on") && !str_ieq(c->argv[4], "off")))
        return pipeline_refuse(c, EXIT_USAGE, "options takes lister on, lister off, html on or html off");
    return pipeline_one_board(c, PLAYER_TXN, options_act);
}

int play_chat(CommandCtx *c)
{
    int rc = chat_check(c);
    return rc ? rc : pipeline_one_board(c, PLAYER_TXN, chat_act);
}

int play_log(CommandCtx *c)
{
    return pipeline_one_board(c, TXN_TIME | TXN_PLAYER, log_act);
}

/* showas refused at the user's password: the boards it names still have their expired deadlines processed
 * and committed (contract 5); the refusal says nothing of them (their sheets go to the players by mail). */
static void showas_time_only(CommandCtx *c)
{
    for (int i = 2; i < c->argc; i++) {
        Txn t = {.flags = TXN_TIME | TXN_QUIET};
        (void)pipeline_board(c, &t, c->argv[i]);
        pipeline_board_done(&t);
    }
}

int play_showas(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc == 0 && (rc = pipeline_auth_user(c)) != 0)
        showas_time_only(c);
    if (rc)
        return rc;
    rc = EXIT_DONE;
    bool refused = false;
    for (int i = 2; i < c->argc; i++) {
        Txn t = {.flags = TXN_TIME | TXN_MEMBER};
        int r = pipeline_board(c, &t, c->argv[i]);
        if (r == 0) {
            /* a blank line between boards: each sheet itself is byte for byte the one mailed */
            if (c->reply.len)
                buf_add(&c->reply, "\n");
            sheet_current(t.b, t.player, &c->reply);
        }
        pipeline_subject_listed(c, t.b, r, &refused);
        pipeline_board_done(&t);
        if (r)
            rc = r;
    }
    return rc;
}
