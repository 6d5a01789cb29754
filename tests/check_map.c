/* check_map: map files (contract 7), the built-in maps, and the parameter side of specials (contract 14.8). */
/* Our headers first: <check.h> defines a macro named fail. */
#include "board.h"
#include "fixtures.h"
#include "map.h"
#include "specials.h"
#include "util.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

Suite *map_suite(void);

/* The head of most test maps: lines 1-8; the floor is B2:E4, A1 is an exterior wall. */
#define HEAD "name t\ngrid\n######\n#....#\n#....#\n#....#\n######\nend\n"
/* HEAD plus two starts: lines 9-10. */
#define TWO HEAD "start GPC1 B2\nstart GPC2 E4\n"

/* ---- helpers ---- */

static Board *tiny(void)
{
    static const char *const rows[] = {"######", "#....#", "#+...#", "#....#", "######"};
    Board *b = board_new();
    board_set_size(b, 6, 5);
    for (int r = 0; r < 5; r++)
        memcpy(b->ter + r * 6, rows[r], 6);
    return b;
}

static char *sqname(const Board *b, int sq)
{
    static char buf[4][16];
    static int k;
    k = (k + 1) % 4;
    return board_sq_name(b, sq, buf[k]);
}

static void write_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, n, f), n);
    fclose(f);
}

/* A fresh temporary directory (a PBMHOME stand-in). */
static char *temp_dir(void)
{
    char *d = fx_scratch_dir(xmalloc(64), 64, "check_map");
    return d;
}

/* ---- every map error, exact message ---- */

typedef struct MapCase {
    const char *text;
    const char *msg;
} MapCase;

static const MapCase map_errors[] = {
    /* structure */
    {HEAD "foo bar\n", "t.map:9: unknown directive 'foo' (name, grid, start, piece, special, param)"},
    {HEAD "Startx GPC1 B2\n", "t.map:9: unknown directive 'Startx' (name, grid, start, piece, special, param)"},
    {"name t\nstart GPC1 B2\n", "t.map:2: no grid (a map needs a grid ... end block)"},
    {"", "t.map:1: no grid (a map needs a grid ... end block)"},
    {HEAD "grid\n###\nend\n", "t.map:9: second grid (a map has one grid ... end block)"},
    {"name t\ngrid\n###\n#.#\n", "t.map:2: grid has no end line"},
    {"end\n", "t.map:1: end without grid"},
    {"grid 5\n", "t.map:1: grid takes nothing after it (the rows follow on their own lines)"},
    {"grid\n#x#\nend\n", "t.map:2: bad grid character 'x' (use # + . or space)"},
    {"grid\n#\t#\nend\n", "t.map:2: bad grid character (code 9; use # + . or space)"},
    {"grid\n###\n#.# # comment\n###\nend\n", "t.map:3: bad grid character 'c' (use # + . or space)"},
    {"grid\nend\n", "t.map:2: grid is empty"},
    {"grid\n\n   \nend\n", "t.map:4: grid is empty"},
    {"name t\ngrid\n.##\nend\n", "t.map:3: floor on A1 is at the edge of the grid (enclose it with # walls)"},
    {"grid\n###\n#.#\nend\n", "t.map:3: floor on B2 is at the edge of the grid (enclose it with # walls)"},
    {"grid\n###\n#.#\n##\nend\n", "t.map:3: floor on B2 touches the outside of the board (enclose it with # walls)"},
    {"grid\n####\n#. #\n####\nend\n", "t.map:3: floor on B2 touches the outside of the board (enclose it with # walls)"},
    {"grid\n####\n#+ #\n####\nend\n",
     "t.map:3: interior wall on B2 touches the outside of the board (enclose it with # walls)"},
    {"grid\n+##\nend\n", "t.map:2: interior wall on A1 is at the edge of the grid (enclose it with # walls)"},
    {"name t\x01\n", "t.map:1: control character in the line"},
    {"name t\nname\x1b[2J\n", "t.map:2: control character in the line"},
    /* name */
    {TWO "name u\n", "t.map:11: second name line (a map has one name)"},
    {"grid\n###\n#.#\n###\nend\nname   # nothing\n", "t.map:6: name needs a value"},
    {"grid\n###\n#.#\n###\nend\nname 0123456789012345678901234567890123456789012345678901234567890123\n",
     "t.map:6: name is longer than 63 characters"},
    /* starts */
    {HEAD "start GPC1 B2\nstart GPC3 E4\n", "t.map:10: start GPC2 is missing (labels must run GPC1..GPC3 without gaps)"},
    {HEAD "start GPC2 B2\nstart GPC3 E4\n", "t.map:10: start GPC1 is missing (labels must run GPC1..GPC3 without gaps)"},
    {HEAD "start GPC1 B2\n", "t.map:9: a map needs at least 2 starts (GPC1 and GPC2)"},
    {HEAD, "t.map:8: a map needs at least 2 starts (GPC1 and GPC2)"},
    {HEAD "start GPC1 B2\nstart gpc1 E4\n", "t.map:10: duplicate start GPC1"},
    {HEAD "start GPX1 B2\n", "t.map:9: bad start label 'GPX1' (GPC1, GPC2, ...)"},
    {HEAD "start GPC0 B2\n", "t.map:9: bad start label 'GPC0' (GPC1, GPC2, ...)"},
    {HEAD "start GPC01 B2\n", "t.map:9: bad start label 'GPC01' (GPC1, GPC2, ...)"},
    {HEAD "start GPC1000 B2\n", "t.map:9: bad start label 'GPC1000' (GPC1, GPC2, ...)"},
    {HEAD "start GPC1\n", "t.map:9: start needs a label and a square: start GPC1 B2 [SEQUENCE]"},
    {HEAD "start GPC1 B2 K A\n", "t.map:9: start needs a label and a square: start GPC1 B2 [SEQUENCE]"},
    {HEAD "start GPC1 B2 AB\n", "t.map:9: start GPC1: the sequence must hold K"},
    {HEAD "start GPC1 B2 K1\n", "t.map:9: start GPC1: bad sequence 'K1' (code letters A..Z)"},
    {HEAD "start GPC1 A1\n", "t.map:9: start GPC1 on A1 is not on floor"},
    {HEAD "start GPC1 ZZ0\n", "t.map:9: bad square 'ZZ0'"},
    {HEAD "start GPC1 k99\n", "t.map:9: square K99 is off the board"},
    {HEAD "start GPC1 B2\nstart GPC2 b2\n", "t.map:10: two starts on B2"},
    /* pieces */
    {TWO "piece GPC1 B2 A\n", "t.map:11: two pieces on B2 (a start's King counts as a piece)"},
    {TWO "piece GPC2 C2 A\npiece GPC1 C2 A\n", "t.map:12: two pieces on C2 (a start's King counts as a piece)"},
    {HEAD "piece GPC1 C2 A\nstart GPC1 C2\n", "t.map:10: two pieces on C2 (a start's King counts as a piece)"},
    {TWO "piece GPC3 C2 A\n", "t.map:11: piece for GPC3, which has no start line"},
    {TWO "piece GPC1 C2 B\n", "t.map:11: piece on C2: the sequence is not viable (it needs A or K)"},
    {TWO "piece GPC1 C2 A-B\n", "t.map:11: piece on C2: bad sequence 'A-B' (code letters A..Z)"},
    {TWO "piece GPC1 A1 A\n", "t.map:11: piece on A1 is not on floor"},
    {TWO "piece GPC1 C2\n", "t.map:11: piece needs a label, a square and a sequence: piece GPC1 C2 ABC"},
    {TWO "piece GPCX C2 A\n", "t.map:11: bad start label 'GPCX' (GPC1, GPC2, ...)"},
    /* specials */
    {TWO "special S1 A1\n", "t.map:11: special S1 on A1 is not on floor"},
    {TWO "special S1 C2\nspecial S5 c2\n", "t.map:12: two specials on C2"},
    {TWO "special S19 C2\n", "t.map:11: unknown special S19"},
    {TWO "special S6 C2\n", "t.map:11: S6 needs targets="},
    {TWO "special S6 C2 targets=C3,A1\n", "t.map:11: S6: target A1 is not in the playing area"},
    {TWO "special S2 C2 targets=K99\n", "t.map:11: S2: target K99 is not in the playing area"},
    {TWO "special S8 C2 target=B2:F5\n", "t.map:11: S8: target F5 is not in the playing area"},
    {TWO "special S1 C2 foo=1\n", "t.map:11: S1: unknown parameter 'foo'"},
    {TWO "special S1 C2 text=\"open # quote\n", "t.map:11: bad text=\"...\" (unterminated quote)"},
    {TWO "special\n", "t.map:11: a special needs a code S1..S22 and a square"},
    /* params */
    {TWO "param foo 1\n", "t.map:11: unknown param 'foo'"},
    {TWO "param start-e\n", "t.map:11: param start-e needs a value"},
    {TWO "param\n", "t.map:11: param needs a key and a value: param start-e 10"},
    {TWO "param start-e 5\nparam START-E 6\n", "t.map:12: duplicate param start-e"},
    /* a value a challenge would refuse is refused at its line, never quoted (contract 6) */
    {TWO "param gamble sometimes\n", "t.map:11: param gamble is invalid: gamble must be both, position, order or none"},
    {TWO "param start-e 5\nparam deadline -3\n",
     "t.map:12: param deadline is invalid: deadline must be a whole number from 1 to 8760"},
    {TWO "param name 0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123"
         "456789012345678901234567890123456789012345678901234567890123456789\n",
     "t.map:11: param name: the value is longer than 159 characters"},
};

