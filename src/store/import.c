/* import.c: store functions for imports: one imported item stored or brought up to date inside a batch's transaction, and the import jobs' rows. */
#include "store/store_int.h"

#include <stddef.h>
#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"

/* the statements of import.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_JOB_QUEUE_IMPORT,
	STMT_IMPORT_START,
	STMT_IMPORT_INSERT,
	STMT_IMPORT_UPDATE,
	STMT_IMPORT_JOB_PENDING,
	STMT_IMPORT_FETCH_HORIZON,
	STMT_IMPORT_HL_FIND,
	STMT_IMPORT_ID_TAKEN,
	STMT_IMPORT_CREATE,
	STMT_IMPORT_GET,
	STMT_IMPORT_BY_UPLOAD,
	STMT_IMPORT_UPLOADED,
	STMT_IMPORT_FINISH,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_JOB_QUEUE_IMPORT,
		"INSERT INTO jobs (user_id, kind, ref, priority, status, attempts, run_after, created_at, updated_at)"
		" SELECT user_id, 'import', id, 1, 'queued', 0, ?2, ?2, ?2 FROM imports WHERE id = ?1 AND status = 'queued'"
		" ON CONFLICT DO NOTHING"),
	STORE_SQL(STMT_IMPORT_START,
		"UPDATE imports SET status = 'running', locked_until = ?3 WHERE id = ?1 AND user_id = ?2"
		" AND status IN ('queued', 'running') RETURNING " STORE_COLS(STORE_IMPORT_ROW, "")),
	STORE_SQL(STMT_IMPORT_INSERT,
		"INSERT INTO library_items (id, user_id, url, url_hash, slug, title, author, description, site_name, image,"
		" page_type, state, folder, source, progress, saved_at, created_at, updated_at, published_at, archived_at,"
		" deleted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'ARTICLE', 'PROCESSING', 'inbox', 'import',"
		" ?11, ?12, ?13, ?13, ?14, ?15, ?16) RETURNING seq"),
	STORE_SQL(STMT_IMPORT_UPDATE,
		"UPDATE library_items SET title = ?2, author = ?3, description = ?4, site_name = ?5, image = ?6,"
		" progress = ?7, saved_at = ?8, published_at = ?9, archived_at = ?10, deleted_at = ?11, updated_at = ?12"
		" WHERE seq = ?1"),
	STORE_SQL(STMT_IMPORT_JOB_PENDING, "SELECT count(*) FROM jobs WHERE item_seq = ?1 AND status IN ('queued', 'running')"),
	STORE_SQL(STMT_IMPORT_FETCH_HORIZON,
		"SELECT max(j.run_after) FROM jobs j JOIN library_items i ON i.seq = j.item_seq"
		" WHERE i.user_id = ?1 AND j.status = 'queued'"),
	STORE_SQL(STMT_IMPORT_HL_FIND,
		"SELECT count(*) FROM highlights WHERE item_seq = ?1 AND quote IS ?2 AND annotation IS ?3",
		/* a IS b: IS NOT DISTINCT FROM */
		"SELECT count(*) FROM highlights WHERE item_seq = ?1 AND quote IS NOT DISTINCT FROM ?2"
		" AND annotation IS NOT DISTINCT FROM ?3"),
	STORE_SQL(STMT_IMPORT_ID_TAKEN, "SELECT count(*) FROM library_items WHERE user_id = ?2 AND id = ?1"),
	STORE_SQL(STMT_IMPORT_CREATE,
		"INSERT INTO imports (id, user_id, format, path, status, upload_hash, upload_expires, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
	STORE_SQL(STMT_IMPORT_GET, "SELECT " STORE_COLS(STORE_IMPORT_ROW, "") " FROM imports WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_IMPORT_BY_UPLOAD,
		"SELECT " STORE_COLS(STORE_IMPORT_ROW, "") " FROM imports"
		" WHERE upload_hash = ?1 AND status = 'uploading' AND upload_expires > ?2"),
	STORE_SQL(STMT_IMPORT_UPLOADED,
		"UPDATE imports SET status = 'queued', path = ?2, upload_hash = NULL WHERE id = ?1 AND status = 'uploading'"),
	STORE_SQL(STMT_IMPORT_FINISH,
		"UPDATE imports SET status = ?2, added = ?3, updated = ?4, unchanged = ?5, failed = ?6, report = ?7,"
		" finished_at = ?8, locked_until = NULL WHERE id = ?1"),
};
STORE_STATEMENTS(import, statements)

