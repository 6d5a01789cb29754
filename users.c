/* users: etc/users, the host's registered players (see users.h). */
#include "users.h"

#include "disk.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#define USERID_LEN 32
#define PASSWORD_LEN 64
#define ADDRESS_MAX 254 /* RFC 5321 path limit */
#define USERS_SNAP_MAX ((size_t)16 << 20) /* etc/users kept under the lock up to 16 MiB (users_scan) */

/* ---------------------------------------------------------------- users */

/* One etc/users line split in place: id, password, what lies between them and the address (the ':' after the
 * password and pbmserv's fields, each with its ':') and the address (after the last ':'). users_parse_line and
 * users_line_format are the line's one parse and format. */
typedef struct UserLine {
    const char *id, *password, *mid, *address;
    size_t idlen, pwlen, midlen, addrlen;
} UserLine;

/* Splits line [p, end) (no newline). Returns false for blank, comment and malformed lines. */
static bool users_parse_line(const char *p, const char *end, UserLine *u)
{
    if (end > p && end[-1] == '\r')
        end--;
    const char *q = p;
    while (q < end && isspace((unsigned char)*q))
        q++;
    if (q == end || *p == '#')
        return false;
    const char *c1 = memchr(p, ':', (size_t)(end - p));
    if (!c1)
        return false;
    const char *c2 = memchr(c1 + 1, ':', (size_t)(end - c1 - 1));
    if (!c2)
        return false;
    const char *last = c2;
    for (const char *r = c2 + 1; r < end; r++)
        if (*r == ':')
            last = r;
    const char *a = last + 1, *ae = end;
    while (a < ae && isspace((unsigned char)*a))
        a++;
    while (ae > a && isspace((unsigned char)ae[-1]))
        ae--;
    u->id = p;
    u->idlen = (size_t)(c1 - p);
    u->password = c1 + 1;
    u->pwlen = (size_t)(c2 - c1 - 1);
    u->mid = c2;
    u->midlen = (size_t)(last + 1 - c2);
    u->address = a;
    u->addrlen = (size_t)(ae - a);
    return true;
}

/* Appends the line of u with its newline to out: "id:password<mid>address". */
static void users_line_format(const UserLine *u, Buf *out)
{
    buf_addn(out, u->id, u->idlen);
    buf_add(out, ":");
    buf_addn(out, u->password, u->pwlen);
    buf_addn(out, u->mid, u->midlen);
    buf_addn(out, u->address, u->addrlen);
    buf_add(out, "\n");
}

/* Case-insensitive comparison of the counted string a[0..n) with the C string b. */
static bool mem_ieq(const char *a, size_t n, const char *b)
{
    for (size_t i = 0; i < n; i++, b++)
        if (!*b || tolower((unsigned char)a[i]) != tolower((unsigned char)*b))
            return false;
    return *b == '\0';
}

/* Calls visit(line, arg) for every line of etc/users in order (its own buffer: the file is read as a stream,
 * however large; a missing file has none), until visit returns false. Under the lock the file is read once
 * (s->users_snap: up to USERS_SNAP_MAX bytes are kept for the look-ups that follow, and read on to its end
 * after visit stops), and later scans read that copy. 0, or -1 with err. */
static int users_scan(const Store *s, bool (*visit)(const char *p, const char *end, void *arg), void *arg,
                      Err *err)
{
    StoreUsersSnap *snap = s->lockfd >= 0 ? s->users_snap : NULL; /* kept only while the lock is held */
    FILE *f = NULL;
    if (snap && snap->read) {
        if (!snap->len)
            return 0;
        f = fmemopen(snap->text, snap->len, "r");
        if (!f)
            return err_fail(err, "cannot read the users file: %s", strerror(errno));
        snap = NULL; /* read already */
    }
    char *path = f ? NULL : store_path(s, "etc/users");
    if (!f && s->tally)
        s->tally->users++;
    int fd = f ? -1 : open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    int rc = 0;
    if (path && fd < 0 && errno != ENOENT)
        rc = err_fail(err, "cannot read the users file: %s", strerror(errno));
    else if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(f = fdopen(fd, "r"))))
        rc = err_fail(err, "the users file is not a regular file");
    if (path && f)
        fd = -1;
    Buf copy; /* the file as read, for the snapshot */
    buf_init(&copy);
    bool keep = snap && rc == 0, more = true;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while (f && (more || keep) && (n = getline(&line, &cap, f)) >= 0) {
        if (keep && (copy.len + (size_t)n > USERS_SNAP_MAX || memchr(line, '\0', (size_t)n)))
            keep = false; /* too large to keep (or not text): the next scan reads the file again */
        else if (keep)
            buf_addn(&copy, line, (size_t)n);
        if (more && !visit(line, line + (n > 0 && line[n - 1] == '\n' ? n - 1 : n), arg))
            more = false;
    }
    if (f && ferror(f)) {
        rc = err_fail(err, "cannot read the users file: %s", strerror(errno));
        keep = false;
    }
    if (keep) {
        snap->read = true;
        snap->len = copy.len;
        snap->text = buf_take(&copy);
    }
    buf_free(&copy);
    free(line);
    if (f)
        fclose(f);
    if (fd >= 0)
        close(fd);
    free(path);
    return rc;
}

