-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "hyperskuLocationIds" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "productRules" TEXT NOT NULL DEFAULT '{"include":[],"exclude":[]}';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "leftOutLines" TEXT;

