-- HyperSKU call health per shop (app/domain/connection/call-health.server.ts): since when calls fail
-- because HyperSKU does not answer, the last such failure in a few words, and the failures in a row
-- (counted up to the outage threshold). Shared by every process and kept across restarts.
ALTER TABLE "HyperskuConnection" ADD COLUMN "failingSince" DATETIME;
ALTER TABLE "HyperskuConnection" ADD COLUMN "lastFailure" TEXT;
ALTER TABLE "HyperskuConnection" ADD COLUMN "failedCallsInARow" INTEGER NOT NULL DEFAULT 0;
