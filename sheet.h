/* sheet: a player's turnsheet as it is mailed — its text and HTML alternative (sheet_render), the sheet they last got (sheet_current: showas, replies), and the news and E breakdown a mailed sheet takes out of the board (sheet_take). */
#ifndef GENETESS_SHEET_H
#define GENETESS_SHEET_H

#include "game.h"
#include "view.h"

/* What a sheet shows of its reader's own besides the board: the news and E breakdown taken out for it, the
 * result of the reader's order (NULL: none), whether it is a created board's New sheet, whether a stored order
 * of theirs ran (star). */
typedef struct SheetNews {
    const News *news;
    const News *ebook;
    const char *result;
    bool is_new;
    bool star;
    const SheetShared *shared; /* made once for all the sheets of b as it is (view_shared_init), or NULL */
    int64_t now;               /* when the sheet is made: a running holiday's allowance as it stands then (0:
                                * as the board holds it) */
} SheetNews;

/* Renders player p's sheet of b (view_sheet: the variant from b's phase and seat, or the "stored order
 * processed" one when star or news says one ran) with n's news and E breakdown, result and is_new:
 * malloc'd text; with html non-NULL its HTML part too into *html (malloc'd; NULL when the player has it
 * off: options html off), drawn from the same view. The variant comes from the news items' kinds, never from
 * their words. Changes nothing. */
char *sheet_render(const Board *b, int p, const SheetNews *n, char **html);
/* As sheet_render, for a reply that ends with the sheet: the HTML part opens with reply, the reply's own
 * lines above the sheet (contract 3.1). The reply states result above the sheet, so the sheet leaves out
 * its "Result of your last order" (said once, contract 14.9) — n's result and is_new are not shown. */
char *sheet_render_reply(const Board *b, int p, const SheetNews *n, const char *reply, char **html);
/* sheet_render, and into *reply_text (malloc'd) the text sheet_render_reply gives for the same sheet without
 * HTML, cut out of the one rendering (the result's lines left out) rather than drawn twice. */
char *sheet_render_both(const Board *b, int p, const SheetNews *n, char **html, char **reply_text);
/* Appends player p's current sheet of b to out: the news and E breakdown since their last sheet, or, when
 * nothing has come since, the last sheet's again (so that showas prints the sheet that was mailed). With
 * html non-NULL (a mailed reply), its HTML part opening with reply (the lines of out before it) into *html,
 * as sheet_render_reply, and without the result line: the reply above says what was done. now: as
 * SheetNews.now. */
void sheet_current(const Board *b, int p, int64_t now, Buf *out, char **html);

/* The sheets due after a stage: who gets one, and each reader's news and E breakdown, taken out of the
 * board (which keeps them only as the last sheet's) so that rendering changes nothing. */
typedef struct SheetsDue {
    int np;
    bool is_new;
    int reader;         /* also gets a sheet in the reply (-1 none) */
    const char *result; /* the reader's order result */
    bool *mail;         /* per player: a sheet is mailed */
    bool *star;         /* per player: their * order was processed */
    News *news;
    News *ebook;
} SheetsDue;

/* Takes out of g's board the news and E breakdown of everyone due a sheet (every player when is_new)
 * and of reader, leaving on the board only what the sheet shows, marked as sent; clears g's due marks.
 * Release with sheet_due_free. */
void sheet_take(SheetsDue *s, Game *g, bool is_new, int reader, const char *result);
/* Frees what s holds; s is empty afterwards. */
void sheet_due_free(SheetsDue *s);

#endif
