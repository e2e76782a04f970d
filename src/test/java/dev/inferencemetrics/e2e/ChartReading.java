package dev.inferencemetrics.e2e;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What one chart of the page shows after drawing: its title, legend, the labels of both axes and how many points
 * each of its series draws.
 */
record ChartReading(
        String title,
        List<String> legend,
        String xTitle,
        List<String> xLabels,
        List<String> yLabels,
        List<Long> points) {

    /** Reads every chart of the page's chart grids in one script, so no chart is read half-redrawn. */
    static final String SCRIPT = """
            const charts = Array.from(document.querySelectorAll('.chart-grid im-apex-chart'));
            const instances = (window.Apex && window.Apex._chartInstances) || [];
            return charts.map(host => {
              const root = host.shadowRoot;
              // an axis label holds its text twice (a tspan and a title): read the drawn one
              const texts = css => Array.from(root.querySelectorAll(css))
                .map(e => (e.querySelector('tspan') || e).textContent.trim())
                .filter(t => t.length > 0);
              const instance = instances.find(c => host.config && c.id === host.config.id);
              const series = instance ? instance.chart.w.globals.series : [];
              return {title: texts('.apexcharts-title-text')[0] || '', legend: texts('.apexcharts-legend-text'),
                xTitle: texts('.apexcharts-xaxis-title-text')[0] || '',
                xLabels: texts('.apexcharts-xaxis-label'), yLabels: texts('.apexcharts-yaxis-label'),
                points: series.map(s => s.filter(y => y !== null).length),
                drawn: root.querySelector('svg.apexcharts-svg') !== null};
            });
            """;

    @SuppressWarnings("unchecked")
    static ChartReading of(Map<String, Object> read) {
        return new ChartReading(
                (String) read.get("title"),
                (List<String>) read.get("legend"),
                (String) read.get("xTitle"),
                (List<String>) read.get("xLabels"),
                (List<String>) read.get("yLabels"),
                (List<Long>) read.get("points"));
    }

    /** Whether every y-axis label ends with one of these units (such as "ms" and " s", or "/s"). */
    boolean yAxisIn(String... units) {
        return !yLabels.isEmpty()
                && yLabels.stream().allMatch(label -> Stream.of(units).anyMatch(label::endsWith));
    }
}
