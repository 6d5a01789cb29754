/* genetess: main() — the one place that reads the environment: it builds the host's settings (the Host: home,
 * mailer, From:, limits) and the command's Request (sender, Message-ID, body, time; contract section 1) and hands
 * them with argv to the command table, or to the mail front for `mail` and `multiple`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "commands.h"
#include "disk.h"
#include "mailfront.h"
#include "store.h"
#include "util.h"

/* The usage: one line, then every command's arguments from the command table (jq's habit). */
static void usage(FILE *f)
{
    fputs("usage: genetess COMMAND [ARGS...]   (genetess help commands; genetess --version)\n", f);
    for (const Command *c = command_table; c->name; c++)
        fprintf(f, "  genetess %s\n", c->usage);
    /* what main() itself handles, outside the table (contract 1, 2.1) */
    fputs("  genetess multiple   (each line of the mail body a command)\n"
          "  genetess mail [--home=DIR] [--config=FILE]   (one message on stdin)\n"
          "  genetess --help | -h | --version\n",
          f);
}

/* The environment's value of name, NULL when unset or empty. */
static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

/* The host's settings from the environment (contract section 1). *home_buf gets what the host borrows that is
 * not the environment's own (the caller frees it). */
static Host env_host(char **home_buf)
{
    int64_t v;
    Host host = request_host_init();
    *home_buf = NULL;
    host.home = env("PBMHOME");
    const char *h = env("HOME");
    if (!host.home && h) { /* the default home, $HOME/.genetess, for every command alike */
        *home_buf = xasprintf("%s%s.genetess", h, h[strlen(h) - 1] == '/' ? "" : "/");
        host.home = *home_buf;
        host.home_is_default = true;
    }
    host.mailer = env("PBMSENDMAIL");
    host.from = env("PBMFROM");
    host.admin = env("PBMADMIN");
    host.rate = env("PBMRATE");
    host.max_size = env("PBMMAXSIZE");
    const char *wait = env("GENETESS_LOCK_WAIT");
    if (wait && parse_i64(wait, &v))
        host.lock_wait = v;
    const char *users = env("PBMMAXUSERS"), *pending = env("PBMMAXPENDING");
    if (users && parse_i64(users, &v))
        host.max_users = v;
    if (pending && parse_i64(pending, &v))
        host.max_pending = v;
    return host;
}

/* The request of this process from the environment (contract section 1). *body gets what the request borrows
 * that is not the environment's own (the caller frees it). */
static Request env_request(char **body)
{
    int64_t v;
    const char *now = env("GENETESS_NOW");
    Request rq = request_init(now && parse_i64(now, &v) ? v : (int64_t)time(NULL));
    *body = NULL;
    rq.sender = getenv("SENDER"); /* an empty one is a sender that cannot be mailed (stderr says so) */
    rq.by_mail = rq.sender != NULL; /* the host runs a mailed command with SENDER set (contract 1.1) */
    rq.message_id = env("MESSAGEID");
    const char *input = env("INPUTFILE");
    Err err;
    if (input && disk_read_file(input, body, NULL, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        *body = NULL;
    }
    rq.body = *body;
    return rq;
}

int main(int argc, char **argv)
{
    umask(077); /* contract 9: what the program makes under its home (boards, etc/users, mail) is its owner's alone */
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("genetess " GENETESS_VERSION);
        return 0;
    }
    char *home, *body;
    Host host = env_host(&home);
    Request rq = env_request(&body);
    int rc;
    if (str_ieq(argv[1], "mail"))
        rc = mailfront_main(&host, &rq, argc - 2, argv + 2, stdin);
    else if (str_ieq(argv[1], "multiple"))
        rc = mailfront_multiple(&host, &rq, argc - 2, argv + 2);
    else
        rc = command_run(&host, &rq, argc - 1, argv + 1, NULL);
    free(home);
    free(body);
    return rc;
}
