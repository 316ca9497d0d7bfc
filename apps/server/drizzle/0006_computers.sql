CREATE TABLE "computers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "computers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"hostname" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_errors" ADD COLUMN "computer_id" integer;--> statement-breakpoint
ALTER TABLE "series_latest" ADD COLUMN "computer_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "computers_name" ON "computers" USING btree ("name");--> statement-breakpoint
ALTER TABLE "system_errors" ADD CONSTRAINT "system_errors_computer_id_computers_id_fk" FOREIGN KEY ("computer_id") REFERENCES "public"."computers"("id") ON DELETE set null ON UPDATE no action;