-- Issue 8 §3: the superadmin created on a first start without demo data must replace its one-time password
-- at the first sign-in; until then the API refuses everything but the password change and the sign-out.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Whatever path changes the password (reset link, administration), the pending change is then done.
CREATE FUNCTION "users_password_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.must_change_password := false;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_password_changed" BEFORE UPDATE OF "password_hash" ON "users" FOR EACH ROW
  WHEN (NEW.password_hash IS DISTINCT FROM OLD.password_hash AND NEW.must_change_password IS NOT DISTINCT FROM OLD.must_change_password)
  EXECUTE FUNCTION "users_password_changed"();
