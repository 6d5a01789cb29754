/* boardprivate: the board file's entries of each player's own state (contract 10.2), which verify does not
 * compare: the quiet, lister and plain flags, the handled keys, the stored queues, the news, the E book and
 * the players' maps (known, knownspecials). */
#include "boardprivate.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardentry.h"

/* (quiet, (lister, (plain: the userids of the players whose bool at offset in Player is set. */
static int read_flag(GameFile *ps, Board *b, GameEntry *e, size_t offset)
{
    StrList w = {0};
    int rc = 0;
    str_split_words(e->rest, &w);
    for (int i = 0; rc == 0 && i < w.n; i++) {
        int p = board_player_index(b, w.v[i]);
        if (p < 0)
            rc = gamefile_error(ps, e->line, "unknown player in (%s", e->name);
        else
            *(bool *)((char *)&b->pl[p] + offset) = true;
    }
    sl_free(&w);
    return rc;
}

static void write_flag(Buf *o, const Board *b, size_t offset)
{
    for (int i = 0; i < b->np; i++)
        if (*(const bool *)((const char *)&b->pl[i] + offset))
            buf_printf(o, " %s", b->pl[i].id);
}

int boardprivate_read_quiet(GameFile *ps, Board *b, GameEntry *e)
{
    return read_flag(ps, b, e, offsetof(Player, quiet));
}

void boardprivate_write_quiet(Buf *o, const Board *b)
{
    write_flag(o, b, offsetof(Player, quiet));
}

int boardprivate_read_lister(GameFile *ps, Board *b, GameEntry *e)
{
    return read_flag(ps, b, e, offsetof(Player, lister));
}

void boardprivate_write_lister(Buf *o, const Board *b)
{
    write_flag(o, b, offsetof(Player, lister));
}

/* Written only while some player has the sheet's "What your pieces can do" on. */
bool boardprivate_no_lister(const Board *b)
{
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].lister)
            return false;
    return true;
}

/* (handled k1 k2 ...): the keys of the mailed commands that changed the board, 16 hex digits each. */
int boardprivate_read_handled(GameFile *ps, Board *b, GameEntry *e)
{
    StrList w = {0};
    str_split_words(e->rest, &w);
    int rc = w.n > BOARD_HANDLED_MAX ? gamefile_error(ps, e->line, "more than %d keys in (handled", BOARD_HANDLED_MAX) : 0;
    for (int i = 0; rc == 0 && i < w.n; i++) {
        char *end;
        unsigned long long k = strtoull(w.v[i], &end, 16);
        if (strlen(w.v[i]) != 16 || strspn(w.v[i], "0123456789abcdef") != 16 || *end || !k)
            rc = gamefile_error(ps, e->line, "bad key '%.20s' in (handled", w.v[i]);
        else
            b->handled[b->nhandled++] = (uint64_t)k;
    }
    sl_free(&w);
    return rc;
}

void boardprivate_write_handled(Buf *o, const Board *b)
{
    for (int i = 0; i < b->nhandled; i++)
        buf_printf(o, " %016llx", (unsigned long long)b->handled[i]);
}

bool boardprivate_no_handled(const Board *b)
{
    return b->nhandled == 0;
}

int boardprivate_read_plain(GameFile *ps, Board *b, GameEntry *e)
{
    return read_flag(ps, b, e, offsetof(Player, plain));
}

void boardprivate_write_plain(Buf *o, const Board *b)
{
    write_flag(o, b, offsetof(Player, plain));
}

/* Written only while some player has the sheet's HTML part off (options html off). */
bool boardprivate_no_plain(const Board *b)
{
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].plain)
            return false;
    return true;
}

/* (queue: "USERID TEXT" lines, into the list of each player at offset in Player. */
static int read_list(GameFile *ps, Board *b, GameEntry *e, size_t offset)
{
    int last = -1; /* the player of the item before */
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player_next(ps, b, e, k, &rest, &last);
        if (p < 0)
            return -1;
        sl_push((StrList *)((char *)&b->pl[p] + offset), rest);
    }
    return 0;
}

