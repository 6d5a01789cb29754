/* view: the texts players read — the turnsheet (SPEC 9.1), `show` (SPEC 9.3), the nag mail; pure rendering. */
#include "view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "listing.h"
#include "sight.h"
#include "specials.h"

/* Text lines are wrapped to this width; no line of a sheet exceeds 80 columns (SPEC 9.1). */
#define WRAP 78
/* Board strips are at most this many columns wide (SPEC 9.1). */
#define STRIP_MAX 36

/* ---- text helpers ---- */

/* Appends text word-wrapped to WRAP columns: the first line starts with prefix, the others with indent
 * spaces. Spaces between words are kept, except where a line breaks; a newline in text starts a new
 * (indented) line; a word too long for a line is cut. Control characters are written as spaces. */
static void wrap(Buf *out, const char *prefix, int indent, const char *text)
{
    int col = (int)strlen(prefix);
    bool empty = true; /* nothing after the prefix/indent on this line yet */
    buf_add(out, prefix);
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            buf_printf(out, "\n%*s", indent, "");
            col = indent;
            empty = true;
            p++;
            continue;
        }
        int gap = 0;
        while (*p && *p != '\n' && ((unsigned char)*p <= ' ' || *p == 0x7f))
            gap++, p++;
        if (!*p || *p == '\n')
            continue;
        size_t wl = 0;
        while (p[wl] && (unsigned char)p[wl] > ' ' && p[wl] != 0x7f)
            wl++;
        if (!empty && col + gap + (int)wl > WRAP) {
            buf_printf(out, "\n%*s", indent, "");
            col = indent;
            empty = true;
        }
        if (!empty) {
            buf_printf(out, "%*s", gap, "");
            col += gap;
        }
        while ((int)wl > WRAP - col && WRAP - col > 0) {
            size_t k = (size_t)(WRAP - col);
            buf_addn(out, p, k);
            p += k;
            wl -= k;
            buf_printf(out, "\n%*s", indent, "");
            col = indent;
        }
        buf_addn(out, p, wl);
        col += (int)wl;
        p += wl;
        empty = false;
    }
    buf_add(out, "\n");
}

/* The game name: underscores shown as spaces (SPEC 2.4). */
static void game_title(const Board *b, Buf *out)
{
    char title[sizeof b->par.name + 40];
    int n = snprintf(title, sizeof title, "Genetess board %d", b->number);
    if (b->par.name[0]) {
        snprintf(title + n, sizeof title - (size_t)n, ": %s", b->par.name);
        for (char *p = title + n; *p; p++)
            if (*p == '_')
                *p = ' ';
    }
    wrap(out, "", 4, title);
}

