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
  type: "line" | "area" | "bar" | "scatter";
  sparkline: boolean;
  series: ChartSeries[];
  thresholds: ChartThreshold[];
  stacked: boolean;
  timeAxis: "INSTANT" | "DAY" | "NUMBER";
  scatter?: Scatter;
  format: NumberRule;
  timeTicks: TimeTicks;
}

/** Mirrors dev.inferencemetrics.base.ui.chart.TimeTicks: the pattern of a tick on a new year, month, day, hour or minute. */
export interface TimeTicks {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
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

/** What a chart draws of a series, whether a time series or a scatter's dots. */
interface Plotted {
  name: string;
  color: string;
  data: { x: number; y: number | null }[];
}

/** Mirrors dev.inferencemetrics.base.ui.chart.Scatter: dots against a numeric axis, in place of time series. */
export interface Scatter {
  xTitle: string;
  series: { name: string; color: string; data: { x: number; y: number }[] }[];
}

export interface TimeZone {
  name: string;
  utc: boolean;
}

export interface ChartThreshold {
  value: number;
  label: string;
  color: string;
}

/**
 * Mirrors dev.inferencemetrics.base.ui.chart.ChartBand: a shaded time range, epoch milliseconds; a moment
 * (from = to) is drawn as a line.
 */
export interface ChartBand {
  from: number;
  to: number;
  label: string;
  color: string;
}

/** Mirrors dev.inferencemetrics.base.format.NumberRule: the page's own way of writing this kind of number. */
export interface NumberRule {
  steps: NumberStep[];
}

export interface NumberStep {
  atLeast: number | null;
  divisor: number;
  decimals: number;
  grouping: boolean;
  suffix: string;
  text: string | null;
}

/** Applies a rule received from Java; the rule itself is defined only there. */
export function formatValue(
  value: number | null | undefined,
  rule: NumberRule,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return "–";
  }
  const step = rule.steps.find((s) => s.atLeast === null || value >= s.atLeast);
  if (!step) {
    return String(value);
  }
  if (step.text !== null) {
    return step.text;
  }
  const scaled = value / step.divisor;
  const digits = step.grouping
    ? scaled.toLocaleString("en-US", {
        minimumFractionDigits: step.decimals,
        maximumFractionDigits: step.decimals,
      })
    : scaled.toFixed(step.decimals);
  return digits + step.suffix;
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

  /** The zone of the time axis and tooltips; without one, the browser's own. */
  @property({ attribute: false })
  timeZone?: TimeZone;

  private chart?: ApexCharts;
  private drawn?: string;
  /** Where the last press began: a press that moved (a drag to zoom) is no click on a point. */
  private pressedAt?: number;
  /** While a press is held a redraw waits: drawing anew under a drag to zoom would drop its selection. */
  private pressed = false;
  private redrawWaiting = false;
  private readonly onPress = (event: PointerEvent) => {
    this.pressedAt = event.clientX;
    this.pressed = true;
    window.addEventListener("pointerup", this.onRelease, true);
    window.addEventListener("pointercancel", this.onRelease, true);
  };
  // after ApexCharts has seen the release (and reported the zoom): capture runs first, so wait for the task's end
  private readonly onRelease = () => {
    window.removeEventListener("pointerup", this.onRelease, true);
    window.removeEventListener("pointercancel", this.onRelease, true);
    setTimeout(() => {
      this.pressed = false;
      if (this.redrawWaiting) {
        this.redrawWaiting = false;
        this.redraw();
      }
    });
  };
  private width = 0;
  private readonly onSchemeChange = () => this.redraw();
  // the grid settles its columns after the first draw; a chart drawn before that would keep the wrong width
  private readonly resizes = new ResizeObserver(() => {
    if (this.clientWidth > 0 && this.clientWidth !== this.width) {
      this.redraw();
    }
  });

  connectedCallback(): void {
    super.connectedCallback();
    darkScheme.addEventListener("change", this.onSchemeChange);
    this.addEventListener("pointerdown", this.onPress);
    this.resizes.observe(this);
  }

