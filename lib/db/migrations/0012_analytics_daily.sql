CREATE TABLE "desk"."analytics_daily" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date,
	"deployment_id" uuid NOT NULL,
	"version" integer,
	"key" text,
	"user_id" uuid,
	"automatic" boolean,
	"approved" boolean,
	"seconds" double precision,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "analytics_daily_key" UNIQUE NULLS NOT DISTINCT("kind","day","prev_day","deployment_id","version","key","user_id","automatic","approved","seconds","shard")
);
--> statement-breakpoint
CREATE TABLE "desk"."analytics_entry_facts" (
	"entry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date,
	"deployment_id" uuid NOT NULL,
	"version" integer,
	"key" text,
	"user_id" uuid,
	"automatic" boolean,
	"approved" boolean,
	"seconds" double precision,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "desk_analytics_entry_facts_entry_idx" ON "desk"."analytics_entry_facts" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "desk_corrections_entry_idx" ON "desk"."corrections" USING btree ("entry_id","created_at");--> statement-breakpoint
-- The analytics figures kept exact: whenever an entry's history (decisions, corrections) or what
-- the figures read of the entry (deployment, creation time, version, errors) changes, what the
-- entry added to desk.analytics_daily is taken out and recomputed from its whole history. Entries
-- are locked first (in id order, as every writer does), so two refreshes of one entry run one
-- after the other and the second sees the first's facts.
CREATE OR REPLACE FUNCTION desk.analytics_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM desk.entries WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  INSERT INTO desk.analytics_daily AS a
    (kind, day, prev_day, deployment_id, version, key, user_id, automatic, approved, seconds, shard, n)
  SELECT kind, day, prev_day, deployment_id, version, key, user_id, automatic, approved, seconds, s, -sum(n)
  FROM desk.analytics_entry_facts WHERE entry_id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT analytics_daily_key DO UPDATE SET n = a.n + excluded.n;
  DELETE FROM desk.analytics_entry_facts WHERE entry_id = ANY(ids);

  WITH e AS (
    SELECT id, deployment_id, created_at,
           CASE WHEN snapshot ->> 'resource_version_number' ~ '^\s*[-+]?[0-9]{1,9}\s*$'
                THEN (snapshot ->> 'resource_version_number')::int END AS version,
           CASE WHEN error_count > 0 AND jsonb_typeof(snapshot -> 'errors') = 'array'
                THEN snapshot -> 'errors' END AS errors
    FROM desk.entries WHERE id = ANY(ids)
  ),
  reviews AS (
    SELECT entry_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM desk.review_decisions WHERE entry_id = ANY(ids)
    UNION
    SELECT entry_id, (created_at AT TIME ZONE 'UTC')::date FROM desk.corrections WHERE entry_id = ANY(ids)
  ),
  days AS (
    SELECT entry_id, day, lag(day) OVER (PARTITION BY entry_id ORDER BY day) AS prev_day FROM reviews
  ),
  fixes AS (
    SELECT DISTINCT c.entry_id, regexp_replace(p ->> 'path', '/[0-9]+(/|$)', '/*\1', 'g') AS field,
           (c.created_at AT TIME ZONE 'UTC')::date AS day
    FROM desk.corrections c
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.patches) = 'array' THEN c.patches ELSE '[]'::jsonb END) p
    WHERE c.entry_id = ANY(ids)
  ),
  field_days AS (
    SELECT entry_id, field, day, lag(day) OVER (PARTITION BY entry_id, field ORDER BY day) AS prev_day FROM fixes
  ),
  decided AS (
    SELECT entry_id, (created_at AT TIME ZONE 'UTC')::date AS day, user_id, automatic,
           decision = 'approved' AS approved, count(*) AS n
    FROM desk.review_decisions WHERE entry_id = ANY(ids) GROUP BY 1, 2, 3, 4, 5
  ),
  firsts AS (
    SELECT DISTINCT ON (entry_id) entry_id, created_at
    FROM desk.review_decisions WHERE entry_id = ANY(ids) ORDER BY entry_id, created_at, id
  )
  INSERT INTO desk.analytics_entry_facts
    (entry_id, kind, day, prev_day, deployment_id, version, key, user_id, automatic, approved, seconds, n)
  SELECT d.entry_id, 'reviewed', d.day, d.prev_day, e.deployment_id, e.version,
         NULL::text, NULL::uuid, NULL::boolean, NULL::boolean, NULL::float8, 1::bigint
  FROM days d JOIN e ON e.id = d.entry_id
  UNION ALL
  SELECT d.entry_id, 'error', d.day, d.prev_day, e.deployment_id, NULL, err ->> 'code', NULL, NULL, NULL, NULL, count(*)
  FROM days d JOIN e ON e.id = d.entry_id CROSS JOIN LATERAL jsonb_array_elements(e.errors) err
  WHERE e.errors IS NOT NULL
  GROUP BY d.entry_id, d.day, d.prev_day, e.deployment_id, err ->> 'code'
  UNION ALL
  SELECT f.entry_id, 'field', f.day, f.prev_day, e.deployment_id, e.version, f.field, NULL, NULL, NULL, NULL, 1
  FROM field_days f JOIN e ON e.id = f.entry_id
  UNION ALL
  SELECT x.entry_id, 'decision', x.day, NULL, e.deployment_id, NULL, NULL, x.user_id, x.automatic, x.approved, NULL, x.n
  FROM decided x JOIN e ON e.id = x.entry_id
  UNION ALL
  SELECT f.entry_id, 'first', (f.created_at AT TIME ZONE 'UTC')::date, NULL, e.deployment_id, NULL, NULL, NULL, NULL, NULL,
         extract(epoch FROM f.created_at - e.created_at)::float8, 1
  FROM firsts f JOIN e ON e.id = f.entry_id;

  INSERT INTO desk.analytics_daily AS a
    (kind, day, prev_day, deployment_id, version, key, user_id, automatic, approved, seconds, shard, n)
  SELECT kind, day, prev_day, deployment_id, version, key, user_id, automatic, approved, seconds, s, sum(n)
  FROM desk.analytics_entry_facts WHERE entry_id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT analytics_daily_key DO UPDATE SET n = a.n + excluded.n;
  DELETE FROM desk.analytics_daily WHERE shard = s AND n = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION desk.analytics_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT entry_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT entry_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(entry_id) INTO ids
    FROM (SELECT entry_id FROM new_rows UNION SELECT entry_id FROM old_rows) AS changed;
  END IF;
  PERFORM desk.analytics_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION desk.analytics_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(n.id) INTO ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.deployment_id, n.created_at, n.error_count, n.snapshot -> 'errors', n.snapshot ->> 'resource_version_number')
        IS DISTINCT FROM
        (o.deployment_id, o.created_at, o.error_count, o.snapshot -> 'errors', o.snapshot ->> 'resource_version_number')
    AND EXISTS (SELECT 1 FROM desk.analytics_entry_facts f WHERE f.entry_id = n.id);
  PERFORM desk.analytics_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_decisions_insert AFTER INSERT ON desk.review_decisions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_decisions_update AFTER UPDATE ON desk.review_decisions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_decisions_delete AFTER DELETE ON desk.review_decisions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_corrections_insert AFTER INSERT ON desk.corrections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_corrections_update AFTER UPDATE ON desk.corrections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_corrections_delete AFTER DELETE ON desk.corrections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_history_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_entries_update AFTER UPDATE ON desk.entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.analytics_entries_changed();
--> statement-breakpoint
-- Backfill: every entry with a history.
SELECT desk.analytics_refresh(array(SELECT entry_id FROM desk.review_decisions UNION SELECT entry_id FROM desk.corrections));
