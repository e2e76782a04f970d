package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.testing.EngineOnlyDeployment;
import dev.inferencemetrics.testing.IntegrationTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/**
 * A deployment that only scrapes its engines (no per-request source): the Metrics page shows queue depth and
 * prefix-cache charts, and latency from engine histograms marked approximate with its bucket bounds.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class EngineSourceViewIT extends SpringBrowserlessTest {

    private static final String SLUG = EngineOnlyDeployment.SLUG;

    @Autowired
    ApplicationContext context;

    @BeforeEach
    void aDeploymentKnownOnlyFromItsEngines() {
        EngineOnlyDeployment.seed(context);
    }

    @Test
    @WithUserDetails(value = EngineOnlyDeployment.VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void queue_depth_and_prefix_cache_charts_appear_for_a_scraped_deployment() {
        navigate("deployments/" + SLUG, DeploymentView.class);
        EngineGaugeCharts charts = $(EngineGaugeCharts.class).single();

        assertThat(charts.isVisible()).isTrue();
        assertThat(names(charts.queue.getConfig().orElseThrow()))
                .containsExactly("running (avg)", "waiting (avg)", "waiting (max)");
        assertThat(charts.queue.getConfig().orElseThrow().series().get(1).data())
                .anySatisfy(point -> assertThat(point.y()).isEqualTo(4.0));
        assertThat(charts.prefixCache
                        .getConfig()
                        .orElseThrow()
                        .series()
                        .getFirst()
                        .data())
                .anySatisfy(point -> assertThat(point.y()).isEqualTo(42.5));
    }

    @Test
    @WithUserDetails(value = EngineOnlyDeployment.VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void latency_from_engine_histograms_is_marked_approximate_with_its_bucket_bounds_and_its_source() {
        navigate("deployments/" + SLUG, DeploymentView.class);
        ApproximateLatencyCards cards = $(ApproximateLatencyCards.class).single();

        assertThat(cards.isVisible()).isTrue();
        assertThat($(Paragraph.class, cards).all())
                .extracting(Paragraph::getText)
                .containsExactly(
                        ApproximateLatencyCards.SOURCE,
                        "Time to first token (100 observations): p50 ≈ 113 ms, between 100 ms and 150 ms · p90 ≈ 203"
                                + " ms, between 150 ms and 250 ms · p95 ≈ 229 ms, between 150 ms and 250 ms · p99 ≈ 250"
                                + " ms, between 150 ms and 250 ms");
    }

    private static List<String> names(ChartConfig config) {
        return config.series().stream().map(ChartSeries::name).toList();
    }
}
