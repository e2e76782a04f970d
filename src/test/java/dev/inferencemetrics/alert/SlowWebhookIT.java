package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.Delivery;
import dev.inferencemetrics.notify.DeliveryWorker;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.TestTenant;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A webhook whose receiver answers its headers at once and then trickles the body forever. Every send has an overall
 * deadline (short in tests), so the channel's test call fails with a reason instead of hanging, and deliveries run
 * apart from each other by tenant, so another tenant's alert is delivered while that receiver still trickles.
 */
class SlowWebhookIT extends HttpIntegrationTest {

    /** Far longer than the test's send deadline: only a send that never ends takes this long. */
    private static final long PATIENCE_SECONDS = 60;

    @Autowired
    AlertService alerts;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    DeliveryWorker worker;

    @Autowired
    ChannelService channels;

    @Test
    void the_test_call_of_a_trickling_webhook_answers_within_its_deadline_that_the_answer_never_completed()
            throws Exception {
        TestTenant tenant = TestTenant.create(context, "trickle-test");
        try (TricklingReceiver trickling = new TricklingReceiver()) {
            long id = channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(tenant.id(), "slow", ChannelKind.WEBHOOK, trickling.url(), true));
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("http://localhost:" + port + "/api/v1/alert-channels/" + id + "/test"))
                    .header("Authorization", "Bearer " + tenant.key(ApiScope.ALERTS_WRITE))
                    .timeout(Duration.ofSeconds(PATIENCE_SECONDS))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build();

            HttpResponse<String> answer;
            try (HttpClient http = HttpClient.newHttpClient()) {
                answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            }

            JsonNode body = json.readTree(answer.body());
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(body.get("delivered").asBoolean()).isFalse();
            assertThat(body.get("error").asString())
                    .isEqualTo("127.0.0.1 did not complete its answer within the 5 s deadline");
            assertThat(trickling.accepted()).isOne();
        }
    }

    @Test
    void while_one_tenants_webhook_trickles_another_tenants_alert_is_delivered() throws Exception {
        TestTenant slow = TestTenant.create(context, "trickle-a");
        TestTenant other = TestTenant.create(context, "trickle-b");
        String slowDeployment = kvAlertAtOnce(slow);
        String otherDeployment = kvAlertAtOnce(other);
        try (TricklingReceiver trickling = new TricklingReceiver();
                WebhookReceiver receiver = new WebhookReceiver()) {
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(slow.id(), "slow", ChannelKind.WEBHOOK, trickling.url(), true));
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(other.id(), "quick", ChannelKind.WEBHOOK, receiver.url(), true));
            // the slow tenant's message is being trickled to before the other tenant's alert fires (other tests'
            // messages may be due in the shared database too, so its send is awaited, not assumed to come first)
            full(slow, slowDeployment);
            evaluator.evaluate(TenantScope.tenant(slow.id()), clock.instant().minusSeconds(2), () -> true);
            CompletableFuture<Integer> slowSending = worker.dispatchDue(() -> true);
            trickling.firstConnection().get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            full(other, otherDeployment);
            evaluator.evaluate(TenantScope.tenant(other.id()), clock.instant().minusSeconds(1), () -> true);
            CompletableFuture<String> delivered = receiver.firstContaining(otherDeployment);

            CompletableFuture<Integer> sending = worker.dispatchDue(() -> true);
            String notice = delivered.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            int trickledWhenDelivered = trickling.open();
            sending.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            slowSending.get(PATIENCE_SECONDS, TimeUnit.SECONDS);

            assertThat(json.readTree(notice).get("event").asString()).isEqualTo("FIRING");
            assertThat(trickledWhenDelivered)
                    .as("the slow tenant's receiver was still trickling when the other tenant's alert arrived")
                    .isOne();
            Delivery stuck = deliveryOf(slow, slowDeployment);
            assertThat(stuck.deliveredAt()).isNull();
            assertThat(stuck.attempts()).isOne();
            assertThat(stuck.lastError()).isEqualTo("127.0.0.1 did not complete its answer within the 5 s deadline");
            assertThat(deliveryOf(other, otherDeployment).deliveredAt()).isNotNull();
        }
    }

    private Delivery deliveryOf(TestTenant tenant, String deployment) {
        TenantScope scope = TenantScope.tenant(tenant.id());
        Instant now = clock.instant();
        long alertId = alerts.alerts(scope, new AlertFilter(now.minusSeconds(600), now, null, deployment, null, 10))
                .getFirst()
                .id();
        return channels.deliveries(scope, alertId).getFirst();
    }

    /** A deployment whose KV rule fires at the first evaluation that sees a full cache. */
    private String kvAlertAtOnce(TestTenant tenant) {
        String deployment = tenant.deployment("chat");
        TenantScope scope = TenantScope.tenant(tenant.id());
        AlertRule kv = alerts.rules(scope, deployment).stream()
                .filter(rule -> rule.kind() == RuleKind.KV_MEAN)
                .findFirst()
                .orElseThrow();
        alerts.changeRule(scope, deployment, kv.id(), new RuleSettings(90, 85, Duration.ZERO, true));
        return deployment;
    }

    private void full(TestTenant tenant, String deployment) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        List<KvReadingJson> readings = IntStream.rangeClosed(1, 4)
                .mapToObj(minute -> KvReadingJson.reading("pod-0", now.minus(Duration.ofMinutes(minute)), 99))
                .toList();
        api.ingestKvCache(tenant.fullKey(), deployment, readings);
    }
}
