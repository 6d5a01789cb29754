/* board: the Board (terrain, players, pieces, specials, starts, clock, history); squares; load/save; invariants. */
#include "board.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "specials.h"

const int board_dir_dc[DIR_COUNT] = {0, 1, 1, 1, 0, -1, -1, -1};
const int board_dir_dr[DIR_COUNT] = {-1, -1, 0, 1, 1, 1, 0, -1};
const char *const board_dir_name[DIR_COUNT] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
const char *const board_status_name[] = {"active", "eliminated", "resigned", "forfeited"};
static const char *const phase_name[] = {"round0", "play", "ended"};

int board_dir_parse(const char *s)
{
    for (int d = 0; d < DIR_COUNT; d++)
        if (str_ieq(s, board_dir_name[d]))
            return d;
    return -1;
}

/* ---- squares ---- */

char *board_col_name(int col, char *buf)
{
    char tmp[8];
    int n = 0;
    col++;
    while (col > 0 && n < 7) {
        int r = (col - 1) % 26;
        tmp[n++] = (char)('A' + r);
        col = (col - 1) / 26;
    }
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

int board_sq_parse_name(const char *s, int *col, int *row)
{
    int c = 0, letters = 0;
    const char *p = s;
    while (isalpha((unsigned char)*p)) {
        if (++letters > 3)
            return -1;
        c = c * 26 + (toupper((unsigned char)*p) - 'A' + 1);
        p++;
    }
    if (!letters || !isdigit((unsigned char)*p) || *p == '0')
        return -1;
    int r = 0, digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (++digits > 4)
            return -1;
        r = r * 10 + (*p - '0');
        p++;
    }
    if (*p)
        return -1;
    *col = c - 1;
    *row = r - 1;
    return 0;
}

int board_parse_sq(const Board *b, const char *s, int *sq, Err *err)
{
    int c, r;
    if (board_sq_parse_name(s, &c, &r) < 0) {
        if (strlen(s) <= 12 && !has_control(s))
            return fail(err, "'%s' is not a square", s);
        return fail(err, "bad square");
    }
    if (c >= b->w || r >= b->h) {
        char nm[16];
        snprintf(nm, sizeof nm, "%s", s);
        return fail(err, "%s is off the board", str_upper(nm));
    }
    *sq = board_sq(b, c, r);
    return 0;
}

char *board_sq_name(const Board *b, int sq, char *buf)
{
    board_col_name(board_col(b, sq), buf);
    sprintf(buf + strlen(buf), "%d", board_row(b, sq) + 1);
    return buf;
}

int board_step(const Board *b, int sq, int d)
{
    int c = board_col(b, sq) + board_dir_dc[d], r = board_row(b, sq) + board_dir_dr[d];
    if (c < 0 || r < 0 || c >= b->w || r >= b->h)
        return -1;
    return board_sq(b, c, r);
}

int board_dist(const Board *b, int a, int c)
{
    int dc = abs(board_col(b, a) - board_col(b, c)), dr = abs(board_row(b, a) - board_row(b, c));
    return dc > dr ? dc : dr;
}

/* ---- pieces ---- */

Piece *board_piece_at(const Board *b, int sq)
{
    if (sq < 0 || sq >= b->w * b->h || b->at[sq] < 0)
        return NULL;
    return &b->pc[b->at[sq]];
}

Piece *board_add_piece(Board *b, int sq, int owner, const Genome *g)
{
    if (b->npc == b->cappc) {
        b->cappc = b->cappc ? b->cappc * 2 : 16;
        b->pc = xrealloc(b->pc, (size_t)b->cappc * sizeof *b->pc);
    }
    Piece *p = &b->pc[b->npc];
    p->sq = sq;
    p->owner = owner;
    p->g = *g;
    b->at[sq] = b->npc++;
    return p;
}

void board_remove_piece(Board *b, int sq)
{
    int i = b->at[sq];
    b->at[sq] = -1;
    b->npc--;
    if (i != b->npc) {
        b->pc[i] = b->pc[b->npc];
        b->at[b->pc[i].sq] = i;
    }
}

void board_move_piece(Board *b, int from, int to)
{
    int i = b->at[from];
    b->at[from] = -1;
    b->at[to] = i;
    b->pc[i].sq = to;
}

void board_swap_pieces(Board *b, int s1, int s2)
{
    int i = b->at[s1], j = b->at[s2];
    b->at[s1] = j;
    b->at[s2] = i;
    b->pc[i].sq = s2;
    b->pc[j].sq = s1;
}

static int cmp_int(const void *a, const void *c)
{
    int x = *(const int *)a, y = *(const int *)c;
    return (x > y) - (x < y);
}

int board_piece_squares(const Board *b, int **out)
{
    int *v = xmalloc(sizeof(int) * (size_t)(b->npc ? b->npc : 1));
    for (int i = 0; i < b->npc; i++)
        v[i] = b->pc[i].sq;
    qsort(v, (size_t)b->npc, sizeof(int), cmp_int);
    *out = v;
    return b->npc;
}