static void write_list(Buf *o, const Board *b, size_t offset)
{
    for (int i = 0; i < b->np; i++) {
        const StrList *l = (const StrList *)((const char *)&b->pl[i] + offset);
        for (int k = 0; k < l->n; k++)
            buf_printf(o, "%s %s\n", b->pl[i].id, l->v[k]);
    }
}

#define PLAYER_LIST(list)                                        \
    int boardprivate_read_##list(GameFile *ps, Board *b, GameEntry *e)  \
    {                                                            \
        return read_list(ps, b, e, offsetof(Player, list));      \
    }                                                            \
    void boardprivate_write_##list(Buf *o, const Board *b)       \
    {                                                            \
        write_list(o, b, offsetof(Player, list));                \
    }
PLAYER_LIST(queue)

/* (news: "USERID TEXT" for an event; the other kinds with a tag before the text (contract 10); the mark of the
 * last sheet sent as "USERID -- sheet sent --". (ebook: the same without tags: an E change's words, or the
 * mark. */
static const char *const news_tags[] = {[NEWS_STORED_RAN] = "!ran ", [NEWS_STORED_FAILED] = "!failed ",
                                        [NEWS_STORED_DROPPED] = "!dropped ", [NEWS_SHEET_RESULT] = "!result ",
                                        [NEWS_SHEET_NEW] = "!new "};
static const char SHEET_SENT_TEXT[] = "-- sheet sent --";

/* The items of e into each player's list at offset in Player (news or ebook); tagged: the news's tags are
 * read (an ebook line is its words alone). */
static int read_items(GameFile *ps, Board *b, GameEntry *e, size_t offset, bool tagged)
{
    int last = -1; /* the player of the item before */
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player_next(ps, b, e, k, &rest, &last);
        if (p < 0)
            return -1;
        News *l = (News *)((char *)&b->pl[p] + offset);
        NewsKind kind = NEWS_EVENT;
        if (strcmp(rest, SHEET_SENT_TEXT) == 0) {
            board_news_add(l, NEWS_SHEET_SENT, NULL);
            continue;
        }
        for (int t = NEWS_STORED_RAN; tagged && t <= NEWS_SHEET_NEW; t++)
            if (news_tags[t] && strncmp(rest, news_tags[t], strlen(news_tags[t])) == 0) {
                kind = (NewsKind)t;
                rest += strlen(news_tags[t]);
                break;
            }
        board_news_add(l, kind, rest);
    }
    return 0;
}

static void write_items(Buf *o, const Board *b, size_t offset)
{
    for (int i = 0; i < b->np; i++) {
        const News *l = (const News *)((const char *)&b->pl[i] + offset);
        for (int k = 0; k < l->n; k++) {
            const NewsItem *it = &l->v[k];
            if (it->kind == NEWS_SHEET_SENT)
                buf_printf(o, "%s %s\n", b->pl[i].id, SHEET_SENT_TEXT);
            else
                buf_printf(o, "%s %s%s\n", b->pl[i].id, it->kind == NEWS_EVENT ? "" : news_tags[it->kind], it->text);
        }
    }
}

int boardprivate_read_news(GameFile *ps, Board *b, GameEntry *e)
{
    return read_items(ps, b, e, offsetof(Player, news), true);
}

void boardprivate_write_news(Buf *o, const Board *b)
{
    write_items(o, b, offsetof(Player, news));
}

int boardprivate_read_ebook(GameFile *ps, Board *b, GameEntry *e)
{
    return read_items(ps, b, e, offsetof(Player, ebook), false);
}

void boardprivate_write_ebook(Buf *o, const Board *b)
{
    write_items(o, b, offsetof(Player, ebook));
}

