/* chat: private messages. The public chat (every player of the board) is play_chat's; it hands a
 * message with recipients to chat_private after the checks they share (the player, the running board,
 * a mail body). */
#include "chat.h"
#include "layout.h"
#include "users.h"
#include "subject.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int chat_check(CommandCtx *c)
{
    /* A usage error like a wrong argument count: found before any file is read (contract 2). */
    if (c->argc == 3 || (c->argc >= 5 && str_ieq(c->argv[3], "to")))
        return 0;
    return pipeline_usage(c, NULL);
}

/* Why name is not a recipient on board b, into the reply: not a user at all, or not one of b's players. */
static void not_a_player(CommandCtx *c, const Board *b, const char *name)
{
    char q[64];
    User u;
    Err err;
    str_quote(name, q, sizeof q);
    if (!users_valid_id(name) || users_find(&c->st, name, &u, &err) != 0)
        buf_printf(&c->reply, "Nothing was sent: %s is not a Genetess userid\n", q);
    else {
        users_free(&u);
        buf_printf(&c->reply, "Nothing was sent: %s is not playing Genetess board %d\n", q, b->number);
    }
}

/* The players named after "to" into to[] (each once, in the order named); their names, as the board
 * spells them, joined by ", " into names. Returns how many, or -1 (the reason in the reply). */
static int recipients(CommandCtx *c, const Board *b, int *to, Buf *names)
{
    int n = 0;
    for (int i = 4; i < c->argc; i++) {
        int p = board_player_index(b, c->argv[i]);
        if (p < 0) {
            not_a_player(c, b, c->argv[i]);
            return -1;
        }
        bool seen = false;
        for (int k = 0; k < n; k++)
            seen = seen || to[k] == p;
        if (seen)
            continue;
        buf_printf(names, "%s%s", n ? ", " : "", b->pl[p].id);
        to[n++] = p;
    }
    return n;
}

int chat_private(CommandCtx *c, const Txn *t, const char *body)
{
    const Board *b = t->b;
    int *to = xcalloc((size_t)b->np, sizeof *to);
    Buf names;
    buf_init(&names);
    int n = recipients(c, b, to, &names);
    if (n < 0) {
        free(to);
        buf_free(&names);
        return EXIT_REFUSED;
    }
    char subj[128];
    Subject what = {.kind = SUBJECT_CHAT, .n = b->number};
    snprintf(what.word, sizeof what.word, "%s", b->pl[t->player].id);
    subject_format(&what, subj, sizeof subj);
    Buf m;
    buf_init(&m);
    buf_printf(&m, "From %s on Genetess board %d:\nto: %s\n\n%s\n", b->pl[t->player].id, b->number, names.s, body);
    size_t how = m.len; /* how to answer: prose, wrapped as prose (the chat's own lines are the writer's) */
    buf_printf(&m, "(To answer %s alone, reply with your password first: \"yourpassword your text\".)\n",
               b->pl[t->player].id);
    layout_wrap_prose(&m, how);
    char *msg = buf_take(&m);
    for (int k = 0; k < n; k++) {
        User u;
        Err err;
        if (users_find(&c->st, b->pl[to[k]].id, &u, &err) == 0) { /* a bot has no address */
            mail_add(&c->mq, u.address, subj, msg, &err);
            users_free(&u);
        }
    }
    buf_printf(&c->reply, "Your message was sent to %s of board %d only.\n", names.s, b->number);
    free(msg);
    free(to);
    buf_free(&names);
    return EXIT_DONE;
}
