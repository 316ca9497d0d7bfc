CREATE TABLE "application_bindings" (
	"provider" text NOT NULL,
	"application" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"integration_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_bindings_provider_application_organization_id_pk" PRIMARY KEY("provider","application","organization_id")
);
--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "route_from_organization" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "route_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "application_bindings" ADD CONSTRAINT "application_bindings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bindings" ADD CONSTRAINT "application_bindings_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_route_organization_id_organizations_id_fk" FOREIGN KEY ("route_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand below; see docs/decisions/0145. The owners Olo learned before from its meters'
-- routes (their uplinks, or a site admin's moves) keep their applications.
INSERT INTO "application_bindings" ("provider", "application", "organization_id")
SELECT DISTINCT "provider", coalesce("provider_info"->>'topicApplication', "provider_info"->>'applicationId'), "organization_id"
FROM "meters"
WHERE "organization_id" IS NOT NULL
  AND "provider" IN ('tts', 'chirpstack')
  AND coalesce("provider_info"->>'topicApplication', "provider_info"->>'applicationId') IS NOT NULL
ON CONFLICT DO NOTHING;
