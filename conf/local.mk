# conf/local.mk: installs the annotated larder.conf, the web server / systemd samples and the man pages with the configured paths, and makes the data folder.
# The files in conf/ spell the default prefix (/usr/local); `make install` rewrites those paths to
# the configured directories. larder.conf.sample goes next to where larder.conf is read
# ($(sysconfdir)/larder), the server snippets and the unit to $(docdir)/examples.
CONF_SAMPLES = conf/larder.conf.sample
CONF_EXAMPLES = conf/nginx-larder.conf conf/lighttpd-larder.conf conf/apache-larder.conf \
	conf/larder-graphql.service conf/larder-auth.service conf/larder-save.service conf/larder-worker.service
# newsletters: mail delivered to `larder mail` by Postfix or Exim
CONF_EXAMPLES += conf/postfix-larder.conf conf/exim-larder.conf
# shared hosting: the .htaccess of the web folder (README, "Shared hosting")
CONF_EXAMPLES += conf/htaccess-larder
EXTRA_DIST += $(CONF_SAMPLES) $(CONF_EXAMPLES)
larderconfdir = $(sysconfdir)/larder
examplesdir = $(docdir)/examples

conf_subst = sed -e 's|/usr/local/libexec/larder|$(fcgidir)|g' \
	-e 's|/usr/local/share/doc/larder|$(docdir)|g' \
	-e 's|/usr/local/etc/larder|$(sysconfdir)/larder|g' \
	-e 's|/usr/local/var/lib/larder|$(localstatedir)/lib/larder|g' \
	-e 's|/usr/local/share/larder|$(pkgdatadir)|g' \
	-e 's|/usr/local/bin/|$(bindir)/|g'

# the man pages spell the default prefix too: installed through the same substitution
MAN_PAGES = man/larder.1 man/graphql.fcgi.8 man/auth.fcgi.8 man/save.fcgi.8 man/larder.conf.5
EXTRA_DIST += $(MAN_PAGES)

install-data-local: install-conf-samples install-man-pages install-data-dir
# the default database's folder (larder.conf's database, data_dir): made here, owned by root; README's
# Deploying section gives it to the user the programs run as
install-data-dir:
	$(MKDIR_P) '$(DESTDIR)$(localstatedir)/lib/larder'
install-man-pages:
	for f in $(MAN_PAGES); do \
		sec=$${f##*.}; \
		$(MKDIR_P) '$(DESTDIR)$(mandir)/man'$$sec || exit 1; \
		$(conf_subst) '$(srcdir)/'$$f > '$(DESTDIR)$(mandir)/man'$$sec/$${f#man/} || exit 1; \
	done
install-conf-samples:
	$(MKDIR_P) '$(DESTDIR)$(larderconfdir)' '$(DESTDIR)$(examplesdir)'
	for f in $(CONF_SAMPLES); do \
		$(conf_subst) '$(srcdir)/'$$f > '$(DESTDIR)$(larderconfdir)/'$${f#conf/} || exit 1; \
	done
	for f in $(CONF_EXAMPLES); do \
		$(conf_subst) '$(srcdir)/'$$f > '$(DESTDIR)$(examplesdir)/'$${f#conf/} || exit 1; \
	done

uninstall-local: uninstall-conf-samples uninstall-man-pages
uninstall-man-pages:
	for f in $(MAN_PAGES); do rm -f '$(DESTDIR)$(mandir)/man'$${f##*.}/$${f#man/}; done
uninstall-conf-samples:
	for f in $(CONF_SAMPLES); do rm -f '$(DESTDIR)$(larderconfdir)/'$${f#conf/}; done
	for f in $(CONF_EXAMPLES); do rm -f '$(DESTDIR)$(examplesdir)/'$${f#conf/}; done

.PHONY: install-conf-samples uninstall-conf-samples install-man-pages uninstall-man-pages install-data-dir
