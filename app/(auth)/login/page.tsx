import type { Metadata } from 'next';
import { LoginForm } from '@/components/layout/LoginForm';
import { login } from './actions';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string }>;
}) {
  const { callbackUrl } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700">Emend</p>
          <h1 className="mt-1 text-sm text-gray-600">Sign in to the review desk</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <LoginForm callbackUrl={callbackUrl ?? '/'} login={login} />
        </div>
      </div>
    </main>
  );
}
