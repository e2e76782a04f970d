package dev.inferencemetrics.base.ui.chart;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import com.vaadin.flow.component.dependency.NpmPackage;
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

    public Optional<ChartConfig> getConfig() {
        return Optional.ofNullable(config);
    }
}
