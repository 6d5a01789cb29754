/* Tests of event (what happened, as a kind with its arguments, contract 8 and 14.9): the rules hand up a kind —
 * asserted here by kind and arguments, not by words — and event.c alone writes its English, per reader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "event.h"
#include "firing.h"
#include "fixtures.h"
#include "sight.h"

static const char *const event_rows[] = {
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "##########",
    NULL,
};

/* ---- the rules hand up kinds ---- */

/* Runs order text of player p on b as one action and keeps its events in *g (the caller ends with event_done). */
static int event_order(Game *g, Board *b, int p, const char *text)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, text, &o, &err) == 0, "%s: %s", text, err.msg);
    game_init(g, b, 1000);
    g->replay = true;
    g->actor_player = p;
    game_begin_action(g);
    int rc = dispatch_order(g, p, &o);
    order_free(&o);
    return rc;
}

/* Runs the firing step of player p's turn as one action, keeping its events in *g. */
static void event_fire(Game *g, Board *b, int p)
{
    game_init(g, b, 1000);
    game_begin_action(g);
    firing_run(g, p);
}

static void event_done(Game *g)
{
    game_end_action(g);
    game_done(g);
}

/* The first event of kind in g (NULL: none). */
static const Event *event_find(const Game *g, EventKind kind)
{
    for (int i = 0; i < g->nev; i++)
        if (g->ev[i].kind == kind)
            return &g->ev[i];
    return NULL;
}

START_TEST(wall_crumbles)
{
    Board *b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    b->ter[fx_sq(b, "D3")] = TER_IWALL;
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b->w, b->h, b->ter, "S10 B2 targets=D3", &sp, &err) == 0, "%s", err.msg);
    b->sp = xrealloc(b->sp, sizeof *b->sp);
    b->sp[b->nsp++] = sp;
    Game g;
    event_fire(&g, b, 0);
    const Event *ev = event_find(&g, EVENT_IWALL_CRUMBLED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->nsq, 1);
    ck_assert_int_eq(ev->sq[0], fx_sq(b, "D3"));
    ck_assert_int_eq(ev->subject, -1);
    ev = event_find(&g, EVENT_SPECIAL_FIRED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->special, 10);
    ck_assert_int_eq(ev->sq[0], fx_sq(b, "B2"));
    event_done(&g);
    board_free(b);
}
END_TEST

START_TEST(move_and_capture)
{
    Board *b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "AG");
    fx_piece(b, "C2", 1, "A");
    Game g;
    ck_assert_int_eq(event_order(&g, b, 0, "MOVE B2 E"), 0);
    const Event *ev = event_find(&g, EVENT_MOVED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->sq[0], fx_sq(b, "B2"));
    ck_assert_int_eq(ev->sq[1], fx_sq(b, "C2"));
    ck_assert_int_eq(ev->owner[0], 0);
    ck_assert_str_eq(ev->seq[0], "AG");
    ev = event_find(&g, EVENT_CAPTURED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->subject, 1);
    ck_assert_int_eq(ev->sq[0], fx_sq(b, "C2"));
    ck_assert_int_eq(ev->owner[0], 1);
    ck_assert_int_eq(ev->owner[1], 0);
    ck_assert_str_eq(ev->seq[0], "A");
    ck_assert_ptr_null(event_find(&g, EVENT_KING_CAPTURED));
    event_done(&g);
    ck_assert_str_eq(b->pl[0].ebook.v[0].text, "+2 digest (G)"); /* the cost of the A taken */
    board_free(b);
}
END_TEST

START_TEST(king_captured_names_both)
{
    Board *b = fx_board(event_rows, 3, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 1, "K");
    fx_piece(b, "H4", 1, "K");
    fx_piece(b, "H2", 2, "K");
    Game g;
    ck_assert_int_eq(event_order(&g, b, 0, "MOVE B2 E"), 0);
    const Event *ev = event_find(&g, EVENT_KING_CAPTURED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->who[0], 1);
    ck_assert_int_eq(ev->who[1], 0);
    ck_assert_int_eq(ev->actor, 0);
    event_done(&g);
    board_free(b);
}
END_TEST

