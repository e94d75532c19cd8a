/** Server-rendered SVG charts: no chart library, no JavaScript in the browser. */

export interface Bar {
  label: string;
  value: number;
  /** What is written at the end of the bar (default: the value). */
  text?: string;
}

/** Horizontal bars, one per row, scaled to the largest value (or to `max`). */
export function BarChart({ bars, title, max }: { bars: Bar[]; title: string; max?: number }) {
  if (bars.length === 0) return <p className="text-sm text-gray-600">Nothing in this range.</p>;
  const top = max ?? Math.max(...bars.map((b) => b.value), 1);
  const row = 22;
  const labelWidth = 180;
  const width = 560;
  const barSpace = width - labelWidth - 70;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${bars.length * row + 4}`}
      className="w-full max-w-2xl"
    >
      <title>{title}</title>
      {bars.map((b, i) => {
        const y = i * row + 2;
        const w = Math.max(1, (b.value / top) * barSpace);
        return (
          <g key={b.label}>
            <text x={labelWidth - 6} y={y + 14} textAnchor="end" fontSize="12" fill="#374151">
              {b.label.length > 28 ? `${b.label.slice(0, 27)}…` : b.label}
            </text>
            <rect x={labelWidth} y={y + 3} width={w} height={row - 8} rx="2" fill="#6366f1" />
            <text x={labelWidth + w + 6} y={y + 14} fontSize="12" fill="#111827">
              {b.text ?? b.value.toLocaleString('en-GB')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Columns over time (one per day), with the first and last day written under them. */
export function ColumnChart({ points, title }: { points: { day: string; n: number }[]; title: string }) {
  if (points.length === 0) return <p className="text-sm text-gray-600">Nothing in this range.</p>;
  const width = 560;
  const height = 140;
  const top = Math.max(...points.map((p) => p.n), 1);
  const step = width / points.length;
  return (
    <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height + 20}`} className="w-full max-w-2xl">
      <title>{title}</title>
      {points.map((p, i) => {
        const h = Math.max(1, (p.n / top) * (height - 14));
        return (
          <rect
            key={p.day}
            x={i * step + 1}
            y={height - h}
            width={Math.max(1, step - 2)}
            height={h}
            fill="#10b981"
          >
            <title>{`${p.day}: ${p.n}`}</title>
          </rect>
        );
      })}
      <text x="0" y={height + 14} fontSize="11" fill="#4b5563">
        {points[0].day}
      </text>
      <text x={width} y={height + 14} fontSize="11" fill="#4b5563" textAnchor="end">
        {points[points.length - 1].day}
      </text>
      <text x="0" y="10" fontSize="11" fill="#4b5563">
        max {top.toLocaleString('en-GB')}
      </text>
    </svg>
  );
}
