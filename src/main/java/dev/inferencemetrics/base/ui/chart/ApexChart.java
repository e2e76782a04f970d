package dev.inferencemetrics.base.ui.chart;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import com.vaadin.flow.component.dependency.NpmPackage;
import com.vaadin.flow.shared.Registration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A time-series chart; {@link #setConfig} mirrors the element's {@code config} property. */
@Tag("im-apex-chart")
@NpmPackage(value = "apexcharts", version = "4.7.0")
@JsModule("./src/apex-chart.ts")
public class ApexChart extends Component implements HasSize {

    private @Nullable ChartConfig config;

    public ApexChart() {
        setWidthFull();
    }

    public ApexChart(ChartConfig config) {
        this();
        setConfig(config);
    }

    public void setConfig(ChartConfig config) {
        this.config = config;
        getElement().setPropertyBean("config", config);
    }

    /** Shaded time ranges drawn over the series, kept apart from the config so they change on their own. */
    public void setBands(List<ChartBand> bands) {
        getElement().setPropertyList("bands", List.copyOf(bands));
    }

    /**
     * The zone the time axis and tooltips are drawn in, named on the axis: UTC, or the browser's own zone (the
     * viewer's). Calendar-day axes ignore it.
     */
    public void setTimeZone(String name, boolean utc) {
        getElement().setPropertyBean("timeZone", new TimeZone(name, utc));
    }

    public record TimeZone(String name, boolean utc) {}

    /** Called when the person zooms into a part of the time axis (charts of one group zoom together). */
    public Registration addZoomListener(ComponentEventListener<ChartZoomEvent> listener) {
        return addListener(ChartZoomEvent.class, listener);
    }

    /** Called when the person resets the zoom from the chart's toolbar. */
    public Registration addZoomResetListener(ComponentEventListener<ChartZoomResetEvent> listener) {
        return addListener(ChartZoomResetEvent.class, listener);
    }

    /** Called when the person clicks a point of the chart, not when they drag across it to zoom. */
    public Registration addPointClickListener(ComponentEventListener<ChartPointClickEvent> listener) {
        return addListener(ChartPointClickEvent.class, listener);
    }

    public Optional<ChartConfig> getConfig() {
        return Optional.ofNullable(config);
    }
}
