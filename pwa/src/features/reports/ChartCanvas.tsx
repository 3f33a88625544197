import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

// Only the pieces these charts draw: Chart.js is tree-shaken to them.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);
// A period of three days must not draw three slabs.
Chart.defaults.datasets.bar.maxBarThickness = 56;

/**
 * One Chart.js chart. The canvas is hidden from screen readers: each chart's table view (beside it) carries the same
 * numbers as text.
 */
export function ChartCanvas({ config, height }: { config: ChartConfiguration; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      ...config,
      options: { animation: false, maintainAspectRatio: false, responsive: true, ...config.options },
    });
    // The print layout is narrower than the screen: draw again at its size.
    const resize = () => chart.resize();
    window.addEventListener("beforeprint", resize);
    return () => {
      window.removeEventListener("beforeprint", resize);
      chart.destroy();
    };
  }, [config]);
  return (
    <div className="reports-chart__canvas" style={{ height }}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}
