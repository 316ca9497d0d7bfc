CREATE TABLE "series_rollup_versions" (
	"series_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "series_rollup_versions_series_id_month_pk" PRIMARY KEY("series_id","month")
);
--> statement-breakpoint
ALTER TABLE "series_rollup_versions" ADD CONSTRAINT "series_rollup_versions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below; see docs/decisions/0040. Every statement that changes rollup rows raises
-- the version of each (series, UTC month) it touched, in the same transaction, whichever code made
-- it: a late value, a recomputation, a deletion. Rows of the last 47 hours (by the transaction's
-- start) raise none: they are the ingest's every batch, in the two days a period is still served as
-- changing (periodSettleMs, less an hour of clock skew, as the ingest tells late values). The data
-- API keeps only months that ended more than three days ago, which such a row can only be in if its
-- transaction started more than a day before the reader's. Rows are taken in key order, as the
-- ingest takes the rollup rows, so concurrent writers queue instead of deadlocking. A series being
-- deleted (its rows leave by cascade) gets no version.
CREATE FUNCTION olo_series_rollup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the branch of this event is planned, so each refers only to the transition table it has.
  IF TG_OP = 'DELETE' THEN
    INSERT INTO series_rollup_versions AS v (series_id, month)
    SELECT DISTINCT c.series_id, date_trunc('month', c.hour, 'UTC') FROM old_rows c JOIN series s ON s.id = c.series_id
    ORDER BY 1, 2
    ON CONFLICT (series_id, month) DO UPDATE SET version = v.version + 1;
  ELSE
    -- Olo never moves a rollup row to another series or hour, so an update's new rows name its months.
    INSERT INTO series_rollup_versions AS v (series_id, month)
    SELECT DISTINCT c.series_id, date_trunc('month', c.hour, 'UTC') FROM new_rows c JOIN series s ON s.id = c.series_id
    WHERE c.hour < now() - interval '47 hours'
    ORDER BY 1, 2
    ON CONFLICT (series_id, month) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_rollup_versions_insert AFTER INSERT ON series_rollup_hour REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_rollup_changed();--> statement-breakpoint
CREATE TRIGGER series_rollup_versions_update AFTER UPDATE ON series_rollup_hour REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_rollup_changed();--> statement-breakpoint
CREATE TRIGGER series_rollup_versions_delete AFTER DELETE ON series_rollup_hour REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_rollup_changed();--> statement-breakpoint
CREATE FUNCTION olo_series_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE series_rollup_versions SET version = version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_rollup_versions_truncate AFTER TRUNCATE ON series_rollup_hour
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_rollup_truncated();
