-- Structure moisture gets its own measurement type (decision 0154), so that a slab's RH series follows the shipped
-- drying limit by default instead of the indoor-humidity comfort range. The shipped drying limits (global humidity
-- limits whose normal range is only an upper end; the comfort ranges have both ends) move to the new type, and the
-- series that chose one of them as their own move with them, as a series' limit must be of its type.
UPDATE "series" SET "data_type" = 'Structure humidity'
  WHERE "data_type" = 'Humidity' AND "limit_id" IN (
    SELECT "id" FROM "limits"
    WHERE "organization_id" IS NULL AND "data_type" = 'Humidity' AND "normal_min" IS NULL AND "normal_max" IS NOT NULL
  );--> statement-breakpoint
UPDATE "limits" SET "data_type" = 'Structure humidity'
  WHERE "organization_id" IS NULL AND "data_type" = 'Humidity' AND "normal_min" IS NULL AND "normal_max" IS NOT NULL;
