package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.billing.UsageReport;
import dev.inferencemetrics.billing.UsageReport.DailyUsage;
import dev.inferencemetrics.billing.UsageTotals;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** Daily tokens (input and output stacked) and daily cost (a bar per currency) over the whole period. */
class UsageCharts extends Div {

    static final String GROUP = "usage";
    private static final String INPUT = "#2563eb";
    private static final String OUTPUT = "#16a34a";
    private static final List<String> CURRENCY_COLOURS = List.of("#f59e0b", "#7c3aed", "#dc2626", "#0891b2");

    final ApexChart tokens = new ApexChart();
    final ApexChart cost = new ApexChart();

    UsageCharts() {
        addClassName("chart-grid");
        add(tokens, cost);
    }

    void show(UsageReport report) {
        Map<LocalDate, UsageTotals> byDay =
                report.days().stream().collect(Collectors.toMap(DailyUsage::day, DailyUsage::total));
        List<LocalDate> days =
                report.period().from().datesUntil(report.period().to()).toList();
        tokens.setConfig(ChartConfig.dailyBars(
                "usage-tokens",
                GROUP,
                "Tokens per day",
                ChartUnit.TOKENS,
                true,
                List.of(
                        ChartSeries.solid("input", INPUT, points(days, byDay, t -> (double) t.inputTokens())),
                        ChartSeries.solid("output", OUTPUT, points(days, byDay, t -> (double) t.outputTokens())))));
        TreeSet<String> currencies =
                new TreeSet<>(report.total().cost().byCurrency().keySet());
        List<ChartSeries> costs = new ArrayList<>();
        for (String currency : currencies) {
            String colour = CURRENCY_COLOURS.get(costs.size() % CURRENCY_COLOURS.size());
            // plotted as a number; the page's tables and the exports carry the exact amounts
            costs.add(ChartSeries.solid(currency, colour, points(days, byDay, t -> t.cost()
                    .in(currency)
                    .doubleValue())));
        }
        // a single series has no legend, so its currency goes into the title
        String title = currencies.size() == 1 ? "Cost per day (" + currencies.first() + ")" : "Cost per day";
        cost.setConfig(ChartConfig.dailyBars("usage-cost", GROUP, title, ChartUnit.MONEY, false, costs));
    }

    private static List<ChartPoint> points(
            List<LocalDate> days, Map<LocalDate, UsageTotals> byDay, Function<UsageTotals, Double> value) {
        return days.stream()
                .map(day -> new ChartPoint(
                        day.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli(), valueOf(byDay.get(day), value)))
                .toList();
    }

    private static @Nullable Double valueOf(@Nullable UsageTotals total, Function<UsageTotals, Double> value) {
        return total == null ? null : value.apply(total);
    }
}
