import ApexCharts from "apexcharts";
import { css, html, LitElement, type PropertyValues } from "lit";
import { customElement, property } from "lit/decorators.js";

/** Mirrors dev.inferencemetrics.base.ui.chart.ChartConfig. */
export interface ChartConfig {
  id: string;
  group?: string;
  title: string;
  unit: ChartUnit;
  height: number;
  type: "line" | "area" | "bar";
  sparkline: boolean;
  series: ChartSeries[];
  thresholds: ChartThreshold[];
  stacked: boolean;
  timeAxis: "INSTANT" | "DAY";
}

export type ChartUnit =
  | "MILLISECONDS"
  | "PERCENT"
  | "PER_SECOND"
  | "FRACTION"
  | "TOKENS"
  | "MONEY";

export interface ChartSeries {
  name: string;
  color: string;
  dashed: boolean;
  data: { x: number; y: number | null }[];
}

export interface ChartThreshold {
  value: number;
  label: string;
  color: string;
}

/** Mirrors dev.inferencemetrics.base.ui.chart.ChartBand: a shaded time range, epoch milliseconds. */
export interface ChartBand {
  from: number;
  to: number;
  label: string;
  color: string;
}

export function formatValue(
  value: number | null | undefined,
  unit: ChartUnit,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) {
    return "–";
  }
  switch (unit) {
    case "MILLISECONDS":
      if (value >= 1000) {
        return `${(value / 1000).toFixed(2)} s`;
      }
      return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    case "PERCENT":
      return `${value.toFixed(1)} %`;
    case "PER_SECOND":
      return `${value.toFixed(value < 10 ? 2 : 0)}/s`;
    case "FRACTION":
      return `${(value * 100).toFixed(1)} %`;
    case "TOKENS":
      return formatCount(value);
    case "MONEY":
      return value !== 0 && Math.abs(value) < 0.01
        ? value.toPrecision(2)
        : value.toFixed(2);
  }
}

function formatCount(value: number): string {
  const steps: [number, string][] = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "k"],
  ];
  for (const [size, suffix] of steps) {
    if (Math.abs(value) >= size) {
      const scaled = value / size;
      return `${scaled.toFixed(scaled < 10 ? 2 : scaled < 100 ? 1 : 0)}${suffix}`;
    }
  }
  return value.toFixed(0);
}

const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

/**
 * A time-series chart drawn by ApexCharts from a typed configuration set from Java. Charts sharing a group move
 * together: the crosshair, tooltip and zoom of one follow the others.
 */
@customElement("im-apex-chart")
export class ImApexChart extends LitElement {
  static styles = css`
    :host {
      display: block;
      min-width: 0;
    }
  `;

  @property({ attribute: false })
  config?: ChartConfig;

  @property({ attribute: false })
  bands: ChartBand[] = [];

  private chart?: ApexCharts;
  private readonly onSchemeChange = () => this.redraw();

  connectedCallback(): void {
    super.connectedCallback();
    darkScheme.addEventListener("change", this.onSchemeChange);
  }

  disconnectedCallback(): void {
    darkScheme.removeEventListener("change", this.onSchemeChange);
    this.chart?.destroy();
    this.chart = undefined;
    super.disconnectedCallback();
  }

  render() {
    return html`<div id="chart"></div>`;
  }

  protected updated(changed: PropertyValues): void {
    if (changed.has("config") || changed.has("bands")) {
      this.redraw();
    }
  }

  private redraw(): void {
    const config = this.config;
    const target = this.renderRoot.querySelector(
      "#chart",
    ) as HTMLElement | null;
    if (!config || !target) {
      return;
    }
    const options = toApexOptions(config, darkScheme.matches, this.bands);
    if (this.chart) {
      this.chart.updateOptions(options, true, false);
    } else {
      this.chart = new ApexCharts(target, options);
      this.chart.render();
    }
  }
}

function toApexOptions(
  config: ChartConfig,
  dark: boolean,
  bands: ChartBand[],
): ApexCharts.ApexOptions {
  const format = (value: number) => formatValue(value, config.unit);
  const bars = config.type === "bar";
  const days = config.timeAxis === "DAY";
  const pointsWithData = Math.max(
    0,
    ...config.series.map((s) => s.data.filter((p) => p.y !== null).length),
  );
  return {
    chart: {
      id: config.id,
      group: config.group,
      type: config.type,
      height: config.height,
      stacked: config.stacked,
      animations: { enabled: false },
      background: "transparent",
      toolbar: {
        show: true,
        tools: {
          download: true,
          zoom: true,
          zoomin: false,
          zoomout: false,
          pan: false,
        },
      },
      zoom: { enabled: !config.sparkline, type: "x" },
      sparkline: { enabled: config.sparkline },
    },
    theme: { mode: dark ? "dark" : "light" },
    title: {
      text: config.sparkline ? undefined : config.title,
      style: { fontSize: "14px", fontWeight: 600 },
    },
    series: config.series.map((s) => ({ name: s.name, data: s.data })),
    colors: config.series.map((s) => s.color),
    stroke: {
      width: bars ? 0 : 2,
      curve: "straight",
      dashArray: config.series.map((s) => (s.dashed ? 4 : 0)),
    },
    fill: {
      type: config.type === "area" ? "gradient" : "solid",
      opacity: config.type === "area" ? 0.25 : bars ? 0.9 : 1,
    },
    plotOptions: { bar: { columnWidth: "70%" } },
    dataLabels: { enabled: false },
    // sparse data would be invisible as lines; show its points
    markers: { size: !bars && pointsWithData < 30 ? 3 : 0, hover: { size: 4 } },
    legend: { show: true, position: "top", horizontalAlign: "right" },
    // a day is a calendar date: its UTC midnight must not shift into the browser's zone
    xaxis: { type: "datetime", labels: { datetimeUTC: days } },
    yaxis: {
      min: 0,
      // a share never exceeds 100 %, and an all-zero error rate should not invent a scale
      max:
        config.unit === "FRACTION"
          ? (max: number) => Math.min(1, Math.max(max, 0.01))
          : undefined,
      forceNiceScale: true,
      labels: { formatter: format, minWidth: 64 },
    },
    tooltip: {
      shared: true,
      // ApexCharts refuses a shared tooltip that must hit a bar exactly
      intersect: false,
      x: { format: days ? "ddd dd MMM yyyy" : "dd MMM HH:mm" },
      y: { formatter: format },
    },
    annotations: {
      xaxis: bands.map((b) => ({
        x: b.from,
        x2: b.to,
        fillColor: b.color,
        opacity: 0.15,
        borderColor: b.color,
        label: {
          text: b.label,
          orientation: "horizontal",
          borderColor: b.color,
          style: { color: "#fff", background: b.color },
        },
      })),
      yaxis: config.thresholds.map((t) => ({
        y: t.value,
        borderColor: t.color,
        strokeDashArray: 6,
        label: {
          text: t.label,
          borderColor: t.color,
          style: { color: "#fff", background: t.color },
        },
      })),
    },
    grid: { borderColor: dark ? "#3a3f4b" : "#e5e7eb" },
    noData: { text: "No data in this window" },
  };
}

declare global {
  interface HTMLElementTagNameMap {
    "im-apex-chart": ImApexChart;
  }
}
