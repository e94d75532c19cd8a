'use client';

import { useEditor, useRows } from '@/components/review/editor/context';
import { FormField } from '@/components/review/editor/FormField';
import { useFieldMessages } from '@/components/review/editor/problem-store';
import { FieldMessages } from '@/components/review/fields';
import { Button } from '@/components/ui/button';
import { FIELD_TYPES } from '@/lib/review/field-types';
import type { ListNode } from '@/lib/review/form-model';
import { newRow, nodeName, rowValueName } from '@/lib/review/form-values';

/** An array of primitives: one input per item (keyed by a stable id), with add and remove. */
export function ListField({ node }: { node: ListNode }) {
  const { problems } = useEditor();
  const name = nodeName(node.pointer);
  const { fields, append, remove } = useRows(name);
  const messages = useFieldMessages(problems, node.pointer);
  return (
    <fieldset className="min-w-0 rounded-md p-3 ring-1 ring-gray-200">
      <legend className="px-1 text-sm font-semibold text-gray-800">
        {node.label} <span className="font-normal text-gray-500">({fields.length})</span>
      </legend>
      <FieldMessages messages={messages} />
      <ul className="space-y-1.5">
        {fields.map((item, i) => (
          <li key={item.id} className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <FormField
                pointer={`${node.pointer}/${i}`}
                name={rowValueName(name, i)}
                label={`${node.label} ${i + 1}`}
                fieldType={node.fieldType}
                enumValues={node.enumValues}
                hideLabel
              />
            </div>
            <Button variant="ghost" aria-label={`Remove ${node.label} ${i + 1}`} onClick={() => remove(i)}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-2"
        aria-label={`Add an item to ${node.label}`}
        onClick={() => append(newRow(FIELD_TYPES[node.fieldType].empty))}
      >
        Add item
      </Button>
    </fieldset>
  );
}