static const struct store_col import_cols[] = STORE_ROW_DESC(STORE_IMPORT_ROW, struct store_import_job);
static const struct store_row import_rowdef = { import_cols, sizeof import_cols / sizeof import_cols[0],
                                                sizeof(struct store_import_job), "an import" };

int store_import_begin(struct store *st)
{
	return store_begin(st);
}

int store_import_commit(struct store *st)
{
	return store_commit(st);
}

void store_import_rollback(struct store *st)
{
	store_rollback(st);
}

/* the metadata an item gets: the record's field where it has one, else what is stored */
struct meta {
	const char *title, *author, *description, *site_name, *image;
	double progress;
	int64_t saved, published, archived, deleted;
};

static const char *pick(const char *given, const char *old)
{
	return given && *given ? given : old;
}

static bool same_text(const char *x, const char *y)
{
	return (x == NULL && y == NULL) || (x && y && strcmp(x, y) == 0);
}

/* what the record makes of the item old (all zero / NULL for a new one) at now */
static void merge(const struct store_import *in, const struct store_item *old, int64_t now, struct meta *m)
{
	m->title = pick(in->title, old->title);
	m->author = pick(in->author, old->author);
	m->description = pick(in->description, old->description);
	m->site_name = pick(in->site_name, old->site_name);
	m->image = pick(in->image, old->image);
	m->progress = in->progress >= 0 ? in->progress : old->progress;
	m->saved = in->saved_ms ? in->saved_ms : old->saved_ms ? old->saved_ms : now;
	m->published = in->published_ms ? in->published_ms : old->published_ms;
	m->archived = old->archived_ms;
	m->deleted = old->deleted_ms;
	if (in->state == NULL)
		return;
	if (strcmp(in->state, "ARCHIVED") == 0) {
		m->archived = in->archived_ms ? in->archived_ms : old->archived_ms ? old->archived_ms : m->saved;
		m->deleted = 0;
	} else if (strcmp(in->state, "DELETED") == 0)
		m->deleted = old->deleted_ms ? old->deleted_ms : now; /* the trash empties LIMIT_TRASH_DAYS after this */
	else
		m->archived = m->deleted = 0;
}

static bool meta_differs(const struct meta *m, const struct store_item *old)
{
	return !same_text(m->title, old->title) || !same_text(m->author, old->author) ||
	       !same_text(m->description, old->description) || !same_text(m->site_name, old->site_name) ||
	       !same_text(m->image, old->image) || m->progress != old->progress || m->saved != old->saved_ms ||
	       m->published != old->published_ms || m->archived != old->archived_ms || m->deleted != old->deleted_ms;
}

/* the record's id when the user has no item of that id (ids are unique per user), else a fresh one, into id */
static int pick_id(struct store *st, const struct store_import *in, char id[37])
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_ID_TAKEN);
	int64_t taken = 1;
	int rc;
	if (in->id && strlen(in->id) == 36) {
		db_bind_text(s, 1, in->id);
		db_bind_text(s, 2, in->user_id);
		if ((rc = store_get_ints(st, s, &taken, 1, "checking an item id")) != STORE_OK)
			return rc;
	}
	if (taken)
		crypto_uuid_v4(id);
	else
		memcpy(id, in->id, 37);
	return STORE_OK;
}

/* the record's slug when the user has no item with it, else one made from its text */
static int pick_slug(struct store *st, struct arena *a, const struct store_import *in, const char *title,
                     const char **slug)
{
	int rc;
	if (in->slug && *in->slug) {
		if ((rc = store_item_slug_taken(st, in->user_id, in->slug, "checking a slug")) == STORE_E_NOTFOUND) {
			*slug = in->slug;
			return STORE_OK;
		}
		if (rc != STORE_OK)
			return rc;
	}
	return store_item_slug(st, a, in->user_id, in->slug_text ? in->slug_text : title, slug);
}