bool board_is_orphan(const Board *b, const Piece *p)
{
    PlayerStatus s = b->pl[p->owner].status;
    if (s == PS_RESIGNED || s == PS_FORFEIT)
        return true;
    return s == PS_ELIMINATED && !p->g.n[GENE_P];
}

bool board_controls(const Board *b, int player, const Piece *p)
{
    return p->owner == player && !board_is_orphan(b, p);
}

int64_t board_king_codes(const Board *b, int player)
{
    int64_t k = 0;
    for (int i = 0; i < b->npc; i++)
        if (board_controls(b, player, &b->pc[i]))
            k += b->pc[i].g.n[GENE_K];
    return k;
}

bool board_player_has_turns(const Board *b, int player)
{
    const Player *pl = &b->pl[player];
    if (pl->status == PS_ACTIVE)
        return true;
    if (pl->status != PS_ELIMINATED)
        return false;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner == player && b->pc[i].g.n[GENE_P])
            return true;
    return false;
}

int board_player_index(const Board *b, const char *id)
{
    for (int i = 0; i < b->np; i++)
        if (str_ieq(b->pl[i].id, id))
            return i;
    return -1;
}

Special *board_special_at(const Board *b, int sq)
{
    for (int i = 0; i < b->nsp; i++)
        if (b->sp[i].sq == sq)
            return &b->sp[i];
    return NULL;
}

bool board_is_floor(const Board *b, int sq)
{
    return sq >= 0 && sq < b->w * b->h && b->ter[sq] == TER_FLOOR;
}

bool board_in_area(const Board *b, int sq)
{
    return sq >= 0 && sq < b->w * b->h && (b->ter[sq] == TER_FLOOR || b->ter[sq] == TER_IWALL);
}

char *board_turn_label(const Board *b, char *buf)
{
    if (b->phase == PHASE_ROUND0 || b->round == 0)
        strcpy(buf, "0");
    else
        sprintf(buf, "%d%c", b->round, 'a' + b->seat);
    return buf;
}

int board_move_number(const Board *b)
{
    return b->moves.n + 1;
}

/* ---- life cycle ---- */

Board *board_new(void)
{
    Board *b = xcalloc(1, sizeof *b);
    b->version = BOARD_FORMAT_VERSION;
    b->par = params_default();
    return b;
}

static void player_free(Player *p)
{
    free(p->reveals);
    sl_free(&p->queue);
    sl_free(&p->news);
    sl_free(&p->ebook);
}

void board_free(Board *b)
{
    if (!b)
        return;
    free(b->ter);
    free(b->at);
    free(b->pc);
    for (int i = 0; i < b->np; i++)
        player_free(&b->pl[i]);
    free(b->pl);
    for (int i = 0; i < b->nsp; i++)
        special_free(&b->sp[i]);
    free(b->sp);
    free(b->st);
    free(b->spc);
    sl_free(&b->moves);
    free(b->initial);
    free(b);
}

void board_set_size(Board *b, int w, int h)
{
    free(b->ter);
    free(b->at);
    b->w = w;
    b->h = h;
    b->ter = xmalloc((size_t)w * (size_t)h);
    memset(b->ter, TER_OUTSIDE, (size_t)w * (size_t)h);
    b->at = xmalloc(sizeof(int) * (size_t)w * (size_t)h);
    for (int i = 0; i < w * h; i++)
        b->at[i] = -1;
    b->npc = 0;
}

/* ---- serialization ---- */

/* One item line inside a multi-line entry: lines starting with ( ) \ or white space get a leading backslash. */
static void put_item(Buf *o, const char *line)
{
    if (line[0] == '(' || line[0] == ')' || line[0] == '\\' || line[0] == ' ' || line[0] == '\t')
        buf_add(o, "\\");
    buf_add(o, line);
    buf_add(o, "\n");
}

