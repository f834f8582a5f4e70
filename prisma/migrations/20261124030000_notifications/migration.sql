-- E-mail notifications (app/domain/notifications): the merchant's addresses and digest settings,
-- and what the last digest was (when the mail server accepted it, its content's fingerprint).
ALTER TABLE "Shop" ADD COLUMN "notificationEmails" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "Shop" ADD COLUMN "digestInterval" TEXT NOT NULL DEFAULT 'daily';
ALTER TABLE "Shop" ADD COLUMN "noTrackingDays" INTEGER NOT NULL DEFAULT 5;
ALTER TABLE "Shop" ADD COLUMN "lastDigestAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "lastDigestFingerprint" TEXT;
ALTER TABLE "Shop" ADD COLUMN "lastDigestCheckAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "lastDigestError" TEXT;
