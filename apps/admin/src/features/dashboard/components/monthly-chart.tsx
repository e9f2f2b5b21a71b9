import { formatDollars, type MonthlyFigure, monthLabel, showsYear } from '@backroom/contract';
import { Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { formatAxisDollars, niceScale, scaleToPixels } from '../chart-scale';
import { describeMonthlyFigures } from '../dashboard-figures';
import classes from './monthly-chart.module.css';

const HEIGHT = 260;
const MARGIN = { top: 12, right: 56, bottom: 44, left: 44 };
/** The width drawn before the first measurement (and on the server of a test renderer). */
const FALLBACK_WIDTH = 720;
/** Below this slot width month labels would touch: every other one is shown. */
const MIN_LABEL_SLOT = 30;

function Legend() {
  return (
    <Group gap="md" aria-hidden="true">
      <Group gap={6}>
        <span className={classes.swatchBar} />
        <Text size="sm">Orders</Text>
      </Group>
      <Group gap={6}>
        <span className={classes.swatchLine} />
        <Text size="sm">Revenue</Text>
      </Group>
    </Group>
  );
}

/**
 * Orders (bars, left axis) and revenue (line, right axis) for the last twelve months, drawn as
 * plain SVG (docs/decisions/014-dashboard.md). Screen readers get a summary and the figures as a table.
 */
export function MonthlyChart({ monthly }: { monthly: MonthlyFigure[] }) {
  const headingId = useId();
  const descriptionId = useId();
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const bottom = MARGIN.top + plotHeight;

  const orders = niceScale(Math.max(0, ...monthly.map((m) => m.orders)), { whole: true });
  const revenue = niceScale(Math.max(0, ...monthly.map((m) => m.revenue)));
  const slot = plotWidth / Math.max(1, monthly.length);
  const barWidth = Math.max(2, slot * 0.56);
  const labelEvery = slot < MIN_LABEL_SLOT ? 2 : 1;
  const months = monthly.map((m) => m.month);
  const centre = (i: number) => MARGIN.left + slot * i + slot / 2;
  const points = monthly.map((m, i) => ({
    x: centre(i),
    y: bottom - scaleToPixels(m.revenue, revenue, plotHeight),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} className={classes.chart}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          Orders and Revenue, Last 12 Months
        </Title>
        <Legend />
      </Group>
      <div ref={ref}>
        <svg
          className={classes.svg}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={headingId}
          aria-describedby={descriptionId}
        >
          <title>Orders and revenue per month</title>
          {orders.ticks.map((tick) => {
            const y = bottom - scaleToPixels(tick, orders, plotHeight);
            return (
              <g key={`o${tick}`}>
                <line className={classes.grid} x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y} y2={y} />
                <text className={classes.tick} x={MARGIN.left - 8} y={y} textAnchor="end" dominantBaseline="middle">
                  {tick}
                </text>
              </g>
            );
          })}
          {revenue.ticks.map((tick) => (
            <text
              key={`r${tick}`}
              className={classes.tick}
              x={MARGIN.left + plotWidth + 8}
              y={bottom - scaleToPixels(tick, revenue, plotHeight)}
              dominantBaseline="middle"
            >
              {formatAxisDollars(tick)}
            </text>
          ))}
          {monthly.map((m, i) => {
            const height = scaleToPixels(m.orders, orders, plotHeight);
            const label = monthLabel(m.month);
            return (
              <g key={m.month}>
                <rect
                  className={classes.bar}
                  x={centre(i) - barWidth / 2}
                  y={bottom - height}
                  width={barWidth}
                  height={height}
                  rx={2}
                >
                  <title>{`${label.long}: ${m.orders} orders, ${formatDollars(m.revenue)}`}</title>
                </rect>
                {i % labelEvery === 0 && (
                  <text className={classes.tick} x={centre(i)} y={bottom + 16} textAnchor="middle">
                    {label.short}
                  </text>
                )}
                {i % labelEvery === 0 && showsYear(months, i, labelEvery) && (
                  <text className={classes.year} x={centre(i)} y={bottom + 32} textAnchor="middle">
                    {label.year}
                  </text>
                )}
              </g>
            );
          })}
          <polyline className={classes.line} points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
          {points.map((p, i) => (
            <circle key={monthly[i]?.month} className={classes.dot} cx={p.x} cy={p.y} r={3.5} />
          ))}
        </svg>
      </div>
      <Text id={descriptionId} size="sm" c="dimmed" mt="xs">
        {describeMonthlyFigures(monthly)}
      </Text>
      <VisuallyHidden>
        <table>
          <caption>Orders and revenue per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {monthly.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month).long}</th>
                <td>{m.orders}</td>
                <td>{formatDollars(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
