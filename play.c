/* play: the acts of a player on their board — move, queue, resign, quiet, chat — and showas. */
#include "play.h"
#include "users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "boardfile.h"
#include "movelist.h"
#include "chat.h"
#include "queue.h"
#include "submit.h"
#include "turn.h"
#include "orders.h"
#include "layout.h"
#include "lister.h"
#include "sheet.h"
#include "view.h"
#include "subject.h"

/* The lines of prose beside orders that a reply quotes one by one; the rest it counts. */
#define PLAY_PROSE_SHOWN 3

/* True when some word of line is an order's keyword (a "*" before it, punctuation after it aside). */
static bool play_line_has_keyword(const char *line)
{
    StrList w = {0};
    bool found = false;
    str_split_words(line, &w);
    for (int i = 0; i < w.n && !found; i++) {
        char *v = w.v[i] + strspn(w.v[i], "*");
        v[strcspn(v, ",.;:!?")] = '\0';
        found = order_verb(v) >= 0;
    }
    sl_free(&w);
    return found;
}

/* True when word (punctuation after it aside) could be part of an order after its keyword: directions ("N",
 * "nw", "N-W-W"), a square ("Q10"), a stake ("2E"), a place ("1st", "GPC2"), "#k", or GAMBLE's own words. */
static bool play_operand(const char *word)
{
    static const char *const words[] = {"on", "then", "don't", "dont", "don\xe2\x80\x99t", "care", "/", NULL};
    char v[40];
    snprintf(v, sizeof v, "%s", word + strspn(word, "*"));
    v[strcspn(v, ",.;:")] = '\0';
    size_t n = strlen(v), letters = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    size_t digits = strspn(v + letters, "0123456789");
    for (int i = 0; words[i]; i++)
        if (str_ieq(v, words[i]))
            return true;
    return (n && strspn(v, "NESWnesw-") == n) || (letters >= 1 && letters <= 3 && digits && letters + digits == n) ||
           (!letters && digits && (str_ieq(v + digits, "E") || str_ieq(v + digits, "st") || str_ieq(v + digits, "nd") ||
                                   str_ieq(v + digits, "rd") || str_ieq(v + digits, "th"))) ||
           (v[0] == '#' && n > 1 && strspn(v + 1, "0123456789") == n - 1);
}

bool play_line_is_prose(const char *line)
{
    if (play_line_has_keyword(line))
        return false;
    StrList w = {0};
    bool prose = false;
    str_split_words(line, &w);
    for (int i = 0; i < w.n && !prose; i++)
        prose = !play_operand(w.v[i]);
    sl_free(&w);
    return prose;
}

/* The order text of move and queue (contract 4.1): the words after the password; with none, the body's — every
 * non-blank line of a mailed body (the player's own text: Request.body_lines) that holds an order's keyword, as
 * one message's orders joined by " / " (a line without one is named in the reply as not read: prose), else
 * (INPUTFILE) its first non-blank line. When the words gave the orders, the reply names the first non-blank line
 * of a mailed body and how many there are (none is read, none is dropped unsaid). */
