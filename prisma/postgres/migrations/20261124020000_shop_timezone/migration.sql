-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "timezone" TEXT;

