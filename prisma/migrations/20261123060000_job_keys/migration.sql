-- A job is (type, subject): the unique key of a pending or running job becomes "type:subjectId",
-- or "type" without a subject (app/queue/job.ts, jobKey). Finished jobs hold no key.

-- "Send past orders" was unique per shop with the run as its subject; the shop is now the subject.
UPDATE "Job"
SET "subjectId" = (SELECT "Backfill"."shop" FROM "Backfill" WHERE "Backfill"."id" = "Job"."subjectId")
WHERE "type" = 'backfill_orders' AND "status" IN ('pending', 'running')
  AND EXISTS (SELECT 1 FROM "Backfill" WHERE "Backfill"."id" = "Job"."subjectId");

UPDATE "Job"
SET "uniqueKey" = CASE WHEN "subjectId" IS NULL THEN "type" ELSE "type" || ':' || "subjectId" END
WHERE "status" IN ('pending', 'running') AND "uniqueKey" IS NOT NULL;