/* Writes the board; core leaves out the entries verify does not compare. */
static char *serialize(const Board *b, bool core)
{
    Buf o;
    char sq[16], seq[GENOME_MAX_COPIES * 4];
    buf_init(&o);
    buf_printf(&o, "(genetess %d)\n", b->version);
    buf_printf(&o, "(number %d)\n", b->number);
    buf_add(&o, "(params ");
    params_write(&b->par, &o);
    buf_add(&o, ")\n");
    buf_printf(&o, "(turn %s %d %d)\n", phase_name[b->phase], b->round, b->seat);
    buf_add(&o, "(players");
    for (int i = 0; i < b->np; i++)
        buf_printf(&o, " %s", b->pl[i].id);
    buf_add(&o, ")\n(energy");
    for (int i = 0; i < b->np; i++)
        buf_printf(&o, " %" PRId64, b->pl[i].e);
    buf_add(&o, ")\n(status\n");
    for (int i = 0; i < b->np; i++) {
        const Player *p = &b->pl[i];
        buf_printf(&o, "%s %s out=%d kills=%d start=%d timeouts=%d total-timeouts=%d\n", p->id,
                   board_status_name[p->status], p->out_seq, p->kills, p->start, p->timeouts, p->timeouts_total);
    }
    buf_add(&o, ")\n(map\n");
    char *row = xmalloc((size_t)b->w + 1);
    for (int r = 0; r < b->h; r++) {
        memcpy(row, b->ter + (size_t)r * (size_t)b->w, (size_t)b->w);
        int n = b->w;
        while (n > 0 && row[n - 1] == ' ')
            n--;
        row[n] = '\0';
        if (n == 0)
            buf_add(&o, "\\\n");
        else
            put_item(&o, row);
    }
    free(row);
    buf_add(&o, ")\n(pieces\n");
    int *sqs;
    int n = board_piece_squares(b, &sqs);
    for (int i = 0; i < n; i++) {
        const Piece *p = board_piece_at(b, sqs[i]);
        buf_printf(&o, "%s %s %s\n", board_sq_name(b, p->sq, sq), b->pl[p->owner].id,
                   genome_format(&p->g, true, seq, sizeof seq));
    }
    free(sqs);
    buf_add(&o, ")\n(specials\n");
    for (int i = 0; i < b->nsp; i++) {
        char *line = special_format(b, &b->sp[i]);
        put_item(&o, line);
        free(line);
    }
    buf_add(&o, ")\n(starts\n");
    for (int i = 0; i < b->nst; i++)
        buf_printf(&o, "GPC%d %s\n", b->st[i].label, board_sq_name(b, b->st[i].sq, sq));
    buf_add(&o, ")\n");
    if (b->nspc) {
        buf_add(&o, "(startpieces\n");
        for (int i = 0; i < b->nspc; i++)
            buf_printf(&o, "GPC%d %s %s\n", b->spc[i].label, board_sq_name(b, b->spc[i].sq, sq),
                       genome_format(&b->spc[i].g, false, seq, sizeof seq));
        buf_add(&o, ")\n");
    }
    buf_printf(&o, "(random %s %016" PRIx64 ")\n", RNG_ALGORITHM, b->rng.state);
    /* Views: whole-board views and S17/S18 reveals, until the player's next turn. */
    buf_add(&o, "(views\n");
    for (int i = 0; i < b->np; i++) {
        const Player *p = &b->pl[i];
        if (p->full_view)
            buf_printf(&o, "%s full %s %s\n", p->id, p->full_decode ? "decoded" : "plain", p->full_until);
        for (int k = 0; k < p->nreveals; k++) {
            const Reveal *rv = &p->reveals[k];
            buf_printf(&o, "%s reveal %s %s %s %s\n", p->id, board_sq_name(b, rv->sq, sq),
                       rv->owner >= 0 ? b->pl[rv->owner].id : "*", rv->seq, rv->label);
        }
    }
    buf_add(&o, ")\n(gambles\n");
    for (int i = 0; i < b->np; i++)
        for (int k = 0; k < 2; k++) {
            const Gamble *g = &b->pl[i].gamble[k];
            if (!g->set)
                continue;
            buf_printf(&o, "%s %s %" PRId64, b->pl[i].id, k ? "order" : "position", g->stake);
            for (int j = 0; j < g->nprefs; j++)
                buf_printf(&o, " %d", g->prefs[j]);
            buf_add(&o, "\n");
        }
    buf_add(&o, ")\n(moves\n");
    for (int i = 0; i < b->moves.n; i++)
        put_item(&o, b->moves.v[i]);
    buf_add(&o, ")\n");
    if (b->result[0])
        buf_printf(&o, "(result %s)\n", b->result);
    if (core)
        return buf_take(&o);

    /* Private and time-dependent state (not compared by verify). */
    const Clock *c = &b->clock;
    buf_printf(&o,
               "(clock created=%" PRId64 " turn-start=%" PRId64 " deadline=%" PRId64 " fresh=%d nag=%d holiday-since=%" PRId64
               " ended=%" PRId64 ")\n",
               c->created, c->turn_start, c->deadline, c->fresh_used, c->nag_sent, c->holiday_since, c->ended);
    buf_add(&o, "(holidays");
    for (int i = 0; i < b->np; i++)
        buf_printf(&o, " %" PRId64, b->pl[i].holiday_left);
    buf_add(&o, ")\n(quiet");
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].quiet)
            buf_printf(&o, " %s", b->pl[i].id);
    buf_add(&o, ")\n(queue\n");
    for (int i = 0; i < b->np; i++)
        for (int k = 0; k < b->pl[i].queue.n; k++)
            buf_printf(&o, "%s %s\n", b->pl[i].id, b->pl[i].queue.v[k]);
    buf_add(&o, ")\n(news\n");
    for (int i = 0; i < b->np; i++)
        for (int k = 0; k < b->pl[i].news.n; k++)
            buf_printf(&o, "%s %s\n", b->pl[i].id, b->pl[i].news.v[k]);
    buf_add(&o, ")\n(ebook\n");
    for (int i = 0; i < b->np; i++)
        for (int k = 0; k < b->pl[i].ebook.n; k++)
            buf_printf(&o, "%s %s\n", b->pl[i].id, b->pl[i].ebook.v[k]);
    buf_add(&o, ")\n");
    if (b->initial) {
        /* A multi-line entry's name has no spaces: the base is the first item. */
        buf_printf(&o, "(initial\n%d\n", b->initial_base);
        const char *p = b->initial;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t ln = nl ? (size_t)(nl - p) : strlen(p);
            char *line = xmalloc(ln + 1);
            memcpy(line, p, ln);
            line[ln] = '\0';
            put_item(&o, line);
            free(line);
            p += ln + (nl ? 1 : 0);
        }
        buf_add(&o, ")\n");
    }
    return buf_take(&o);
}