void users_free(User *u)
{
    free(u->address);
    u->address = NULL;
}

/* Fills *out from line u; false (out untouched) when its userid or password is too long for a User. A line
 * pbmserv wrote may hold several addresses separated by commas: mail goes to the first one only (one address
 * per user, contract 15). */
static bool fill_user(User *out, const UserLine *u)
{
    if (u->idlen >= sizeof out->id || u->pwlen >= sizeof out->password)
        return false;
    memcpy(out->id, u->id, u->idlen);
    out->id[u->idlen] = '\0';
    memcpy(out->password, u->password, u->pwlen);
    out->password[u->pwlen] = '\0';
    const char *comma = memchr(u->address, ',', u->addrlen);
    size_t n = comma ? (size_t)(comma - u->address) : u->addrlen;
    while (n > 0 && isspace((unsigned char)u->address[n - 1]))
        n--;
    out->address = xmalloc(n + 1);
    memcpy(out->address, u->address, n);
    out->address[n] = '\0';
    return true;
}

/* What users_find_all looks for while it scans. */
typedef struct FindAll {
    const char *const *ids;
    int n, left;
    User *out;
    bool *done; /* its first line found: taken or not */
} FindAll;

static bool find_visit(const char *p, const char *end, void *arg)
{
    FindAll *fa = arg;
    UserLine u;
    if (!users_parse_line(p, end, &u))
        return true;
    for (int i = 0; i < fa->n; i++)
        if (!fa->done[i] && mem_ieq(u.id, u.idlen, fa->ids[i])) {
            fa->done[i] = true;
            fa->left--;
            (void)fill_user(&fa->out[i], &u);
        }
    return fa->left > 0;
}

int users_find_all(const Store *s, const char *const *ids, int n, User *out, Err *err)
{
    FindAll fa = {ids, n, 0, out, xcalloc((size_t)(n > 0 ? n : 1), sizeof(bool))};
    for (int i = 0; i < n; i++) {
        out[i] = (User){0};
        fa.done[i] = !ids[i] || !*ids[i] || strlen(ids[i]) >= sizeof out[i].id;
        fa.left += !fa.done[i];
    }
    int rc = fa.left > 0 ? users_scan(s, find_visit, &fa, err) : 0; /* one pass over the file for them all */
    free(fa.done);
    if (rc < 0)
        for (int i = 0; i < n; i++)
            users_free(&out[i]);
    return rc;
}

int users_find(const Store *s, const char *id, User *out, Err *err)
{
    if (!id || !*id || strlen(id) >= sizeof out->id) /* no userid: not looked for */
        return 1;
    if (users_find_all(s, &id, 1, out, err) < 0)
        return -1;
    return out->address ? 0 : 1;
}

int users_auth(const Store *s, const char *id, const char *password, User *out, Err *err)
{
    if (!users_valid_id(id))
        return err_fail(err, "Invalid userid entered");
    User u;
    int rc = users_find(s, id, &u, err);
    if (rc < 0)
        return -1;
    if (rc == 1)
        return err_fail(err, "Invalid userid entered");
    if (!password || !*password || !str_ieq(u.password, password)) {
        users_free(&u);
        return err_fail(err, "Invalid password entered");
    }
    *out = u;
    return 0;
}

/* ---------------------------------------------------------------- failed passwords (contract 15) */

