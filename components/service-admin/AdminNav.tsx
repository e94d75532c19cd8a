'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const links = [
  { href: '/service/structures', label: 'Structures' },
  { href: '/service/deployments', label: 'Deployments' },
  { href: '/service/accounts', label: 'Accounts & keys' },
  { href: '/service/memory', label: 'Learned' },
];

export function AdminNav() {
  const pathname = usePathname();
  return (
    <>
      {links.map((link) => {
        const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? 'page' : undefined}
            className={`text-sm font-medium hover:text-indigo-700 ${active ? 'text-indigo-700' : 'text-gray-700'}`}
          >
            {link.label}
          </Link>
        );
      })}
    </>
  );
}
