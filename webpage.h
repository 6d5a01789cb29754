/* webpage: the public site's pages as files (contract 16) — HTML escaping, the page frame with its shared
 * style sheet (the HTML sheet's colour-blind-safe colours), board pictures coloured, and writing a page into
 * the site's directory, through a temporary and a rename, only when its content changed. */
#ifndef GENETESS_WEBPAGE_H
#define GENETESS_WEBPAGE_H
#include <stdbool.h>
#include "util.h"

/* A site being written: its directory and what was done to it. */
typedef struct WebSite {
    char *dir;       /* the site's directory, as given (trailing slashes dropped) */
    int written;     /* pages written (new or changed) */
    int same;        /* pages found as they were, not written */
} WebSite;

/* Opens the site in dir: made (0755) when missing — its parent must exist — and it must then be a directory
 * and not a link. 0, or -1 with err (s holds nothing to free). */
int webpage_open(WebSite *s, const char *dir, Err *err);
/* Frees what s holds. */
void webpage_close(WebSite *s);
/* True when name may be a part of a path in the site: 1..64 characters of [A-Za-z0-9_.-], not starting with
 * '.' or '-' (board numbers, userids, map names). */
bool webpage_name_ok(const char *name);
/* Makes the site's directory rel (one name below the site, or two: "g/101"; each part webpage_name_ok) when
 * missing; an existing one must be a directory and not a link. 0, or -1 with err. */
int webpage_dir(WebSite *s, const char *rel, Err *err);
/* Whether the site's file rel (never read through a link) holds exactly the len bytes of page. */
bool webpage_holds(const WebSite *s, const char *rel, const char *page, size_t len);
/* Writes page (len bytes) as the site's file rel (a path made of webpage_name_ok parts whose directories
 * exist, webpage_dir) unless the file holds exactly that already: a temporary beside it (O_EXCL, never
 * through a link) renamed over it, 0644. Counts it in s. 0, or -1 with err (the temporary removed). */
int webpage_put(WebSite *s, const char *rel, const char *page, size_t len, Err *err);
/* Appends s (n bytes) with &, <, > and " escaped. */
void webpage_escn(Buf *out, const char *s, size_t n);
/* webpage_escn of the string s. */
void webpage_esc(Buf *out, const char *s);
/* Appends a page's opening: doctype, title (escaped), the phone's viewport, the shared style sheet at
 * root "style.css" (root: "" at the site's top, "../" one directory down, ...), the site's navigation and
 * the heading (the title again). */
void webpage_head(Buf *out, const char *root, const char *title);
/* Appends a page's end. */
void webpage_foot(Buf *out);
/* Appends the site's style sheet (style.css): the board's colours as html.c's (html_colour), for up to np
 * players (at least the palette's first). */
void webpage_style(Buf *out, int np);
/* Appends the board picture pic (n bytes: layout_board's or view_terrain's text) as a <pre class="board">
 * whose text is pic's, each piece, wall, interior wall and special in an element of its colour: a lowercase
 * letter a player's ("@", reader's), 'o' an orphan, '#' and '+' walls, '*' a special. */
void webpage_picture(Buf *out, const char *pic, size_t n, int reader);

#endif