/* The file counting id's failed passwords: var/auth/<id in lower case> (a valid id is a safe file name). */
static char *auth_path(const Store *s, const char *id)
{
    char low[USERID_LEN + 1];
    size_t n = strlen(id);
    for (size_t i = 0; i <= n && i <= USERID_LEN; i++)
        low[i] = (char)tolower((unsigned char)id[i]);
    low[USERID_LEN] = '\0';
    char rel[sizeof "var/auth/" + USERID_LEN];
    snprintf(rel, sizeof rel, "var/auth/%s", low);
    return store_path(s, rel);
}

bool users_auth_parse(const char *line, UsersAuth *a)
{
    long long st = 0, ds = 0, nt = 0;
    int n = 0, dn = 0, k = sscanf(line, "%lld %d %lld %d %lld", &st, &n, &ds, &dn, &nt);
    *a = (UsersAuth){0};
    if ((k != 2 && k != 5) || st < 0 || n < 0 || ds < 0 || dn < 0 || nt < 0)
        return false;
    *a = (UsersAuth){st, n, ds, dn, nt};
    return true;
}

void users_auth_format(const UsersAuth *a, char *buf, size_t size)
{
    snprintf(buf, size, "%lld %d %lld %d %lld\n", (long long)a->start, a->n, (long long)a->day_start, a->day_n,
             (long long)a->noticed);
}

UsersAuth users_auth_read(const Store *s, const char *id, int64_t now)
{
    char *path = auth_path(s, id), *text = NULL;
    UsersAuth a = {0};
    Err err;
    if (disk_read_file(path, &text, NULL, &err) == 0)
        (void)users_auth_parse(text, &a);
    free(text);
    free(path);
    if (now - a.start >= USERS_AUTH_WINDOW || now < a.start)
        a.start = 0, a.n = 0;
    if (now - a.day_start >= USERS_AUTH_DAY || now < a.day_start)
        a.day_start = 0, a.day_n = 0;
    if (now < a.noticed)
        a.noticed = 0;
    return a;
}

