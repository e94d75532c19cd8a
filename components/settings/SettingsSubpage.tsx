import Link from 'next/link';
import type { ReactNode } from 'react';

/** A page under Settings: the way back to Settings, the title, what the page is for, then its content. */
export function SettingsSubpage({
  title,
  intro,
  wide = false,
  back = true,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** For tables with many columns. */
  wide?: boolean;
  /** Off where the reader cannot open Settings (a reviewer on their own tokens). */
  back?: boolean;
  children: ReactNode;
}) {
  return (
    <main className={`mx-auto ${wide ? 'max-w-5xl' : 'max-w-4xl'} space-y-4 px-4 py-6`}>
      {back && (
        <Link href="/settings" className="text-sm text-indigo-700 hover:underline">
          ← Settings
        </Link>
      )}
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-gray-600">{intro}</p>
      {children}
    </main>
  );
}
