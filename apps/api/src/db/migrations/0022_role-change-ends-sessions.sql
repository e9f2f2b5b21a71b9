-- Any change of role ends the account's sessions (docs/decisions/029-customer-sessions.md): an
-- admin's when it stops being one, and a customer's when the account becomes an admin, so that a
-- storefront token (and its socket) never outlives the role it was issued for.
CREATE OR REPLACE FUNCTION revoke_sessions_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.role IS DISTINCT FROM OLD.role
     OR (OLD.is_active AND NOT NEW.is_active) THEN
    UPDATE sessions SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END $$;
