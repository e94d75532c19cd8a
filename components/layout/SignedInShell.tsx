import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Every signed-in page: a top bar with the brand, the section's links, who is signed in and
 * Sign out, then the page. `signOut` is the layout's server action (components do not reach
 * into app/).
 */
export function SignedInShell({
  navLabel,
  brand,
  links,
  beforeUser,
  user,
  signOut,
  grayBackground = false,
  children,
}: {
  /** Names the bar's navigation landmark. */
  navLabel: string;
  brand: ReactNode;
  links: ReactNode;
  /** On the right, before the user: a way out of the section. */
  beforeUser?: ReactNode;
  user: { email: string; role: string };
  signOut: () => Promise<void>;
  grayBackground?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-h-screen flex-col ${grayBackground ? 'bg-gray-50' : ''}`}>
      <header className="border-b border-gray-200 bg-white">
        <nav aria-label={navLabel} className="mx-auto flex h-12 max-w-screen-2xl items-center gap-6 px-4">
          {brand}
          {links}
          <div className="ml-auto flex items-center gap-3 text-sm text-gray-600">
            {beforeUser}
            <span>
              {user.email} <span className="text-gray-500">({user.role})</span>
            </span>
            <form action={signOut}>
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
