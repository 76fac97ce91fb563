-- 006_placeholder.sql: stands in for migration 006, which another branch adds; drop this file (and its name in src/store/local.mk) when that branch's 006 is merged.
SELECT 1;
