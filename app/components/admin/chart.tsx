// A day-by-day chart for the dashboard, drawn on the server as SVG with d3's
// scales and shapes (no canvas, no script): bars for counts, a line over them
// for the 7-day average. Screen readers get a summary and the figures as a
// table under the chart.
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

const WIDTH = 640;
const HEIGHT = 180;
const MARGIN = { top: 12, right: 8, bottom: 24, left: 44 };

export function DayChart({
  title,
  days,
  values,
  format = (v) => String(v),
}: {
  title: string;
  days: string[];
  values: number[];
  format?: (value: number) => string;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const id = useId();
  const x = scaleBand<string>()
    .domain(days)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const max = Math.max(1, ...values);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const average = values.map((_, i) => {
    const window = values.slice(Math.max(0, i - 6), i + 1);
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
  const path = line<number>()
    .x((_, i) => (x(days[i]!) ?? 0) + x.bandwidth() / 2)
    .y((v) => y(v))(average);
  const total = values.reduce((a, b) => a + b, 0);
  const dayLabel = (day: string) => formatDate(Date.parse(day), locale, { day: "numeric", month: "short" });
  return (
    <figure className="card p-4" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">{title}</span>
        <span className="text-sm text-muted">{t("dashboard.total", { total: format(total) })}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-label={t("dashboard.chartSummary", { title, total: format(total), max: format(Math.max(...values, 0)) })}
      >
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#e8ddd6" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="10" fill="#6b5d56">
              {format(tick)}
            </text>
          </g>
        ))}
        {values.map((value, i) => (
          <rect
            key={days[i]}
            x={x(days[i]!)}
            y={y(value)}
            width={x.bandwidth()}
            height={Math.max(0, y(0) - y(value))}
            rx="1.5"
            className="fill-primary"
          >
            <title>{`${dayLabel(days[i]!)}: ${format(value)}`}</title>
          </rect>
        ))}
        {path && <path d={path} fill="none" stroke="#7a4b2a" strokeWidth="2" />}
        {days.map((day, i) =>
          i % 7 === 0 || i === days.length - 1 ? (
            <text
              key={day}
              x={(x(day) ?? 0) + x.bandwidth() / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              fontSize="10"
              fill="#6b5d56"
            >
              {dayLabel(day)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">{t("dashboard.showFigures")}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.day")}</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row" className="font-normal">
                  {dayLabel(day)}
                </th>
                <td>{format(values[i] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
