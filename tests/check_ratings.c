/* Tests of ratings: the history records (dedupe by board, the line's fallback scores), the scores of a
 * finished board, the standings and the Elo ratings to the point for hand-made games of 2, 3 and 4
 * players and ties, in the chronological order help/command-ratings.txt documents. */
#include "fixtures.h"
#include "ratings.h"

#include <stdlib.h>
#include <string.h>

/* Appends a game to gs from "id:score id:score ..." (board numbers 101, 102, ... in order). */
static void add_game(RatingsGames *gs, const char *players)
{
    StrList w = {0};
    str_split_words(players, &w);
    if (gs->n == gs->cap) {
        gs->cap = gs->cap ? 2 * gs->cap : 8;
        gs->v = xrealloc(gs->v, sizeof *gs->v * (size_t)gs->cap);
    }
    RatingsGame *g = &gs->v[gs->n];
    g->board = 101 + gs->n;
    g->np = w.n;
    g->ids = xcalloc((size_t)w.n, sizeof *g->ids);
    g->score = xcalloc((size_t)w.n, sizeof *g->score);
    for (int i = 0; i < w.n; i++) {
        char *colon = strchr(w.v[i], ':');
        colon = strchr(colon + 1, ':') ? strchr(colon + 1, ':') : colon; /* "bot:name:score" */
        *colon = '\0';
        g->ids[i] = xstrdup(w.v[i]);
        g->score[i] = atoi(colon + 1);
    }
    gs->n++;
    sl_free(&w);
}

static const char *const G2P = "alice:10 bob:0";                     /* alice wins */
static const char *const G3P = "alice:1 bob:2 carol:0";              /* bob, alice, carol */
static const char *const G4P = "alice:10 bob:10 carol:1 dave:0";     /* alice and bob tie on top */
static const char *const GTIE = "carol:3 dave:3";                    /* a two-player tie */

/* The table of the games given, in order. */
static void table_of(RatingsTable *t, const char *const *games, int n)
{
    RatingsGames gs = {0};
    for (int i = 0; i < n; i++)
        add_game(&gs, games[i]);
    ratings_compute(&gs, t);
    ratings_games_free(&gs);
}

static void assert_rating(const RatingsTable *t, const char *id, double want)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->v[i].id, id) == 0) {
            ck_assert_msg(t->v[i].rating > want - 0.001 && t->v[i].rating < want + 0.001, "%s: %.4f, wanted %.4f",
                          id, t->v[i].rating, want);
            return;
        }
    ck_abort_msg("%s is not rated", id);
}

/* ---- Elo, to the point ---- */

START_TEST(test_two_players)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){G2P}, 1);
    ck_assert_int_eq(ratings_rating_of(&t, "alice"), 1516);
    ck_assert_int_eq(ratings_rating_of(&t, "bob"), 1484);
    ratings_table_free(&t);
}
END_TEST

START_TEST(test_three_players)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){G2P, G3P}, 2);
    assert_rating(&t, "alice", 1514.8971);
    assert_rating(&t, "bob", 1501.1029);
    assert_rating(&t, "carol", 1484.0);
    ck_assert_int_eq(ratings_rating_of(&t, "alice"), 1515);
    ck_assert_int_eq(ratings_rating_of(&t, "bob"), 1501);
    ck_assert_int_eq(ratings_rating_of(&t, "carol"), 1484);
    ratings_table_free(&t);
}
END_TEST

START_TEST(test_four_players_and_ties)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){G2P, G3P, G4P}, 3);
    assert_rating(&t, "alice", 1524.6505);
    assert_rating(&t, "bob", 1511.7020);
    assert_rating(&t, "carol", 1479.6475);
    assert_rating(&t, "dave", 1484.0);
    ratings_table_free(&t);
    table_of(&t, (const char *const[]){G2P, G3P, G4P, GTIE}, 4);
    assert_rating(&t, "carol", 1479.8479);
    assert_rating(&t, "dave", 1483.7996);
    ck_assert_int_eq(ratings_rating_of(&t, "alice"), 1525);
    ck_assert_int_eq(ratings_rating_of(&t, "bob"), 1512);
    ck_assert_int_eq(ratings_rating_of(&t, "carol"), 1480);
    ck_assert_int_eq(ratings_rating_of(&t, "dave"), 1484);
    ck_assert_int_eq(ratings_rating_of(&t, "nobody"), 0);
    ratings_table_free(&t);
}
END_TEST

/* Ratings follow the order the games ended (documented): the same games reversed rate otherwise. */
START_TEST(test_chronological_order)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){GTIE, G4P, G3P, G2P}, 4);
    assert_rating(&t, "alice", 1527.0348);
    assert_rating(&t, "bob", 1509.5622);
    assert_rating(&t, "carol", 1479.4030);
    assert_rating(&t, "dave", 1484.0);
    ratings_table_free(&t);
}
END_TEST

/* A tie between equals changes nothing; userids compare case-insensitively. */
START_TEST(test_tie_between_equals)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){GTIE, "Carol:0 DAVE:0"}, 2);
    ck_assert_int_eq(t.n, 2);
    assert_rating(&t, "carol", 1500.0);
    assert_rating(&t, "dave", 1500.0);
    ck_assert_int_eq(t.v[0].games, 2);
    ck_assert_int_eq(t.v[0].ties, 2);
    ratings_table_free(&t);
}
END_TEST

/* ---- the history records ---- */

static const char *const HISTORY = "2027-01-01 101 alice 10 alice bob\n"
                                   "2027-01-02 102 TIE 1 alice bob carol\n"
                                   "not a history line\n"
                                   "2027-01-02 104 nobody 3 alice bob\n"
                                   "2027-01-03 103 carol 12 alice bob carol dave\n";

