package dev.inferencemetrics.annotation.ui;

import dev.inferencemetrics.annotation.Annotation;
import dev.inferencemetrics.annotation.AnnotationService;
import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.ChartBands;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/** Annotations as every Metrics chart marks them: a dashed line at a moment, a shaded band over a range. */
@Component
class AnnotationMarks implements ChartBands {

    static final String COLOR = "#0891b2";
    /** Longer texts are cut on the chart; the full text stays in the API and the audit log. */
    static final int LABEL_LENGTH = 40;

    private final AnnotationService annotations;

    AnnotationMarks(AnnotationService annotations) {
        this.annotations = annotations;
    }

    @Override
    public List<ChartBand> bands(TenantScope scope, DeploymentRef deployment, Instant from, Instant to) {
        return annotations.overlapping(deployment, from, to).stream()
                .map(AnnotationMarks::mark)
                .toList();
    }

    static ChartBand mark(Annotation annotation) {
        return new ChartBand(
                annotation.from().toEpochMilli(), annotation.end().toEpochMilli(), label(annotation), COLOR);
    }

    static String label(Annotation annotation) {
        String text = annotation.text().replaceAll("\\s+", " ");
        return text.length() <= LABEL_LENGTH ? text : text.substring(0, LABEL_LENGTH - 1) + "…";
    }
}
