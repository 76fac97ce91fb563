-- 003_settings.sql (PostgreSQL): server-wide settings and secrets (e.g. the key that signs content download links).
CREATE TABLE settings (
	name  text PRIMARY KEY,
	value text NOT NULL
);