/* Writes id's record (var/ made when missing: a command at the terminal may come before genetess mail). */
static void auth_write(const Store *s, const char *id, const UsersAuth *a)
{
    char *path = auth_path(s, id);
    char line[96];
    Err err;
    (void)store_make_dir(s, "var", &err); /* a failure shows in the write's */
    (void)store_make_dir(s, "var/auth", &err);
    users_auth_format(a, line, sizeof line);
    if (disk_write_atomic(path, line, strlen(line), &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(path);
}

/* Counts one more wrong password for id at now in both windows. True when the hour's lock starts with it (or
 * goes on) and the user had no notice in the last USERS_NOTICE_EVERY seconds: the notice is now theirs. */
static bool auth_fail(const Store *s, const char *id, int64_t now)
{
    UsersAuth a = users_auth_read(s, id, now);
    if (!a.start)
        a.start = now;
    if (!a.day_start)
        a.day_start = now;
    a.n++;
    a.day_n++;
    bool notify = a.n >= USERS_AUTH_FAILS && (!a.noticed || now - a.noticed >= USERS_NOTICE_EVERY);
    if (notify)
        a.noticed = now;
    auth_write(s, id, &a);
    return notify;
}

bool users_changes_locked(const Store *s, const char *id, int64_t now, int64_t *until)
{
    UsersAuth a = users_auth_read(s, id, now);
    *until = a.day_start + USERS_AUTH_DAY;
    return a.day_n >= USERS_AUTH_DAY_FAILS;
}

int users_login(const Store *s, const char *id, const char *password, const Request *rq, User *out,
                bool *notify, Err *err)
{
    *notify = false;
    User u;
    if (!users_valid_id(id))
        return err_fail(err, "Invalid userid entered");
    int rc = users_find(s, id, &u, err);
    if (rc != 0)
        return rc < 0 ? -1 : err_fail(err, "Invalid userid entered");
    if (users_check_password(s, &u, password, rq, notify, err) < 0) {
        users_free(&u);
        return -1;
    }
    *out = u;
    return 0;
}

int users_check_password(const Store *s, const User *u, const char *password, const Request *rq, bool *notify,
                         Err *err)
{
    *notify = false;
    /* contract 15.2: the registered address's password is always checked; others wait out a lock */
    bool registered = !rq->by_mail || (rq->sender && str_ieq(rq->sender, u->address));
    UsersAuth a = users_auth_read(s, u->id, rq->now);
    if (!registered && a.n >= USERS_AUTH_FAILS) {
        char when[40];
        return err_fail(err, "Too many wrong passwords for %s: until %s only mail from %s's own address is taken",
                        u->id, fmt_time(a.start + USERS_AUTH_WINDOW, when, sizeof when), u->id);
    }
    if (!password || !*password || !str_ieq(u->password, password)) {
        *notify = auth_fail(s, u->id, rq->now); /* counted whatever the From: (a forger's own address too) */
        return err_fail(err, "Invalid password entered");
    }
    return 0;
}

bool users_valid_id(const char *id)
{
    if (!id)
        return false;
    size_t n = 0;
    for (; id[n]; n++) {
        unsigned char c = (unsigned char)id[n];
        if (n >= USERID_LEN || !(isalnum(c) || c == '_' || c == '.' || c == '-'))
            return false;
    }
    /* ".", ".." and "-rf" are no userids (file names, options) */
    return n >= 1 && id[0] != '-' && id[0] != '.';
}

static bool valid_password(const char *pw)
{
    size_t n = strlen(pw);
    if (n < 1 || n > PASSWORD_LEN)
        return false;
    for (const char *p = pw; *p; p++)
        if (!isgraph((unsigned char)*p) || *p == '\'' || *p == '"' || *p == ':')
            return false;
    return true;
}

bool users_valid_address(const char *a)
{
    size_t n = 0, at = 0, ats = 0;
    for (; a[n]; n++) {
        unsigned char c = (unsigned char)a[n];
        if (n >= ADDRESS_MAX || !isgraph(c) || strchr(",<>\"'():;[]\\", c))
            return false;
        if (c == '@')
            at = n, ats++;
    }
    return ats == 1 && at > 0 && at + 1 < n;
}

/* What users_of_address looks for while it scans. */
typedef struct ByAddress {
    const char *address;
    char *id;
    size_t size;
    int found;
} ByAddress;

static bool users_address_visit(const char *p, const char *end, void *arg)
{
    ByAddress *ba = arg;
    UserLine u;
    User one = {0};
    if (!users_parse_line(p, end, &u) || !fill_user(&one, &u))
        return true;
    if (str_ieq(one.address, ba->address) && ba->found++ == 0)
        snprintf(ba->id, ba->size, "%s", one.id);
    users_free(&one);
    return ba->found < 2;
}

int users_of_address(const Store *s, const char *address, char *id, size_t size, Err *err)
{
    ByAddress ba = {address, id, size, 0};
    if (size)
        id[0] = '\0';
    return users_scan(s, users_address_visit, &ba, err) < 0 ? -1 : ba.found;
}

/* Counts the users in etc/users (users_count). */
static bool count_visit(const char *p, const char *end, void *arg)
{
    UserLine u;
    *(int64_t *)arg += users_parse_line(p, end, &u);
    return true;
}

int64_t users_count(const Store *s, Err *err)
{
    int64_t n = 0;
    return users_scan(s, count_visit, &n, err) < 0 ? -1 : n;
}

int users_check_new(const char *id, const char *password, const char *address, Err *err)
{
    if (!users_valid_id(id))
        return err_fail(err, "Invalid userid: use 1 to %d letters, digits, '_', '.' or '-', not starting with '-' or '.'",
                        USERID_LEN);
    if (!password || !valid_password(password))
        return err_fail(err, "Invalid password: use 1 to %d printable characters without spaces, quotes or colons",
                        PASSWORD_LEN);
    if (!address || !users_valid_address(address))
        return err_fail(err, "Invalid address: use one address local@domain of at most %d characters, without "
                             "spaces, commas, quotes, colons or brackets", ADDRESS_MAX);
    return 0;
}

void users_skeleton(const char *id, char *out, size_t size)
{
    size_t k = 0;
    for (const char *p = id; *p && k + 1 < size; p++) {
        char c = (char)tolower((unsigned char)*p), d = (char)tolower((unsigned char)p[1]);
        if (c == '_' || c == '-' || c == '.')
            continue;
        if ((c == 'r' && d == 'n') || (c == 'v' && d == 'v')) {
            out[k++] = c == 'r' ? 'm' : 'w';
            p++;
            continue;
        }
        out[k++] = c == 'i' || c == '1' || c == '|' ? 'l' : c == '0' ? 'o' : c;
    }
    out[k] = '\0';
}

void users_domain(const char *address, char *out, size_t size)
{
    const char *at = strrchr(address, '@');
    const char *d = at ? at + 1 : "";
    size_t n = strlen(d);
    while (n > 0 && d[n - 1] == '.')
        n--;
    if (n >= size)
        n = size - 1;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)tolower((unsigned char)d[i]);
    out[n] = '\0';
}

/* What users_signup_check looks for while it scans. */
typedef struct SignupLook {
    const char *id;
    char skel[USERID_LEN + 1];
    int64_t count;
    char clash[USERID_LEN + 1]; /* the existing userid, when found */
    bool exact;
} SignupLook;

static bool signup_visit(const char *p, const char *end, void *arg)
{
    SignupLook *sl = arg;
    UserLine u;
    if (!users_parse_line(p, end, &u))
        return true;
    sl->count++;
    if (sl->exact || u.idlen > USERID_LEN)
        return true;
    char id[USERID_LEN + 1], skel[USERID_LEN + 1];
    memcpy(id, u.id, u.idlen);
    id[u.idlen] = '\0';
    sl->exact = str_ieq(id, sl->id);
    if (sl->exact || !*sl->clash) {
        users_skeleton(id, skel, sizeof skel);
        if (sl->exact || !strcmp(skel, sl->skel))
            snprintf(sl->clash, sizeof sl->clash, "%s", id);
    }
    return true;
}

int users_signup_check(const Store *s, const char *id, int64_t *count, Err *err)
{
    SignupLook sl = {.id = id};
    users_skeleton(id, sl.skel, sizeof sl.skel);
    if (users_scan(s, signup_visit, &sl, err) < 0)
        return -1;
    if (count)
        *count = sl.count;
    if (sl.exact)
        err_fail(err, "User %s already exists", id);
    else if (*sl.clash) /* contract 2.2: aIice beside alice */
        err_fail(err, "Userid %s is too like the existing userid %s", id, sl.clash);
    return *sl.clash ? 1 : 0;
}

int users_add(const Store *s, const char *id, const char *password, const char *address, Err *err)
{
    return users_add_within(s, id, password, address, -1, NULL, err);
}

int users_add_within(const Store *s, const char *id, const char *password, const char *address, int64_t max,
                     int64_t *count, Err *err)
{
    if (users_check_new(id, password, address, err) < 0)
        return 1;
    int64_t users = 0;
    int taken = users_signup_check(s, id, &users, err);
    if (taken != 0)
        return taken;
    if (count)
        *count = users;
    if (max >= 0 && users >= max)
        return USERS_FULL;
    /* appended, not rewritten: a signup costs the same however many users there are */
    char *path = store_path(s, "etc/users");
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    free(path);
    struct stat st;
    char last = '\n';
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        err_fail(err, "cannot write the users file: %s", fd < 0 ? strerror(e) : "not a regular file");
        return -2;
    }
    if (st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) != 1)
        last = '\n';
    UserLine u = {id, password, ":", address, strlen(id), strlen(password), 1, strlen(address)};
    Buf line;
    buf_init(&line);
    if (last != '\n')
        buf_add(&line, "\n");
    users_line_format(&u, &line);
    int rc = fd_write_all(fd, line.s, line.len) < 0 || fsync(fd) < 0 ? -2 : 0;
    if (rc < 0)
        err_fail(err, "cannot write the users file: %s", strerror(errno));
    store_users_forget(s); /* the look-ups that follow read the file with its new line */
    buf_free(&line);
    close(fd);
    return rc;
}

