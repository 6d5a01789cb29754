/* users: etc/users, the host's registered players (see users.h). */
#include "users.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define USERID_LEN 32
#define PASSWORD_LEN 64
#define ADDRESS_MAX 254 /* RFC 5321 path limit */

/* ---------------------------------------------------------------- users */

/* One etc/users line split in place: id, password and address (after the last ':'). */
typedef struct UserLine {
    const char *id, *password, *address;
    size_t idlen, pwlen, addrlen;
} UserLine;

/* Splits line [p, end) (no newline). Returns false for blank, comment and malformed lines. */
static bool parse_user_line(const char *p, const char *end, UserLine *u)
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
    u->address = a;
    u->addrlen = (size_t)(ae - a);
    return true;
}

/* Case-insensitive comparison of the counted string a[0..n) with the C string b. */
static bool mem_ieq(const char *a, size_t n, const char *b)
{
    for (size_t i = 0; i < n; i++, b++)
        if (!*b || tolower((unsigned char)a[i]) != tolower((unsigned char)*b))
            return false;
    return *b == '\0';
}

/* Finds id in text; fills *u with its line. */
static bool find_user_line(const char *text, const char *id, UserLine *u)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        if (parse_user_line(p, end, u) && mem_ieq(u->id, u->idlen, id))
            return true;
        p = nl ? nl + 1 : end;
    }
    return false;
}

void users_free(User *u)
{
    free(u->address);
    u->address = NULL;
}

/* Fills *out from line u; false (out untouched) when its userid or password is too long for a User. */
static bool fill_user(User *out, const UserLine *u)
{
    if (u->idlen >= sizeof out->id || u->pwlen >= sizeof out->password)
        return false;
    memcpy(out->id, u->id, u->idlen);
    out->id[u->idlen] = '\0';
    memcpy(out->password, u->password, u->pwlen);
    out->password[u->pwlen] = '\0';
    out->address = xmalloc(u->addrlen + 1);
    memcpy(out->address, u->address, u->addrlen);
    out->address[u->addrlen] = '\0';
    return true;
}

int users_find_all(const Store *s, const char *const *ids, int n, User *out, Err *err)
{
    char *path = store_path(s, "etc/users");
    char *text = NULL;
    int rc = store_read_file(path, &text, NULL, err);
    free(path);
    bool *done = xcalloc((size_t)(n > 0 ? n : 1), sizeof *done); /* its first line found: taken or not */
    int left = 0;
    for (int i = 0; i < n; i++) {
        out[i] = (User){0};
        done[i] = !ids[i] || !*ids[i] || strlen(ids[i]) >= sizeof out[i].id;
        left += !done[i];
    }
    for (const char *p = rc == 0 ? text : ""; *p && left > 0;) { /* one pass over the file for them all */
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        UserLine u;
        bool parsed = parse_user_line(p, end, &u);
        for (int i = 0; i < n && parsed; i++)
            if (!done[i] && mem_ieq(u.id, u.idlen, ids[i])) {
                done[i] = true;
                left--;
                (void)fill_user(&out[i], &u);
            }
        p = nl ? nl + 1 : end;
    }
    free(done);
    free(text);
    return rc < 0 ? -1 : 0; /* 1: no users file, no users */
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
    return xasprintf("%s/var/auth/%s", s->home, low);
}

/* id's failed passwords in the window that holds now: its count, and when the window started (0 none). */
static int auth_failures(const Store *s, const char *id, int64_t now, int64_t *start)
{
    char *path = auth_path(s, id), *text = NULL;
    long long st = 0, n = 0;
    Err err;
    if (store_read_file(path, &text, NULL, &err) != 0 || sscanf(text, "%lld %lld", &st, &n) != 2 ||
        now - st >= USERS_AUTH_WINDOW || now < st)
        st = n = 0;
    free(text);
    free(path);
    *start = st;
    return (int)n;
}