static const char *ordinal_suffix(int n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* The map letter of a player (help: board symbols): a..n, p..z for players 1..25 in players order
 * (o is the orphans'), % for a 26th player. */
static char player_letter(int i)
{
    if (i < 0)
        return '?';
    if (i < 14)
        return (char)('a' + i);
    if (i < 25)
        return (char)('a' + i + 1);
    return '%';
}

/* "eliminated (ronin)" when an eliminated player still has P pieces. */
static const char *status_text(const Board *b, int i)
{
    if (b->pl[i].status == PS_ELIMINATED && board_player_has_turns(b, i))
        return "eliminated (ronin)";
    return board_status_name[b->pl[i].status];
}

/* Round 0: whether the player has sent every gamble the game asks for (SPEC 7.1). */
static bool gambles_done(const Board *b, int i)
{
    const Player *pl = &b->pl[i];
    bool pos = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_POSITION;
    bool ord = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_ORDER;
    return (!pos || pl->gamble[GAMBLE_POS].set) && (!ord || pl->gamble[GAMBLE_ORD].set);
}

/* The round/turn line, whose move, and the deadline (shared by the sheet and view_show_public). */
static void turn_lines(const Board *b, Buf *out)
{
    char label[16], when[64];
    if (b->phase == PHASE_ENDED) {
        buf_printf(out, "The game has ended (move #%d).\n", board_move_number(b));
        if (b->result[0])
            wrap(out, "Result: ", 4, b->result);
        return;
    }
    if (b->phase == PHASE_ROUND0) {
        buf_printf(out, "Round 0 (simultaneous), Move #%d\n", board_move_number(b));
        Buf ids;
        buf_init(&ids);
        for (int i = 0; i < b->np; i++)
            if (b->pl[i].status == PS_ACTIVE && !gambles_done(b, i))
                buf_printf(&ids, "%s%s", ids.len ? ", " : "", b->pl[i].id);
        if (ids.len)
            wrap(out, "Round 0: waiting for gambles from ", 4, ids.s);
        else
            buf_add(out, "Round 0: every gamble is in.\n");
        buf_free(&ids);
    } else {
        buf_printf(out, "Round %d, turn %s, Move #%d\n", b->round, board_turn_label(b, label), board_move_number(b));
        if (b->np > 0)
            buf_printf(out, "To move: %s\n", b->pl[b->seat].id);
    }
    if (b->clock.deadline > 0)
        buf_printf(out, "Deadline: %s\n", fmt_time(b->clock.deadline, when, sizeof when));
    else
        buf_add(out, "Deadline: none (suspended)\n");
    if (b->clock.holiday_since > 0 && b->np > 0)
        buf_printf(out, "The game is suspended: %s is on holiday.\n", b->pl[b->seat].id);
}

/* ---- the board picture ---- */

/* Who looks at the board: a player through their view map, or everyone after the end (reader -1). */
typedef struct Viewer {
    const Board *b;
    int reader;
    const uint8_t *m;   /* the reader's view (NULL when reader is -1) */
    bool round0;        /* terrain and start squares only */
    uint8_t *special;   /* w*h: 1 where a special stands (see viewer_init) */
} Viewer;

static void viewer_init(Viewer *v, const Board *b, int reader, const uint8_t *m)
{
    *v = (Viewer){.b = b, .reader = reader, .m = m, .round0 = reader >= 0 && b->phase == PHASE_ROUND0};
    v->special = xcalloc((size_t)b->w * (size_t)b->h, 1);
    for (int i = 0; i < b->nsp; i++)
        v->special[b->sp[i].sq] = 1;
}

static bool seen(const Viewer *v, int sq)
{
    return v->reader < 0 || (v->m[sq] & SIGHT_SEEN);
}

/* The reader's own piece: one they control (ronin included). Orphans belong to nobody, not even their
 * former owner (SPEC 5: orphans show as orphans, their sequence only when decoded). */
static bool own_piece(const Viewer *v, const Piece *p)
{
    return v->reader >= 0 && board_controls(v->b, v->reader, p);
}

/* SPEC 5: pieces in seen squares, except phased pieces not the reader's own (never shown); none in
 * round 0. */
static bool piece_shown(const Viewer *v, const Piece *p)
{
    if (v->reader < 0)
        return true;
    if (v->round0 || !seen(v, p->sq))
        return false;
    return !p->g.phased || own_piece(v, p);
}

static char piece_symbol(const Viewer *v, const Piece *p)
{
    if (board_is_orphan(v->b, p))
        return 'o';
    if (own_piece(v, p))
        return '@';
    return player_letter(p->owner);
}

/* A reveal of another player's piece drawn on a square the reader does not see now (the latest one). */
static const Reveal *reveal_at(const Viewer *v, int sq)
{
    if (v->reader < 0 || v->round0 || seen(v, sq))
        return NULL;
    const Player *pl = &v->b->pl[v->reader];
    for (int k = pl->nreveals - 1; k >= 0; k--)
        if (pl->reveals[k].sq == sq && pl->reveals[k].owner != v->reader)
            return &pl->reveals[k];
    return NULL;
}

static const Start *start_at(const Board *b, int sq)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].sq == sq)
            return &b->st[i];
    return NULL;
}

