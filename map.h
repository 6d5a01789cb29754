/* map: map files (contract 7) and the built-in maps; loading a map into a fresh Board. */
#ifndef GENETESS_MAP_H
#define GENETESS_MAP_H

#include "board.h"

#define MAP_LINE_MAX 4096           /* longest line of a map file */
#define MAP_FILE_MAX (8 << 20)      /* largest map file map_load reads */
#define MAP_LABEL_MAX 999           /* largest start label GPC<n> */
#define MAP_NAME_MAX 63             /* longest map name (--map=<name>, the board's map=): contract 6 */

/* A `param KEY VALUE` line (a default for a challenge option), in file order. */
typedef struct MapParam {
    char key[32];
    char value[160];
} MapParam;

/* A parsed map. b holds the terrain, the specials (b->sp, in reading order),
 * the starts (b->st, sorted by label: st[i].label == i + 1) and the start
 * pieces (b->spc): for each label in turn, the start's own sequence (default
 * "K") on the start square, then that label's `piece` lines in file order. */
typedef struct Map {
    Board *b;
    MapParam *params;
    int nparams;
    char name[MAP_NAME_MAX + 1]; /* the `name` line; map_load fills in the map's name when there is none */
    int err_line;       /* map_parse failed: the line of the file its reason is at (the "line" of its message);
                         * 0: none (a map_load that found no map) */
} Map;

/* Parses map text. fname names the source in messages: every error is
 * "fname:line: reason" (whole-file conditions name the last line) and never
 * echoes file contents beyond a 20-character token of printable characters.
 * Returns 0 and fills out (free with map_free), or -1 with out empty but for err_line. */
int map_parse(const char *text, const char *fname, Map *out, Err *err);

/* Frees what map_parse/map_load put in m and clears it. */
void map_free(Map *m);

/* Loads a map by NAME or PATH. A name (no '/') is looked up first among the
 * built-in maps (embedded "maps/<name>", case-insensitive), then as
 * <home>/maps/<name>.map (home may be NULL). A path (contains '/') is read
 * only when allow_path, otherwise it fails with "maps given as paths are only
 * allowed at a terminal". A missing map fails with "Unknown map '<name>'" (the
 * name quoted only when it is at most MAP_NAME_MAX characters of [A-Za-z0-9._-],
 * otherwise just "Unknown map"). Returns 0 or -1. */
int map_load(const char *home, const char *name_or_path, bool allow_path, Map *out, Err *err);

/* The built-in default map name for n players: 2 -> "duel", 3-4 -> "quartet", 5-8 -> "melee"; NULL otherwise. */
const char *map_default_for(int nplayers);

/* Names of the built-in maps (NULL-terminated). */
extern const char *const map_builtin_names[];

/* The built-in map's own name (lower case) when name names one in any case (as map_load finds it); else NULL. */
const char *map_builtin_name(const char *name);

#endif