START_TEST(transfer_code_and_square)
{
    Board *b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "AJT");
    fx_piece(b, "C2", 1, "A");
    Game g;
    ck_assert_int_eq(event_order(&g, b, 0, "TRANSFER B2 T C2"), 0);
    const Event *ev = event_find(&g, EVENT_TRANSFERRED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->code, 'T');
    ck_assert_int_eq(ev->at, fx_sq(b, "C2"));
    ck_assert_int_eq(ev->nsq, 2);
    ev = event_find(&g, EVENT_TRANSFER_RECEIVED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->subject, 1);
    ck_assert_int_eq(ev->code, 'T');
    event_done(&g);
    board_free(b);
}
END_TEST

START_TEST(shield_and_reveal_say_why)
{
    Board *b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "AM");
    fx_piece(b, "C2", 1, "AW");
    Game g;
    ck_assert_int_eq(event_order(&g, b, 0, "RADIATE B2"), 0);
    const Event *ev = event_find(&g, EVENT_SHIELD_RADIATION);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->what, WHAT_RADIATION);
    ck_assert_int_eq(ev->sq[0], fx_sq(b, "C2"));
    event_done(&g);
    board_free(b);

    b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "AB");
    fx_piece(b, "C2", 1, "AR")->g.phased = true;
    ck_assert_int_lt(event_order(&g, b, 0, "MOVE B2 E-E"), 0);
    ev = event_find(&g, EVENT_REVEALED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->what, WHY_BUMPED_INTO);
    ck_assert_int_eq(ev->subject, 1);
    event_done(&g);
    board_free(b);
}
END_TEST

START_TEST(pass_and_resign_name_the_player)
{
    Board *b = fx_board(event_rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "H4", 1, "K");
    Game g;
    ck_assert_int_eq(event_order(&g, b, 0, "PASS"), 0);
    const Event *ev = event_find(&g, EVENT_PASSED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->who[0], 0);
    ck_assert_int_eq(ev->flags, EV_PUBLIC);
    game_eliminate(&g, 1, PS_RESIGNED, -1);
    ev = event_find(&g, EVENT_RESIGNED);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->who[0], 1);
    event_done(&g);
    ck_assert_str_eq(b->pl[0].news.v[b->pl[0].news.n - 1].text, "bob resigned.");
    board_free(b);
}
END_TEST

/* ---- each kind's words ---- */

/* Every kind rendered with the same arguments, for the readers of each variant. */
typedef struct {
    EventKind kind;
    const char *text;  /* a third player seeing and decoding everything */
    const char *own;   /* the subject, alice */
    const char *actor; /* the actor, bob (NULL: as text) */
    const char *blind; /* the third player seeing without decoding (NULL: as text; "": nothing) */
    const char *far;   /* the third player seeing nothing (NULL: nothing) */
} EventRow;

#include "check_event.h"

/* The standard event of kind on b: every argument set (the texts in text, which the event points into). */
static Event event_sample(const Board *b, EventKind kind, char text[5][3])
{
    Event ev = {.kind = kind, .subject = 0, .nsq = 4, .actor = 1, .who = {1, 0}, .num = {3, 12}, .code = 'J',
                .codes = text[4], .at = fx_sq(b, "F2"), .special = 9, .named = true, .what = WHAT_PUSHED_ASIDE,
                .verb = ORD_MOVE};
    const char *sq[4] = {"B2", "C3", "D4", "E2"};
    for (int i = 0; i < 5; i++)
        snprintf(text[i], 3, "%c%c", 'A' + 2 * i, 'B' + 2 * i);
    for (int i = 0; i < 4; i++) {
        ev.sq[i] = ev.pre[i] = ev.post[i] = fx_sq(b, sq[i]);
        ev.seq[i] = text[i];
        ev.owner[i] = i % 2;
    }
    return ev;
}

/* ev rendered for reader with every square's view bits v. */
static char *event_say(const Board *b, const Event *ev, int reader, uint8_t v)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *m = xmalloc(n);
    memset(m, v, n);
    char *s = event_render(b, ev, reader, m, m);
    free(m);
    return s;
}

static void event_same(const char *got, const char *want, const char *expect_text, int kind, const char *what)
{
    const char *w = want ? want : expect_text;
    if (!w || !*w)
        ck_assert_msg(!got, "kind %d %s: '%s', want nothing", kind, what, got);
    else
        ck_assert_msg(got && strcmp(got, w) == 0, "kind %d %s: '%s', want '%s'", kind, what, got ? got : "(null)",
                      w);
}

