/** A run's progress: finished items in green, failed ones in red, the rest gray. */
export function ProgressBar({
  total,
  completed,
  failed,
  label,
}: {
  total: number;
  completed: number;
  failed: number;
  label: string;
}) {
  const pct = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  const done = completed + failed;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} finished${failed ? `, ${failed} failed` : ''}`}
      className="flex h-2.5 w-full overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200 ring-inset"
    >
      <div className="h-full bg-green-500 transition-all" style={{ width: `${pct(completed)}%` }} />
      <div className="h-full bg-red-500 transition-all" style={{ width: `${pct(failed)}%` }} />
    </div>
  );
}
