import type { Metadata } from 'next';
import Link from 'next/link';
import { SendingToggle } from '@/components/settings/SendingToggle';
import { Card } from '@/components/ui/card';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { isSendingPaused, outboxCounts } from '@/lib/desk/outbox';
import { extractionApiUrl } from '@/lib/env';
import { setSendingPausedAction } from './actions';

export const metadata: Metadata = { title: 'Settings' };

/** The pages under Settings, each a card with a link to it. */
const SECTIONS = [
  {
    href: '/settings/users',
    title: 'Users',
    text: 'Create users, choose who is an admin.',
    open: 'Manage users →',
  },
  {
    href: '/settings/deployments',
    title: 'Deployments',
    text: 'Approval rules per deployment.',
    open: 'Manage deployments →',
  },
  {
    href: '/settings/webhooks',
    title: 'Webhooks',
    text: 'Send approvals, rejections, corrections and finished runs to your systems.',
    open: 'Open →',
  },
  {
    href: '/settings/routing',
    title: 'Routing',
    text: 'Auto-approve clean, confident entries per deployment.',
    open: 'Open →',
  },
  {
    href: '/settings/tokens',
    title: 'API tokens',
    text: 'Your personal tokens for the desk API.',
    open: 'Open →',
  },
  {
    href: '/audit',
    title: 'Audit log',
    text: 'Who did what to which entry, run, user or setting.',
    open: 'Open →',
  },
];

export default async function SettingsPage() {
  await requireUser('admin');
  const db = await getDb();
  const [paused, counts] = await Promise.all([isSendingPaused(db), outboxCounts(db)]);
  return (
    <main className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <h1 className="text-xl font-semibold">Settings</h1>
      {SECTIONS.map((c) => (
        <Card
          key={c.href}
          title={c.title}
          actions={
            <Link href={c.href} className="text-sm text-indigo-700 hover:underline">
              {c.open}
            </Link>
          }
        >
          <p className="text-sm text-gray-600">{c.text}</p>
        </Card>
      ))}
      <Card title="Extraction service">
        <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">Address</dt>
          <dd className="font-mono">{extractionApiUrl()}</dd>
          <dt className="text-gray-600">Corrections waiting to be sent</dt>
          <dd data-testid="outbox-pending">{counts.pending}</dd>
          <dt className="text-gray-600">Conflicts / refused</dt>
          <dd>
            {counts.conflict} / {counts.failed}
          </dd>
        </dl>
        <SendingToggle paused={paused} setPaused={setSendingPausedAction} />
      </Card>
    </main>
  );
}
