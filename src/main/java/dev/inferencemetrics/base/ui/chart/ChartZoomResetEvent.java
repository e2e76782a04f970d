package dev.inferencemetrics.base.ui.chart;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.DomEvent;

/** The person pressed the chart's reset-zoom button. */
@DomEvent("im-zoom-reset")
public class ChartZoomResetEvent extends ComponentEvent<ApexChart> {

    public ChartZoomResetEvent(ApexChart source, boolean fromClient) {
        super(source, fromClient);
    }
}
