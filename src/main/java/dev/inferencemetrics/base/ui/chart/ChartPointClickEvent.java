package dev.inferencemetrics.base.ui.chart;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.DomEvent;
import com.vaadin.flow.component.EventData;
import java.time.Instant;

/** The person clicked a point of the chart (the one its tooltip showed): the point's time. A drag to zoom is none. */
@DomEvent("im-point-click")
public class ChartPointClickEvent extends ComponentEvent<ApexChart> {

    private final Instant time;

    public ChartPointClickEvent(ApexChart source, boolean fromClient, @EventData("event.detail.x") double x) {
        super(source, fromClient);
        this.time = Instant.ofEpochMilli((long) x);
    }

    public Instant time() {
        return time;
    }
}
