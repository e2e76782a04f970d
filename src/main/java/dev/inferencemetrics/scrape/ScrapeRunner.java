package dev.inferencemetrics.scrape;

import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Claims due targets (as many as free scrape slots, and of each tenant no more than its share of them, turn by turn)
 * and fetches each on a virtual thread; the slots bound how many scrapes are under way, each ended at its target's
 * timeout or when its target is removed, so one tenant's slow targets never hold every slot. What the fetches of a poll round yield is stored at the
 * next poll, in one transaction per tenant; if that fails, each scrape is stored alone, so one bad result stops no
 * other. A failure is recorded in plain words and the next attempt backs off: the interval doubles with each failure
 * in a row, up to ten minutes.
 */
@Component
@EnableConfigurationProperties(ScrapeProperties.class)
public class ScrapeRunner implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ScrapeRunner.class);
    private static final Duration LONGEST_BACKOFF = Duration.ofMinutes(10);

    private final ScrapeTargetStore targets;
    private final AllowListService allowList;
    private final ScrapeResults results;
    private final TenantTransactions transactions;
    private final Clock clock;
    private final EngineEndpoint endpoint;
    private final Semaphore slots;
    private final int tenantShare;
    private final Map<Long, Integer> busyByTenant = new HashMap<>();
    private final Map<Long, Fetch> underWay = new ConcurrentHashMap<>();
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("scrape-deadlines").daemon().factory());
    private final Queue<Scraped> fetched = new ConcurrentLinkedQueue<>();
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final String owner = "scraper-" + UUID.randomUUID();

    ScrapeRunner(
            ScrapeTargetStore targets,
            AllowListService allowList,
            ScrapeResults results,
            TenantTransactions transactions,
            ScrapeProperties properties,
            Clock clock) {
        this.targets = targets;
        this.allowList = allowList;
        this.results = results;
        this.transactions = transactions;
        this.clock = clock;
        this.slots = new Semaphore(properties.concurrency());
        this.tenantShare = properties.tenantShare();
        this.endpoint = new EngineEndpoint(properties.maxBytes(), properties.maxSeries());
    }

    /**
     * Stores what the previous round fetched, then starts fetching every due target there is a free slot for; the
     * futures complete when each is fetched (and, if it failed, its failure recorded).
     */
    public List<CompletableFuture<Void>> launchDue() {
        storeFetched();
        int free = slots.availablePermits();
        if (free == 0) {
            return List.of();
        }
        Map<Long, Integer> busy = busyTenants();
        List<ClaimedTarget> claimed = transactions.call(
                TenantScope.allTenants(), () -> targets.claimDue(owner, clock.instant(), free, tenantShare, busy));
        AllowList list = allowList.current();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (ClaimedTarget target : claimed) {
            slots.acquireUninterruptibly();
            synchronized (busyByTenant) {
                busyByTenant.merge(target.tenantId(), 1, Integer::sum);
            }
            Fetch fetch = new Fetch();
            underWay.put(target.id(), fetch);
            ScheduledFuture<?> deadline = deadlines.schedule(
                    () -> fetch.stop(Fetch.Stop.DEADLINE), target.timeout().toMillis(), TimeUnit.MILLISECONDS);
            running.add(CompletableFuture.runAsync(() -> fetch(target, list, fetch), executor)
                    .whenComplete((done, failure) -> {
                        deadline.cancel(false);
                        underWay.remove(target.id(), fetch);
                    }));
        }
        return running;
    }

    /** Scrapes every target due now and returns once all are stored (tests and benchmarks use this). */
    public int scrapeDueNow() {
        List<CompletableFuture<Void>> running = launchDue();
        CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        storeFetched();
        return running.size();
    }

    /** Stops the fetch under way of a removed target; it would be stored nowhere, and it holds a slot. */
    @TransactionalEventListener(fallbackExecution = true)
    void targetRemoved(ScrapeTargetChanged change) {
        Fetch fetch = change.added() ? null : underWay.get(change.targetId());
        if (fetch != null) {
            fetch.stop(Fetch.Stop.REMOVED);
        }
    }

    private Map<Long, Integer> busyTenants() {
        synchronized (busyByTenant) {
            return Map.copyOf(busyByTenant);
        }
    }

    private void release(ClaimedTarget target) {
        synchronized (busyByTenant) {
            busyByTenant.computeIfPresent(target.tenantId(), (tenant, busy) -> busy == 1 ? null : busy - 1);
        }
        slots.release();
    }

    private void fetch(ClaimedTarget target, AllowList list, Fetch fetch) {
        boolean queued = false;
        try {
            var samples = endpoint.scrape(target, list, fetch);
            Snapshot snapshot = ScrapeReader.read(samples, target.replica());
            // PostgreSQL keeps microseconds; readings are stored and matched back at the precision pushed ones have
            Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            fetched.add(new Scraped(
                    target, now, snapshot.seriesRead(), ScrapeDeltas.between(target.memory(), snapshot, now)));
            queued = true;
        } catch (ScrapeFailure e) {
            failed(target, e.getMessage());
        } catch (RuntimeException e) {
            log.warn("Scrape of target {} failed", target.id(), e);
            failed(target, "the scrape could not be read: " + e.getClass().getSimpleName());
        } finally {
            if (!queued) {
                release(target);
            }
        }
    }

    /** Stores every fetched scrape waiting, one transaction per tenant, and frees their slots. */
    private synchronized void storeFetched() {
        Map<Long, List<Scraped>> byTenant = new LinkedHashMap<>();
        for (Scraped one; (one = fetched.poll()) != null; ) {
            byTenant.computeIfAbsent(one.target().tenantId(), tenant -> new ArrayList<>())
                    .add(one);
        }
        byTenant.forEach((tenantId, round) -> {
            try {
                results.store(new TenantScope.SingleTenant(tenantId), owner, round);
            } catch (RuntimeException e) {
                log.warn(
                        "Storing {} scrapes of tenant {} at once failed; storing each alone",
                        round.size(),
                        tenantId,
                        e);
                round.forEach(this::storeAlone);
            } finally {
                round.forEach(one -> release(one.target()));
            }
        });
    }

    private void storeAlone(Scraped one) {
        try {
            results.store(new TenantScope.SingleTenant(one.target().tenantId()), owner, List.of(one));
        } catch (RuntimeException e) {
            log.warn("Scrape of target {} could not be stored", one.target().id(), e);
            try {
                failed(
                        one.target(),
                        "the scrape could not be stored: " + e.getClass().getSimpleName());
            } catch (RuntimeException unrecorded) {
                // the database is away: the lease expires by itself and the target is scraped again
                log.warn(
                        "The failure of target {} could not be recorded either",
                        one.target().id(),
                        unrecorded);
            }
        }
    }

    private void failed(ClaimedTarget target, String error) {
        Duration backoff = target.interval().multipliedBy(1L << Math.min(target.failures() + 1, 10));
        transactions.run(
                TenantScope.tenant(target.tenantId()),
                () -> targets.failed(
                        target,
                        owner,
                        clock.instant(),
                        error,
                        backoff.compareTo(LONGEST_BACKOFF) > 0 ? LONGEST_BACKOFF : backoff));
    }

    /** Stops the scrapes under way and stores what was fetched before the database goes. */
    @Override
    public void destroy() throws InterruptedException {
        underWay.values().forEach(fetch -> fetch.stop(Fetch.Stop.SHUTDOWN));
        deadlines.shutdownNow();
        executor.shutdown();
        if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
            executor.shutdownNow();
        }
        storeFetched();
    }
}