/* Counts one more failed password for id at now. Returns the count in the window. */
static int auth_fail(const Store *s, const char *id, int64_t now)
{
    int64_t start;
    int n = auth_failures(s, id, now, &start) + 1;
    char *dir = xasprintf("%s/var/auth", s->home), *path = auth_path(s, id), line[64];
    Err err;
    (void)mkdir(dir, 0700);
    snprintf(line, sizeof line, "%lld %d\n", (long long)(start ? start : now), n);
    if (store_write_atomic(path, line, strlen(line), &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(dir);
    free(path);
    return n;
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
    int64_t start;
    bool own = !rq->by_mail || (rq->sender && str_ieq(rq->sender, u.address));
    if (!own && auth_failures(s, u.id, rq->now, &start) >= USERS_AUTH_FAILS) {
        char when[40];
        err_fail(err, "Too many wrong passwords for %s: until %s only mail from %s's own address is taken", u.id,
                 fmt_time(start + USERS_AUTH_WINDOW, when, sizeof when), u.id);
        users_free(&u);
        return -1;
    }
    if (!password || !*password || !str_ieq(u.password, password)) {
        *notify = auth_fail(s, u.id, rq->now) == USERS_AUTH_FAILS; /* the user is told once, when it starts */
        users_free(&u);
        return err_fail(err, "Invalid password entered");
    }
    *out = u;
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

int users_add(const Store *s, const char *id, const char *password, const char *address, Err *err)
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

    char *path = store_path(s, "etc/users");
    char *text = NULL;
    size_t len = 0;
    int rc = store_read_file(path, &text, &len, err);
    if (rc < 0)
        goto out;
    if (rc == 1) {
        text = xstrdup("");
        len = 0;
    }
    UserLine u;
    if (find_user_line(text, id, &u)) {
        rc = err_fail(err, "User %s already exists", id);
        goto out;
    }
    Buf b;
    buf_init(&b);
    buf_addn(&b, text, len);
    if (len > 0 && text[len - 1] != '\n')
        buf_add(&b, "\n");
    buf_printf(&b, "%s:%s:%s\n", id, password, address);
    rc = store_write_atomic(path, b.s, b.len, err);
    buf_free(&b);
out:
    free(text);
    free(path);
    return rc < 0 ? -1 : 0;
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
    if (!remove) {
        const char *c1 = u->password - 1, *addr = u->address;
        buf_addn(out, u->id, u->idlen);
        buf_add(out, ":");
        if (password)
            buf_add(out, password);
        else
            buf_addn(out, u->password, u->pwlen);
        /* the fields between the password and the address stay */
        const char *fields = c1 + 1 + u->pwlen;
        const char *last = addr;
        while (last > fields && last[-1] != ':')
            last--;
        buf_addn(out, fields, (size_t)(last - fields));
        if (address)
            buf_add(out, address);
        else
            buf_addn(out, u->address, u->addrlen);
        buf_add(out, "\n");
    }
    buf_add(out, after);
}

/* True when list is one or more addresses separated by commas, each one addr-spec (users_valid_address):
 * what `add` makes of a user's address (pbmserv's "several addresses may be separated by commas"). */
static bool valid_address_list(const char *list)
{
    size_t n = strlen(list);
    if (n == 0 || n > 4 * ADDRESS_MAX)
        return false;
    char *copy = xstrdup(list), *save = NULL;
    bool ok = list[0] != ',' && list[n - 1] != ',' && !strstr(list, ",,");
    for (char *a = strtok_r(copy, ",", &save); ok && a; a = strtok_r(NULL, ",", &save))
        ok = users_valid_address(a);
    free(copy);
    return ok;
}

int users_update(const Store *s, const char *id, const char *password, const char *address, bool remove,
                      Err *err)
{
    if (password && !valid_password(password))
        return err_fail(err, "Invalid password: use 1 to %d characters without spaces, quotes or colons",
                    PASSWORD_LEN);
    if (address && !valid_address_list(address))
        return err_fail(err, "Invalid address: it needs an '@' and no spaces or colons");
    char *path = store_path(s, "etc/users");
    char *text = NULL;
    int rc = store_read_file(path, &text, NULL, err);
    UserLine u;
    if (rc == 0 && find_user_line(text, id, &u)) {
        Buf b;
        buf_init(&b);
        rewrite_user_line(text, &u, password, address, remove, &b);
        rc = store_write_atomic(path, b.s ? b.s : "", b.len, err);
        buf_free(&b);
    } else if (rc >= 0) {
        rc = err_fail(err, "Invalid userid entered");
    }
    free(text);
    free(path);
    return rc < 0 ? -1 : 0;
}

