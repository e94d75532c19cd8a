/** A read-only, scrollable view of a JSON value; focusable so it scrolls by keyboard too. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <section aria-label={label}>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed text-gray-100"
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
