/* view: the texts players read — the turnsheet (contract 14.9), `show` (contract 11), a player's map (contract 8), the nag mail; pure rendering. */
#include "view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gamble.h"
#include "game.h"
#include "layout.h"
#include "lister.h"
#include "sight.h"
#include "specials.h"
#include "queue.h"
#include "replay.h"
#include "subject.h"
#include "turn.h"

/* The game name in quotes, the words of whoever named the game, underscores shown as spaces (contract 6). */
static void view_game_title(const Board *b, Buf *out)
{
    char title[sizeof b->par.name + 40];
    int n = snprintf(title, sizeof title, "Genetess board %d", b->number);
    if (b->par.name[0]) {
        snprintf(title + n, sizeof title - (size_t)n, ": \"%s\"", b->par.name);
        for (char *p = title + n; *p; p++)
            if (*p == '_')
                *p = ' ';
    }
    layout_wrap(out, "", 4, title);
}

static const char *ordinal_suffix(int n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* Player i's status as reader (-1: anyone) may read it: "eliminated (ronin)" when an eliminated player
 * still has P pieces, told to that player and, once the game has ended, to all. Before, the others read
 * "eliminated": whether a ronin piece is left somewhere is a fact about pieces they may not see (a ronin
 * shows itself only by taking its turn, which everyone sees). */
static const char *status_text(const Board *b, int i, int reader)
{
    bool told = reader == i || b->phase == PHASE_ENDED;
    if (told && b->pl[i].status == PS_ELIMINATED && board_player_has_turns(b, i))
        return "eliminated (ronin)";
    return board_status_name[b->pl[i].status];
}

/* Appends v in decimal, right-aligned in width columns (0: as it is): the sheet's numbers without printf. */
static void add_int(Buf *out, int64_t v, int width)
{
    char d[24], *e = d + sizeof d, *p = e;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        *--p = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    if (v < 0)
        *--p = '-';
    if (e - p < width)
        buf_pad(out, ' ', (size_t)(width - (e - p)));
    buf_addn(out, p, (size_t)(e - p));
}

/* Appends s left-aligned in width columns (printf's "%-*s"). */
static void add_left(Buf *out, const char *s, int width)
{
    size_t n = strlen(s);
    buf_addn(out, s, n);
    if ((int)n < width)
        buf_pad(out, ' ', (size_t)width - n);
}

void view_result_words(const Board *b, int reader, bool points, Buf *out)
{
    if (!b->result[0] || b->np <= 0)
        return;
    int top, who = game_winner(b, &top);
    if (who >= 0) {
        buf_printf(out, "won by %s", who == reader ? "you" : b->pl[who].id);
        if (points)
            buf_printf(out, " (%d point%s)", top, top == 1 ? "" : "s");
        return;
    }
    if (!points) {
        buf_add(out, "tie");
        return;
    }
    buf_printf(out, "a tie at %d point%s:", top, top == 1 ? "" : "s");
    int n = 0, k = 0;
    for (int i = 0; i < b->np; i++)
        n += game_score(b, i) == top;
    for (int i = 0; i < b->np; i++)
        if (game_score(b, i) == top) {
            k++;
            buf_printf(out, "%s%s", k == 1 ? " " : k == n ? " and " : ", ", i == reader ? "you" : b->pl[i].id);
        }
}

/* "Result: <view_result_words>", wrapped. */
static void result_line(const Board *b, int reader, Buf *out)
{
    Buf t;
    buf_init(&t);
    view_result_words(b, reader, true, &t);
    if (t.len)
        layout_wrap(out, "Result: ", 4, t.s);
    buf_free(&t);
}

/* The round/turn line, whose move, and the deadline (shared by the sheet and view_show_public; reader
 * -1: nobody in particular). */
static void view_turn_lines(const Board *b, int reader, Buf *out)
{
    char label[16], when[64];
    if (b->phase == PHASE_ENDED) {
        buf_printf(out, "The game has ended (move #%d).\n", board_move_number(b));
        result_line(b, reader, out);
        return;
    }
    if (b->phase == PHASE_ROUND0) {
        buf_printf(out, "Round 0 (simultaneous), Move #%d\n", board_move_number(b));
        /* "you" first, then the others in seat order: "you, bob and carol" */
        const char *who[MAX_PLAYERS];
        int n = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < b->np; i++)
                if ((i == reader) == (pass == 0) && b->pl[i].status == PS_ACTIVE && !board_gambles_in(b, &b->pl[i]))
                    who[n++] = i == reader ? "you" : b->pl[i].id;
        Buf ids;
        buf_init(&ids);
        for (int i = 0; i < n; i++)
            buf_printf(&ids, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", who[i]);
        if (ids.len)
            layout_wrap(out, "Round 0: waiting for gambles from ", 4, ids.s);
        else
            buf_add(out, "Round 0: every gamble is in.\n");
        buf_free(&ids);
    } else {
        buf_printf(out, "Round %d, turn %s, Move #%d\n", b->round, board_turn_label(b, label), board_move_number(b));
        if (b->np > 0)
            buf_printf(out, "To move: %s%s\n", b->pl[b->seat].id, b->seat == reader ? " (you)" : "");
    }
    if (b->clock.deadline > 0)
        buf_printf(out, "Deadline: %s\n", fmt_time(b->clock.deadline, when, sizeof when));
    else
        buf_add(out, "Deadline: none (suspended)\n");
    if (b->clock.holiday_since > 0 && b->np > 0 && b->seat == reader)
        buf_add(out, "The game is suspended: you are on holiday.\n");
    else if (b->clock.holiday_since > 0 && b->np > 0)
        buf_printf(out, "The game is suspended: %s is on holiday.\n", b->pl[b->seat].id);
}

/* A player's holiday allowance left at time now (now 0: as the board holds it): while they are on
 * holiday, the time since it started is spent too (contract 4.5). */
static int64_t holiday_left(const Board *b, int i, int64_t now)
{
    int64_t left = b->pl[i].holiday_left;
    if (now > 0 && b->phase == PHASE_PLAY && b->clock.holiday_since > 0 && b->seat == i && now > b->clock.holiday_since)
        left -= now - b->clock.holiday_since;
    return left < 0 ? 0 : left;
}

/* Whether the reader's next time-out forfeits the game (contract 14.7: --max-timeouts). */
static bool timeout_forfeits(const Board *b, int reader)
{
    return b->phase == PHASE_PLAY && b->par.max_timeouts > 0 && board_player_has_turns(b, reader) &&
           b->pl[reader].status == PS_ACTIVE && b->pl[reader].timeouts + 1 >= b->par.max_timeouts;
}

/* The warning of timeout_forfeits, one wrapped line. */
static void timeout_warning(const Board *b, int reader, Buf *out)
{
    char *t = xasprintf("Warning: your next time-out forfeits the game (max-timeouts=%d; you have timed out %d "
                        "time%s in a row).",
                        (int)b->par.max_timeouts, b->pl[reader].timeouts, b->pl[reader].timeouts == 1 ? "" : "s");
    layout_wrap(out, "", 4, t);
    free(t);
}

/* ---- sheet sections ---- */

/* Round 0's New sheet: GAMBLE orders as the reader could send them on this board (contract 4.6; the syntax of
 * contract 14.2), one for each item gambled for, and what their words mean. */
static void view_gamble_examples(const Board *b, int reader, Buf *out)
{
    bool pos = b->par.gamble == GAMBLE_MODE_BOTH || b->par.gamble == GAMBLE_MODE_POSITION;
    bool ord = b->par.gamble == GAMBLE_MODE_BOTH || b->par.gamble == GAMBLE_MODE_ORDER;
    int stake = b->pl[reader].e > 0 ? 1 : 0;
    buf_printf(out, "Reply with your password and %s, for example:\n", pos && ord ? "one GAMBLE a line" : "a GAMBLE");
    if (pos)
        buf_printf(out, "    GAMBLE %dE on GPC2, GPC1\n", stake);
    if (ord)
        buf_add(out, "    GAMBLE 0E 1st, then don't care\n");
    Buf t;
    buf_init(&t);
    buf_printf(&t, "A GAMBLE stakes E (spent whatever comes of it) on what you want most, best first: ");
    if (pos)
        buf_add(&t, "start squares (GPC2 is start square 2, drawn as 2 on the map below)");
    if (pos && ord)
        buf_add(&t, " or ");
    if (ord)
        buf_add(&t, "places in the turn order (1st, 2nd, ...)");
    buf_add(&t, "; the highest stake chooses first.");
    layout_wrap(out, "", 0, t.s);
    buf_free(&t);
}

/* The variant banner of contract 14.5 (round 0 has its own: nobody has "the move"). */
static void banner(const Board *b, int reader, const SheetOpts *o, Buf *out)
{
    if (o->is_new) {
        buf_add(out, "New game.");
        if (b->phase == PHASE_ROUND0)
            buf_add(out, " Round 0 comes first: send your GAMBLE orders (genetess help GAMBLE).");
        buf_add(out, "\n");
        if (b->phase == PHASE_ROUND0)
            view_gamble_examples(b, reader, out);
    }
    const char *to_move = b->np > 0 ? b->pl[b->seat].id : "";
    const StrList *q = &b->pl[reader].queue;
    if (b->phase == PHASE_ROUND0 && o->is_new) {
        /* the "New" line above already asks for the gambles */
    } else if (b->phase == PHASE_ROUND0 && board_gambles_in(b, &b->pl[reader])) {
        buf_add(out, "Your gambles are in; waiting for the other players.\n");
    } else if (b->phase == PHASE_ROUND0) { /* every sheet that asks for gambles shows how (a reply's too) */
        buf_add(out, "Round 0 is simultaneous: send your GAMBLE orders.\n");
        view_gamble_examples(b, reader, out);
    } else if (o->variant == SHEET_YOUR_MOVE || (o->variant == SHEET_YOUR_MOVE_STORED && !q->n)) {
        buf_add(out, "It is your move.\n");
    } else if (o->variant == SHEET_YOUR_MOVE_STORED) {
        /* contract 4.3, 4.5: on holiday, the head comes up when the allowance runs out, not at a deadline */
        int64_t at;
        char when[48];
        bool holiday = queue_when(b, reader, &at) == QUEUE_HOLIDAY_ENDS;
        QueueEntry head;
        queue_parse(q->v[0], &head);
        fmt_time(at, when, sizeof when);
        char *t = !holiday ? xasprintf("It is your move. You have a stored order: %s. It runs at the deadline unless "
                                       "you send another order.",
                                       q->v[0])
                  : head.kind == QUEUE_HOLIDAY
                      ? xasprintf("It is your move. You have a stored order: %s. It is dropped when your holiday "
                                  "ends, %s: no allowance is left for it.",
                                  q->v[0], when)
                      : xasprintf("It is your move. You have a stored order: %s. It runs when your holiday ends, "
                                  "%s, as your allowance runs out, unless you send another order.",
                                  q->v[0], when);
        layout_wrap(out, "", 0, t);
        free(t);
    } else if (o->variant == SHEET_STAR_DONE) {
        /* contract 14.5: the sheet opens with "Your stored order <order> was processed" (kept in the news) when
         * its events told the player nothing; else they tell it, among the events, and the line is not written
         * (contract 4.3: told once). */
        for (int i = 0; o->news && i < o->news->n; i++)
            if (o->news->v[i].kind == NEWS_STORED_RAN)
                layout_wrap(out, "", 0, o->news->v[i].text);
        if (b->phase == PHASE_PLAY && b->seat == reader)
            buf_add(out, "It is your move.\n");
        else if (b->phase == PHASE_PLAY)
            buf_printf(out, "It is %s's move.\n", to_move);
    } else if (o->variant == SHEET_NOT_YOUR_MOVE && b->phase == PHASE_PLAY) {
        buf_printf(out, "It is %s's move.\n", to_move);
    }
}

static void energy_section(const Board *b, int reader, const News *ebook, Buf *out)
{
    buf_add(out, "Your E: ");
    add_int(out, b->pl[reader].e, 0);
    buf_addc(out, '\n');
    for (int i = 0; ebook && i < ebook->n; i++)
        if (ebook->v[i].kind == NEWS_EVENT)
            layout_wrap(out, "  ", 4, ebook->v[i].text);
}

static void view_gamble_section(const Board *b, int reader, Buf *out)
{
    const Player *pl = &b->pl[reader];
    static const char *const what[2] = {"position", "order"};
    for (int k = 0; k < 2; k++) {
        bool asked = b->par.gamble == GAMBLE_MODE_BOTH || (k == GAMBLE_ON_POSITION ? b->par.gamble == GAMBLE_MODE_POSITION
                                                                       : b->par.gamble == GAMBLE_MODE_ORDER);
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
                if (k == GAMBLE_ON_POSITION)
                    buf_printf(&t, "%sGPC%d", i ? ", " : " on ", g->prefs[i]);
                else
                    buf_printf(&t, "%s%d%s", i ? ", " : " on ", g->prefs[i], ordinal_suffix(g->prefs[i]));
            }
            buf_add(&t, g->nprefs ? ", then don't care" : " don't care");
        }
        char prefix[48];
        snprintf(prefix, sizeof prefix, "Your %s gamble: ", what[k]);
        layout_wrap(out, prefix, 4, t.s);
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
        layout_wrap(out, "", 4, t);
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
        layout_wrap(out, "  ", 4, t);
        free(t);
    }
}

