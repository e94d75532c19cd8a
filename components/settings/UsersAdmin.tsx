'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';

type Role = 'admin' | 'reviewer';
interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
}
type Result<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export function UsersAdmin({
  users,
  meId,
  createUser,
  changeRole,
}: {
  users: UserRow[];
  meId: string;
  createUser: (input: {
    email: string;
    name: string;
    role: Role;
  }) => Promise<Result<{ user: UserRow; password: string }>>;
  changeRole: (input: { userId: string; role: Role }) => Promise<Result<unknown>>;
}) {
  const router = useRouter();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [formError, setFormError] = useState<(Result<unknown> & { ok: false }) | null>(null);
  const [rowMessage, setRowMessage] = useState<{ id: string; tone: 'ok' | 'error'; text: string } | null>(
    null,
  );
  const [pending, start] = useTransition();
  const ids = useId();
  const adminCount = users.filter((u) => u.role === 'admin').length;

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${ids}-list`} className="rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        <h2 id={`${ids}-list`} className="border-b border-gray-200 px-4 py-3 text-sm font-semibold">
          {users.length} user{users.length === 1 ? '' : 's'}
        </h2>
        <table className="min-w-full text-sm">
          <thead className="bg-gray-50 text-left text-xs font-medium text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Email
              </th>
              <th scope="col" className="px-4 py-2">
                Name
              </th>
              <th scope="col" className="px-4 py-2">
                Role
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {users.map((u) => {
              const lastAdmin = u.role === 'admin' && adminCount <= 1;
              return (
                <tr key={u.id} data-user-email={u.email}>
                  <td className="px-4 py-2">
                    {u.email}
                    {u.id === meId && <span className="ml-1 text-xs text-gray-500">(you)</span>}
                  </td>
                  <td className="px-4 py-2 text-gray-700">{u.name}</td>
                  <td className="px-4 py-2">
                    <div className="flex items-center gap-2">
                      <Select
                        aria-label={`Role of ${u.email}`}
                        value={u.role}
                        disabled={pending || lastAdmin}
                        title={lastAdmin ? 'The last admin cannot be demoted' : undefined}
                        className="w-36"
                        onChange={(e) => {
                          const role = e.target.value as Role;
                          start(async () => {
                            const result = await changeRole({ userId: u.id, role });
                            setRowMessage(
                              result.ok
                                ? { id: u.id, tone: 'ok', text: `Now ${role}.` }
                                : { id: u.id, tone: 'error', text: result.message },
                            );
                            router.refresh();
                          });
                        }}
                      >
                        <option value="reviewer">Reviewer</option>
                        <option value="admin">Admin</option>
                      </Select>
                      {lastAdmin && (
                        <span className="whitespace-nowrap text-xs text-gray-500">last admin</span>
                      )}
                      {rowMessage?.id === u.id && (
                        <span
                          role={rowMessage.tone === 'error' ? 'alert' : 'status'}
                          className={`text-xs ${rowMessage.tone === 'error' ? 'text-red-700' : 'text-green-700'}`}
                        >
                          {rowMessage.text}
                        </span>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section
        aria-labelledby={`${ids}-new`}
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200"
      >
        <h2 id={`${ids}-new`} className="mb-3 text-sm font-semibold">
          New user
        </h2>
        <form
          noValidate
          className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const data = new FormData(form);
            start(async () => {
              const result = await createUser({
                email: String(data.get('email') ?? ''),
                name: String(data.get('name') ?? ''),
                role: String(data.get('role') ?? 'reviewer') as Role,
              });
              if (result.ok) {
                setFormError(null);
                setCreated({ email: result.data.user.email, password: result.data.password });
                form.reset();
                router.refresh();
              } else setFormError(result);
            });
          }}
        >
          <div>
            <Label htmlFor={`${ids}-email`}>Email</Label>
            <Input
              id={`${ids}-email`}
              name="email"
              type="email"
              required
              autoComplete="off"
              aria-invalid={formError?.fieldErrors?.email ? true : undefined}
              aria-describedby={formError?.fieldErrors?.email ? `${ids}-email-error` : undefined}
            />
            {formError?.fieldErrors?.email && (
              <p id={`${ids}-email-error`} className="mt-1 text-xs text-red-700">
                {formError.fieldErrors.email[0]}
              </p>
            )}
          </div>
          <div>
            <Label htmlFor={`${ids}-name`}>Name (optional)</Label>
            <Input id={`${ids}-name`} name="name" autoComplete="off" />
          </div>
          <div>
            <Label htmlFor={`${ids}-role`}>Role</Label>
            <Select id={`${ids}-role`} name="role" defaultValue="reviewer">
              <option value="reviewer">Reviewer</option>
              <option value="admin">Admin</option>
            </Select>
          </div>
          <Button type="submit" disabled={pending}>
            Create user
          </Button>
        </form>
        {formError && !formError.fieldErrors && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {formError.message}
          </p>
        )}
        {created && (
          <div role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
            <p>
              <strong>{created.email}</strong> can now sign in with this initial password. It is shown only
              once: copy it now and hand it over safely.
            </p>
            <p className="mt-2 flex items-center gap-2">
              <code
                data-testid="initial-password"
                className="rounded bg-white px-2 py-1 font-mono ring-1 ring-amber-300"
              >
                {created.password}
              </code>
              <Button
                variant="secondary"
                onClick={() => void navigator.clipboard?.writeText(created.password)}
              >
                Copy
              </Button>
              <Button variant="ghost" onClick={() => setCreated(null)}>
                Done
              </Button>
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