START_TEST(every_kind_has_its_words)
{
    Board *b = fx_board(event_rows, 3, 0);
    ck_assert_int_eq((int)(sizeof event_words_rows / sizeof *event_words_rows), EVENT_KIND_COUNT - 1);
    for (size_t i = 0; i < sizeof event_words_rows / sizeof *event_words_rows; i++) {
        const EventRow *r = &event_words_rows[i];
        ck_assert_int_eq(r->kind, (int)i + 1);
        char text5[5][3];
        Event ev = event_sample(b, r->kind, text5);
        char *text = event_say(b, &ev, 2, SIGHT_SEEN | SIGHT_DECODE);
        char *own = event_say(b, &ev, 0, SIGHT_SEEN | SIGHT_DECODE);
        char *actor = event_say(b, &ev, 1, SIGHT_SEEN | SIGHT_DECODE);
        char *blind = event_say(b, &ev, 2, SIGHT_SEEN);
        char *far = event_say(b, &ev, 2, 0);
        event_same(text, r->text, NULL, r->kind, "text");
        event_same(own, r->own, NULL, r->kind, "own");
        event_same(actor, r->actor, r->text, r->kind, "actor");
        event_same(blind, r->blind, r->text, r->kind, "blind");
        event_same(far, r->far, NULL, r->kind, "far");
        free(text), free(own), free(actor), free(blind), free(far);
    }
    board_free(b);
}
END_TEST

/* What a shield resisted and why a phased piece was revealed, each code in its sentence: EVENT_SHIELD as a seeing
 * reader reads it for the WHAT_ codes, EVENT_REVEALED as its owner does for the WHY_ codes (special 9, TELEPORT). */
static const char *const event_what_lines[EVENT_WHAT_COUNT] = {
    [WHAT_NONE] = "carol's piece on B2 resisted  with its shield (W).",
    [WHAT_SPECIAL] = "carol's piece on B2 resisted special S9 with its shield (W).",
    [WHAT_A_SPECIAL] = "carol's piece on B2 resisted a special with its shield (W).",
    [WHAT_PUSHED_ASIDE] = "carol's piece on B2 resisted being pushed aside by special S9 with its shield (W).",
    [WHAT_PUSHED_ASIDE_A_SPECIAL] = "carol's piece on B2 resisted being pushed aside by a special with its shield (W).",
    [WHAT_RADIATION_S9] = "carol's piece on B2 resisted radiation (special S9) with its shield (W).",
    [WHAT_RADIATION] = "carol's piece on B2 resisted radiation with its shield (W).",
    [WHAT_TREMOR_S16] = "carol's piece on B2 resisted the tremor (special S16) with its shield (W).",
    [WHAT_A_TREMOR] = "carol's piece on B2 resisted a tremor with its shield (W).",
    [WHAT_TRANSFER] = "carol's piece on B2 resisted a TRANSFER with its shield (W).",
    [WHAT_CONVERT] = "carol's piece on B2 resisted a CONVERT with its shield (W).",
    [WHAT_SANCTUARY_SWAP] = "carol's piece on B2 resisted a SANCTUARY swap with its shield (W).",
    [WHAT_ATTRACTION] = "carol's piece on B2 resisted an attraction wave with its shield (W).",
    [WHAT_REPULSION] = "carol's piece on B2 resisted a repulsion wave with its shield (W).",
    [WHY_ACTED] = "Your phased piece on B2 was revealed (it acted).",
    [WHY_IN_WAY] = "Your phased piece on B2 was revealed (it was in the way of a TELEPORT).",
    [WHY_PAID_CREATE] = "Your phased piece on B2 was revealed (it paid for CREATE).",
    [WHY_JUMPED_OVER] = "Your phased piece on B2 was revealed (it was jumped over).",
    [WHY_BUMPED_INTO] = "Your phased piece on B2 was revealed (it was bumped into).",
    [WHY_REACHED_ATTRACTION] = "Your phased piece on B2 was revealed (it was reached by an attraction wave).",
    [WHY_REACHED_REPULSION] = "Your phased piece on B2 was revealed (it was reached by a repulsion wave).",
    [WHY_STOPPED_ATTRACTION] = "Your phased piece on B2 was revealed (it stopped a piece moved by an attraction wave).",
    [WHY_STOPPED_REPULSION] = "Your phased piece on B2 was revealed (it stopped a piece moved by a repulsion wave).",
    [WHY_STOPPED_CHARGE] = "Your phased piece on B2 was revealed (it stopped a charging piece).",
    [WHY_ON_TARGET] = "Your phased piece on B2 was revealed (it was on the target of special S9).",
    [WHY_BLOCKED_SPECIAL] = "Your phased piece on B2 was revealed (it blocked special S9).",
    [WHY_BLAST] = "Your phased piece on B2 was revealed (it was reached by a blast).",
};