static int insert_row(struct store *st, struct arena *a, const struct store_import *in, const struct meta *m,
                      int64_t now, int64_t *seq)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_INSERT);
	const char *title = m->title ? m->title : in->url, *slug;
	char id[37], hash[65];
	int rc;
	if ((rc = pick_slug(st, a, in, title, &slug)) != STORE_OK || (rc = pick_id(st, in, id)) != STORE_OK)
		return rc;
	crypto_sha256_hex(in->url, strlen(in->url), hash);
	store_bind_texts(s, 1, (const char *const[]){ id, in->user_id, in->url, hash, slug, title, m->author,
	                                              m->description, m->site_name, m->image }, 10);
	db_bind_double(s, 11, m->progress);
	db_bind_int64(s, 12, m->saved);
	db_bind_int64(s, 13, now);
	store_bind_ms(s, 14, m->published);
	store_bind_ms(s, 15, m->archived);
	store_bind_ms(s, 16, m->deleted);
	if ((rc = store_step_row(st, s, "importing an item")) == STORE_OK)
		*seq = db_col_int64(s, 0);
	store_done(s);
	return rc;
}

static int update_row(struct store *st, int64_t seq, const struct meta *m, int64_t now)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_UPDATE);
	db_bind_int64(s, 1, seq);
	store_bind_texts(s, 2, (const char *const[]){ m->title, m->author, m->description, m->site_name, m->image }, 5);
	db_bind_double(s, 7, m->progress);
	db_bind_int64(s, 8, m->saved);
	store_bind_ms(s, 9, m->published);
	store_bind_ms(s, 10, m->archived);
	store_bind_ms(s, 11, m->deleted);
	db_bind_int64(s, 12, now);
	return store_step_done(st, s, "updating an imported item");
}

/* the record's labels on item seq; *changed when one was not there yet */
static int add_labels(struct store *st, struct arena *a, const struct store_import *in, int64_t seq, int64_t now,
                      bool *changed)
{
	int64_t count;
	int rc;
	for (size_t i = 0; i < in->nlabels; i++) {
		struct store_label l;
		if ((rc = store_label_ensure(st, a, in->user_id, in->labels[i], NULL, &l)) != STORE_OK)
			return rc;
		if ((rc = store_item_label_add(st, seq, l.id, now + (int64_t)i, "labelling an imported item")) != STORE_OK)
			return rc;
		if (db_changes(st->db) > 0)
			*changed = true;
	}
	if (!*changed || in->nlabels == 0)
		return STORE_OK;
	if ((rc = store_item_labels_changed(st, seq)) != STORE_OK)
		return rc;
	if ((rc = store_item_label_count(st, seq, &count, "counting labels")) != STORE_OK)
		return rc;
	if (count > (int64_t)st->lim.labels_per_item) {
		snprintf(st->errmsg, sizeof st->errmsg, "an item has at most %u labels (labels_per_item in larder.conf)",
		         (unsigned)st->lim.labels_per_item);
		return STORE_E_LIMIT;
	}
	return STORE_OK;
}

/* the labels of highlight id (just added) */
static int label_highlight(struct store *st, struct arena *a, const struct store_import *in, const char *id,
                           const struct store_import_labels *l)
{
	int rc = STORE_OK;
	for (size_t i = 0; i < l->n && rc == STORE_OK; i++) {
		struct store_label label;
		rc = store_label_ensure(st, a, in->user_id, l->names[i], NULL, &label);
		if (rc == STORE_OK) {
			rc = store_highlight_label_add(st, id, label.id, "labelling an imported highlight");
		}
	}
	return rc;
}

