package dev.inferencemetrics.compare.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.HasElement;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.compare.Delta;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.LargeFleet;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class CompareViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    private static final String SLUG = "compare-under-test";

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    /** The slow half hour's start, fixed when it is seeded, so a test that runs after the next full hour finds it. */
    private static Instant slow;

    @BeforeEach
    void aSlowHalfHourThenAFastOne() {
        SeededTenant tenant = SeededTenant.of(context, "compare-labs", "Compare Labs")
                .withUser("compare-viewer", "Cleo Viewer", Role.TENANT_VIEWER);
        if (tenant.addDeployment(SLUG, "Compare")) {
            slow = twoHoursAgo();
            ingest.ingestRequests(tenant.gateway(), SLUG, requests("slow", slow, 900));
            ingest.ingestRequests(tenant.gateway(), SLUG, requests("fast", slow.plus(Duration.ofMinutes(30)), 300));
        } else if (slow == null) {
            slow = twoHoursAgo(); // seeded by an earlier run on the same database
        }
        LargeFleet.AT_REST.seed(context, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
    }

    private Instant twoHoursAgo() {
        return clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
    }

    @Test
    @WithUserDetails(value = "compare-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_slow_half_hour_against_the_one_after_shows_b_better_beyond_noise_and_overlays_b_on_a() {
        Instant after = slow.plus(Duration.ofMinutes(30));
        CompareView view = (CompareView) open("a=" + SLUG + "&aFrom=" + slow + "&aTo=" + after + "&bFrom=" + after
                + "&bTo=" + after.plus(Duration.ofMinutes(30)));

        Delta p99 = delta(view, "ttft.p99");
        assertThat(p99.a()).isGreaterThan(2 * p99.b());
        assertThat(DeltaText.verdict(p99)).isEqualTo("B better, beyond noise");
        assertThat(DeltaText.className(p99)).isEqualTo("delta--better");
        assertThat(DeltaText.change(p99)).startsWith("−").endsWith("%)");
        assertThat(DeltaText.verdict(delta(view, "kvCacheMean"))).isEqualTo("no data on one side");
        assertThat(view.sideA.getText()).startsWith("A · " + SLUG).contains("360 requests");
        assertThat(view.sideB.getText()).startsWith("B · " + SLUG).contains("360 requests");
        assertThat(view.sideA.getText()).contains("tokens/s in ", " · out ", " · goodput ", " · token goodput ");
        assertThat(delta(view, "goodputPct").label()).isEqualTo("Goodput");
        assertThat(delta(view, "tokenGoodputPct").unit()).isEqualTo("%");
        assertThat(delta(view, "goodRequestsPerSecond").better()).isEqualTo(Delta.Better.HIGHER);
        assertThat(delta(view, "inputTokensPerSecond").label()).isEqualTo("Input tokens/s");

        List<ChartSeries> ttft = view.charts.ttft.getConfig().orElseThrow().series();
        assertThat(ttft).extracting(ChartSeries::name).containsExactly("A p50", "A p99", "B p50", "B p99");
        assertThat(ttft.get(2).dashed()).isTrue();
        long firstA = ttft.get(0).data().getFirst().x();
        long firstB = ttft.get(2).data().getFirst().x();
        assertThat(firstB).as("B is moved onto A's time axis").isEqualTo(firstA);
        assertThat(ttft.get(0).data()).extracting(ChartPoint::y).first().isNotNull();
    }

    @Test
    @WithUserDetails(value = "compare-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void with_only_a_named_b_is_the_period_before_and_the_page_says_so() {
        Instant after = slow.plus(Duration.ofMinutes(30));
        CompareView view =
                (CompareView) open("a=" + SLUG + "&aFrom=" + after + "&aTo=" + after.plus(Duration.ofMinutes(30)));

        Delta p99 = delta(view, "ttft.p99");
        assertThat(p99.b()).as("B is the slow half hour before A").isGreaterThan(2 * p99.a());
        assertThat(DeltaText.verdict(p99)).isEqualTo("B worse, beyond noise");
        assertThat(view.defaultB.isVisible()).isTrue();
        assertThat(view.defaultB.getText())
                .isEqualTo("B is the period before A: the same deployment over the window of the same length that"
                        + " ends where A's begins. Pick deployment B to compare two deployments.");
    }

    @Test
    @WithUserDetails(value = "compare-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_unusable_window_is_said_in_words() {
        CompareView view = (CompareView) open("a=" + SLUG + "&aFrom=yesterday");

        assertThat(view.problem.isVisible()).isTrue();
        assertThat(view.problem.getText()).startsWith("aFrom is not an instant");
    }

    @Test
    @WithUserDetails(value = "compare-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_pickers_offer_only_the_users_own_deployments() {
        CompareView view = navigate("compare", CompareView.class);

        assertThat(view.problem.getText()).isEqualTo("Pick deployment A to compare.");
        assertThat(test(view.deploymentA).getSuggestionItems())
                .extracting(DeploymentListItem::slug)
                .containsExactly(SLUG);
        assertThat(test(view.deploymentA).getSuggestions()).containsExactly("Compare");
    }

    @Test
    @WithUserDetails(value = LargeFleet.AT_REST_ADMIN, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void among_1000_deployments_the_pickers_find_one_by_name_and_show_display_names() {
        CompareView view = (CompareView) open("a=" + LargeFleet.AT_REST.slug(737));

        assertThat(view.deploymentA.getItemLabelGenerator().apply(view.deploymentA.getValue()))
                .isEqualTo(LargeFleet.AT_REST.name(737));
        assertThat(view.deploymentA.getDataProvider().isInMemory()).isFalse();

        test(view.deploymentB).setFilter("model 0042");

        assertThat(test(view.deploymentB).getSuggestions()).containsExactly(LargeFleet.AT_REST.name(42));
    }

    @Test
    @WithUserDetails(value = "compare-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void another_tenants_deployment_on_either_side_is_not_found() {
        open("a=" + SLUG + "&b=qwen3-coder");

        assertThat(getCurrentView()).isNotInstanceOf(CompareView.class).isInstanceOf(HasErrorParameter.class);
    }

    /** Opens the page at an address as a shared link does. */
    private HasElement open(String query) {
        UI.getCurrent().navigate(CompareView.class, QueryParameters.fromString(query));
        return getCurrentView();
    }

    private static Delta delta(CompareView view, String figure) {
        return view.deltas
                .getListDataView()
                .getItems()
                .filter(d -> d.figure().equals(figure))
                .findFirst()
                .orElseThrow();
    }

    /** 360 requests over half an hour, TTFT around {@code ttftMs}. */
    private List<JsonNode> requests(String prefix, Instant from, double ttftMs) {
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < 360; i++) {
            double ttft = ttftMs * (0.8 + (i % 10) / 25.0);
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"%s-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"tpotMs\":20,"
                            + "\"inputTokens\":100,\"outputTokens\":100}",
                    prefix,
                    i,
                    from.plusSeconds(i * 5L),
                    ttft,
                    ttft + 20 * 99)));
        }
        return samples;
    }
}
