import Link from 'next/link';
import type { ReactNode } from 'react';
import { NavLink } from '@/components/layout/NavLink';
import { SignedInShell } from '@/components/layout/SignedInShell';
import { requireUser, signOut } from '@/lib/auth';

export const dynamic = 'force-dynamic';

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  async function logout() {
    'use server';
    await signOut({ redirectTo: '/login' });
  }
  const admin = user.role === 'admin';
  const links = [
    { href: '/', label: 'Dashboard' },
    { href: '/entries', label: 'Entries' },
    { href: '/runs', label: 'Runs' },
    { href: '/upload', label: 'New extraction' },
    { href: '/analytics', label: 'Analytics' },
    // Reviewers cannot open Settings; their own API tokens are all of it they may change.
    admin ? { href: '/settings', label: 'Settings' } : { href: '/settings/tokens', label: 'API tokens' },
    ...(admin
      ? [
          { href: '/service/structures', label: 'Service' },
          { href: '/settings/users', label: 'Users' },
        ]
      : []),
  ];
  return (
    <SignedInShell
      navLabel="Main"
      brand={
        <Link href="/" className="text-lg font-bold tracking-tight text-indigo-700">
          Emend
        </Link>
      }
      links={links.map((link) => (
        <NavLink key={link.href} href={link.href}>
          {link.label}
        </NavLink>
      ))}
      user={user}
      signOut={logout}
    >
      {children}
    </SignedInShell>
  );
}
