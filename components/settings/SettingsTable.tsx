import type { ReactNode } from 'react';

/**
 * The plain table inside a settings card (no card of its own, unlike ui/Table): small headings,
 * then the rows, whose last cell holds the row's buttons under an empty heading.
 */
export function SettingsTable({
  label,
  headings,
  alignTop = false,
  children,
}: {
  label?: string;
  headings: string[];
  /** For rows whose cells grow (a list that opens): the other cells stay at the top. */
  alignTop?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="min-w-full text-sm" aria-label={label}>
      <thead className="text-left text-xs text-gray-600">
        <tr>
          {headings.map((heading, i) => (
            <th key={heading} className={i === 0 ? 'py-1' : undefined}>
              {heading}
            </th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody className={alignTop ? 'divide-y divide-gray-100 align-top' : 'divide-y divide-gray-100'}>
        {children}
      </tbody>
    </table>
  );
}
