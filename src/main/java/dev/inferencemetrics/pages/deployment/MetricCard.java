package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.shared.Tooltip;
import dev.inferencemetrics.metrics.SloState;
import java.util.Locale;

/** A summary card: the metric's name, its headline value, detail lines, and its SLO state as a colour. */
class MetricCard extends Div {

    final Span value = new Span();
    final Div details = new Div();
    final Span state = new Span();
    private SloState sloState = SloState.NO_DATA;

    MetricCard(String title, String definition) {
        addClassName("metric-card");
        Span name = new Span(title);
        name.addClassName("metric-card__title");
        value.addClassName("metric-card__value");
        details.addClassName("metric-card__details");
        state.addClassName("metric-card__state");
        add(name, value, details, state);
        Tooltip.forComponent(this).withText(definition);
    }

    void show(String headline, SloState slo, String... lines) {
        value.setText(headline);
        details.removeAll();
        for (String line : lines) {
            details.add(new Div(line));
        }
        removeClassName(stateClass(sloState));
        sloState = slo;
        addClassName(stateClass(slo));
        state.setText(slo == SloState.NO_DATA ? "" : slo.label());
    }

    SloState sloState() {
        return sloState;
    }

    private static String stateClass(SloState state) {
        return "metric-card--" + state.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