  disconnectedCallback(): void {
    window.removeEventListener("pointerup", this.onRelease, true);
    window.removeEventListener("pointercancel", this.onRelease, true);
    this.pressed = false;
    this.resizes.disconnect();
    this.removeEventListener("pointerdown", this.onPress);
    darkScheme.removeEventListener("change", this.onSchemeChange);
    this.chart?.destroy();
    this.chart = undefined;
    super.disconnectedCallback();
  }

  render() {
    return html`<div id="chart"></div>`;
  }

  protected updated(changed: PropertyValues): void {
    if (
      changed.has("config") ||
      changed.has("timeZone") ||
      changed.has("bands")
    ) {
      this.redraw();
    }
  }

  private redraw(): void {
    const config = this.config;
    const target = this.renderRoot.querySelector(
      "#chart",
    ) as HTMLElement | null;
    if (!config || !target || this.clientWidth === 0) {
      return;
    }
    if (this.pressed) {
      this.redrawWaiting = true;
      return;
    }
    this.width = this.clientWidth;
    const options = toApexOptions(
      config,
      target.clientWidth,
      darkScheme.matches,
      this.bands,
      this.timeZone,
      {
        zoomed: (from, to) => this.emit("im-zoom", { from, to }),
        reset: () => this.emit("im-zoom-reset", {}),
        clicked: (x, clientX) => {
          if (
            this.pressedAt === undefined ||
            !Number.isFinite(clientX) ||
            Math.abs(clientX - this.pressedAt) < 5
          ) {
            this.emit("im-point-click", { x });
          }
        },
      },
    );
    if (this.chart && this.drawn === identity(config)) {
      // only this chart: ApexCharts would otherwise copy these options onto every chart of the group
      this.chart.updateOptions(options, true, false, false);
    } else {
      this.chart?.destroy();
      this.chart = new ApexCharts(target, options);
      this.drawn = identity(config);
      this.chart.render();
    }
  }

