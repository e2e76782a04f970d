package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Pre;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.OtlpNames;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DeploymentOverviewTest {

    private static final DeploymentRef DEPLOYMENT = new DeploymentRef(
            7,
            3,
            "qwen3-coder",
            "Qwen3 Coder",
            "Qwen/Qwen3-Coder-30B",
            "vLLM",
            "eu-west-1",
            new BigDecimal("500"),
            new BigDecimal("250"),
            new BigDecimal("1"),
            Instant.parse("2026-11-01T00:00:00Z"),
            null,
            null);

    @Test
    void the_overview_shows_how_to_push_samples_export_traces_and_add_a_scrape_target_for_this_deployment() {
        DeploymentOverview overview = new DeploymentOverview(
                DEPLOYMENT,
                TokenPrice.of("0.45", "1.80", "USD"),
                new OtlpNames(List.of("vllm-qwen"), List.of()),
                Optional.empty(),
                "https://metrics.example.com");

        assertThat(all(overview).filter(H2.class::isInstance).map(heading -> ((H2) heading).getText()))
                .containsExactly(
                        "Send data", "Point vLLM at it (OpenTelemetry traces)", "Scrape its engines' /metrics");
        List<String> snippets = all(overview)
                .filter(Pre.class::isInstance)
                .map(pre -> ((Pre) pre).getText())
                .toList();
        assertThat(snippets).hasSize(4);
        assertThat(snippets.getLast())
                .contains("https://metrics.example.com/api/v1/scrape-targets")
                .contains("\"deployment\":\"qwen3-coder\"");
    }

    @Test
    void a_rollups_only_deployment_says_how_long_its_requests_can_be_listed() {
        DeploymentOverview overview = new DeploymentOverview(
                DEPLOYMENT,
                TokenPrice.of("0.45", "1.80", "USD"),
                new OtlpNames(List.of(), List.of()),
                Optional.of(Duration.ofHours(6)),
                "https://metrics.example.com");

        assertThat(all(overview).map(Component::getElement).map(element -> element.getText()))
                .contains("Rollups only")
                .anySatisfy(text -> assertThat(text).startsWith("raw requests are kept 6 h"));
    }

    private static Stream<Component> all(Component root) {
        return Stream.concat(Stream.of(root), root.getChildren().flatMap(DeploymentOverviewTest::all));
    }
}