/* The text of etc/users with id's line replaced by "id:password:<fields>:address" (NULL: kept), or
 * dropped when remove is set; other lines as they are. */
static void rewrite_user_line(const char *text, const UserLine *u, const char *password, const char *address,
                              bool remove, Buf *out)
{
    size_t before = (size_t)(u->id - text);
    buf_addn(out, text, before);
    const char *nl = strchr(u->id, '\n');
    const char *after = nl ? nl + 1 : u->id + strlen(u->id);
    if (!remove) { /* the fields between the password and the address stay */
        UserLine v = *u;
        if (password)
            v.password = password, v.pwlen = strlen(password);
        if (address)
            v.address = address, v.addrlen = strlen(address);
        users_line_format(&v, out);
    }
    buf_add(out, after);
}

/* users_update's pass: every line copied to out, id's line (the first) rewritten or dropped. */
typedef struct Update {
    const char *id, *password, *address;
    bool remove, found;
    Buf out;
} Update;

static bool update_visit(const char *p, const char *end, void *arg)
{
    Update *up = arg;
    UserLine u;
    if (!up->found && users_parse_line(p, end, &u) && mem_ieq(u.id, u.idlen, up->id)) {
        char *line = xasprintf("%.*s\n", (int)(end - p), p);
        UserLine v;
        users_parse_line(line, line + (end - p), &v);
        rewrite_user_line(line, &v, up->password, up->address, up->remove, &up->out);
        free(line);
        up->found = true;
        return true;
    }
    buf_addn(&up->out, p, (size_t)(end - p));
    buf_add(&up->out, "\n");
    return true;
}

