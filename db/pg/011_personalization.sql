-- 011_personalization.sql (PostgreSQL): each user's reader and library settings (Omnivore's UserPersonalization); NULL = never set.
CREATE TABLE user_personalization (
	user_id                text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	theme                  text,
	font_size              bigint,
	font_family            text,
	margin                 bigint,
	library_layout_type    text,
	library_sort_order     text,
	speech_voice           text,
	speech_secondary_voice text,
	speech_rate            text,
	speech_volume          text,
	fields                 text,   -- any JSON value, as its text
	digest_channels        text,   -- a JSON array of strings
	updated_at             bigint NOT NULL
);
