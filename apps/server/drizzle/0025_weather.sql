CREATE TABLE "project_weathers" (
	"project_id" integer NOT NULL,
	"weather_id" integer NOT NULL,
	"distance_km" double precision,
	"backfill_from" timestamp with time zone,
	"backfill_until" timestamp with time zone,
	"backfilled_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_weathers_project_id_weather_id_pk" PRIMARY KEY("project_id","weather_id")
);
--> statement-breakpoint
CREATE TABLE "weather_observations" (
	"weather_id" integer NOT NULL,
	"channel" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "weather_observations_weather_id_channel_time_pk" PRIMARY KEY("weather_id","channel","time")
);
--> statement-breakpoint
CREATE TABLE "weather_pages" (
	"weather_id" integer NOT NULL,
	"page_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_pages_weather_id_page_start_pk" PRIMARY KEY("weather_id","page_start")
);
--> statement-breakpoint
CREATE TABLE "weathers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weathers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"station_key" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"fetched_at" timestamp with time zone,
	"observed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "weather_channel" text;--> statement-breakpoint
ALTER TABLE "project_weathers" ADD CONSTRAINT "project_weathers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_weathers" ADD CONSTRAINT "project_weathers_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_observations" ADD CONSTRAINT "weather_observations_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_pages" ADD CONSTRAINT "weather_pages_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_weathers_weather_id" ON "project_weathers" USING btree ("weather_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weathers_provider_station" ON "weathers" USING btree ("provider","station_key");--> statement-breakpoint
-- Hand-written: no weather source existed before this migration, so a series naming one names nothing.
UPDATE "series" SET "weather_id" = NULL WHERE "weather_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_weather_id_weathers_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_weather_id" ON "series" USING btree ("weather_id");