/* The reader's stored orders; none is listed once they can never run (the reader is out of the game, or it
 * has ended: contract 14.9). */
static void view_queue_section(const Board *b, int reader, Buf *out)
{
    const StrList *q = &b->pl[reader].queue;
    if (b->phase == PHASE_ENDED || !board_player_has_turns(b, reader))
        return;
    Buf t;
    buf_init(&t);
    for (int i = 0; i < q->n; i++)
        buf_printf(&t, "%s%s", i ? " / " : "", q->v[i]);
    layout_wrap(out, "Stored orders: ", 4, q->n ? t.s : "none");
    buf_free(&t);
}

static void holiday_section(const Board *b, int reader, int64_t now, Buf *out)
{
    char d[48];
    buf_printf(out, "Holiday allowance left: %s\n", fmt_duration(holiday_left(b, reader, now), d, sizeof d));
}

/* The news since the last sheet; star_said: the banner already told "Your stored order ... was
 * processed" (contract 14.5), which is not repeated here. */
static void news_section(const News *nw, bool star_said, bool is_new, Buf *out)
{
    int n = 0;
    for (int i = 0; nw && i < nw->n; i++) {
        if (star_said && nw->v[i].kind == NEWS_STORED_RAN)
            continue;
        if (!n++)
            buf_add(out, "Since your last sheet:\n");
        layout_wrap(out, "  ", 4, nw->v[i].text);
    }
    if (!n && !is_new) /* a New sheet has no "since": it is the first */
        buf_add(out, star_said ? "Nothing else you could see happened.\n" : "Nothing you could see happened.\n");
}