/* the record's highlights not on item seq yet, with their labels; *changed when one was added */
static int add_highlights(struct store *st, struct arena *a, const struct store_import *in, int64_t seq, int64_t now,
                          bool *changed)
{
	int rc;
	for (size_t i = 0; i < in->nhighlights; i++) {
		const struct store_highlight *h = &in->highlights[i];
		struct store_highlight row = *h;
		struct db_stmt *s = stmt(st, STMT_IMPORT_HL_FIND);
		char id[37], short_id[9];
		int64_t n;
		db_bind_int64(s, 1, seq);
		store_bind_texts(s, 2, (const char *const[]){ h->quote, h->annotation }, 2);
		if ((rc = store_get_ints(st, s, &n, 1, "looking for a highlight")) != STORE_OK)
			return rc;
		if (n > 0)
			continue;
		crypto_uuid_v4(id);
		memcpy(short_id, id, 8), short_id[8] = '\0';
		/* an imported highlight has no patch, html nor anchor, and shows as CONTENT */
		row.id = id, row.short_id = short_id, row.user_id = in->user_id;
		row.patch = row.html = row.representation = NULL;
		row.position_anchor = 0;
		rc = store_highlight_add_row(st, a, seq, &row, h->created_ms ? h->created_ms : now, NULL,
		                             "importing a highlight");
		if (rc != STORE_OK || (in->highlight_labels &&
		                       (rc = label_highlight(st, a, in, id, &in->highlight_labels[i])) != STORE_OK))
			return rc;
		*changed = true;
	}
	return STORE_OK;
}

/* content for an item without it, or a fetch job when it has neither content nor a job */
static int content_or_fetch(struct store *st, const struct store_import *in, const struct meta *m,
                            const struct store_item *old, int64_t seq, int64_t now, bool *changed, bool *queued)
{
	int64_t pending;
	int rc;
	if (old->state && strcmp(old->state, "PROCESSING") != 0)
		return STORE_OK; /* fetched, failed or filled already: left as it is */
	if (in->article) {
		struct store_article art = *in->article;
		art.title = m->title ? m->title : art.title;
		art.author = pick(m->author, art.author);
		art.description = pick(m->description, art.description);
		art.site_name = pick(m->site_name, art.site_name);
		art.image = pick(m->image, art.image);
		*changed = true;
		if ((rc = store_job_cancel_item(st, seq, "dropping a fetch job")) != STORE_OK)
			return rc;
		rc = store_item_fill_row(st, seq, &art, now);
		if (rc == STORE_E_LIMIT) { /* past bytes_per_user: the item stays, without its content, saying why */
			char why[sizeof st->errmsg];
			snprintf(why, sizeof why, "%s", st->errmsg);
			return store_item_fail(st, seq, "FAILED", why);
		}
		return rc;
	}
	db_bind_int64(stmt(st, STMT_IMPORT_JOB_PENDING), 1, seq);
	if ((rc = store_get_ints(st, stmt(st, STMT_IMPORT_JOB_PENDING), &pending, 1, "looking for a job")) != STORE_OK)
		return rc;
	if (pending > 0)
		return STORE_OK;
	*changed = *queued = true;
	return store_job_queue(st, seq, in->fetch_after_ms ? in->fetch_after_ms : now, STORE_PRIORITY_BULK, "fetch");
}

int store_import_item(struct store *st, struct arena *a, const struct store_import *in,
                      enum store_import_result *result, bool *queued)
{
	struct store_item old;
	struct meta m;
	int64_t now = time_now_ms(), seq;
	bool isnew = false, changed = false;
	int rc = store_item_by_url(st, a, in->user_id, in->url, &old);
	*queued = false;
	if (rc == STORE_E_NOTFOUND) {
		memset(&old, 0, sizeof old);
		isnew = true;
		if ((rc = store_quota_item(st, in->user_id)) == STORE_E_LIMIT) { /* nothing written: the rest goes on */
			*result = STORE_IMPORT_LEFT_OUT;
			return STORE_OK;
		} else if (rc != STORE_OK)
			return rc;
	} else if (rc != STORE_OK)
		return rc;
	merge(in, &old, now, &m);
	if (isnew)
		rc = insert_row(st, a, in, &m, now, &seq);
	else if ((seq = old.seq), meta_differs(&m, &old)) {
		changed = true;
		rc = update_row(st, seq, &m, now);
	}
	if (rc == STORE_OK)
		rc = add_labels(st, a, in, seq, now, &changed);
	if (rc == STORE_OK)
		rc = content_or_fetch(st, in, &m, &old, seq, now, &changed, queued);
	if (rc == STORE_OK)
		rc = add_highlights(st, a, in, seq, now, &changed);
	if (rc == STORE_OK && changed && !isnew)
		rc = store_item_touch(st, seq, now, "touching an item");
	else if (rc == STORE_OK && isnew && in->updated_ms) /* its content and labels set: the export's time again */
		rc = store_item_touch(st, seq, in->updated_ms, "dating an imported item");
	*result = isnew ? STORE_IMPORT_ADDED : changed ? STORE_IMPORT_UPDATED : STORE_IMPORT_UNCHANGED;
	return rc;
}

