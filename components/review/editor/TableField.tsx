'use client';

import { memo } from 'react';
import { useEditor, useRows } from '@/components/review/editor/context';
import { FormField } from '@/components/review/editor/FormField';
import { focusField } from '@/components/review/editor/focus';
import { useFieldMessages } from '@/components/review/editor/problem-store';
import { FieldMessages, fieldId } from '@/components/review/fields';
import { Button } from '@/components/ui/button';
import { type Column, cellPointer, emptyRow, type TableNode } from '@/lib/review/form-model';
import { newRow, nodeName, rowValueName, safeKey } from '@/lib/review/form-values';

/**
 * An array of objects as a table. Rows are keyed by stable ids, not by position: after a row
 * is removed, the rows below keep their own inputs, typed text and sources.
 */
export function TableField({ node }: { node: TableNode }) {
  const { problems } = useEditor();
  const name = nodeName(node.pointer);
  const { fields, append, remove, move } = useRows(name);
  const messages = useFieldMessages(problems, node.pointer);
  const titleId = `${fieldId(node.pointer)}-title`;
  const addRow = () => {
    append(newRow(emptyRow(node.columns)), { shouldFocus: false });
    // Focus the new row's first cell once it is rendered.
    const first = node.columns[0];
    const index = fields.length;
    if (first) requestAnimationFrame(() => focusField(cellPointer(node.pointer, index, first.key)));
  };
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-md ring-1 ring-gray-200">
      <header className="flex items-center justify-between gap-2 px-3 py-2">
        <h3 id={titleId} className="text-sm font-semibold text-gray-800">
          {node.label} <span className="font-normal text-gray-500">({fields.length})</span>
          {node.required && <span className="text-red-600"> *</span>}
        </h3>
        <Button variant="secondary" onClick={addRow}>
          Add row
        </Button>
      </header>
      <div className="px-3">
        <FieldMessages messages={messages} />
      </div>
      {fields.length === 0 ? (
        <p className="px-3 pb-3 text-xs text-gray-500">No rows.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="bg-gray-50 text-left text-xs font-medium text-gray-600">
              <tr>
                <th scope="col" className="w-8 px-2 py-1.5">
                  #
                </th>
                {node.columns.map((c) => (
                  <th key={c.key} scope="col" className="px-2 py-1.5">
                    {c.label}
                    {c.required && <span className="text-red-600"> *</span>}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5">
                  <span className="sr-only">Row actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {fields.map((row, i) => (
                <TableRow
                  key={row.id}
                  table={node.pointer}
                  name={name}
                  columns={node.columns}
                  index={i}
                  last={i === fields.length - 1}
                  move={move}
                  remove={remove}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface TableRowProps {
  table: string;
  name: string;
  columns: Column[];
  index: number;
  last: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

const TableRow = memo(function TableRow({
  table,
  name,
  columns,
  index: i,
  last,
  move,
  remove,
}: TableRowProps) {
  const { problems } = useEditor();
  const rowPointer = `${table}/${i}`;
  const rowMessages = useFieldMessages(problems, rowPointer);
  return (
    <>
      <tr className="align-top">
        <td className="px-2 py-1.5 text-xs text-gray-500">{i + 1}</td>
        {columns.map((c) => (
          <td key={c.key} className={`px-1 py-1 ${c.fieldType === 'json' ? 'min-w-48' : 'min-w-24'}`}>
            <FormField
              pointer={cellPointer(table, i, c.key)}
              name={`${rowValueName(name, i)}.${safeKey(c.key)}`}
              label={`${c.label}, row ${i + 1}`}
              fieldType={c.fieldType}
              enumValues={c.enumValues}
              required={c.required}
              hideLabel
            />
          </td>
        ))}
        <td className="whitespace-nowrap px-1 py-1">
          <Button
            variant="ghost"
            className="px-1.5"
            aria-label={`Move row ${i + 1} up`}
            disabled={i === 0}
            onClick={() => move(i, i - 1)}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            className="px-1.5"
            aria-label={`Move row ${i + 1} down`}
            disabled={last}
            onClick={() => move(i, i + 1)}
          >
            ↓
          </Button>
          <Button
            variant="ghost"
            className="px-1.5"
            aria-label={`Remove row ${i + 1}`}
            onClick={() => remove(i)}
          >
            ✕
          </Button>
        </td>
      </tr>
      {rowMessages.length > 0 && (
        <tr>
          <td />
          <td colSpan={columns.length + 1} className="px-1 pb-1.5">
            <FieldMessages messages={rowMessages} />
          </td>
        </tr>
      )}
    </>
  );
});
