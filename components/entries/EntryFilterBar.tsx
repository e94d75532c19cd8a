'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterBarProps {
  values: {
    q: string;
    status: string;
    review: string;
    deployment: string;
    errors: string;
    from: string;
    to: string;
    assigned: string;
    by: string;
  };
  /** Kept as they are when the form is sent (the run or batch scope, the sort order). */
  hidden: Record<string, string>;
  statusOptions: FilterOption[];
  reviewOptions: FilterOption[];
  deploymentOptions: FilterOption[];
  filtered: boolean;
}

const label = 'mb-1 block text-xs font-medium text-gray-700';

/**
 * The list's filters as a plain GET form, so a view is a link that can be shared and works
 * without JavaScript; with it, choosing in a menu applies at once.
 */
export function EntryFilterBar({
  values,
  hidden,
  statusOptions,
  reviewOptions,
  deploymentOptions,
  filtered,
}: FilterBarProps) {
  const form = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const apply = () => form.current?.requestSubmit();
  return (
    <form
      ref={form}
      action="/entries"
      method="get"
      aria-label="Filter entries"
      className="mb-4 grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-200 md:grid-cols-4 xl:grid-cols-[minmax(12rem,2fr)_repeat(6,minmax(0,1fr))_repeat(2,minmax(9.5rem,1fr))_auto]"
      onSubmit={(e) => {
        // Same request as the plain form, without the empty fields in the address.
        e.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(e.currentTarget)) {
          if (typeof value === 'string' && value.trim()) params.append(name, value.trim());
        }
        router.push(`/entries${params.size ? `?${params}` : ''}`);
      }}
      onChange={(e) => {
        const target = e.target as HTMLElement;
        if (target.tagName === 'SELECT' || (target as HTMLInputElement).type === 'date') apply();
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="col-span-2 md:col-span-4 xl:col-span-1">
        <label htmlFor="entry-search" className={label}>
          Search
        </label>
        <Input
          id="entry-search"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder="Name, id, value, metadata…"
        />
      </div>
      <FilterSelect
        id="filter-status"
        name="status"
        text="Status"
        value={values.status}
        options={statusOptions}
      />
      <FilterSelect
        id="filter-review"
        name="review"
        text="Review"
        value={values.review}
        options={reviewOptions}
      />
      <FilterSelect
        id="filter-deployment"
        name="deployment"
        text="Deployment"
        value={values.deployment}
        options={deploymentOptions}
      />
      <FilterSelect
        id="filter-errors"
        name="errors"
        text="Errors"
        value={values.errors}
        options={[
          { value: 'with', label: 'With errors' },
          { value: 'without', label: 'Without errors' },
        ]}
      />
      <FilterSelect
        id="filter-assigned"
        name="assigned"
        text="Assigned"
        value={values.assigned}
        options={[
          { value: 'me', label: 'To me' },
          { value: 'unassigned', label: 'To nobody' },
        ]}
      />
      <FilterSelect
        id="filter-by"
        name="by"
        text="Decided by"
        value={values.by}
        options={[
          { value: 'system', label: 'System (auto)' },
          { value: 'person', label: 'A person' },
        ]}
      />
      <div>
        <label htmlFor="filter-from" className={label}>
          Created from
        </label>
        <Input id="filter-from" name="from" type="date" defaultValue={values.from} />
      </div>
      <div>
        <label htmlFor="filter-to" className={label}>
          Created to
        </label>
        <Input id="filter-to" name="to" type="date" defaultValue={values.to} />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit">Apply</Button>
        {filtered && (
          <Link href="/entries" className={buttonClasses('ghost')}>
            Clear
          </Link>
        )}
      </div>
    </form>
  );
}

function FilterSelect({
  id,
  name,
  text,
  value,
  options,
}: {
  id: string;
  name: string;
  text: string;
  value: string;
  options: FilterOption[];
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <Select id={id} name={name} defaultValue={value}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
