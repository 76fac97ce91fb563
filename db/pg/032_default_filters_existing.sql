-- 032_default_filters_existing.sql (PostgreSQL): an account made before 029 and still without a saved search gets Omnivore's eight, as a new account does (Omnivore's apps build their library menus from them); an account that has any saved search keeps just its own.
WITH d(name, filter, position) AS (VALUES
	('Inbox', 'in:inbox', 0),
	('Continue Reading', 'in:inbox sort:read-desc is:reading', 1),
	('Non-Feed Items', 'no:subscription', 2),
	('Highlights', 'in:all has:highlights mode:highlights', 3),
	('Unlabeled', 'no:label', 4),
	('Oldest First', 'sort:saved-asc', 5),
	('Files', 'type:file', 6),
	('Archived', 'in:archive', 7))
INSERT INTO filters (id, user_id, name, filter, position, category, visible, default_filter, created_at, updated_at)
SELECT gen_random_uuid()::text, u.id, d.name, d.filter, d.position, 'Search', 1, 1,
       (extract(epoch FROM clock_timestamp()) * 1000)::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
FROM users AS u, d
WHERE NOT EXISTS (SELECT 1 FROM filters AS f WHERE f.user_id = u.id);
