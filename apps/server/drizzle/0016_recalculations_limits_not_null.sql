CREATE TABLE "recalculations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recalculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meter_id" integer NOT NULL,
	"channel" text,
	"request_series_ids" integer[],
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"drop_readings" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"started_by" uuid,
	"series_ids" integer[] DEFAULT '{}' NOT NULL,
	"project_ids" integer[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"readings_done" integer DEFAULT 0 NOT NULL,
	"readings_total" integer,
	"cursor" timestamp with time zone,
	"touched_series_ids" integer[] DEFAULT '{}' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- The API has always written these; rows from before get the values the GraphQL fields gave for null.
UPDATE "limits" SET "min" = coalesce("min", 0), "max" = coalesce("max", 0), "maxcolor" = coalesce("maxcolor", '#000000'), "opacity" = coalesce("opacity", 0) WHERE "min" IS NULL OR "max" IS NULL OR "maxcolor" IS NULL OR "opacity" IS NULL;--> statement-breakpoint
ALTER TABLE "limits" ALTER COLUMN "min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "limits" ALTER COLUMN "max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "limits" ALTER COLUMN "maxcolor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "limits" ALTER COLUMN "opacity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recalculations" ADD CONSTRAINT "recalculations_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalculations" ADD CONSTRAINT "recalculations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recalculations_meter" ON "recalculations" USING btree ("meter_id","created_at");--> statement-breakpoint
CREATE INDEX "recalculations_series" ON "recalculations" USING gin ("series_ids");--> statement-breakpoint
CREATE INDEX "recalculations_projects" ON "recalculations" USING gin ("project_ids");