START_TEST(test_history_fallback_scores)
{
    RatingsGames gs = {0};
    ck_assert_int_eq(ratings_parse_history(HISTORY, &gs), 3);
    ck_assert_int_eq(gs.v[0].board, 101);
    ck_assert_int_eq(gs.v[0].score[0], 10);
    ck_assert_int_eq(gs.v[0].score[1], 0);
    ck_assert_int_eq(gs.v[1].board, 102);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(gs.v[1].score[i], 1);
    ck_assert_int_eq(gs.v[2].board, 103);
    ck_assert_int_eq(gs.v[2].np, 4);
    ck_assert_int_eq(gs.v[2].score[2], 12);
    RatingsTable t = {0};
    ratings_compute(&gs, &t);
    assert_rating(&t, "alice", 1508.6504);
    assert_rating(&t, "bob", 1480.6829);
    assert_rating(&t, "carol", 1516.0);
    assert_rating(&t, "dave", 1494.6667);
    ratings_table_free(&t);
    ratings_games_free(&gs);
}
END_TEST

/* A line appended again (a crash between the history and the board's save) counts once. */
START_TEST(test_history_repeated_line)
{
    Buf h;
    buf_init(&h);
    buf_add(&h, "2027-01-01 101 alice 10 alice bob\n");
    buf_add(&h, HISTORY);
    RatingsGames gs = {0};
    ck_assert_int_eq(ratings_parse_history(h.s, &gs), 3);
    RatingsTable t = {0};
    ratings_compute(&gs, &t);
    assert_rating(&t, "alice", 1508.6504);
    assert_rating(&t, "bob", 1480.6829);
    ck_assert_int_eq(t.v[0].games, 3);
    ratings_table_free(&t);
    ratings_games_free(&gs);
    /* written again after later games: it counts once, in its last line's place */
    buf_add(&h, "2027-01-04 101 alice 10 alice bob\n");
    ck_assert_int_eq(ratings_parse_history(h.s, &gs), 3);
    ck_assert_int_eq(gs.v[2].board, 101);
    ratings_compute(&gs, &t);
    assert_rating(&t, "alice", 1510.6667);
    assert_rating(&t, "bob", 1478.6667);
    ratings_table_free(&t);
    ratings_games_free(&gs);
    buf_free(&h);
}
END_TEST

/* A finished board's score table replaces the line's scores; a board that has not ended is refused. */
START_TEST(test_use_board)
{
    static const char *const rows[] = {"#####", "#...#", "#####", NULL};
    Board *b = fx_board(rows, 4, 0);
    b->pl[0].kills = 1;
    b->pl[1].out_seq = 1;
    b->pl[2].out_seq = 2;
    RatingsGames gs = {0};
    ratings_parse_history("2027-01-01 101 alice 12 alice bob carol dave\n", &gs);
    ck_assert_int_eq(ratings_use_board(&gs.v[0], b), -1);
    ck_assert_int_eq(gs.v[0].score[3], 0);
    b->phase = PHASE_ENDED;
    ck_assert_int_eq(ratings_use_board(&gs.v[0], b), 0);
    const int want[] = {12, 0, 1, 2};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(gs.v[0].score[i], want[i]);
    ck_assert_str_eq(gs.v[0].ids[3], "dave");
    ratings_games_free(&gs);
    board_free(b);
}
END_TEST

/* ---- the texts ---- */

START_TEST(test_standings_text)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){G2P, G3P, G4P, GTIE}, 4);
    Buf o;
    buf_init(&o);
    ratings_standings_text(&t, &o);
    ck_assert_str_eq(o.s, "Standings of Genetess players\n"
                          "\n"
                          "games  wins  ties  losses  points  player\n"
                          "    3     1     1       1      21  alice\n"
                          "    3     1     1       1      12  bob\n"
                          "    3     0     1       2       4  carol\n"
                          "    2     0     1       1       3  dave\n");
    buf_free(&o);
    ratings_table_free(&t);
    buf_init(&o);
    ratings_standings_text(&t, &o);
    ck_assert_str_eq(o.s, "Standings of Genetess players\n\n(no finished games)\n");
    buf_free(&o);
}
END_TEST

START_TEST(test_ratings_text)
{
    RatingsTable t = {0};
    table_of(&t, (const char *const[]){"alice:2 bot.greedy:0", GTIE}, 2);
    Buf o;
    buf_init(&o);
    ratings_ratings_text(&t, &o);
    ck_assert_str_eq(o.s, "Ratings of Genetess players (Elo: genetess help ratings)\n"
                          "\n"
                          "rank  rating  games  player\n"
                          "   1    1516      1  alice\n"
                          "   2    1500      1  carol\n"
                          "   2    1500      1  dave\n"
                          "   4    1484      1  bot.greedy (bot)\n");
    buf_free(&o);
    ratings_table_free(&t);
}
END_TEST

Suite *ratings_suite(void)
{
    Suite *s = suite_create("ratings");
    TCase *tc = tcase_create("elo");
    tcase_add_test(tc, test_two_players);
    tcase_add_test(tc, test_three_players);
    tcase_add_test(tc, test_four_players_and_ties);
    tcase_add_test(tc, test_chronological_order);
    tcase_add_test(tc, test_tie_between_equals);
    suite_add_tcase(s, tc);
    tc = tcase_create("records");
    tcase_add_test(tc, test_history_fallback_scores);
    tcase_add_test(tc, test_history_repeated_line);
    tcase_add_test(tc, test_use_board);
    suite_add_tcase(s, tc);
    tc = tcase_create("texts");
    tcase_add_test(tc, test_standings_text);
    tcase_add_test(tc, test_ratings_text);
    suite_add_tcase(s, tc);
    return s;
}
