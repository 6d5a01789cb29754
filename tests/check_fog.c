/* Fog of war end to end inside the engine: every player's whole turnsheet after PHASE, FLARE, a
 * TELEPORT that fails outside the view, and a phased capture (contract 8, 14.3). */
#include "fixtures.h"
#include "view.h"

#include <stdlib.h>
#include <string.h>


enum { ALICE, BOB, CAROL };
static Board *b;
static char *sheet[3];

static void setup(void)
{
    b = fx_board(fx_open_rows, 3, 50);
    fx_piece(b, "B2", ALICE, "K");
    fx_piece(b, "U6", BOB, "K");
    fx_piece(b, "B6", CAROL, "K");
    memset(sheet, 0, sizeof sheet);
}

static void teardown(void)
{
    for (int i = 0; i < 3; i++)
        free(sheet[i]);
    board_free(b);
}

/* Renders every player's sheet into sheet[]. */
static void render_all(void)
{
    for (int p = 0; p < 3; p++) {
        free(sheet[p]);
        Buf o;
        buf_init(&o);
        SheetOpts so = {.variant = b->seat == p ? SHEET_YOUR_MOVE : SHEET_NOT_YOUR_MOVE,
                        .news = &b->pl[p].news, .ebook = &b->pl[p].ebook};
        view_sheet(b, p, &so, &o);
        sheet[p] = buf_take(&o);
    }
}

/* The legend line of a square ("  K3    alice   AB"), or NULL when the sheet lists no piece there. */
static const char *legend(int p, const char *sq)
{
    static char line[256];
    const char *s = sheet[p];
    size_t n = strlen(sq);
    for (const char *l = s; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *q = l;
        while (*q == ' ')
            q++;
        if (strncmp(q, sq, n) == 0 && q[n] == ' ' && q > l) {
            const char *e = strchr(l, '\n');
            size_t len = e ? (size_t)(e - l) : strlen(l);
            if (len >= sizeof line)
                len = sizeof line - 1;
            memcpy(line, l, len);
            line[len] = '\0';
            if (strstr(line, "alice") || strstr(line, "bob") || strstr(line, "carol") || strstr(line, "orphan"))
                return line;
        }
    }
    return NULL;
}

START_TEST(test_phase)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "ADR");
    fx_piece(b, "L4", BOB, "A"); /* bob sees K3..M5 */
    render_all();
    ck_assert_ptr_nonnull(legend(BOB, "K3"));
    ck_assert_int_eq(fx_order(b, ALICE, "PHASE K3", msg, sizeof msg), 0);
    render_all();
    /* alice sees her piece with the r marker; bob and carol see nothing on K3 */
    ck_assert_msg(legend(ALICE, "K3") && strstr(legend(ALICE, "K3"), "ADr"), "%s", sheet[ALICE]);
    ck_assert_msg(legend(BOB, "K3") == NULL, "%s", sheet[BOB]);
    ck_assert_msg(legend(CAROL, "K3") == NULL, "%s", sheet[CAROL]);
    ck_assert_msg(!strstr(sheet[BOB], "phase") && !strstr(sheet[BOB], "Phase"), "%s", sheet[BOB]);
    ck_assert_msg(strstr(sheet[BOB], "alice's piece on K3 vanished from sight."), "%s", sheet[BOB]);
    ck_assert_msg(!strstr(sheet[CAROL], "K3"), "%s", sheet[CAROL]); /* carol saw nothing of it */
    /* bob saw the piece vanish but is not told why */
    ck_assert_msg(!strstr(sheet[BOB], "ADR") && !strstr(sheet[BOB], "ADr"), "%s", sheet[BOB]);
}
END_TEST

