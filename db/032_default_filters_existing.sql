-- 032_default_filters_existing.sql: an account made before 029 and still without a saved search gets Omnivore's eight, as a new account does (Omnivore's apps build their library menus from them); an account that has any saved search keeps just its own.
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
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
       substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       u.id, d.name, d.filter, d.position, 'Search', 1, 1,
       CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
FROM users AS u, d
WHERE NOT EXISTS (SELECT 1 FROM filters AS f WHERE f.user_id = u.id);
