import Link from 'next/link';
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/**
 * The desk's table look: a white card with a gray header row. `framed={false}` leaves out the
 * card, for a table inside a card of its own.
 */
export function Table({
  children,
  label,
  framed = true,
}: {
  children: ReactNode;
  label?: string;
  framed?: boolean;
}) {
  const table = (
    <table aria-label={label} className="min-w-full divide-y divide-gray-200 text-sm">
      {children}
    </table>
  );
  return framed ? (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-200">{table}</div>
  ) : (
    <div className="overflow-x-auto">{table}</div>
  );
}

export function Thead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={`px-4 py-2.5 ${className}`} {...props} />;
}

export function Tbody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-gray-100">{children}</tbody>;
}

export function Td({ className = '', ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-2.5 ${className}`} {...props} />;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-600">
      {children}
    </div>
  );
}

export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The page this one was opened from: a "← label" link above the title. */
  back?: { href: string; label: string };
}) {
  return (
    <div className="mb-5">
      {back && (
        <div className="mb-2 text-sm">
          <Link href={back.href} className="text-indigo-700 hover:underline">
            {`← ${back.label}`}
          </Link>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">{title}</h1>
          {description && <p className="mt-0.5 text-sm text-gray-600">{description}</p>}
        </div>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** A short id in monospace, the whole id in its title. */
export function Id({ value }: { value: string }) {
  return (
    <code title={value} className="font-mono text-xs text-gray-600">
      {value}
    </code>
  );
}
