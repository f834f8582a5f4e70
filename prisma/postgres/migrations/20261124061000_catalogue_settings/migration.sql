-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "lowStockThreshold" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "syncInventory" BOOLEAN NOT NULL DEFAULT false;

