/* genetess: main() — argv -> command table -> pipeline (SPEC 2); `mail` and `multiple` -> the mail front. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "mailfront.h"
#include "util.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: genetess COMMAND [ARGS...]   (genetess help commands)\n", stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "mail") == 0)
        return mailfront_main(argc - 2, argv + 2);
    if (str_ieq(argv[1], "multiple"))
        return mailfront_multiple(argc - 2, argv + 2);
    return command_run(argc - 1, argv + 1);
}
