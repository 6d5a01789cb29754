/* Tests of the records the program writes and reads back, each with its one parse and one format: the
 * move-list line (movelist_parse/movelist_format, contract 10.3), the game list's line
 * (gamelist_parse/gamelist_format, contract 11), the finished-games line (store_history_parse/
 * store_history_format, contract 11) and a spooled group's name (mail_group_name/mail_group_parse). Round trips both ways: parse(format(r)) == r
 * over generated records, and format(parse(line)) == line over every line of games played here. */
#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "gamelist.h"
#include "mail.h"
#include "movelist.h"
#include "rng.h"
#include "store.h"

Suite *records_suite(void);

#define T0 1000000000LL
#define HOUR 3600LL

/* A number below n from the test's own generator rg. */
static unsigned gen(Rng *rg, unsigned n)
{
    return (unsigned)rng_below(rg, n);
}

/* size - 1 random bytes at most (at least 1) of alphabet into out. */
static void gen_word(Rng *rg, char *out, size_t size, const char *alphabet)
{
    size_t n = 1 + gen(rg, (unsigned)(size - 1)), k = strlen(alphabet);
    for (size_t i = 0; i < n; i++)
        out[i] = alphabet[gen(rg, (unsigned)k)];
    out[n] = '\0';
}

static bool records_equal(const MoveRecord *a, const MoveRecord *b)
{
    return strcmp(a->label, b->label) == 0 && strcmp(a->who, b->who) == 0 && a->kind == b->kind &&
           a->textlen == b->textlen && memcmp(a->text, b->text, (size_t)a->textlen) == 0 &&
           a->autorun == b->autorun && a->failed == b->failed && a->secs == b->secs;
}

/* A random record the program could write or an admin could add by hand (text in buf). */
static MoveRecord gen_record(Rng *rg, char *buf, size_t size)
{
    static const char *const texts[] = {"MOVE C4 E-E", "PASS", "GAMBLE 1E GPC2, DON'T CARE", "CREATE C4 A",
                                        "MOVE (Auto) x", "(Failed)", "Holiday", "Holiday x", "Timeouts", "EDIT"};
    MoveRecord r = {.kind = (MoveKind)gen(rg, MOVE_EDIT + 1)};
    gen_word(rg, r.label, sizeof r.label, "0123456789abcdefgh");
    gen_word(rg, r.who, sizeof r.who, "abcdefghijklmnopqrstuvwxyz0123456789._-");
    if (gen(rg, 8) == 0)
        snprintf(r.who, sizeof r.who, "-");
    r.text = buf;
    if (r.kind == MOVE_HOLIDAY)
        r.secs = gen(rg, 4) ? (int64_t)gen(rg, 5000000) : INT64_MAX - (int64_t)gen(rg, 3);
    if (r.kind == MOVE_EDIT) {
        snprintf(r.who, sizeof r.who, "admin");
        gen_word(rg, buf, size, " abcdefghij,.()=-");
        if (gen(rg, 4) == 0)
            buf[0] = '\0'; /* "EDIT" alone */
    }
    if (r.kind == MOVE_ORDER) {
        if (gen(rg, 2))
            snprintf(buf, size, "%s", texts[gen(rg, sizeof texts / sizeof *texts)]);
        else
            gen_word(rg, buf, size, "ABCDEFGHIJ0123456789 -,()'*");
        if (buf[0] == ' ' || (strcmp(r.who, "admin") == 0 && strncmp(buf, "EDIT", 4) == 0))
            buf[0] = 'X'; /* a line's text never starts with a space; admin's EDIT is the edit's */
        size_t n = strlen(buf);
        if (n && buf[n - 1] == ')')
            buf[n - 1] = '!'; /* (no marker of its own at its end) */
        r.autorun = gen(rg, 2);
        r.failed = gen(rg, 2);
    }
    r.textlen = r.kind == MOVE_ORDER || r.kind == MOVE_EDIT ? (int)strlen(buf) : 0;
    if (r.kind != MOVE_ORDER && r.kind != MOVE_EDIT)
        r.text = "";
    return r;
}