START_TEST(test_flare)
{
    char msg[256];
    fx_piece(b, "C3", ALICE, "AU");
    fx_piece(b, "T5", BOB, "AB");
    fx_piece(b, "S3", BOB, "ABr"); /* phased: never shown, not even by a flare */
    render_all();
    ck_assert_msg(legend(ALICE, "T5") == NULL, "%s", sheet[ALICE]);
    ck_assert_int_eq(fx_order(b, ALICE, "FLARE C3", msg, sizeof msg), 0);
    render_all();
    ck_assert_msg(legend(ALICE, "T5") && strstr(legend(ALICE, "T5"), "?"), "%s", sheet[ALICE]); /* no F: undecoded */
    ck_assert_msg(legend(ALICE, "U6") != NULL, "%s", sheet[ALICE]);
    ck_assert_msg(legend(ALICE, "S3") == NULL, "%s", sheet[ALICE]);
    ck_assert_msg(legend(ALICE, "C3") && strstr(legend(ALICE, "C3"), "Au"), "%s", sheet[ALICE]);
    /* others' views are unchanged: bob does not see alice's flarer */
    ck_assert_msg(legend(BOB, "C3") == NULL, "%s", sheet[BOB]);
}
END_TEST

START_TEST(test_flare_decoded)
{
    char msg[256];
    fx_piece(b, "C3", ALICE, "AFU");
    fx_piece(b, "T5", BOB, "AB");
    fx_piece(b, "Q2", BOB, "AXYr"); /* phased: not even a decoding flare shows it */
    ck_assert_int_eq(fx_order(b, ALICE, "FLARE C3", msg, sizeof msg), 0);
    render_all();
    ck_assert_msg(legend(ALICE, "T5") && strstr(legend(ALICE, "T5"), "AB"), "%s", sheet[ALICE]);
    ck_assert_msg(legend(ALICE, "Q2") == NULL && !strstr(sheet[ALICE], "AXY"), "%s", sheet[ALICE]);
}
END_TEST

/* Orphans belong to nobody (contract 8, 14.6): not even their eliminated former owner sees them in full,
 * and a phased orphan is shown to no one. */
START_TEST(test_orphans_are_nobodys)
{
    fx_piece(b, "K3", BOB, "ADP");  /* bob's ronin: he sees J2..L4 */
    fx_piece(b, "J3", BOB, "AB");   /* orphan */
    fx_piece(b, "L3", BOB, "ACr");  /* phased orphan */
    fx_piece(b, "K4", ALICE, "AF"); /* alice decodes J3..L5 */
    b->pl[BOB].status = PS_ELIMINATED;
    render_all();
    ck_assert_msg(legend(BOB, "K3") && strstr(legend(BOB, "K3"), "ADP"), "%s", sheet[BOB]);
    ck_assert_msg(legend(BOB, "J3") && strstr(legend(BOB, "J3"), "orphan") && strstr(legend(BOB, "J3"), "?") &&
                      !strstr(legend(BOB, "J3"), "AB"),
                  "%s", sheet[BOB]);
    ck_assert_msg(legend(BOB, "L3") == NULL && !strstr(sheet[BOB], "ACr"), "%s", sheet[BOB]);
    ck_assert_msg(legend(ALICE, "J3") && strstr(legend(ALICE, "J3"), "orphan  AB"), "%s", sheet[ALICE]);
    ck_assert_msg(legend(ALICE, "L3") == NULL && !strstr(sheet[ALICE], "AC"), "%s", sheet[ALICE]);
}
END_TEST

