ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_status_check" CHECK ("email_deliveries"."status" in ('pending', 'sending', 'committing', 'sent', 'failed', 'skipped'));