  private emit(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

/** What a chart is, as opposed to what it shows: a change here draws the chart anew. */
function identity(config: ChartConfig): string {
  return [config.id, config.group ?? "", config.type, config.sparkline].join(
    "|",
  );
}

interface ZoomHandlers {
  zoomed(from: number, to: number): void;
  reset(): void;
  /** A click on the point at time x (the nearest the tooltip shows), at the pointer's clientX. */
  clicked(x: number, clientX: number): void;
}

function toApexOptions(
  config: ChartConfig,
  width: number,
  dark: boolean,
  bands: ChartBand[],
  zone: TimeZone | undefined,
  zoom: ZoomHandlers,
): ApexCharts.ApexOptions {
  const format = (value: number) => formatValue(value, config.format);
  const bars = config.type === "bar";
  const scatter = config.type === "scatter" ? config.scatter : undefined;
  const plotted: Plotted[] = scatter ? scatter.series : config.series;
  const days = config.timeAxis === "DAY";
  // a day is a calendar date: its UTC midnight must not shift into the browser's zone
  const utc = days || (zone?.utc ?? false);
  const when = new Intl.DateTimeFormat("en-GB", {
    timeZone: utc ? "UTC" : undefined,
    weekday: days ? "short" : undefined,
    day: "numeric",
    month: "short",
    year: days ? "numeric" : undefined,
    hour: days ? undefined : "2-digit",
    minute: days ? undefined : "2-digit",
    hourCycle: "h23",
  });
  const pointsWithData = Math.max(
    0,
    ...plotted.map((s) => s.data.filter((p) => p.y !== null).length),
  );
  // without data there is no scale to show: no invented 0–6 ms axis, only the no-data text
  const empty = pointsWithData === 0;
  // ApexCharts hides a marked moment past the last point (one noted just now, in the interval still running)
  const lastX = Math.max(
    ...config.series.flatMap((s) => s.data.map((p) => p.x)),
  );
  const lastMoment = Math.max(
    ...bands.filter((b) => b.to <= b.from).map((b) => b.from),
  );
  const axisEnd =
    !empty && Number.isFinite(lastMoment) && lastMoment > lastX
      ? lastMoment
      : undefined;
  const xaxis: ApexXAxis = scatter
    ? {
        type: "numeric",
        tickAmount: 8,
        title: { text: scatter.xTitle, style: { fontWeight: 400 } },
        labels: { formatter: (value: string) => Number(value).toFixed(1) },
      }
    : {
        type: "datetime",
        max: axisEnd,
        title: {
          text: days || !zone ? undefined : `Time (${zone.name})`,
          style: { fontWeight: 400 },
        },
        // no label formatter: only without one does ApexCharts place ticks on round times (5, 10, 15, 30 minutes,
        // hours, days) rather than at even fractions of the window, which fall on odd minutes
        labels: {
          datetimeUTC: utc,
          datetimeFormatter: config.timeTicks,
        },
      };
  const tooltip: ApexTooltip = scatter
    ? {
        shared: false,
        intersect: true,
        x: { formatter: (value: number) => `${value.toFixed(1)} in flight` },
        y: { formatter: format },
      }
    : {
        shared: true,
        // ApexCharts refuses a shared tooltip that must hit a bar exactly
        intersect: false,
        x: {
          formatter: (value: number) =>
            when.format(value) + (days || !zone ? "" : ` ${zone.name}`),
        },
        y: { formatter: format },
      };
  return {
    chart: {
      id: config.id,
      group: config.group,
      type: config.type,
      width: width > 0 ? width : "100%",
      height: config.height,
      // the element redraws at a new width itself, waiting for a drag to end; ApexCharts' own redraw would not wait
      redrawOnParentResize: false,
      redrawOnWindowResize: false,
      stacked: config.stacked,
      animations: { enabled: false },
      background: "transparent",
      toolbar: {
        // a sparkline in a table row has nothing to zoom or download
        show: !config.sparkline && !scatter,
        tools: {
          download: true,
          zoom: true,
          zoomin: false,
          zoomout: false,
          pan: false,
        },
      },
      zoom: { enabled: !config.sparkline && !scatter, type: "x" },
      events: {
        zoomed: (_chart: unknown, { xaxis }: { xaxis: ApexXAxis }) => {
          if (xaxis.min !== undefined && xaxis.max !== undefined) {
            zoom.zoomed(Math.round(xaxis.min), Math.round(xaxis.max));
          }
        },
        beforeResetZoom: () => {
          zoom.reset();
          return undefined;
        },
        click: (
          event: MouseEvent,
          _chart: unknown,
          { dataPointIndex }: { dataPointIndex: number | string | null },
        ) => {
          const index = Number(dataPointIndex ?? -1);
          const x = config.series[0]?.data[index]?.x;
          if (index >= 0 && x !== undefined && !config.sparkline && !scatter) {
            zoom.clicked(x, event.clientX);
          }
        },
      },
      sparkline: { enabled: config.sparkline },
    },
    theme: { mode: dark ? "dark" : "light" },
    title: {
      text: config.sparkline ? undefined : config.title,
      style: { fontSize: "14px", fontWeight: 600 },
    },
    series: plotted.map((s) => ({ name: s.name, data: s.data })),
    colors: plotted.map((s) => s.color),
    stroke: {
      width: bars || scatter ? 0 : 2,
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
    markers: {
      size: scatter ? 4 : !bars && pointsWithData < 30 ? 3 : 0,
      hover: { size: 5 },
    },
    legend: { show: true, position: "top", horizontalAlign: "right" },
    xaxis,
    yaxis: {
      show: !empty,
      min: 0,
      // a share never exceeds 100 %, and an all-zero error rate should not invent a scale
      max:
        config.unit === "FRACTION"
          ? (max: number) => Math.min(1, Math.max(max, 0.01))
          : undefined,
      forceNiceScale: true,
      labels: { formatter: format, minWidth: 64 },
    },
    tooltip,
    annotations: {
      xaxis: bands.map((b) => ({
        x: b.from,
        x2: b.to > b.from ? b.to : undefined,
        strokeDashArray: b.to > b.from ? 0 : 4,
        fillColor: b.color,
        opacity: 0.15,
        borderColor: b.color,
        label: {
          text: b.label,
          orientation: "horizontal",
          // a moment's label stands left of its line, so one near the right edge stays readable
          textAnchor: b.to > b.from ? undefined : "end",
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
    grid: { show: !empty, borderColor: dark ? "#3a3f4b" : "#e5e7eb" },
    noData: { text: "No data in this window" },
  };
}

declare global {
  interface HTMLElementTagNameMap {
    "im-apex-chart": ImApexChart;
  }
}