/* A player's time-outs in words: "no time-outs", "1 time-out in a row", "no time-out in a row, 2 in all",
 * "2 time-outs in a row, 3 in all". */
static const char *timeouts_words(const Player *pl, char *buf, size_t size)
{
    int row = pl->timeouts, all = pl->timeouts_total > row ? pl->timeouts_total : row;
    if (!all)
        snprintf(buf, size, "no time-outs");
    else if (row == all)
        snprintf(buf, size, "%d time-out%s in a row", row, row == 1 ? "" : "s");
    else if (!row)
        snprintf(buf, size, "no time-out in a row, %d in all", all);
    else
        snprintf(buf, size, "%d time-out%s in a row, %d in all", row, row == 1 ? "" : "s", all);
    return buf;
}

static void players_section(const Board *b, int reader, int64_t now, Buf *out)
{
    char d[48];
    buf_add(out, b->phase == PHASE_ROUND0 ? "Players:\n" : "Players (in turn order; > to move):\n");
    Buf prefix, t; /* each player's "%c %c %s " and "%s%s, %s, holiday left %s", put together without printf */
    buf_init(&prefix);
    buf_init(&t);
    for (int i = 0; i < b->np; i++) {
        const Player *pl = &b->pl[i];
        bool moving = b->phase == PHASE_PLAY && b->seat == i;
        /* letters follow the turn order, which round 0 has not fixed yet */
        char letter = i == reader && b->phase == PHASE_PLAY ? '@' : b->phase == PHASE_ROUND0 ? ' ' : layout_player_letter(i);
        prefix.len = 0;
        buf_addc(&prefix, moving ? '>' : ' ');
        buf_addc(&prefix, ' ');
        buf_addc(&prefix, letter);
        buf_addc(&prefix, ' ');
        buf_add(&prefix, pl->id);
        buf_addc(&prefix, ' ');
        char to[64];
        t.len = 0;
        buf_add(&t, status_text(b, i, reader));
        buf_add(&t, i == reader ? " (you), " : ", ");
        buf_add(&t, timeouts_words(pl, to, sizeof to));
        buf_add(&t, ", holiday left ");
        buf_add(&t, fmt_duration(holiday_left(b, i, now), d, sizeof d));
        layout_wrap(out, prefix.s, 6, t.s);
    }
    buf_free(&prefix);
    buf_free(&t);
    if (b->phase != PHASE_ROUND0 && b->pl[reader].start > 0) {
        char nm[24] = "";
        for (int k = 0; k < b->nst; k++) /* the label and its square: the reader's own start, never another's */
            if (b->st[k].label == b->pl[reader].start)
                snprintf(nm, sizeof nm, ", on %s", board_sq_name(b, b->st[k].sq, (char[16]){0}));
        /* GPC<n> said in words where it is shown without the start squares' key (contract 14.9) */
        buf_printf(out, "Your start: GPC%d (start square %d%s)\n", b->pl[reader].start, b->pl[reader].start, nm);
    }
}

