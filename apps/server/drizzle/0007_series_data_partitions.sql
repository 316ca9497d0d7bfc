ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_meter_id_meters_id_fk";
--> statement-breakpoint
ALTER TABLE "series_data" DROP CONSTRAINT "series_data_series_id_series_id_fk";
--> statement-breakpoint
-- Written by hand below (drizzle-kit cannot express these); see docs/decisions/0027.
-- Rows leave with their series and meters, as the dropped foreign keys' cascades did.
CREATE FUNCTION olo_series_data_follow_series() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM series_data WHERE series_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_data_follow_series AFTER DELETE ON series REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_data_follow_series();--> statement-breakpoint
CREATE FUNCTION olo_meter_readings_follow_meters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM meter_readings WHERE meter_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER meter_readings_follow_meters AFTER DELETE ON meters REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_readings_follow_meters();--> statement-breakpoint
-- series_data range-partitioned by UTC month. A month's partition is made when a value of it is
-- first written (olo_series_data_months, called by the writers in their transaction), so a
-- rolled-back batch takes its partition with it. Attached rather than created as a partition:
-- ATTACH locks the parent only against other schema changes, not against inserts.
CREATE FUNCTION olo_series_data_months(times timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamp;
  partition_name text;
BEGIN
  FOR month_start IN SELECT DISTINCT date_trunc('month', t AT TIME ZONE 'UTC') FROM unnest(times) AS t LOOP
    partition_name := 'series_data_' || to_char(month_start, 'YYYY_MM');
    CONTINUE WHEN to_regclass(partition_name) IS NOT NULL;
    BEGIN
      EXECUTE format(
        'CREATE TABLE %I (series_id integer NOT NULL, time timestamptz NOT NULL, value double precision NOT NULL, PRIMARY KEY (series_id, time))',
        partition_name);
      EXECUTE format('ALTER TABLE series_data ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        partition_name, month_start::text || '+00', (month_start + interval '1 month')::text || '+00');
    EXCEPTION WHEN duplicate_table OR unique_violation THEN
      -- Another transaction made it first.
      NULL;
    END;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE series_data RENAME TO series_data_unpartitioned;--> statement-breakpoint
ALTER TABLE series_data_unpartitioned RENAME CONSTRAINT series_data_series_id_time_pk TO series_data_unpartitioned_pk;--> statement-breakpoint
CREATE TABLE series_data (
  series_id integer NOT NULL,
  time timestamptz NOT NULL,
  value double precision NOT NULL,
  CONSTRAINT series_data_series_id_time_pk PRIMARY KEY (series_id, time)
) PARTITION BY RANGE (time);--> statement-breakpoint
SELECT olo_series_data_months(array(SELECT DISTINCT date_trunc('month', time, 'UTC') FROM series_data_unpartitioned));--> statement-breakpoint
INSERT INTO series_data SELECT series_id, time, value FROM series_data_unpartitioned;--> statement-breakpoint
DROP TABLE series_data_unpartitioned;--> statement-breakpoint
-- Rows updated in place on every batch: room on their page lets PostgreSQL update without
-- touching the index (HOT).
ALTER TABLE series_latest SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE series_rollup_hour SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE meter_latest SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE meters SET (fillfactor = 70);
