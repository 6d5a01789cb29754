/* boardfile: the GameFile format (contract 10) as one table of entries; reading and writing are loops over it. */
#include "boardfile.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardentry.h"
#include "boardprivate.h"
#include "gamefile.h"
#include "specials.h"

static const char *const phase_name[] = {"round0", "play", "ended"};

/* What an entry is: multi-line ("(name", one item a line, ")"; else "(name text)"), required, and core (verify
 * compares it, boardfile_write_core writes it; the rest is private or time-dependent). */
enum { ENTRY_MULTI = 1, ENTRY_REQUIRED = 2, ENTRY_CORE = 4, ENTRY_EITHER = 8 }; /* EITHER: moves, below */

/* One entry of the GameFile: how it is read, written and checked. */
typedef struct EntryDef {
    const char *name;
    int flags;          /* ENTRY_* */
    int rank;           /* reading order: after the entries whose state it checks against */
    /* Reads the entry into b; fails with "<name>:<line>: reason". */
    int (*read)(GameFile *ps, Board *b, GameEntry *e);
    /* Writes what follows "(name": the text after a space, or the item lines. */
    void (*write)(Buf *o, const Board *b);
    bool (*absent)(const Board *b);    /* not written when this says so; NULL: always written */
} EntryDef;

/* ---- the entries: each read from its GameEntry and written after its "(name" ---- */

/* (genetess <version>): the first entry. */
static int read_header(GameFile *ps, Board *b)
{
    if (ps->n == 0 || strcmp(ps->e[0].name, "genetess") != 0)
        return gamefile_error(ps, 1, "not a genetess board (first entry must be (genetess <version>))");
    int64_t v;
    if (!parse_i64_range(ps->e[0].rest ? ps->e[0].rest : "", 1, 1000, &v))
        return gamefile_error(ps, 1, "bad version");
    if (v != BOARD_FORMAT_VERSION)
        return gamefile_error(ps, 1, "unsupported board format version %lld", (long long)v);
    b->version = (int)v;
    return 0;
}

static void write_version(Buf *o, const Board *b)
{
    buf_printf(o, " %d", b->version);
}

static int read_number(GameFile *ps, Board *b, GameEntry *e)
{
    int64_t v;
    if (!parse_i64_range(e->rest, 1, 999999999, &v))
        return gamefile_error(ps, e->line, "bad board number");
    b->number = (int)v;
    return 0;
}

static void write_number(Buf *o, const Board *b)
{
    buf_printf(o, " %d", b->number);
}

static int read_params(GameFile *ps, Board *b, GameEntry *e)
{
    Err e2;
    if (params_parse(&b->par, e->rest, &e2) < 0)
        return gamefile_error(ps, e->line, "%s", e2.msg);
    /* every board is created from a named map, and is written with it */
    if (!b->par.map[0])
        return gamefile_error(ps, e->line, "params: map=<name> is missing");
    return 0;
}

static void write_params(Buf *o, const Board *b)
{
    buf_add(o, " ");
    params_write(&b->par, o);
}

/* (turn <phase> <round> <seat>): read after (players, which the seat indexes. */
static int read_turn(GameFile *ps, Board *b, GameEntry *e)
{
    char ph[16];
    int64_t round, seat;
    const char *p = e->rest;
    if (!boardentry_word(&p, ph, sizeof ph - 1))
        return gamefile_error(ps, e->line, "(turn needs phase, round and seat");
    int k;
    for (k = 0; k < 3; k++)
        if (strcmp(ph, phase_name[k]) == 0)
            break;
    if (k == 3 || !boardentry_keyed(&p, "", 0, 1000000, &round) || !boardentry_keyed(&p, "", 0, b->np - 1, &seat) ||
        !boardentry_end(p))
        return gamefile_error(ps, e->line, "bad (turn");
    b->phase = (Phase)k;
    b->round = (int)round;
    b->seat = (int)seat;
    if ((b->phase == PHASE_PLAY) != (round >= 1) && b->phase != PHASE_ENDED)
        return gamefile_error(ps, e->line, "round does not match the phase");
    return 0;
}

static void write_turn(Buf *o, const Board *b)
{
    buf_printf(o, " %s %d %d", phase_name[b->phase], b->round, b->seat);
}

/* (turn again, once pieces and status are read: the player to move must still have turns. */
static int check_turn_seat(GameFile *ps, Board *b, GameEntry *e)
{
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, b->seat))
        return gamefile_error(ps, e->line, "the current turn belongs to %s, who has no turns left", b->pl[b->seat].id);
    return 0;
}

/* (players <userid>...): read after (params, whose holiday-days sets each allowance. */
static int read_players(GameFile *ps, Board *b, GameEntry *e)
{
    StrList w = {0};
    int n = str_split_words(e->rest, &w), rc = 0;
    if (n < 1 || n > MAX_PLAYERS) {
        sl_free(&w);
        return gamefile_error(ps, e->line, "(players needs 1 to %d userids", MAX_PLAYERS);
    }
    b->pl = xcalloc((size_t)n, sizeof *b->pl);
    b->np = n;
    for (int i = 0; rc == 0 && i < n; i++) {
        if (!str_is_word(w.v[i], USERID_MAX) || strchr(w.v[i], ':'))
            rc = gamefile_error(ps, e->line, "bad userid in (players");
        for (int k = 0; rc == 0 && k < i; k++)
            if (str_ieq(b->pl[k].id, w.v[i]))
                rc = gamefile_error(ps, e->line, "player listed twice");
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", w.v[i]);
        b->pl[i].holiday_left = b->par.holiday_days * 86400;
    }
    sl_free(&w);
    return rc;
}

static void write_players(Buf *o, const Board *b)
{
    for (int i = 0; i < b->np; i++)
        buf_printf(o, " %s", b->pl[i].id);
}

