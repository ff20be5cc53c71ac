import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatKip } from '../../lib/format';
import { fitLabel, labelStride, niceScale, tickLabel } from './chart-scale';

export interface ReportChartRow {
  label: string;
  [series: string]: number | string;
}

export interface ReportChartSeries {
  key: string;
  label: string;
  kind: 'bar' | 'line';
  color?: string;
  /** Amounts in kip: drawn on the left axis and shown as '1,234 ₭'; counts use the right one. */
  money?: boolean;
}

export interface ReportChartProps {
  rows: ReportChartRow[];
  series: ReportChartSeries[];
  height?: number;
}

const PALETTE = ['#065c3f', '#0084FF', '#f59e0b', '#9c27b0', '#e53935', '#00897b'];
const PAD = { top: 12, right: 44, bottom: 28, left: 52 };
const LABEL_WIDTH = 56;

const figure = (row: ReportChartRow, key: string) => {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};
const shown = (s: ReportChartSeries, v: number) => (s.money ? formatKip(v) : v.toLocaleString('en-US'));

/** The width the chart's box has now: the SVG is drawn in real pixels so text never stretches. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || 600);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A small SVG bar and line chart (no chart library): money on the left axis, counts on the
 * right, one band per row. It fills its box's width; hovering a band shows its figures.
 */
export function ReportChart({ rows, series, height = 240 }: ReportChartProps) {
  const [ref, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? PALETTE[i % PALETTE.length] }));
  const money = colored.filter((s) => s.money);
  const counts = colored.filter((s) => !s.money);
  const maxOf = (list: typeof colored) =>
    Math.max(0, ...rows.flatMap((r) => list.map((s) => figure(r, s.key))));
  const left = niceScale(maxOf(money.length ? money : counts));
  const right = money.length && counts.length ? niceScale(maxOf(counts)) : null;
  const scaleOf = (s: ReportChartSeries) => (s.money || !right ? left : right);

  const plotW = Math.max(1, width - PAD.left - (right ? PAD.right : 12));
  const plotH = Math.max(1, height - PAD.top - PAD.bottom);
  const band = plotW / Math.max(1, rows.length);
  const bars = colored.filter((s) => s.kind === 'bar');
  const barW = Math.max(1, Math.min(28, (band * 0.7) / Math.max(1, bars.length)));
  const y = (v: number, max: number) => PAD.top + plotH - (v / max) * plotH;
  const stride = labelStride(rows.length, plotW, LABEL_WIDTH);
  const hovered = hover === null ? null : rows[hover];

  return (
    <Box ref={ref} sx={{ position: 'relative', width: '100%', minWidth: 0 }} data-testid="report-chart">
      <svg
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={colored.map((s) => s.label).join(', ')}
        onMouseMove={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const x = ((e.clientX - box.left) / box.width) * width - PAD.left;
          const i = Math.floor(x / band);
          setHover(i >= 0 && i < rows.length ? i : null);
        }}
        onMouseLeave={() => setHover(null)}
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        {left.ticks.map((t) => (
          <g key={`l${t}`}>
            <line
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(t, left.max)}
              y2={y(t, left.max)}
              stroke="#e0e0e0"
            />
            <text x={PAD.left - 6} y={y(t, left.max)} dy="0.32em" textAnchor="end" fontSize={11} fill="#666">
              {tickLabel(t)}
            </text>
          </g>
        ))}
        {right?.ticks.map((t) => (
          <text
            key={`r${t}`}
            x={PAD.left + plotW + 6}
            y={y(t, right.max)}
            dy="0.32em"
            fontSize={11}
            fill="#666"
          >
            {tickLabel(t)}
          </text>
        ))}
        {rows.map((row, i) => {
          const x0 = PAD.left + i * band;
          const start = x0 + (band - barW * bars.length) / 2;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: bands are positional and labels may repeat (two staff of one name)
            <g key={i}>
              <rect
                x={x0}
                y={PAD.top}
                width={band}
                height={plotH}
                fill={hover === i ? '#0000000a' : 'transparent'}
              />
              {bars.map((s, j) => {
                const v = figure(row, s.key);
                const top = y(v, scaleOf(s).max);
                return (
                  <rect
                    key={s.key}
                    x={start + j * barW}
                    y={top}
                    width={barW}
                    height={PAD.top + plotH - top}
                    fill={s.color}
                  >
                    <title>{`${row.label} · ${s.label}: ${shown(s, v)}`}</title>
                  </rect>
                );
              })}
              {i % stride === 0 && (
                <text x={x0 + band / 2} y={height - 8} textAnchor="middle" fontSize={11} fill="#444">
                  {fitLabel(row.label, band * stride - 4)}
                </text>
              )}
            </g>
          );
        })}
        {colored
          .filter((s) => s.kind === 'line')
          .map((s) => {
            const points = rows.map((r, i) => [
              PAD.left + (i + 0.5) * band,
              y(figure(r, s.key), scaleOf(s).max),
            ]);
            return (
              <g key={s.key} pointerEvents="none">
                <polyline
                  points={points.map((p) => p.join(',')).join(' ')}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2}
                />
                {points.map(([cx, cy], i) => (
                  <circle key={cx} cx={cx} cy={cy} r={hover === i ? 4 : 2.5} fill={s.color} />
                ))}
              </g>
            );
          })}
      </svg>
      {hovered && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            top: 4,
            left: (hover ?? 0) * band + PAD.left > width / 2 ? 8 : undefined,
            right: (hover ?? 0) * band + PAD.left > width / 2 ? undefined : 8,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            fontSize: 12,
            pointerEvents: 'none',
            '@media print': { display: 'none' },
          }}
        >
          <Box sx={{ fontWeight: 600 }}>{hovered.label}</Box>
          {colored.map((s) => (
            <Box key={s.key}>{`${s.label}: ${shown(s, figure(hovered, s.key))}`}</Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1, px: 1 }}>
        {colored.map((s) => (
          <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              sx={{
                width: 12,
                height: s.kind === 'bar' ? 12 : 3,
                bgcolor: s.color,
                borderRadius: 0.5,
                printColorAdjust: 'exact',
              }}
            />
            <Typography variant="caption">{s.label}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
