import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SignedInShell } from '@/components/layout/SignedInShell';
import { AdminNav } from '@/components/service-admin/AdminNav';
import { requireUser, signOut } from '@/lib/auth';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: { default: 'Service', template: '%s · Service · Emend' } };

/** The local v3 service's own dashboard: admins only. */
export default async function ServiceLayout({ children }: { children: ReactNode }) {
  const user = await requireUser('admin');
  async function logout() {
    'use server';
    await signOut({ redirectTo: '/login' });
  }
  return (
    <SignedInShell
      navLabel="Service"
      brand={
        <Link href="/service/structures" className="flex items-baseline gap-1.5">
          <span className="text-lg font-bold tracking-tight text-indigo-700">Emend</span>
          <span className="text-sm font-semibold text-gray-500">Service</span>
        </Link>
      }
      links={<AdminNav />}
      beforeUser={
        <Link href="/entries" className="font-medium text-gray-700 hover:text-indigo-700">
          ← Back to the desk
        </Link>
      }
      user={user}
      signOut={logout}
      grayBackground
    >
      {children}
    </SignedInShell>
  );
}
