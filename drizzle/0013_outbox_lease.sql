-- A message being handed to the mail server is leased (leased_until) instead of having its next
-- attempt pushed back: a crash's lease is told apart from a retry's delay, so it can be released.
ALTER TABLE "email_outbox" ADD COLUMN "leased_until" timestamp with time zone;
