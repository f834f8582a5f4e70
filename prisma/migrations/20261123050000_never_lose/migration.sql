-- AlterTable
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "confirmHash" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingExpiresAt" DATETIME;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingHyperskuUserId" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingTokenSetSealed" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "startedByUserId" TEXT;

-- CreateTable
CREATE TABLE "RedactedOrder" (
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "redactedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,

    PRIMARY KEY ("shop", "shopifyOrderId")
);

-- CreateIndex
CREATE UNIQUE INDEX "HyperskuAuthorizationState_confirmHash_key" ON "HyperskuAuthorizationState"("confirmHash");


-- Orders erased before tombstones existed get one, so a later version of them is ignored too.
INSERT OR IGNORE INTO "RedactedOrder" ("shop", "shopifyOrderId", "redactedAt", "source")
SELECT o."shop", o."shopifyOrderId", MIN(e."at"),
       CASE WHEN MAX(e."message" LIKE '%shop/redact%') = 1 THEN 'shop/redact' ELSE 'customers/redact' END
FROM "Order" o JOIN "OrderEvent" e ON e."orderId" = o."id"
WHERE e."kind" = 'privacy' AND e."outcome" = 'redacted'
GROUP BY o."shop", o."shopifyOrderId";