char *board_serialize(const Board *b)
{
    return serialize(b, false);
}

char *board_serialize_core(const Board *b)
{
    return serialize(b, true);
}

/* ---- parsing ---- */

typedef struct Entry {
    char *name;
    int line;
    bool multi;
    char *rest;     /* one-line entry: text after the name */
    StrList items;  /* multi-line entry: items, unescaped */
    int *lines;     /* line number of each item */
} Entry;

typedef struct Parser {
    const char *name;
    Entry *e;
    int n, cap;
    Err *err;
} Parser;

static int perr(Parser *ps, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int perr(Parser *ps, int line, const char *fmt, ...)
{
    char msg[ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail(ps->err, "%s:%d: %s", ps->name, line, msg);
}

static void entries_free(Parser *ps)
{
    for (int i = 0; i < ps->n; i++) {
        free(ps->e[i].name);
        free(ps->e[i].rest);
        sl_free(&ps->e[i].items);
        free(ps->e[i].lines);
    }
    free(ps->e);
}

static Entry *new_entry(Parser *ps)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 32;
        ps->e = xrealloc(ps->e, (size_t)ps->cap * sizeof *ps->e);
    }
    Entry *e = &ps->e[ps->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static bool valid_entry_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '-')
            return false;
    return true;
}

/* Splits text into entries. */
static int split_entries(Parser *ps, const char *text)
{
    int lineno = 0;
    Entry *open = NULL;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *next = nl ? nl + 1 : p + len;
        lineno++;
        if (len > 1 << 20)
            return perr(ps, lineno, "line too long");
        char *line = xmalloc(len + 1);
        memcpy(line, p, len);
        line[len] = '\0';
        if (len && line[len - 1] == '\r')
            line[--len] = '\0';
        p = next;
        for (size_t i = 0; i < len; i++)
            if (line[i] == '\t' ? false : iscntrl((unsigned char)line[i])) {
                free(line);
                return perr(ps, lineno, "control character in the board file");
            }
        if (open) {
            if (strcmp(line, ")") == 0) {
                open = NULL;
            } else {
                const char *item = line;
                if (line[0] == '\\')
                    item = line + 1;
                else if (line[0] == '(')
                    return free(line), perr(ps, lineno, "unescaped '(' inside (%s", open->name);
                sl_push(&open->items, item);
                open->lines = xrealloc(open->lines, sizeof(int) * (size_t)open->items.n);
                open->lines[open->items.n - 1] = lineno;
            }
            free(line);
            continue;
        }
        if (len == 0) {
            free(line);
            continue;
        }
        if (line[0] != '(') {
            free(line);
            return perr(ps, lineno, "expected an entry '(name ...)'");
        }
        Entry *e = new_entry(ps);
        e->line = lineno;
        if (line[len - 1] == ')') {
            line[len - 1] = '\0';
            char *sp = strchr(line + 1, ' ');
            if (sp)
                *sp = '\0';
            e->name = xstrdup(line + 1);
            e->rest = xstrdup(sp ? sp + 1 : "");
        } else {
            e->name = xstrdup(line + 1);
            e->multi = true;
            open = e;
        }
        free(line);
        if (!valid_entry_name(e->name))
            return perr(ps, lineno, "bad entry name");
    }
    if (open)
        return perr(ps, open->line, "entry (%s is not closed", open->name);
    return 0;
}

static Entry *find_entry(Parser *ps, const char *name, bool multi, bool required, int *rc)
{
    Entry *found = NULL;
    for (int i = 0; i < ps->n; i++)
        if (strcmp(ps->e[i].name, name) == 0) {
            if (found) {
                *rc = perr(ps, ps->e[i].line, "duplicate entry (%s", name);
                return NULL;
            }
            found = &ps->e[i];
        }
    if (!found && required)
        *rc = perr(ps, 1, "missing entry (%s)", name);
    else if (found && found->multi != multi)
        *rc = perr(ps, found->line, "entry (%s must be %s", name, multi ? "a multi-line entry" : "on one line");
    return found && found->multi == multi ? found : NULL;
}

