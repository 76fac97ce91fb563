-- 023_label_position.sql (PostgreSQL): as db/023_label_position.sql gives SQLite: labels indexed by their user and position, so that a new label's position and the labels_per_user count do not read every label of the user.
CREATE INDEX labels_user_position ON labels (user_id, position);