/* The symbol of one square (help: board symbols). */
static char cell(const Viewer *v, int sq)
{
    const Board *b = v->b;
    char ter = b->ter[sq];
    if (!seen(v, sq)) {
        const Reveal *rv = reveal_at(v, sq);
        return rv ? (rv->owner == REVEAL_ORPHAN ? 'o' : player_letter(rv->owner)) : ' ';
    }
    if (v->round0) {
        const Start *st = ter == TER_FLOOR ? start_at(b, sq) : NULL;
        if (st)
            return st->label <= 9 ? (char)('0' + st->label) : 'G';
        return ter;
    }
    const Piece *p = board_piece_at(b, sq);
    if (p && piece_shown(v, p))
        return piece_symbol(v, p);
    if (ter == TER_FLOOR && v->special[sq])
        return '*';
    return ter;
}

/* Whether the square belongs in the picture: something is drawn there. */
static bool drawn(const Viewer *v, int sq)
{
    if (seen(v, sq))
        return v->b->ter[sq] != TER_OUTSIDE;
    return reveal_at(v, sq) != NULL;
}

/* One header line of a strip: which = 0 the first letters of two-letter column names (blank for
 * single-letter columns), 1 the last letters. */
static void header_line(Buf *out, int rw, int c0, int c1, int which)
{
    Buf line;
    buf_init(&line);
    buf_printf(&line, "%*s ", rw, "");
    for (int c = c0; c <= c1; c++) {
        char nm[8];
        grid_col_name(c, nm);
        size_t n = strlen(nm);
        char ch = which == 1 ? nm[n - 1] : n >= 2 ? nm[n - 2] : ' ';
        buf_printf(&line, "%s%c", c > c0 ? " " : "", ch);
    }
    while (line.len && line.s[line.len - 1] == ' ')
        line.s[--line.len] = '\0';
    buf_add(out, line.s);
    buf_add(out, "\n");
    buf_free(&line);
}

/* Draws the smallest rectangle holding every drawn square, in strips of at most STRIP_MAX columns of
 * equal width. Each strip has its column headers above and below and row numbers on both sides.
 * Cells are one character with a space between them; a two-letter column name (AA..ZZ) is written
 * as two stacked header lines, first letter above, so a 36-column strip is at most 79 columns wide.
 * Returns false (drawing nothing) when nothing is drawn. */
static bool draw_board(const Viewer *v, Buf *out)
{
    const Board *b = v->b;
    int c0 = b->w, c1 = -1, r0 = b->h, r1 = -1;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            if (drawn(v, board_sq(b, c, r))) {
                if (c < c0) c0 = c;
                if (c > c1) c1 = c;
                if (r < r0) r0 = r;
                if (r > r1) r1 = r;
            }
    if (c1 < 0)
        return false;
    int width = c1 - c0 + 1;
    int nstrips = (width + STRIP_MAX - 1) / STRIP_MAX;
    int sw = (width + nstrips - 1) / nstrips;
    int rw = snprintf(NULL, 0, "%d", r1 + 1);
    for (int a = c0; a <= c1; a += sw) {
        int e = a + sw - 1 > c1 ? c1 : a + sw - 1;
        bool two = e >= 26; /* some column of the strip has a two-letter name */
        if (a > c0)
            buf_add(out, "\n");
        if (two)
            header_line(out, rw, a, e, 0);
        header_line(out, rw, a, e, 1);
        for (int r = r0; r <= r1; r++) {
            buf_printf(out, "%*d ", rw, r + 1);
            for (int c = a; c <= e; c++)
                buf_printf(out, "%s%c", c > a ? " " : "", cell(v, board_sq(b, c, r)));
            buf_printf(out, " %d\n", r + 1);
        }
        if (two)
            header_line(out, rw, a, e, 0);
        header_line(out, rw, a, e, 1);
    }
    return true;
}

/* ---- legend ---- */

static int owner_width(const Board *b)
{
    int w = 6; /* "orphan" */
    for (int i = 0; i < b->np; i++) {
        int n = (int)strlen(b->pl[i].id);
        if (n > w)
            w = n;
    }
    return w;
}

/* One legend line: square, owner, then text wrapped under itself. */
static void legend_line(Buf *out, int ow, const char *sq, const char *owner, const char *text)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "  %-5s %-*s  ", sq, ow, owner);
    wrap(out, prefix, (int)strlen(prefix), text);
}

