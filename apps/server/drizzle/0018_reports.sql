CREATE TABLE "print_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"css" text DEFAULT '' NOT NULL,
	"margin" text DEFAULT '15mm' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_covers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_covers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cover" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"dataslots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"landscape" boolean DEFAULT false NOT NULL,
	"cover_id" integer,
	"printtemplate_id" integer,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"template" boolean DEFAULT false NOT NULL,
	"summary" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_templates" ADD CONSTRAINT "print_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_covers" ADD CONSTRAINT "report_covers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_cover_id_report_covers_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."report_covers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_printtemplate_id_print_templates_id_fk" FOREIGN KEY ("printtemplate_id") REFERENCES "public"."print_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_templates_organization_id" ON "print_templates" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "report_covers_organization_id" ON "report_covers" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "reports_project_id" ON "reports" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_public_id" ON "reports" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "reports_template" ON "reports" USING btree ("project_id") WHERE template;