import type { NextAuthConfig } from 'next-auth';
import type { UserRole } from '@/lib/db/schema/desk';

declare module 'next-auth' {
  interface User {
    role?: UserRole;
  }
  interface Session {
    user: { id: string; email: string; name: string; role: UserRole };
  }
}

/**
 * The part of the Auth.js configuration that needs no database, shared by `proxy.ts`
 * (which only redirects) and the full configuration in `lib/auth`.
 */
export const authConfig = {
  pages: { signIn: '/login' },
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  trustHost: true,
  providers: [],
  callbacks: {
    authorized({ auth, request }) {
      const loggedIn = !!auth?.user;
      if (request.nextUrl.pathname.startsWith('/login')) return true;
      return loggedIn;
    },
    jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.role = user.role;
      }
      return token;
    },
    session({ session, token }) {
      session.user.id = token.sub ?? '';
      session.user.role = (token.role as UserRole) ?? 'reviewer';
      return session;
    },
  },
} satisfies NextAuthConfig;