START_TEST(test_map_errors)
{
    const MapCase *c = &map_errors[_i];
    Map m;
    Err err;
    memset(&err, 0, sizeof err);
    int rc = map_parse(c->text, "t.map", &m, &err);
    ck_assert_msg(rc == -1, "case %d parsed", _i);
    ck_assert_str_eq(err.msg, c->msg);
    ck_assert_ptr_null(m.b);
    char place[32]; /* the line the message names, as a number: "t.map:<line>: " */
    snprintf(place, sizeof place, "t.map:%d: ", m.err_line);
    ck_assert_msg(m.err_line > 0 && strncmp(err.msg, place, strlen(place)) == 0, "line %d for %s", m.err_line, err.msg);
}
END_TEST

/* Errors on generated text: wide, tall, long lines. */
START_TEST(test_map_size_limits)
{
    Map m;
    Err err;
    Buf t;
    buf_init(&t);
    buf_add(&t, "grid\n");
    for (int i = 0; i < 703; i++)
        buf_add(&t, "#");
    buf_add(&t, "\nend\n");
    ck_assert_int_eq(map_parse(t.s, "w.map", &m, &err), -1);
    ck_assert_str_eq(err.msg, "w.map:2: grid row is wider than 702 columns");
    buf_free(&t);

    buf_add(&t, "grid\n");
    for (int i = 0; i < 1000; i++)
        buf_add(&t, "#\n");
    buf_add(&t, "end\n");
    ck_assert_int_eq(map_parse(t.s, "h.map", &m, &err), -1);
    ck_assert_str_eq(err.msg, "h.map:1001: grid is taller than 999 rows");
    buf_free(&t);

    buf_add(&t, "# fine\nname ");
    for (int i = 0; i < 4092; i++)
        buf_add(&t, "x");
    buf_add(&t, "\n");
    ck_assert_int_eq(map_parse(t.s, "l.map", &m, &err), -1);
    ck_assert_str_eq(err.msg, "l.map:2: line is longer than 4096 characters");
    buf_free(&t);

    /* the largest grid loads: 702 x 999, a ring of walls around floor */
    buf_add(&t, "grid\n");
    for (int r = 0; r < 999; r++) {
        for (int c = 0; c < 702; c++)
            buf_add(&t, r == 0 || r == 998 || c == 0 || c == 701 ? "#" : ".");
        buf_add(&t, "\n");
    }
    buf_add(&t, "end\nstart GPC1 B2\nstart GPC2 ZY998\nspecial S6 ZZ999 targets=ZY998\n");
    ck_assert_int_eq(map_parse(t.s, "big.map", &m, &err), -1);
    ck_assert_str_eq(err.msg, "big.map:1004: special S6 on ZZ999 is not on floor");
    t.s[t.len - strlen("special S6 ZZ999 targets=ZY998\n")] = '\0';
    ck_assert_int_eq(map_parse(t.s, "big.map", &m, &err), 0);
    ck_assert_int_eq(m.b->w, 702);
    ck_assert_int_eq(m.b->h, 999);
    ck_assert_str_eq(sqname(m.b, m.b->st[1].sq), "ZY998");
    map_free(&m);
    buf_free(&t);
}
END_TEST

