package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A heatmap of one metric over time; {@link #setData} mirrors the element's {@code data} property. */
@Tag("im-heatmap-chart")
@JsModule("./src/heatmap-chart.ts")
class HeatmapChart extends Component implements HasSize {

    private @Nullable HeatmapData data;

    HeatmapChart() {
        setWidthFull();
    }

    void setData(HeatmapData data) {
        this.data = data;
        getElement().setPropertyBean("data", data);
    }

    Optional<HeatmapData> data() {
        return Optional.ofNullable(data);
    }
}