static int cmp_special(const void *x, const void *y)
{
    const Special *a = *(const Special *const *)x, *c = *(const Special *const *)y;
    return (a->sq > c->sq) - (a->sq < c->sq);
}

/* Specials on drawn squares in reading order; returns the count, *out malloc'd. */
static int visible_specials(const Viewer *v, const Special ***out)
{
    const Board *b = v->b;
    const Special **s = xmalloc(sizeof *s * (size_t)(b->nsp ? b->nsp : 1));
    int n = 0;
    if (!v->round0)
        for (int i = 0; i < b->nsp; i++)
            if (seen(v, b->sp[i].sq))
                s[n++] = &b->sp[i];
    qsort(s, (size_t)n, sizeof *s, cmp_special);
    *out = s;
    return n;
}

/* Round 0's legend: the start squares. */
static void legend_starts(const Board *b, Buf *out)
{
    char nm[16];
    Buf t;
    buf_init(&t);
    for (int i = 0; i < b->nst; i++)
        buf_printf(&t, "%sGPC%d %s", i ? ", " : "", b->st[i].label, board_sq_name(b, b->st[i].sq, nm));
    wrap(out, "Start squares (1-9 on the map; G from GPC10): ", 4, t.len ? t.s : "none");
    buf_free(&t);
}

/* Legend lines of the pieces shown, under one "Pieces:" heading; returns how many. */
static int legend_pieces(const Viewer *v, int ow, Buf *out)
{
    const Board *b = v->b;
    char nm[16];
    int *sqs;
    int n = board_piece_squares(b, &sqs), shown = 0;
    for (int i = 0; i < n; i++) {
        const Piece *p = board_piece_at(b, sqs[i]);
        if (!piece_shown(v, p))
            continue;
        if (!shown++)
            buf_add(out, "Pieces:\n");
        bool orphan = board_is_orphan(b, p);
        const char *owner = v->reader >= 0 && orphan ? "orphan" : b->pl[p->owner].id;
        char *seq = NULL;
        if (v->reader < 0 || own_piece(v, p))
            seq = piece_str(&p->g, true); /* own pieces in full, markers included */
        else if (v->m[p->sq] & SIGHT_DECODE)
            seq = piece_str(&p->g, true); /* decoded: as in the board file (SPEC 9.1); never phased here, so at most u */
        char *text = xasprintf("%s%s", seq ? seq : "?", v->reader < 0 && orphan ? "  (orphan)" : "");
        legend_line(out, ow, board_sq_name(b, p->sq, nm), owner, text);
        free(text);
        free(seq);
    }
    free(sqs);
    return shown;
}

/* Legend lines of the reveals drawn, continuing legend_pieces' list (shown lines so far); returns the total. */
static int legend_reveals(const Viewer *v, int ow, int shown, Buf *out)
{
    const Board *b = v->b;
    char nm[16];
    if (v->reader < 0)
        return shown;
    const Player *pl = &b->pl[v->reader];
    for (int k = 0; k < pl->nreveals; k++) {
        const Reveal *rv = &pl->reveals[k];
        if (reveal_at(v, rv->sq) != rv)
            continue;
        if (!shown++)
            buf_add(out, "Pieces:\n");
        char *text = xasprintf("%s  (seen at %s)", rv->seq, rv->label);
        legend_line(out, ow, board_sq_name(b, rv->sq, nm), rv->owner >= 0 ? b->pl[rv->owner].id : "orphan", text);
        free(text);
    }
    return shown;
}

/* Legend lines of the specials in view, under a "Specials:" heading; returns how many. */
static int legend_specials(const Viewer *v, Buf *out)
{
    const Board *b = v->b;
    char nm[16];
    const Special **sp;
    int ns = visible_specials(v, &sp);
    if (ns)
        buf_add(out, "Specials:\n");
    for (int i = 0; i < ns; i++) {
        const Special *s = sp[i];
        const SpecialInfo *si = special_info(s->code);
        char code[8];
        snprintf(code, sizeof code, "S%d", s->code);
        const char *text = s->text && s->text[0] ? s->text : si ? si->name : "";
        char *params = v->reader < 0 ? special_params_text(b->w, s) : xstrdup("");
        char *full = xasprintf("%s%s%s%s", params, params[0] ? "  " : "", text,
                               b->ter[s->sq] != TER_FLOOR ? " (under a wall)" : "");
        free(params);
        char prefix[32];
        snprintf(prefix, sizeof prefix, "  %-5s %-4s ", board_sq_name(b, s->sq, nm), code);
        wrap(out, prefix, (int)strlen(prefix), full);
        free(full);
    }
    free(sp);
    return ns;
}

