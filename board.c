/* board: the Board (terrain, players, pieces, specials, starts, clock, history); squares; invariants. */
#include "board.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *const board_status_name[] = {"active", "eliminated", "resigned", "forfeited"};

/* ---- squares ---- */

int board_parse_sq(const Board *b, const char *s, int *sq, Err *err)
{
    int c, r;
    if (grid_sq_parse_name(s, &c, &r) < 0) {
        if (strlen(s) <= 12 && !str_has_control(s))
            return err_fail(err, "'%s' is not a square", s);
        return err_fail(err, "bad square");
    }
    if (c >= b->w || r >= b->h) {
        char nm[16];
        snprintf(nm, sizeof nm, "%s", s);
        return err_fail(err, "%s is off the board", str_upper(nm));
    }
    *sq = board_sq(b, c, r);
    return 0;
}

char *board_sq_name(const Board *b, int sq, char *buf)
{
    grid_col_name(board_col(b, sq), buf);
    char *p = buf + strlen(buf), d[12];
    int n = 0;
    for (int r = board_row(b, sq) + 1; r > 0 || n == 0; r /= 10) /* no sprintf: drawn for every piece */
        d[n++] = (char)('0' + r % 10);
    while (n > 0)
        *p++ = d[--n];
    *p = '\0';
    return buf;
}

int board_step(const Board *b, int sq, int d)
{
    return board_step_at(b, board_col(b, sq), board_row(b, sq), d);
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

/* sq is a square of b's grid (a programmer's mistake otherwise, never input: input squares are parsed). */
static bool on_grid(const Board *b, int sq)
{
    return sq >= 0 && sq < b->w * b->h;
}

Piece *board_add_piece(Board *b, int sq, int owner, const Genome *g)
{
    assert(on_grid(b, sq) && b->at[sq] < 0); /* one piece per square */
    assert(owner >= -1 && owner < b->np);
    if (b->npc == b->cappc) {
        b->cappc = b->cappc ? b->cappc * 2 : 16;
        b->pc = xrealloc(b->pc, (size_t)b->cappc * sizeof *b->pc);
    }
    Piece *p = &b->pc[b->npc];
    p->sq = sq;
    p->owner = owner;
    p->g = *g;
    p->serial = ++b->serials;
    b->at[sq] = b->npc++;
    return p;
}

void board_remove_piece(Board *b, int sq)
{
    assert(on_grid(b, sq) && b->at[sq] >= 0); /* the piece must exist */
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
    assert(on_grid(b, from) && on_grid(b, to) && b->at[from] >= 0 && (b->at[to] < 0 || from == to));
    int i = b->at[from];
    b->at[from] = -1;
    b->at[to] = i;
    b->pc[i].sq = to;
}

void board_swap_pieces(Board *b, int s1, int s2)
{
    assert(on_grid(b, s1) && on_grid(b, s2) && b->at[s1] >= 0 && b->at[s2] >= 0);
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
    int cells = b->w * b->h;
    if ((int64_t)b->npc * 16 >= cells) { /* a crowded board: its squares in order are cheaper than a sort */
        int n = 0;
        for (int sq = 0; sq < cells && n < b->npc; sq++)
            if (b->at[sq] >= 0)
                v[n++] = sq;
    } else {
        for (int i = 0; i < b->npc; i++)
            v[i] = b->pc[i].sq;
        qsort(v, (size_t)b->npc, sizeof(int), cmp_int);
    }
    *out = v;
    return b->npc;
}

int64_t board_king_codes(const Board *b, int player)
{
    int64_t k = 0;
    for (int i = 0; i < b->npc; i++)
        if (board_controls(b, player, &b->pc[i]))
            k += b->pc[i].g.n[GENE_K];
    return k;
}

bool board_gambles_in(const Board *b, const Player *pl)
{
    GambleMode m = b->par.gamble;
    return (!(m == GAMBLE_MODE_BOTH || m == GAMBLE_MODE_POSITION) || pl->gamble[0].set) &&
           (!(m == GAMBLE_MODE_BOTH || m == GAMBLE_MODE_ORDER) || pl->gamble[1].set);
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

int board_moves_count(const Board *b)
{
    return b->moves_off + b->moves.n;
}

int board_move_number(const Board *b)
{
    return board_moves_count(b) + 1;
}

/* ---- life cycle ---- */

Board *board_new(void)
{
    Board *b = xcalloc(1, sizeof *b);
    b->version = BOARD_FORMAT_VERSION;
    b->par = params_default();
    return b;
}

Board *board_copy_play(const Board *src, int spare)
{
    Board *b = board_new();
    size_t n = (size_t)src->w * (size_t)src->h;
    b->number = src->number;
    b->par = src->par;
    b->w = src->w;
    b->h = src->h;
    b->ter = xmalloc(n);
    memcpy(b->ter, src->ter, n);
    b->at = xmalloc(n * sizeof *b->at);
    memcpy(b->at, src->at, n * sizeof *b->at);
    b->cappc = src->npc + (spare > 0 ? spare : 1);
    b->pc = xmalloc((size_t)b->cappc * sizeof *b->pc);
    memcpy(b->pc, src->pc, (size_t)src->npc * sizeof *b->pc);
    b->npc = src->npc;
    b->serials = src->serials;
    b->np = src->np;
    b->pl = xcalloc((size_t)src->np, sizeof *b->pl);
    for (int i = 0; i < src->np; i++) {
        Player *p = &b->pl[i];
        *p = src->pl[i];
        p->reveals = NULL;
        p->nreveals = 0;
        p->known = NULL;
        p->kspecial = NULL;
        memset(&p->queue, 0, sizeof p->queue);
        memset(&p->news, 0, sizeof p->news);
        memset(&p->ebook, 0, sizeof p->ebook);
    }
    b->rng = src->rng;
    b->phase = src->phase;
    b->round = src->round;
    b->seat = src->seat;
    b->clock = src->clock;
    return b;
}

void board_news_take(News *l, NewsKind kind, char *text)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = (NewsItem){kind, text};
}

void board_news_add(News *l, NewsKind kind, const char *text)
{
    board_news_take(l, kind, text ? xstrdup(text) : NULL);
}

void board_news_clear(News *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i].text);
    l->n = 0;
}

