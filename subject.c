/* subject: the Subject of every mail the program writes as a record (subject.h, contract 3.4). */
#include "subject.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "store.h"
#include "users.h"
#include "util.h"

/* The Subjects that are the same words every time, by kind (NULL: a kind with arguments, or none). */
static const char *const subject_fixed[] = {
    [SUBJECT_SIGNUP] = "Genetess signup",
    [SUBJECT_GAMES] = "List of Genetess games",
    [SUBJECT_HISTORY] = "Historical List of Genetess games",
    [SUBJECT_HELP] = "Genetess help",
    [SUBJECT_STANDINGS] = "Genetess standings",
    [SUBJECT_RATINGS] = "Genetess ratings",
    [SUBJECT_ERROR] = "Genetess error",
    [SUBJECT_LIST] = "List of games",
};

void subject_format(const Subject *s, char *buf, size_t size)
{
    const char *w = s->word, *sp = *w ? " " : "";
    switch (s->kind) {
    case SUBJECT_BOARD:
        snprintf(buf, size, "%s%sGenetess Board %d%s%s", s->is_nag ? "Nag: " : "", s->is_new ? "New " : "", s->n, sp,
                 w);
        break;
    case SUBJECT_ENDED:
        snprintf(buf, size, "Genetess Board %d ended: %s", s->n, w);
        break;
    case SUBJECT_CHAT:
        snprintf(buf, size, "Genetess chat %d %s", s->n, w);
        break;
    case SUBJECT_INVITATION:
        snprintf(buf, size, "Genetess invitation %d from %s", s->n, w);
        break;
    case SUBJECT_INVITATION_NEWS:
        snprintf(buf, size, "Genetess invitation %d%s%s", s->n, sp, w);
        break;
    case SUBJECT_CONFIRM:
        snprintf(buf, size, "Genetess confirm %s %s", w, s->token);
        break;
    case SUBJECT_USER:
        snprintf(buf, size, "Genetess user %s", w);
        break;
    case SUBJECT_CLEANUP_SKIPPED:
        snprintf(buf, size, "Genetess Cleanup skipped board %d", s->n);
        break;
    case SUBJECT_PASSWORDS:
        snprintf(buf, size, "Genetess: wrong passwords for %s", w);
        break;
    case SUBJECT_MESSAGE:
        snprintf(buf, size, "Genetess message%s%s", *w ? " from " : "", w);
        break;
    case SUBJECT_BOARDS_OF:
        snprintf(buf, size, "Genetess boards of %s", w);
        break;
    default: /* the fixed Subjects; "" for SUBJECT_NONE */
        snprintf(buf, size, "%s", s->kind < sizeof subject_fixed / sizeof subject_fixed[0] && subject_fixed[s->kind]
                                      ? subject_fixed[s->kind] : "");
    }
}

void subject_write(SubjectKind kind, int n, const char *word, char *buf, size_t size)
{
    Subject s = {.kind = kind, .n = n};
    snprintf(s.word, sizeof s.word, "%s", word ? word : "");
    subject_format(&s, buf, size);
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

bool subject_reply_only(const char *text)
{
    StrList w = {0};
    str_split_words(text, &w);
    const char *a = w.n > 1 ? w.v[1] : "";
    int64_t n;
    bool ours = w.n && str_ieq(w.v[0], "genetess"), yes = false;
    if (ours && w.n == 2)
        yes = str_ieq(a, "error") || str_ieq(a, "signup") || str_ieq(a, "message");
    else if (ours && str_ieq(a, "invitation"))
        yes = w.n <= 4 && w.n >= 3 && parse_i64_range(w.v[2], 1, 1000000000, &n);
    else if (ours)
        yes = (w.n == 3 && str_ieq(a, "user")) || (w.n == 4 && str_ieq(a, "message") && str_ieq(w.v[2], "from")) ||
              (w.n == 4 && str_ieq(a, "boards") && str_ieq(w.v[2], "of"));
    else
        yes = w.n == 5 && str_ieq(w.v[0], "genetess:") && str_ieq(a, "wrong") && str_ieq(w.v[2], "passwords");
    sl_free(&w);
    return yes;
}

Subject subject_parse(const char *text)
{
    Subject s = {.kind = SUBJECT_NONE};
    StrList w = {0};
    text += strspn(text, " \t");
    bool nag = strncasecmp(text, "nag:", 4) == 0 && (!text[4] || text[4] == ' ' || text[4] == '\t');
    str_split_words(nag ? text + 4 : text, &w); /* a nag's Subject, as written: the words after "Nag:" */
    int i = w.n && str_ieq(w.v[0], "new") ? 1 : 0;
    bool named = w.n >= i + 3 && str_ieq(w.v[i], "genetess") && store_valid_board_number(w.v[i + 2], &s.n);
    int64_t inv = 0;
    if (named && str_ieq(w.v[i + 1], "board") && !i && w.n >= 4 && str_ieq(w.v[3], "ended:")) {
        s.kind = SUBJECT_ENDED;
        subject_join(&w, 4, s.word);
    } else if (named && str_ieq(w.v[i + 1], "board") && w.n <= i + 4) {
        s.kind = SUBJECT_BOARD;
        s.is_new = i == 1;
        s.is_nag = nag;
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
    if (nag && s.kind != SUBJECT_BOARD) /* "Nag:" is the prefix of a board's Subject only */
        s = (Subject){.kind = SUBJECT_NONE};
    if (s.kind == SUBJECT_NONE)
        s.n = 0;
    return s;
}