/* The legend: every drawn piece, reveal and special (SPEC 9.1), or the start squares in round 0. */
static void draw_legend(const Viewer *v, Buf *out)
{
    if (v->round0) {
        legend_starts(v->b, out);
        return;
    }
    int ow = owner_width(v->b);
    int shown = legend_reveals(v, ow, legend_pieces(v, ow, out), out);
    int ns = legend_specials(v, out);
    if (!shown && !ns)
        buf_add(out, "No pieces or specials in view.\n");
}

/* ---- sheet sections ---- */

/* The variant banner of SPEC 7.2 (round 0 has its own: nobody has "the move"), then the result of the
 * reader's last order. */
static void banner(const Board *b, int reader, const SheetOpts *o, Buf *out)
{
    if (o->is_new) {
        buf_add(out, "New game.");
        if (b->phase == PHASE_ROUND0)
            buf_add(out, " Round 0 comes first: send your GAMBLE orders (genetess help GAMBLE).");
        buf_add(out, "\n");
    }
    const char *to_move = b->np > 0 ? b->pl[b->seat].id : "";
    const StrList *q = &b->pl[reader].queue;
    if (b->phase == PHASE_ROUND0) {
        buf_add(out, gambles_done(b, reader) ? "Your gambles are in; waiting for the other players.\n"
                                             : "Round 0 is simultaneous: send your GAMBLE orders.\n");
    } else if (o->variant == SHEET_YOUR_MOVE || (o->variant == SHEET_YOUR_MOVE_STORED && !q->n)) {
        buf_add(out, "It is your move.\n");
    } else if (o->variant == SHEET_YOUR_MOVE_STORED) {
        char *t = xasprintf("It is your move. You have a stored order: %s. It runs at the deadline unless you "
                            "send another order.",
                            q->v[0]);
        wrap(out, "", 0, t);
        free(t);
    } else if (o->variant == SHEET_STAR_DONE) {
        /* SPEC 7.2: the sheet opens with "Your stored order <order> was processed" (kept in the news). */
        bool said = false;
        for (int i = 0; o->news && i < o->news->n; i++)
            if (strncmp(o->news->v[i], "Your stored order ", 18) == 0) {
                wrap(out, "", 0, o->news->v[i]);
                said = true;
            }
        if (!said)
            buf_add(out, "Your stored order was processed.\n");
        if (b->phase == PHASE_PLAY && b->seat == reader)
            buf_add(out, "It is your move.\n");
        else if (b->phase == PHASE_PLAY)
            buf_printf(out, "It is %s's move.\n", to_move);
    } else if (o->variant == SHEET_NOT_YOUR_MOVE && b->phase == PHASE_PLAY) {
        buf_printf(out, "It is %s's move.\n", to_move);
    }
    if (o->result)
        wrap(out, "Result of your last order: ", 4, o->result);
}

static void energy_section(const Board *b, int reader, const StrList *ebook, Buf *out)
{
    buf_printf(out, "Your E: %" PRId64 "\n", b->pl[reader].e);
    for (int i = 0; ebook && i < ebook->n; i++)
        wrap(out, "  ", 4, ebook->v[i]);
}

