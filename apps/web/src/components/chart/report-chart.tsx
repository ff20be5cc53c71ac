import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
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
  /** What the chart shows, e.g. the card's title: its name for a screen reader and the keyboard. */
  title?: string;
}

const PALETTE = ['#065c3f', '#0084FF', '#f59e0b', '#9c27b0', '#e53935', '#00897b'];
const PAD = { top: 12, right: 44, bottom: 28, left: 52 };
const LABEL_WIDTH = 56;

const figure = (row: ReportChartRow, key: string) => {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};
const shown = (s: ReportChartSeries, v: number) => (s.money ? formatKip(v) : v.toLocaleString('en-US'));

/** Seen by nobody, read by a screen reader (the chart's figures as a table). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The width the chart's box has now: the SVG is drawn in real pixels so text never stretches.
 * Taken from the observer's first notice, which comes once the browser has laid the page out:
 * reading `clientWidth` here would force that layout (the whole page's, on a first load) inside
 * React's commit, one long task with it (decision 024). Until then the SVG is hidden (`measured`).
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width ?? 600, width !== null] as const;
}

/**
 * A small SVG bar and line chart (no chart library, decision 017): money on the left axis, counts
 * on the right, one band per row. It fills its box's width. A band's figures show on hover, on a
 * tap (a finger sliding sideways moves from band to band; a second tap hides them) and from the
 * keyboard (← → Home End, Esc); a screen reader gets the same figures as a table.
 */
export function ReportChart({ rows, series, height = 240, title }: ReportChartProps) {
  const [ref, width, measured] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
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
  const name = title ?? colored.map((s) => s.label).join(', ');

  const bandAt = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.floor((((e.clientX - box.left) / box.width) * width - PAD.left) / band);
    return i >= 0 && i < rows.length ? i : null;
  };
  const onKey = (e: KeyboardEvent) => {
    const last = rows.length - 1;
    const at = hover ?? last;
    const next: Record<string, number | null> = {
      ArrowLeft: Math.max(0, at - 1),
      ArrowRight: Math.min(last, at + 1),
      Home: 0,
      End: last,
      Escape: null,
    };
    if (!(e.key in next) || rows.length === 0) return;
    e.preventDefault();
    setHover(next[e.key] ?? null);
  };

  return (
    <Box
      ref={ref}
      // The keyboard's way in: focus shows the last band (today on the dashboard), arrows move.
      tabIndex={0}
      role="group"
      aria-label={name}
      onKeyDown={onKey}
      onFocus={() => {
        setFocused(true);
        setHover((h) => h ?? (rows.length ? rows.length - 1 : null));
      }}
      onBlur={() => {
        setFocused(false);
        setHover(null);
      }}
      sx={{
        position: 'relative',
        width: '100%',
        minWidth: 0,
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
      data-testid="report-chart"
    >
      <svg
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        onPointerDown={(e) => {
          const i = bandAt(e);
          // A second tap on the same band hides its figures (a mouse leaves instead).
          setHover(e.pointerType !== 'mouse' && i === hover ? null : i);
        }}
        onPointerMove={(e) => {
          if (e.pointerType === 'mouse' || e.buttons) setHover(bandAt(e));
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') setHover(null);
        }}
        // Up-down swipes still scroll the page; a sideways slide moves along the bands.
        style={{
          display: 'block',
          fontFamily: 'inherit',
          touchAction: 'pan-y',
          visibility: measured ? undefined : 'hidden',
        }}
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
          // Announced only while the chart has the keyboard: mouse moves make no chatter.
          role={focused ? 'status' : undefined}
          data-testid="report-chart-box"
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
      <Box component="table" sx={visuallyHidden} data-testid="report-chart-table">
        <caption>{name}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {colored.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one row per band, labels may repeat
            <tr key={i}>
              <th scope="row">{row.label}</th>
              {colored.map((s) => (
                <td key={s.key}>{shown(s, figure(row, s.key))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
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
