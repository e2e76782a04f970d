package dev.inferencemetrics.scrape;

import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Claims due targets (as many as free scrape slots) and fetches each on a virtual thread; the slots bound how many
 * scrapes are under way, each with its target's timeout. What the fetches of a poll round yield is stored at the
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
        this.endpoint = new EngineEndpoint(properties.maxBytes());
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
        List<ClaimedTarget> claimed =
                transactions.call(TenantScope.allTenants(), () -> targets.claimDue(owner, clock.instant(), free));
        AllowList list = allowList.current();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (ClaimedTarget target : claimed) {
            slots.acquireUninterruptibly();
            running.add(CompletableFuture.runAsync(() -> fetch(target, list), executor));
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

    private void fetch(ClaimedTarget target, AllowList list) {
        boolean queued = false;
        try {
            var samples = endpoint.scrape(target, list);
            Snapshot snapshot = ScrapeReader.read(samples, target.replica());
            // PostgreSQL keeps microseconds; readings are stored and matched back at the precision pushed ones have
            Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            fetched.add(new Scraped(
                    target, now, snapshot.seriesRead(), ScrapeDeltas.between(target.memory(), snapshot, now)));
            queued = true;
        } catch (ScrapeFailure e) {
            failed(target, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed(target, "the scrape was interrupted (the application is stopping)");
        } catch (RuntimeException e) {
            log.warn("Scrape of target {} failed", target.id(), e);
            failed(target, "the scrape could not be read: " + e.getClass().getSimpleName());
        } finally {
            if (!queued) {
                slots.release();
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
                slots.release(round.size());
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

    /** Lets scrapes under way finish and stores them (they are bounded by their timeouts) before the database goes. */
    @Override
    public void destroy() throws InterruptedException {
        executor.shutdown();
        if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
            executor.shutdownNow();
        }
        storeFetched();
    }
}
