import Link from 'next/link';
import type { ReactNode } from 'react';

/** A link in the top bar; `current` marks the section the reader is in. */
export function NavLink({
  href,
  current = false,
  children,
}: {
  href: string;
  current?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`text-sm font-medium hover:text-indigo-700 ${current ? 'text-indigo-700' : 'text-gray-700'}`}
    >
      {children}
    </Link>
  );
}