static int parse_players(Parser *ps, Board *b, Entry *e)
{
    StrList w = {0};
    int n = split_words(e->rest, &w);
    if (n < 1 || n > MAX_PLAYERS) {
        sl_free(&w);
        return perr(ps, e->line, "(players needs 1 to %d userids", MAX_PLAYERS);
    }
    b->pl = xcalloc((size_t)n, sizeof *b->pl);
    b->np = n;
    for (int i = 0; i < n; i++) {
        if (!str_is_word(w.v[i], USERID_MAX) || strchr(w.v[i], ':')) {
            sl_free(&w);
            return perr(ps, e->line, "bad userid in (players");
        }
        for (int k = 0; k < i; k++)
            if (str_ieq(b->pl[k].id, w.v[i])) {
                sl_free(&w);
                return perr(ps, e->line, "player listed twice");
            }
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", w.v[i]);
        b->pl[i].holiday_left = b->par.holiday_days * 86400;
    }
    sl_free(&w);
    return 0;
}

static int item_player(Parser *ps, Board *b, Entry *e, int k, char **rest)
{
    char *s = e->items.v[k];
    char *sp = strchr(s, ' ');
    if (sp)
        *sp = '\0';
    int p = board_player_index(b, s);
    if (sp)
        *sp = ' ';
    if (p < 0)
        return perr(ps, e->lines[k], "unknown player");
    *rest = sp ? sp + 1 : s + strlen(s);
    return p;
}

static int parse_seq(Parser *ps, int line, const char *s, bool markers, Genome *g)
{
    Err e2;
    char buf[GENOME_MAX_COPIES * 4];
    if (genome_parse(s, g, markers, &e2) < 0)
        return perr(ps, line, "bad sequence: %s", e2.msg);
    if (strcmp(genome_format(g, markers, buf, sizeof buf), s) != 0)
        return perr(ps, line, "sequence not in canonical order (codes alphabetical, then r, then u)");
    return 0;
}

static int parse_sq_at(Parser *ps, Board *b, int line, const char *s, int *sq)
{
    Err e2;
    if (board_parse_sq(b, s, sq, &e2) < 0)
        return perr(ps, line, "%s", e2.msg);
    char buf[16];
    if (strcmp(board_sq_name(b, *sq, buf), s) != 0)
        return perr(ps, line, "square not written in upper case");
    return 0;
}

