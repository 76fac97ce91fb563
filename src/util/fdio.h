/* fdio.h: writing a whole buffer to a file descriptor, through short writes and interrupted calls. */
#ifndef LARDER_FDIO_H
#define LARDER_FDIO_H
#include <stddef.h>

/* n bytes from p written to fd: 0 when all were, -1 (errno set; EIO for a write that wrote nothing) else */
int fd_write_all(int fd, const void *p, size_t n);

#endif