static void view_params_section(const Board *b, const SheetShared *sh, Buf *out)
{
    if (sh) {
        buf_add(out, sh->params);
        return;
    }
    const Params *par = &b->par;
    Buf t;
    buf_init(&t);
    params_sheet(par, &t); /* the parameter table says which, in what order and how (params.c) */
    layout_wrap(out, "Parameters: ", 4, t.s);
    buf_free(&t);
    if (!par->create) {
        buf_add(out, "CREATE is off in this game.\n");
        return;
    }
    Buf c;
    buf_init(&c);
    for (int i = 0; i < GENE_COUNT; i++)
        if ((par->codes & (1u << i)) && piece_genes[i].cost >= 0) { /* "%s%c%d" without printf */
            if (c.len)
                buf_addc(&c, ' ');
            buf_addc(&c, piece_genes[i].letter);
            add_int(&c, piece_genes[i].cost, 0);
        }
    layout_wrap(out, "Codes on offer (E each): ", 4, c.len ? c.s : "none");
    buf_free(&c);
}

/* The top of the sheet: title, turn, banner, E, gambles, views, stored orders, holiday, news. */
static void view_sheet_top(const Board *b, int reader, const SheetOpts *o, Buf *out)
{
    view_game_title(b, out);
    view_turn_lines(b, reader, out);
    buf_add(out, "\n");
    size_t before = out->len;
    banner(b, reader, o, out);
    size_t res = out->len;
    if (o->result && *o->result)
        layout_wrap(out, "Result of your last order: ", 4, o->result);
    size_t res_len = out->len - res;
    if (timeout_forfeits(b, reader))
        timeout_warning(b, reader, out);
    if (out->len > before)
        buf_add(out, "\n");
    if (o->result_cut) { /* the blank line goes with the result when the result is all there is above it */
        o->result_cut[0] = res;
        o->result_cut[1] = res_len + (res_len && out->len - 1 - before == res_len);
    }
    energy_section(b, reader, o->ebook, out);
    if (b->phase == PHASE_ROUND0)
        view_gamble_section(b, reader, out);
    views_section(b, reader, out);
    view_queue_section(b, reader, out);
    holiday_section(b, reader, o->now, out);
    buf_add(out, "\n");
    size_t at = out->len;
    news_section(o->news, o->variant == SHEET_STAR_DONE, o->is_new, out);
    if (o->parts && !o->parts->filled) { /* the HTML part shows the events beside the board, not twice */
        o->parts->ev = at;
        o->parts->ev_len = out->len - at;
    }
    if (out->len > at)
        buf_add(out, "\n");
}

/* The key of a picture of the terrain with the start squares (round 0's, the New sheet's, help <map>). */
static const char TERRAIN_KEY[] = "1-9=start squares GPC1-GPC9 (G=GPC10 and up), #=wall, +=interior wall, .=floor";

/* The board the sheet draws, its key and legend: the reader's view, the terrain and starts in round 0,
 * the whole board once the game has ended (the fog lifts, as in `show`). */
