-- One conversation per customer from now on (decision 030): should an older database hold several
-- for one customer, their messages move into the customer's most recent one and the rest go.
UPDATE messages m SET conversation_id = d.keep FROM (
  SELECT id, first_value(id) OVER (PARTITION BY user_id ORDER BY coalesce(last_message_at, '-infinity'::timestamptz) DESC, id DESC) AS keep
  FROM conversations
) d WHERE m.conversation_id = d.id AND d.id <> d.keep;--> statement-breakpoint
UPDATE conversations c SET admin_unread = true
WHERE NOT c.admin_unread AND EXISTS (SELECT 1 FROM conversations o WHERE o.user_id = c.user_id AND o.id <> c.id AND o.admin_unread);--> statement-breakpoint
DELETE FROM conversations c USING (
  SELECT id, first_value(id) OVER (PARTITION BY user_id ORDER BY coalesce(last_message_at, '-infinity'::timestamptz) DESC, id DESC) AS keep
  FROM conversations
) d WHERE c.id = d.id AND d.id <> d.keep;--> statement-breakpoint
DROP INDEX "conversations_user_id_idx";--> statement-breakpoint
DROP INDEX "conversations_last_message_at_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_user_id_key" ON "conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversations_activity_idx" ON "conversations" USING btree (coalesce("last_message_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "conversations_participant_name_trgm_idx" ON "conversations" USING gin (lower("participant_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","id");