/* parse(format(r)) == r for generated records. */
START_TEST(test_move_record_round_trip)
{
    Rng rg;
    rng_seed(&rg, 20261128);
    char buf[64];
    for (int i = 0; i < 20000; i++) {
        MoveRecord r = gen_record(&rg, buf, sizeof buf), back;
        char *line = movelist_format(&r);
        ck_assert_msg(movelist_parse(line, &back), "not parsed back: %s", line);
        ck_assert_msg(records_equal(&r, &back), "not the same record: %s", line);
        free(line);
    }
}
END_TEST

/* The lines of contract 10.3, field by field. */
START_TEST(test_move_record_fields)
{
    MoveRecord r;
    ck_assert(movelist_parse("2a alice MOVE C4 E-E (Failed)", &r));
    ck_assert_str_eq(r.label, "2a");
    ck_assert_str_eq(r.who, "alice");
    ck_assert_int_eq(r.kind, MOVE_ORDER);
    ck_assert_int_eq(r.textlen, 11);
    ck_assert(strncmp(r.text, "MOVE C4 E-E", 11) == 0);
    ck_assert(r.failed && !r.autorun);
    ck_assert(movelist_parse("2b bob MOVE R9 W (Auto) (Failed)", &r));
    ck_assert(r.failed && r.autorun && r.textlen == 9);
    ck_assert(movelist_parse("2b bob MOVE R9 W (Auto)", &r));
    ck_assert(!r.failed && r.autorun && r.textlen == 9);
    ck_assert(movelist_parse("3a bob Resign", &r) && r.kind == MOVE_RESIGN);
    ck_assert(movelist_parse("0 carol Timeout", &r) && r.kind == MOVE_TIMEOUT && strcmp(r.label, "0") == 0);
    ck_assert_int_eq(r.round, 0); /* round 0's time-out: view_log says the missing gambles counted */
    ck_assert(movelist_parse("12c carol Timeout", &r) && r.round == 12);
    ck_assert(movelist_parse("x carol Timeout", &r) && r.round == -1);
    ck_assert(movelist_parse("4c bob Forfeit", &r) && r.kind == MOVE_FORFEIT);
    ck_assert(movelist_parse("1a alice Holiday 172800", &r) && r.kind == MOVE_HOLIDAY && r.secs == 172800);
    ck_assert(movelist_parse("1a alice Holiday 0172800", &r) && r.kind == MOVE_ORDER); /* not as written */
    ck_assert(movelist_parse("5b admin EDIT moved a piece", &r) && r.kind == MOVE_EDIT);
    ck_assert(r.textlen == 14 && strncmp(r.text, " moved a piece", 14) == 0);
    ck_assert(movelist_parse("5b adminx EDIT moved", &r) && r.kind == MOVE_ORDER);
    ck_assert(movelist_by(&r, "ADMINX") && !movelist_by(&r, "admin"));
    /* not lines of the list */
    ck_assert(!movelist_parse("", &r));
    ck_assert(!movelist_parse("1a", &r));
    ck_assert(!movelist_parse("1a bob", &r));
    ck_assert(!movelist_parse("1a bob ", &r));
    ck_assert(!movelist_parse("1a  bob PASS", &r));
    ck_assert(!movelist_parse("1a bob  PASS", &r));
    ck_assert(!movelist_parse("1a bob PASS\nPASS", &r));
    ck_assert(!movelist_parse("1234567890abcdef bob PASS", &r));
    ck_assert(!movelist_parse("1a abcdefghijklmnopqrstuvwxyz0123456 PASS", &r));
}
END_TEST

/* A message of player p's at time now, as `move` does. */
static int say(Board *b, int p, const char *text, int64_t now)
{
    Game g;
    game_init(&g, b, now);
    int rc = fx_submit(&g, p, text, NULL, 0);
    game_done(&g);
    return rc;
}

static void pass_time(Board *b, int64_t now)
{
    Game g;
    game_init(&g, b, now);
    turn_process_time(&g, NULL);
    game_done(&g);
}