START_TEST(every_what_has_its_words)
{
    Board *b = fx_board(event_rows, 3, 0);
    for (int w = 0; w < EVENT_WHAT_COUNT; w++) {
        char text5[5][3];
        Event ev = event_sample(b, w < WHY_ACTED ? EVENT_SHIELD : EVENT_REVEALED, text5);
        ev.what = (EventWhat)w;
        ev.verb = ORD_TELEPORT;
        ev.subject = ev.owner[0] = 2; /* carol's piece: bob reads the shield, carol her reveal */
        char *s = event_say(b, &ev, w < WHY_ACTED ? 1 : 2, SIGHT_SEEN | SIGHT_DECODE);
        ck_assert_msg(event_what_lines[w], "what %d has no row", w);
        ck_assert_str_eq(s, event_what_lines[w]);
        free(s);
    }
    board_free(b);
}
END_TEST

/* The E breakdown's lines: each kind's words with its arguments (sq C3, num 4 5 1, text "AAB"). */
static const char *const event_ebook_lines[EBOOK_KIND_COUNT] = {
    [EBOOK_CREATE] = "-7 CREATE AAB on C3",
    [EBOOK_DIGESTED] = "-7 digested with your King",
    [EBOOK_DIGEST] = "+7 digest (G)",
    [EBOOK_ACCRUAL] = "+7 accrual at AAB (4 K)",
    [EBOOK_S1] = "+7 S1 bonus on C3",
    [EBOOK_S1_PER_KING] = "+7 S1 bonus on C3 (4 x 5 K)",
    [EBOOK_S3_COPY] = "-7 S3 copy on C3",
    [EBOOK_S11] = "+7 S11 bonus: 4% of 5 E, rounded down (you hold 1 S11 square)",
    [EBOOK_S12_DECAY] = "-7 E decay (S12)",
    [EBOOK_S14_DOUBLE] = "-7 S14 double-up on C3",
    [EBOOK_S21_RECYCLE] = "+7 S21 recycle on C3",
    [EBOOK_STAKED] = "-7 staked in round 0",
};

START_TEST(every_ebook_line_has_its_words)
{
    Board *b = fx_board(event_rows, 2, 0);
    for (int k = 0; k < EBOOK_KIND_COUNT; k++) {
        EbookLine e = {.kind = (EbookKind)k, .amount = 7, .sq = fx_sq(b, "C3"), .num = {4, 5, 1}, .text = "AAB"};
        char *s = event_ebook_say(b, &e);
        ck_assert_msg(event_ebook_lines[k], "ebook kind %d has no row", k);
        ck_assert_str_eq(s, event_ebook_lines[k]);
        free(s);
    }
    EbookLine e = {.kind = EBOOK_S11, .amount = 0, .num = {4, 5, 2}};
    char *s = event_ebook_say(b, &e);
    ck_assert_str_eq(s, "+0 S11 bonus: 4% of 5 E, rounded down (you hold 2 S11 squares)");
    free(s);
    board_free(b);
}
END_TEST

Suite *event_suite(void);
Suite *event_suite(void)
{
    Suite *s = suite_create("event");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, wall_crumbles);
    tcase_add_test(tc, move_and_capture);
    tcase_add_test(tc, king_captured_names_both);
    tcase_add_test(tc, transfer_code_and_square);
    tcase_add_test(tc, shield_and_reveal_say_why);
    tcase_add_test(tc, pass_and_resign_name_the_player);
    suite_add_tcase(s, tc);
    tc = tcase_create("words");
    tcase_add_test(tc, every_kind_has_its_words);
    tcase_add_test(tc, every_what_has_its_words);
    tcase_add_test(tc, every_ebook_line_has_its_words);
    suite_add_tcase(s, tc);
    return s;
}
