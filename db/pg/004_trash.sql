-- 004_trash.sql (PostgreSQL): finds the items in the trash quickly, for emptying it after LIMIT_TRASH_DAYS.
CREATE INDEX items_trash ON library_items(deleted_at) WHERE deleted_at IS NOT NULL;