static char *play_order_text(CommandCtx *c, int argc, char **argv)
{
    const Request *rq = c->req;
    Buf t;
    buf_init(&t);
    for (int i = 0; i < argc; i++) {
        if (i)
            buf_add(&t, " ");
        buf_add(&t, argv[i]);
    }
    bool words = t.len > 0;
    int lines = 0, orders = 0, keyed = 0, prose = 0;
    char *first = NULL;
    char *body = rq->body ? xstrdup(rq->body) : NULL, *save = NULL;
    for (char *l = body ? strtok_r(body, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save))
        keyed += !words && rq->body_lines && play_line_has_keyword(l);
    free(body);
    body = rq->body ? xstrdup(rq->body) : NULL;
    for (char *l = body ? strtok_r(body, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        str_trim(l);
        if (!*l)
            continue;
        if (!lines++)
            first = l;
        if (words || (lines > 1 && !rq->body_lines))
            continue;
        char q[STR_HEAD_SIZE]; /* the notice fits a line: prose is never wrapped into an orphan word */
        bool is_prose = keyed && play_line_is_prose(l); /* beside orders: said, never an order */
        if (is_prose && prose++ < PLAY_PROSE_SHOWN)
            buf_printf(&c->reply, "Not read as an order (no order keyword): \"%s\"\n", str_quote_head(l, q, sizeof q));
        else if (!is_prose) /* an order, or what looks like the rest of one a mailer wrapped: refused if so */
            buf_printf(&t, "%s%s", orders++ ? " / " : "", l);
    }
    if (prose > PLAY_PROSE_SHOWN)
        buf_printf(&c->reply, "Not read as orders either: %d more lines without an order keyword.\n",
                   prose - PLAY_PROSE_SHOWN);
    if (words && rq->body_lines && lines) {
        char q[64];
        buf_printf(&c->reply, "Not read as orders: the %d line%s of your mail's text (\"%s\"%s): the orders were "
                              "those after your password; send more orders there, joined by \"/\", or only in the "
                              "text.\n", lines, lines == 1 ? "" : "s", str_quote(first, q, 40),
                   lines > 1 ? ", ..." : "");
    }
    free(body);
    return buf_take(&t);
}

/* Strips a trailing "#k" of text and checks it against the board's move number (contract 4.1): 0, or
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
    int now = board_move_number(t->b);
    bool number = h[1] && parse_i64(num, &k) && k >= 1 && k <= 1000000000;
    str_quote(text, q, sizeof q);
    /* contract 4.1, pbmserv's words: the order was received as the board's current move; then the number sent */
    if (!number) {
        buf_printf(&c->reply, "Move %s received without a move number after '#'\n", q);
        buf_printf(&c->reply, "Nothing was done: the move number after '#' must be the current one, #%d.\n", now);
    } else {
        buf_printf(&c->reply, "Move %s received as move #%d\n", q, now);
        if (k < now)
            buf_printf(&c->reply, "Nothing was done: you sent it as move #%lld, but the board has moved on since you "
                                  "read it.\n", (long long)k);
        else
            buf_printf(&c->reply, "Nothing was done: you sent it as move #%lld, which has not come yet.\n",
                       (long long)k);
    }
    return EXIT_REFUSED;
}

/* Refuses an order text over ORDER_TEXT_MAX characters, quoting its first 40: true when refused. */
static bool too_long(CommandCtx *c, const char *text)
{
    char q[44];
    if (strlen(text) <= ORDER_TEXT_MAX)
        return false;
    buf_printf(&c->reply, "Invalid move \"%s...\" entered: too long\n", str_quote(text, q, sizeof q));
    return true;
}

/* Parses the order text of move into l (notices into the reply): 0 or EXIT_REFUSED. */
static int play_parse_move(CommandCtx *c, Txn *t, char *text, OrderList *l)
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
        buf_printf(&c->reply, "Invalid move \"%s\" entered: %s\n", str_quote(text, q, sizeof q), err.msg);
        return EXIT_REFUSED;
    }
    for (int i = 0; i < l->notices.n; i++)
        buf_printf(&c->reply, "%s\n", l->notices.v[i]);
    return 0;
}

/* Says in the reply what the submission did, and takes it for the sender's sheet: its result opens it. */
static int submitted(CommandCtx *c, Txn *t, Submission *s, const StrList *notices)
{
    int rc = EXIT_REFUSED;
    if (s->status != SUBMIT_REFUSED) {
        for (int i = 0; notices && i < notices->n; i++)
            buf_printf(&c->reply, "%s\n", notices->v[i]);
        free(t->result);
        t->result = xstrdup(s->result);
        t->player = s->player;
        t->reader = s->player;
        t->dirty = true;
        rc = s->status == SUBMIT_FAILED ? EXIT_REFUSED : EXIT_DONE;
    }
    buf_printf(&c->reply, "%s\n", s->result);
    if (s->notes.len)
        buf_add(&c->reply, s->notes.s);
    submit_free(s);
    return rc;
}

/* True when the player timed out while this command processed the board's time: their deadline passed
 * before their order came (a Timeout line of theirs among this command's move-list lines). */
static bool timed_out_now(const Txn *t)
{
    const Board *b = t->b;
    MoveRecord r;
    for (int i = t->moves_loaded > b->moves_off ? t->moves_loaded : b->moves_off; i < board_moves_count(b); i++)
        if (movelist_parse(b->moves.v[i - b->moves_off], &r) && r.kind == MOVE_TIMEOUT &&
            movelist_by(&r, b->pl[t->player].id))
            return true;
    return false;
}