/* One whole number >= 0 per player, in (players order, into the int64_t at offset in each Player. */
static int read_per_player(GameFile *ps, Board *b, GameEntry *e, size_t offset, const char *count_msg, const char *bad_msg)
{
    StrList w = {0};
    int rc = 0;
    if (str_split_words(e->rest, &w) != b->np)
        rc = gamefile_error(ps, e->line, "%s", count_msg);
    for (int i = 0; rc == 0 && i < w.n; i++)
        if (!parse_i64(w.v[i], (int64_t *)((char *)&b->pl[i] + offset)))
            rc = gamefile_error(ps, e->line, "%s", bad_msg);
    sl_free(&w);
    return rc;
}

static void write_per_player(Buf *o, const Board *b, size_t offset)
{
    for (int i = 0; i < b->np; i++)
        buf_printf(o, " %" PRId64, *(const int64_t *)((const char *)&b->pl[i] + offset));
}

/* (energy and (holidays: one number per player (field), and their two reasons. */
#define PER_PLAYER(entry, field, count_msg, bad_msg)                                   \
    static int read_##entry(GameFile *ps, Board *b, GameEntry *e)                          \
    {                                                                                \
        return read_per_player(ps, b, e, offsetof(Player, field), count_msg, bad_msg); \
    }                                                                                \
    static void write_##entry(Buf *o, const Board *b)                                \
    {                                                                                \
        write_per_player(o, b, offsetof(Player, field));                             \
    }
PER_PLAYER(energy, e, "(energy needs one value per player", "E must be a whole number >= 0")
PER_PLAYER(holidays, holiday_left, "(holidays needs one value per player", "bad holiday allowance")

/* "<key><digits>" at *p, as the board file writes a count (1 to 9 digits, then a blank or the end): its value
 * into *v and *p past it; false (nothing read) for any other text. */
static bool canonical_count(const char **p, const char *key, int *v)
{
    size_t kl = strlen(key), n = 0;
    const char *s = *p;
    if (strncmp(s, key, kl) != 0)
        return false;
    int x = 0;
    for (s += kl; n < 9 && s[n] >= '0' && s[n] <= '9'; n++)
        x = x * 10 + (s[n] - '0');
    if (!n || (s[n] && s[n] != ' '))
        return false;
    *v = x;
    *p = s + n;
    return true;
}

/* A status line's text as write_status writes it ("<status> out=<n> kills=<n> start=<n> timeouts=<n>
 * total-timeouts=<n>", single blanks, counts of at most 9 digits), read at once: into st and pl; false (pl
 * untouched) for any other text, which spaced_status then reads. */
static bool canonical_status(const char *rest, char st[16], Player *pl)
{
    size_t n = strcspn(rest, " \t");
    int v[5];
    const char *p = rest + n;
    if (!n || n > 15 || !canonical_count(&p, " out=", &v[0]) || !canonical_count(&p, " kills=", &v[1]) ||
        !canonical_count(&p, " start=", &v[2]) || !canonical_count(&p, " timeouts=", &v[3]) ||
        !canonical_count(&p, " total-timeouts=", &v[4]) || *p)
        return false;
    memcpy(st, rest, n);
    st[n] = '\0';
    pl->out_seq = v[0], pl->kills = v[1], pl->start = v[2], pl->timeouts = v[3], pl->timeouts_total = v[4];
    return true;
}

/* A status line's text as a hand may write it (any white space between its words): its words, each count a whole
 * number from 0 to INT_MAX, nothing after them; false (pl untouched) for any other text. */
static bool spaced_status(const char *rest, char st[16], Player *pl)
{
    static const char *const key[5] = {"out=", "kills=", "start=", "timeouts=", "total-timeouts="};
    int64_t v[5];
    const char *p = rest;
    if (!boardentry_word(&p, st, 15))
        return false;
    for (int i = 0; i < 5; i++)
        if (!boardentry_keyed(&p, key[i], 0, INT_MAX, &v[i]))
            return false;
    if (!boardentry_end(p))
        return false;
    pl->out_seq = (int)v[0], pl->kills = (int)v[1], pl->start = (int)v[2], pl->timeouts = (int)v[3];
    pl->timeouts_total = (int)v[4];
    return true;
}

static int read_status(GameFile *ps, Board *b, GameEntry *e)
{
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player(ps, b, e, k, &rest);
        if (p < 0)
            return -1;
        char st[16];
        Player *pl = &b->pl[p];
        if (!canonical_status(rest, st, pl) && !spaced_status(rest, st, pl))
            return gamefile_error(ps, e->lines[k], "bad status line");
        int s;
        for (s = 0; s < 4; s++)
            if (strcmp(st, board_status_name[s]) == 0)
                break;
        if (s == 4)
            return gamefile_error(ps, e->lines[k], "bad status line");
        pl->status = (PlayerStatus)s;
    }
    return 0;
}

static void write_status(Buf *o, const Board *b)
{
    for (int i = 0; i < b->np; i++) {
        const Player *p = &b->pl[i];
        buf_printf(o, "%s %s out=%d kills=%d start=%d timeouts=%d total-timeouts=%d\n", p->id,
                   board_status_name[p->status], p->out_seq, p->kills, p->start, p->timeouts, p->timeouts_total);
    }
}

