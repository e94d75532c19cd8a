import { ProgressBar } from './ProgressBar';

/** A run's progress in a list of runs: the bar, then "finished / total". */
export function RunProgress({
  run,
  countClassName,
}: {
  run: { name: string; totalItems: number; completedItems: number; failedItems: number };
  /** The count's color (and figures), to suit the list it stands in. */
  countClassName: string;
}) {
  return (
    <>
      <ProgressBar
        total={run.totalItems}
        completed={run.completedItems}
        failed={run.failedItems}
        label={`Progress of ${run.name}`}
      />
      <span className={`text-xs ${countClassName}`}>
        {run.completedItems + run.failedItems} / {run.totalItems}
      </span>
    </>
  );
}
