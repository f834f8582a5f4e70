-- A digest the mail server received but never confirmed (app/domain/notifications/send-digest.server.ts):
-- its Message-ID, content fingerprint and when it went, so it is sent again only after a wait and
-- with the same Message-ID.
ALTER TABLE "Shop" ADD COLUMN "lastDigestUnconfirmedId" TEXT;
ALTER TABLE "Shop" ADD COLUMN "lastDigestUnconfirmedFingerprint" TEXT;
ALTER TABLE "Shop" ADD COLUMN "lastDigestUnconfirmedAt" DATETIME;
