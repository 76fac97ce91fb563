/* cgi_start.c: the CGI start-up benchmark's driver: runs a program N times as a CGI would (body on stdin) and prints the children's CPU and wall time. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double tv_ms(struct timeval tv)
{
	return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

/* usage: cgi_start N BODYFILE OUTFILE PROGRAM [ARG...]; the CGI variables come from our environment.
 * Prints "user_ms sys_ms wall_ms" summed over the N runs; the last run's answer is left in OUTFILE. */
int main(int argc, char **argv)
{
	struct timespec t0, t1;
	double user = 0, sys = 0;
	int n;

	if (argc < 5 || (n = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: cgi_start N BODYFILE OUTFILE PROGRAM [ARG...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < n; i++) {
		struct rusage ru;
		int status;
		pid_t pid = fork();

		if (pid < 0) {
			perror("cgi_start: fork");
			return 1;
		}
		if (pid == 0) {
			int in = open(argv[2], O_RDONLY), out = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0)
				_exit(127);
			execv(argv[4], argv + 4);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0) {
			perror("cgi_start: wait4");
			return 1;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "cgi_start: %s failed (status %d)\n", argv[4], status);
			return 1;
		}
		user += tv_ms(ru.ru_utime);
		sys += tv_ms(ru.ru_stime);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.1f %.1f %.1f\n", user, sys, (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
	return 0;
}
