ALTER TABLE "series_datasources" ADD COLUMN "function_id" text;--> statement-breakpoint
ALTER TABLE "series_datasources" ADD COLUMN "extra_channels" jsonb DEFAULT '[]'::jsonb NOT NULL;