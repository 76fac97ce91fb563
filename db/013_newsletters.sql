-- 013_newsletters.sql: newsletter receiving addresses per user, the mails received at them (newsletters and confirmation mails), and the subscription type that tells a newsletter's subscription from a feed's.
CREATE TABLE newsletter_emails (
	id                TEXT PRIMARY KEY NOT NULL,
	user_id           TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	local_part        TEXT NOT NULL UNIQUE,                -- "name-xxxxxxxx", lower case: what a delivery is matched on
	address           TEXT NOT NULL,                       -- local part @ the mail_domain of the day it was made
	name              TEXT,
	description       TEXT,
	folder            TEXT NOT NULL DEFAULT 'inbox',       -- where its newsletters' items go
	confirmation_code TEXT,                                -- the last forwarding confirmation code received
	created_at        INTEGER NOT NULL
);
CREATE INDEX newsletter_emails_user ON newsletter_emails (user_id, created_at);

-- every mail delivered to an address: a NEWSLETTER (its item in item_id) or a CONFIRMATION (kept here, no item)
CREATE TABLE received_emails (
	id                  TEXT PRIMARY KEY NOT NULL,
	user_id             TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	newsletter_email_id TEXT REFERENCES newsletter_emails(id) ON DELETE SET NULL,
	from_address        TEXT NOT NULL,                     -- "Name <address>" as received
	to_address          TEXT NOT NULL,
	subject             TEXT NOT NULL DEFAULT '',
	text                TEXT NOT NULL DEFAULT '',          -- the text part (or the HTML's text), cut to 64 KiB
	html                TEXT,                              -- a confirmation's HTML; a newsletter's is its item's
	type                TEXT NOT NULL,                     -- NEWSLETTER or CONFIRMATION
	reply               TEXT,                              -- a List-Unsubscribe or Reply-To to answer at
	reply_to            TEXT,
	message_id          TEXT,
	item_id             TEXT,
	created_at          INTEGER NOT NULL
);
CREATE INDEX received_emails_user ON received_emails (user_id, created_at);

-- a newsletter's subscription (one per sender) lives beside the feeds': never polled, its url is mailto:SENDER
ALTER TABLE subscriptions ADD COLUMN type TEXT NOT NULL DEFAULT 'RSS';
ALTER TABLE subscriptions ADD COLUMN newsletter_email_id TEXT REFERENCES newsletter_emails(id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN unsubscribe_mail_to TEXT;
ALTER TABLE subscriptions ADD COLUMN unsubscribe_http_url TEXT;