static void gamble_section(const Board *b, int reader, Buf *out)
{
    const Player *pl = &b->pl[reader];
    static const char *const what[2] = {"position", "order"};
    for (int k = 0; k < 2; k++) {
        bool asked = b->par.gamble == GAMBLE_BOTH || (k == GAMBLE_POS ? b->par.gamble == GAMBLE_POSITION
                                                                       : b->par.gamble == GAMBLE_ORDER);
        if (!asked)
            continue;
        const Gamble *g = &pl->gamble[k];
        Buf t;
        buf_init(&t);
        if (!g->set) {
            buf_add(&t, "not sent yet");
        } else {
            buf_printf(&t, "%" PRId64 "E", g->stake);
            for (int i = 0; i < g->nprefs; i++) {
                if (k == GAMBLE_POS)
                    buf_printf(&t, "%sGPC%d", i ? ", " : " on ", g->prefs[i]);
                else
                    buf_printf(&t, "%s%d%s", i ? ", " : " on ", g->prefs[i], ordinal_suffix(g->prefs[i]));
            }
            buf_add(&t, g->nprefs ? ", then don't care" : " don't care");
        }
        char prefix[48];
        snprintf(prefix, sizeof prefix, "Your %s gamble: ", what[k]);
        wrap(out, prefix, 4, t.s);
        buf_free(&t);
    }
}

static void views_section(const Board *b, int reader, Buf *out)
{
    const Player *pl = &b->pl[reader];
    char nm[16];
    if (b->phase == PHASE_ROUND0)
        return;
    if (pl->full_view) {
        char *t = xasprintf("Flare/S5 view active%s since %s, until the start of your next turn.",
                            pl->full_decode ? " (decoded)" : "", pl->full_until);
        wrap(out, "", 4, t);
        free(t);
    }
    int n = 0;
    for (int k = 0; k < pl->nreveals; k++) {
        const Reveal *rv = &pl->reveals[k];
        if (rv->owner == reader)
            continue;
        if (!n++)
            buf_add(out, "Revealed pieces (until the start of your next turn):\n");
        char *t = xasprintf("%s %s %s (seen at %s)", board_sq_name(b, rv->sq, nm),
                            rv->owner >= 0 ? b->pl[rv->owner].id : "orphan", rv->seq, rv->label);
        wrap(out, "  ", 4, t);
        free(t);
    }
}

static void queue_section(const Board *b, int reader, Buf *out)
{
    const StrList *q = &b->pl[reader].queue;
    Buf t;
    buf_init(&t);
    for (int i = 0; i < q->n; i++)
        buf_printf(&t, "%s%s", i ? " / " : "", q->v[i]);
    wrap(out, "Stored orders: ", 4, q->n ? t.s : "none");
    buf_free(&t);
}

static void holiday_section(const Board *b, int reader, Buf *out)
{
    char d[48];
    buf_printf(out, "Holiday allowance left: %s\n", fmt_duration(b->pl[reader].holiday_left, d, sizeof d));
}

static void news_section(const StrList *nw, Buf *out)
{
    if (!nw || !nw->n) {
        buf_add(out, "Nothing you could see happened.\n");
        return;
    }
    buf_add(out, "Since your last sheet:\n");
    for (int i = 0; i < nw->n; i++)
        wrap(out, "  ", 4, nw->v[i]);
}

static void players_section(const Board *b, int reader, Buf *out)
{
    char d[48];
    buf_add(out, b->phase == PHASE_ROUND0 ? "Players:\n" : "Players (in turn order; > to move):\n");
    for (int i = 0; i < b->np; i++) {
        const Player *pl = &b->pl[i];
        bool moving = b->phase == PHASE_PLAY && b->seat == i;
        char prefix[64];
        /* letters follow the turn order, which round 0 has not fixed yet */
        char letter = i == reader ? '@' : b->phase == PHASE_ROUND0 ? ' ' : player_letter(i);
        snprintf(prefix, sizeof prefix, "%c %c %s ", moving ? '>' : ' ', letter, pl->id);
        char *t = xasprintf("%s%s, time-outs %d (%d in all), holiday left %s", status_text(b, i),
                            i == reader ? " (you)" : "", pl->timeouts, pl->timeouts_total,
                            fmt_duration(pl->holiday_left, d, sizeof d));
        wrap(out, prefix, 6, t);
        free(t);
    }
    if (b->phase != PHASE_ROUND0 && b->pl[reader].start > 0)
        buf_printf(out, "Your start: GPC%d\n", b->pl[reader].start);
}