static void view_sheet_board(const Board *b, int reader, SheetParts *parts, const SheetShared *sh, Buf *out)
{
    size_t start, pic_end, legend;
    bool ended = b->phase == PHASE_ENDED;
    uint8_t *m = NULL;
    const LayoutPieceLines *pieces = sh ? &sh->pieces : NULL;
    if (!ended) {
        size_t n = (size_t)b->w * (size_t)b->h;
        m = xmalloc(n);
        if (sh && sh->maps) /* the game's, made for b as it is */
            memcpy(m, sh->maps + (size_t)reader * n, n);
        else
            sight_compute(b, reader, m);
    }
    bool round0 = b->phase == PHASE_ROUND0;
    if (round0)
        buf_add(out, "Round 0: the whole terrain and the start squares (no pieces yet).\n");
    if (ended)
        buf_add(out, "The fog has lifted: the whole board, every sequence.\n");
    start = out->len;
    size_t n = (size_t)b->w * (size_t)b->h;
    char *sym = xmalloc(n);
    uint8_t *mask = xmalloc(n);
    layout_fill(b, ended ? -1 : reader, m, sym, mask);
    bool any = layout_board_cells(b, sym, mask, out);
    pic_end = out->len;
    if (!any)
        buf_add(out, "You see nothing of the board.\n");
    else if (ended)
        layout_wrap(out, "Key: ", 5,
             "a-z=the players (see Players; yours too), o=orphan, *=special, #=wall, +=interior wall, .=floor");
    else if (!round0)
        layout_wrap(out, "Key: ", 5,
             "@=yours, a-z=another player's (see Players), o=orphan, *=special, #=wall, +=interior wall, "
             ".=floor, blank=not in view");
    else
        layout_wrap(out, "Key: ", 5, TERRAIN_KEY);
    buf_add(out, "\n");
    legend = out->len;
    layout_legend_shared(b, ended ? -1 : reader, m, pieces, out);
    if (parts && !parts->filled)
        *parts = (SheetParts){.filled = true, .m = m, .sym = sym, .mask = mask, .ev = parts->ev,
                              .ev_len = parts->ev_len, .pic = start, .pic_len = pic_end - start, .leg = legend,
                              .leg_len = out->len - legend};
    else
        free(m), free(sym), free(mask);
    buf_add(out, "\n");
}

void view_terrain(const Board *b, const char *ter, Buf *out)
{
    layout_terrain(b, ter, true, NULL, out);
    layout_wrap(out, "Key: ", 5, TERRAIN_KEY);
    buf_add(out, "\n");
    layout_starts(b, out);
}

/* The New sheet of a game without round 0 (contract 14.9): the whole terrain as the game starts, as the
 * reader knows it, with the start squares, as round 0's sheets draw it. */
static void start_section(const Board *b, int reader, Buf *out)
{
    buf_add(out, "The whole board at the start: the terrain and the start squares (no pieces).\n");
    view_terrain(b, board_known(b, reader), out);
    buf_add(out, "\n");
}

/* Every sheet in play after the New one: the reader's map, as `map` sends it (contract 8, 14.9). */
static void view_map_drawn(const Board *b, int reader, const SheetParts *p, Buf *out);

static void view_map_section(const Board *b, int reader, const SheetParts *parts, Buf *out)
{
    if (parts && parts->filled)
        view_map_drawn(b, reader, parts, out);
    else
        view_map(b, reader, NULL, out);
    buf_add(out, "\n");
}

void view_parts_free(SheetParts *p)
{
    free(p->m);
    free(p->sym);
    free(p->mask);
    *p = (SheetParts){0};
}

/* The last line (contract 4.1): the Subject to use next; none for a player who can no longer order. */
static void view_sheet_command(const Board *b, int reader, Buf *out)
{
    if (b->phase == PHASE_ENDED)
        buf_add(out, "No more orders are accepted.\n");
    else if (b->phase == PHASE_PLAY && !board_player_has_turns(b, reader))
        layout_wrap(out, "", 0, "You are out of this game: no more orders from you are accepted. You will be mailed the "
                         "final sheet at the end.");
    else { /* the lines without printf: the same for every reader but the last */
        const char *eg = b->phase != PHASE_ROUND0                 ? "PASS"
                         : b->par.gamble == GAMBLE_MODE_POSITION ? "GAMBLE 0E on GPC1"
                                                                 : "GAMBLE 0E 1st";
        buf_add(out, "To order, reply to this mail with your password and order on the first line\n"
                     "(e.g. \"mypassword ");
        buf_add(out, eg);
        buf_add(out, strlen(eg) > 14 ? "\"),\nor" : "\"), or");
        buf_add(out, " send Genetess a mail with this Subject:\ngenetess move ");
        add_int(out, b->number, 0);
        buf_addc(out, ' ');
        buf_add(out, b->pl[reader].id);
        buf_add(out, " <password> <ORDER>#");
        add_int(out, board_move_number(b), 0);
        buf_addc(out, '\n');
    }
}

void view_shared_init(const Board *b, SheetShared *sh)
{
    layout_piece_lines(b, &sh->pieces);
    sh->maps = NULL;
    Buf t;
    buf_init(&t);
    view_params_section(b, NULL, &t);
    sh->params = buf_take(&t);
}

void view_shared_maps(const Board *b, const Game *g, SheetShared *sh)
{
    sh->maps = NULL;
    if (!g || !g->sight_key || g->nsight_key != sight_key_len(b))
        return;
    int *key = xmalloc((size_t)g->nsight_key * sizeof *key);
    sight_key(b, key);
    if (memcmp(key, g->sight_key, (size_t)g->nsight_key * sizeof *key) == 0)
        sh->maps = g->sight_maps;
    free(key);
}

void view_shared_free(SheetShared *sh)
{
    layout_piece_lines_free(&sh->pieces);
    free(sh->params);
    sh->params = NULL;
}