/* ---- a good map, parsed exactly ---- */

static const char good_map[] =
    "# a test map\r\n"
    "name  test arena   # the name may hold spaces\n"
    "param Start-E 10\n"
    "piece GPC2 D4 ab         # before its start line: fine\n"
    "grid\n"
    "  ##########\n"
    "###....+...#   \n"
    "#..........#\n"
    "#...+...####\n"
    "############\n"
    "end # done\n"
    "START gpc2 k3 kd\n"
    "start GPC1 D2\n"
    "piece GPC1 c3 CBA\n"
    "piece GPC1 E3 K\n"
    "special S9 H3\n"
    "special s1 g2 E=3 text=\"Gold seam #1 \\\"big\\\"\"\n"
    "\n"
    "   # indented comment\n"
    "special S2 B4 targets=h2,I2 OCCUPIED=Destroy\n"
    "param name Arena_1\n";

START_TEST(test_map_good)
{
    Map m;
    Err err;
    int rc = map_parse(good_map, "good.map", &m, &err);
    ck_assert_msg(rc == 0, "%s", err.msg);
    Board *b = m.b;
    ck_assert_str_eq(m.name, "test arena");
    ck_assert_int_eq(b->w, 12);
    ck_assert_int_eq(b->h, 5);
    const char *rows[] = {"  ##########", "###....+...#", "#..........#", "#...+...####", "############"};
    for (int r = 0; r < 5; r++)
        ck_assert_int_eq(memcmp(b->ter + r * 12, rows[r], 12), 0);
    ck_assert_int_eq(b->ter[board_sq(b, 0, 0)], TER_OUTSIDE);
    ck_assert(board_is_floor(b, board_sq(b, 3, 1)));

    ck_assert_int_eq(b->nst, 2);
    ck_assert_int_eq(b->st[0].label, 1);
    ck_assert_str_eq(sqname(b, b->st[0].sq), "D2");
    ck_assert_int_eq(b->st[1].label, 2);
    ck_assert_str_eq(sqname(b, b->st[1].sq), "K3");

    /* start pieces: per label, the start's own sequence first, then its piece lines in file order */
    static const struct {
        int label;
        const char *sq, *seq;
    } spc[] = {{1, "D2", "K"}, {1, "C3", "ABC"}, {1, "E3", "K"}, {2, "K3", "DK"}, {2, "D4", "AB"}};
    ck_assert_int_eq(b->nspc, 5);
    for (int i = 0; i < 5; i++) {
        char seq[32];
        ck_assert_int_eq(b->spc[i].label, spc[i].label);
        ck_assert_str_eq(sqname(b, b->spc[i].sq), spc[i].sq);
        ck_assert_str_eq(piece_format(&b->spc[i].g, true, seq, sizeof seq), spc[i].seq);
    }

    /* specials in reading order, canonical */
    static const char *const sp[] = {
        "S1 G2 e=3 per-king=no text=\"Gold seam #1 \\\"big\\\"\"",
        "S9 H3 targets=self count=1",
        "S2 B4 targets=H2,I2 wall=interior occupied=destroy",
    };
    ck_assert_int_eq(b->nsp, 3);
    for (int i = 0; i < 3; i++) {
        char *s = special_format(b->w, &b->sp[i]);
        ck_assert_str_eq(s, sp[i]);
        free(s);
    }
    ck_assert_str_eq(b->sp[0].text, "Gold seam #1 \"big\"");
    ck_assert_ptr_eq(board_special_at(b, board_sq(b, 7, 2)), &b->sp[1]);

    ck_assert_int_eq(m.nparams, 2);
    ck_assert_str_eq(m.params[0].key, "start-e");
    ck_assert_str_eq(m.params[0].value, "10");
    ck_assert_str_eq(m.params[1].key, "name");
    ck_assert_str_eq(m.params[1].value, "Arena_1");
    map_free(&m);
    ck_assert_ptr_null(m.b);
}
END_TEST

/* Comments: '#' starts one only at the line start or after white space, outside quotes. */
START_TEST(test_map_comments)
{
    Map m;
    Err err;
    int rc = map_parse(TWO "name2 x\n", "c.map", &m, &err);
    ck_assert_int_eq(rc, -1);
    rc = map_parse("name t#1 # comment\n" "grid\n#####\n#...#\n#####\nend\nstart GPC1 B2\nstart GPC2 D2\n"
                   "special S1 C2 text=\"a # b\"#c\n",
                   "c.map", &m, &err);
    ck_assert_int_eq(rc, -1);
    ck_assert_str_eq(err.msg, "c.map:9: bad text=\"...\" (text after the closing quote)");
    rc = map_parse("name t#1 # comment\n" "grid\n#####\n#...#\n#####\nend\nstart GPC1 B2\nstart GPC2 D2\n"
                   "special S1 C2 text=\"a # b\" # c\n",
                   "c.map", &m, &err);
    ck_assert_msg(rc == 0, "%s", err.msg);
    ck_assert_str_eq(m.name, "t#1");
    ck_assert_str_eq(m.b->sp[0].text, "a # b");
    map_free(&m);
}
END_TEST

/* ---- built-in maps ---- */

