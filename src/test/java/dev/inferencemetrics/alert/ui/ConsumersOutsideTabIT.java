package dev.inferencemetrics.alert.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.tabs.TabSheet;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.slo.ConsumerBreach;
import dev.inferencemetrics.slo.ui.ConsumersOutsidePanel;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The SLOs and alerts tab lists the consumers outside the TTFT objective with their exact requests. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ConsumersOutsideTabIT extends SpringBrowserlessTest {

    private static final String SLUG = "consumers-outside-under-test";

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private Instant start;

    @BeforeEach
    void aSlowConsumerAndAFastOne() {
        SeededTenant tenant = SeededTenant.of(context, "consumers-outside-labs", "Consumers Outside Labs")
                .withUser("outside-admin", "Oz Admin", Role.TENANT_ADMIN);
        tenant.addDeployment(SLUG, "Consumers outside");
        start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(2));
        // far above and far below any TTFT objective the deployment starts with
        assertThat(ingest.ingestRequests(tenant.gateway(), SLUG, requests("acme", 17, 20_000))
                        .accepted())
                .isEqualTo(17);
        assertThat(ingest.ingestRequests(tenant.gateway(), SLUG, requests("beta", 9, 1))
                        .accepted())
                .isEqualTo(9);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    @WithUserDetails(value = "outside-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_slow_consumer_is_listed_with_its_requests_and_the_fast_one_is_not() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
        TabSheet tabs = view.getChildren()
                .filter(TabSheet.class::isInstance)
                .map(TabSheet.class::cast)
                .findFirst()
                .orElseThrow();
        tabs.setSelectedIndex(IntStream.range(0, tabs.getTabCount())
                .filter(i -> tabs.getTabAt(i).getLabel().equals("SLOs and alerts"))
                .findFirst()
                .orElseThrow());
        ConsumersOutsidePanel panel = $(ConsumersOutsidePanel.class).single();

        assertThat(panel.grid.getGenericDataView().getItems())
                .filteredOn(breach -> breach.consumer().startsWith(prefix()))
                .extracting(ConsumerBreach::consumer, ConsumerBreach::requests, ConsumerBreach::compliancePct)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(prefix() + "acme", 17L, 0.0));
        assertThat(panel.summary.getText()).contains("outside the objective (TTFT ≤ ");

        panel.window.setValue("Last hour");
        assertThat(panel.grid.getGenericDataView().getItems())
                .noneMatch(breach -> breach.consumer().startsWith(prefix()));
    }

    /** This run's consumers: a run on the same database an hour later names its own. */
    private String prefix() {
        return "run" + start.getEpochSecond() + "-";
    }

    private List<JsonNode> requests(String consumer, int count, double ttftMs) {
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"%s%s-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"consumer\":\"%s%s\","
                            + "\"inputTokens\":100,\"outputTokens\":100}",
                    prefix(),
                    consumer,
                    i,
                    start.plusSeconds(i * 30L),
                    ttftMs,
                    ttftMs + 800,
                    prefix(),
                    consumer)));
        }
        return samples;
    }
}