/* Appends the reader's turnsheet to out (o may be NULL: no banner, no result, no news, no E breakdown).
 * The news and E breakdown come from o, never from the board, so a caller may clear them first. Every
 * line is at most 80 columns; nothing the reader may not see (contract 8) is written. The last line is the
 * command template of contract 4.1 while the reader may order. */
void view_sheet(const Board *b, int reader, const SheetOpts *o, Buf *out)
{
    static const SheetOpts none = {.variant = SHEET_NONE};
    if (!o)
        o = &none;
    if (reader < 0 || reader >= b->np)
        return;
    view_sheet_top(b, reader, o, out);
    view_sheet_board(b, reader, o->parts, o->shared, out);
    if (o->is_new && b->phase == PHASE_PLAY) /* round 0's sheet draws the whole terrain already */
        start_section(b, reader, out);
    else if (b->phase == PHASE_PLAY) /* contract 8: the reader's map, on every sheet while the game is in play */
        view_map_section(b, reader, o->parts, out);
    lister_sheet_section(b, reader, out);
    players_section(b, reader, o->now, out);
    buf_add(out, "\n");
    view_params_section(b, o->shared, out);
    buf_add(out, "\n");
    view_score_table(b, reader, out);
    buf_add(out, "\n");
    view_sheet_command(b, reader, out);
}

/* ---- the player's map ---- */

/* What a terrain character is called. */
static const char *terrain_name(char t)
{
    return t == TER_XWALL ? "wall" : t == TER_IWALL ? "interior wall" : t == TER_FLOOR ? "floor" : "outside";
}

void view_map(const Board *b, int reader, const uint8_t *m, Buf *out)
{
    SheetParts p = {.m = (uint8_t *)m};
    view_map_drawn(b, reader, &p, out);
}

/* view_map through p's sight map, and through p's picture (sym and mask, when set) instead of drawing it again. */
static void view_map_drawn(const Board *b, int reader, const SheetParts *p, Buf *out)
{
    const uint8_t *m = p->m;
    size_t n = (size_t)b->w * (size_t)b->h;
    bool ended = b->phase == PHASE_ENDED;
    uint8_t *own = NULL;
    if (ended) { /* contract 8: the fog has lifted */
        m = NULL;
    } else if (!m) {
        m = own = xmalloc(n);
        sight_compute(b, reader, own);
    }
    /* the squares in view as they are now, the others as the reader last saw them */
    const char *known = board_known(b, reader), *start = board_start_terrain(b);
    char *ter = xmalloc(n), *pic = NULL;
    size_t sq0 = 0;
    if (m) /* eight squares at a time: each byte of b->ter where the map's byte has SIGHT_SEEN, known's elsewhere */
        for (; sq0 + 8 <= n; sq0 += 8) {
            uint64_t seen, now, was;
            memcpy(&seen, m + sq0, 8), memcpy(&now, b->ter + sq0, 8), memcpy(&was, known + sq0, 8);
            _Static_assert(SIGHT_SEEN == 1, "the seen bit is each byte's lowest");
            seen = (seen & 0x0101010101010101u) * 0xff;
            now = (now & seen) | (was & ~seen);
            memcpy(ter + sq0, &now, 8);
        }
    for (size_t sq = sq0; sq < n; sq++)
        ter[sq] = !m || (m[sq] & SIGHT_SEEN) ? b->ter[sq] : known[sq];
    buf_printf(out, "Your map of Genetess board %d (%s, Move #%d):\n", b->number, b->pl[reader].id,
               board_move_number(b));
    if (ended)
        buf_add(out, "The fog has lifted: the whole terrain as it is.\n");
    /* no start labels: after round 0 who has which start is secret (contract 4.6); in play, one picture of what
     * the reader knows: the squares in view as the sheet draws them (pieces, specials), the others remembered,
     * a special they saw there included (on floor, as the sheet draws a special) */
    if (ended) {
        layout_terrain(b, ter, false, m, out);
    } else {
        pic = xmalloc(n);
        memcpy(pic, ter, n);
        for (int sq = board_known_special_next(b, reader, 0); sq >= 0; sq = board_known_special_next(b, reader, sq + 1))
            if (known[sq] == TER_FLOOR && !(m[sq] & SIGHT_SEEN))
                pic[sq] = LAYOUT_SEEN_SPECIAL;
        if (p->sym)
            layout_map_cells(b, pic, p->sym, p->mask, out);
        else
            layout_map(b, reader, pic, m, out);
    }
    layout_wrap(out, "Key: ", 5,
                ended ? "#=wall, +=interior wall, .=floor"
                      : "in your view now: @=yours, a-z=another player's (see Players), o=orphan, *=special, "
                        "#=wall, +=interior wall, .=floor; out of your view, as you last saw it: x=interior wall, "
                        ":=floor, #=wall (never removed), $=a special you saw there earlier");
    Buf t;
    buf_init(&t);
    char nm[16];
    for (size_t sq = 0; sq < n; sq++) {
        uint64_t now, was; /* eight squares as at the start are passed at once */
        if (sq + 8 <= n && (memcpy(&now, ter + sq, 8), memcpy(&was, start + sq, 8), now == was)) {
            sq += 7;
            continue;
        }
        if (ter[sq] != start[sq] && ter[sq] != TER_OUTSIDE && start[sq] != TER_OUTSIDE)
            buf_printf(&t, "%s%s %s to %s%s", t.len ? ", " : "", board_sq_name(b, (int)sq, nm), terrain_name(start[sq]),
                       terrain_name(ter[sq]), m && !(m[sq] & SIGHT_SEEN) ? " (as you last saw it)" : "");
    }
    if (t.len)
        layout_wrap(out, "Changed since the start, as you know: ", 4, t.s);
    else
        buf_add(out, "No change of the terrain since the start that you know of.\n");
    t.len = 0;
    /* what no other text tells: the specials remembered out of view, by code */
    for (int sq = ended ? -1 : board_known_special_next(b, reader, 0); sq >= 0;
         sq = board_known_special_next(b, reader, sq + 1))
        if (!(m[sq] & SIGHT_SEEN))
            buf_printf(&t, "%sS%d (%s) seen on %s", t.len ? ", " : "", board_known_special(b, reader, sq),
                       special_info(board_known_special(b, reader, sq))->name, board_sq_name(b, sq, nm));
    if (t.len)
        layout_wrap(out, "Specials you saw earlier, out of your view now: ", 4, t.s);
    buf_free(&t);
    free(pic);
    free(ter);
    free(own);
}

