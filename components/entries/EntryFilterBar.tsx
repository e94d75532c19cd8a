'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ReactNode, useRef } from 'react';
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

type FilterName = keyof FilterBarProps['values'];

const ERROR_OPTIONS: FilterOption[] = [
  { value: 'with', label: 'With errors' },
  { value: 'without', label: 'Without errors' },
];
const ASSIGNED_OPTIONS: FilterOption[] = [
  { value: 'me', label: 'To me' },
  { value: 'unassigned', label: 'To nobody' },
];
const DECIDED_BY_OPTIONS: FilterOption[] = [
  { value: 'system', label: 'System (auto)' },
  { value: 'person', label: 'A person' },
];

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
  const menus: { name: FilterName; text: string; options: FilterOption[] }[] = [
    { name: 'status', text: 'Status', options: statusOptions },
    { name: 'review', text: 'Review', options: reviewOptions },
    { name: 'deployment', text: 'Deployment', options: deploymentOptions },
    { name: 'errors', text: 'Errors', options: ERROR_OPTIONS },
    { name: 'assigned', text: 'Assigned', options: ASSIGNED_OPTIONS },
    { name: 'by', text: 'Decided by', options: DECIDED_BY_OPTIONS },
  ];
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
      <Filter id="entry-search" text="Search" className="col-span-2 md:col-span-4 xl:col-span-1">
        <Input
          id="entry-search"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder="Name, id, value, metadata…"
        />
      </Filter>
      {menus.map((m) => (
        <FilterSelect key={m.name} name={m.name} text={m.text} value={values[m.name]} options={m.options} />
      ))}
      <FilterDate name="from" text="Created from" value={values.from} />
      <FilterDate name="to" text="Created to" value={values.to} />
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

/** One filter of the bar: its label above its control. */
function Filter({
  id,
  text,
  className,
  children,
}: {
  id: string;
  text: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-700">
        {text}
      </label>
      {children}
    </div>
  );
}

/** A menu of one filter; its id is `filter-{name}`, and "Any" leaves the filter out. */
function FilterSelect({
  name,
  text,
  value,
  options,
}: {
  name: string;
  text: string;
  value: string;
  options: FilterOption[];
}) {
  return (
    <Filter id={`filter-${name}`} text={text}>
      <Select id={`filter-${name}`} name={name} defaultValue={value}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Filter>
  );
}

/** One end of the creation-date range; its id is `filter-{name}`. */
function FilterDate({ name, text, value }: { name: string; text: string; value: string }) {
  return (
    <Filter id={`filter-${name}`} text={text}>
      <Input id={`filter-${name}`} name={name} type="date" defaultValue={value} />
    </Filter>
  );
}
