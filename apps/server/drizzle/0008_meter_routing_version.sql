ALTER TABLE "meters" ADD COLUMN "routing_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand below; see docs/decisions/0028. A change to what a meter's channels feed bumps
-- the meter's routing_version in the same transaction, whichever code made it.
CREATE FUNCTION olo_meter_routing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the branch of this event is planned, so each refers only to the transition tables it has.
  IF TG_OP = 'INSERT' THEN
    UPDATE meters SET routing_version = routing_version + 1 WHERE id IN (SELECT meter_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE meters SET routing_version = routing_version + 1 WHERE id IN (SELECT meter_id FROM old_rows);
  ELSE
    UPDATE meters SET routing_version = routing_version + 1
    WHERE id IN (SELECT meter_id FROM new_rows UNION SELECT meter_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_datasources_routing_insert AFTER INSERT ON series_datasources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER series_datasources_routing_update AFTER UPDATE ON series_datasources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER series_datasources_routing_delete AFTER DELETE ON series_datasources REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_conversions_routing_insert AFTER INSERT ON meter_conversions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_conversions_routing_update AFTER UPDATE ON meter_conversions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_conversions_routing_delete AFTER DELETE ON meter_conversions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_calibrations_routing_insert AFTER INSERT ON meter_calibrations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_calibrations_routing_update AFTER UPDATE ON meter_calibrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
CREATE TRIGGER meter_calibrations_routing_delete AFTER DELETE ON meter_calibrations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_meter_routing_changed();--> statement-breakpoint
-- The routing carries each datasource's project (for live events): a series moving to another
-- project changes it too.
CREATE FUNCTION olo_series_routing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE meters SET routing_version = routing_version + 1
  WHERE id IN (SELECT d.meter_id FROM series_datasources d JOIN new_rows n ON n.id = d.series_id
               JOIN old_rows o ON o.id = n.id WHERE n.project_id IS DISTINCT FROM o.project_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_routing_update AFTER UPDATE ON series REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION olo_series_routing_changed();