static int parse_body(Parser *ps, Board *b)
{
    int rc = 0;
    Entry *e;
    if (ps->n == 0 || strcmp(ps->e[0].name, "genetess") != 0)
        return perr(ps, 1, "not a genetess board (first entry must be (genetess <version>))");
    int64_t v;
    if (!parse_i64_range(ps->e[0].rest, 1, 1000, &v))
        return perr(ps, 1, "bad version");
    if (v != BOARD_FORMAT_VERSION)
        return perr(ps, 1, "unsupported board format version %lld", (long long)v);
    b->version = (int)v;
    static const char *const known[] = {"genetess", "number", "params", "turn", "players", "energy", "status",
                                        "map", "pieces", "specials", "starts", "startpieces", "random", "views",
                                        "gambles", "moves", "result", "clock", "holidays", "quiet", "queue",
                                        "news", "ebook", "initial", NULL};
    for (int i = 0; i < ps->n; i++) {
        int k;
        for (k = 0; known[k]; k++)
            if (strcmp(known[k], ps->e[i].name) == 0)
                break;
        if (!known[k])
            return perr(ps, ps->e[i].line, "unknown entry (%s", ps->e[i].name);
    }
    if (!(e = find_entry(ps, "number", false, true, &rc)))
        return -1;
    if (!parse_i64_range(e->rest, 1, 999999999, &v))
        return perr(ps, e->line, "bad board number");
    b->number = (int)v;

    if (!(e = find_entry(ps, "params", false, true, &rc)))
        return -1;
    {
        Err e2;
        if (params_parse(&b->par, e->rest, &e2) < 0)
            return perr(ps, e->line, "%s", e2.msg);
    }
    if (!(e = find_entry(ps, "players", false, true, &rc)) || parse_players(ps, b, e) < 0)
        return -1;

    if (!(e = find_entry(ps, "turn", false, true, &rc)))
        return -1;
    {
        char ph[16];
        int round, seat;
        if (sscanf(e->rest, "%15s %d %d", ph, &round, &seat) != 3)
            return perr(ps, e->line, "(turn needs phase, round and seat");
        int k;
        for (k = 0; k < 3; k++)
            if (strcmp(ph, phase_name[k]) == 0)
                break;
        if (k == 3 || round < 0 || round > 1000000 || seat < 0 || seat >= b->np)
            return perr(ps, e->line, "bad (turn");
        b->phase = (Phase)k;
        b->round = round;
        b->seat = seat;
        if ((b->phase == PHASE_PLAY) != (round >= 1) && b->phase != PHASE_ENDED)
            return perr(ps, e->line, "round does not match the phase");
    }

    if (!(e = find_entry(ps, "energy", false, true, &rc)))
        return -1;
    {
        StrList w = {0};
        if (split_words(e->rest, &w) != b->np) {
            sl_free(&w);
            return perr(ps, e->line, "(energy needs one value per player");
        }
        for (int i = 0; i < w.n; i++)
            if (!parse_i64(w.v[i], &b->pl[i].e)) {
                sl_free(&w);
                return perr(ps, e->line, "E must be a whole number >= 0");
            }
        sl_free(&w);
    }

    if ((e = find_entry(ps, "status", true, false, &rc))) {
        for (int k = 0; k < e->items.n; k++) {
            char *rest;
            int p = item_player(ps, b, e, k, &rest);
            if (p < 0)
                return -1;
            char st[16];
            Player *pl = &b->pl[p];
            if (sscanf(rest, "%15s out=%d kills=%d start=%d timeouts=%d total-timeouts=%d", st, &pl->out_seq,
                       &pl->kills, &pl->start, &pl->timeouts, &pl->timeouts_total) != 6)
                return perr(ps, e->lines[k], "bad status line");
            int s;
            for (s = 0; s < 4; s++)
                if (strcmp(st, board_status_name[s]) == 0)
                    break;
            if (s == 4 || pl->out_seq < 0 || pl->kills < 0 || pl->start < 0 || pl->timeouts < 0 ||
                pl->timeouts_total < 0)
                return perr(ps, e->lines[k], "bad status line");
            pl->status = (PlayerStatus)s;
        }
    } else if (rc)
        return -1;

    if (!(e = find_entry(ps, "map", true, true, &rc)))
        return -1;
    {
        int h = e->items.n, w = 0;
        if (h < 1 || h > MAX_ROWS)
            return perr(ps, e->line, "map must have 1 to %d rows", MAX_ROWS);
        for (int r = 0; r < h; r++) {
            int n = (int)strlen(e->items.v[r]);
            if (n > MAX_COLS)
                return perr(ps, e->lines[r], "map row longer than %d columns", MAX_COLS);
            if (n > w)
                w = n;
        }
        if (w < 1)
            return perr(ps, e->line, "empty map");
        board_set_size(b, w, h);
        for (int r = 0; r < h; r++)
            for (int c = 0; e->items.v[r][c]; c++) {
                char ch = e->items.v[r][c];
                if (ch != TER_OUTSIDE && ch != TER_FLOOR && ch != TER_IWALL && ch != TER_XWALL)
                    return perr(ps, e->lines[r], "bad map character (only '#', '+', '.' and space)");
                b->ter[board_sq(b, c, r)] = ch;
            }
    }

    if (!(e = find_entry(ps, "pieces", true, true, &rc)))
        return -1;
    int prev = -1;
    for (int k = 0; k < e->items.n; k++) {
        char sqs[16], who[64], seq[GENOME_MAX_COPIES * 4];
        char extra;
        if (strlen(e->items.v[k]) > sizeof seq - 100 ||
            sscanf(e->items.v[k], "%15s %63s %s %c", sqs, who, seq, &extra) != 3)
            return perr(ps, e->lines[k], "a piece line is SQUARE USERID SEQUENCE");
        int sq, p;
        Genome g;
        if (parse_sq_at(ps, b, e->lines[k], sqs, &sq) < 0)
            return -1;
        if ((p = board_player_index(b, who)) < 0)
            return perr(ps, e->lines[k], "piece of an unknown player");
        if (parse_seq(ps, e->lines[k], seq, true, &g) < 0)
            return -1;
        if (b->at[sq] >= 0)
            return perr(ps, e->lines[k], "two pieces on one square");
        if (b->ter[sq] != TER_FLOOR)
            return perr(ps, e->lines[k], "piece on %s is not on floor", sqs);
        if (!genome_viable(&g))
            return perr(ps, e->lines[k], "piece on %s is not viable (needs A or K)", sqs);
        if (sq < prev)
            return perr(ps, e->lines[k], "pieces not in reading order");
        prev = sq;
        board_add_piece(b, sq, p, &g);
    }

    if ((e = find_entry(ps, "specials", true, false, &rc))) {
        b->sp = xcalloc((size_t)e->items.n, sizeof *b->sp);
        for (int k = 0; k < e->items.n; k++) {
            Err e2;
            if (special_parse(b, e->items.v[k], &b->sp[b->nsp], &e2) < 0)
                return perr(ps, e->lines[k], "%s", e2.msg);
            b->nsp++;
        }
    } else if (rc)
        return -1;

    if ((e = find_entry(ps, "starts", true, false, &rc))) {
        b->st = xcalloc((size_t)e->items.n, sizeof *b->st);
        for (int k = 0; k < e->items.n; k++) {
            char sqs[16];
            int label, sq;
            if (sscanf(e->items.v[k], "GPC%d %15s", &label, sqs) != 2 || label != k + 1)
                return perr(ps, e->lines[k], "start lines are GPC<n> SQUARE, numbered from 1");
            if (parse_sq_at(ps, b, e->lines[k], sqs, &sq) < 0)
                return -1;
            b->st[b->nst++] = (Start){.label = label, .sq = sq};
        }
    } else if (rc)
        return -1;

    if ((e = find_entry(ps, "startpieces", true, false, &rc))) {
        b->spc = xcalloc((size_t)e->items.n, sizeof *b->spc);
        for (int k = 0; k < e->items.n; k++) {
            char sqs[16], seq[1024];
            int label, sq;
            if (sscanf(e->items.v[k], "GPC%d %15s %1000s", &label, sqs, seq) != 3 || label < 1 || label > b->nst)
                return perr(ps, e->lines[k], "start piece lines are GPC<n> SQUARE SEQUENCE");
            if (parse_sq_at(ps, b, e->lines[k], sqs, &sq) < 0)
                return -1;
            StartPiece *s = &b->spc[b->nspc++];
            s->label = label;
            s->sq = sq;
            if (parse_seq(ps, e->lines[k], seq, false, &s->g) < 0)
                return -1;
        }
    } else if (rc)
        return -1;

    if (!(e = find_entry(ps, "random", false, true, &rc)))
        return -1;
    {
        char alg[32], hex[32];
        if (sscanf(e->rest, "%31s %31s", alg, hex) != 2 || strcmp(alg, RNG_ALGORITHM) != 0 || strlen(hex) != 16 ||
            strspn(hex, "0123456789abcdef") != 16)
            return perr(ps, e->line, "(random needs %s and 16 hex digits", RNG_ALGORITHM);
        b->rng.state = strtoull(hex, NULL, 16);
    }

    if ((e = find_entry(ps, "views", true, false, &rc))) {
        for (int k = 0; k < e->items.n; k++) {
            char *rest;
            int p = item_player(ps, b, e, k, &rest);
            if (p < 0)
                return -1;
            Player *pl = &b->pl[p];
            char a[16], c[16], sqs[16], who[64], seq[64], lab[16];
            if (sscanf(rest, "full %15s %15s", a, c) == 2 && (!strcmp(a, "decoded") || !strcmp(a, "plain"))) {
                pl->full_view = true;
                pl->full_decode = a[0] == 'd';
                snprintf(pl->full_until, sizeof pl->full_until, "%s", c);
            } else if (sscanf(rest, "reveal %15s %63s %63s %15s", sqs, who, seq, lab) == 4) {
                Reveal rv = {0};
                if (parse_sq_at(ps, b, e->lines[k], sqs, &rv.sq) < 0)
                    return -1;
                rv.owner = strcmp(who, "*") ? board_player_index(b, who) : REVEAL_ORPHAN;
                if (strcmp(who, "*") && rv.owner < 0)
                    return perr(ps, e->lines[k], "reveal of an unknown player's piece");
                snprintf(rv.seq, sizeof rv.seq, "%s", seq);
                snprintf(rv.label, sizeof rv.label, "%s", lab);
                pl->reveals = xrealloc(pl->reveals, sizeof(Reveal) * (size_t)(pl->nreveals + 1));
                pl->reveals[pl->nreveals++] = rv;
            } else
                return perr(ps, e->lines[k], "bad views line");
        }
    } else if (rc)
        return -1;

    if ((e = find_entry(ps, "gambles", true, false, &rc))) {
        for (int k = 0; k < e->items.n; k++) {
            char *rest;
            int p = item_player(ps, b, e, k, &rest);
            if (p < 0)
                return -1;
            StrList w = {0};
            int n = split_words(rest, &w);
            int kind = n >= 2 ? (!strcmp(w.v[0], "position") ? 0 : !strcmp(w.v[0], "order") ? 1 : -1) : -1;
            Gamble *g = kind >= 0 ? &b->pl[p].gamble[kind] : NULL;
            if (!g || g->set || !parse_i64(w.v[1], &g->stake) || n - 2 > MAX_PLAYERS) {
                sl_free(&w);
                return perr(ps, e->lines[k], "bad gamble line");
            }
            g->set = true;
            for (int i = 2; i < n; i++) {
                int64_t x;
                if (!parse_i64_range(w.v[i], 1, MAX_PLAYERS, &x)) {
                    sl_free(&w);
                    return perr(ps, e->lines[k], "bad gamble preference");
                }
                g->prefs[g->nprefs++] = (int)x;
            }
            b->pl[p].gambled_any = true;
            sl_free(&w);
        }
    } else if (rc)
        return -1;

    if (!(e = find_entry(ps, "moves", true, true, &rc)))
        return -1;
    sl_copy(&b->moves, &e->items);

    if ((e = find_entry(ps, "result", false, false, &rc)))
        snprintf(b->result, sizeof b->result, "%s", e->rest);
    else if (rc)
        return -1;

    if ((e = find_entry(ps, "clock", false, false, &rc))) {
        Clock *c = &b->clock;
        int fresh, nag;
        if (sscanf(e->rest,
                   "created=%" SCNd64 " turn-start=%" SCNd64 " deadline=%" SCNd64 " fresh=%d nag=%d holiday-since=%" SCNd64
                   " ended=%" SCNd64,
                   &c->created, &c->turn_start, &c->deadline, &fresh, &nag, &c->holiday_since, &c->ended) != 7)
            return perr(ps, e->line, "bad (clock");
        c->fresh_used = fresh != 0;
        c->nag_sent = nag != 0;
    } else if (rc)
        return -1;

    if ((e = find_entry(ps, "holidays", false, false, &rc))) {
        StrList w = {0};
        if (split_words(e->rest, &w) != b->np) {
            sl_free(&w);
            return perr(ps, e->line, "(holidays needs one value per player");
        }
        for (int i = 0; i < w.n; i++)
            if (!parse_i64(w.v[i], &b->pl[i].holiday_left)) {
                sl_free(&w);
                return perr(ps, e->line, "bad holiday allowance");
            }
        sl_free(&w);
    } else if (rc)
        return -1;

    if ((e = find_entry(ps, "quiet", false, false, &rc))) {
        StrList w = {0};
        split_words(e->rest, &w);
        for (int i = 0; i < w.n; i++) {
            int p = board_player_index(b, w.v[i]);
            if (p < 0) {
                sl_free(&w);
                return perr(ps, e->line, "unknown player in (quiet");
            }
            b->pl[p].quiet = true;
        }
        sl_free(&w);
    } else if (rc)
        return -1;

    static const char *const lists[] = {"queue", "news", "ebook"};
    for (int l = 0; l < 3; l++) {
        if ((e = find_entry(ps, lists[l], true, false, &rc))) {
            for (int k = 0; k < e->items.n; k++) {
                char *rest;
                int p = item_player(ps, b, e, k, &rest);
                if (p < 0)
                    return -1;
                StrList *dst = l == 0 ? &b->pl[p].queue : l == 1 ? &b->pl[p].news : &b->pl[p].ebook;
                sl_push(dst, rest);
            }
        } else if (rc)
            return -1;
    }

    if ((e = find_entry(ps, "turn", false, true, &rc)) && b->phase == PHASE_PLAY && !board_player_has_turns(b, b->seat))
        return perr(ps, e->line, "the current turn belongs to %s, who has no turns left", b->pl[b->seat].id);

    if ((e = find_entry(ps, "initial", true, false, &rc))) {
        int64_t base;
        if (e->items.n < 1 || !parse_i64_range(e->items.v[0], 0, b->moves.n, &base))
            return perr(ps, e->line, "(initial must start with the number of moves it reflects");
        b->initial_base = (int)base;
        Buf t;
        buf_init(&t);
        for (int k = 1; k < e->items.n; k++) {
            buf_add(&t, e->items.v[k]);
            buf_add(&t, "\n");
        }
        b->initial = buf_take(&t);
    } else if (rc)
        return -1;
    return 0;
}

