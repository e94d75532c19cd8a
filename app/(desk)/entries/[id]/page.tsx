import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AssignControl } from '@/components/entries/AssignControl';
import { ReviewStateBadge, StatusBadge } from '@/components/entries/StatusBadge';
import { ClaimBanner } from '@/components/review/ClaimBanner';
import { ReviewWorkspace } from '@/components/review/ReviewWorkspace';
import { requireUser } from '@/lib/auth';
import { listUsers } from '@/lib/auth/users';
import { BlobNotFoundError } from '@/lib/blobs';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { zeroErrorDeployments } from '@/lib/desk/approval';
import { listDecisions } from '@/lib/desk/decisions';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { findDocument, readDocumentBytes } from '@/lib/desk/document-copies';
import { findIndexedEntry, refreshIndexedEntry } from '@/lib/desk/entry-index';
import { entryListHref, entryReviewHref } from '@/lib/desk/entry-links';
import { entryListQuery, nextEntryToReview, parseEntryListView } from '@/lib/desk/entry-list';
import { listDeskCorrections, mergeHistory } from '@/lib/desk/history';
import { listOutbox } from '@/lib/desk/outbox';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { assignEntriesAction } from '../actions';
import { decideEntry, outboxStatus, saveCorrection } from './actions';

export const metadata: Metadata = { title: 'Review' };

export default async function ReviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const { id } = await params;
  const rawQueue = (await searchParams).queue;
  // The list view the reviewer came from: "next entry" follows its filters, "back" returns to it.
  const listView = parseEntryListView(typeof rawQueue === 'string' ? rawQueue : null);
  const filters = { ...listView.filters, viewer: user.id };
  const carried = entryListQuery(listView);
  const listHref = entryListHref(carried);
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const db = await getDb();
  const indexed = await findIndexedEntry(db, id);
  if (!indexed) notFound();

  let entry: Awaited<ReturnType<Awaited<ReturnType<typeof deskClient>>['getEntry']>>;
  try {
    entry = await (await deskClient()).getEntry(id);
    await refreshIndexedEntry(db, entry);
  } catch (error) {
    const message = error instanceof ExtractionApiError ? `${error.message} (${error.code})` : String(error);
    return (
      <main className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-xl font-semibold">{indexed.documentName}</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          The extraction service could not be reached to load this entry: {message}. Try again in a moment.
        </p>
      </main>
    );
  }

  const [deployment, document, deskCorrections, decisions, outbox, nextId, zeroErrors] = await Promise.all([
    findDeskDeployment(db, entry.deployment_id),
    indexed.documentId ? findDocument(db, indexed.documentId) : null,
    listDeskCorrections(db, id),
    listDecisions(db, id),
    listOutbox(db, id),
    nextEntryToReview(db, id, filters),
    zeroErrorDeployments(db),
  ]);
  const history = mergeHistory({ service: entry.corrections, desk: deskCorrections, decisions, outbox });
  // A conflict or refusal stays at the top until the reviewer has saved or decided since; it
  // stays in the history for good.
  const lastActivity = Math.max(
    deskCorrections[0]?.createdAt.getTime() ?? 0,
    decisions[0]?.createdAt.getTime() ?? 0,
  );
  const openOutbox = outbox.filter((o) => o.state === 'pending' || o.createdAt.getTime() > lastActivity);
  const nextHref = nextId ? entryReviewHref(nextId, carried) : null;
  // A text document whose file retention removed shows as missing, like any other document.
  const textBytes = document?.mimeType.startsWith('text/')
    ? await readDocumentBytes(document).catch((error) => {
        if (error instanceof BlobNotFoundError) return null;
        throw error;
      })
    : null;
  const text = textBytes ? new TextDecoder().decode(textBytes) : null;

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-4">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Link href={listHref} className="text-sm text-indigo-700 hover:underline">
          ← Entries
        </Link>
        <h1 className="text-lg font-semibold">{indexed.documentName}</h1>
        <StatusBadge status={entry.status} />
        <ReviewStateBadge state={indexed.reviewState} />
        <span className="hidden text-sm text-gray-500 xl:inline">
          {deployment?.name ?? 'Unknown deployment'} · v{entry.resource_version_number} · {entry.time_ms} ms ·{' '}
          {entry.price.toFixed(2)} EUR
        </span>
      </div>
      <ClaimBanner entryId={id} />
      {user.role === 'admin' && (
        <div className="mb-3">
          <AssignControl
            label="Assigned to"
            users={(await listUsers(db)).map((u) => ({ id: u.id, name: u.name || u.email }))}
            current={indexed.assignedTo}
            assign={async (assigneeId: string) => {
              'use server';
              return assignEntriesAction({ entryIds: [id], assigneeId });
            }}
          />
        </div>
      )}
      <ReviewWorkspace
        entry={entry}
        schema={(deployment?.schema as Record<string, unknown> | null) ?? null}
        document={
          document
            ? {
                src: `/api/documents/${document.id}`,
                textLayerSrc: `/api/documents/${document.id}/text-layer`,
                mimeType: document.mimeType,
                text,
              }
            : null
        }
        save={saveCorrection}
        decide={decideEntry}
        pollOutbox={outboxStatus}
        outbox={openOutbox}
        history={history}
        // "Approved by" holds until the entry is corrected after it (the review state moves on).
        latestDecision={decisions[0] && decisions[0].decision === indexed.reviewState ? decisions[0] : null}
        requireZeroErrors={zeroErrors.has(entry.deployment_id)}
        nextHref={nextHref}
      />
    </main>
  );
}