/* ---- the moves record ---- */

/* A moves line as people read it (malloc'd): "Holiday <seconds>" written as a duration ("1d 0h 0m"),
 * everything else as recorded. */
static char *move_line_text(const char *line)
{
    MoveRecord r;
    char d[48];
    if (movelist_parse(line, &r) && r.kind == MOVE_HOLIDAY)
        return xasprintf("%s %s Holiday %s", r.label, r.who, fmt_duration(r.secs, d, sizeof d));
    return xstrdup(line);
}

/* What a moves line of the reader's says about its outcome (help/command-log.txt). */
static void log_entry(const MoveRecord *r, const char *why, Buf *out)
{
    char d[48], body[1200];
    int n = r->textlen;
    if (r->kind == MOVE_TIMEOUT)
        snprintf(body, sizeof body, "%s", r->round == 0 ? "time-out: your missing gambles counted as 0E "
                                                                       "don't care" : "time-out: you timed out");
    else if (r->kind == MOVE_FORFEIT)
        snprintf(body, sizeof body, "forfeit: too many time-outs in a row; you left the game");
    else if (r->kind == MOVE_RESIGN)
        snprintf(body, sizeof body, "resign: you left the game");
    else if (r->kind == MOVE_HOLIDAY)
        snprintf(body, sizeof body, "holiday: %s used", fmt_duration(r->secs, d, sizeof d));
    else /* a failure with its reason, as the player was told it (contract 11) */
        snprintf(body, sizeof body, "%.*s: %s%s%s%s", n < 500 ? n : 500, r->text, r->failed ? "failed" : "done",
                 r->autorun ? " (your stored order)" : "", r->failed && why && *why ? ": " : "",
                 r->failed && why ? why : "");
    char prefix[32];
    snprintf(prefix, sizeof prefix, "  %-5s ", r->label);
    layout_wrap(out, prefix, (int)strlen(prefix) + 2, body);
}

void view_log(const Board *b, int reader, Buf *out)
{
    const char *id = b->pl[reader].id;
    int n = 0;
    StrList why = {0};
    MoveRecord r;
    for (int i = 0; i < b->moves.n && !why.n; i++) /* the reasons come from a replay: only when needed */
        if (movelist_parse(b->moves.v[i], &r) && r.failed)
            replay_failure_reasons(b, &why);
    buf_printf(out, "Your orders on Genetess board %d so far (%s, Move #%d):\n", b->number, id,
               board_move_number(b));
    for (int i = 0; i < b->moves.n; i++) {
        /* only the reader's own lines (contract 10) */
        if (!movelist_parse(b->moves.v[i], &r) || !movelist_by(&r, id))
            continue;
        log_entry(&r, i < why.n ? why.v[i] : NULL, out);
        n++;
    }
    sl_free(&why);
    if (!n)
        buf_add(out, "  none yet\n");
}

/* ---- show ---- */

/* `show` while running: name and number, round/turn label, who is to move, deadline (UTC), each
 * player's status, time-outs and holiday left — never terrain, pieces, E, orders. */
void view_show_public(const Board *b, int64_t now, Buf *out)
{
    char d[48];
    view_game_title(b, out);
    view_turn_lines(b, -1, out);
    buf_add(out, "Players:\n");
    for (int i = 0; i < b->np; i++) {
        const Player *pl = &b->pl[i];
        char prefix[64];
        snprintf(prefix, sizeof prefix, "  %s ", pl->id);
        char to[64];
        char *t = xasprintf("%s, %s, holiday left %s", status_text(b, i, -1), timeouts_words(pl, to, sizeof to),
                            fmt_duration(holiday_left(b, i, now), d, sizeof d));
        layout_wrap(out, prefix, 6, t);
        free(t);
    }
}

/* `show` after the end: "The game has ended", result, score table, the full board (every piece with
 * its full sequence incl. markers, specials), and the move list (b->moves). */
