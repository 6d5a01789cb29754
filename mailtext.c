/* mailtext: the player's own text in a mail body (mailtext.h; contract 2.1). */
#include "mailtext.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* ---- format=flowed (RFC 3676) ---- */

/* The quote depth of the line at l (n bytes): its leading '>' marks. */
static size_t mailtext_depth(const char *l, size_t n)
{
    size_t d = 0;
    while (d < n && l[d] == '>')
        d++;
    return d;
}

char *mailtext_unflow(const char *s, bool delsp)
{
    Buf out;
    buf_init(&out);
    bool open = false; /* the last line written was flowed: the next one of its depth runs on */
    size_t open_depth = 0;
    for (const char *l = s; *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        size_t d = mailtext_depth(l, n);
        const char *t = l + d;
        size_t k = n - d;
        if (k && *t == ' ') /* space-stuffed (or the space after the quote marks) */
            t++, k--;
        bool sig = k == 3 && memcmp(t, "-- ", 3) == 0;
        bool flowed = k && t[k - 1] == ' ' && !sig;
        if (open && d != open_depth)
            buf_add(&out, "\n"); /* a quote depth change ends a paragraph (RFC 3676 4.5) */
        if (!open || d != open_depth) {
            for (size_t i = 0; i < d; i++)
                buf_add(&out, ">");
            if (d)
                buf_add(&out, " ");
        }
        buf_addn(&out, t, flowed && delsp ? k - 1 : k);
        open = flowed;
        open_depth = d;
        if (!open)
            buf_add(&out, "\n");
        if (!nl)
            break;
        l = nl + 1;
    }
    if (open)
        buf_add(&out, "\n");
    return out.s ? buf_take(&out) : xstrdup("");
}

/* ---- the player's lines ---- */

typedef struct Line {
    char *s;
    size_t n; /* without the line break and the trailing white space */
} Line;

static bool mailtext_blank(const Line *l)
{
    return l->n == 0;
}

static bool mailtext_quoted(const Line *l)
{
    return l->n && l->s[0] == '>';
}

/* The line without its leading white space starts with word (any case). */
static bool mailtext_starts(const Line *l, const char *word)
{
    const char *p = l->s;
    size_t n = l->n;
    while (n && (*p == ' ' || *p == '\t'))
        p++, n--;
    size_t w = strlen(word);
    return n >= w && strncasecmp(p, word, w) == 0;
}

/* A signature delimiter ("-- "; "--" when a mailer trimmed it: the trailing white space is gone already). */
static bool mailtext_signature(const Line *l)
{
    return l->n == 2 && memcmp(l->s, "--", 2) == 0;
}

/* The line is a header line of one of names: the name (any case), white space, ':' (French writes "De :"). */
static bool mailtext_header(const Line *l, const char *const names[])
{
    for (int k = 0; names[k]; k++) {
        if (!mailtext_starts(l, names[k]))
            continue;
        const char *p = l->s + strspn(l->s, " \t") + strlen(names[k]), *end = l->s + l->n;
        while (p < end && *p == ' ')
            p++;
        if (p < end && *p == ':')
            return true;
    }
    return false;
}

/* The header line of an original that a client quotes or forwards below the reply (Outlook: "From: ..."). */
static bool mailtext_header_from(const Line *l)
{
    static const char *const names[] = {"From", "Von", "De", "Da", "Van", "Fra", NULL};
    return mailtext_header(l, names);
}

static bool mailtext_header_sent(const Line *l)
{
    static const char *const names[] = {"Sent", "Date", "Gesendet", "Envoyé", "Envoye", "Enviado", "Enviado el",
                                        "Inviato", "Verzonden", "Sendt", "Datum", "Fecha", "Data", NULL};
    return mailtext_header(l, names);
}

/* The lines of a text, with what a scan ahead of a line needs found once: so the player's lines are read in time
 * linear in the text, whatever it holds (contract 15.2: each line looked at a bounded number of times). */
typedef struct Text {
    Line *v;
    size_t n;
    size_t *next; /* next[i]: the index of the next non-blank line after i (n: none) */
    size_t steps; /* the lines looked at so far (mailtext_player_counted) */
} Text;

/* Line i of t, counted as looked at. */
static const Line *mailtext_line(Text *t, size_t i)
{
    t->steps++;
    return &t->v[i];
}

/* The index of the next non-blank line after i (t->n: none), counted as one line looked at. */
static size_t mailtext_next(Text *t, size_t i)
{
    t->steps++;
    return t->next[i];
}

/* True when line i starts a forwarded or quoted original: everything from it on is not the player's. */
static bool mailtext_original(Text *t, size_t i)
{
    static const char *const marks[] = {"-----Original Message-----", "----- Original Message -----",
                                        "-----Ursprüngliche Nachricht-----", "-----Message d'origine-----",
                                        "---------- Forwarded message", "Begin forwarded message:",
                                        "Anfang der weitergeleiteten Nachricht:", "-------- Forwarded Message",
                                        "-------- Original Message"};
    const Line *l = mailtext_line(t, i);
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (mailtext_starts(l, marks[k]))
            return true;
    size_t j = mailtext_next(t, i);
    if (mailtext_header_from(l))
        return j < t->n && mailtext_header_sent(mailtext_line(t, j));
    if (l->n >= 10 && strspn(l->s, "_") == l->n) /* Outlook's rule above the original's header */
        return j < t->n && mailtext_header_from(mailtext_line(t, j));
    return false;
}

