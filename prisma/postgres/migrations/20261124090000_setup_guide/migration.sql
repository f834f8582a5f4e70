-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "settingsSavedAt" TIMESTAMP(3),
ADD COLUMN     "setupGuideDismissedAt" TIMESTAMP(3),
ADD COLUMN     "setupStepsDone" TEXT NOT NULL DEFAULT '[]';

