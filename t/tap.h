/* tap.h: a minimal TAP producer for C unit tests (plan at the end, diagnostics on failure). */
#ifndef LARDER_TAP_H
#define LARDER_TAP_H
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static int tap_n, tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) tap_is_int((int64_t)(got), (int64_t)(want), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(got, want, ...) tap_is_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)
/* substring check, handy for error messages and JSON bodies */
#define like(got, needle, ...) tap_like((got), (needle), __FILE__, __LINE__, __VA_ARGS__)

__attribute__((format(printf, 4, 5), unused))
static int tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	tap_n++;
	printf("%s %d - ", pass ? "ok" : "not ok", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failed++;
		printf("#   Failed test at %s line %d\n", file, line);
	}
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 5, 6), unused))
static int tap_is_int(int64_t got, int64_t want, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int pass = got == want;
	tap_n++;
	printf("%s %d - ", pass ? "ok" : "not ok", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failed++;
		printf("#   Failed test at %s line %d\n#          got: %lld\n#     expected: %lld\n", file, line,
		       (long long)got, (long long)want);
	}
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 5, 6), unused))
static int tap_is_str(const char *got, const char *want, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int pass = (got == NULL && want == NULL) || (got && want && strcmp(got, want) == 0);
	tap_n++;
	printf("%s %d - ", pass ? "ok" : "not ok", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failed++;
		printf("#   Failed test at %s line %d\n#          got: '%s'\n#     expected: '%s'\n", file, line,
		       got ? got : "(null)", want ? want : "(null)");
	}
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 5, 6), unused))
static int tap_like(const char *got, const char *needle, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int pass = got && needle && strstr(got, needle) != NULL;
	tap_n++;
	printf("%s %d - ", pass ? "ok" : "not ok", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failed++;
		printf("#   Failed test at %s line %d\n#          got: '%s'\n#   should hold: '%s'\n", file, line,
		       got ? got : "(null)", needle ? needle : "(null)");
	}
	fflush(stdout);
	return pass;
}

/* print the plan; the exit status says whether everything passed */
__attribute__((unused)) static int done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
#endif