static int read_map(GameFile *ps, Board *b, GameEntry *e)
{
    int h = e->items.n, w = 0;
    if (h < 1 || h > MAX_ROWS)
        return gamefile_error(ps, e->line, "map must have 1 to %d rows", MAX_ROWS);
    for (int r = 0; r < h; r++) {
        int n = (int)strlen(e->items.v[r]);
        if (n > MAX_COLS)
            return gamefile_error(ps, e->lines[r], "map row longer than %d columns", MAX_COLS);
        if (n > w)
            w = n;
    }
    if (w < 1)
        return gamefile_error(ps, e->line, "empty map");
    board_set_size(b, w, h);
    for (int r = 0; r < h; r++) {
        size_t n = strlen(e->items.v[r]);
        if (!boardentry_map_row(e->items.v[r], n))
            return gamefile_error(ps, e->lines[r], "bad map character (only '#', '+', '.' and space)");
        memcpy(b->ter + board_sq(b, 0, r), e->items.v[r], n);
    }
    int sq;
    BoardEnclosure how = board_enclosure(b, &sq);
    if (how != BOARD_ENCLOSED) {
        char nm[16];
        return gamefile_error(ps, e->lines[sq / b->w], "map: %s on %s %s (contract 7: exterior walls enclose it)",
                              b->ter[sq] == TER_FLOOR ? "floor" : "interior wall", board_sq_name(b, sq, nm),
                              how == BOARD_AT_EDGE ? "is at the edge of the grid" : "touches the outside");
    }
    return 0;
}

/* Each row of the terrain, trailing outside squares left out; an empty row is a lone backslash. */
static void write_map(Buf *o, const Board *b)
{
    for (int r = 0; r < b->h; r++) {
        const char *row = b->ter + (size_t)r * (size_t)b->w;
        int n = b->w;
        while (n > 0 && row[n - 1] == ' ')
            n--;
        if (n == 0)
            buf_add(o, "\\\n");
        else
            gamefile_put_itemn(o, row, (size_t)n);
    }
}

/* The player whose userid is who: first as written (the userid itself, byte for byte), else as
 * board_player_index finds it (case-blind). */
static int owner_index(const Board *b, const char *who)
{
    for (int p = 0; p < b->np; p++) {
        const char *a = b->pl[p].id, *c = who;
        while (*a && *a == *c)
            a++, c++;
        if (*a == *c)
            return p;
    }
    return board_player_index(b, who);
}

/* A piece line as write_pieces writes it (the square in upper case, the owner's userid as (players has it, the
 * codes alphabetical then r then u, a space between): read in place into sqs (its square's name), *sq, *owner
 * and *g, with what read_piece_words would find. False for any other line: read_piece_words reads it word by
 * word, and refuses it with its reason. Every piece of a board is read here. */
