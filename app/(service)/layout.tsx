import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AdminNav } from '@/components/service-admin/AdminNav';
import { Button } from '@/components/ui/button';
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
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <nav aria-label="Service" className="mx-auto flex h-12 max-w-screen-2xl items-center gap-6 px-4">
          <Link href="/service/structures" className="flex items-baseline gap-1.5">
            <span className="text-lg font-bold tracking-tight text-indigo-700">Emend</span>
            <span className="text-sm font-semibold text-gray-500">Service</span>
          </Link>
          <AdminNav />
          <div className="ml-auto flex items-center gap-3 text-sm text-gray-600">
            <Link href="/entries" className="font-medium text-gray-700 hover:text-indigo-700">
              ← Back to the desk
            </Link>
            <span>
              {user.email} <span className="text-gray-500">({user.role})</span>
            </span>
            <form action={logout}>
              <Button type="submit" variant="ghost">
                Sign out
              </Button>
            </form>
          </div>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
    </div>
  );
}
