/* grid: column letters, square names, directions. */
#include "grid.h"

#include <ctype.h>

#include "util.h"

const int grid_dir_dc[DIR_COUNT] = {0, 1, 1, 1, 0, -1, -1, -1};
const int grid_dir_dr[DIR_COUNT] = {-1, -1, 0, 1, 1, 1, 0, -1};
const char *const grid_dir_name[DIR_COUNT] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

int grid_dir_parse(const char *s)
{
    for (int d = 0; d < DIR_COUNT; d++)
        if (str_ieq(s, grid_dir_name[d]))
            return d;
    return -1;
}

char *grid_col_name(int col, char *buf)
{
    grid_col_name_len(col, buf);
    return buf;
}

size_t grid_col_name_len(int col, char *buf)
{
    if (col >= 0 && col < 26 + 26 * 26) { /* A..Z, AA..ZZ: every board's, without the loop (a sheet names 960) */
        int two = col >= 26, c = col - 26 * two;
        buf[0] = (char)('A' + (two ? c / 26 : c));
        buf[two] = (char)('A' + c % 26);
        buf[two + 1] = '\0';
        return (size_t)two + 1;
    }
    char tmp[8];
    int n = 0;
    col++;
    while (col > 0 && n < 7) {
        int r = (col - 1) % 26;
        tmp[n++] = (char)('A' + r);
        col = (col - 1) / 26;
    }
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return (size_t)n;
}

int grid_sq_parse_name(const char *s, int *col, int *row)
{
    int c = 0, letters = 0;
    const char *p = s;
    while (isalpha((unsigned char)*p)) {
        if (++letters > 3)
            return -1;
        c = c * 26 + (toupper((unsigned char)*p) - 'A' + 1);
        p++;
    }
    if (!letters || !isdigit((unsigned char)*p) || *p == '0')
        return -1;
    int r = 0, digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (++digits > 4)
            return -1;
        r = r * 10 + (*p - '0');
        p++;
    }
    if (*p)
        return -1;
    *col = c - 1;
    *row = r - 1;
    return 0;
}