static bool read_piece_canonical(const Board *b, const char *s, char sqs[16], int *sq, int *owner, Genome *g)
{
    const char *s0 = s;
    int c = 0, r = 0, letters = 0, digits = 0;
    while (*s >= 'A' && *s <= 'Z' && letters < 3) /* board_parse_sq's square: 1-3 letters, 1-4 digits, no 0 first */
        c = c * 26 + (*s++ - 'A' + 1), letters++;
    if (!letters || *s < '1' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9' && digits < 4)
        r = r * 10 + (*s++ - '0'), digits++;
    if (*s != ' ' || c > b->w || r > b->h)
        return false;
    memcpy(sqs, s0, (size_t)(s - s0));
    sqs[s - s0] = '\0';
    s++;
    int p;
    for (p = 0; p < b->np; p++) { /* the userid byte for byte, then a space */
        const char *a = b->pl[p].id, *t = s;
        while (*a && *a == *t)
            a++, t++;
        if (!*a && *t == ' ') {
            s = t + 1;
            break;
        }
    }
    if (p == b->np)
        return false;
    memset(g, 0, sizeof *g);
    int n = 0;
    for (char last = 'A'; *s >= last && *s <= 'Z' && n < 1000; last = *s++, n++) /* piece_parse's limits far off */
        g->n[*s - 'A']++;
    if (n == 0 || n == 1000)
        return false;
    if (*s == 'r')
        g->phased = true, s++;
    if (*s == 'u')
        g->flare = true, s++;
    *sq = board_sq(b, c - 1, r - 1);
    *owner = p;
    return *s == '\0';
}

/* A piece line read word by word as sscanf's "%15s %63s %s %c" == 3 would (without scanf), each word checked. */
static int read_piece_words(GameFile *ps, Board *b, GameEntry *e, int k, char sqs[16], int *sq, int *owner, Genome *g)
{
    char who[64], seq[GENOME_MAX_COPIES * 4];
    const char *w = e->items.v[k];
    if (strlen(w) > sizeof seq - 100 || !boardentry_word(&w, sqs, 15) || !boardentry_word(&w, who, 63) ||
        !boardentry_word(&w, seq, (size_t)-1) || w[strspn(w, " \t\n\v\f\r")])
        return gamefile_error(ps, e->lines[k], "a piece line is SQUARE USERID SEQUENCE");
    if (boardentry_sq(ps, b, e->lines[k], sqs, sq) < 0)
        return -1;
    if ((*owner = owner_index(b, who)) < 0)
        return gamefile_error(ps, e->lines[k], "piece of an unknown player");
    return boardentry_seq(ps, e->lines[k], seq, true, g);
}

/* One line SQUARE USERID SEQUENCE of (pieces: read after (map and (players. A line in write_pieces's form is
 * kept in b->loaded (its text from first on, in b->loaded->text), with the piece as read. */
static int read_piece(GameFile *ps, Board *b, GameEntry *e, int k, int *prev, const char *first)
{
    char sqs[16];
    int sq, p;
    Genome g;
    bool canonical = read_piece_canonical(b, e->items.v[k], sqs, &sq, &p, &g);
    if (!canonical && read_piece_words(ps, b, e, k, sqs, &sq, &p, &g) < 0)
        return -1;
    if (b->at[sq] >= 0)
        return gamefile_error(ps, e->lines[k], "two pieces on one square");
    if (b->ter[sq] != TER_FLOOR)
        return gamefile_error(ps, e->lines[k], "piece on %s is not on floor", sqs);
    if (!piece_viable(&g))
        return gamefile_error(ps, e->lines[k], "piece on %s is not viable (needs A or K)", sqs);
    if (sq < *prev)
        return gamefile_error(ps, e->lines[k], "pieces not in reading order");
    *prev = sq;
    const Piece *pc = board_add_piece(b, sq, p, &g);
    BoardLoaded *ld = b->loaded;
    if (canonical && pc->serial < (uint32_t)ld->n) {
        ld->line[pc->serial] = (int)(e->items.v[k] - first);
        ld->as_read[pc->serial] = *pc;
    }
    return 0;
}

/* The pieces, and b->loaded: the text of the entry's lines (each ended by a '\0', as gamefile_split left them),
 * the board's width and the players' userids. */
static int read_pieces(GameFile *ps, Board *b, GameEntry *e)
{
    int prev = -1, n = e->items.n;
    const char *first = n ? e->items.v[0] : "";
    size_t size = n ? (size_t)(e->items.v[n - 1] - first) + strlen(e->items.v[n - 1]) + 1 : 1;
    BoardLoaded *ld = b->loaded = xcalloc(1, sizeof *ld);
    ld->text = xmalloc(size);
    memcpy(ld->text, first, size);
    ld->n = (int)b->serials + n + 1;
    ld->line = xmalloc((size_t)ld->n * sizeof *ld->line);
    memset(ld->line, 0xff, (size_t)ld->n * sizeof *ld->line);
    ld->as_read = xmalloc((size_t)ld->n * sizeof *ld->as_read);
    ld->w = b->w;
    ld->np = b->np;
    for (int i = 0; i < b->np && i < MAX_PLAYERS; i++)
        memcpy(ld->id[i], b->pl[i].id, sizeof ld->id[i]);
    for (int k = 0; k < n; k++)
        if (read_piece(ps, b, e, k, &prev, first) < 0)
            return -1;
    return 0;
}

/* Which players' userids are still as read (none when nothing was kept or the board's width changed). */
static void kept_ids(const Board *b, bool same_id[MAX_PLAYERS])
{
    const BoardLoaded *ld = b->loaded;
    for (int i = 0; i < MAX_PLAYERS; i++)
        same_id[i] = ld && ld->w == b->w && i < ld->np && i < b->np && strcmp(ld->id[i], b->pl[i].id) == 0;
}

/* The line kept for piece p when it is as read and its owner's userid is too (same_id, kept_ids'); else NULL. */
static const char *kept_piece_line(const Board *b, const Piece *p, const bool same_id[MAX_PLAYERS])
{
    const BoardLoaded *ld = b->loaded;
    if (p->owner < 0 || p->owner >= MAX_PLAYERS || !same_id[p->owner] || p->serial >= (uint32_t)ld->n ||
        ld->line[p->serial] < 0)
        return NULL;
    const Piece *a = &ld->as_read[p->serial];
    if (a->sq != p->sq || a->owner != p->owner || a->g.phased != p->g.phased || a->g.flare != p->g.flare ||
        memcmp(a->g.n, p->g.n, sizeof a->g.n) != 0)
        return NULL;
    return ld->text + ld->line[p->serial];
}

static void write_pieces(Buf *o, const Board *b)
{
    char seq[GENOME_MAX_COPIES * 4];
    /* each column's name and each owner's, measured once: a line a piece, without printf or a name made again */
    char (*col)[8] = xmalloc(sizeof *col * (size_t)(b->w > 0 ? b->w : 1));
    size_t *col_len = xmalloc(sizeof *col_len * (size_t)(b->w > 0 ? b->w : 1));
    size_t *id_len = xmalloc(sizeof *id_len * (size_t)(b->np > 0 ? b->np : 1));
    for (int c = 0; c < b->w; c++)
        col_len[c] = grid_col_name_len(c, col[c]);
    for (int i = 0; i < b->np; i++)
        id_len[i] = strlen(b->pl[i].id);
    int *sqs;
    int n = board_piece_squares(b, &sqs);
    bool same_id[MAX_PLAYERS];
    kept_ids(b, same_id);
    for (int i = 0; i < n; i++) {
        const Piece *p = board_piece_at(b, sqs[i]);
        const char *kept = kept_piece_line(b, p, same_id);
        if (kept) { /* the line it was read from: the same bytes as below */
            size_t lk = strlen(kept);
            char *w = buf_room(o, lk + 1);
            memcpy(w, kept, lk);
            w[lk] = '\n';
            buf_wrote(o, w + lk + 1);
            continue;
        }
        /* "<square> <owner> <genome>" */
        size_t ls = strlen(piece_format(&p->g, true, seq, sizeof seq));
        int c = board_col(b, p->sq);
        char rows[12], *r = rows + sizeof rows;
        for (int row = board_row(b, p->sq) + 1; row > 0 || r == rows + sizeof rows; row /= 10)
            *--r = (char)('0' + row % 10);
        size_t lr = (size_t)(rows + sizeof rows - r), li = id_len[p->owner];
        char *w = buf_room(o, col_len[c] + lr + li + ls + 3);
        memcpy(w, col[c], col_len[c]), w += col_len[c];
        memcpy(w, r, lr), w += lr;
        *w++ = ' ';
        memcpy(w, b->pl[p->owner].id, li), w += li;
        *w++ = ' ';
        memcpy(w, seq, ls), w += ls;
        *w++ = '\n';
        buf_wrote(o, w);
    }
    free(sqs);
    free(col);
    free(col_len);
    free(id_len);
}

/* The one use of special_parse: a line of (specials into sp (specials.h). */
static int read_special(const Board *b, const char *line, Special *sp, Err *err)
{
    return special_parse(b->w, b->h, b->ter, line, sp, err);
}

/* The one use of special_format: a special's line (caller frees). */
static char *format_special(const Board *b, const Special *sp)
{
    return special_format(b->w, sp);
}

/* (specials: read after (map, whose squares they name. */
static int read_specials(GameFile *ps, Board *b, GameEntry *e)
{
    b->sp = xcalloc((size_t)e->items.n, sizeof *b->sp);
    for (int k = 0; k < e->items.n; k++) {
        Err e2;
        if (read_special(b, e->items.v[k], &b->sp[b->nsp], &e2) < 0)
            return gamefile_error(ps, e->lines[k], "%s", e2.msg);
        b->nsp++;
    }
    return 0;
}

static void write_specials(Buf *o, const Board *b)
{
    for (int i = 0; i < b->nsp; i++) {
        char *line = format_special(b, &b->sp[i]);
        gamefile_put_item(o, line);
        free(line);
    }
}

static int read_starts(GameFile *ps, Board *b, GameEntry *e)
{
    b->st = xcalloc((size_t)e->items.n, sizeof *b->st);
    for (int k = 0; k < e->items.n; k++) {
        char sqs[16];
        const char *p = e->items.v[k];
        int64_t label;
        int sq;
        if (!boardentry_keyed(&p, "GPC", k + 1, k + 1, &label) || !boardentry_word(&p, sqs, sizeof sqs - 1) ||
            !boardentry_end(p))
            return gamefile_error(ps, e->lines[k], "start lines are GPC<n> SQUARE, numbered from 1");
        if (boardentry_sq(ps, b, e->lines[k], sqs, &sq) < 0)
            return -1;
        b->st[b->nst++] = (Start){.label = (int)label, .sq = sq};
    }
    return 0;
}

static void write_starts(Buf *o, const Board *b)
{
    char sq[16];
    for (int i = 0; i < b->nst; i++)
        buf_printf(o, "GPC%d %s\n", b->st[i].label, board_sq_name(b, b->st[i].sq, sq));
}

/* (startpieces: read after (starts, whose labels they name. */
static int read_startpieces(GameFile *ps, Board *b, GameEntry *e)
{
    b->spc = xcalloc((size_t)e->items.n, sizeof *b->spc);
    for (int k = 0; k < e->items.n; k++) {
        char sqs[16], seq[1024];
        const char *p = e->items.v[k];
        int64_t label;
        int sq;
        if (!boardentry_keyed(&p, "GPC", 1, b->nst, &label) || !boardentry_word(&p, sqs, sizeof sqs - 1) ||
            !boardentry_word(&p, seq, 1000) || !boardentry_end(p))
            return gamefile_error(ps, e->lines[k], "start piece lines are GPC<n> SQUARE SEQUENCE");
        if (boardentry_sq(ps, b, e->lines[k], sqs, &sq) < 0)
            return -1;
        StartPiece *s = &b->spc[b->nspc++];
        s->label = (int)label;
        s->sq = sq;
        if (boardentry_seq(ps, e->lines[k], seq, false, &s->g) < 0)
            return -1;
    }
    return 0;
}

static void write_startpieces(Buf *o, const Board *b)
{
    char sq[16], seq[GENOME_MAX_COPIES * 4];
    for (int i = 0; i < b->nspc; i++)
        buf_printf(o, "GPC%d %s %s\n", b->spc[i].label, board_sq_name(b, b->spc[i].sq, sq),
                   piece_format(&b->spc[i].g, false, seq, sizeof seq));
}

static bool no_startpieces(const Board *b)
{
    return b->nspc == 0;
}

static int read_random(GameFile *ps, Board *b, GameEntry *e)
{
    char alg[32], hex[32];
    const char *p = e->rest;
    if (!boardentry_word(&p, alg, sizeof alg - 1) || !boardentry_word(&p, hex, sizeof hex - 1) ||
        !boardentry_end(p) || strcmp(alg, RNG_ALGORITHM) != 0 || strlen(hex) != 16 ||
        strspn(hex, "0123456789abcdef") != 16)
        return gamefile_error(ps, e->line, "(random needs %s and 16 hex digits", RNG_ALGORITHM);
    b->rng.state = strtoull(hex, NULL, 16);
    return 0;
}

static void write_random(Buf *o, const Board *b)
{
    buf_printf(o, " %s %016" PRIx64, RNG_ALGORITHM, b->rng.state);
}

/* "reveal SQUARE OWNER SEQ LABEL" of a (views line (contract 8); owner "*" is an orphan. */
static int read_reveal(GameFile *ps, Board *b, int line, Player *pl, const char *rest)
{
    char word[8], sqs[16], who[64], seq[64], lab[16];
    const char *p = rest;
    if (!boardentry_word(&p, word, sizeof word - 1) || strcmp(word, "reveal") != 0 ||
        !boardentry_word(&p, sqs, sizeof sqs - 1) || !boardentry_word(&p, who, sizeof who - 1) ||
        !boardentry_word(&p, seq, sizeof seq - 1) || !boardentry_word(&p, lab, sizeof lab - 1) || !boardentry_end(p))
        return gamefile_error(ps, line, "bad views line");
    Reveal rv = {0};
    if (boardentry_sq(ps, b, line, sqs, &rv.sq) < 0)
        return -1;
    rv.owner = strcmp(who, "*") ? board_player_index(b, who) : REVEAL_ORPHAN;
    if (strcmp(who, "*") && rv.owner < 0)
        return gamefile_error(ps, line, "reveal of an unknown player's piece");
    snprintf(rv.seq, sizeof rv.seq, "%s", seq);
    snprintf(rv.label, sizeof rv.label, "%s", lab);
    pl->reveals = xrealloc(pl->reveals, sizeof(Reveal) * (size_t)(pl->nreveals + 1));
    pl->reveals[pl->nreveals++] = rv;
    return 0;
}

/* (views: whole-board views and S17/S18 reveals, until the player's next turn. */
static int read_views(GameFile *ps, Board *b, GameEntry *e)
{
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player(ps, b, e, k, &rest);
        if (p < 0)
            return -1;
        Player *pl = &b->pl[p];
        char w[8], a[16], c[16];
        const char *q = rest;
        if (boardentry_word(&q, w, sizeof w - 1) && !strcmp(w, "full") && boardentry_word(&q, a, sizeof a - 1) &&
            boardentry_word(&q, c, sizeof c - 1) && boardentry_end(q) && (!strcmp(a, "decoded") || !strcmp(a, "plain"))) {
            pl->full_view = true;
            pl->full_decode = a[0] == 'd';
            snprintf(pl->full_until, sizeof pl->full_until, "%s", c);
        } else if (read_reveal(ps, b, e->lines[k], pl, rest) < 0)
            return -1;
    }
    return 0;
}