void view_show_full(const Board *b, Buf *out)
{
    char nm[16];
    view_game_title(b, out);
    if (b->phase == PHASE_ENDED) {
        buf_add(out, "The game has ended\n");
        result_line(b, -1, out);
    } else { /* a position replayed from an ended game's history (show n#k) */
        buf_printf(out, "The game as it stood after move #%d\n", board_moves_count(b));
    }
    buf_add(out, "\n");
    view_score_table(b, -1, out);
    buf_add(out, "\n");
    if (b->result[0])
        buf_add(out, "Final board:\n");
    else
        buf_printf(out, "The board after move #%d:\n", board_moves_count(b));
    if (!layout_board(b, -1, NULL, out))
        buf_add(out, "(empty board)\n");
    buf_add(out, "\n");
    Buf t;
    buf_init(&t);
    for (int i = 0; i < b->np; i++)
        buf_printf(&t, "%s%c %s", i ? ", " : "", layout_player_letter(i), b->pl[i].id);
    layout_wrap(out, "Players: ", 4, t.s ? t.s : "");
    buf_free(&t);
    buf_add(out, "o = orphan, * = special\n");
    layout_legend(b, -1, NULL, out);
    if (b->nst) {
        buf_init(&t);
        for (int i = 0; i < b->nst; i++) {
            buf_printf(&t, "%sGPC%d %s", i ? ", " : "", b->st[i].label, board_sq_name(b, b->st[i].sq, nm));
            for (int k = 0; k < b->np; k++)
                if (b->pl[k].start == b->st[i].label)
                    buf_printf(&t, " (%s)", b->pl[k].id);
        }
        layout_wrap(out, "Start squares: ", 4, t.s);
        buf_free(&t);
    }
    buf_add(out, "\nMoves:\n");
    for (int i = 0; i < b->moves.n; i++) {
        char *line = move_line_text(b->moves.v[i]);
        layout_wrap(out, "  ", 6, line);
        free(line);
    }
    if (!b->moves.n)
        buf_add(out, "  none\n");
}

/* Players, status, points = game_score (contract 14.7); headed "Final scores" once the game has ended
 * (winner or tie marked) and "Scores so far" before. */
void view_score_table(const Board *b, int reader, Buf *out)
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
    for (int i = 0; i < b->np; i++) { /* "  %-*s  %-18s %5d%s%s\n", a line a player, without printf */
        int pts = game_score(b, i);
        const char *mark = ended && pts == top ? (tie ? "  tie" : "  winner") : "";
        buf_add(out, "  ");
        add_left(out, b->pl[i].id, ow);
        buf_add(out, "  ");
        add_left(out, status_text(b, i, reader), 18);
        buf_addc(out, ' ');
        add_int(out, pts, 5);
        buf_add(out, mark);
        buf_add(out, i == reader ? "  (you)\n" : "\n");
    }
}

/* ---- nag ---- */

/* Subject "Nag: Genetess Board <n> <userid>"; the text names the deadline and the command to send:
 * the move, or the missing gambles in round 0. */
void view_nag(const Board *b, int p, Buf *subject, Buf *body)
{
    char when[48];
    fmt_time(b->clock.deadline, when, sizeof when);
    Subject sj = {.kind = SUBJECT_BOARD, .n = b->number, .is_nag = true};
    char line[160];
    snprintf(sj.word, sizeof sj.word, "%s", b->pl[p].id);
    subject_format(&sj, line, sizeof line);
    buf_add(subject, line);
    if (b->phase == PHASE_ROUND0)
        buf_printf(body, "Reminder: Genetess board %d is in round 0 and waits for your GAMBLE orders.\n"
                         "The deadline is %s;\nmissing gambles then count as 0E don't care.\n",
                   b->number, when);
    else if (b->pl[p].queue.n) { /* what happens then, by the player's own queue (contract 4.3, 4.4) */
        const char *head = b->pl[p].queue.v[0];
        buf_printf(body, "Reminder: it is your move on Genetess board %d.\nThe deadline is %s;\n", b->number, when);
        char *t = xasprintf("then your stored order %s runs, unless you send another order first.",
                            head[0] == '*' ? head + 1 : head);
        layout_wrap(body, "", 4, t);
        free(t);
    } else {
        buf_printf(body, "Reminder: it is your move on Genetess board %d.\n"
                         "The deadline is %s;\nthen you time out: you have no stored order.\n",
                   b->number, when);
    }
    if (timeout_forfeits(b, p))
        timeout_warning(b, p, body);
    /* both ways to answer, as the sheet's last lines (contract 4.1): a reply, or the Subject */
    bool r0 = b->phase == PHASE_ROUND0;
    char *how = xasprintf("Reply to this mail with your password and your %s on the first line (e.g. "
                          "\"yourpassword %s\"), or send a mail with the Subject",
                          r0 ? "GAMBLE orders" : "order", r0 ? "GAMBLE 0E don't care" : "PASS");
    layout_wrap(body, "", 0, how);
    free(how);
    buf_printf(body, "    genetess move %d %s <password> <ORDER>#%d\n", b->number, b->pl[p].id, board_move_number(b));
}

void view_board_subject(const Board *b, bool is_new, char *buf, size_t size)
{
    Subject s = {.kind = SUBJECT_BOARD, .is_new = is_new, .n = b->number};
    if (b->phase == PHASE_ENDED) { /* what the mail is: the end, and who won (the points are in the sheet) */
        Buf r;
        buf_init(&r);
        view_result_words(b, -1, false, &r);
        s.kind = SUBJECT_ENDED;
        s.is_new = false;
        snprintf(s.word, sizeof s.word, "%s", r.len ? r.s : "");
        buf_free(&r);
    } else if (b->phase == PHASE_ROUND0) {
        snprintf(s.word, sizeof s.word, "ALL");
    } else {
        snprintf(s.word, sizeof s.word, "%s", b->pl[b->seat].id);
    }
    subject_format(&s, buf, size);
}
