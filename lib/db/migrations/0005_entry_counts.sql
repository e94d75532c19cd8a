CREATE TABLE "desk"."entry_counts" (
	"deployment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"review_state" text NOT NULL,
	"n" bigint NOT NULL,
	"price_eur" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "entry_counts_deployment_id_status_review_state_pk" PRIMARY KEY("deployment_id","status","review_state")
);
--> statement-breakpoint
-- Keeps desk.entry_counts exact. Statement-level triggers with transition tables: one counter
-- write per (deployment, status, review state) touched by a statement, in key order so that
-- concurrent statements lock counters in the same order and cannot deadlock.
CREATE FUNCTION desk.entry_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, n, price_eur)
    SELECT deployment_id, status, review_state, count(*), coalesce(sum((snapshot->>'price')::numeric), 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, n, price_eur)
    SELECT deployment_id, status, review_state, -count(*), -coalesce(sum((snapshot->>'price')::numeric), 0)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  ELSE
    INSERT INTO desk.entry_counts AS c (deployment_id, status, review_state, n, price_eur)
    SELECT deployment_id, status, review_state, sum(d), sum(p)
    FROM (
      SELECT deployment_id, status, review_state, 1 AS d, coalesce((snapshot->>'price')::numeric, 0) AS p FROM new_rows
      UNION ALL
      SELECT deployment_id, status, review_state, -1, -coalesce((snapshot->>'price')::numeric, 0) FROM old_rows
    ) AS change
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(p) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (deployment_id, status, review_state)
    DO UPDATE SET n = c.n + excluded.n, price_eur = c.price_eur + excluded.price_eur;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER entry_counts_insert AFTER INSERT ON desk.entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.entry_counts_apply();
--> statement-breakpoint
CREATE TRIGGER entry_counts_update AFTER UPDATE ON desk.entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.entry_counts_apply();
--> statement-breakpoint
CREATE TRIGGER entry_counts_delete AFTER DELETE ON desk.entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk.entry_counts_apply();
--> statement-breakpoint
INSERT INTO desk.entry_counts (deployment_id, status, review_state, n, price_eur)
SELECT deployment_id, status, review_state, count(*), coalesce(sum((snapshot->>'price')::numeric), 0)
FROM desk.entries GROUP BY 1, 2, 3;