/* A mail client's footer line ("Sent from my iPhone"). */
static bool mailtext_footer(const Line *l)
{
    static const char *const marks[] = {"Sent from my ", "Sent from Mail for Windows", "Get Outlook for ",
                                        "Sent from Yahoo Mail", "Sent with Proton Mail", "Sent from Outlook",
                                        "Von meinem ", "Envoyé de mon ", "Enviado desde mi ", "Inviato da ",
                                        "Verstuurd vanaf mijn ", "Skickat från min "};
    if (l->n > 60)
        return false;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (mailtext_starts(l, marks[k]))
            return true;
    return false;
}

/* True when line i (not blank, not quoted) is how an attribution line opens, for one a client wrapped onto two
 * lines: "On <date> ...", "Am <date> ...", "Le <date> ...", with a digit in it. */
static bool mailtext_attribution_opens(const Line *l)
{
    static const char *const opens[] = {"On ", "Am ", "Le ", "El ", "Il ", "Op ", "Den ", "Em ", "W dniu ", "Dne "};
    bool digit = false;
    for (size_t k = 0; k < l->n && !digit; k++)
        digit = isdigit((unsigned char)l->s[k]);
    for (size_t k = 0; digit && k < sizeof opens / sizeof opens[0]; k++)
        if (mailtext_starts(l, opens[k]))
            return true;
    return false;
}

/* The lines of text into t (t->v and t->next malloc'd), each line looked at once more to find the next non-blank
 * lines, from the last back. */
static void mailtext_lines(char *text, Text *t)
{
    size_t n = 0, cap = 16;
    Line *v = xmalloc(cap * sizeof *v);
    for (char *l = text; *l;) {
        char *nl = strchr(l, '\n');
        size_t k = nl ? (size_t)(nl - l) : strlen(l);
        if (n == cap)
            v = xrealloc(v, (cap *= 2) * sizeof *v);
        size_t e = k;
        while (e && isspace((unsigned char)l[e - 1]))
            e--;
        v[n++] = (Line){l, e};
        if (!nl)
            break;
        l = nl + 1;
    }
    *t = (Text){.v = v, .n = n, .next = xmalloc((n + 1) * sizeof *t->next), .steps = n};
    for (size_t i = n, after = n; i-- > 0;) { /* after: the first non-blank line after i */
        t->next[i] = after;
        if (!mailtext_blank(mailtext_line(t, i)))
            after = i;
    }
}

char *mailtext_player_counted(char *text, size_t *steps)
{
    bool last_open = *text && text[strlen(text) - 1] != '\n'; /* a last line without a break stays without */
    Text t;
    mailtext_lines(text, &t);
    size_t n = t.n, end = n;
    for (size_t i = 0; i < n && end == n; i++)
        if (mailtext_signature(mailtext_line(&t, i)) || (!mailtext_quoted(&t.v[i]) && mailtext_original(&t, i)))
            end = i;
    bool *drop = xcalloc(n + 1, sizeof *drop);
    for (size_t i = 0; i < end; i++) {
        const Line *l = mailtext_line(&t, i);
        if (mailtext_quoted(l) || mailtext_footer(l)) {
            drop[i] = true;
            continue;
        }
        if (mailtext_blank(l) || l->s[l->n - 1] != ':')
            continue;
        size_t j = mailtext_next(&t, i);
        if (j >= end || !mailtext_quoted(mailtext_line(&t, j)))
            continue;
        drop[i] = true; /* the attribution line above a quote */
        const Line *above = i > 0 ? mailtext_line(&t, i - 1) : NULL;
        if (above && !mailtext_blank(above) && !mailtext_quoted(above) && !drop[i - 1] &&
            !mailtext_attribution_opens(l) && mailtext_attribution_opens(above))
            drop[i - 1] = true; /* its first half, when a client wrapped it */
    }
    size_t k = 0;
    for (size_t i = 0; i < end; i++) {
        const Line *l = mailtext_line(&t, i);
        if (drop[i] || (k == 0 && mailtext_blank(l))) /* blank lines before the first are not text */
            continue;
        memmove(text + k, l->s, l->n);
        k += l->n;
        if (!(last_open && i == n - 1)) /* the text never grows */
            text[k++] = '\n';
    }
    free(drop);
    free(t.next);
    free(t.v);
    while (k && text[k - 1] == '\n' && (k == 1 || text[k - 2] == '\n'))
        k--;
    text[k] = '\0';
    if (k == 1 && text[0] == '\n')
        text[0] = '\0';
    if (steps)
        *steps = t.steps;
    return text;
}

char *mailtext_player(char *text)
{
    return mailtext_player_counted(text, NULL);
}
