/* fdio.c: fd_write_all, the loop every writer of a whole buffer to a file or pipe shares. */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "util/fdio.h"

int fd_write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n) {
		ssize_t w = write(fd, c, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}