int users_update(const Store *s, const char *id, const char *password, const char *address, bool remove,
                      Err *err)
{
    if (password && !valid_password(password))
        return err_fail(err, "Invalid password: use 1 to %d characters without spaces, quotes or colons",
                    PASSWORD_LEN);
    if (address && !users_valid_address(address))
        return err_fail(err, "Invalid address: use one address local@domain of at most %d characters, without "
                             "spaces, commas, quotes, colons or brackets", ADDRESS_MAX);
    Update up = {id, password, address, remove, false, {0}};
    buf_init(&up.out);
    int rc = users_scan(s, update_visit, &up, err);
    if (rc == 0 && !up.found)
        rc = err_fail(err, "Invalid userid entered");
    if (rc == 0) {
        char *path = store_path(s, "etc/users");
        rc = disk_write_atomic(path, up.out.s ? up.out.s : "", up.out.len, err);
        store_users_forget(s); /* the look-ups that follow read the file as it is now */
        if (rc < 0) { /* the reason names the server's path: the log has it, the reply never (contract 15) */
            fprintf(stderr, "genetess: %s\n", err->msg);
            err_fail(err, "cannot write the users file");
        }
        free(path);
    }
    buf_free(&up.out);
    return rc < 0 ? -1 : 0;
}


/* ---------------------------------------------------------------- requests waiting for confirmation */

/* The words of etc/pending's kinds, indexed by PendingKind (the record's own keywords). */
static const char *const users_pending_words[PENDING_COUNT] = {"signup", "oldaddr", "newaddr", "password"};

/* The PendingKind a line's first field names, or -1 for another word. */
static int users_pending_kind(const char *word)
{
    for (int k = 0; k < PENDING_COUNT; k++)
        if (!strcmp(word, users_pending_words[k]))
            return k;
    return -1;
}

bool users_pending_parse(const char *text, UsersPending *p)
{
    char line[1024], *f[8], *save = NULL;
    if (strlen(text) >= sizeof line)
        return false;
    snprintf(line, sizeof line, "%s", text);
    int n = 0;
    for (char *t = strtok_r(line, ":", &save); t && n < 8; t = strtok_r(NULL, ":", &save))
        f[n++] = t;
    long long created;
    if (n == 7)
        f[n++] = (char *)"-";
    int kind = n == 8 ? users_pending_kind(f[0]) : -1;
    if (kind < 0 || strlen(f[1]) >= sizeof p->id ||
        strlen(f[2]) >= sizeof p->password || strlen(f[3]) >= sizeof p->address || strlen(f[4]) >= sizeof p->token ||
        strlen(f[6]) >= sizeof p->requester || strlen(f[7]) >= sizeof p->target || sscanf(f[5], "%lld", &created) != 1)
        return false;
    p->kind = (PendingKind)kind;
    snprintf(p->id, sizeof p->id, "%s", f[1]);
    snprintf(p->password, sizeof p->password, "%s", strcmp(f[2], "-") ? f[2] : "");
    snprintf(p->address, sizeof p->address, "%s", f[3]);
    snprintf(p->token, sizeof p->token, "%s", f[4]);
    p->created = created;
    snprintf(p->requester, sizeof p->requester, "%s", f[6]);
    snprintf(p->target, sizeof p->target, "%s", strcmp(f[7], "-") ? f[7] : "");
    return true;
}

