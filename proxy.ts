import NextAuth from 'next-auth';
import { authConfig } from '@/lib/auth/auth.config';

// Only redirects to the login page; every page, action and route checks the session itself.
export default NextAuth(authConfig).auth;

export const config = {
  matcher: ['/((?!v3|api|_next/static|_next/image|favicon.ico|favicon.svg|pdf.worker.min.mjs).*)'],
};
