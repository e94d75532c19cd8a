/** A read-only, scrollable view of a JSON value. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <section aria-label={label}>
      <pre className="max-h-[32rem] overflow-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed text-gray-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