START_TEST(test_builtin_maps)
{
    static const struct {
        const char *name;
        int starts, minsp;
    } want[] = {{"duel", 2, 6}, {"quartet", 4, 19}, {"melee", 8, 18}};
    bool codes[SPECIAL_CODE_MAX + 1] = {false};
    int n = 0;
    for (; map_builtin_names[n]; n++)
        ;
    ck_assert_int_eq(n, 3);
    for (int i = 0; i < 3; i++) {
        Map m;
        Err err;
        ck_assert_str_eq(map_builtin_names[i], want[i].name);
        int rc = map_load(NULL, want[i].name, false, &m, &err);
        ck_assert_msg(rc == 0, "%s: %s", want[i].name, err.msg);
        ck_assert_str_eq(m.name, want[i].name);
        ck_assert_int_eq(m.b->nst, want[i].starts);
        ck_assert_int_ge(m.b->nsp, want[i].minsp);
        for (int k = 0; k < m.b->nsp; k++) {
            ck_assert_msg(m.b->sp[k].text[0], "%s: special without text", want[i].name);
            codes[m.b->sp[k].code] = true;
        }
        /* starts at least 6 apart (Chebyshev) */
        for (int a = 0; a < m.b->nst; a++)
            for (int c = a + 1; c < m.b->nst; c++)
                ck_assert_int_ge(board_dist(m.b, m.b->st[a].sq, m.b->st[c].sq), 6);
        /* every start holds a King, the start pieces are exactly the start Kings */
        ck_assert_int_eq(m.b->nspc, m.b->nst);
        for (int k = 0; k < m.b->nspc; k++)
            ck_assert(piece_has(&m.b->spc[k].g, GENE_K));
        map_free(&m);
    }
    int ncodes = 0;
    for (int c = 1; c <= SPECIAL_CODE_MAX; c++)
        ncodes += codes[c];
    /* together the built-in maps use every special there is: S1..S22 but S19 */
    ck_assert_int_eq(ncodes, 21);
    ck_assert(!codes[19]);

    Map m;
    Err err;
    ck_assert_int_eq(map_load("/nonexistent", "DUEL", false, &m, &err), 0);
    ck_assert_str_eq(m.name, "duel");
    map_free(&m);
}
END_TEST

START_TEST(test_map_default_for)
{
    ck_assert_ptr_null(map_default_for(0));
    ck_assert_ptr_null(map_default_for(1));
    ck_assert_str_eq(map_default_for(2), "duel");
    ck_assert_str_eq(map_default_for(3), "quartet");
    ck_assert_str_eq(map_default_for(4), "quartet");
    for (int n = 5; n <= 8; n++)
        ck_assert_str_eq(map_default_for(n), "melee");
    ck_assert_ptr_null(map_default_for(9));
    ck_assert_ptr_null(map_default_for(-1));
    /* the default map for n players has room for n */
    for (int n = 2; n <= 8; n++) {
        Map m;
        Err err;
        ck_assert_int_eq(map_load(NULL, map_default_for(n), false, &m, &err), 0);
        ck_assert_int_ge(m.b->nst, n);
        map_free(&m);
    }
}
END_TEST

/* ---- loading by name and path ---- */

static const char small_map[] = "grid\n#####\n#...#\n#####\nend\nstart GPC1 B2\nstart GPC2 D2\n";

