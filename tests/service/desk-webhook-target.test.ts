import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@/lib/db/schema/service';
import { recordDelivery, runDelivery } from '@/lib/service/webhooks/deliveries';
import { databaseKinds } from '../support/database';
import { type Harness, startServiceHarness } from '../support/service-harness';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 11: this server's loopback port is the desk's receiver; only the desk's own account may
// send webhooks there. Any other API key's holder gets the public-address rules.
describe.each(databaseKinds)('webhooks to the desk’s loopback receiver on $name', ({ target }) => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    h = await startServiceHarness(target);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });

  it('are delivered for the desk’s account only', async () => {
    const other = await h.newAccount('someone-else');
    const host = new URL(receiver.url).host;
    const ctx = {
      ...h.context,
      webhookAllowHosts: [],
      deskWebhookHosts: [host],
      deskAccountId: async () => h.accountId,
    };
    const send = async (accountId: string) => {
      const id = await recordDelivery(h.database.db, {
        accountId,
        webhook: { url: receiver.url },
        event: 'structurer.completed',
        data: { entry_id: accountId },
      });
      await runDelivery(ctx, id, 10);
      const [row] = await h.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row;
    };
    expect(await send(h.accountId)).toMatchObject({ status: 'delivered' });
    const refused = await send(other.accountId);
    expect(refused.status).not.toBe('delivered');
    expect(refused.errorMessage).toMatch(/not allowed/);
    expect(receiver.received.map((r) => r.body.data.entry_id)).toEqual([h.accountId]);
  });
});
