import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import type { DashboardJson } from '#domain/dashboard.ts';
import { formatGBP, toPence } from '#domain/money.ts';

type Day = DashboardJson['sales_by_day'][number];

const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Net takings (bars) and orders going ahead (line) per day, drawn by uPlot in the browser only (it is loaded
 * with the dashboard, never with the storefront). The same figures are in a table for screen
 * readers and for anyone who would rather read numbers.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null =
      null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
      const takings = days.map((d) => toPence(d.net_takings) / 100);
      const orders = days.map((d) => d.orders_net);
      const width = () => Math.max(280, element.clientWidth);
      const height = 260;
      chart = new UPlot(
        {
          width: width(),
          height,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Europe/London'),
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, takings: { auto: true }, orders: { auto: true } },
          axes: [
            {
              stroke: '#57534e',
              grid: { stroke: '#e7e5e4' },
              values: (_u, ticks) =>
                ticks.map((t) => shortDay(new Date(t * 1000).toISOString().slice(0, 10))),
            },
            {
              scale: 'takings',
              stroke: '#57534e',
              grid: { stroke: '#e7e5e4' },
              values: (_u, ticks) => ticks.map((t) => `£${Math.round(t)}`),
              size: 60,
            },
            {
              scale: 'orders',
              side: 1,
              stroke: '#57534e',
              grid: { show: false },
              values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')),
            },
          ],
          series: [
            {
              label: 'Day',
              value: (_u, v) =>
                v == null ? '' : shortDay(new Date(v * 1000).toISOString().slice(0, 10)),
            },
            {
              label: 'Net takings',
              scale: 'takings',
              stroke: '#8a6d4b',
              fill: 'rgba(138, 109, 75, 0.35)',
              paths: UPlot.paths.bars!({ size: [0.7, 40] }),
              value: (_u, v) => (v == null ? '' : formatGBP(Math.round(v * 100))),
            },
            {
              label: 'Orders going ahead',
              scale: 'orders',
              stroke: '#1c1917',
              width: 2,
              points: { size: 5 },
            },
          ],
        },
        [xs, takings, orders],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-lg font-semibold">Sales by day (last 30 days)</figcaption>
      <div
        ref={box}
        aria-hidden="true"
        className="min-h-[300px] w-full"
        data-testid="sales-chart"
      />
      <details className="text-sm">
        <summary className="cursor-pointer">The figures as a table</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th className="pr-4">Day</th>
              <th className="pr-4 text-right">Orders placed</th>
              <th className="pr-4 text-right">Cancelled or expired</th>
              <th className="pr-4 text-right">Gross takings</th>
              <th className="pr-4 text-right">Refunds</th>
              <th className="text-right">Net takings</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td className="pr-4">{shortDay(d.day)}</td>
                <td className="pr-4 text-right">{d.orders_placed}</td>
                <td className="pr-4 text-right">{d.orders_cancelled + d.orders_expired}</td>
                <td className="pr-4 text-right">{formatGBP(toPence(d.gross_takings))}</td>
                <td className="pr-4 text-right">{formatGBP(toPence(d.refunds))}</td>
                <td className="text-right">{formatGBP(toPence(d.net_takings))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
