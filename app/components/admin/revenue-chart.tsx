import type { DayFigures } from "@common/admin/admin-figures";
import { formatPence } from "@common/money";
import { useEffect, useState } from "react";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

const dayLabel = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/**
 * Revenue (teal bars, the left axis) and orders (an ink line, the right axis) per day, each named
 * in the legend; coral is kept for sale and destructive states (docs/brand.md). Drawn by recharts once the page runs in the browser
 * (it measures its box); the same figures are in the table beside it for screen readers and
 * for the server's HTML. The box keeps its height either way: nothing moves when it draws.
 */
export function RevenueChart({ days }: { days: DayFigures[] }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  const data = days.map((day) => ({
    day: shortDay(day.day),
    revenue: day.revenuePence / 100,
    orders: day.orders,
  }));
  return (
    <div className="h-72 w-full" aria-hidden="true" data-testid="revenue-chart">
      {drawn ? (
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            // Hidden from screen readers (the table carries the figures): nothing in it takes focus.
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 12, fill: "#475569" }} minTickGap={16} />
            <YAxis
              yAxisId="revenue"
              tick={{ fontSize: 12, fill: "#475569" }}
              tickFormatter={(value: number) => `£${value}`}
              width={56}
            />
            <YAxis
              yAxisId="orders"
              orientation="right"
              allowDecimals={false}
              tick={{ fontSize: 12, fill: "#475569" }}
              width={32}
            />
            <Tooltip
              formatter={(value, name) =>
                name === "Revenue" ? formatPence(Math.round(Number(value) * 100)) : String(value)
              }
            />
            <Legend
              verticalAlign="top"
              align="right"
              height={28}
              iconSize={12}
              wrapperStyle={{ fontSize: 13, color: "#0f172a" }}
            />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              name="Revenue"
              fill="#0f766e"
              radius={[3, 3, 0, 0]}
            />
            <Line
              yAxisId="orders"
              dataKey="orders"
              name="Orders"
              stroke="#0f172a"
              strokeWidth={2}
              dot={{ r: 2, fill: "#0f172a" }}
              type="monotone"
            />
          </ComposedChart>
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}
