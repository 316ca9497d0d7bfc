CREATE TABLE "alarms_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"trigger_at_end" boolean DEFAULT false NOT NULL,
	"email" text,
	"sms" text,
	"webhook" text,
	"user_id" uuid,
	"secret" text,
	"delivery_status" text,
	"delivery_error" text,
	"delivery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"data_type" text NOT NULL,
	"organization_id" uuid,
	"normal_min" double precision,
	"normal_max" double precision,
	"min" double precision,
	"max" double precision,
	"limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"maxcolor" text,
	"split" boolean DEFAULT false NOT NULL,
	"opacity" double precision,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarms_triggered" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "missing_after" jsonb;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "active_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms_actions" ADD CONSTRAINT "alarms_actions_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms_actions" ADD CONSTRAINT "alarms_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_actions_alarm" ON "alarms_actions" USING btree ("alarm_id");