import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState, PageHeader } from '@/components/ui/table';

/**
 * A list page of the service: the title and what the things listed are, the list, and on the
 * right the form that adds one. `emptyMessage`, when given, stands in for the empty list.
 */
export function ListPageWithForm({
  title,
  description,
  emptyMessage,
  formTitle,
  form,
  children,
}: {
  title: string;
  description: string;
  emptyMessage?: ReactNode;
  formTitle: string;
  form: ReactNode;
  /** The list. */
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader title={title} description={description} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">{emptyMessage ? <EmptyState>{emptyMessage}</EmptyState> : children}</div>
        <Card title={formTitle}>{form}</Card>
      </div>
    </main>
  );
}
