ALTER TABLE "desk"."entry_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "desk"."entry_counts" DROP CONSTRAINT "entry_counts_deployment_id_status_review_state_pk";--> statement-breakpoint
ALTER TABLE "desk"."entry_counts" ADD CONSTRAINT "entry_counts_deployment_id_status_review_state_shard_pk" PRIMARY KEY("deployment_id","status","review_state","shard");--> statement-breakpoint
-- Sharded counters: each statement adds to the shard of its connection (backend pid mod 16), so
-- writers on different connections no longer wait for one row lock per (deployment, status,
-- review state). Counts stay exact: readers sum the shards. Same key order as before: no deadlocks.
CREATE OR REPLACE FUNCTION desk.entry_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, shard, n, price_eur)
    SELECT deployment_id, status, review_state, s, count(*), coalesce(sum((snapshot->>'price')::numeric), 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state, shard)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, shard, n, price_eur)
    SELECT deployment_id, status, review_state, s, -count(*), -coalesce(sum((snapshot->>'price')::numeric), 0)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state, shard)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  ELSE
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, shard, n, price_eur)
    SELECT deployment_id, status, review_state, s, sum(d), sum(p)
    FROM (
      SELECT deployment_id, status, review_state, 1 AS d, coalesce((snapshot->>'price')::numeric, 0) AS p FROM new_rows
      UNION ALL
      SELECT deployment_id, status, review_state, -1, -coalesce((snapshot->>'price')::numeric, 0) FROM old_rows
    ) AS change
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(p) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state, shard)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  END IF;
  RETURN NULL;
END $$;