static void params_section(const Board *b, Buf *out)
{
    const Params *par = &b->par;
    Buf t;
    buf_init(&t);
    params_sheet(par, &t); /* the parameter table says which, in what order and how (params.c) */
    wrap(out, "Parameters: ", 4, t.s);
    buf_free(&t);
    if (!par->create) {
        buf_add(out, "CREATE is off in this game.\n");
        return;
    }
    Buf c;
    buf_init(&c);
    for (int i = 0; i < GENE_COUNT; i++)
        if ((par->codes & (1u << i)) && piece_genes[i].cost >= 0)
            buf_printf(&c, "%s%c%d", c.len ? " " : "", piece_genes[i].letter, piece_genes[i].cost);
    wrap(out, "Codes on offer (E each): ", 4, c.len ? c.s : "none");
    buf_free(&c);
}

/* Appends the reader's turnsheet to out (o may be NULL: no banner, no result, no news, no E breakdown).
 * The news and E breakdown come from o, never from the board, so a caller may clear them first. Every
 * line is at most 80 columns; nothing the reader may not see (SPEC 5) is written. The last line is the
 * command template of SPEC 2.2 while the game runs. */
void view_sheet(const Board *b, int reader, const SheetOpts *o, Buf *out)
{
    static const SheetOpts none = {.variant = SHEET_NONE};
    if (!o)
        o = &none;
    if (reader < 0 || reader >= b->np)
        return;
    uint8_t *m = xmalloc((size_t)b->w * (size_t)b->h);
    sight_compute(b, reader, m);
    Viewer v;
    viewer_init(&v, b, reader, m);

    game_title(b, out);
    turn_lines(b, out);
    buf_add(out, "\n");
    size_t before = out->len;
    banner(b, reader, o, out);
    if (out->len > before)
        buf_add(out, "\n");
    energy_section(b, reader, o->ebook, out);
    if (b->phase == PHASE_ROUND0)
        gamble_section(b, reader, out);
    views_section(b, reader, out);
    queue_section(b, reader, out);
    holiday_section(b, reader, out);
    buf_add(out, "\n");
    news_section(o->news, out);
    buf_add(out, "\n");
    if (v.round0)
        buf_add(out, "Round 0: the whole terrain and the start squares (no pieces yet).\n");
    if (!draw_board(&v, out))
        buf_add(out, "You see nothing of the board.\n");
    else if (!v.round0)
        wrap(out, "Key: ", 5,
             "@=yours, a-z=another player's (see Players), o=orphan, *=special, #=wall, +=interior wall, "
             ".=floor, blank=not in view");
    else
        wrap(out, "Key: ", 5, "1-9=start squares GPC1-GPC9 (G=GPC10 and up), #=wall, +=interior wall, .=floor");
    buf_add(out, "\n");
    draw_legend(&v, out);
    buf_add(out, "\n");
    listing_sheet_section(b, reader, out);
    players_section(b, reader, out);
    buf_add(out, "\n");
    params_section(b, out);
    buf_add(out, "\n");
    view_score_table(b, out);
    buf_add(out, "\n");
    /* SPEC 2.2: every sheet ends with the Subject to use next. */
    if (b->phase == PHASE_ENDED)
        buf_add(out, "The game has ended: no more orders are accepted.\n");
    else
        buf_printf(out, "genetess move %d %s <password> <ORDER>#%d\n", b->number, b->pl[reader].id,
                   board_move_number(b));
    free(v.special);
    free(m);
}

/* ---- show ---- */

/* `show` while running: name and number, round/turn label, who is to move, deadline (UTC), each
 * player's status, time-outs and holiday left — never terrain, pieces, E, orders. */
void view_show_public(const Board *b, Buf *out)
{
    char d[48];
    game_title(b, out);
    turn_lines(b, out);
    buf_add(out, "Players:\n");
    for (int i = 0; i < b->np; i++) {
        const Player *pl = &b->pl[i];
        char prefix[64];
        snprintf(prefix, sizeof prefix, "  %s ", pl->id);
        char *t = xasprintf("%s, time-outs %d (%d in all), holiday left %s", status_text(b, i), pl->timeouts,
                            pl->timeouts_total, fmt_duration(pl->holiday_left, d, sizeof d));
        wrap(out, prefix, 6, t);
        free(t);
    }
}