void board_news_free(News *l)
{
    board_news_clear(l);
    free(l->v);
    l->v = NULL;
    l->cap = 0;
}

/* ---- what each player knows of the terrain ---- */

const char *board_start_terrain(const Board *b)
{
    return b->start ? b->start : b->ter;
}

void board_start_fix(Board *b)
{
    if (b->start || !b->ter)
        return;
    size_t n = (size_t)b->w * (size_t)b->h;
    b->start = xmalloc(n);
    memcpy(b->start, b->ter, n);
}

const char *board_known(const Board *b, int p)
{
    return b->pl[p].known ? b->pl[p].known : board_start_terrain(b);
}

void board_known_set(Board *b, int p, int sq, char t)
{
    Player *pl = &b->pl[p];
    if (!pl->known) {
        const char *start = board_start_terrain(b);
        if (start[sq] == t)
            return; /* remembered as the start has it: no copy of their own needed */
        size_t n = (size_t)b->w * (size_t)b->h;
        pl->known = xmalloc(n);
        memcpy(pl->known, start, n);
    }
    pl->known[sq] = t;
}

void board_known_special_set(Board *b, int p, int sq, int code)
{
    Player *pl = &b->pl[p];
    assert(code >= 0 && code <= SPECIAL_CODE_MAX);
    if (!pl->kspecial) {
        if (!code)
            return; /* nothing remembered, nothing to forget */
        pl->kspecial = xcalloc((size_t)b->w * (size_t)b->h, 1);
    }
    pl->kspecial[sq] = (uint8_t)code;
}

int board_known_special_next(const Board *b, int p, int sq)
{
    const uint8_t *mem = b->pl[p].kspecial;
    int n = b->w * b->h;
    if (!mem || sq < 0)
        return -1;
    for (uint64_t w[4]; sq + 32 <= n; sq += 32) { /* thirty-two squares at a time where none is remembered */
        memcpy(w, mem + sq, sizeof w);
        if (w[0] | w[1] | w[2] | w[3])
            break;
    }
    for (uint64_t w; sq + 8 <= n; sq += 8) { /* then eight at a time */
        memcpy(&w, mem + sq, sizeof w);
        if (w)
            break;
    }
    for (; sq < n; sq++)
        if (mem[sq])
            return sq;
    return -1;
}

void board_player_free(Player *p)
{
    free(p->known);
    p->known = NULL;
    free(p->kspecial);
    p->kspecial = NULL;
    free(p->reveals);
    p->reveals = NULL;
    p->nreveals = 0;
    sl_free(&p->queue);
    board_news_free(&p->news);
    board_news_free(&p->ebook);
}

void board_free(Board *b)
{
    if (!b)
        return;
    free(b->ter);
    free(b->start);
    free(b->at);
    free(b->pc);
    for (int i = 0; i < b->np; i++)
        board_player_free(&b->pl[i]);
    free(b->pl);
    for (int i = 0; i < b->nsp; i++)
        special_free(&b->sp[i]);
    free(b->sp);
    free(b->st);
    free(b->spc);
    sl_free(&b->moves);
    free(b->initial);
    if (b->loaded) {
        free(b->loaded->text);
        free(b->loaded->line);
        free(b->loaded->as_read);
        free(b->loaded);
    }
    free(b);
}

