-- Hand-written (decision 0066): colour and limit ids had no table to point to, so none can be kept.
UPDATE "spaces" SET "color_id" = NULL WHERE "color_id" IS NOT NULL;--> statement-breakpoint
UPDATE "series" SET "color_id" = NULL WHERE "color_id" IS NOT NULL;--> statement-breakpoint
UPDATE "series" SET "limit_id" = NULL WHERE "limit_id" IS NOT NULL AND "limit_id" NOT IN (SELECT "id" FROM "limits");--> statement-breakpoint
CREATE TABLE "colors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "colors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text NOT NULL,
	"type" text DEFAULT 'chart' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "colors" ADD CONSTRAINT "colors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "colors_organization" ON "colors" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_limit_id_limits_id_fk" FOREIGN KEY ("limit_id") REFERENCES "public"."limits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_triggered_open_series" ON "alarms_triggered" USING btree ("series_id") WHERE "alarms_triggered"."end_at" is null;--> statement-breakpoint
CREATE INDEX "limits_organization_type" ON "limits" USING btree ("organization_id","data_type");
--> statement-breakpoint
-- Hand-written (decision 0066): the limit a series follows, in one place for the API, the alarm engine and reports.
-- Its own; else the nearest organization's (its project's, then the parents') of its type; else the global one;
-- among several, the lowest order, then the oldest.
CREATE FUNCTION olo_effective_limit_id(own_limit integer, organization uuid, measurement text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(own_limit, (
    WITH RECURSIVE chain(id, depth) AS (
      SELECT organization, 0 WHERE organization IS NOT NULL
      UNION ALL
      SELECT o.parent_id, c.depth + 1 FROM organizations o JOIN chain c ON o.id = c.id
      WHERE o.parent_id IS NOT NULL AND c.depth < 32
    )
    SELECT l.id FROM limits l LEFT JOIN chain c ON c.id = l.organization_id
    WHERE l.data_type = measurement AND (l.organization_id IS NULL OR c.id IS NOT NULL)
    ORDER BY c.depth NULLS LAST, l."order", l.id
    LIMIT 1))
$$;--> statement-breakpoint
-- What an effective limit depends on besides limits and series.limit_id (migration 0013's triggers): a series' type,
-- the organization a project is in and an organization's parent.
DROP TRIGGER alarm_rules_series_limit ON series;--> statement-breakpoint
CREATE TRIGGER alarm_rules_series_limit AFTER UPDATE OF limit_id, data_type ON series
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_project_organization AFTER UPDATE OF organization_id ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
CREATE TRIGGER alarm_rules_organization_parent AFTER UPDATE OF parent_id ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION olo_alarm_rules_changed();--> statement-breakpoint
-- Shipped defaults (decision 0067), global and editable by site admins. Band colours have at least 3:1 contrast on
-- white (WCAG non-text contrast): excellent #2b8a3e, good #5c940d, satisfactory #e67700, poor #c92a2a, cold #1971c2,
-- dry #e8590c.
INSERT INTO "colors" ("name", "color", "type", "order") VALUES
  ('Blue', '#0072b2', 'chart', 0),
  ('Vermilion', '#d55e00', 'chart', 1),
  ('Bluish green', '#009e73', 'chart', 2),
  ('Reddish purple', '#cc79a7', 'chart', 3),
  ('Orange', '#c48700', 'chart', 4),
  ('Sky blue', '#4999c6', 'chart', 5),
  ('Black', '#000000', 'chart', 6),
  ('Excellent', '#2b8a3e', 'band', 10),
  ('Good', '#5c940d', 'band', 11),
  ('Satisfactory', '#e67700', 'band', 12),
  ('Poor', '#c92a2a', 'band', 13),
  ('Cold', '#1971c2', 'band', 14),
  ('Dry', '#e8590c', 'band', 15);--> statement-breakpoint
INSERT INTO "limits" ("name", "data_type", "order", "min", "max", "limits", "colors", "maxcolor", "normal_min", "normal_max", "split", "opacity") VALUES
  ('CO2 S2 (Sisäilmastoluokitus 2018)', 'CO2', 0, 400, 2000, '[750,950,1200]', '["#2b8a3e","#5c940d","#e67700"]', '#c92a2a', NULL, 950, true, 0.15),
  ('CO2 S1 (Sisäilmastoluokitus 2018)', 'CO2', 1, 400, 2000, '[750,950,1200]', '["#2b8a3e","#5c940d","#e67700"]', '#c92a2a', NULL, 750, true, 0.15),
  ('CO2 S3 (Sisäilmastoluokitus 2018)', 'CO2', 2, 400, 2000, '[750,950,1200]', '["#2b8a3e","#5c940d","#e67700"]', '#c92a2a', NULL, 1200, true, 0.15),
  ('Temperature S2, heating season', 'Temperature', 0, 10, 35, '[18,20,21,23,24,26]', '["#1971c2","#e67700","#5c940d","#2b8a3e","#5c940d","#e67700"]', '#c92a2a', 20, 24, true, 0.15),
  ('Temperature S1, heating season', 'Temperature', 1, 10, 35, '[18,20,21,23,24,26]', '["#1971c2","#e67700","#5c940d","#2b8a3e","#5c940d","#e67700"]', '#c92a2a', 21, 23, true, 0.15),
  ('Temperature S3, heating season (STM 545/2015)', 'Temperature', 2, 10, 35, '[18,20,21,23,24,26]', '["#1971c2","#e67700","#5c940d","#2b8a3e","#5c940d","#e67700"]', '#c92a2a', 18, 26, true, 0.15),
  ('Indoor humidity 20–60 %', 'Humidity', 0, 0, 100, '[20,25,45,60,70]', '["#e8590c","#5c940d","#2b8a3e","#5c940d","#e67700"]', '#c92a2a', 20, 60, true, 0.15),
  ('Indoor humidity S1 25–45 % (Sisäilmastoluokitus 2008)', 'Humidity', 1, 0, 100, '[20,25,45,60,70]', '["#e8590c","#5c940d","#2b8a3e","#5c940d","#e67700"]', '#c92a2a', 25, 45, true, 0.15),
  ('Structure drying: coverings at 85 % RH', 'Humidity', 10, 0, 100, '[80,85,90]', '["#2b8a3e","#5c940d","#e67700"]', '#c92a2a', NULL, 85, true, 0.15),
  ('Structure drying: coverings at 80 % RH', 'Humidity', 11, 0, 100, '[75,80,90]', '["#2b8a3e","#5c940d","#e67700"]', '#c92a2a', NULL, 80, true, 0.15),
  ('Building envelope pressure difference', 'Paine-ero', 0, -30, 30, '[-10,-5,0,2]', '["#c92a2a","#e67700","#2b8a3e","#5c940d"]', '#c92a2a', -10, 2, true, 0.15),
  ('Building envelope pressure difference', 'Differential pressure', 0, -30, 30, '[-10,-5,0,2]', '["#c92a2a","#e67700","#2b8a3e","#5c940d"]', '#c92a2a', -10, 2, true, 0.15);
