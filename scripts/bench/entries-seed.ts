import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { runItems, runs } from '@/lib/db/schema/desk';

/**
 * `total` varied entries made by the database itself (realistic snapshots with line items),
 * their deployments, and a 100-entry run whose id is returned; then VACUUM ANALYZE, the state
 * autovacuum (PostgreSQL) or the embedded maintenance (PGlite) keeps a live desk in.
 */
export async function seedEntries(
  database: Database,
  total: number,
  deploymentIds: string[],
): Promise<string> {
  const { db } = database;
  const deployments = sql.raw(`array['${deploymentIds.join("','")}']::uuid[]`);
  for (let from = 1; from <= total; from += 10_000) {
    const to = Math.min(total, from + 9_999);
    await db.execute(sql`
      insert into desk.entries
        (id, deployment_id, batch_id, document_name, status, error_count, review_state, snapshot, created_at, updated_at)
      select
        gen_random_uuid(),
        (${deployments})[1 + i % 3],
        case when i % 4 = 0 then md5('batch-' || (i / 100))::uuid end,
        (array['northwind','contoso','fabrikam','litware','tailspin','adatum','wingtip','proseware'])[1 + i % 8]
          || '-invoice-' || i || '.pdf',
        (array['completed','completed','completed','completed_with_errors','failed'])[1 + i % 5],
        case i % 5 when 3 then 1 + i % 4 when 4 then 1 else 0 end,
        (array['to_review','to_review','corrected','approved','rejected'])[1 + (i / 7) % 5],
        jsonb_build_object(
          'data', jsonb_build_object(
            'invoice_number', 'INV-' || lpad(i::text, 7, '0'),
            'issue_date', to_char(date '2026-01-01' + (i % 300), 'YYYY-MM-DD'),
            'seller', jsonb_build_object('name', (array['Northwind Traders','Contoso Ltd','Fabrikam GmbH','Litware Inc'])[1 + i % 4], 'vat_id', 'GB' || (100000000 + i % 9000)),
            'buyer', jsonb_build_object('name', 'Customer ' || (i % 2000)),
            'currency', 'EUR',
            'subtotal', (i % 1000) * 1.25, 'tax', (i % 1000) * 0.25, 'total', (i % 1000) * 1.5,
            'line_items', jsonb_build_array(
              jsonb_build_object('description', 'Widget ' || (i % 97), 'quantity', 1 + i % 9, 'amount', i % 500),
              jsonb_build_object('description', 'Service hour', 'quantity', 2, 'amount', 90))),
          'metadata', jsonb_build_object('customer_ref', 'CR-' || i)),
        timestamptz '2026-01-01 00:00:00Z' + i * interval '1 minute',
        timestamptz '2026-01-01 00:00:00Z' + i * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await db.execute(sql`
    insert into desk.deployments (id, name, source)
    select d, 'Deployment ' || n, 'manual' from unnest(${deployments}) with ordinality as t(d, n)`);
  // A 100-document run, for the run filter.
  const [run] = await db
    .insert(runs)
    .values({ name: 'bench run', deploymentId: deploymentIds[0], mode: 'batch', totalItems: 100 })
    .returning();
  await db.execute(sql`
    insert into ${runItems} (run_id, position, item_index, entry_id, document_name)
    select ${run.id}::uuid, row_number() over () - 1, row_number() over () - 1, id, document_name
    from (select id, document_name from desk.entries order by created_at limit 100) e`);
  await db.execute(sql`vacuum analyze desk.entries`);
  return run.id;
}
