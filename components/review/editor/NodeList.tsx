'use client';

import { memo } from 'react';
import { useEditor } from '@/components/review/editor/context';
import { FormField } from '@/components/review/editor/FormField';
import { ListField } from '@/components/review/editor/ListField';
import { useFieldMessages } from '@/components/review/editor/problem-store';
import { TableField } from '@/components/review/editor/TableField';
import { FieldMessages } from '@/components/review/fields';
import { FIELD_TYPES } from '@/lib/review/field-types';
import type { FieldNode, FormNode, ObjectNode } from '@/lib/review/form-model';
import { nodeName } from '@/lib/review/form-values';

/** Plain fields in a two-column grid first, then fieldsets, lists and tables full width. */
export const NodeList = memo(function NodeList({ nodes }: { nodes: FormNode[] }) {
  const fields = nodes.filter((n): n is FieldNode => n.kind === 'field' && !FIELD_TYPES[n.fieldType].wide);
  const wide = nodes.filter((n) => !fields.includes(n as FieldNode));
  return (
    <>
      {fields.length > 0 && (
        <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
          {fields.map((n) => (
            <Field key={n.pointer} node={n} />
          ))}
        </div>
      )}
      {wide.map((n) => {
        if (n.kind === 'field') return <Field key={n.pointer} node={n} />;
        if (n.kind === 'list') return <ListField key={n.pointer} node={n} />;
        if (n.kind === 'table') return <TableField key={n.pointer} node={n} />;
        return <ObjectFieldset key={n.pointer} node={n} />;
      })}
    </>
  );
});

function Field({ node }: { node: FieldNode }) {
  return (
    <FormField
      pointer={node.pointer}
      name={nodeName(node.pointer)}
      label={node.label}
      fieldType={node.fieldType}
      enumValues={node.enumValues}
      required={node.required}
      description={node.description}
    />
  );
}

function ObjectFieldset({ node }: { node: ObjectNode }) {
  const { problems } = useEditor();
  const messages = useFieldMessages(problems, node.pointer);
  return (
    <fieldset className="min-w-0 rounded-md p-3 ring-1 ring-gray-200">
      <legend className="px-1 text-sm font-semibold text-gray-800">
        {node.label}
        {node.required && <span className="text-red-600"> *</span>}
      </legend>
      <FieldMessages messages={messages} />
      <div className="space-y-3">
        {node.children.length > 0 ? (
          <NodeList nodes={node.children} />
        ) : (
          <p className="text-xs text-gray-500">Empty.</p>
        )}
      </div>
    </fieldset>
  );
}
