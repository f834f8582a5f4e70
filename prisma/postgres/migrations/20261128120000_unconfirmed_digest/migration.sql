-- A digest the mail server received but never confirmed (app/domain/notifications/send-digest.server.ts):
-- its Message-ID, content fingerprint and when it went, so it is sent again only after a wait and
-- with the same Message-ID.
-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "lastDigestUnconfirmedAt" TIMESTAMP(3),
ADD COLUMN     "lastDigestUnconfirmedFingerprint" TEXT,
ADD COLUMN     "lastDigestUnconfirmedId" TEXT;

