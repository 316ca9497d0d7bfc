DROP INDEX "users_email";--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_email_user" ON "user_emails" USING btree ("email","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "user_emails" USING btree ("email") WHERE "user_emails"."is_verified";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee" CHECK ("invitations"."email" is not null or "invitations"."username" is not null);