import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { requireUser, signOut } from '@/lib/auth';

export const dynamic = 'force-dynamic';

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  async function logout() {
    'use server';
    await signOut({ redirectTo: '/login' });
  }
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-gray-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex h-12 max-w-screen-2xl items-center gap-6 px-4">
          <Link href="/" className="text-lg font-bold tracking-tight text-indigo-700">
            Emend
          </Link>
          <Link href="/" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
            Dashboard
          </Link>
          <Link href="/entries" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
            Entries
          </Link>
          <Link href="/runs" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
            Runs
          </Link>
          <Link href="/upload" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
            New extraction
          </Link>
          <Link href="/analytics" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
            Analytics
          </Link>
          <Link
            href={user.role === 'admin' ? '/settings' : '/settings/tokens'}
            className="text-sm font-medium text-gray-700 hover:text-indigo-700"
          >
            {user.role === 'admin' ? 'Settings' : 'API tokens'}
          </Link>
          {user.role === 'admin' && (
            <Link
              href="/service/structures"
              className="text-sm font-medium text-gray-700 hover:text-indigo-700"
            >
              Service
            </Link>
          )}
          {user.role === 'admin' && (
            <Link href="/settings/users" className="text-sm font-medium text-gray-700 hover:text-indigo-700">
              Users
            </Link>
          )}
          <div className="ml-auto flex items-center gap-3 text-sm text-gray-600">
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
