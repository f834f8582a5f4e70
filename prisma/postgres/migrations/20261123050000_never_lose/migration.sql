-- AlterTable
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN     "confirmHash" TEXT,
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "pendingExpiresAt" TIMESTAMP(3),
ADD COLUMN     "pendingHyperskuUserId" TEXT,
ADD COLUMN     "pendingTokenSetSealed" TEXT,
ADD COLUMN     "startedByUserId" TEXT;

-- CreateTable
CREATE TABLE "RedactedOrder" (
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "redactedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,

    CONSTRAINT "RedactedOrder_pkey" PRIMARY KEY ("shop","shopifyOrderId")
);

-- CreateIndex
CREATE UNIQUE INDEX "HyperskuAuthorizationState_confirmHash_key" ON "HyperskuAuthorizationState"("confirmHash");


-- Orders erased before tombstones existed get one, so a later version of them is ignored too.
INSERT INTO "RedactedOrder" ("shop", "shopifyOrderId", "redactedAt", "source")
SELECT o."shop", o."shopifyOrderId", MIN(e."at"),
       CASE WHEN bool_or(e."message" LIKE '%shop/redact%') THEN 'shop/redact' ELSE 'customers/redact' END
FROM "Order" o JOIN "OrderEvent" e ON e."orderId" = o."id"
WHERE e."kind" = 'privacy' AND e."outcome" = 'redacted'
GROUP BY o."shop", o."shopifyOrderId"
ON CONFLICT DO NOTHING;
