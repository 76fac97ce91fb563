-- 016_user_paths.sql: indexes so that no statement walks a whole library, or a whole table, to find a few rows (t/store_plans checks every statement's plan).
-- A user's items in seq order: the export's pages (keyset, seq > last) and the batches that delete a user's items.
CREATE INDEX items_user ON library_items(user_id, seq);
-- A user's trash: emptyTrash's batches.
CREATE INDEX items_user_trash ON library_items(user_id, seq) WHERE deleted_at IS NOT NULL;
-- A user's highlights, newest first (the highlights list; deleting an account).
CREATE INDEX highlights_user ON highlights(user_id, updated_at);
-- The purge of old login failures, run by every login attempt.
CREATE INDEX login_failures_at ON login_failures(at);
-- The rows that refer to a subscription or a newsletter address (a feed's item count, deleting either).
CREATE INDEX feed_entries_sub ON feed_entries(subscription_id);
CREATE INDEX received_emails_nl ON received_emails(newsletter_email_id);
CREATE INDEX subscriptions_nl ON subscriptions(newsletter_email_id);
