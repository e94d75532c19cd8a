import type { Metadata } from 'next';
import Link from 'next/link';
import { RunUploadForm } from '@/components/upload/RunUploadForm';
import { UploadForm } from '@/components/upload/UploadForm';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { currentDeployments } from '@/lib/desk/deployments';
import { MAX_RUN_FILE_BYTES, MAX_RUN_UPLOAD_BYTES } from '@/lib/desk/runs/uploads';
import { runExtraction } from './actions';

export const metadata: Metadata = { title: 'New extraction' };

function Tab({ href, active, children }: { href: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-white text-indigo-700 shadow-sm ring-1 ring-gray-200' : 'text-gray-600 hover:text-indigo-700'}`}
    >
      {children}
    </Link>
  );
}

export default async function UploadPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const user = await requireUser();
  const many = (await searchParams).mode === 'many';
  const db = await getDb();
  // Fresh within 30 s (and at once after a change in the dashboard): new deployments need no restart.
  const deployments = await currentDeployments(db, deskClient);
  const options = deployments.map((d) => ({ id: d.id, name: d.name }));
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-xl font-semibold">New extraction</h1>
      <nav aria-label="Extraction mode" className="my-3 inline-flex gap-1 rounded-lg bg-gray-100 p-1">
        <Tab href="/upload" active={!many}>
          One document
        </Tab>
        <Tab href="/upload?mode=many" active={many}>
          Many documents
        </Tab>
      </nav>
      {many ? (
        <p className="mb-4 text-sm text-gray-600">
          Send many files, a ZIP of files, or URLs as one run: one document runs asynchronously, more go in
          batches of up to 100. The run&apos;s page shows their progress live.
        </p>
      ) : (
        <p className="mb-4 text-sm text-gray-600">
          Upload a document (PDF, image, Word, text) or paste text, pick a deployment, and Emend extracts its
          data synchronously.
        </p>
      )}
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        {many ? (
          <RunUploadForm
            deployments={options}
            isAdmin={user.role === 'admin'}
            maxUploadBytes={MAX_RUN_UPLOAD_BYTES}
            maxFileBytes={MAX_RUN_FILE_BYTES}
          />
        ) : (
          <UploadForm deployments={options} runExtraction={runExtraction} />
        )}
      </div>
    </main>
  );
}
