package dev.inferencemetrics.slo.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.DeploymentSection;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.slo.BudgetReport;
import dev.inferencemetrics.slo.ErrorBudget;
import dev.inferencemetrics.slo.SloService;
import java.util.List;
import java.util.Optional;
import org.springframework.core.annotation.Order;

/**
 * The error budgets of a deployment's objectives over the rolling period: a card per objective (compliance and
 * the share of budget left) and a burn-down chart of what was left as the period went by.
 */
@org.springframework.stereotype.Component
@Order(10)
class BudgetSection implements DeploymentSection {

    private static final List<String> COLORS = List.of("#2563eb", "#16a34a", "#7c3aed", "#dc2626");

    private final SloService slos;

    BudgetSection(SloService slos) {
        this.slos = slos;
    }

    @Override
    public Optional<Component> section(SignedInUser user, DeploymentRef deployment) {
        List<BudgetReport> reports = slos.budgets(deployment);
        if (reports.isEmpty()) {
            return Optional.empty();
        }
        Div cards = new Div();
        cards.addClassName("budget-cards");
        reports.forEach(report -> cards.add(card(report)));
        Div section =
                new Div(new H2("Error budgets, last " + days(reports.getFirst()) + " days"), cards, burnDown(reports));
        section.addClassName("budget-section");
        return Optional.of(section);
    }

    static Div card(BudgetReport report) {
        ErrorBudget budget = report.budget();
        Span title = new Span(budget.objective().kind().label());
        title.addClassName("budget-card__title");
        Span left = new Span(MetricFormat.share(budget.remainingFraction()) + " left");
        left.addClassName("budget-card__value");
        Div details = new Div(
                new Div(budget.objective().describe()),
                new Div(MetricFormat.share(budget.compliance()) + " good of "
                        + MetricFormat.count(budget.counts().total())));
        details.addClassName("budget-card__details");
        Div card = new Div(title, left, details);
        card.addClassNames("budget-card", budget.exhausted() ? "budget-card--exhausted" : "budget-card--left");
        return card;
    }

    private static ApexChart burnDown(List<BudgetReport> reports) {
        List<ChartSeries> series = new java.util.ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            BudgetReport report = reports.get(i);
            series.add(ChartSeries.solid(
                    report.budget().objective().kind().label(),
                    COLORS.get(i % COLORS.size()),
                    report.burnDown().stream()
                            .map(point -> new ChartPoint(point.t().toEpochMilli(), point.remainingFraction()))
                            .toList()));
        }
        ApexChart chart = new ApexChart(
                ChartConfig.line("budget-burn-down", null, "Error budget left", ChartUnit.FRACTION, series));
        chart.addClassName("budget-burn-down");
        return chart;
    }

    private static long days(BudgetReport report) {
        return report.period().toDays();
    }
}