int users_pending_read(const Store *s, int64_t now, UsersPending **out, Err *err)
{
    char *path = store_path(s, "etc/pending"), *text = NULL;
    int rc = disk_read_file(path, &text, NULL, err);
    free(path);
    *out = NULL;
    if (rc < 0)
        return -1;
    int n = 0, cap = 0;
    char *save = NULL;
    for (char *l = rc == 0 ? strtok_r(text, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        UsersPending p;
        if (!users_pending_parse(l, &p) || now - p.created >= USERS_PENDING_TTL || p.created > now)
            continue; /* expired (or malformed): gone */
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            *out = xrealloc(*out, (size_t)cap * sizeof **out);
        }
        (*out)[n++] = p;
    }
    free(text);
    return n;
}

void users_pending_format(const UsersPending *p, Buf *b)
{
    buf_printf(b, "%s:%s:%s:%s:%s:%lld:%s:%s\n", users_pending_words[p->kind], p->id, *p->password ? p->password : "-",
               p->address, p->token, (long long)p->created, p->requester, *p->target ? p->target : "-");
}

int users_pending_write(const Store *s, const UsersPending *v, int n, Err *err)
{
    Buf b;
    buf_init(&b);
    for (int i = 0; i < n; i++)
        users_pending_format(&v[i], &b);
    char *path = store_path(s, "etc/pending");
    int rc = disk_write_atomic(path, b.s ? b.s : "", b.len, err);
    free(path);
    buf_free(&b);
    return rc;
}

void users_token(char token[17])
{
    snprintf(token, 17, "%016llx", (unsigned long long)fd_random64());
}

/* ---------------------------------------------------------------- a day's records (contract 15.3) */

static const char *const day_files[] = {[USERS_DAY_SIGNUPS] = "var/signups", [USERS_DAY_CONFIRMS] = "var/confirms"};

bool users_day_parse(const char *line, UsersDayLine *r)
{
    long long at;
    int end = 0;
    char key[255];
    if (sscanf(line, "%lld %254s%n", &at, key, &end) != 2 || (line[end] && line[end] != '\n'))
        return false;
    r->at = at;
    snprintf(r->key, sizeof r->key, "%s", key);
    return true;
}

void users_day_format(const UsersDayLine *r, Buf *b)
{
    buf_printf(b, "%lld %s\n", (long long)r->at, *r->key ? r->key : "-");
}

/* One pass over file f: *all gets its records of the day before now, *with_key (when non-NULL) those of key;
 * keep (when non-NULL) gets their lines. 0, or -1 with err. */
static int day_scan(const Store *s, UsersDayFile f, int64_t now, const char *key, int *with_key, int *all, Buf *keep,
                    Err *err)
{
    char *path = store_path(s, day_files[f]), *text = NULL;
    int rc = disk_read_file(path, &text, NULL, err);
    free(path);
    if (rc < 0)
        return -1;
    *all = 0;
    if (with_key)
        *with_key = 0;
    char *save = NULL;
    for (char *l = rc == 0 ? strtok_r(text, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        UsersDayLine r;
        if (!users_day_parse(l, &r) || now - r.at >= 86400 || r.at > now)
            continue; /* a day old (or malformed): gone */
        (*all)++;
        if (with_key && key && !strcmp(r.key, key))
            (*with_key)++;
        if (keep)
            users_day_format(&r, keep);
    }
    free(text);
    return 0;
}

int users_day_count(const Store *s, UsersDayFile f, int64_t now, const char *key, int *with_key, int *all, Err *err)
{
    return day_scan(s, f, now, key, with_key, all, NULL, err);
}

int users_day_note(const Store *s, UsersDayFile f, int64_t now, const char *key, Err *err)
{
    Buf b;
    buf_init(&b);
    int all;
    int rc = day_scan(s, f, now, NULL, NULL, &all, &b, err);
    if (rc == 0) {
        UsersDayLine r = {now, ""};
        snprintf(r.key, sizeof r.key, "%s", key);
        users_day_format(&r, &b);
        char *path = store_path(s, day_files[f]);
        (void)store_make_dir(s, "var", err); /* a failure shows in the write's */
        rc = disk_write_atomic(path, b.s, b.len, err);
        free(path);
    }
    buf_free(&b);
    return rc;
}