/* A game of alice against two computer opponents on the open field, with every kind of line the program
 * writes: orders done and failed, a stored order run (Auto), a time-out, a holiday, a resignation; then
 * games of computer opponents alone to their end. Every line comes back as it was written. */
START_TEST(test_move_lines_of_games_round_trip)
{
    unsigned seen = 0;
    Board *b = fx_board(fx_open_rows, 3, 5);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.greedy1");
    snprintf(b->pl[2].id, sizeof b->pl[2].id, "bot.random1");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "U2", 1, "K");
    fx_piece(b, "U6", 2, "K");
    b->par.deadline_h = 72;
    b->pl[0].holiday_left = 10 * 24 * HOUR;
    b->clock.turn_start = T0;
    b->clock.deadline = T0 + 72 * HOUR;
    int64_t now = T0 + HOUR, holiday = 10 * 24 * HOUR;
    ck_assert_int_eq(say(b, 0, "MOVE B2 W", now), -1); /* into the wall */
    ck_assert_int_eq(say(b, 0, "HOLIDAY / *PASS", now), 0);
    pass_time(b, now += holiday + HOUR); /* the holiday ends, its stored PASS runs (Auto) */
    pass_time(b, now += 72 * HOUR);      /* alice's next turn times out */
    Game g;
    game_init(&g, b, now);
    turn_resign(&g, 0);
    game_done(&g);
    seen |= fx_move_records(b);
    board_free(b);
    for (int seed = 1; seed <= 3; seed++) {
        b = fx_board(fx_open_rows, 2, 10);
        snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.greedy%d", seed);
        snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.random%d", seed);
        fx_piece(b, "D3", 0, "K");
        fx_piece(b, "S5", 1, "K");
        b->par.seed = (uint64_t)seed;
        for (int k = 0; k < 200 && b->phase != PHASE_ENDED; k++) {
            game_init(&g, b, T0 + k);
            turn_play_bots(&g);
            game_done(&g);
        }
        seen |= fx_move_records(b);
        board_free(b);
    }
    unsigned want = 1u << MOVE_ORDER | 1u << MOVE_TIMEOUT | 1u << MOVE_HOLIDAY | 1u << MOVE_RESIGN | 1u << 8 | 1u << 9;
    ck_assert_uint_eq(seen & want, want);
}
END_TEST

/* ---- the game list's line ---- */

static bool list_records_equal(const ListRecord *a, const ListRecord *b)
{
    if (a->board != b->board || a->np != b->np || a->move != b->move || a->state != b->state ||
        strcmp(a->detail, b->detail) != 0)
        return false;
    for (int i = 0; i < a->np; i++)
        if (strcmp(a->players[i], b->players[i]) != 0)
            return false;
    return true;
}

static const char id_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789._-";

static void gen_list_record(Rng *rg, ListRecord *r)
{
    static const char *const others[] = {"", "suspended", "paused by the admin", "x:y", "waiting", "turn"};
    memset(r, 0, sizeof *r);
    r->board = 1 + (int)gen(rg, gen(rg, 2) ? 1000 : 999999999);
    r->np = 1 + (int)gen(rg, MAX_PLAYERS);
    for (int i = 0; i < r->np; i++)
        gen_word(rg, r->players[i], sizeof r->players[i], id_chars);
    r->move = (int)gen(rg, gen(rg, 2) ? 100 : 999999999);
    r->state = (ListState)gen(rg, LIST_OTHER + 1);
    char id[USERID_MAX + 1];
    gen_word(rg, id, sizeof id, id_chars);
    switch (r->state) {
    case LIST_WAITING:
        for (int i = 0, n = (int)gen(rg, 4); i < n; i++)
            snprintf(r->detail + strlen(r->detail), sizeof r->detail - strlen(r->detail), "%s%s", i ? " " : "",
                     r->players[gen(rg, (unsigned)r->np)]);
        break;
    case LIST_TURN:
    case LIST_HOLIDAY:
        snprintf(r->detail, sizeof r->detail, "%s", id);
        break;
    case LIST_ENDED:
        snprintf(r->detail, sizeof r->detail, gen(rg, 2) ? "won by %s (%u)" : "tie (%.0s%u)", id, gen(rg, 100));
        break;
    default:
        snprintf(r->detail, sizeof r->detail, "%s", others[gen(rg, sizeof others / sizeof *others)]);
    }
}