static int move_act(CommandCtx *c, Txn *t)
{
    char *text = play_order_text(c, c->argc - 3, c->argv + 3);
    OrderList l = {0};
    int rc = play_parse_move(c, t, text, &l);
    if (rc == 0) {
        Submission s;
        if (timed_out_now(t)) /* say why the order was stored, not run (contract 4.4) */
            buf_add(&c->reply, "Your deadline passed before this order came: you timed out.\n");
        submit_message(&t->g, t->player, &l, &s);
        rc = submitted(c, t, &s, NULL);
    }
    order_list_free(&l);
    free(text);
    return rc;
}

static int qmove_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    char *text = play_order_text(c, c->argc - 3, c->argv + 3); /* no words: the mail's text (contract 4.1) */
    if (!*text) { /* no order text, neither words nor lines: the queue is shown (contract 4.3) */
        free(text);
        queue_say(b, t->player, QUEUE_SHOWN, &c->reply);
        buf_add(&c->reply, "\n");
        return EXIT_DONE;
    }
    OrderList l = {0};
    Err err;
    char q[256];
    int rc = check_move_number(c, t, text);
    bool none = rc == 0 && str_ieq(text, "NONE");
    if (rc == 0 && too_long(c, text))
        rc = EXIT_REFUSED;
    else if (rc == 0 && !none && order_parse_list(b, text, &l, &err) < 0)
        rc = pipeline_refuse(c, EXIT_REFUSED, "Invalid move \"%s\" entered: %s", str_quote(text, q, sizeof q),
                             err.msg);
    if (rc == 0) {
        Submission s;
        submit_store(&t->g, t->player, none ? NULL : &l, &s);
        rc = submitted(c, t, &s, &l.notices);
        t->reader = -1; /* the queue's reply is no order's result */
    }
    order_list_free(&l);
    free(text);
    return rc;
}

static int resign_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    TurnResign why = turn_resign(&t->g, t->player);
    switch (why) {
    case RESIGN_GONE:
        buf_add(&c->reply, "You have already left this game\n");
        return EXIT_REFUSED;
    case RESIGN_DELETE:
    case RESIGN_DELETE_BOTS:
        buf_printf(&c->reply, "You resigned. Genetess board %d was deleted: %s.\n", b->number,
                   why == RESIGN_DELETE ? "fewer than 2 players remain" : "no person remains, only computer opponents");
        t->deleted = true;
        return EXIT_DONE;
    case RESIGN_REMOVED:
        /* the player is gone from the board (the others moved up a seat): no sheet of theirs exists any more,
         * and their index is now another player's, whose sheet must not be replied */
        t->player = -1;
        buf_printf(&c->reply, "You resigned from Genetess board %d; you are no longer in this game.\n", b->number);
        break;
    case RESIGN_DONE: /* said once (contract 3.1): the reply is the sheet due, whose news opens "You resigned." */
        t->reader = t->player;
        break;
    }
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

static int play_chat_act(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    int p = t->player;
    Err err;
    if (!c->req->body || !*c->req->body) {
        buf_add(&c->reply, "chat sends the mail body: there was none\n");
        return EXIT_REFUSED;
    }
    char *body = xstrdup(c->req->body);
    bool own_chat_back = c->req->chat_back && c->argc == 5 && str_ieq(c->argv[4], b->pl[p].id);
    if (c->argc > 3 && !own_chat_back) { /* to USERID...: a private message (one's own chat answered: to all) */
        int rc = chat_private(c, t, body);
        free(body);
        return rc;
    }
    char subj[128];
    Subject what = {.kind = SUBJECT_CHAT, .n = b->number};
    snprintf(what.word, sizeof what.word, "%s", b->pl[p].id);
    subject_format(&what, subj, sizeof subj);
    Buf msg;
    buf_init(&msg);
    buf_printf(&msg, "From %s on Genetess board %d:\n\n%s\n", b->pl[p].id, b->number, body);
    size_t how = msg.len; /* how to answer: prose, wrapped as prose (the chat's own lines are the writer's) */
    buf_printf(&msg, "(To answer %s alone, reply with your password first: \"yourpassword your text\"; to write to "
                     "everyone, send \"chat %d <userid> <password>\".)\n", b->pl[p].id, b->number);
    layout_wrap_prose(&msg, how);
    for (int i = 0; i < b->np; i++) {
        User u;
        if (i != p && users_find(&c->st, b->pl[i].id, &u, &err) == 0) { /* the sender's copy is their reply */
            mail_add(&c->mq, u.address, subj, msg.s, &err);
            users_free(&u);
        }
    }
    buf_free(&msg);
    buf_printf(&c->reply, "Your message was sent to the other %d player%s of board %d:\n\n%s", b->np - 1,
               b->np == 2 ? "" : "s", b->number, body);
    free(body);
    return EXIT_DONE;
}