/* (known: what each player knows of the terrain (their map, contract 8), as "USERID SQUARE TERRAIN" lines for
 * the squares they remember otherwise than the game started. */

/* The rows of the (map entry of the board text (the initial snapshot), read by the board file's own syntax
 * (gamefile_split) and rows (boardentry_map_row), into ter (w*h, outside where a row ends): false when the
 * text does not read, has no such entry, or one of another size or with another character. */
static bool snapshot_map(const char *text, int w, int h, char *ter)
{
    Err err;
    GameFile ps = {.name = "initial", .err = &err, .only = "map"};
    int rc = 0;
    GameEntry *e = gamefile_split(&ps, text) == 0 ? gamefile_find(&ps, "map", true, false, &rc) : NULL;
    bool ok = e && e->items.n == h;
    memset(ter, TER_OUTSIDE, (size_t)w * (size_t)h);
    for (int r = 0; ok && r < h; r++) {
        size_t len = strlen(e->items.v[r]);
        ok = len <= (size_t)w && boardentry_map_row(e->items.v[r], len);
        if (ok)
            memcpy(ter + (size_t)r * (size_t)w, e->items.v[r], len);
    }
    gamefile_free(&ps);
    return ok;
}

/* The terrain the (known lines are written against (malloc'd, w*h): the terrain of the initial snapshot, the
 * board the game started from, when it has the board's size (*of_initial then true); else the terrain now (a
 * board without one). */
static char *known_base(const Board *b, bool *of_initial)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    char *base = xmalloc(n);
    *of_initial = b->initial && snapshot_map(b->initial, b->w, b->h, base);
    if (!*of_initial)
        memcpy(base, b->ter, n);
    return base;
}

void boardprivate_known_default(Board *b)
{
    if (!b->start)
        b->start = known_base(b, &b->start_of_initial);
}

/* Read after (initial, whose terrain the lines are against: a board without the entry (written before maps
 * were kept) has every player know the terrain the game started with. */
int boardprivate_read_known(GameFile *ps, Board *b, GameEntry *e)
{
    free(b->start);
    b->start = known_base(b, &b->start_of_initial); /* every map begins from it */
    b->known_read = true;
    int last = -1; /* the player of the item before */
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player_next(ps, b, e, k, &rest, &last);
        if (p < 0)
            return -1;
        char sqs[16], t[4];
        const char *w = rest;
        int sq;
        if (!boardentry_word(&w, sqs, 15) || !boardentry_word(&w, t, 3) || w[strspn(w, " \t\n\v\f\r")] || strlen(t) != 1 ||
            !strchr("#+.", t[0]))
            return gamefile_error(ps, e->lines[k], "a known line is USERID SQUARE TERRAIN ('#', '+' or '.')");
        if (boardentry_sq(ps, b, e->lines[k], sqs, &sq) < 0)
            return -1;
        if (b->start[sq] == TER_OUTSIDE)
            return gamefile_error(ps, e->lines[k], "known: %s is outside the board", sqs);
        if (board_known(b, p)[sq] != b->start[sq])
            return gamefile_error(ps, e->lines[k], "known: %s of %s is given twice", sqs, b->pl[p].id);
        if (t[0] == b->start[sq])
            return gamefile_error(ps, e->lines[k], "known: %s of %s is as the game started (only changes are listed)",
                                  sqs, b->pl[p].id);
        board_known_set(b, p, sq, t[0]);
    }
    return 0;
}

void boardprivate_write_known(Buf *o, const Board *b)
{
    bool of_initial;
    char *own = b->start && b->start_of_initial ? NULL : known_base(b, &of_initial), nm[16];
    const char *base = own ? own : b->start; /* the start read from initial as it still is: not read again */
    size_t n = (size_t)b->w * (size_t)b->h;
    for (int p = 0; p < b->np; p++) {
        const char *k = board_known(b, p);
        if (memcmp(k, base, n) == 0)
            continue; /* they know the terrain as it began (the common case) */
        for (size_t sq = 0; sq < n; sq++)
            if (k[sq] != base[sq] && k[sq] != TER_OUTSIDE && base[sq] != TER_OUTSIDE)
                buf_printf(o, "%s %s %c\n", b->pl[p].id, board_sq_name(b, (int)sq, nm), k[sq]);
    }
    free(own);
}

