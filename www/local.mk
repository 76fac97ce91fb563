# www/local.mk: the browser pages (static HTML, CSS and JavaScript modules), installed under $(pkgdatadir)/www as the document root.
# Every file of www/ is listed here: it is installed and distributed (see conf/nginx-larder.conf for the routes).
# Data files that cannot hold a comment: manifest.webmanifest is the web app manifest (with the Web Share Target
# member, see README "Phones"), written for Larder; img/icon-192.png, icon-512.png and icon-maskable-512.png are
# made from img/icon.svg and img/icon-maskable.svg with rsvg-convert (Debian: librsvg2-bin), e.g.
#   rsvg-convert -w 192 -h 192 www/img/icon.svg -o www/img/icon-192.png
#   rsvg-convert -w 512 -h 512 www/img/icon-maskable.svg -o www/img/icon-maskable-512.png
wwwdir = $(pkgdatadir)/www
dist_www_DATA = www/index.html www/login.html www/home.html www/reader.html www/highlights.html \
	www/sw.js www/manifest.webmanifest
wwwsettingsdir = $(wwwdir)/settings
dist_wwwsettings_DATA = www/settings/api.html www/settings/bookmarklet.html www/settings/import.html \
	www/settings/newsletters.html www/settings/feeds.html www/settings/offline.html www/settings/sessions.html
wwwcssdir = $(wwwdir)/css
dist_wwwcss_DATA = www/css/larder.css www/css/library.css www/css/reader.css www/css/phone.css www/css/share.css
wwwimgdir = $(wwwdir)/img
dist_wwwimg_DATA = www/img/favicon.svg www/img/icon.svg www/img/icon-maskable.svg www/img/icon-192.png \
	www/img/icon-512.png www/img/icon-maskable-512.png
wwwjsdir = $(wwwdir)/js
dist_wwwjs_DATA = www/js/api.js www/js/ui.js www/js/items.js www/js/login.js www/js/home.js \
	www/js/reader.js www/js/settings-api.js www/js/bookmarklet.js www/js/import.js \
	www/js/library-query.js www/js/library-item.js www/js/library-bulk.js www/js/library-select.js \
	www/js/library-keys.js www/js/library-filters.js www/js/library-labels.js \
	www/js/reader-anchor.js www/js/reader-highlights.js www/js/reader-notebook.js www/js/reader-toolbar.js \
	www/js/reader-settings.js www/js/reader-keys.js www/js/settings-newsletters.js \
	www/js/library-upload.js www/js/reader-pdf.js www/js/nav-memory.js \
	www/js/look.js www/js/look-sync.js www/js/settings-feeds.js www/js/highlights.js \
	www/js/reader-speech.js www/js/pwa.js www/js/offline-store.js www/js/offline-keep.js www/js/settings-offline.js www/js/settings-sessions.js www/js/library-suggest.js www/js/offline-share.js \
	www/js/reader-share.js www/js/epub.js