/* parse(format(r)) == r for generated records, and format(parse(line)) == line for their lines. */
START_TEST(test_list_record_round_trip)
{
    Rng rg;
    rng_seed(&rg, 11);
    for (int i = 0; i < 5000; i++) {
        ListRecord r, back;
        gen_list_record(&rg, &r);
        char *line = gamelist_format(&r);
        ck_assert_msg(gamelist_parse(line, &back), "not parsed back: %s", line);
        ck_assert_msg(list_records_equal(&r, &back), "not the same record: %s", line);
        free(line);
    }
}
END_TEST

/* b's list line (as pipeline_update_list writes it) is want, and comes back as the same record. */
static void list_line_is(const Board *b, const char *want)
{
    ListRecord r, back;
    gamelist_record_of(b->number, b, &r);
    char *line = gamelist_format(&r);
    ck_assert_str_eq(line, want);
    ck_assert(gamelist_parse(line, &back) && list_records_equal(&r, &back));
    free(line);
}

/* The lines of boards in every state, as contract 11 writes them; lines out of shape are not records. */
START_TEST(test_list_lines_of_boards)
{
    Board *b = fx_board(fx_open_rows, 3, 5);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "U2", 1, "K");
    fx_piece(b, "U6", 2, "K");
    b->number = 101;
    list_line_is(b, "101:alice bob carol:1:alice turn\n");
    b->seat = 1;
    b->clock.holiday_since = T0;
    list_line_is(b, "101:alice bob carol:1:bob on holiday\n");
    b->phase = PHASE_ROUND0;
    b->par.gamble = GAMBLE_MODE_BOTH;
    b->pl[1].gamble[0].set = b->pl[1].gamble[1].set = true;
    list_line_is(b, "101:alice bob carol:1:waiting for alice carol\n");
    b->pl[0].gamble[0].set = b->pl[0].gamble[1].set = true;
    b->pl[2].gamble[0].set = b->pl[2].gamble[1].set = true;
    list_line_is(b, "101:alice bob carol:1:waiting for\n");
    b->phase = PHASE_ENDED;
    snprintf(b->result, sizeof b->result, "won by carol (10)");
    list_line_is(b, "101:alice bob carol:1:won by carol (10)\n");
    board_free(b);
    ListRecord r;
    ck_assert(gamelist_parse("101:alice bob carol:17:bob turn", &r));
    ck_assert(r.board == 101 && r.np == 3 && r.move == 17 && r.state == LIST_TURN && strcmp(r.detail, "bob") == 0);
    ck_assert(gamelist_plays(&r, "CAROL") && !gamelist_plays(&r, "dave"));
    ck_assert(gamelist_parse("7:c:2:tie (3)\n", &r) && r.state == LIST_ENDED);
    ck_assert(gamelist_parse("7:c:2:y\n", &r) && r.state == LIST_OTHER && strcmp(r.detail, "y") == 0);
    static const char *const bad[] = {"boardno:players:moveno:status", "", "odd", "3:dup", "0:a:1:x", "07:a:1:x",
                                      "7:a  b:1:x", "7: a:1:x", "7:a :1:x", "7:a:01:x", "7:a:1:x\ny", "7:a:-1:x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!gamelist_parse(bad[i], &r), "parsed: %s", bad[i]);
    ck_assert(gamelist_header("boardno:players:moveno:status\n") && !gamelist_header("101:a:1:a turn\n"));
}
END_TEST

/* The finished-games line: parse(format(r)) == r for generated records, format(parse(line)) == line; lines out
 * of shape (fewer than two players, a winner who does not play, no board number, points not a number or over
 * 1,000,000,000) are not records. */
