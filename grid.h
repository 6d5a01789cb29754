/* grid: coordinates of the playing grid — column letters and square names (contract 7), the 8 directions, and the
 * terrain characters of map and board files. Knows nothing of pieces or players. */
#ifndef GENETESS_GRID_H
#define GENETESS_GRID_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_COLS 702
#define MAX_ROWS 999

/* Terrain is stored as the map characters of contract 7. */
enum {
    TER_OUTSIDE = ' ',
    TER_FLOOR = '.',
    TER_IWALL = '+',
    TER_XWALL = '#',
};

/* The 8 directions, N first, clockwise. */
typedef enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_COUNT } Dir;
/* Column and row step of each direction, and its name. */
extern const int grid_dir_dc[DIR_COUNT], grid_dir_dr[DIR_COUNT];
extern const char *const grid_dir_name[DIR_COUNT];
/* Returns the direction for a name (N, NE, ...; either case) or -1. */
int grid_dir_parse(const char *s);
/* NE, SE, SW and NW are diagonal. */
static inline bool grid_dir_diagonal(int d) { return d & 1; }

/* Writes the name of a zero-based column (0 -> "A", 26 -> "AA") into buf (8 bytes) and returns buf. */
char *grid_col_name(int col, char *buf);
/* grid_col_name, returning the name's length. */
size_t grid_col_name_len(int col, char *buf);
/* Parses a square name ("K3", "ab12") without a board into zero-based col and row. Returns 0, or -1 when malformed. */
int grid_sq_parse_name(const char *s, int *col, int *row);

#endif
