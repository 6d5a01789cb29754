/* Bench timer: run COMMAND... with stdout and stderr to /dev/null; print "<wall ns> <peak RSS KiB>" of
 * the child (CLOCK_MONOTONIC around fork..wait4; ru_maxrss from wait4). Exit status: the child's. */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: run COMMAND [ARG...]\n");
        return 2;
    }
    struct timespec t0, t1;
    struct rusage ru;
    int status = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        perror("run");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    printf("%lld %ld\n", ns, ru.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
