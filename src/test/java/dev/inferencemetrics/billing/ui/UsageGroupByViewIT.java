package dev.inferencemetrics.billing.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.billing.UsageFormat;
import dev.inferencemetrics.billing.UsageGrouping;
import dev.inferencemetrics.billing.UsageLine;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.billing.UsageValue;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.Rfc4180;
import dev.inferencemetrics.testing.SeededTenant;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Usage page's "Group by": by consumer, consumer × deployment and adapter, each line's tokens and cost as sent,
 * untagged requests as "(none)", the choice in the address, and downloads that follow it.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class UsageGroupByViewIT extends SpringBrowserlessTest {

    private static final TokenPrice PRICE = TokenPrice.of("0.45", "1.80", "USD");

    @Autowired
    ApplicationContext context;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    /** The UTC day the requests were sent on, kept for every test of the JVM even past midnight. */
    private static LocalDate day;

    /** Group Labs: acme sent 2 requests (1,000 + 3,000 in, 200 + 400 out), globex 1, and 1 request named none. */
    @BeforeEach
    void aTenantWhoseRequestsNameConsumers() {
        Instant sent = clock.instant().minusSeconds(30);
        if (day == null) {
            day = LocalDate.ofInstant(sent, ZoneOffset.UTC);
        }
        SeededTenant group = SeededTenant.of(context, "group-labs", "Group Labs")
                .withUser("group-admin", "Gus Admin", Role.TENANT_ADMIN);
        if (group.addDeployment("group-usd", "Group USD", "0.45", "1.80", "USD")) {
            day = LocalDate.ofInstant(sent, ZoneOffset.UTC);
            List<JsonNode> samples = new ArrayList<>();
            samples.add(sample("g-1", sent, 1_000, 200, "acme", "sql-lora"));
            samples.add(sample("g-2", sent, 3_000, 400, "acme", null));
            samples.add(sample("g-3", sent, 500, 50, "globex", "sql-lora"));
            samples.add(sample("g-4", sent, 7, 9, null, null));
            context.getBean(IngestService.class).ingestRequests(group.gateway(), "group-usd", samples);
            context.getBean(DimensionDeltaFold.class).foldWaiting();
        }
    }

    @Test
    @WithUserDetails(value = "group-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void grouped_by_consumer_each_consumer_has_its_tokens_and_cost_and_untagged_requests_are_none() {
        UsageView view = open("usage?by=consumer&from=" + day + "&to=" + day.plusDays(1));

        assertThat(view.groupBy.getValue()).isEqualTo(UsageGrouping.CONSUMER);
        assertThat(view.lines.isVisible()).isTrue();
        assertThat(view.tables.deployments.isVisible()).isFalse();
        assertThat(view.lines.heading.getText()).isEqualTo("Per consumer");
        assertThat(view.lines.note.getText()).contains("\"(none)\"", "\"other\"", "500");
        assertThat(view.lines.lines.getColumnByKey("deployment").isVisible()).isFalse();
        Map<String, UsageLine> lines = lines(view);
        assertThat(lines.keySet()).containsExactlyInAnyOrder("acme", "globex", UsageValue.NONE_LABEL);
        UsageLine acme = lines.get("acme");
        assertThat(acme.total().requests()).isEqualTo(2);
        assertThat(acme.total().inputTokens()).isEqualTo(4_000);
        assertThat(acme.total().outputTokens()).isEqualTo(600);
        assertThat(acme.total().cost().in("USD"))
                .isEqualByComparingTo(PRICE.inputCost(4_000).add(PRICE.outputCost(600)));
        assertThat(lines.get(UsageValue.NONE_LABEL).total().inputTokens()).isEqualTo(7);
        // the lines add up to the page's total
        assertThat(lines.values().stream()
                        .mapToLong(line -> line.total().inputTokens())
                        .sum())
                .isEqualTo(4_000 + 500 + 7);
        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("4,507");
    }

    @Test
    @WithUserDetails(value = "group-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void picking_a_grouping_puts_it_in_the_address_and_the_downloads_follow_it() throws Exception {
        UsageView view = open("usage?from=" + day + "&to=" + day.plusDays(1));
        assertThat(view.lines.isVisible()).isFalse();
        assertThat(view.tables.deployments.isVisible()).isTrue();

        view.groupBy.setValue(UsageGrouping.CONSUMER_DEPLOYMENT);

        assertThat(view.address()).contains("by=consumer");
        assertThat(view.lines.lines.getColumnByKey("deployment").isVisible()).isTrue();
        assertThat(lines(view).get("globex").deploymentName()).isEqualTo("Group USD");
        UsageSelection selection = view.selection();
        assertThat(selection.fileName("csv"))
                .isEqualTo("usage-group-labs-by-consumer-deployment-" + day + "-" + day + ".csv");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        context.getBean(UsageService.class)
                .export(
                        context.getBean(CurrentUser.class).require().scope(),
                        selection.tenantId(),
                        selection.period(),
                        selection.grouping(),
                        UsageFormat.CSV,
                        false,
                        out);
        List<List<String>> csv = Rfc4180.parse(out.toString(StandardCharsets.UTF_8));
        assertThat(csv.getFirst()).contains("consumer", "consumer_kind", "deployment");
        assertThat(csv.subList(1, csv.size()))
                .extracting(row -> row.get(2) + " " + row.get(4) + " " + row.get(8))
                .containsExactlyInAnyOrder("(none) group-usd 1", "acme group-usd 2", "globex group-usd 1");
        assertThat(csv.stream()
                        .filter(row -> row.get(2).equals("acme"))
                        .findFirst()
                        .orElseThrow()
                        .get(17))
                .isEqualTo(MoneyFormat.exact(PRICE.inputCost(4_000).add(PRICE.outputCost(600))));

        view.groupBy.setValue(UsageGrouping.ADAPTER);

        assertThat(view.lines.heading.getText()).isEqualTo("Per adapter");
        assertThat(lines(view).get("sql-lora").total().requests()).isEqualTo(2);
        assertThat(lines(view).get(UsageValue.NONE_LABEL).total().requests()).isEqualTo(2);
    }

    private UsageView open(String address) {
        int query = address.indexOf('?');
        UI.getCurrent().navigate(UsageView.class, QueryParameters.fromString(address.substring(query + 1)));
        return (UsageView) getCurrentView();
    }

    private static Map<String, UsageLine> lines(UsageView view) {
        return view.lines
                .lines
                .getGenericDataView()
                .getItems()
                .collect(Collectors.toMap(line -> line.value().label(), line -> line));
    }

    private JsonNode sample(
            String id, Instant ts, int input, int output, @Nullable String consumer, @Nullable String adapter) {
        ObjectNode sample = json.createObjectNode();
        sample.put("requestId", id);
        sample.put("ts", ts.toString());
        sample.put("status", "ok");
        sample.put("ttftMs", 80.0);
        sample.put("e2eMs", 900.0);
        sample.put("inputTokens", input);
        sample.put("outputTokens", output);
        if (consumer != null) {
            sample.put("consumer", consumer);
        }
        if (adapter != null) {
            sample.put("adapter", adapter);
        }
        return sample;
    }
}