static void write_views(Buf *o, const Board *b)
{
    char sq[16];
    for (int i = 0; i < b->np; i++) {
        const Player *p = &b->pl[i];
        if (p->full_view)
            buf_printf(o, "%s full %s %s\n", p->id, p->full_decode ? "decoded" : "plain", p->full_until);
        for (int k = 0; k < p->nreveals; k++) {
            const Reveal *rv = &p->reveals[k];
            buf_printf(o, "%s reveal %s %s %s %s\n", p->id, board_sq_name(b, rv->sq, sq),
                       rv->owner >= 0 ? b->pl[rv->owner].id : "*", rv->seq, rv->label);
        }
    }
}

/* "position|order STAKE PREF..." of a (gambles line for player p (contract 4.6). */
static int read_gamble(GameFile *ps, Board *b, int line, int p, const char *rest)
{
    StrList w = {0};
    int n = str_split_words(rest, &w), rc = 0;
    int kind = n >= 2 ? (!strcmp(w.v[0], "position") ? 0 : !strcmp(w.v[0], "order") ? 1 : -1) : -1;
    Gamble *g = kind >= 0 ? &b->pl[p].gamble[kind] : NULL;
    if (!g || g->set || !parse_i64(w.v[1], &g->stake) || n - 2 > MAX_PLAYERS)
        rc = gamefile_error(ps, line, "bad gamble line");
    else
        g->set = true;
    for (int i = 2; rc == 0 && i < n; i++) {
        int64_t x;
        if (!parse_i64_range(w.v[i], 1, MAX_PLAYERS, &x))
            rc = gamefile_error(ps, line, "bad gamble preference");
        else
            g->prefs[g->nprefs++] = (int)x;
    }
    if (rc == 0)
        b->pl[p].gambled_any = true;
    sl_free(&w);
    return rc;
}