/* (knownspecials: the specials each player remembers (their map, contract 8), as "USERID SQUARE S<code>" lines,
 * by player and square; written only while someone remembers one. */

/* The code of "S<n>" as the board file writes it (no sign, no leading zero, a special that exists), or 0. */
static int knownspecials_code(const char *s)
{
    size_t len = strlen(s);
    if (len < 2 || len > 3 || s[0] != 'S' || s[1] == '0' || strspn(s + 1, "0123456789") != len - 1)
        return 0;
    int code = atoi(s + 1);
    return special_info(code) ? code : 0;
}

int boardprivate_read_knownspecials(GameFile *ps, Board *b, GameEntry *e)
{
    int last = -1; /* the player of the item before */
    for (int k = 0; k < e->items.n; k++) {
        char *rest;
        int p = boardentry_player_next(ps, b, e, k, &rest, &last);
        if (p < 0)
            return -1;
        char sqs[16], cs[8];
        const char *w = rest;
        int sq, code;
        if (!boardentry_word(&w, sqs, 15) || !boardentry_word(&w, cs, 7) || w[strspn(w, " \t\n\v\f\r")])
            return gamefile_error(ps, e->lines[k], "a knownspecials line is USERID SQUARE CODE (S1..S22)");
        if (boardentry_sq(ps, b, e->lines[k], sqs, &sq) < 0)
            return -1;
        if (!(code = knownspecials_code(cs)))
            return gamefile_error(ps, e->lines[k], "knownspecials: no special '%s' (S1..S22 but S19)", cs);
        if (b->ter[sq] == TER_OUTSIDE) /* the outside never changes */
            return gamefile_error(ps, e->lines[k], "knownspecials: %s is outside the board", sqs);
        if (b->phase == PHASE_ROUND0) /* contract 8: round 0 shows no special */
            return gamefile_error(ps, e->lines[k], "knownspecials: nobody sees a special in round 0");
        if (board_known_special(b, p, sq))
            return gamefile_error(ps, e->lines[k], "knownspecials: %s of %s is given twice", sqs, b->pl[p].id);
        board_known_special_set(b, p, sq, code);
    }
    return 0;
}

void boardprivate_write_knownspecials(Buf *o, const Board *b)
{
    char nm[16];
    for (int p = 0; p < b->np; p++) {
        size_t li = strlen(b->pl[p].id);
        for (int sq = board_known_special_next(b, p, 0); sq >= 0; sq = board_known_special_next(b, p, sq + 1)) {
            /* "<userid> <square> S<code>" without printf: a line per remembered special */
            size_t ls = strlen(board_sq_name(b, sq, nm));
            int code = board_known_special(b, p, sq);
            char *w = buf_room(o, li + ls + 7); /* a code is at most three digits (uint8_t) */
            memcpy(w, b->pl[p].id, li), w += li;
            *w++ = ' ';
            memcpy(w, nm, ls), w += ls;
            *w++ = ' ';
            *w++ = 'S';
            if (code >= 100)
                *w++ = (char)('0' + code / 100);
            if (code >= 10)
                *w++ = (char)('0' + code / 10 % 10);
            *w++ = (char)('0' + code % 10);
            *w++ = '\n';
            buf_wrote(o, w);
        }
    }
}

/* Written only while some player remembers a special. */
bool boardprivate_no_knownspecials(const Board *b)
{
    for (int p = 0; p < b->np; p++)
        if (board_known_special_next(b, p, 0) >= 0)
            return false;
    return true;
}
