/* cpu_clock.h: CPU seconds of this process, the clock of the extraction benches (steadier than wall time on a shared machine). */
#ifndef LARDER_BENCH_CPU_CLOCK_H
#define LARDER_BENCH_CPU_CLOCK_H
#include <time.h>

/* Node's side measures the same way (process.cpuUsage(), bench/extract_common.mjs) */
static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
#endif
