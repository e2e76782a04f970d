package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouteParameters;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The Metrics tab's breakdown: two consumers of one deployment, acme slow and beta fast, listed slowest first; a click
 * on a row narrows the cards, the charts, the heatmap and the address to that consumer, and the chip widens it again.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class BreakdownViewIT extends SpringBrowserlessTest {

    private static final String VIEWER = "breakdown-viewer";

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private SeededTenant tenant;
    private String slug;

    /** acme: 20 requests at 900–919 ms TTFT; beta: 30 at 100–129 ms; both 20 minutes ago. */
    @BeforeEach
    void twoConsumersOfOneDeployment() {
        tenant = SeededTenant.of(context, "breakdown-labs", "Breakdown Labs")
                .withUser(VIEWER, "Bea Viewer", Role.TENANT_VIEWER);
        slug = "shared-" + Long.toString(System.nanoTime(), 36);
        tenant.addDeployment(slug, "Shared");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(20, ChronoUnit.MINUTES);
        List<JsonNode> requests = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            requests.add(request("acme-" + i, start.plusSeconds(i), 900 + i, "acme"));
        }
        for (int i = 0; i < 30; i++) {
            requests.add(request("beta-" + i, start.plusSeconds(30 + i), 100 + i, "beta"));
        }
        ingest.ingestRequests(tenant.gateway(), slug, requests);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    @WithUserDetails(value = VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_slowest_consumer_comes_first_and_a_click_narrows_the_whole_page_to_it_until_the_chip_clears_it() {
        DeploymentView view = open(Map.of());
        MetricsTab tab = view.metricsTab;
        BreakdownPanel breakdown = $(BreakdownPanel.class).single();
        HeatmapPanel heatmap = $(HeatmapPanel.class).single();
        FilterChip chip = Objects.requireNonNull(tab.filterChip);

        assertThat(breakdown.dimension.getValue()).isEqualTo(Dimension.CONSUMER);
        var grid = test(breakdown.grid);
        assertThat(grid.size()).isEqualTo(2);
        assertThat(grid.getCellText(0, 0)).isEqualTo("acme");
        assertThat(grid.getCellText(1, 0)).isEqualTo("beta");
        assertThat(grid.getCellText(0, grid.getColumnPosition("requests"))).isEqualTo("20");
        assertThat(grid.getCellText(1, grid.getColumnPosition("requests"))).isEqualTo("30");
        assertThat(grid.getCellText(0, grid.getColumnPosition("ttftP50"))).matches("9[01]\\d ms");
        assertThat(breakdown.otherNote.isVisible()).isFalse();
        // every request: the 25th and 26th of 50 are beta's, at 124 and 125 ms
        assertThat(tab.cards.ttft.value.getText()).matches("12\\d ms");
        assertThat(chip.isVisible()).isFalse();
        long allInHeatmap = heatmapCount(heatmap);
        assertThat(allInHeatmap).isEqualTo(50);

        grid.clickRow(0);

        assertThat(tab.cards.ttft.value.getText()).matches("9[01]\\d ms");
        assertThat(tab.address.parameters()).containsEntry("consumer", "acme");
        assertThat(chip.isVisible()).isTrue();
        assertThat(chip.label.getText()).isEqualTo("Consumer: acme");
        assertThat(heatmapCount(heatmap)).isEqualTo(20);
        assertThat(errorsLine(tab)).isEqualTo("0 of 20 requests not ok");

        test(chip.clear).click();

        assertThat(tab.cards.ttft.value.getText()).matches("12\\d ms");
        assertThat(tab.address.parameters()).doesNotContainKey("consumer");
        assertThat(chip.isVisible()).isFalse();
        assertThat(heatmapCount(heatmap)).isEqualTo(50);
    }

    @Test
    @WithUserDetails(value = VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_link_with_a_consumer_opens_the_page_narrowed_to_it() {
        DeploymentView view = open(Map.of("consumer", "beta"));

        assertThat(view.metricsTab.cards.ttft.value.getText()).matches("11\\d ms");
        assertThat(errorsLine(view.metricsTab)).isEqualTo("0 of 30 requests not ok");
        assertThat(Objects.requireNonNull(view.metricsTab.filterChip).label.getText())
                .isEqualTo("Consumer: beta");
    }

    @Test
    @WithUserDetails(value = VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_link_with_an_unusable_consumer_says_why_and_shows_every_request() {
        DeploymentView view = open(Map.of("consumer", "sk-live-secret"));
        FilterChip chip = Objects.requireNonNull(view.metricsTab.filterChip);

        assertThat(chip.isVisible()).isTrue();
        assertThat(chip.problem.getText())
                .startsWith("The link's consumer 'sk-live-secret' cannot be one (consumer looks like a credential")
                .endsWith("so the page shows every request.");
        assertThat(chip.label.getParent().orElseThrow().isVisible()).isFalse();
        assertThat(errorsLine(view.metricsTab)).isEqualTo("0 of 50 requests not ok");
    }

    @Test
    @WithUserDetails(value = VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_window_without_tagged_traffic_says_so_and_a_priority_breakdown_of_untagged_requests_too() {
        DeploymentView view = open(Map.of());
        BreakdownPanel breakdown = $(BreakdownPanel.class).single();

        breakdown.dimension.setValue(Dimension.PRIORITY);
        assertThat(breakdown.empty.isVisible()).isTrue();
        assertThat(breakdown.empty.getText()).startsWith("No request in this window names a priority.");
        assertThat(breakdown.grid.isVisible()).isFalse();

        breakdown.dimension.setValue(Dimension.CONSUMER);
        view.metricsTab.apply(
                TimeRange.custom(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T01:00:00Z")));
        assertThat(breakdown.empty.isVisible()).isTrue();
        assertThat(breakdown.empty.getText()).startsWith("No request in this window names a consumer.");
    }

    @Test
    @WithUserDetails(value = VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void traffic_past_the_days_cap_is_a_row_of_its_own_that_narrows_nothing_and_the_page_says_so() {
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(10, ChronoUnit.MINUTES);
        List<JsonNode> requests = new ArrayList<>();
        // 2 consumers so far today; 498 more reach the cap of 500, and a slow 499th is counted under other, which
        // its TTFT lists first
        int values = Dimension.VALUES_PER_DAY - 1;
        for (int i = 0; i < values; i++) {
            // named so that the slow one comes last by name, as the day's cap admits new values
            requests.add(
                    request("many-" + i, minute.plusMillis(i), i == values - 1 ? 5_000 : 50, "org-%03d".formatted(i)));
        }
        ingest.ingestRequests(tenant.gateway(), slug, requests);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        DeploymentView view = open(Map.of());
        BreakdownPanel breakdown = $(BreakdownPanel.class).single();
        var grid = test(breakdown.grid);

        assertThat(breakdown.otherNote.isVisible()).isTrue();
        assertThat(breakdown.otherNote.getText()).isEqualTo(BreakdownPanel.OTHER_NOTE);
        int other = 0;
        assertThat(grid.getRow(other).other()).isTrue();
        assertThat(grid.getCellText(other, 0)).isEqualTo("other (past the day's cap)");
        assertThat(grid.getCellText(other, grid.getColumnPosition("requests"))).isEqualTo("1");
        assertThat(grid.size()).isEqualTo(BreakdownPanel.ROWS);
        assertThat(breakdown.more.getText()).isEqualTo("The 100 slowest of 501 consumer values in this window.");

        grid.clickRow(other);

        assertThat(view.metricsTab.address.parameters()).doesNotContainKey("consumer");
        assertThat(Objects.requireNonNull(view.metricsTab.filterChip).isVisible())
                .isFalse();
    }

    private DeploymentView open(Map<String, String> query) {
        UI.getCurrent()
                .navigate(DeploymentView.class, new RouteParameters("slug", slug), QueryParameters.simple(query));
        return (DeploymentView) getCurrentView();
    }

    private JsonNode request(String id, Instant ts, double ttftMs, String consumer) {
        return json.readTree(String.format(
                Locale.ROOT,
                "{\"requestId\":\"%s\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"tpotMs\":10,"
                        + "\"inputTokens\":100,\"outputTokens\":50,\"consumer\":\"%s\"}",
                id,
                ts,
                ttftMs,
                ttftMs + 490,
                consumer));
    }

    /** Every request the heatmap counts over its window. */
    private static long heatmapCount(HeatmapPanel heatmap) {
        return heatmap.chart.data().orElseThrow().columns().stream()
                .flatMap(column -> column.counts().stream())
                .mapToLong(Long::longValue)
                .sum();
    }

    private static String errorsLine(MetricsTab tab) {
        return tab.cards
                .errors
                .details
                .getChildren()
                .map(line -> line.getElement().getText())
                .filter(line -> line.contains("requests not ok"))
                .findFirst()
                .orElse("");
    }
}