START_TEST(test_teleport_fails_outside_view)
{
    char msg[256];
    fx_piece(b, "C3", ALICE, "AN");
    fx_piece(b, "H3", BOB, "A");
    ck_assert_int_eq(fx_order(b, ALICE, "TELEPORT C3 H3", msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "H3 is not in the view of the piece on C3");
    render_all();
    ck_assert_msg(legend(ALICE, "H3") == NULL, "%s", sheet[ALICE]);
    ck_assert_msg(!strstr(sheet[BOB], "TELEPORT") && !strstr(sheet[BOB], "C3"), "%s", sheet[BOB]);
    ck_assert_msg(!strstr(sheet[CAROL], "TELEPORT"), "%s", sheet[CAROL]);
    ck_assert_str_eq(b->moves.v[0], "1a alice TELEPORT C3 H3 (Failed)");
}
END_TEST

START_TEST(test_phased_capture)
{
    char msg[256];
    fx_piece(b, "J3", ALICE, "AG");
    fx_piece(b, "K3", BOB, "ABr");
    fx_piece(b, "L4", CAROL, "A"); /* carol sees K3..M5, and J3's piece arriving on K3 */
    int64_t e = b->pl[ALICE].e;
    ck_assert_int_eq(fx_order(b, ALICE, "MOVE J3 E", msg, sizeof msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, e + 5); /* AB: (1+2)+(1*2) */
    render_all();
    ck_assert_msg(strstr(sheet[ALICE], "+5 digest (G)"), "%s", sheet[ALICE]);
    ck_assert_msg(!strstr(sheet[ALICE], "captured") && !strstr(sheet[ALICE], "phased"), "%s", sheet[ALICE]);
    ck_assert_msg(strstr(sheet[BOB], "Your phased piece AB on K3 was captured."), "%s", sheet[BOB]);
    ck_assert_msg(!strstr(sheet[CAROL], "captured") && !strstr(sheet[CAROL], "phased"), "%s", sheet[CAROL]);
    ck_assert_msg(strstr(sheet[CAROL], "alice's piece moved from a square outside your view to K3."), "%s",
                  sheet[CAROL]);
}
END_TEST

START_TEST(test_just_outside_view)
{
    fx_piece(b, "E3", ALICE, "A");  /* sees D2..F4 */
    fx_piece(b, "G3", BOB, "ABC");  /* one square outside */
    fx_piece(b, "F4", CAROL, "AB"); /* inside, undecoded */
    render_all();
    ck_assert_msg(legend(ALICE, "G3") == NULL, "%s", sheet[ALICE]);
    ck_assert_msg(!strstr(sheet[ALICE], "ABC"), "%s", sheet[ALICE]);
    ck_assert_msg(legend(ALICE, "F4") && strstr(legend(ALICE, "F4"), "?") && !strstr(legend(ALICE, "F4"), "AB"),
                  "%s", sheet[ALICE]);
    /* other players' E never appears */
    b->pl[BOB].e = 4242;
    render_all();
    ck_assert_msg(!strstr(sheet[ALICE], "4242") && !strstr(sheet[CAROL], "4242"), "%s", sheet[ALICE]);
    ck_assert_msg(strstr(sheet[BOB], "4242"), "%s", sheet[BOB]);
}
END_TEST

START_TEST(test_orphan_reveal_shown_as_orphan)
{
    fx_piece(b, "C3", ALICE, "A");
    fx_piece(b, "S4", CAROL, "K");
    b->pl[CAROL].status = PS_RESIGNED;
    b->pl[CAROL].out_seq = 1;
    b->pl[ALICE].reveals = xcalloc(1, sizeof(Reveal));
    b->pl[ALICE].nreveals = 1;
    b->pl[ALICE].reveals[0] = (Reveal){.sq = fx_sq(b, "S4"), .owner = REVEAL_ORPHAN, .seq = "K", .label = "1a"};
    render_all();
    const char *l = legend(ALICE, "S4");
    ck_assert_msg(l && strstr(l, "orphan") && !strstr(l, "carol"), "%s", sheet[ALICE]);
}
END_TEST

START_TEST(test_decoded_enemy_shows_flare_marker)
{
    fx_piece(b, "C3", ALICE, "AF");
    fx_piece(b, "D3", BOB, "ADu"); /* bob's flare is active: contract 14.2 FLARE, "u shows while active" */
    render_all();
    ck_assert_msg(legend(ALICE, "D3") && strstr(legend(ALICE, "D3"), "ADu"), "%s", sheet[ALICE]);
}
END_TEST

/* ---- leaks: exact texts per reader, and the differential property ---- */

/* One hidden fact of a differential fixture: a piece of `owner` with `seq` on `sq` (NULL seq: none), or
 * with wall set an interior wall there. */
typedef struct Hidden {
    const char *sq;
    int owner;
    const char *seq;
    bool wall;
} Hidden;

/* Plays `order` of `actor` on a fresh board holding the pieces `seen` (square, owner, sequence triples,
 * NULL-ended) plus the hidden fact, and returns the failure reason (if any) and reader's whole sheet
 * (caller frees). */
/* A fresh board of np players: the three Kings of setup() and the pieces `seen` (square, owner, sequence triples,
 * NULL-ended). */
static Board *seeded(int np, const char *const *seen)
{
    Board *s = fx_board(fx_open_rows, np, 50);
    fx_piece(s, "B2", ALICE, "K");
    fx_piece(s, "U6", BOB, "K");
    fx_piece(s, "B6", CAROL, "K");
    for (int i = 0; seen[i]; i += 3)
        fx_piece(s, seen[i], seen[i + 1][0] - '0', seen[i + 2]);
    return s;
}

static char *outcome(const char *const *seen, Hidden h, int actor, const char *order, int reader)
{
    Board *ob = b;
    b = seeded(3, seen);
    board_start_fix(b); /* the game started as seeded: a hidden wall below was made later, out of view (a wall
                         * of the start is public: the New sheet and every player's map show it, ruling 55) */
    if (h.seq)
        fx_piece(b, h.sq, h.owner, h.seq);
    if (h.wall)
        b->ter[fx_sq(b, h.sq)] = TER_IWALL;
    char msg[256] = "";
    fx_order(b, actor, order, msg, sizeof msg);
    render_all();
    char *out = xasprintf("%s\n%s", msg, sheet[reader]);
    board_free(b);
    b = ob;
    return out;
}

/* The reader's sheet is byte-identical whichever of the two hidden facts holds (contract 8). */
static void same_sheet(const char *const *seen, Hidden h1, Hidden h2, int actor, const char *order, int reader)
{
    char *s1 = outcome(seen, h1, actor, order, reader), *s2 = outcome(seen, h2, actor, order, reader);
    ck_assert_msg(strcmp(s1, s2) == 0, "a hidden fact changed %d's sheet:\n%s\n---\n%s", reader, s1, s2);
    free(s1);
    free(s2);
}

/* Whether an eliminated player still has a ronin piece is a fact about pieces the others may not see: they
 * read "eliminated" (contract 8), the player "eliminated (ronin)"; and the hidden P piece changes nothing on
 * alice's sheet (the differential property). */
static char *ronin_sheet(bool hidden_ronin, int reader)
{
    Board *ob = b;
    b = fx_board(fx_open_rows, 3, 50);
    fx_piece(b, "B2", ALICE, "K");
    fx_piece(b, "U6", BOB, "K");
    fx_piece(b, "B6", CAROL, "K"); /* an orphan now */
    if (hidden_ronin)
        fx_piece(b, "L4", CAROL, "AP");
    b->pl[CAROL].status = PS_ELIMINATED;
    b->pl[CAROL].out_seq = 1;
    render_all();
    char *out = xstrdup(sheet[reader]);
    board_free(b);
    b = ob;
    return out;
}

START_TEST(test_ronin_status_private)
{
    char *with = ronin_sheet(true, ALICE), *without = ronin_sheet(false, ALICE);
    ck_assert_msg(strstr(with, "  c carol eliminated, no time-outs"), "%s", with);
    ck_assert_msg(!strstr(with, "ronin"), "%s", with);
    ck_assert_str_eq(with, without);
    free(with);
    free(without);
    char *own = ronin_sheet(true, CAROL);
    ck_assert_msg(strstr(own, "@ carol eliminated (ronin) (you)"), "%s", own);
    ck_assert_msg(strstr(own, "  carol  eliminated (ronin)"), "%s", own); /* her score table too */
    free(own);
}
END_TEST

START_TEST(test_capture_outside_view)
{
    /* carol sees alice's piece leave J3 but not K3, where it captures bob's piece: she reads a move only */
    static const char *const seen[] = {"J3", "0", "A", "I4", "2", "A", NULL};
    char *sh = outcome(seen, (Hidden){"K3", BOB, "AB", false}, ALICE, "MOVE J3 E", CAROL);
    ck_assert_msg(strstr(sh, "alice's piece moved from J3 to a square outside your view."), "%s", sh);
    ck_assert_msg(!strstr(sh, "captured") && !strstr(sh, "bob's piece"), "%s", sh);
    free(sh);
    same_sheet(seen, (Hidden){"K3", BOB, "AB", false}, (Hidden){"K3", BOB, NULL, false}, ALICE, "MOVE J3 E", CAROL);
}
END_TEST

START_TEST(test_capture_undecoded)
{
    /* E3 is outside the view of alice's F piece before the move, and the victim is gone after it: its
     * sequence and owner are not told; a changed hidden sequence changes nothing for her */
    static const char *const seen[] = {"C3", "0", "ABF", NULL};
    char *sh = outcome(seen, (Hidden){"E3", BOB, "AGW", false}, ALICE, "MOVE C3 E-E", ALICE);
    ck_assert_msg(strstr(sh, "A piece on E3 was captured by your piece ABF."), "%s", sh);
    ck_assert_msg(!strstr(sh, "AGW") && !strstr(sh, "bob's piece"), "%s", sh);
    free(sh);
    same_sheet(seen, (Hidden){"E3", BOB, "AGW", false}, (Hidden){"E3", BOB, "AB", false}, ALICE, "MOVE C3 E-E", ALICE);
    /* bob, whose piece it was, is told in full; the capturer came from outside his view, and his piece saw it
     * arrive: it is named, not decoded (contract 8: a captured piece sees what captures it) */
    static const char *const seen2[] = {"C3", "0", "ABF", "E3", "1", "AGW", NULL};
    sh = outcome(seen2, (Hidden){"E3", BOB, NULL, false}, ALICE, "MOVE C3 E-E", BOB);
    ck_assert_msg(strstr(sh, "  alice's piece moved from a square outside your view to E3.\n"
                             "  Your piece AGW on E3 was captured by alice's piece.\n"), "%s", sh);
    ck_assert_msg(!strstr(sh, "ABF") && !strstr(sh, "C3"), "%s", sh);
    free(sh);
    /* what alice's piece was before it came (its codes, a hidden piece beside its start) changes nothing for bob */
    static const char *const seen3[] = {"C3", "0", "ABF", "E3", "1", "AGW", NULL};
    same_sheet(seen3, (Hidden){"C2", ALICE, "AB", false}, (Hidden){"C2", ALICE, NULL, false}, ALICE, "MOVE C3 E-E", BOB);
}
END_TEST

START_TEST(test_orphans_tell_nobody)
{
    /* bob resigned: his former pieces are orphans and he has no view; their fate is not his news */
    char msg[256];
    fx_piece(b, "J3", ALICE, "A");
    fx_piece(b, "K3", BOB, "AB");
    fx_piece(b, "L3", CAROL, "A"); /* carol sees K3 */
    b->pl[BOB].status = PS_RESIGNED;
    b->pl[BOB].out_seq = 1;
    ck_assert_int_eq(fx_order(b, ALICE, "MOVE J3 E", msg, sizeof msg), 0);
    ck_assert_str_eq(fx_news(b, BOB), "");
    ck_assert_msg(strstr(fx_news(b, CAROL), "An orphan piece on K3 was captured by alice's piece."), "%s",
                  fx_news(b, CAROL));
}
END_TEST

START_TEST(test_shield_undecoded)
{
    /* alice does not decode D3: bob's W there reads as the code loss a piece without W shows */
    static const char *const seen[] = {"C3", "0", "AM", NULL};
    char *sh = outcome(seen, (Hidden){"D3", BOB, "AW", false}, ALICE, "RADIATE C3", ALICE);
    ck_assert_msg(strstr(sh, "bob's piece on D3 lost a code to radiation."), "%s", sh);
    ck_assert_msg(!strstr(sh, "(W)") && !strstr(sh, "shield"), "%s", sh);
    free(sh);
    same_sheet(seen, (Hidden){"D3", BOB, "AW", false}, (Hidden){"D3", BOB, "AB", false}, ALICE, "RADIATE C3", ALICE);
    /* with F she decodes it and is told of the shield */
    static const char *const seen2[] = {"C3", "0", "AFM", NULL};
    sh = outcome(seen2, (Hidden){"D3", BOB, "AW", false}, ALICE, "RADIATE C3", ALICE);
    ck_assert_msg(strstr(sh, "bob's piece on D3 resisted radiation with its shield (W)."), "%s", sh);
    free(sh);
}
END_TEST

START_TEST(test_transfer_target_unseen)
{
    /* carol sees the giver on C3, not the target on D3: neither its owner nor a W that resists is told */
    static const char *const seen[] = {"C3", "0", "ABJ", "B4", "2", "A", NULL};
    char *sh = outcome(seen, (Hidden){"D3", BOB, "AW", false}, ALICE, "TRANSFER C3 B D3", CAROL);
    ck_assert_msg(strstr(sh, "alice's piece on C3 transferred a code to a piece on a square outside your\n"),
                  "%s", sh);
    free(sh);
    same_sheet(seen, (Hidden){"D3", BOB, "AW", false}, (Hidden){"D3", BOB, "AB", false}, ALICE, "TRANSFER C3 B D3", CAROL);
    same_sheet(seen, (Hidden){"D3", BOB, "AB", false}, (Hidden){"D3", ALICE, "AB", false}, ALICE, "TRANSFER C3 B D3", CAROL);
    /* bob sees both squares (from E3) without decoding D3: the resisted TRANSFER reads as a done one */
    static const char *const seen2[] = {"C3", "0", "ABJ", "E3", "1", "A", NULL};
    same_sheet(seen2, (Hidden){"D3", ALICE, "AW", false}, (Hidden){"D3", ALICE, "AB", false}, ALICE, "TRANSFER C3 B D3", BOB);
}
END_TEST

START_TEST(test_hidden_wall_and_piece)
{
    /* a hidden square's content (a piece or nothing) never changes what the others read of a move that
     * does not touch it (differential) */
    static const char *const seen[] = {"J3", "0", "AB", "H4", "2", "A", NULL};
    same_sheet(seen, (Hidden){"O3", BOB, "AC", false}, (Hidden){"O3", BOB, NULL, false}, ALICE, "MOVE J3 E-E", CAROL);
    same_sheet(seen, (Hidden){"O3", BOB, "AC", false}, (Hidden){"O3", BOB, NULL, false}, ALICE, "MOVE J3 E-E", ALICE);
    /* a MOVE blocked outside the view: a wall, a piece or a phased piece there read the same */
    static const char *const seen2[] = {"J3", "0", "ABB", "I4", "2", "A", NULL}; /* carol sees J3, not L3 */
    const char *order = "MOVE J3 E-E-E";
    char *sh = outcome(seen2, (Hidden){"L3", BOB, NULL, true}, ALICE, order, ALICE);
    ck_assert_msg(strncmp(sh, "blocked at L3 (outside your view)\n", 34) == 0, "%s", sh);
    free(sh);
    same_sheet(seen2, (Hidden){"L3", BOB, NULL, true}, (Hidden){"L3", BOB, "AC", false}, ALICE, order, ALICE);
    same_sheet(seen2, (Hidden){"L3", BOB, NULL, true}, (Hidden){"L3", BOB, "AC", false}, ALICE, order, CAROL);
    same_sheet(seen2, (Hidden){"L3", BOB, "ACr", false}, (Hidden){"L3", BOB, "AC", false}, ALICE, order, CAROL);
    same_sheet(seen2, (Hidden){"L3", BOB, "ACr", false}, (Hidden){"L3", BOB, NULL, true}, ALICE, order, ALICE);
}
END_TEST

/* ---- the map: a wall made or removed out of a player's view is not theirs to know ---- */

/* alice's map and sheet after bob's order (alice sees A1..C3 from B2; bob's pieces stand around S3, where R3 is an
 * interior wall when the game starts), and bob's map after it. Caller frees both. */
static char *map_after(const char *order, char **bobs)
{
    Board *ob = b;
    b = fx_board(fx_open_rows, 3, 50);
    b->ter[fx_sq(b, "R3")] = TER_IWALL;
    fx_piece(b, "B2", ALICE, "K");
    fx_piece(b, "U6", BOB, "K");
    fx_piece(b, "B6", CAROL, "K");
    fx_piece(b, "S3", BOB, "AO");
    fx_piece(b, "S5", BOB, "AQ");
    char msg[256] = "";
    ck_assert_msg(fx_order(b, BOB, order, msg, sizeof msg) == 0, "%s: %s", order, msg);
    render_all();
    Buf m;
    buf_init(&m);
    view_map(b, ALICE, NULL, &m);
    char *out = xasprintf("%s\n%s", m.s, sheet[ALICE]);
    m.len = 0;
    view_map(b, BOB, NULL, &m);
    *bobs = buf_take(&m);
    buf_free(&m);
    board_free(b);
    b = ob;
    return out;
}

START_TEST(test_map_hidden_wall_change)
{
    char *bob_mined, *bob_moved, *bob_petrified;
    char *mined = map_after("MOVE S3 W", &bob_mined); /* R3 becomes floor */
    char *moved = map_after("MOVE S3 N", &bob_moved);
    char *petrified = map_after("PETRIFY S5", &bob_petrified); /* S5 becomes an interior wall */
    ck_assert_str_eq(mined, moved);
    ck_assert_str_eq(petrified, moved);
    ck_assert_msg(strstr(mined, "3 # . . : : : : : : : : : : : : : : x : : : # 3\n"), "%s", mined);
    ck_assert_msg(strstr(mined, "No change of the terrain since the start that you know of.\n"), "%s", mined);
    /* bob saw both */
    ck_assert_msg(strstr(bob_mined, "Changed since the start, as you know: R3 interior wall to floor\n"), "%s",
                  bob_mined);
    ck_assert_msg(strstr(bob_petrified, "Changed since the start, as you know: S5 floor to interior wall (as you last\n"
                                        "    saw it)\n"),
                  "%s", bob_petrified);
    ck_assert_msg(strstr(bob_moved, "No change of the terrain since the start that you know of.\n"), "%s", bob_moved);
    free(mined);
    free(moved);
    free(petrified);
    free(bob_mined);
    free(bob_moved);
    free(bob_petrified);
}
END_TEST

/* News of sight (contract 8): a piece of another player (or an orphan) that comes into the reader's view, or
 * leaves it, without moving itself, is told; only what the reader sees just after (came) or just before (went)
 * is named, and a hidden fact changes nothing of it (differential). */
START_TEST(test_news_of_sight)
{
    /* alice's piece steps from J3 (sees I2..K4) to K3 (sees J2..L4): bob's on L4 comes in, carol's on I2 goes out */
    static const char *const seen[] = {"J3", "0", "A", "L4", "1", "AB", "I2", "2", "A", NULL};
    char *sh = outcome(seen, (Hidden){"N3", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    ck_assert_msg(strstr(sh, "Since your last sheet:\n"
                             "  Your piece A moved from J3 to K3.\n"
                             "  bob's piece on L4 came into your view.\n"
                             "  carol's piece on I2 went out of your view.\n\n"), "%s", sh);
    free(sh);
    /* an unseen piece beside the view, the undecoded codes of the piece that came, a phased piece: the same */
    same_sheet(seen, (Hidden){"N3", BOB, "AC", false}, (Hidden){"N3", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    same_sheet(seen, (Hidden){"M4", BOB, "ACr", false}, (Hidden){"M4", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    same_sheet(seen, (Hidden){"L2", CAROL, "Ar", false}, (Hidden){"L2", CAROL, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    static const char *const seen2[] = {"J3", "0", "A", "L4", "1", "AC", "I2", "2", "A", NULL};
    same_sheet(seen, (Hidden){"N3", BOB, NULL, false}, (Hidden){"N3", BOB, NULL, true}, ALICE, "MOVE J3 E", ALICE);
    char *s1 = outcome(seen, (Hidden){"N3", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    char *s2 = outcome(seen2, (Hidden){"N3", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    ck_assert_str_eq(s1, s2);
    free(s1);
    free(s2);
    /* the others' views did not change: no news of sight for them */
    sh = outcome(seen, (Hidden){"N3", BOB, NULL, false}, ALICE, "MOVE J3 E", BOB);
    ck_assert_msg(!strstr(sh, "came into your view") && !strstr(sh, "went out of your view"), "%s", sh);
    free(sh);
}
END_TEST

/* With F the piece that comes into view is decoded; an orphan is an orphan; a flare names eight pieces and
 * counts the rest. */
START_TEST(test_news_of_sight_decoded_and_flare)
{
    static const char *const seen[] = {"J3", "0", "AF", "L4", "1", "AB", NULL};
    char *sh = outcome(seen, (Hidden){"L2", BOB, NULL, false}, ALICE, "MOVE J3 E", ALICE);
    ck_assert_msg(strstr(sh, "  bob's piece AB on L4 came into your view.\n"), "%s", sh);
    free(sh);
    static const char *const orphan[] = {"J3", "0", "A", "L4", "3", "AB", NULL};
    Board *ob = b;
    b = seeded(4, orphan);
    b->pl[3].status = PS_RESIGNED; /* dave's piece on L4 is an orphan */
    b->pl[3].out_seq = 1;
    ck_assert_int_eq(fx_order(b, ALICE, "MOVE J3 E", NULL, 0), 0);
    ck_assert_msg(strstr(fx_news(b, ALICE), "An orphan piece on L4 came into your view.\n"), "%s", fx_news(b, ALICE));
    board_free(b);
    b = fx_board(fx_open_rows, 3, 50);
    fx_piece(b, "B2", ALICE, "K");
    fx_piece(b, "C3", ALICE, "AU");
    fx_piece(b, "U6", BOB, "K");
    fx_piece(b, "B6", CAROL, "K");
    static const char *const far[] = {"H2", "I2", "J2", "K2", "L2", "M2", "N2", "O2", "P2", "Q2", NULL};
    for (int i = 0; far[i]; i++)
        fx_piece(b, far[i], BOB, "A");
    ck_assert_int_eq(fx_order(b, ALICE, "FLARE C3", NULL, 0), 0);
    const char *news = fx_news(b, ALICE);
    ck_assert_msg(strstr(news, "bob's piece on H2 came into your view.\n"), "%s", news);
    ck_assert_msg(strstr(news, "bob's piece on O2 came into your view.\n"), "%s", news);
    ck_assert_msg(!strstr(news, "on P2 came"), "%s", news);
    ck_assert_msg(strstr(news, "4 more pieces came into your view (see the board).\n"), "%s", news);
    board_free(b);
    b = ob;
}
END_TEST

/* A piece whose owner the action eliminates (its King taken) and that comes into view is told as the orphan it now
 * is — it has no event of its own (ruling 57); a ronin piece of that owner as theirs. */
START_TEST(test_news_of_sight_new_orphan)
{
    static const char *const seen[] = {"J3", "0", "A", "K3", "3", "K", "L4", "3", "AB", "L2", "3", "AP", NULL};
    Board *ob = b;
    b = seeded(4, seen);
    ck_assert_int_eq(fx_order(b, ALICE, "MOVE J3 E", NULL, 0), 0); /* takes dave's King: dave is eliminated */
    ck_assert_int_eq(b->pl[3].status, PS_ELIMINATED);
    const char *news = fx_news(b, ALICE);
    ck_assert_msg(strstr(news, "You captured dave's King on K3; dave is eliminated.\n"
                               "dave's piece on L2 came into your view.\n"
                               "An orphan piece on L4 came into your view.\n"),
                  "%s", news);
    board_free(b);
    b = ob;
}
END_TEST

Suite *fog_suite(void)
{
    Suite *s = suite_create("fog");
    TCase *tc = tcase_create("sheets");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_phase);
    tcase_add_test(tc, test_flare);
    tcase_add_test(tc, test_flare_decoded);
    tcase_add_test(tc, test_orphans_are_nobodys);
    tcase_add_test(tc, test_teleport_fails_outside_view);
    tcase_add_test(tc, test_phased_capture);
    tcase_add_test(tc, test_just_outside_view);
    tcase_add_test(tc, test_orphan_reveal_shown_as_orphan);
    tcase_add_test(tc, test_decoded_enemy_shows_flare_marker);
    suite_add_tcase(s, tc);
    tc = tcase_create("leaks");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_capture_outside_view);
    tcase_add_test(tc, test_ronin_status_private);
    tcase_add_test(tc, test_capture_undecoded);
    tcase_add_test(tc, test_orphans_tell_nobody);
    tcase_add_test(tc, test_shield_undecoded);
    tcase_add_test(tc, test_transfer_target_unseen);
    tcase_add_test(tc, test_hidden_wall_and_piece);
    tcase_add_test(tc, test_map_hidden_wall_change);
    tcase_add_test(tc, test_news_of_sight);
    tcase_add_test(tc, test_news_of_sight_decoded_and_flare);
    tcase_add_test(tc, test_news_of_sight_new_orphan);
    suite_add_tcase(s, tc);
    return s;
}