static int read_gambles(GameFile *ps, Board *b, GameEntry *e)
{
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player(ps, b, e, k, &rest);
        if (p < 0 || read_gamble(ps, b, e->lines[k], p, rest) < 0)
            return -1;
    }
    return 0;
}

static void write_gambles(Buf *o, const Board *b)
{
    for (int i = 0; i < b->np; i++)
        for (int k = 0; k < 2; k++) {
            const Gamble *g = &b->pl[i].gamble[k];
            if (!g->set)
                continue;
            buf_printf(o, "%s %s %" PRId64, b->pl[i].id, k ? "order" : "position", g->stake);
            for (int j = 0; j < g->nprefs; j++)
                buf_printf(o, " %d", g->prefs[j]);
            buf_add(o, "\n");
        }
}

/* (moves: the lines themselves (multi-line), or "<n>.moves <count>" when they are in the move list file
 * (contract 10; movelist.c reads and appends it). */
static int read_moves(GameFile *ps, Board *b, GameEntry *e)
{
    sl_free(&b->moves);
    b->moves_off = b->moves_saved = 0;
    b->moves_end = 0;
    b->moves_file = !e->multi;
    if (e->multi) {
        for (int k = 0; k < e->items.n; k++)
            sl_push(&b->moves, e->items.v[k]);
        return 0;
    }
    char name[32];
    snprintf(name, sizeof name, "%d.moves ", b->number);
    int64_t v;
    if (strncmp(e->rest, name, strlen(name)) != 0 || !parse_i64_range(e->rest + strlen(name), 0, 100000000, &v))
        return gamefile_error(ps, e->line, "(moves must be the lines, or \"%.*s <count>\"", (int)strlen(name) - 1, name);
    b->moves_off = b->moves_saved = (int)v;
    b->moves_end = -1;
    return 0;
}

static void write_moves(Buf *o, const Board *b)
{
    if (b->moves_file) {
        buf_printf(o, " %d.moves %d", b->number, b->moves_saved);
        return;
    }
    for (int i = 0; i < b->moves.n; i++)
        gamefile_put_item(o, b->moves.v[i]);
}

/* (moves-end <count> <bytes>): where the board's lines end in <n>.moves, so that a command appends without
 * reading the file; ignored when count is not the board's (the file was edited by hand). */
static int read_moves_end(GameFile *ps, Board *b, GameEntry *e)
{
    int64_t count, end;
    const char *p = e->rest;
    if (!boardentry_keyed(&p, "", 0, INT_MAX, &count) || !boardentry_keyed(&p, "", 0, INT64_MAX, &end) ||
        !boardentry_end(p))
        return gamefile_error(ps, e->line, "(moves-end must be \"<count> <bytes>\"");
    if (b->moves_file && count == b->moves_saved)
        b->moves_end = end;
    return 0;
}

static void write_moves_end(Buf *o, const Board *b)
{
    buf_printf(o, " %d %lld", b->moves_saved, (long long)b->moves_end);
}

static bool no_moves_end(const Board *b)
{
    return !b->moves_file || b->moves_end < 0;
}

static int read_result(GameFile *ps, Board *b, GameEntry *e)
{
    (void)ps;
    snprintf(b->result, sizeof b->result, "%s", e->rest);
    return 0;
}

static void write_result(Buf *o, const Board *b)
{
    buf_printf(o, " %s", b->result);
}

static bool no_result(const Board *b)
{
    return !b->result[0];
}

#define CLOCK_FORMAT(d) \
    "created=%" d " turn-start=%" d " deadline=%" d " fresh=%d nag=%d holiday-since=%" d " ended=%" d

/* The latest time a board may hold: 9999-12-31 23:59:59 UTC, the last a sheet can write as a date. */
#define CLOCK_MAX INT64_C(253402300799)

