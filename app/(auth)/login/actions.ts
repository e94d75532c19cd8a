'use server';

import { AuthError } from 'next-auth';
import { signIn } from '@/lib/auth';

export async function login(_state: string | null, form: FormData): Promise<string | null> {
  try {
    await signIn('credentials', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      redirectTo: safeRedirect(String(form.get('callbackUrl') ?? '/')),
    });
    return null;
  } catch (error) {
    // One message for every failure: it must not tell which accounts exist or are throttled.
    if (error instanceof AuthError) return 'Wrong email or password, or too many attempts. Try again later.';
    throw error; // the redirect after a successful sign-in
  }
}

/** Only paths on this site: never redirect a user elsewhere after login. */
function safeRedirect(target: string): string {
  return target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
