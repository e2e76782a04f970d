package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.MetricFormat;
import java.util.Locale;

/** One deployment of the fleet overview as phones show it: a link, the SLO state and the headline figures. */
final class FleetCard {

    private FleetCard() {}

    static Div of(FleetRow row) {
        Div head = new Div(link(row), state(row));
        head.addClassName("fleet-card__head");
        Div figures = new Div(
                new Span(row.model() + " · " + row.engine()),
                new Span(MetricFormat.rate(row.requestsPerSecond())),
                new Span("TTFT " + MetricFormat.latency(row.ttftP50()) + " · " + MetricFormat.latency(row.ttftP99())),
                new Span("ITL " + MetricFormat.latency(row.itlP50()) + " · " + MetricFormat.latency(row.itlP99())));
        figures.addClassName("fleet-card__figures");
        Div card = new Div(head, figures);
        card.addClassName("fleet-card");
        return card;
    }

    /** A real link, so it opens in a new tab as well. */
    static Anchor link(FleetRow row) {
        Anchor link = new Anchor(
                "deployments/" + row.slug(),
                row.archivedAt() == null ? row.displayName() : row.displayName() + " (archived)");
        link.addClassName("fleet-link");
        return link;
    }

    /**
     * The row's state as the grid's SLO column and the phone's card both show it: a firing alert, the more urgent
     * news, takes the SLO state's place, so one badge says it; else the SLO state in a word.
     */
    static Span state(FleetRow row) {
        if (!row.firing()) {
            return sloBadge(row);
        }
        Span alert = new Span("Firing");
        alert.addClassNames("alert-badge", "alert-badge--firing");
        alert.getElement()
                .setAttribute(
                        "title", "An alert is firing; SLO " + row.sloState().label());
        return alert;
    }

    private static Span sloBadge(FleetRow row) {
        return badge(
                row,
                switch (row.sloState()) {
                    case MET -> "Met";
                    case AT_RISK -> "Near";
                    case BREACHED -> "Breached";
                    case NO_DATA -> "No data";
                });
    }

    private static Span badge(FleetRow row, String text) {
        Span badge = new Span(text);
        badge.addClassNames("slo-badge", "slo-badge--" + row.sloState().name().toLowerCase(Locale.ROOT));
        return badge;
    }
}
