import {
  css,
  LitElement,
  svg,
  html,
  nothing,
  type SVGTemplateResult,
} from "lit";
import { customElement, property } from "lit/decorators.js";
import { formatValue, type NumberRule } from "./apex-chart";

/** Mirrors dev.inferencemetrics.deployment.ui.page.HeatmapData: every text arrives formatted from Java. */
export interface HeatmapData {
  title: string;
  noun: string;
  edges: number[];
  edgeLabels: string[];
  maxCount: number;
  columns: HeatmapColumn[];
  countFormat: NumberRule;
}

export interface HeatmapColumn {
  label: string;
  counts: number[];
  p50: number | null;
  p99: number | null;
}

const WIDTH = 960;
const HEIGHT = 320;
const LEFT = 70;
const RIGHT = 10;
const TOP = 28;
const BOTTOM = 26;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
/** Light to dark: few to many observations. */
const STOPS = [
  [224, 242, 254],
  [56, 189, 248],
  [29, 78, 216],
  [30, 27, 75],
];

/**
 * A heatmap of one metric over time: a column per interval, a row per log-scale bucket, each cell shaded by how
 * many observations it holds (log-scaled, so a thin band still shows beside a thick one), with the p50 and p99
 * lines drawn over it. Drawn as plain SVG; hovering a cell names its interval, range and count.
 */
@customElement("im-heatmap-chart")
export class ImHeatmapChart extends LitElement {
  static styles = css`
    :host {
      display: block;
      min-width: 0;
    }
    svg {
      width: 100%;
      height: auto;
      font: 11px var(--lumo-font-family, sans-serif);
      fill: var(--lumo-secondary-text-color, #555);
    }
    .title {
      font-size: 13px;
      font-weight: 600;
      fill: var(--lumo-body-text-color, #222);
    }
  `;

  @property({ attribute: false })
  data?: HeatmapData;

  render() {
    const data = this.data;
    if (!data || data.edges.length < 2 || data.columns.length === 0) {
      return nothing;
    }
    const rows = data.edges.length - 1;
    const cellW = PLOT_W / data.columns.length;
    const cellH = PLOT_H / rows;
    const cells: SVGTemplateResult[] = [];
    data.columns.forEach((column, c) => {
      column.counts.forEach((count, r) => {
        if (count > 0) {
          cells.push(
            svg`<rect class="cell" x=${LEFT + c * cellW} y=${TOP + (rows - 1 - r) * cellH}
                  width=${cellW + 0.5} height=${cellH + 0.5} fill=${shade(count, data.maxCount)}
                  data-count=${count}><title>${column.label} · ${data.edgeLabels[r]}–${data.edgeLabels[r + 1]} · ${formatValue(count, data.countFormat)} ${data.noun}</title></rect>`,
          );
        }
      });
    });
    return html`<svg
      viewBox="0 0 ${WIDTH} ${HEIGHT}"
      role="img"
      aria-label=${data.title}
    >
      <text class="title" x=${LEFT} y="16">${data.title}</text>
      ${cells} ${this.line(data, "p50", "#f59e0b")}
      ${this.line(data, "p99", "#dc2626")} ${this.yAxis(data, rows, cellH)}
      ${this.xAxis(data, cellW)}
      <text x=${WIDTH - RIGHT} y="16" text-anchor="end">
        <tspan fill="#f59e0b">━ p50</tspan>
        <tspan fill="#dc2626">━ p99</tspan>
        · shade: ${data.noun} per interval (darkest
        ${formatValue(data.maxCount, data.countFormat)})
      </text>
    </svg>`;
  }

  private line(data: HeatmapData, which: "p50" | "p99", color: string) {
    const cellW = PLOT_W / data.columns.length;
    const low = data.edges[0];
    const high = data.edges[data.edges.length - 1];
    let path = "";
    let open = false;
    data.columns.forEach((column, c) => {
      const value = column[which];
      if (value === null) {
        open = false;
        return;
      }
      const share =
        value <= low
          ? 0
          : Math.min(1, Math.log(value / low) / Math.log(high / low));
      const x = LEFT + (c + 0.5) * cellW;
      const y = TOP + PLOT_H * (1 - share);
      path += `${open ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)} `;
      open = true;
    });
    return svg`<path class=${"line-" + which} d=${path} fill="none" stroke=${color} stroke-width="2"/>`;
  }

  private yAxis(data: HeatmapData, rows: number, cellH: number) {
    const every = Math.max(1, Math.ceil(rows / 8));
    const ticks: SVGTemplateResult[] = [];
    for (let i = 0; i <= rows; i += every) {
      ticks.push(
        svg`<text x=${LEFT - 6} y=${TOP + (rows - i) * cellH + 4} text-anchor="end">${data.edgeLabels[i]}</text>`,
      );
    }
    return ticks;
  }

  private xAxis(data: HeatmapData, cellW: number) {
    const every = Math.max(1, Math.ceil(data.columns.length / 8));
    const ticks: SVGTemplateResult[] = [];
    for (let c = 0; c < data.columns.length; c += every) {
      ticks.push(
        svg`<text x=${LEFT + c * cellW} y=${HEIGHT - 8}>${data.columns[c].label}</text>`,
      );
    }
    return ticks;
  }
}

function shade(count: number, max: number): string {
  const t = max <= 1 ? 1 : Math.log1p(count) / Math.log1p(max);
  const scaled = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(scaled));
  const f = scaled - i;
  const rgb = STOPS[i].map((from, k) =>
    Math.round(from + (STOPS[i + 1][k] - from) * f),
  );
  return `rgb(${rgb.join(",")})`;
}
