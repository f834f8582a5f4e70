-- AlterTable
ALTER TABLE "HyperskuConnection" ADD COLUMN     "failedCallsInARow" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "failingSince" TIMESTAMP(3),
ADD COLUMN     "lastFailure" TEXT;

