package dev.inferencemetrics.demo;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentArchivedException;
import dev.inferencemetrics.deployment.DeploymentNotFoundException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Keeps the demo alive: at first start it back-fills the configured history, then sends the latest traffic every
 * few seconds. Everything goes through {@link IngestService}, like a gateway's HTTP calls, on one background thread
 * so the UI never waits for it. After a restart it resumes at the start of the newest stored minute: that minute's
 * stored samples come again as resends and its remainder fills the time the application was down, so the charts
 * show no gap. With several instances on one database one sends at a time, whichever holds the {@code demo-traffic}
 * lease; an instance that takes the lease over resumes the same way.
 */
@Component
@EnableConfigurationProperties(SimulatorProperties.class)
class TrafficSimulator implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(TrafficSimulator.class);
    private static final Duration CHUNK = Duration.ofHours(1);
    private static final String LEASE = "demo-traffic";
    /** Long enough to cover a first back-fill of a week (about a minute), renewed at every turn after it. */
    private static final Duration MIN_LEASE = Duration.ofMinutes(3);

    private final DemoDataSeeder demo;
    private final SimulatorProperties properties;
    private final DeploymentService deployments;
    private final IngestService ingest;
    private final RequestRollupRangeStore rollups;
    private final TenantTransactions tenantTransactions;
    private final SchedulerLease lease;
    private final Clock clock;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform()
            .name("demo-traffic")
            .daemon()
            .priority(Thread.MIN_PRIORITY)
            .factory());
    private final List<Simulated> simulated = new ArrayList<>();

    TrafficSimulator(
            DemoDataSeeder demo,
            SimulatorProperties properties,
            DeploymentService deployments,
            IngestService ingest,
            RequestRollupRangeStore rollups,
            TenantTransactions tenantTransactions,
            SchedulerLease lease,
            Clock clock) {
        this.demo = demo;
        this.properties = properties;
        this.deployments = deployments;
        this.ingest = ingest;
        this.rollups = rollups;
        this.tenantTransactions = tenantTransactions;
        this.lease = lease;
        this.clock = clock;
    }

    boolean enabled() {
        Boolean configured = properties.enabled();
        return configured != null ? configured : demo.enabled();
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (!enabled()) {
            return;
        }
        long every = properties.interval().toMillis();
        thread.scheduleWithFixedDelay(this::turn, 0, every, TimeUnit.MILLISECONDS);
    }

    /** One turn of the holder: back-fill first (or after taking the lease over), then the latest traffic. */
    void turn() {
        Duration length = properties.interval().multipliedBy(3);
        if (!lease.tryAcquire(LEASE, length.compareTo(MIN_LEASE) > 0 ? length : MIN_LEASE)) {
            // another instance sends; should this one take over later, it resumes from what is stored then
            simulated.clear();
            return;
        }
        if (simulated.isEmpty()) {
            backfill();
        } else {
            sendLatest();
        }
    }

    /** Generates and sends everything from the start of each deployment's newest stored minute (or the backfill
     * start) to now. */
    void backfill() {
        Instant now = clock.instant();
        long started = System.nanoTime();
        for (DeploymentBehaviour behaviour : DemoTraffic.BEHAVIOURS) {
            try {
                DeploymentRef deployment = deployments.require(TenantScope.allTenants(), behaviour.slug());
                Instant resumeAt = newestStoredMinute(deployment)
                        .filter(bucket -> bucket.isAfter(now.minus(properties.backfill())))
                        .orElse(now.minus(properties.backfill()));
                Simulated deploymentTraffic =
                        new Simulated(deployment, new TrafficModel(behaviour, deployment.createdAt()), resumeAt);
                simulated.add(deploymentTraffic);
                log.info("Demo traffic for {}: generating from {} to now", behaviour.slug(), resumeAt);
                sendUpTo(deploymentTraffic, now);
            } catch (DeploymentNotFoundException e) {
                log.info("Demo traffic: no deployment {}; skipped", behaviour.slug());
            } catch (RuntimeException e) {
                log.warn("Demo traffic for {} stopped: {}", behaviour.slug(), e.getMessage());
            }
        }
        log.info(
                "Demo traffic back-filled in {} s; sending live traffic every {} s",
                Duration.ofNanos(System.nanoTime() - started).toSeconds(),
                properties.interval().toSeconds());
    }

    private Optional<Instant> newestStoredMinute(DeploymentRef deployment) {
        return tenantTransactions.call(
                TenantScope.tenant(deployment.tenantId()),
                () -> rollups.latestBucket(deployment.tenantId(), deployment.id(), Resolution.MINUTE));
    }

    void sendLatest() {
        Instant now = clock.instant();
        for (Simulated deployment : simulated) {
            try {
                sendUpTo(deployment, now);
            } catch (DeploymentArchivedException e) {
                // an operator archived it; its traffic resumes where it stopped once it is restored
            } catch (RuntimeException e) {
                log.warn(
                        "Demo traffic for {} failed, will retry: {}",
                        deployment.ref().slug(),
                        e.getMessage());
            }
        }
    }

    private void sendUpTo(Simulated deployment, Instant end) {
        ApiClient gateway = new ApiClient(deployment.ref().tenantId(), 0, "demo", EnumSet.of(ApiScope.INGEST));
        while (deployment.sentUpTo().isBefore(end)) {
            Instant from = deployment.sentUpTo();
            Instant to = min(from.plus(CHUNK), end);
            ingest.ingestRequests(
                    gateway, deployment.ref().slug(), nodes(deployment.model().requests(from, to)));
            ingest.ingestKvCache(
                    gateway, deployment.ref().slug(), nodes(deployment.model().kvReadings(from, to)));
            deployment.advanceTo(to);
        }
    }

    private static List<JsonNode> nodes(List<ObjectNode> objects) {
        return List.copyOf(objects);
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    @Override
    public void destroy() {
        thread.shutdownNow();
        if (!simulated.isEmpty()) {
            lease.release(LEASE);
        }
    }

    /** A deployment under simulation and how far its traffic has been sent. */
    private static final class Simulated {
        private final DeploymentRef ref;
        private final TrafficModel model;
        private Instant sentUpTo;

        Simulated(DeploymentRef ref, TrafficModel model, Instant sentUpTo) {
            this.ref = ref;
            this.model = model;
            this.sentUpTo = sentUpTo;
        }

        DeploymentRef ref() {
            return ref;
        }

        TrafficModel model() {
            return model;
        }

        Instant sentUpTo() {
            return sentUpTo;
        }

        void advanceTo(Instant t) {
            sentUpTo = t;
        }
    }
}
