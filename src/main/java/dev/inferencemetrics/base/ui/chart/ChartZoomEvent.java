package dev.inferencemetrics.base.ui.chart;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.DomEvent;
import com.vaadin.flow.component.EventData;
import java.time.Instant;

/** The person selected part of the chart's time axis to zoom in: the selection, in epoch milliseconds. */
@DomEvent("im-zoom")
public class ChartZoomEvent extends ComponentEvent<ApexChart> {

    private final Instant from;
    private final Instant to;

    public ChartZoomEvent(
            ApexChart source,
            boolean fromClient,
            @EventData("event.detail.from") double from,
            @EventData("event.detail.to") double to) {
        super(source, fromClient);
        this.from = Instant.ofEpochMilli((long) from);
        this.to = Instant.ofEpochMilli((long) to);
    }

    public Instant from() {
        return from;
    }

    public Instant to() {
        return to;
    }
}
