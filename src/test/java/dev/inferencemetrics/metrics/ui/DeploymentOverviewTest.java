package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.OtlpNames;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DeploymentOverviewTest {

    @Test
    void the_overview_lists_the_error_rate_slo_beside_the_latency_slos() {
        DeploymentRef deployment = new DeploymentRef(
                1,
                2,
                "sandbox",
                "Sandbox",
                "m",
                "vLLM",
                "eu",
                new BigDecimal("400"),
                new BigDecimal("60"),
                new BigDecimal("0.250"),
                Instant.EPOCH,
                null,
                null);

        DeploymentOverview overview = new DeploymentOverview(
                deployment,
                new TokenPrice(BigDecimal.ZERO, BigDecimal.ZERO, "USD"),
                new OtlpNames(List.of(), List.of()),
                "http://localhost:8080");

        assertThat(facts(overview))
                .containsSubsequence("SLO: TTFT p95 · 400 ms", "SLO: ITL p95 · 60 ms", "SLO: error rate · 0.25 %");
    }

    private static List<String> facts(Component root) {
        return descendants(root)
                .filter(c -> c.getClassNames().contains("deployment-fact"))
                .map(row -> row.getChildren()
                        .map(cell -> cell.getElement().getText())
                        .reduce((name, value) -> name + " · " + value)
                        .orElse(""))
                .toList();
    }

    private static Stream<Component> descendants(Component root) {
        return Stream.concat(Stream.of(root), root.getChildren().flatMap(DeploymentOverviewTest::descendants));
    }
}
