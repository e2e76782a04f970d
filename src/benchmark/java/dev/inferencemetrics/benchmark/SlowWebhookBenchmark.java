package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.RuleKind;
import dev.inferencemetrics.alert.RuleSettings;
import dev.inferencemetrics.alert.TricklingReceiver;
import dev.inferencemetrics.alert.WebhookReceiver;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.DeliveryWorker;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.tenancy.TenantScope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How late another tenant's alert reaches its webhook while one tenant's webhook answers its headers at once and then
 * trickles its body forever. Each round fires a KV-cache alert on a fresh deployment of the other tenant (and, in the
 * slow rounds, ten of the slow tenant's at the same evaluation, whose messages are due first), runs one turn of the
 * alerting job (evaluate, then hand the due messages to the delivery worker) and times from the turn's start until the
 * other tenant's receiver has the message. Quiet rounds, without the slow tenant's alerts, are the baseline measured in
 * the same run. Not a test: run it as BENCHMARKS.md says.
 */
public final class SlowWebhookBenchmark {

    private static final int SLOW_ALERTS_PER_ROUND = 10;

    private SlowWebhookBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        int rounds = Integer.getInteger("benchmark.rounds", 5);
        Path data = Files.createTempDirectory("inference-metrics-slow-webhook-");
        try (ConfigurableApplicationContext app = IngestQueryBenchmark.start(data, options)) {
            new SlowWebhookBenchmark().run(app, rounds);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private void run(ConfigurableApplicationContext app, int rounds) throws Exception {
        DeploymentService deployments = app.getBean(DeploymentService.class);
        ChannelService channels = app.getBean(ChannelService.class);
        long slowTenant =
                deployments.require(TenantScope.allTenants(), "sandbox").tenantId();
        long otherTenant = deployments
                .require(TenantScope.allTenants(), "llama-3-1-8b-nim")
                .tenantId();
        String slowKey = IngestQueryBenchmark.apiKey(app);
        String otherKey = app.getEnvironment().getRequiredProperty("inference-metrics.demo.api-keys.globex");
        Round round = new Round(app, deployments);
        try (TricklingReceiver trickling = new TricklingReceiver();
                WebhookReceiver receiver = new WebhookReceiver()) {
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(otherTenant, "on-call", ChannelKind.WEBHOOK, receiver.url(), true));
            List<Timing> quiet = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                IngestQueryBenchmark.progress("quiet round " + (r + 1));
                quiet.add(round.run(receiver, otherTenant, otherKey, "quiet-" + r, slowTenant, slowKey, 0));
            }
            channels.create(
                    TenantScope.allTenants(),
                    new NewChannel(slowTenant, "trickling", ChannelKind.WEBHOOK, trickling.url(), true));
            List<Timing> slow = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                IngestQueryBenchmark.progress("round " + (r + 1) + " with a trickling webhook");
                slow.add(round.run(
                        receiver, otherTenant, otherKey, "busy-" + r, slowTenant, slowKey, SLOW_ALERTS_PER_ROUND));
            }
            report(quiet, slow, trickling.accepted());
        }
    }

    private static void report(List<Timing> quiet, List<Timing> slow, int trickled) {
        System.out.println(String.format(
                Locale.ROOT,
                "Slow webhook: another tenant's alert, from the start of the alerting turn to its receiver%n"
                        + "  quiet rounds                          %d  delay median %7.1f ms  max %7.1f ms"
                        + "  turn median %7.1f ms%n"
                        + "  with %2d trickling messages due first  %d  delay median %7.1f ms  max %7.1f ms"
                        + "  turn median %7.1f ms%n"
                        + "  trickling ÷ quiet: delay median %.2f×  (target: on time, the next turn never waits);"
                        + " connections the trickling receiver took: %d",
                quiet.size(),
                median(quiet, Timing::delayMillis),
                max(quiet, Timing::delayMillis),
                median(quiet, Timing::turnMillis),
                SLOW_ALERTS_PER_ROUND,
                slow.size(),
                median(slow, Timing::delayMillis),
                max(slow, Timing::delayMillis),
                median(slow, Timing::turnMillis),
                median(slow, Timing::delayMillis) / median(quiet, Timing::delayMillis),
                trickled));
    }

    private static double median(List<Timing> timings, java.util.function.ToDoubleFunction<Timing> value) {
        double[] sorted = timings.stream().mapToDouble(value).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    private static double max(List<Timing> timings, java.util.function.ToDoubleFunction<Timing> value) {
        return timings.stream().mapToDouble(value).max().orElseThrow();
    }

    private record Timing(double delayMillis, double turnMillis) {}

    /** One round: fresh deployments with full KV caches, one alerting turn, the other tenant's message awaited. */
    private static final class Round {

        private final DeploymentService deployments;
        private final AlertService alerts;
        private final AlertEvaluator evaluator;
        private final DeliveryWorker worker;
        private final Clock clock;
        private final URI api;
        private final HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

        Round(ConfigurableApplicationContext app, DeploymentService deployments) {
            this.deployments = deployments;
            this.alerts = app.getBean(AlertService.class);
            this.evaluator = app.getBean(AlertEvaluator.class);
            this.worker = app.getBean(DeliveryWorker.class);
            this.clock = app.getBean(Clock.class);
            this.api = IngestQueryBenchmark.api(app);
        }

        Timing run(
                WebhookReceiver receiver,
                long otherTenant,
                String otherKey,
                String name,
                long slowTenant,
                String slowKey,
                int slowAlerts)
                throws Exception {
            for (int i = 0; i < slowAlerts; i++) {
                fullCache(slowTenant, slowKey, "slow-" + name + "-" + i);
            }
            // the slow tenant's alerts fire a turn earlier, so their messages are due first
            if (slowAlerts > 0) {
                evaluator.evaluate(clock.instant().minusSeconds(1), () -> true);
            }
            String other = fullCache(otherTenant, otherKey, "other-" + name);
            CompletableFuture<String> delivered = receiver.firstContaining("\"deployment\":\"" + other + "\"");
            long start = System.nanoTime();
            evaluator.evaluate(clock.instant(), () -> true);
            worker.dispatchDue(() -> true);
            double turn = (System.nanoTime() - start) / 1e6;
            delivered.get(10, TimeUnit.MINUTES);
            return new Timing((System.nanoTime() - start) / 1e6, turn);
        }

        /** A deployment whose KV rule fires at once, with four minutes of a full cache. */
        private String fullCache(long tenantId, String key, String slug) throws Exception {
            DeploymentRef deployment = IngestQueryBenchmark.create(deployments, tenantId, slug);
            TenantScope scope = TenantScope.tenant(tenantId);
            AlertRule kv = alerts.rules(scope, deployment.slug()).stream()
                    .filter(rule -> rule.kind() == RuleKind.KV_MEAN)
                    .findFirst()
                    .orElseThrow();
            alerts.changeRule(scope, deployment.slug(), kv.id(), new RuleSettings(90, 85, Duration.ZERO, true));
            Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
            StringBuilder samples = new StringBuilder();
            for (int minute = 2; minute <= 5; minute++) {
                samples.append(samples.isEmpty() ? "" : ",")
                        .append("{\"ts\":\"%s\",\"replica\":\"pod-0\",\"usagePct\":99}"
                                .formatted(now.minus(Duration.ofMinutes(minute))));
            }
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(api.resolve("ingest/kv-cache"))
                            .header("Authorization", "Bearer " + key)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"deployment\":\"%s\",\"samples\":[%s]}".formatted(deployment.slug(), samples)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("KV readings answered " + answer.statusCode() + ": " + answer.body());
            }
            return deployment.slug();
        }
    }
}
