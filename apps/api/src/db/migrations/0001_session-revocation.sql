-- Sessions end at once when the password changes, the role leaves admin or the account is deactivated
-- (docs/decisions/002-session-tokens.md). Kept in the database so that no code path can forget it.
CREATE FUNCTION revoke_sessions_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR (OLD.role = 'admin' AND NEW.role <> 'admin')
     OR (OLD.is_active AND NOT NEW.is_active) THEN
    UPDATE sessions SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_revoke_sessions AFTER UPDATE OF password_hash, role, is_active ON users
  FOR EACH ROW EXECUTE FUNCTION revoke_sessions_on_user_change();
--> statement-breakpoint
-- Every instance listens on 'session_revoked' and disconnects that session's sockets.
CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_revoked', OLD.id);
  ELSIF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL THEN
    PERFORM pg_notify('session_revoked', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_revoked AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