/* (clock's words in CLOCK_FORMAT's order, each time from 0 (none) to CLOCK_MAX, fresh and nag 0 or 1, nothing
 * after them. */
static int read_clock(GameFile *ps, Board *b, GameEntry *e)
{
    static const char *const key[7] = {"created=", "turn-start=", "deadline=", "fresh=", "nag=", "holiday-since=",
                                       "ended="};
    int64_t v[7];
    const char *p = e->rest;
    for (int i = 0; i < 7; i++)
        if (!boardentry_keyed(&p, key[i], 0, i == 3 || i == 4 ? 1 : CLOCK_MAX, &v[i]))
            return gamefile_error(ps, e->line, "bad (clock");
    if (!boardentry_end(p))
        return gamefile_error(ps, e->line, "bad (clock");
    Clock *c = &b->clock;
    c->created = v[0], c->turn_start = v[1], c->deadline = v[2], c->holiday_since = v[5], c->ended = v[6];
    c->fresh_used = v[3] != 0;
    c->nag_sent = v[4] != 0;
    return 0;
}

static void write_clock(Buf *o, const Board *b)
{
    const Clock *c = &b->clock;
    buf_printf(o, " " CLOCK_FORMAT(PRId64), c->created, c->turn_start, c->deadline, c->fresh_used, c->nag_sent,
               c->holiday_since, c->ended);
}

/* (initial: the base (moves reflected, at most the lines of (moves), then the board text the replay starts from. */
static int read_initial(GameFile *ps, Board *b, GameEntry *e)
{
    int64_t base;
    if (e->items.n < 1 || !parse_i64_range(e->items.v[0], 0, board_moves_count(b), &base))
        return gamefile_error(ps, e->line, "(initial must start with the number of moves it reflects");
    b->initial_base = (int)base;
    Buf t;
    buf_init(&t);
    for (int k = 1; k < e->items.n; k++) { /* each line and its newline with one copy: a whole board's lines */
        size_t n = strlen(e->items.v[k]);
        char *w = buf_room(&t, n + 1);
        memcpy(w, e->items.v[k], n);
        w[n] = '\n';
        buf_wrote(&t, w + n + 1);
    }
    b->initial = buf_take(&t);
    b->start_of_initial = false;
    return 0;
}

/* A multi-line entry's name has no spaces: the base is the first item. Each line of the text is an item,
 * copied in runs straight from the text. */
static void write_initial(Buf *o, const Board *b)
{
    buf_printf(o, "%d\n", b->initial_base);
    const char *p = b->initial, *run = p, *end = p + strlen(p);
    while (p < end) { /* the lines as they are, in runs between those gamefile_put_item escapes */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t ln = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (gamefile_item_escaped(p, ln)) {
            buf_addn(o, run, (size_t)(p - run));
            buf_addc(o, '\\');
            run = p;
        }
        p += ln + (nl ? 1 : 0);
    }
    buf_addn(o, run, (size_t)(p - run));
    if (p > b->initial && p[-1] != '\n') /* the last line without its newline */
        buf_addc(o, '\n');
}

static bool no_initial(const Board *b)
{
    return !b->initial;
}

/* ---- the table ---- */

/* Parse order: an entry is read after the ones whose state it checks against (rank). */
enum {
    RANK_HEADER, RANK_NUMBER, RANK_PARAMS, RANK_PLAYERS, RANK_TURN, RANK_ENERGY, RANK_STATUS, RANK_MAP, RANK_PIECES,
    RANK_SPECIALS, RANK_STARTS, RANK_STARTPIECES, RANK_RANDOM, RANK_VIEWS, RANK_GAMBLES, RANK_MOVES, RANK_RESULT,
    RANK_CLOCK, RANK_HOLIDAYS, RANK_QUIET, RANK_QUEUE, RANK_NEWS, RANK_EBOOK, RANK_SEAT, RANK_INITIAL, RANK_KNOWN, RANK_COUNT
};

/* The GameFile entries in the order they are written (contract 10). A row without write only checks; the row
 * without read is the header, which read_header reads first. */
