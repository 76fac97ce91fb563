-- 013_newsletters.sql (PostgreSQL): newsletter receiving addresses per user, the mails received at them (newsletters and confirmation mails), and the subscription type that tells a newsletter's subscription from a feed's.
CREATE TABLE newsletter_emails (
	id                text PRIMARY KEY,
	user_id           text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	local_part        text NOT NULL UNIQUE,                -- "name-xxxxxxxx", lower case: what a delivery is matched on
	address           text NOT NULL,                       -- local part @ the mail_domain of the day it was made
	name              text,
	description       text,
	folder            text NOT NULL DEFAULT 'inbox',       -- where its newsletters' items go
	confirmation_code text,                                -- the last forwarding confirmation code received
	created_at        bigint NOT NULL
);
CREATE INDEX newsletter_emails_user ON newsletter_emails (user_id, created_at);

-- every mail delivered to an address: a NEWSLETTER (its item in item_id) or a CONFIRMATION (kept here, no item)
CREATE TABLE received_emails (
	id                  text PRIMARY KEY,
	user_id             text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	newsletter_email_id text REFERENCES newsletter_emails(id) ON DELETE SET NULL,
	from_address        text NOT NULL,                     -- "Name <address>" as received
	to_address          text NOT NULL,
	subject             text NOT NULL DEFAULT '',
	text                text NOT NULL DEFAULT '',          -- the text part (or the HTML's text), cut to 64 KiB
	html                text,                              -- a confirmation's HTML; a newsletter's is its item's
	type                text NOT NULL,                     -- NEWSLETTER or CONFIRMATION
	reply               text,                              -- a List-Unsubscribe or Reply-To to answer at
	reply_to            text,
	message_id          text,
	item_id             text,
	created_at          bigint NOT NULL
);
CREATE INDEX received_emails_user ON received_emails (user_id, created_at);

-- a newsletter's subscription (one per sender) lives beside the feeds': never polled, its url is mailto:SENDER
ALTER TABLE subscriptions ADD COLUMN type text NOT NULL DEFAULT 'RSS';
ALTER TABLE subscriptions ADD COLUMN newsletter_email_id text REFERENCES newsletter_emails(id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN unsubscribe_mail_to text;
ALTER TABLE subscriptions ADD COLUMN unsubscribe_http_url text;