Board *board_parse(const char *text, const char *name, Err *err)
{
    Parser ps = {.name = name, .err = err};
    Board *b = board_new();
    if (split_entries(&ps, text) < 0 || parse_body(&ps, b) < 0) {
        entries_free(&ps);
        board_free(b);
        return NULL;
    }
    entries_free(&ps);
    Err e2;
    if (board_check(b, &e2) < 0) {
        fail(err, "%s: %s", name, e2.msg);
        board_free(b);
        return NULL;
    }
    return b;
}

int board_check(const Board *b, Err *err)
{
    char nm[16];
    for (int i = 0; i < b->npc; i++) {
        const Piece *p = &b->pc[i];
        if (b->at[p->sq] != i)
            return fail(err, "internal: piece index broken at %s", board_sq_name(b, p->sq, nm));
        if (b->ter[p->sq] != TER_FLOOR)
            return fail(err, "piece on %s is not on floor", board_sq_name(b, p->sq, nm));
        if (p->owner < 0 || p->owner >= b->np)
            return fail(err, "piece on %s has no known owner", board_sq_name(b, p->sq, nm));
        if (!genome_viable(&p->g))
            return fail(err, "piece on %s is not viable (needs A or K)", board_sq_name(b, p->sq, nm));
    }
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].e < 0)
            return fail(err, "%s has negative E", b->pl[i].id);
    for (int i = 0; i < b->nsp; i++)
        if (b->ter[b->sp[i].sq] == TER_OUTSIDE)
            return fail(err, "special on %s is outside the board", board_sq_name(b, b->sp[i].sq, nm));
    for (int i = 0; i < b->nst; i++)
        if (b->ter[b->st[i].sq] == TER_OUTSIDE)
            return fail(err, "start square %s is outside the board", board_sq_name(b, b->st[i].sq, nm));
    if (b->seat < 0 || b->seat >= b->np)
        return fail(err, "the current turn names no player");
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, b->seat))
        return fail(err, "the current turn belongs to %s, who has no turns left", b->pl[b->seat].id);
    if (b->phase == PHASE_PLAY && b->round < 1)
        return fail(err, "a game in play needs round >= 1");
    return 0;
}
