-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "settingsSavedAt" TIMESTAMP(3),
ADD COLUMN     "setupGuideDismissedAt" TIMESTAMP(3),
ADD COLUMN     "setupStepsDone" TEXT NOT NULL DEFAULT '[]';


-- Shops past their first run (HyperSKU already has one of their orders) never see the guide: it
-- counts as dismissed when they installed.
UPDATE "Shop" SET "setupGuideDismissedAt" = "installedAt"
WHERE "setupGuideDismissedAt" IS NULL
  AND EXISTS (SELECT 1 FROM "Order" WHERE "Order"."shop" = "Shop"."domain" AND "Order"."hyperskuOrderId" IS NOT NULL);
