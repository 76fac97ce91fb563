-- 029_default_filters.sql: saved searches that came with the account (Omnivore's defaultFilter: a new account gets Omnivore's eight, which its apps show in their menus), told apart from the user's own.
ALTER TABLE filters ADD COLUMN default_filter bigint NOT NULL DEFAULT 0;  -- 1: made with the account