void board_set_size(Board *b, int w, int h)
{
    free(b->ter);
    free(b->at);
    free(b->start);
    b->start = NULL;
    b->start_of_initial = false;
    for (int i = 0; i < b->np; i++) { /* the maps of another grid mean nothing on this one */
        free(b->pl[i].known);
        b->pl[i].known = NULL;
        free(b->pl[i].kspecial);
        b->pl[i].kspecial = NULL;
    }
    b->w = w;
    b->h = h;
    b->ter = xmalloc((size_t)w * (size_t)h);
    memset(b->ter, TER_OUTSIDE, (size_t)w * (size_t)h);
    b->at = xmalloc(sizeof(int) * (size_t)w * (size_t)h);
    for (int i = 0; i < w * h; i++)
        b->at[i] = -1;
    b->npc = 0;
}

int64_t board_holiday_ends(const Board *b)
{
    int64_t left = b->pl[b->seat].holiday_left;
    return sat_add(b->clock.holiday_since, left > 0 ? left : 0);
}

/* ---- invariants ---- */

int board_check(const Board *b, Err *err)
{
    char nm[16];
    for (int i = 0; i < b->npc; i++) {
        const Piece *p = &b->pc[i];
        if (b->at[p->sq] != i)
            return err_fail(err, "internal: piece index broken at %s", board_sq_name(b, p->sq, nm));
        if (b->ter[p->sq] != TER_FLOOR)
            return err_fail(err, "piece on %s is not on floor", board_sq_name(b, p->sq, nm));
        if (p->owner < 0 || p->owner >= b->np)
            return err_fail(err, "piece on %s has no known owner", board_sq_name(b, p->sq, nm));
        if (!piece_viable(&p->g))
            return err_fail(err, "piece on %s is not viable (needs A or K)", board_sq_name(b, p->sq, nm));
    }
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].e < 0)
            return err_fail(err, "%s has negative E", b->pl[i].id);
    for (int i = 0; i < b->nsp; i++)
        if (b->ter[b->sp[i].sq] == TER_OUTSIDE)
            return err_fail(err, "special on %s is outside the board", board_sq_name(b, b->sp[i].sq, nm));
    for (int i = 0; i < b->nst; i++)
        if (b->ter[b->st[i].sq] == TER_OUTSIDE)
            return err_fail(err, "start square %s is outside the board", board_sq_name(b, b->st[i].sq, nm));
    if (b->seat < 0 || b->seat >= b->np)
        return err_fail(err, "the current turn names no player");
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, b->seat))
        return err_fail(err, "the current turn belongs to %s, who has no turns left", b->pl[b->seat].id);
    if (b->phase == PHASE_PLAY && b->round < 1)
        return err_fail(err, "a game in play needs round >= 1");
    return 0;
}

/* The rim is exterior wall and no square is outside: every square inside the rim has its neighbours. */
static bool walled_rim(const Board *b)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    if (memchr(b->ter, TER_OUTSIDE, n))
        return false;
    for (int c = 0; c < b->w; c++)
        if (b->ter[board_sq(b, c, 0)] != TER_XWALL || b->ter[board_sq(b, c, b->h - 1)] != TER_XWALL)
            return false;
    for (int r = 0; r < b->h; r++)
        if (b->ter[board_sq(b, 0, r)] != TER_XWALL || b->ter[board_sq(b, b->w - 1, r)] != TER_XWALL)
            return false;
    return true;
}

BoardEnclosure board_enclosure(const Board *b, int *sq)
{
    if (walled_rim(b))
        return BOARD_ENCLOSED;
    for (int s = 0; s < b->w * b->h; s++) {
        if (b->ter[s] != TER_FLOOR && b->ter[s] != TER_IWALL)
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int n = board_step(b, s, d);
            if (n < 0 || b->ter[n] == TER_OUTSIDE) {
                *sq = s;
                return n < 0 ? BOARD_AT_EDGE : BOARD_TOUCHES_OUTSIDE;
            }
        }
    }
    return BOARD_ENCLOSED;
}

bool board_handled_has(const Board *b, uint64_t key)
{
    for (int i = 0; i < b->nhandled; i++)
        if (b->handled[i] == key)
            return true;
    return false;
}

void board_handled_add(Board *b, uint64_t key)
{
    if (!key || board_handled_has(b, key))
        return;
    if (b->nhandled == BOARD_HANDLED_MAX) {
        memmove(b->handled, b->handled + 1, (BOARD_HANDLED_MAX - 1) * sizeof b->handled[0]);
        b->nhandled--;
    }
    b->handled[b->nhandled++] = key;
}
