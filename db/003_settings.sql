-- 003_settings.sql: server-wide settings and secrets (e.g. the key that signs content download links).
CREATE TABLE settings (
	name  TEXT PRIMARY KEY NOT NULL,
	value TEXT NOT NULL
) WITHOUT ROWID;
