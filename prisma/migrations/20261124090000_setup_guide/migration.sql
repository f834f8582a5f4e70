-- The dashboard's first-run setup guide (app/domain/admin/setup-guide.ts): when the merchant
-- dismissed it, the steps they marked done themselves (JSON array of step ids) and when the
-- forwarding settings were last saved (which ticks "Review what is sent and when").
ALTER TABLE "Shop" ADD COLUMN "setupGuideDismissedAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "setupStepsDone" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "Shop" ADD COLUMN "settingsSavedAt" DATETIME;

-- Shops past their first run (HyperSKU already has one of their orders) never see the guide: it
-- counts as dismissed when they installed.
UPDATE "Shop" SET "setupGuideDismissedAt" = "installedAt"
WHERE "setupGuideDismissedAt" IS NULL
  AND EXISTS (SELECT 1 FROM "Order" WHERE "Order"."shop" = "Shop"."domain" AND "Order"."hyperskuOrderId" IS NOT NULL);
