-- Issue 28 item 4: a session signed in with a one-time recovery code (the authenticator lost) may set up a new
-- authenticator without the old one's code; the instant it was so signed in.
ALTER TABLE "sessions" ADD COLUMN "recovered_at" timestamp with time zone;
