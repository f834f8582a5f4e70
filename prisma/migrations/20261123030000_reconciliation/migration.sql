-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "lastReconciledAt" DATETIME;

