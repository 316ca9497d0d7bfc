ALTER TABLE "print_templates" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "print_templates" ADD COLUMN "table_header_color" text;