package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.Delivery;
import dev.inferencemetrics.notify.DeliveryWorker;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.TestTenant;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * How alerts reach channels. A global channel, which only an operator may add (here through the API with the
 * operator's session), hears of every tenant's alerts — each alert once, however often the rules are evaluated —
 * beside the tenant's own channel. A webhook that cannot be reached costs an attempt, recorded with its error and
 * retried later, and leaves the worker free.
 */
class ChannelDeliveryIT extends HttpIntegrationTest {

    @Autowired
    AlertService alerts;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    DeliveryWorker worker;

    @Autowired
    DeploymentService deployments;

    @Autowired
    ChannelService channels;

    @Test
    void a_global_channel_gets_each_tenants_alert_once_and_a_tenant_channel_only_its_own() throws Exception {
        TestTenant first = TestTenant.create(context, "global-a");
        TestTenant second = TestTenant.create(context, "global-b");
        String firstDeployment = kvAlertAtOnce(first);
        String secondDeployment = kvAlertAtOnce(second);
        try (WebhookReceiver global = new WebhookReceiver();
                WebhookReceiver own = new WebhookReceiver()) {
            String body = "{\"name\":\"NOC\",\"kind\":\"WEBHOOK\",\"target\":\"" + global.url()
                    + "\",\"global\":true,\"allowPrivateAddress\":true}";
            HttpApi.Answer byKey =
                    api.post("/api/v1/alert-channels", first.key(ApiScope.ALERTS_WRITE), HttpApi.JSON, bytes(body));
            HttpResponse<String> byOperator = operator().postJson("/api/v1/alert-channels", bytes(body));
            long globalId = json.readTree(byOperator.body()).get("id").asLong();
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(first.id(), "team A", ChannelKind.WEBHOOK, own.url(), true));
            try {
                full(first, firstDeployment, api);
                full(second, secondDeployment, api);

                List<DeploymentRef> both = List.of(
                        deployments.require(TenantScope.allTenants(), firstDeployment),
                        deployments.require(TenantScope.allTenants(), secondDeployment));
                evaluator.evaluate(both, clock.instant(), () -> true);
                evaluator.evaluate(both, clock.instant().plusSeconds(1), () -> true);
                // the global channel also hears of every other test tenant's alerts in this database, so the
                // deliveries due may take more than one batch of the worker
                for (int batch = 0; batch < 50 && !allHeard(global, own, firstDeployment, secondDeployment); batch++) {
                    worker.deliverDue();
                }
            } finally {
                channels.remove(TenantScope.allTenants(), globalId);
            }

            assertThat(byKey.status()).isEqualTo(403);
            assertThat(byOperator.statusCode()).as(byOperator.body()).isEqualTo(200);
            assertThat(firingOf(global, firstDeployment)).hasSize(1);
            assertThat(firingOf(global, secondDeployment)).hasSize(1);
            assertThat(firingOf(own, firstDeployment)).hasSize(1);
            assertThat(own.bodies()).noneMatch(sent -> sent.contains(secondDeployment));
            assertThat(channels.channels(TenantScope.tenant(first.id())))
                    .as("a tenant never sees a global channel")
                    .extracting(dev.inferencemetrics.notify.Channel::name)
                    .containsExactly("team A");
        }
    }

    @Test
    void an_unreachable_webhook_is_recorded_with_its_error_and_retried_later_while_the_others_are_delivered()
            throws Exception {
        HttpApi api = new HttpApi(port, json);
        TestTenant tenant = TestTenant.create(context, "unreachable");
        String deployment = kvAlertAtOnce(tenant);
        TenantScope scope = TenantScope.tenant(tenant.id());
        try (WebhookReceiver reachable = new WebhookReceiver()) {
            String closed = closedPortUrl();
            channels.create(
                    TenantScope.allTenants(), new NewChannel(tenant.id(), "gone", ChannelKind.WEBHOOK, closed, true));
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(tenant.id(), "up", ChannelKind.WEBHOOK, reachable.url(), true));
            full(tenant, deployment, api);

            evaluator.evaluate(scope, clock.instant(), () -> true);
            Instant sent = clock.instant();
            worker.deliverDue();

            long alertId = alerts.alerts(
                            scope, new AlertFilter(sent.minusSeconds(600), sent, null, deployment, null, 10))
                    .getFirst()
                    .id();
            List<Delivery> deliveries = channels.deliveries(scope, alertId);
            assertThat(deliveries).extracting(Delivery::channel).containsExactlyInAnyOrder("gone", "up");
            Delivery failed = deliveries.stream()
                    .filter(delivery -> delivery.channel().equals("gone"))
                    .findFirst()
                    .orElseThrow();
            assertThat(failed.attempts()).isOne();
            assertThat(failed.lastError()).startsWith("could not reach 127.0.0.1: java.net.ConnectException");
            assertThat(failed.deliveredAt()).isNull();
            assertThat(failed.abandonedAt()).isNull();
            assertThat(failed.nextAttemptAt()).isAfterOrEqualTo(sent.plusSeconds(30));
            assertThat(firingOf(reachable, deployment)).hasSize(1);
        }
    }

    /** An address on this machine where nothing listens: a port that was just free. */
    private static String closedPortUrl() throws java.io.IOException {
        try (java.net.ServerSocket socket =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/hook";
        }
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

    private void full(TestTenant tenant, String deployment, HttpApi api) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        List<KvReadingJson> readings = IntStream.rangeClosed(1, 4)
                .mapToObj(minute -> KvReadingJson.reading("pod-0", now.minus(Duration.ofMinutes(minute)), 99))
                .toList();
        api.ingestKvCache(tenant.fullKey(), deployment, readings);
    }

    private boolean allHeard(WebhookReceiver global, WebhookReceiver own, String first, String second) {
        return !firingOf(global, first).isEmpty()
                && !firingOf(global, second).isEmpty()
                && !firingOf(own, first).isEmpty();
    }

    private List<JsonNode> firingOf(WebhookReceiver receiver, String deployment) {
        return receiver.bodies().stream()
                .map(json::readTree)
                .filter(notice -> notice.get("deployment").asString().equals(deployment))
                .filter(notice -> notice.get("event").asString().equals("FIRING"))
                .toList();
    }

    private BrowserSession operator() {
        BrowserSession session = new BrowserSession(port);
        session.signIn("operator", "demo");
        return session;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
