-- The audit trail is append-only: no operator, and no code path, can
-- change who did what to what and when, or remove a row. The one change allowed
-- is the privacy erasure's (privacy/erasure.ts): blanking before/after.
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_edit` BEFORE UPDATE ON `audit_log`
WHEN NEW.`id` IS NOT OLD.`id`
	OR NEW.`operator_id` IS NOT OLD.`operator_id`
	OR NEW.`action` IS NOT OLD.`action`
	OR NEW.`target_type` IS NOT OLD.`target_type`
	OR NEW.`target_id` IS NOT OLD.`target_id`
	OR NEW.`request_id` IS NOT OLD.`request_id`
	OR NEW.`created_at` IS NOT OLD.`created_at`
	OR (NEW.`before` IS NOT NULL AND NEW.`before` IS NOT OLD.`before`)
	OR (NEW.`after` IS NOT NULL AND NEW.`after` IS NOT OLD.`after`)
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
