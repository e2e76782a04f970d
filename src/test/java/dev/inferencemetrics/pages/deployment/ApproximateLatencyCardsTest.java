package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.metrics.ApproximateLatency;
import dev.inferencemetrics.metrics.BucketedPercentile;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApproximateLatencyCardsTest {

    @Test
    void the_observation_count_of_an_engine_histogram_carries_thousands_separators() {
        BucketedPercentile p = new BucketedPercentile(113, 100, 150);
        ApproximateLatencyCards cards = new ApproximateLatencyCards();

        cards.show(new ApproximateLatency(Map.of("ttft", new ApproximateLatency.Summary(234_822_649, p, p, p, p))));

        assertThat(cards.getChildren().filter(Paragraph.class::isInstance).map(line -> ((Paragraph) line).getText()))
                .anyMatch(line -> line.startsWith("Time to first token (234,822,649 observations): p50"));
    }
}
