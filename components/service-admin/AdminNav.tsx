'use client';

import { usePathname } from 'next/navigation';
import { NavLink } from '@/components/layout/NavLink';

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
      {links.map((link) => (
        <NavLink
          key={link.href}
          href={link.href}
          current={pathname === link.href || pathname.startsWith(`${link.href}/`)}
        >
          {link.label}
        </NavLink>
      ))}
    </>
  );
}
