CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'any' NOT NULL,
	"mqtt_username" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" uuid,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_calibrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_calibrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meter_id" integer NOT NULL,
	"channel" text NOT NULL,
	"expression" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meter_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"interval" integer,
	"extra" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meter_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meter_id" integer NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"target" text,
	"expression" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_latest" (
	"meter_id" integer PRIMARY KEY NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"f_cnt" integer,
	"data" jsonb,
	"battery" double precision,
	"vdd" double precision,
	"rssi" double precision,
	"snr" double precision,
	"spfact" integer,
	"txpower" double precision,
	"towers" integer,
	"esp" double precision,
	"lat" double precision,
	"lon" double precision,
	"missed" integer DEFAULT 0 NOT NULL,
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meter_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"f_cnt" integer,
	"f_port" integer,
	"payload" "bytea",
	"channels" jsonb,
	"decode_error" text,
	"rssi" double precision,
	"snr" double precision,
	"spfact" integer,
	"txpower" double precision,
	"towers" integer,
	"esp" double precision,
	"vdd" double precision,
	"battery" double precision,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"name" text,
	"description" text,
	"driver" text,
	"organization_id" uuid,
	"organization_since" timestamp with time zone,
	"provider" text,
	"provider_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"in_storage" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"interval_seconds" integer,
	"location" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"battery_reset_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"meter_id" integer
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"space_id" integer,
	"name" text NOT NULL,
	"description" text,
	"data_type" text NOT NULL,
	"data_unit" text,
	"data_name" text,
	"color_id" integer,
	"limit_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"type" text,
	"weather_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_data" (
	"series_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "series_data_series_id_time_pk" PRIMARY KEY("series_id","time")
);
--> statement-breakpoint
CREATE TABLE "series_datasources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_datasources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"series_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"channel" text NOT NULL,
	"start_at" timestamp with time zone,
	"start_inclusive" boolean DEFAULT true NOT NULL,
	"end_at" timestamp with time zone,
	"end_inclusive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_latest" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_rollup_hour" (
	"series_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "series_rollup_hour_series_id_hour_pk" PRIMARY KEY("series_id","hour")
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_calibrations" ADD CONSTRAINT "meter_calibrations_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_commands" ADD CONSTRAINT "meter_commands_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_commands" ADD CONSTRAINT "meter_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_conversions" ADD CONSTRAINT "meter_conversions_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_latest" ADD CONSTRAINT "meter_latest_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_errors" ADD CONSTRAINT "system_errors_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_data" ADD CONSTRAINT "series_data_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_datasources" ADD CONSTRAINT "series_datasources_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_datasources" ADD CONSTRAINT "series_datasources_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_latest" ADD CONSTRAINT "series_latest_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_rollup_hour" ADD CONSTRAINT "series_rollup_hour_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_mqtt_username" ON "integrations" USING btree ("mqtt_username");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_secret_hash" ON "integrations" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "meter_calibrations_meter_channel" ON "meter_calibrations" USING btree ("meter_id","channel","start_at");--> statement-breakpoint
CREATE INDEX "meter_commands_meter_id" ON "meter_commands" USING btree ("meter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_conversions_meter_channel" ON "meter_conversions" USING btree ("meter_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_meter_time_fcnt" ON "meter_readings" USING btree ("meter_id","time",coalesce("f_cnt", -1));--> statement-breakpoint
CREATE UNIQUE INDEX "meters_serial" ON "meters" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "meters_organization_id" ON "meters" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "system_errors_open" ON "system_errors" USING btree ("acknowledged","meter_id");--> statement-breakpoint
CREATE INDEX "series_project_id" ON "series" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "series_datasources_meter_channel" ON "series_datasources" USING btree ("meter_id","channel");--> statement-breakpoint
CREATE INDEX "series_datasources_series_id" ON "series_datasources" USING btree ("series_id");