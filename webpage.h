/* webpage: the public site's pages as files (contract 16) — HTML escaping, the page frame with its shared
 * style sheet (the HTML sheet's colour-blind-safe colours), board pictures coloured, writing a page into
 * the site's directory, through a temporary and a rename, only when its content changed, and the site's
 * manifest: the files a run wrote, so that the next one removes those it no longer writes. */
#ifndef GENETESS_WEBPAGE_H
#define GENETESS_WEBPAGE_H
#include <stdbool.h>
#include "util.h"

/* The site's manifest, in its directory: "genetess web manifest 1", then the files the last run wrote or
 * kept, one name a line (below the site, as webpage_put names them), sorted. */
#define WEBPAGE_MANIFEST ".genetess-manifest"
/* The file in the site's directory one run at a time holds an fcntl lock on while it writes the site. */
#define WEBPAGE_LOCK ".genetess-lock"
/* The directory of the site where a page is written before it is renamed into place; emptied by each run
 * under the site's lock, so that a run stopped between the two leaves nothing for long (contract 16). */
#define WEBPAGE_TMP ".genetess-tmp"
/* webpage_open: another run writes the site. */
#define WEBPAGE_BUSY (-2)
/* webpage_open: something not a regular file (a FIFO, a device, a directory) stands where the site's manifest
 * goes: never read nor replaced, the run stops there (contract 16). */
#define WEBPAGE_STUCK (-3)

/* What a run tells its watch (the tests'): a board read from the store (what: its number), a page about to
 * be compared and written (what: its name below the site), the site's own files read or swept as it is
 * opened (what: WEBPAGE_TMP, WEBPAGE_MANIFEST). */
typedef enum WebEvent { WEB_READ, WEB_WRITE, WEB_SITE } WebEvent;
typedef struct WebWatch {
    void (*seen)(void *arg, WebEvent ev, const char *what);
    void *arg;
} WebWatch;

/* A site being written: its directory and what was done to it. */
typedef struct WebSite {
    char *dir;       /* the site's directory, as given (trailing slashes dropped) */
    int written;     /* pages written (new or changed) */
    int same;        /* pages found as they were, not written */
    int removed;     /* files of the last run's manifest no longer written, removed (webpage_finish) */
    StrList old;     /* the manifest the last run left, sorted (empty when none or unreadable) */
    StrList made;    /* this run's files: written, found as they were, or kept (webpage_keep) */
    const WebWatch *watch; /* NULL, or told of each read and write */
    int lockfd;      /* the site's lock (WEBPAGE_LOCK), held until webpage_close */
    int tmpseq;      /* the temporaries written so far (their names in WEBPAGE_TMP) */
    int swept;       /* temporaries a stopped run left, removed by webpage_open */
} WebSite;

/* Opens the site in dir: made (0755) when missing — its parent must exist — and it must then be a directory
 * and not a link; takes the site's lock (no wait), empties WEBPAGE_TMP and reads its manifest (neither
 * through a link, and nothing that is not a regular file: no open blocks), telling watch (NULL: none) of
 * each. 0, -1 with err, WEBPAGE_BUSY with err when another run holds the site's lock, or WEBPAGE_STUCK with
 * err when the manifest is not a regular file (s holds nothing to free unless 0). */
int webpage_open(WebSite *s, const char *dir, const WebWatch *watch, Err *err);
/* Lets go of the site's lock and frees what s holds. */
void webpage_close(WebSite *s);
/* Tells s's watch, if any, of ev on what. */
void webpage_seen(const WebSite *s, WebEvent ev, const char *what);
/* Counts the site's file rel (webpage_name_ok parts) as this run's without writing it: a page known to be as
 * it was (a finished game's steps). */
void webpage_keep(WebSite *s, const char *rel);
/* webpage_keep of every file of the last run's manifest whose name starts with prefix ("g/101/": the pages of
 * a board that could not be read this time stay). */
void webpage_keep_under(WebSite *s, const char *prefix);
/* Whether the last run's manifest names the site's file rel (it was written or kept then). */
bool webpage_listed(const WebSite *s, const char *rel);
/* Ends the run: when complete, removes each file of the last manifest that this run did not count (never a
 * file not in it, nor outside the site: no link is followed on the way, a link in a page's place is removed
 * itself), then a directory left empty below the top level ("g/101"); a file that cannot be removed stays in
 * the manifest, its reason on stderr. Then writes the manifest: this run's files (when not complete, with the
 * last manifest's as well, and nothing is removed), through a temporary renamed over it, unless it holds that
 * already. 0, or -1 with err. */
int webpage_finish(WebSite *s, bool complete, Err *err);
/* True when name may be a part of a path in the site: 1..64 characters of [A-Za-z0-9_.-], not starting with
 * '.' or '-' (board numbers, userids, map names). */
bool webpage_name_ok(const char *name);
/* Makes the site's directory rel (one name below the site, or two: "g/101"; each part webpage_name_ok) when
 * missing; an existing one must be a directory and not a link. 0, or -1 with err. */
int webpage_dir(WebSite *s, const char *rel, Err *err);
/* Whether the site's file rel (never read through a link, nor opened when it is not a regular file) holds
 * exactly the len bytes of page. */
bool webpage_holds(const WebSite *s, const char *rel, const char *page, size_t len);
/* Writes page (len bytes) as the site's file rel (a path made of webpage_name_ok parts whose directories
 * exist, webpage_dir) unless the file holds exactly that already: a temporary beside it (O_EXCL, never
 * through a link) renamed over it, 0644. Counts it in s. 0, or -1 with err (the temporary removed; or
 * something not a regular file stands there — a directory, a FIFO, a device —, neither read nor replaced). */
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
