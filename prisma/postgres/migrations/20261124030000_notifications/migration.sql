-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "digestInterval" TEXT NOT NULL DEFAULT 'daily',
ADD COLUMN     "lastDigestAt" TIMESTAMP(3),
ADD COLUMN     "lastDigestCheckAt" TIMESTAMP(3),
ADD COLUMN     "lastDigestError" TEXT,
ADD COLUMN     "lastDigestFingerprint" TEXT,
ADD COLUMN     "noTrackingDays" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "notificationEmails" TEXT NOT NULL DEFAULT '[]';

