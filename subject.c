/* subject: the Subject of the program's game mails as a record (subject.h, contract 3.4). */
#include "subject.h"

#include <stdio.h>
#include <string.h>

#include "store.h"
#include "users.h"
#include "util.h"

void subject_format(const Subject *s, char *buf, size_t size)
{
    switch (s->kind) {
    case SUBJECT_BOARD:
        snprintf(buf, size, "%sGenetess Board %d%s%s", s->is_new ? "New " : "", s->n, *s->word ? " " : "", s->word);
        break;
    case SUBJECT_ENDED:
        snprintf(buf, size, "Genetess Board %d ended: %s", s->n, s->word);
        break;
    case SUBJECT_CHAT:
        snprintf(buf, size, "Genetess chat %d %s", s->n, s->word);
        break;
    case SUBJECT_INVITATION:
        snprintf(buf, size, "Genetess invitation %d from %s", s->n, s->word);
        break;
    default:
        snprintf(buf, size, "%s", "");
    }
}

/* The words from..w->n-1 of w, one space between, into word. */
static void subject_join(const StrList *w, int from, char *word)
{
    Buf b;
    buf_init(&b);
    for (int k = from; k < w->n; k++)
        buf_printf(&b, "%s%s", k > from ? " " : "", w->v[k]);
    snprintf(word, SUBJECT_WORD_MAX, "%s", b.len ? b.s : "");
    buf_free(&b);
}

Subject subject_parse(const char *text)
{
    Subject s = {.kind = SUBJECT_NONE};
    StrList w = {0};
    str_split_words(text, &w);
    int i = w.n && str_ieq(w.v[0], "new") ? 1 : 0;
    bool named = w.n >= i + 3 && str_ieq(w.v[i], "genetess") && store_valid_board_number(w.v[i + 2], &s.n);
    int64_t inv = 0;
    if (named && str_ieq(w.v[i + 1], "board") && !i && w.n >= 4 && str_ieq(w.v[3], "ended:")) {
        s.kind = SUBJECT_ENDED;
        subject_join(&w, 4, s.word);
    } else if (named && str_ieq(w.v[i + 1], "board") && w.n <= i + 4) {
        s.kind = SUBJECT_BOARD;
        s.is_new = i == 1;
        subject_join(&w, i + 3, s.word);
    } else if (named && !i && str_ieq(w.v[1], "chat") && w.n == 4 && users_valid_id(w.v[3])) {
        s.kind = SUBJECT_CHAT;
        subject_join(&w, 3, s.word);
    } else if (!i && w.n == 5 && str_ieq(w.v[0], "genetess") && str_ieq(w.v[1], "invitation") &&
               parse_i64_range(w.v[2], 1, 1000000000, &inv) && str_ieq(w.v[3], "from")) {
        s.kind = SUBJECT_INVITATION;
        s.n = (int)inv;
        subject_join(&w, 4, s.word);
    }
    sl_free(&w);
    if (s.kind == SUBJECT_NONE)
        s.n = 0;
    return s;
}
