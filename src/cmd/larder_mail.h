/* larder_mail.h: the `larder mail` command: one message on standard input delivered to a newsletter address, for an MTA's pipe. */
#ifndef LARDER_CMD_MAIL_H
#define LARDER_CMD_MAIL_H

#define LARDER_MAIL_USAGE "larder [-c CONF] mail [--config CONF] [--recipient ADDRESS]... < MESSAGE"

/* conf: the -c given before `mail` (NULL: none); argv holds what follows `mail`. The exit status is the
 * MTA's (sysexits.h): 0 delivered (or kept, or a duplicate), 64 usage, 65 unreadable MIME, 67 no such
 * address, 69 larger than mail_max_bytes, 75 configuration or database unavailable (try again later) */
int larder_cmd_mail(const char *conf, int argc, char **argv);
#endif
