/* runner.c (svc): fetches out of the web processes: a FastCGI program that answered a save starts a detached runner (itself again with --fetch-runner, which hands over to the larder-runner helper: runner_run.c), which drains the fetch queue under a global cap of runner slots and exits. */
#define _GNU_SOURCE /* close_range */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "svc/jobs.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/slots.h"

static char self_exe[PATH_MAX];
static bool fetch_queued;   /* a save queued a fetch job since svc_fetch_queued_take last asked */

void svc_fetch_queued_note(void)
{
	fetch_queued = true;
}

bool svc_fetch_queued_take(void)
{
	bool was = fetch_queued;
	fetch_queued = false;
	return was;
}

void svc_runner_init(const char *argv0)
{
	ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
	const char *gone = " (deleted)";
	size_t gl = strlen(gone);

	if (n > 0) {
		self_exe[n] = '\0';
		/* upgraded under our feet: the old image is still reachable through /proc */
		if ((size_t)n > gl && strcmp(self_exe + n - gl, gone) == 0)
			snprintf(self_exe, sizeof self_exe, "/proc/self/exe");
		return;
	}
	if (!argv0 || !strchr(argv0, '/') || !realpath(argv0, self_exe))
		self_exe[0] = '\0';
}

/* a free runner slot (DATA_DIR/NAME-runner.I): its descriptor, or -1 when every slot is taken or none opens */
static int slot_take(const struct larder_config *cfg, unsigned n)
{
	int fd = slots_take(cfg, "runner", n);
	return fd < 0 ? -1 : fd;
}

/* the environment a runner gets: ours without a request's CGI variables (as plain CGI they hold the request's
 * headers, the API key and the session cookie among them); NULL when out of memory. The strings are environ's. */
static char **runner_env(void)
{
	static const char *const cgi[] = { "HTTP_", "HTTPS=", "CONTENT_", "QUERY_STRING=", "REQUEST_", "REMOTE_",
		"SCRIPT_", "SERVER_", "GATEWAY_INTERFACE=", "PATH_INFO=", "PATH_TRANSLATED=", "DOCUMENT_", "AUTH_TYPE=",
		"REDIRECT_", "CONTEXT_" };
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	if ((env = calloc(n + 1, sizeof *env)) == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		bool drop = false;
		for (size_t j = 0; j < sizeof cgi / sizeof cgi[0] && !drop; j++)
			drop = strncmp(environ[i], cgi[j], strlen(cgi[j])) == 0;
		if (!drop)
			env[k++] = environ[i];
	}
	return env;
}

/* in the grandchild: a session of its own, no terminal, standard streams on /dev/null (stderr kept when it is a
 * log file, so a runner's messages land beside the program's), every other descriptor closed (under spawn-fcgi
 * fd 0 is the FastCGI listen socket), then this program again in runner mode, with env. Async-signal-safe calls only. */
static void __attribute__((noreturn)) detach_exec(const char *config_path, char **env)
{
	char *argv[] = { self_exe, (char *)SVC_RUNNER_ARG, (char *)config_path, NULL };
	struct stat sb;
	int nul;

	setsid();
	nul = open("/dev/null", O_RDWR);
	if (nul < 0)
		_exit(127);
	dup2(nul, 0);
	dup2(nul, 1);
	if (fstat(2, &sb) != 0 || !(S_ISREG(sb.st_mode) || S_ISCHR(sb.st_mode)))
		dup2(nul, 2);
	if (close_range(3, ~0U, 0) != 0)
		for (int fd = 3; fd < 65536; fd++)
			close(fd);
	signal(SIGPIPE, SIG_DFL);
	execve(self_exe, argv, env);
	_exit(127);
}

/* when one of cfg->fetch_runners slots is free, start a runner (this program again with SVC_RUNNER_ARG,
 * detached) and return at once; when none is free, start nothing */
static void runner_start(const char *prog, const struct larder_config *cfg)
{
	static bool warned;
	char **env;
	pid_t pid;
	int fd = slot_take(cfg, cfg->fetch_runners);

	if (fd < 0) /* every slot busy: the runners holding them take this job when their fetch ends */
		return;
	close(fd); /* the runner takes a slot itself; a save racing us may take this one first, which is as good */
	if (!self_exe[0]) {
		if (!warned)
			fprintf(stderr, "%s: cannot find this program's executable: fetches wait for `larder worker`\n", prog);
		warned = true;
		return;
	}
	if ((env = runner_env()) == NULL || (pid = fork()) < 0) {
		fprintf(stderr, "%s: cannot start a fetch runner: %s\n", prog, strerror(errno));
		free(env);
		return;
	}
	if (pid == 0) {
		/* the runner is the child of a child that exits at once: init reaps it, never a zombie of ours */
		if (fork() == 0)
			detach_exec(cfg->path, env);
		_exit(0);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	free(env);
}

/* the response is out: a save queued a fetch, which a detached runner does (fetch_in_web), so the program
 * goes back to its requests at once; a separate worker, if any, simply finds less to do */
void svc_runner_after_request(const char *prog, const struct larder_config *cfg)
{
	if (svc_fetch_queued_take() && cfg->fetch_in_web)
		runner_start(prog, cfg);
}