static const EntryDef entry_table[] = {
    {"genetess", ENTRY_REQUIRED | ENTRY_CORE, RANK_HEADER, NULL, write_version, NULL},
    {"number", ENTRY_REQUIRED | ENTRY_CORE, RANK_NUMBER, read_number, write_number, NULL},
    {"params", ENTRY_REQUIRED | ENTRY_CORE, RANK_PARAMS, read_params, write_params, NULL},
    {"turn", ENTRY_REQUIRED | ENTRY_CORE, RANK_TURN, read_turn, write_turn, NULL},
    {"players", ENTRY_REQUIRED | ENTRY_CORE, RANK_PLAYERS, read_players, write_players, NULL},
    {"energy", ENTRY_REQUIRED | ENTRY_CORE, RANK_ENERGY, read_energy, write_energy, NULL},
    {"status", ENTRY_MULTI | ENTRY_CORE, RANK_STATUS, read_status, write_status, NULL},
    {"map", ENTRY_MULTI | ENTRY_REQUIRED | ENTRY_CORE, RANK_MAP, read_map, write_map, NULL},
    {"pieces", ENTRY_MULTI | ENTRY_REQUIRED | ENTRY_CORE, RANK_PIECES, read_pieces, write_pieces, NULL},
    {"specials", ENTRY_MULTI | ENTRY_CORE, RANK_SPECIALS, read_specials, write_specials, NULL},
    {"starts", ENTRY_MULTI | ENTRY_CORE, RANK_STARTS, read_starts, write_starts, NULL},
    {"startpieces", ENTRY_MULTI | ENTRY_CORE, RANK_STARTPIECES, read_startpieces, write_startpieces, no_startpieces},
    {"random", ENTRY_REQUIRED | ENTRY_CORE, RANK_RANDOM, read_random, write_random, NULL},
    {"views", ENTRY_MULTI | ENTRY_CORE, RANK_VIEWS, read_views, write_views, NULL},
    {"gambles", ENTRY_MULTI | ENTRY_CORE, RANK_GAMBLES, read_gambles, write_gambles, NULL},
    {"moves", ENTRY_MULTI | ENTRY_EITHER | ENTRY_REQUIRED, RANK_MOVES, read_moves, write_moves, NULL},
    {"moves-end", 0, RANK_MOVES, read_moves_end, write_moves_end, no_moves_end},
    {"result", ENTRY_CORE, RANK_RESULT, read_result, write_result, no_result},
    {"clock", 0, RANK_CLOCK, read_clock, write_clock, NULL},
    {"holidays", 0, RANK_HOLIDAYS, read_holidays, write_holidays, NULL},
    {"quiet", 0, RANK_QUIET, boardprivate_read_quiet, boardprivate_write_quiet, NULL},
    {"lister", 0, RANK_QUIET, boardprivate_read_lister, boardprivate_write_lister, boardprivate_no_lister},
    {"plain", 0, RANK_QUIET, boardprivate_read_plain, boardprivate_write_plain, boardprivate_no_plain},
    {"handled", 0, RANK_QUIET, boardprivate_read_handled, boardprivate_write_handled, boardprivate_no_handled},
    {"queue", ENTRY_MULTI, RANK_QUEUE, boardprivate_read_queue, boardprivate_write_queue, NULL},
    {"news", ENTRY_MULTI, RANK_NEWS, boardprivate_read_news, boardprivate_write_news, NULL},
    {"ebook", ENTRY_MULTI, RANK_EBOOK, boardprivate_read_ebook, boardprivate_write_ebook, NULL},
    {"known", ENTRY_MULTI, RANK_KNOWN, boardprivate_read_known, boardprivate_write_known, NULL},
    {"knownspecials", ENTRY_MULTI, RANK_KNOWN, boardprivate_read_knownspecials, boardprivate_write_knownspecials,
     boardprivate_no_knownspecials},
    {"turn", ENTRY_REQUIRED, RANK_SEAT, check_turn_seat, NULL, NULL},
    {"initial", ENTRY_MULTI, RANK_INITIAL, read_initial, write_initial, no_initial},
};
#define NENTRIES ((int)(sizeof entry_table / sizeof entry_table[0]))

/* Every entry of the file is one the table knows. */
static int check_names(GameFile *ps)
{
    for (int i = 0; i < ps->n; i++) {
        int k = 0;
        while (k < NENTRIES && strcmp(entry_table[k].name, ps->e[i].name) != 0)
            k++;
        if (k == NENTRIES)
            return gamefile_error(ps, ps->e[i].line, "unknown entry (%s", ps->e[i].name);
    }
    return 0;
}

/* The form d's entry must have in ps: multi-line or one line (ENTRY_EITHER: the form it has). */
static bool entry_multi(const GameFile *ps, const EntryDef *d)
{
    if (d->flags & ENTRY_EITHER)
        for (int i = 0; i < ps->n; i++)
            if (strcmp(ps->e[i].name, d->name) == 0)
                return ps->e[i].multi;
    return d->flags & ENTRY_MULTI;
}

/* Reads the entries rank by rank; a missing optional entry leaves its state as board_new made it. */
static int read_entries(GameFile *ps, Board *b)
{
    if (read_header(ps, b) < 0 || check_names(ps) < 0)
        return -1;
    for (int rank = RANK_HEADER + 1; rank < RANK_COUNT; rank++)
        for (int i = 0; i < NENTRIES; i++) {
            const EntryDef *d = &entry_table[i];
            if (d->rank != rank)
                continue;
            int rc = 0;
            GameEntry *e = gamefile_find(ps, d->name, entry_multi(ps, d), d->flags & ENTRY_REQUIRED, &rc);
            if (rc < 0 || (e && d->read(ps, b, e) < 0))
                return -1;
        }
    return 0;
}

Board *boardfile_parse_at(const char *text, const char *name, BoardfileError *e)
{
    return boardfile_parse_take(xstrdup(text), name, e);
}

Board *boardfile_parse_take(char *text, const char *name, BoardfileError *e)
{
    GameFile ps = {.name = name, .err = &e->err};
    Board *b = board_new();
    e->line = 0;
    if (gamefile_split_take(&ps, text) < 0 || read_entries(&ps, b) < 0) {
        e->line = ps.err_line;
        gamefile_free(&ps);
        board_free(b);
        return NULL;
    }
    boardprivate_known_default(b);
    gamefile_free(&ps);
    Err e2;
    if (board_check(b, &e2) < 0) {
        err_fail(&e->err, "%s: %s", name, e2.msg);
        board_free(b);
        return NULL;
    }
    return b;
}

Board *boardfile_parse(const char *text, const char *name, Err *err)
{
    BoardfileError e;
    Board *b = boardfile_parse_at(text, name, &e);
    if (!b && err)
        *err = e.err;
    return b;
}

/* Writes the board entry by entry; core leaves out the entries verify does not compare. */
static char *write_entries(const Board *b, bool core)
{
    Buf o;
    buf_init(&o);
    for (int i = 0; i < NENTRIES; i++) {
        const EntryDef *d = &entry_table[i];
        if (!d->write || (core && !(d->flags & ENTRY_CORE)) || (d->absent && d->absent(b)))
            continue;
        bool multi = (d->flags & ENTRY_MULTI) && !((d->flags & ENTRY_EITHER) && b->moves_file);
        buf_addc(&o, '(');
        buf_add(&o, d->name);
        if (multi)
            buf_addc(&o, '\n');
        d->write(&o, b);
        buf_add(&o, ")\n");
    }
    return buf_take(&o);
}

char *boardfile_write(const Board *b)
{
    return write_entries(b, false);
}

char *boardfile_write_core(const Board *b)
{
    return write_entries(b, true);
}
