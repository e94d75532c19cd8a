/** What the server said about one field, under it; the field's aria-describedby names `id`. */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages.join(' ')}
    </p>
  );
}