START_TEST(test_history_record_round_trip)
{
    Rng rg;
    rng_seed(&rg, 13);
    for (int i = 0; i < 2000; i++) {
        char date[16], ids[8][33];
        snprintf(date, sizeof date, "%04u-%02u-%02u", 2000 + gen(&rg, 100), 1 + gen(&rg, 12), 1 + gen(&rg, 28));
        StoreHistory r = {.date = date, .board = 1 + (int)gen(&rg, 999999999), .points = (int64_t)gen(&rg, 1000)};
        int np = 2 + (int)gen(&rg, 7);
        for (int p = 0; p < np; p++) {
            gen_word(&rg, ids[p], sizeof ids[p], "abcdefghijklmnopqrstuvwxyz0123456789._-");
            sl_push(&r.players, ids[p]);
        }
        char tie[] = "TIE";
        r.winner = gen(&rg, 4) == 0 ? tie : ids[gen(&rg, (unsigned)np)];
        Buf line;
        buf_init(&line);
        store_history_format(&r, &line);
        StoreHistory back;
        ck_assert_msg(store_history_parse(line.s, &back), "not parsed back: %s", line.s);
        ck_assert_msg(strcmp(back.date, r.date) == 0 && back.board == r.board && strcmp(back.winner, r.winner) == 0 &&
                          back.points == r.points && back.players.n == np,
                      "not the same record: %s", line.s);
        for (int p = 0; p < np; p++)
            ck_assert_str_eq(back.players.v[p], ids[p]);
        Buf again;
        buf_init(&again);
        store_history_format(&back, &again);
        ck_assert_str_eq(again.s, line.s);
        buf_free(&again);
        buf_free(&line);
        store_history_free(&back);
        sl_free(&r.players);
    }
    static const char *const not_records[] = {"2024-01-02 101 alice 12 alice", "2024-01-02 101 carol 12 alice bob",
                                              "2024-01-02 x1 alice 12 alice bob", "2024-01-02 101 alice x alice bob",
                                              "2024-01-02 101 alice 1000000001 alice bob", "", "boardno 101"};
    for (size_t k = 0; k < sizeof not_records / sizeof *not_records; k++) {
        StoreHistory h;
        ck_assert_msg(!store_history_parse(not_records[k], &h), "a record: %s", not_records[k]);
    }
    StoreHistory h; /* the winner in any case; blanks of any length part the words */
    ck_assert(store_history_parse("2024-01-02  101 ALICE 12\talice bob", &h));
    ck_assert_int_eq(h.board, 101);
    ck_assert_str_eq(h.winner, "ALICE");
    store_history_free(&h);
}
END_TEST

/* A board state's mail group name: parse(format(board, tag)) is the board and the tag; names of no board's state
 * (a process's own group "0.<now>-<pid>-<k>", no number, no tag) are not read as one. */
START_TEST(test_group_name_round_trip)
{
    static const char *const tags[] = {"0123456789abcdef", "none", "ffffffffffffffff"};
    static const int boards[] = {1, 101, 999999999};
    for (size_t i = 0; i < sizeof boards / sizeof *boards; i++)
        for (size_t k = 0; k < sizeof tags / sizeof *tags; k++) {
            char name[40], tag[17];
            int n = 0;
            mail_group_name(boards[i], tags[k], name, sizeof name);
            ck_assert_msg(mail_group_parse(name, &n, tag), "not parsed back: %s", name);
            ck_assert_int_eq(n, boards[i]);
            ck_assert_str_eq(tag, tags[k]);
        }
    static const char *const others[] = {"0.1800000000-42-1", "x.none", "101.", "101", "0101.none",
                                         "101.0123456789abcdef0"};
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        char tag[17];
        int n;
        ck_assert_msg(!mail_group_parse(others[i], &n, tag), "read as a group: %s", others[i]);
    }
}
END_TEST

Suite *records_suite(void)
{
    Suite *s = suite_create("records");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_move_record_round_trip);
    tcase_add_test(tc, test_move_record_fields);
    tcase_add_test(tc, test_move_lines_of_games_round_trip);
    tcase_add_test(tc, test_list_record_round_trip);
    tcase_add_test(tc, test_list_lines_of_boards);
    tcase_add_test(tc, test_history_record_round_trip);
    tcase_add_test(tc, test_group_name_round_trip);
    suite_add_tcase(s, tc);
    return s;
}
