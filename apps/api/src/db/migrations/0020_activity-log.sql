CREATE TABLE "activity_entries" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" varchar(24),
	"actor_name" text,
	"actor_email" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"changes" jsonb,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entries_at_idx" ON "activity_entries" USING btree ("at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" USING btree ("actor_id","at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "activity_entries_kind_idx" ON "activity_entries" USING btree ("kind","at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "activity_entries_record_idx" ON "activity_entries" USING btree ("record_id","at" desc,"id" desc);--> statement-breakpoint
-- The log is append-only (docs/decisions/033-activity-log.md). The one update allowed is the one the
-- foreign key makes itself when an actor's account is deleted: actor_id becomes null and nothing
-- else changes. That update runs inside the foreign key's own trigger, so pg_trigger_depth() is
-- above 1; a plain UPDATE, even one that only clears actor_id, is refused.
CREATE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (NEW.id, NEW.at, NEW.actor_name, NEW.actor_email, NEW.kind, NEW.action, NEW.record_id, NEW.changes, NEW.ip)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.at, OLD.actor_name, OLD.actor_email, OLD.kind, OLD.action, OLD.record_id, OLD.changes, OLD.ip) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_entries: entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_append_only BEFORE UPDATE OR DELETE ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON activity_entries
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_append_only();