START_TEST(test_map_load_paths)
{
    char *home = temp_dir();
    char *dir = xasprintf("%s/maps", home);
    char *file = xasprintf("%s/maps/mine.map", home);
    char *bad = xasprintf("%s/maps/broken.map", home);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    write_file(file, small_map, strlen(small_map));
    write_file(bad, "grid\n#\nend\nwhat\n", 16);
    Map m;
    Err err;

    /* a path only at a terminal */
    ck_assert_int_eq(map_load(home, file, false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "maps given as paths are only allowed at a terminal");
    ck_assert_int_eq(map_load(home, "./mine.map", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "maps given as paths are only allowed at a terminal");
    ck_assert_int_eq(map_load(NULL, file, true, &m, &err), 0);
    ck_assert_str_eq(m.name, "mine");
    ck_assert_int_eq(m.b->nst, 2);
    map_free(&m);

    /* a name: <home>/maps/<name>.map */
    ck_assert_int_eq(map_load(home, "mine", false, &m, &err), 0);
    ck_assert_str_eq(m.name, "mine");
    map_free(&m);
    ck_assert_int_eq(map_load(home, "broken", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "broken.map:4: unknown directive 'what' (name, grid, start, piece, special, param)");
    ck_assert_int_eq(m.err_line, 4);
    ck_assert_int_eq(map_load(NULL, "mine", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map 'mine'");
    ck_assert_int_eq(m.err_line, 0); /* no map file read: no line */

    /* unknown maps: the name is quoted only when short and plain */
    ck_assert_int_eq(map_load(home, "nosuch", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map 'nosuch'");
    ck_assert_int_eq(map_load(home, "..", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map '..'");
    ck_assert_int_eq(map_load(home, "a b", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map");
    ck_assert_int_eq(map_load(home, "bad\nSubject: x", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map");
    /* a local map's name: up to 63 characters (the board's map= holds it), quoted when unknown (contract 6) */
    char *longest = xasprintf("%s/maps/%063d.map", home, 7);
    write_file(longest, small_map, strlen(small_map));
    char name[80];
    snprintf(name, sizeof name, "%063d", 7);
    ck_assert_int_eq(map_load(home, name, false, &m, &err), 0);
    ck_assert_str_eq(m.name, name);
    map_free(&m);
    name[0] = '1';
    ck_assert_int_eq(map_load(home, name, false, &m, &err), -1);
    char said[100];
    snprintf(said, sizeof said, "Unknown map '%s'", name);
    ck_assert_str_eq(err.msg, said);
    free(longest);
    ck_assert_int_eq(map_load(home, "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcK", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map");
    /* a built-in map's name in any case: its own name (what a board's map= holds) */
    ck_assert_str_eq(map_builtin_name("DuEl"), "duel");
    ck_assert_ptr_null(map_builtin_name("duels"));
    ck_assert_int_eq(map_load(home, "", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown map");
    /* a path (a terminal's only): said back with what is wrong there (contract 6) */
    char *missing = xasprintf("%s/maps/none.map", home);
    char *want = xasprintf("%s:1: no map file there that can be read", missing);
    ck_assert_int_eq(map_load(home, missing, true, &m, &err), -1);
    ck_assert_str_eq(err.msg, want);
    free(want);
    want = xasprintf("%s:1: not a map file (a directory, a FIFO or a device)", dir);
    ck_assert_int_eq(map_load(home, dir, true, &m, &err), -1);
    ck_assert_str_eq(err.msg, want);
    free(want);

    /* a NUL byte in the file */
    write_file(bad, "grid\n#\0#\nend\n", 13);
    ck_assert_int_eq(map_load(home, "broken", false, &m, &err), -1);
    ck_assert_str_eq(err.msg, "broken.map:2: NUL byte in the line");

    unlink(file);
    unlink(bad);
    rmdir(dir);
    rmdir(home);
    free(missing);
    free(home);
    free(dir);
    free(file);
    free(bad);
}
END_TEST

/* ---- no error echoes a secret held in the file ---- */

#define SECRET "Zq9Hunter2PasswordZq9Hunter2Password"

static const char *const secret_maps[] = {
    TWO "# " SECRET "\nbogus\n",
    TWO "special S1 C2 text=\"" SECRET "\" foo=1\n",
    TWO "special S1 C2 text=\"" SECRET "\n",
    TWO "special S1 C2 e=" SECRET "\n",
    TWO "special S2 C2 targets=" SECRET "\n",
    TWO "special S2 C2 wall=" SECRET " targets=C3\n",
    TWO "special S" SECRET " C2\n",
    TWO "special S1 " SECRET "\n",
    TWO "special S1 C2 " SECRET "=1\n",
    TWO "name " SECRET "\n",
    TWO "param name " SECRET "\nparam name x\n",
    TWO "param " SECRET " 1\n",
    TWO SECRET "\n",
    HEAD "start " SECRET " B2\n",
    HEAD "start GPC1 " SECRET "\n",
    HEAD "start GPC1 B2 " SECRET "\n",
    TWO "piece GPC1 C2 " SECRET "\n",
    "grid\n#" SECRET "#\nend\n",
    "name " SECRET "\ngrid\n#.#\nend\n",
    TWO "special S1 C2 text=\"" SECRET "\x01\"\n",
};

START_TEST(test_map_secret)
{
    Map m;
    Err err;
    int rc = map_parse(secret_maps[_i], "s.map", &m, &err);
    ck_assert_int_eq(rc, -1);
    /* at most a 20-character token: no 21 consecutive characters of the secret */
    const char *s = SECRET;
    for (size_t k = 0; k + 21 <= strlen(s); k++) {
        char piece[22];
        memcpy(piece, s + k, 21);
        piece[21] = '\0';
        ck_assert_msg(!strstr(err.msg, piece), "case %d echoes the secret: %s", _i, err.msg);
    }
    ck_assert_msg(!str_has_control(err.msg), "case %d: control character in the message", _i);
    ck_assert_msg(strncmp(err.msg, "s.map:", 6) == 0, "case %d: %s", _i, err.msg);
}
END_TEST

/* The secret is not echoed at all where it is not the offending token. */
START_TEST(test_map_secret_elsewhere)
{
    static const char *const maps[] = {
        TWO "# " SECRET "\nbogus\n",
        TWO "special S1 C2 text=\"" SECRET "\" foo=1\n",
        TWO "special S1 C2 text=\"" SECRET "\n",
        TWO "name " SECRET "\n",
        TWO "param name " SECRET "\nparam name x\n",
        "name " SECRET "\ngrid\n#.#\nend\n",
    };
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        Map m;
        Err err;
        ck_assert_int_eq(map_parse(maps[i], "s.map", &m, &err), -1);
        ck_assert_msg(!strstr(err.msg, "Hunter"), "%s", err.msg);
    }
}
END_TEST

/* ---- special_parse: every error ---- */

static const MapCase special_errors[] = {
    {"", "a special needs a code S1..S22 and a square"},
    {"S1", "S1 needs a square"},
    {"X1 C2", "bad special code 'X1' (S1..S22)"},
    {"S19 C2", "unknown special S19"},
    {"s019 C2", "unknown special S19"},
    {"S23 C2", "unknown special S23"},
    {"S0 C2", "unknown special S0"},
    {"S1 ZZ0", "S1: bad square 'ZZ0'"},
    {"S1 k99", "S1: square K99 is off the board"},
    {"S1 C2 e", "S1: expected key=value, not 'e'"},
    {"S1 C2 foo=1", "S1: unknown parameter 'foo'"},
    {"S5 C2 e=1", "S5: unknown parameter 'e'"},
    {"S1 C2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1", "S1: unknown parameter 'aaaaaaaaaaaaaaaaaaaa'"},
    {"S1 C2 \x01" "bc=1", "S1: unknown parameter '?bc'"},
    {"S1 C2 e=x", "S1: e= needs a whole number"},
    {"S1 C2 e=", "S1: e= needs a whole number"},
    {"S1 C2 e=-1", "S1: e= needs a whole number"},
    {"S1 C2 e=1000000001", "S1: e= must be at most 1000000000"},
    {"S1 C2 e=99999999999999999999999", "S1: e= must be at most 1000000000"},
    {"S1 C2 per-king=maybe", "S1: per-king= must be yes or no"},
    {"S1 C2 e=1 e=2", "duplicate parameter e="},
    {"S1 C2 E=1 e=2", "duplicate parameter e="},
    {"S1 C2 text=a TEXT=b", "duplicate parameter text="},
    {"S2 C2", "S2 needs targets="},
    {"S2 C2 targets=C3 occupied=sideways", "S2: occupied= must be block, destroy or move"},
    {"S2 C2 targets=C3 wall=glass", "S2: wall= must be interior or exterior"},
    {"S2 C2 targets=ZZ0", "S2: bad square 'ZZ0'"},
    {"S2 C2 targets=K99", "S2: target K99 is not in the playing area"},
    {"S2 C2 targets=", "S2: targets= needs a list of squares (SQ,SQ,...)"},
    {"S2 C2 targets=C3,,D3", "S2: targets= needs a list of squares (SQ,SQ,...)"},
    {"S2 C2 targets=C3,", "S2: targets= needs a list of squares (SQ,SQ,...)"},
    {"S2 C2 targets=C3,c3", "S2: target C3 is listed twice"},
    {"S2 C2 targets=@", "S2: bad square '@'"},
    {"S9 C2 targets=@", "S9: bad square '@'"},
    {"S1 C2 e=@", "S1: e= needs a whole number"},
    {"S3 C2", "S3 needs target="},
    {"S3 C2 target=C3,D3", "S3: bad square 'C3,D3'"},
    {"S3 C2 target=", "S3: target= needs a square"},
    {"S4 C2", "S4 needs codes="},
    {"S4 C2 codes=A1", "S4: codes= needs code letters A..Z"},
    {"S4 C2 codes=", "S4: codes= needs code letters A..Z"},
    {"S6 C2", "S6 needs targets="},
    {"S8 C2", "S8 needs target="},
    {"S8 C2 target=C3:K99", "S8: target K99 is not in the playing area"},
    {"S8 C2 target=C3:", "S8: bad square ''"},
    {"S8 C2 target=C3:D3:E3", "S8: bad square 'D3:E3'"},
    {"S9 C2 count=0", "S9: count= must be at least 1"},
    {"S9 C2 targets=C3 count=two", "S9: count= needs a whole number"},
    {"S10 C2", "S10 needs targets="},
    {"S12 C2 e=1.5", "S12: e= needs a whole number"},
    {"S13 C2 onto=x", "S13: onto= must be empty, occupied or walls"},
    {"S1 C2 text=\"abc", "bad text=\"...\" (unterminated quote)"},
    {"S1 C2 text=\"abc\\\"", "bad text=\"...\" (unterminated quote)"},
    {"S1 C2 text=\"abc\"x", "bad text=\"...\" (text after the closing quote)"},
    {"S1 C2 text=\"a\tb\"", "S1: text= holds a control character"},
    {"S1 C2 e=\"3", "bad e=\"...\" (unterminated quote)"},
    {"S1 C2 e=3\"", "S1: bad e= value (stray quote)"},
};

START_TEST(test_special_errors)
{
    Board *b = tiny();
    Special sp;
    Err err;
    memset(&err, 0, sizeof err);
    int rc = special_parse(b->w, b->h, b->ter, special_errors[_i].text, &sp, &err);
    ck_assert_msg(rc == -1, "case %d parsed", _i);
    ck_assert_str_eq(err.msg, special_errors[_i].msg);
    ck_assert_ptr_null(sp.targets.sq);
    ck_assert_ptr_null(sp.text);
    special_free(&sp);
    board_free(b);
}
END_TEST

START_TEST(test_special_text_limit)
{
    Board *b = tiny();
    Special sp;
    Err err;
    Buf t;
    buf_init(&t);
    buf_add(&t, "S1 C2 text=\"");
    for (int i = 0; i < SPECIAL_TEXT_MAX; i++)
        buf_add(&t, "x");
    buf_add(&t, "\"");
    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, t.s, &sp, &err), 0);
    ck_assert_uint_eq(strlen(sp.text), SPECIAL_TEXT_MAX);
    special_free(&sp);
    t.s[t.len - 1] = 'x';
    buf_add(&t, "\"");
    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, t.s, &sp, &err), -1);
    ck_assert_str_eq(err.msg, "S1: text= is longer than 500 characters");
    buf_free(&t);
    board_free(b);
}
END_TEST

/* ---- special_parse / special_format: defaults and round trip for every code ---- */

static const struct {
    int code;
    const char *in, *params, *line;
} special_defaults[] = {
    {1, "S1 C2", "e=1 per-king=no", "S1 C2 e=1 per-king=no"},
    {2, "S2 c2 targets=c3,B3", "targets=C3,B3 wall=interior occupied=block",
     "S2 C2 targets=C3,B3 wall=interior occupied=block"},
    {3, "S3 C2 target=d3", "target=D3 occupied=block", "S3 C2 target=D3 occupied=block"},
    {4, "S4 C2 codes=dba", "codes=ABD", "S4 C2 codes=ABD"},
    {5, "S5 C2", "", "S5 C2"},
    {6, "S6 C2 targets=B2", "targets=B2", "S6 C2 targets=B2"},
    {7, "S7 C2", "", "S7 C2"},
    {8, "S8 C2 target=b2:e4", "target=B2:E4 occupied=block", "S8 C2 target=B2:E4 occupied=block"},
    {9, "S9 C2", "targets=self count=1", "S9 C2 targets=self count=1"},
    {10, "S10 C2 targets=B3", "targets=B3", "S10 C2 targets=B3"},
    {11, "S11 C2", "", "S11 C2"},
    {12, "S12 C2", "e=1", "S12 C2 e=1"},
    {13, "S13 C2", "onto=empty", "S13 C2 onto=empty"},
    {14, "S14 C2", "", "S14 C2"},
    {15, "S15 C2", "", "S15 C2"},
    {16, "S16 C2", "", "S16 C2"},
    {17, "S17 C2", "", "S17 C2"},
    {18, "S18 C2", "", "S18 C2"},
    {20, "S20 C2", "", "S20 C2"},
    {21, "S21 C2", "", "S21 C2"},
    {22, "S22 C2", "", "S22 C2"},
    /* every parameter given, in another order and case, with text */
    {1, "S1 D3 PER-KING=Yes e=007 text=\"x\"", "e=7 per-king=yes", "S1 D3 e=7 per-king=yes text=\"x\""},
    {2, "  S2   C2 OCCUPIED=Destroy targets=B3,C3 WALL=exterior text=\"say \\\"hi\\\" \\\\o/ # x\"  ",
     "targets=B3,C3 wall=exterior occupied=destroy",
     "S2 C2 targets=B3,C3 wall=exterior occupied=destroy text=\"say \\\"hi\\\" \\\\o/ # x\""},
    {3, "S3 C2 occupied=move target=B3", "target=B3 occupied=move", "S3 C2 target=B3 occupied=move"},
    {8, "S8 C2 target=E4:B2 occupied=destroy", "target=E4:B2 occupied=destroy",
     "S8 C2 target=E4:B2 occupied=destroy"},
    {8, "S8 C2 target=A1", "target=A1 occupied=block", "S8 C2 target=A1 occupied=block"},
    {9, "S9 C2 count=1000000000 targets=B2,C2,D2,E2", "targets=B2,C2,D2,E2 count=1000000000",
     "S9 C2 targets=B2,C2,D2,E2 count=1000000000"},
    {12, "S12 C2 e=0", "e=0", "S12 C2 e=0"},
    {13, "S13 C2 onto=WALLS text=plain", "onto=walls", "S13 C2 onto=walls text=\"plain\""},
    {4, "S4 C2 codes=kzzA", "codes=AKZZ", "S4 C2 codes=AKZZ"},
    {5, "S5 C2 text=\"\"", "", "S5 C2"},
};

START_TEST(test_special_defaults)
{
    Board *b = tiny();
    Special sp, again;
    Err err;
    int rc = special_parse(b->w, b->h, b->ter, special_defaults[_i].in, &sp, &err);
    ck_assert_msg(rc == 0, "case %d: %s", _i, err.msg);
    ck_assert_int_eq(sp.code, special_defaults[_i].code);
    char *params = special_params_text(b->w, &sp);
    ck_assert_str_eq(params, special_defaults[_i].params);
    char *line = special_format(b->w, &sp);
    ck_assert_str_eq(line, special_defaults[_i].line);
    /* the canonical line reads back to the same special */
    rc = special_parse(b->w, b->h, b->ter, line, &again, &err);
    ck_assert_msg(rc == 0, "case %d: %s", _i, err.msg);
    ck_assert_int_eq(again.code, sp.code);
    ck_assert_int_eq(again.sq, sp.sq);
    char *params2 = special_params_text(b->w, &again);
    ck_assert_str_eq(params2, params);
    ck_assert_str_eq(again.text, sp.text);
    free(params2);
    free(params);
    free(line);
    special_free(&sp);
    special_free(&again);
    board_free(b);
}
END_TEST

/* A legend says what a special's parameters mean in words, never in the map's syntax (contract 14.9). */
static const struct {
    const char *in, *words;
} special_words[] = {
    {"S1 C2 e=2", "gives 2 E"},
    {"S1 C2 e=3 per-king=yes", "gives 3 E for each K code of yours"},
    {"S2 C2 targets=B3,C3,D3", "interior walls appear on B3, C3 and D3, not where a piece stands"},
    {"S2 C2 targets=B3 wall=exterior occupied=destroy",
     "exterior walls (never removable) appear on B3; a piece there is destroyed first"},
    {"S3 C2 target=D3 occupied=move", "copies its piece onto D3 (paid as CREATE); a piece there is moved aside first"},
    {"S4 C2 codes=dba", "adds ABD to its piece"},
    {"S5 C2", ""},
    {"S6 C2 targets=B2,B3", "destroys the pieces on B2 and B3"},
    {"S8 C2 target=b2:e4", "moves its piece to a random empty floor square from B2 to E4, not where a piece stands"},
    {"S8 C2 target=B3", "moves its piece to B3, not where a piece stands"},
    {"S9 C2", "its piece loses 1 code"},
    {"S9 C2 targets=B2,C3 count=2", "the pieces on B2 and C3 lose 2 codes each"},
    {"S10 C2 targets=B3", "interior walls on B3 become floor"},
    {"S11 C2", ""},
    {"S12 C2 e=2", "every other player loses 2 E"},
    {"S13 C2 onto=walls", "every special moves to a random wall"},
};

START_TEST(test_special_words)
{
    Board *b = tiny();
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b->w, b->h, b->ter, special_words[_i].in, &sp, &err) == 0, "%s", err.msg);
    char *words = special_params_words(b->w, &sp);
    ck_assert_str_eq(words, special_words[_i].words);
    free(words);
    special_free(&sp);
    board_free(b);
}
END_TEST

/* The parameters are parsed once into the Special's typed fields. */
START_TEST(test_special_params)
{
    Board *b = tiny();
    Special sp;
    Err err;
    const int *sqs;
    char *text;
    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S1 C2 e=12 per-king=yes", &sp, &err), 0);
    ck_assert_int_eq(sp.e, 12);
    ck_assert(sp.per_king);
    ck_assert_int_eq(special_target_squares(&sp, &sqs), 0);
    ck_assert_str_eq(text = special_params_text(b->w, &sp), "e=12 per-king=yes");
    free(text);
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S2 C2 targets=B2,E4,c3 occupied=move", &sp, &err), 0);
    ck_assert_int_eq(sp.occupied, SPECIAL_OCC_MOVE);
    ck_assert_int_eq(sp.wall, SPECIAL_WALL_INTERIOR);
    ck_assert(!sp.targets.self);
    int n = special_target_squares(&sp, &sqs);
    ck_assert_int_eq(n, 3);
    ck_assert_ptr_eq(sqs, sp.targets.sq);
    ck_assert_str_eq(sqname(b, sqs[0]), "B2");
    ck_assert_str_eq(sqname(b, sqs[1]), "E4");
    ck_assert_str_eq(sqname(b, sqs[2]), "C3");
    ck_assert_str_eq(text = special_params_text(b->w, &sp), "targets=B2,E4,C3 wall=interior occupied=move");
    free(text);
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S8 C2 target=E4:B2", &sp, &err), 0);
    ck_assert(sp.target.rect);
    ck_assert_int_eq(sp.occupied, SPECIAL_OCC_BLOCK);
    n = special_target_squares(&sp, &sqs);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(sqname(b, sqs[0]), "E4");
    ck_assert_str_eq(sqname(b, sqs[1]), "B2");
    ck_assert_str_eq(text = special_params_text(b->w, &sp), "target=E4:B2 occupied=block");
    free(text);
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S3 C2 target=d3 occupied=destroy", &sp, &err), 0);
    ck_assert(!sp.target.rect);
    ck_assert_int_eq(sp.occupied, SPECIAL_OCC_DESTROY);
    ck_assert_int_eq(special_target_squares(&sp, &sqs), 1);
    ck_assert_str_eq(sqname(b, sqs[0]), "D3");
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S9 C2", &sp, &err), 0);
    ck_assert(sp.targets.self);
    ck_assert_int_eq(sp.count, 1);
    ck_assert_int_eq(special_target_squares(&sp, &sqs), 1);
    ck_assert_ptr_eq(sqs, &sp.sq); /* self: wherever the special stands */
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S12 C2 e=7", &sp, &err), 0);
    ck_assert_int_eq(sp.e, 7);
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S13 C2 onto=Occupied", &sp, &err), 0);
    ck_assert_int_eq(sp.onto, SPECIAL_ONTO_OCCUPIED);
    special_free(&sp);

    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S4 C2 codes=bab", &sp, &err), 0);
    ck_assert_int_eq(sp.codes.n[GENE_A], 1);
    ck_assert_int_eq(sp.codes.n[GENE_B], 2);
    ck_assert_int_eq(piece_total(&sp.codes), 3);
    ck_assert_str_eq(text = special_params_text(b->w, &sp), "codes=ABB");
    free(text);
    special_free(&sp);
    special_free(&sp); /* safe twice */
    board_free(b);
}
END_TEST

/* In a running game, an S2 exterior wall may cover another special's target: the board still loads. */
START_TEST(test_special_target_on_wall)
{
    Board *b = tiny();
    Special sp;
    Err err;
    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S6 C2 targets=A1,B3", &sp, &err), 0); /* an exterior wall, an interior wall */
    special_free(&sp);
    b->ter[board_sq(b, 1, 0)] = TER_OUTSIDE;
    ck_assert_int_eq(special_parse(b->w, b->h, b->ter, "S6 C2 targets=B1", &sp, &err), -1);
    ck_assert_str_eq(err.msg, "S6: target B1 is not in the playing area");
    board_free(b);
}
END_TEST

/* ---- the table and the calculator ---- */

START_TEST(test_special_table)
{
    static const char *const names[] = {NULL, "E Bonus", "Wall Creation", "Piece Duplication",
                                        "Genetic Code Addition", "Map View", "Piece Killer", "Detonation",
                                        "Teleport", "Radiation", "Wall Destruction", "Factored E Bonus",
                                        "E Decay", "Relocate Specials", "Double Up", "Redistribute", "Tremor",
                                        "Target", "Synergy", NULL, "Rockfall", "Recycle", "Monkey"};
    static const int nparams[] = {0, 2, 3, 2, 1, 0, 1, 0, 2, 2, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    ck_assert_ptr_null(special_info(0));
    ck_assert_ptr_null(special_info(19));
    ck_assert_ptr_null(special_info(23));
    ck_assert_ptr_null(special_info(-1));
    ck_assert_ptr_null(special_table[0].name);
    ck_assert_ptr_null(special_table[19].name);
    for (int c = 1; c <= 22; c++) {
        if (c == 19)
            continue;
        const SpecialInfo *si = special_info(c);
        ck_assert_ptr_nonnull(si);
        ck_assert_int_eq(si->code, c);
        ck_assert_str_eq(si->name, names[c]);
        ck_assert_int_eq(si->nparams, nparams[c]);
        ck_assert_ptr_nonnull(si->summary);
        for (int k = 0; k < si->nparams; k++) {
            const SpecialParam *pp = &si->params[k];
            ck_assert(pp->required == (pp->def == NULL));
            ck_assert_ptr_nonnull(pp->doc);
            ck_assert(pp->type != SP_ENUM || pp->choices);
        }
    }
}
END_TEST

START_TEST(test_special_describe)
{
    Buf out;
    Err err;
    buf_init(&out);
    ck_assert_int_eq(special_describe(1, &out, &err), 0);
    ck_assert_ptr_nonnull(strstr(out.s, "S1 - E Bonus\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "  e=N  E gained (default 1); a whole number from 0 to 1000000000\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "per-king=yes|no"));
    ck_assert_ptr_nonnull(strstr(out.s, "(ruling)"));
    buf_free(&out);
    ck_assert_int_eq(special_describe(9, &out, &err), 0);
    ck_assert_ptr_nonnull(strstr(out.s, "targets=SQ,SQ,...  the irradiated squares (default self: the special's own\n      square, wherever it is moved)\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "count=N  codes each piece loses (default 1); a whole number from 1 to"));
    buf_free(&out);
    ck_assert_int_eq(special_describe(6, &out, &err), 0);
    ck_assert_ptr_nonnull(strstr(out.s, "targets=SQ,SQ,...  the squares whose pieces die (required)\n"));
    buf_free(&out);
    for (int c = 1; c <= 22; c++) {
        if (c == 19)
            continue;
        ck_assert_int_eq(special_describe(c, &out, &err), 0);
        ck_assert_ptr_nonnull(strstr(out.s, special_table[c].name));
        ck_assert_ptr_nonnull(strstr(out.s, "text=\"...\""));
        buf_free(&out);
    }
    ck_assert_int_eq(special_describe(19, &out, &err), -1);
    ck_assert_str_eq(err.msg, "There is no special S19");
    ck_assert_int_eq(special_describe(0, &out, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown special");
    ck_assert_int_eq(special_describe(23, &out, &err), -1);
    ck_assert_str_eq(err.msg, "Unknown special");
    ck_assert_ptr_null(out.s);
}
END_TEST

Suite *map_suite(void)
{
    Suite *s = suite_create("map");
    TCase *tc = tcase_create("map");
    tcase_add_loop_test(tc, test_map_errors, 0, (int)(sizeof map_errors / sizeof map_errors[0]));
    tcase_add_test(tc, test_map_size_limits);
    tcase_add_test(tc, test_map_good);
    tcase_add_test(tc, test_map_comments);
    tcase_add_test(tc, test_builtin_maps);
    tcase_add_test(tc, test_map_default_for);
    tcase_add_test(tc, test_map_load_paths);
    tcase_add_loop_test(tc, test_map_secret, 0, (int)(sizeof secret_maps / sizeof secret_maps[0]));
    tcase_add_test(tc, test_map_secret_elsewhere);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);

    TCase *ts = tcase_create("specials");
    tcase_add_loop_test(ts, test_special_errors, 0, (int)(sizeof special_errors / sizeof special_errors[0]));
    tcase_add_test(ts, test_special_text_limit);
    tcase_add_loop_test(ts, test_special_defaults, 0, (int)(sizeof special_defaults / sizeof special_defaults[0]));
    tcase_add_loop_test(ts, test_special_words, 0, (int)(sizeof special_words / sizeof special_words[0]));
    tcase_add_test(ts, test_special_params);
    tcase_add_test(ts, test_special_target_on_wall);
    tcase_add_test(ts, test_special_table);
    tcase_add_test(ts, test_special_describe);
    suite_add_tcase(s, ts);
    return s;
}
