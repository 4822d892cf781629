import { formatAxisMoney } from '#src/finance/format.ts';
import { formatYears } from './year-axis';

/** The drawing's own units; the SVG scales to its box (CSS), about 1:1 on a phone. */
const WIDTH = 360;
const HEIGHT = 220;
const PLOT = { left: 78, right: 350, top: 12, bottom: 186 } as const;

/** The tools' two line styles: the dash tells them apart without colour too. */
export const STROKES = {
  solid: { color: '#0f5c5a', dash: undefined },
  dashed: { color: '#b5462f', dash: '7 5' },
} as const;

export interface ChartLine {
  key: string;
  stroke: keyof typeof STROKES;
  /** [years from the start, value in centavos], in order. */
  points: readonly (readonly [number, number])[];
}

interface LineChartProps {
  /** The element ids of the title and the description (aria-labelledby). */
  ids: { title: string; desc: string };
  title: string;
  /** What the chart shows, in words, for readers who cannot see it. */
  description: string;
  /** The value at the top of the y axis, in centavos; the axis starts at 0. */
  top: number;
  /** The x axis's length in years, and where it is marked. */
  years: number;
  marks: readonly number[];
  lines: readonly ChartLine[];
}

/**
 * A tool's chart as inline SVG, drawn on the server (no chart script): money
 * from 0 to `top` up, years across, a line each. Named and described for
 * screen readers (role="img" with its title and description); each tool's
 * page has every figure in a table too.
 */
export function LineChart({ ids, title, description, top, years, marks, lines }: LineChartProps) {
  const x = (year: number) => PLOT.left + ((PLOT.right - PLOT.left) * year) / years;
  const y = (cents: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * cents) / top;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${ids.title} ${ids.desc}`}>
      <title id={ids.title}>{title}</title>
      <desc id={ids.desc}>{description}</desc>
      {[0, 0.5, 1].map((share) => (
        <g key={share}>
          <line x1={PLOT.left} x2={PLOT.right} y1={y(top * share)} y2={y(top * share)} stroke="#e3ded4" />
          <text x={PLOT.left - 6} y={y(top * share) + 4} textAnchor="end" fontSize="12" fill="#545e66">
            {formatAxisMoney(Math.round(top * share))}
          </text>
        </g>
      ))}
      {marks.map((year) => (
        <text key={year} x={x(year).toFixed(1)} y={PLOT.bottom + 16} textAnchor="middle" fontSize="12" fill="#545e66">
          {formatYears(year)}
        </text>
      ))}
      <text x={PLOT.right} y={HEIGHT - 2} textAnchor="end" fontSize="12" fill="#545e66">
        anos
      </text>
      {lines.map((line) => (
        <polyline
          key={line.key}
          points={line.points.map(([year, cents]) => `${x(year).toFixed(1)},${y(cents).toFixed(1)}`).join(' ')}
          fill="none"
          stroke={STROKES[line.stroke].color}
          strokeWidth="2.5"
          strokeDasharray={STROKES[line.stroke].dash}
        />
      ))}
    </svg>
  );
}