int store_import_fetch_horizon(struct store *st, const char *user_id, int64_t *ms)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_FETCH_HORIZON);
	db_bind_text(s, 1, user_id);
	return store_get_ints(st, s, ms, 1, "reading the fetch queue");
}

/* ---- import jobs ---- */

/* the import's job, when it is queued */
static int queue_import(struct store *st, const char *id)
{
	struct db_stmt *s = stmt(st, STMT_JOB_QUEUE_IMPORT);
	store_bind_text(s, 1, id);
	db_bind_int64(s, 2, time_now_ms());
	return store_step_done(st, s, "queueing an import");
}

int store_import_create(struct store *st, struct arena *a, const char *user_id, const char *format, const char *path,
                        const char *upload_hash, int64_t upload_expires_ms, struct store_import_job *out)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_CREATE);
	char id[37];
	int rc;
	crypto_uuid_v4(id);
	store_bind_texts(s, 1, (const char *const[]){ id, user_id, format, path, upload_hash ? "uploading" : "queued",
	                                              upload_hash }, 6);
	store_bind_ms(s, 7, upload_hash ? upload_expires_ms : 0);
	db_bind_int64(s, 8, time_now_ms());
	if ((rc = store_step_done(st, s, "creating an import")) != STORE_OK || (!upload_hash && (rc = queue_import(st, id))))
		return rc;
	return store_import_get(st, a, user_id, id, out);
}

int store_import_get(struct store *st, struct arena *a, const char *user_id, const char *id,
                     struct store_import_job *out)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_GET);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	return store_get_row(st, a, s, &import_rowdef, out, "reading an import");
}

int store_import_by_upload(struct store *st, struct arena *a, const char *upload_hash, int64_t now_ms,
                           struct store_import_job *out)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_BY_UPLOAD);
	store_bind_text(s, 1, upload_hash);
	db_bind_int64(s, 2, now_ms);
	return store_get_row(st, a, s, &import_rowdef, out, "reading an import");
}

int store_import_uploaded(struct store *st, struct arena *a, const char *id, const char *user_id, const char *path,
                          store_blob_source src, void *ctx)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_UPLOADED);
	int64_t kept;
	int rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	store_bind_texts(s, 1, (const char *const[]){ id, src ? NULL : path }, 2);
	if ((rc = store_step_changed(st, s, "recording an upload")) == STORE_OK && src)
		rc = store_blob_write(st, a, id, user_id, src, ctx, &kept);
	if (rc == STORE_OK)
		rc = queue_import(st, id);
	return store_end(st, rc);
}

int store_import_start(struct store *st, struct arena *a, const char *id, const char *user_id, int64_t lease_until_ms,
                       struct store_import_job *out)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_START);
	store_bind_texts(s, 1, (const char *const[]){ id, user_id }, 2);
	db_bind_int64(s, 3, lease_until_ms);
	return store_get_row(st, a, s, &import_rowdef, out, "starting an import");
}

int store_import_finish(struct store *st, const char *id, const struct store_import_job *in)
{
	struct db_stmt *s = stmt(st, STMT_IMPORT_FINISH);
	const int64_t counts[] = { in->added, in->updated, in->unchanged, in->failed };
	store_bind_texts(s, 1, (const char *const[]){ id, in->status }, 2);
	for (int i = 0; i < 4; i++)
		db_bind_int64(s, 3 + i, counts[i]);
	store_bind_text(s, 7, in->report);
	db_bind_int64(s, 8, time_now_ms());
	return store_step_done(st, s, "finishing an import");
}