/* `show` after the end: "The game has ended", result, score table, the full board (every piece with
 * its full sequence incl. markers, specials), and the move list (b->moves). */
void view_show_full(const Board *b, Buf *out)
{
    char nm[16];
    game_title(b, out);
    buf_add(out, "The game has ended\n");
    if (b->result[0])
        wrap(out, "Result: ", 4, b->result);
    buf_add(out, "\n");
    view_score_table(b, out);
    buf_add(out, "\n");
    if (b->result[0])
        buf_add(out, "Final board:\n");
    else
        buf_printf(out, "The board after move #%d:\n", b->moves.n);
    Viewer v;
    viewer_init(&v, b, -1, NULL);
    if (!draw_board(&v, out))
        buf_add(out, "(empty board)\n");
    buf_add(out, "\n");
    Buf t;
    buf_init(&t);
    for (int i = 0; i < b->np; i++)
        buf_printf(&t, "%s%c %s", i ? ", " : "", player_letter(i), b->pl[i].id);
    wrap(out, "Players: ", 4, t.s ? t.s : "");
    buf_free(&t);
    buf_add(out, "o = orphan, * = special\n");
    draw_legend(&v, out);
    if (b->nst) {
        buf_init(&t);
        for (int i = 0; i < b->nst; i++) {
            buf_printf(&t, "%sGPC%d %s", i ? ", " : "", b->st[i].label, board_sq_name(b, b->st[i].sq, nm));
            for (int k = 0; k < b->np; k++)
                if (b->pl[k].start == b->st[i].label)
                    buf_printf(&t, " (%s)", b->pl[k].id);
        }
        wrap(out, "Start squares: ", 4, t.s);
        buf_free(&t);
    }
    buf_add(out, "\nMoves:\n");
    for (int i = 0; i < b->moves.n; i++)
        wrap(out, "  ", 6, b->moves.v[i]);
    if (!b->moves.n)
        buf_add(out, "  none\n");
    free(v.special);
}

/* Players, status, points = game_score (SPEC 7.6); headed "Final scores" once the game has ended
 * (winner or tie marked) and "Scores so far" before. */
void view_score_table(const Board *b, Buf *out)
{
    bool ended = b->phase == PHASE_ENDED;
    buf_add(out, ended ? "Final scores:\n" : "Scores so far:\n");
    if (b->np <= 0)
        return;
    int top;
    bool tie = game_winner(b, &top) < 0;
    int ow = 0;
    for (int i = 0; i < b->np; i++) {
        int n = (int)strlen(b->pl[i].id);
        if (n > ow)
            ow = n;
    }
    for (int i = 0; i < b->np; i++) {
        int pts = game_score(b, i);
        const char *mark = ended && pts == top ? (tie ? "  tie" : "  winner") : "";
        buf_printf(out, "  %-*s  %-18s %5d%s\n", ow, b->pl[i].id, status_text(b, i), pts, mark);
    }
}

/* ---- nag ---- */

/* Subject "Nag: Genetess Board <n> <userid>"; the text names the deadline and the command to send:
 * the move, or the missing gambles in round 0. */
void view_nag(const Board *b, int p, Buf *subject, Buf *body)
{
    char when[48];
    fmt_time(b->clock.deadline, when, sizeof when);
    buf_printf(subject, "Nag: Genetess Board %d %s", b->number, b->pl[p].id);
    if (b->phase == PHASE_ROUND0)
        buf_printf(body, "Reminder: Genetess board %d is in round 0 and waits for your GAMBLE orders.\n"
                         "The deadline is %s; missing gambles then count as 0E don't care.\n",
                   b->number, when);
    else
        buf_printf(body, "Reminder: it is your move on Genetess board %d.\n"
                         "The deadline is %s; then your stored order runs, or you time out.\n",
                   b->number, when);
    buf_printf(body, "Send: genetess move %d %s <password> <ORDER>#%d\n", b->number, b->pl[p].id,
               board_move_number(b));
}
