-- 015_search_speed.sql: nothing changes on SQLite. PostgreSQL's version 15 (db/pg/015_search_speed.sql) makes its search functions faster; the two stay numbered alike, so version 15 is the same schema on both.
SELECT 1;