static int log_act(CommandCtx *c, Txn *t)
{
    if (movelist_load_reply(&c->st, t->b, &c->reply) < 0)
        return EXIT_SYSTEM;
    view_log(t->b, t->player, &c->reply);
    return EXIT_DONE;
}

static int play_map_act(CommandCtx *c, Txn *t)
{
    view_map(t->b, t->player, NULL, &c->reply);
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
    return pipeline_one_board(c, PLAYER_TXN, qmove_act);
}

int play_resign(CommandCtx *c)
{
    return pipeline_one_board(c, PLAYER_TXN, resign_act);
}

int play_quiet(CommandCtx *c)
{
    /* A usage error like a wrong argument count: found before any file is read (contract 2). */
    if (!str_ieq(c->argv[3], "on") && !str_ieq(c->argv[3], "off"))
        return pipeline_usage(c, "quiet takes on or off");
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

static int play_orders_act(CommandCtx *c, Txn *t)
{
    const Board *b = t->b;
    int sq = -1;
    Err err;
    if (c->argc > 3 && board_parse_sq(b, c->argv[3], &sq, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    const Piece *p = sq >= 0 ? board_piece_at(b, sq) : NULL;
    if (sq >= 0 && (!p || !board_controls(b, t->player, p))) /* another's phased piece: the same words */
        return pipeline_refuse(c, EXIT_REFUSED, "No piece of yours on %s.", c->argv[3]);
    char nm[16];
    if (sq >= 0) /* in the second person, as every text about its reader (contract 8) */
        buf_printf(&c->reply, "Genetess board %d: what your piece on %s can do\n\n", b->number,
                   board_sq_name(b, sq, nm));
    else
        buf_printf(&c->reply, "Genetess board %d: what your pieces can do\n\n", b->number);
    lister_render(b, t->player, sq, &c->reply);
    return EXIT_DONE;
}

int play_orders(CommandCtx *c)
{
    return pipeline_one_board(c, TXN_TIME | TXN_PLAYER | TXN_RUNNING | TXN_SAVES | TXN_SHEETS, play_orders_act);
}

int play_options(CommandCtx *c)
{
    if ((!str_ieq(c->argv[3], "lister") && !str_ieq(c->argv[3], "html")) ||
        (!str_ieq(c->argv[4], "on") && !str_ieq(c->argv[4], "off")))
        return pipeline_usage(c, "options takes lister on, lister off, html on or html off");
    return pipeline_one_board(c, PLAYER_TXN, options_act);
}

int play_chat(CommandCtx *c)
{
    int rc = chat_check(c);
    /* one mail per command per person (contract 3.1): the reply is the sender's copy, without their sheet */
    return rc ? rc : pipeline_one_board(c, PLAYER_TXN & ~TXN_REPLY_SHEET, play_chat_act);
}

int play_log(CommandCtx *c)
{
    return pipeline_one_board(c, TXN_TIME | TXN_PLAYER, log_act);
}

int play_map(CommandCtx *c)
{
    return pipeline_one_board(c, TXN_TIME | TXN_PLAYER, play_map_act);
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
    if (c->argc - 2 > COMMAND_BOARDS_MAX) /* contract 15: the work of one command is bounded */
        return pipeline_usage(c, "at most %d boards", COMMAND_BOARDS_MAX);
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
            sheet_current(t.b, t.player, c->now, &c->reply, NULL);
        }
        pipeline_subject_listed(c, t.b, r, &refused);
        pipeline_board_done(&t);
        if (r)
            rc = r;
    }
    return rc;
}
