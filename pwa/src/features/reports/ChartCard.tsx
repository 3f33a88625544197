import type { ChartConfiguration } from "chart.js";
import { lazy, Suspense, useId, useState } from "react";

// Chart.js is most of the screen's weight: the figures and the tables draw first, the charts when it has loaded. The
// screen needs the server anyway, so neither is precached (vite.config.ts).
const ChartCanvas = lazy(() => import("./ChartCanvas.tsx").then((m) => ({ default: m.ChartCanvas })));
/** The chart's own box, held while Chart.js loads, so nothing below it moves when it draws. */
const CHART_HEIGHT = 260;
const chartSpace = <div className="reports-chart__canvas" style={{ height: CHART_HEIGHT }} />;

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its numbers as a table: read by screen readers always, shown on screen with "Table view", and in
 * print beside nothing (the chart is printed).
 */
export function ChartCard({
  title,
  config,
  table,
  empty,
}: {
  title: string;
  config: ChartConfiguration;
  table: ChartTable;
  empty?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const hasData = table.rows.length > 0;
  return (
    <section className="adm-panel reports-chart" aria-labelledby={id}>
      <div className="reports-chart__head">
        <h2 id={id} className="adm-panel__title">
          {title}
        </h2>
        {hasData && (
          <button
            type="button"
            className="btn btn-outline reports-chart__toggle"
            aria-pressed={asTable}
            onClick={() => setAsTable(!asTable)}
          >
            Table view
          </button>
        )}
      </div>
      {!hasData ? (
        <p className="adm-empty">{empty ?? "Nothing in this period."}</p>
      ) : (
        <>
          {!asTable && (
            <Suspense fallback={chartSpace}>
              <ChartCanvas config={config} height={CHART_HEIGHT} />
            </Suspense>
          )}
          {/* A table ignores the 1px box of visually-hidden: its wrapper takes the class. */}
          <div className={asTable ? undefined : "visually-hidden"}>
            <table className="adm-table reports-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={i}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
