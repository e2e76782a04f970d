package dev.inferencemetrics.compare.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The Compare page by value: each side's filter is read from the address, shown, counted and kept on Compare. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class CompareByValueViewIT extends SpringBrowserlessTest {

    private static final String SLUG = "compare-by-value-page";

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private Instant from;

    @BeforeEach
    void twoConsumersOnOneDeployment() {
        SeededTenant tenant = SeededTenant.of(context, "compare-value-labs", "Compare Value Labs")
                .withUser("compare-value-viewer", "Vic Viewer", Role.TENANT_VIEWER);
        tenant.addDeployment(SLUG, "Compare by value");
        from = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        // request ids carry the start, so a run on the same database an hour later adds its own requests
        ingest.ingestRequests(tenant.gateway(), SLUG, requests("acme", 14, 900));
        ingest.ingestRequests(tenant.gateway(), SLUG, requests("beta", 6, 150));
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    @WithUserDetails(value = "compare-value-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void acme_against_beta_counts_each_side_and_keeps_the_filters_in_the_address() {
        UI.getCurrent()
                .navigate(
                        CompareView.class,
                        QueryParameters.fromString("a=" + SLUG + "&aFrom=" + from + "&aTo="
                                + from.plus(Duration.ofMinutes(30)) + "&aConsumer=acme&bConsumer=beta"));
        CompareView view = (CompareView) getCurrentView();

        assertThat(view.sideA.getText())
                .startsWith("A · " + SLUG + " · consumer acme")
                .contains("14 requests");
        assertThat(view.sideB.getText())
                .startsWith("B · " + SLUG + " · consumer beta")
                .contains("6 requests");
        assertThat(view.defaultB.isVisible()).isFalse();
        assertThat(view.filterA.dimension.getValue()).hasValue(Dimension.CONSUMER);
        assertThat(view.filterA.value.getValue()).isEqualTo("acme");

        view.filterB.dimension.setValue(Optional.of(Dimension.PRIORITY));
        view.filterB.value.setValue("batch");
        test(view.getChildren()
                        .flatMap(child -> child.getChildren())
                        .filter(com.vaadin.flow.component.button.Button.class::isInstance)
                        .map(com.vaadin.flow.component.button.Button.class::cast)
                        .findFirst()
                        .orElseThrow())
                .click();

        CompareView after = (CompareView) getCurrentView();
        String address = UI.getCurrent().getInternals().getActiveViewLocation().getPathWithQueryParameters();
        assertThat(address).contains("aConsumer=acme", "bPriority=batch").doesNotContain("bConsumer");
        assertThat(after.sideB.getText()).contains("priority batch", "6 requests");
    }

    private List<JsonNode> requests(String consumer, int count, double ttftMs) {
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"%s-%s-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"consumer\":\"%s\","
                            + "\"priority\":\"%s\",\"inputTokens\":100,\"outputTokens\":100}",
                    consumer,
                    from.getEpochSecond(),
                    i,
                    from.plusSeconds(i * 60L),
                    ttftMs,
                    ttftMs + 800,
                    consumer,
                    consumer.equals("beta") ? "batch" : "interactive")));
        }
        return samples;
    }
}
