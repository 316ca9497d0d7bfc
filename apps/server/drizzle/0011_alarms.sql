CREATE TABLE "alarm_states" (
	"alarm_id" uuid NOT NULL,
	"series_id" integer NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"pending_since" timestamp with time zone,
	"triggered_id" uuid,
	"started_at" timestamp with time zone,
	"value" double precision,
	"peak" double precision,
	"last_notified_at" timestamp with time zone,
	CONSTRAINT "alarm_states_alarm_id_series_id_pk" PRIMARY KEY("alarm_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"inside" boolean DEFAULT false NOT NULL,
	"data_type" text,
	"range_start" double precision,
	"range_start_inclusive" boolean DEFAULT true NOT NULL,
	"range_end" double precision,
	"range_end_inclusive" boolean DEFAULT true NOT NULL,
	"duration" jsonb,
	"repeat_after" jsonb,
	"hysteresis" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms_series" (
	"alarm_id" uuid NOT NULL,
	"series_id" integer NOT NULL,
	CONSTRAINT "alarms_series_alarm_id_series_id_pk" PRIMARY KEY("alarm_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "alarms_triggered" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_id" uuid NOT NULL,
	"series_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"data" double precision NOT NULL,
	"end_at" timestamp with time zone,
	"peak" double precision,
	"acknowledged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_states" ADD CONSTRAINT "alarm_states_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_states" ADD CONSTRAINT "alarm_states_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_states" ADD CONSTRAINT "alarm_states_triggered_id_alarms_triggered_id_fk" FOREIGN KEY ("triggered_id") REFERENCES "public"."alarms_triggered"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_series" ADD CONSTRAINT "alarms_series_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_series" ADD CONSTRAINT "alarms_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_triggered" ADD CONSTRAINT "alarms_triggered_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_triggered" ADD CONSTRAINT "alarms_triggered_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_triggered" ADD CONSTRAINT "alarms_triggered_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_project" ON "alarms" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "alarms_series_series" ON "alarms_series" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "alarms_triggered_project" ON "alarms_triggered" USING btree ("project_id","acknowledged","time");--> statement-breakpoint
CREATE INDEX "alarms_triggered_alarm" ON "alarms_triggered" USING btree ("alarm_id");