ALTER TABLE "colors" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "limits" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "language" text DEFAULT 'fi' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0166): the colours and limits migration 0015 shipped get their key, so that they are named in
-- the reader's language (packages/shared shippedNames); their stored name becomes the English one. Rows renamed since
-- keep their typed name and no key.
UPDATE "colors" c SET "name_key" = v.key, "name" = v.en FROM (VALUES
  ('Blue', 'color.blue', 'Blue'),
  ('Vermilion', 'color.vermilion', 'Vermilion'),
  ('Bluish green', 'color.bluishGreen', 'Bluish green'),
  ('Reddish purple', 'color.reddishPurple', 'Reddish purple'),
  ('Orange', 'color.orange', 'Orange'),
  ('Sky blue', 'color.skyBlue', 'Sky blue'),
  ('Black', 'color.black', 'Black'),
  ('Excellent', 'color.excellent', 'Excellent'),
  ('Good', 'color.good', 'Good'),
  ('Satisfactory', 'color.satisfactory', 'Satisfactory'),
  ('Poor', 'color.poor', 'Poor'),
  ('Cold', 'color.cold', 'Cold'),
  ('Dry', 'color.dry', 'Dry')
) AS v(shipped, key, en) WHERE c."organization_id" IS NULL AND c."name" = v.shipped;--> statement-breakpoint
UPDATE "limits" l SET "name_key" = v.key, "name" = v.en FROM (VALUES
  ('CO2 S2 (Sisäilmastoluokitus 2018)', 'limit.co2S2', 'CO2 S2 (Indoor Climate Classification 2018)'),
  ('CO2 S1 (Sisäilmastoluokitus 2018)', 'limit.co2S1', 'CO2 S1 (Indoor Climate Classification 2018)'),
  ('CO2 S3 (Sisäilmastoluokitus 2018)', 'limit.co2S3', 'CO2 S3 (Indoor Climate Classification 2018)'),
  ('Temperature S2, heating season', 'limit.temperatureS2', 'Temperature S2, heating season'),
  ('Temperature S1, heating season', 'limit.temperatureS1', 'Temperature S1, heating season'),
  ('Temperature S3, heating season (STM 545/2015)', 'limit.temperatureS3', 'Temperature S3, heating season (STM 545/2015)'),
  ('Indoor humidity 20–60 %', 'limit.indoorHumidity', 'Indoor humidity 20–60 %'),
  ('Indoor humidity S1 25–45 % (Sisäilmastoluokitus 2008)', 'limit.indoorHumidityS1', 'Indoor humidity S1 25–45 % (Indoor Climate Classification 2008)'),
  ('Structure drying: coverings at 85 % RH', 'limit.drying85', 'Structure drying: coverings at 85 % RH'),
  ('Structure drying: coverings at 80 % RH', 'limit.drying80', 'Structure drying: coverings at 80 % RH'),
  ('Building envelope pressure difference', 'limit.envelopePressure', 'Building envelope pressure difference')
) AS v(shipped, key, en) WHERE l."organization_id" IS NULL AND l."name" = v.shipped;
