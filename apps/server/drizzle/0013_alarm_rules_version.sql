CREATE TABLE "alarm_rules_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alarm_states_series" ON "alarm_states" USING btree ("series_id");--> statement-breakpoint
-- Hand-written (decision 0044): the version every ingest compares with its cached alarm rules.
INSERT INTO "alarm_rules_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION olo_alarm_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alarm_rules_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alarm_rules_alarms AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alarms
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_alarms_series AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alarms_series
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_alarms_actions AFTER INSERT OR DELETE OR TRUNCATE ON alarms_actions
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
-- Not on delivery states, which every notification writes: only what decides who is notified.
CREATE TRIGGER alarm_rules_alarms_actions_update AFTER UPDATE OF alarm_id, active, trigger_at_end ON alarms_actions
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_limits AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON limits
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_series_limit AFTER UPDATE OF limit_id ON series
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();
