package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What one tenant's targets cannot take from the others: a slow answer ends at its timeout, an answer too large or
 * with too many series is refused, a tenant's many due targets leave slots for another's, a removed target's fetch
 * stops, and a tenant has at most so many targets. The slow engines trickle a byte every 300 ms.
 */
class ScrapeLimitsIT extends ApiIntegrationTest {

    private static final int CROWD = 64;

    @Autowired
    ScrapeRunner runner;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    AllowListService allowList;

    @Autowired
    ScrapeProperties properties;

    @Autowired
    OwnerJdbc owner;

    private final EngineServer engines = new EngineServer();
    private final TrickleServer trickle = new TrickleServer(20, 300);
    private final TrickleServer endless = new TrickleServer(400, 100);
    private final TrickleServer silent = TrickleServer.fallingSilent(2);

    ScrapeLimitsIT() {
        super("scrape-limits");
    }

    @BeforeAll
    void allowLoopback() {
        ScrapeAllowList.permitLoopback(allowList);
    }

    @AfterAll
    void stopEngines() {
        engines.close();
        trickle.close();
        endless.close();
        silent.close();
    }

    @Test
    void a_scrape_that_trickles_past_its_timeout_is_ended_with_a_plain_error() throws InterruptedException {
        String slow = tenant.deployment("slow");
        add(tenant.id(), slow, trickle.url("/slow"), "slow", 1);

        runner.scrapeDueNow();

        assertThat(trickle.awaitEnd("/slow")).isEqualTo(TrickleServer.Outcome.HUNG_UP);
        assertThat(targetsOf(tenant.id(), slow))
                .extracting(ScrapeTarget::lastError)
                .containsExactly("the answer did not complete within the timeout of 1 s");
    }

    @Test
    void another_tenants_target_is_scraped_while_one_tenant_has_many_slow_targets_due() {
        TestTenant crowd = TestTenant.create(context, "scrape-crowd");
        String crowded = crowd.deployment("crowded");
        for (int i = 0; i < CROWD; i++) {
            add(crowd.id(), crowded, trickle.url("/crowd/" + i), "crowd-" + i, 1);
        }
        // the crowd has been due longest, so it would come first by due time alone
        owner.jdbc()
                .update(
                        "update scrape_target set next_scrape_at = now() - interval '1 minute' where tenant_id = ?",
                        crowd.id());
        engines.serve("/quiet", ScrapeReaderTest.FIXTURES.resolve("vllm-v1-two-engines.txt"));
        String quiet = tenant.deployment("quiet");
        add(tenant.id(), quiet, engines.url("/quiet"), "quiet", 1);

        try {
            runner.scrapeDueNow();

            assertThat(targetsOf(tenant.id(), quiet).getFirst().lastSuccessAt()).isNotNull();
            assertThat(targetsOf(crowd.id(), crowded).stream()
                            .filter(target -> target.lastAttemptAt() != null)
                            .count())
                    .isEqualTo(properties.tenantShare());
        } finally {
            owner.jdbc().update("delete from scrape_target where tenant_id = ?", crowd.id());
        }
    }

    @Test
    void removing_a_target_stops_its_fetch_under_way() throws InterruptedException {
        String leaving = tenant.deployment("leaving");
        long id = add(tenant.id(), leaving, endless.url("/leaving"), "leaving", 59);

        List<CompletableFuture<Void>> running = runner.launchDue();
        endless.awaitAsked("/leaving");
        targets.remove(TenantScope.tenant(tenant.id()), leaving, id);

        assertThat(endless.awaitEnd("/leaving")).isEqualTo(TrickleServer.Outcome.HUNG_UP);
        CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
    }

    @Test
    void removing_a_target_ends_its_fetch_blocked_on_an_answer_that_fell_silent() throws InterruptedException {
        String quiet = tenant.deployment("fell-silent");
        long id = add(tenant.id(), quiet, silent.url("/fell-silent"), "fell-silent", 59);

        List<CompletableFuture<Void>> running = runner.launchDue();
        silent.awaitSent("/fell-silent");
        // removed from another thread: a stop that waits for the blocked read would hold the remover too
        CompletableFuture.runAsync(() -> targets.remove(TenantScope.tenant(tenant.id()), quiet, id));

        // the answer stays silent for the target's 59 s read timeout: only the stop can end the fetch before
        assertThat(CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)))
                .succeedsWithin(Duration.ofSeconds(20));
    }

    @Test
    void an_answer_with_more_series_than_the_limit_is_refused() {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i <= properties.maxSeries(); i++) {
            body.append("tiny_series{i=\"").append(i).append("\"} 1\n");
        }
        engines.serveText("/many-series", body.toString());
        String many = tenant.deployment("many-series");
        add(tenant.id(), many, engines.url("/many-series"), "many", 4);

        runner.scrapeDueNow();

        assertThat(targetsOf(tenant.id(), many))
                .extracting(ScrapeTarget::lastError)
                .containsExactly(
                        "the answer has more than " + properties.maxSeries() + " series, the most one scrape reads");
    }

    @Test
    void an_answer_larger_than_the_limit_is_refused() {
        String line = "# " + "x".repeat(1022) + "\n";
        engines.serveText("/large", line.repeat(properties.maxBytes() / 1024 + 1));
        String large = tenant.deployment("large");
        add(tenant.id(), large, engines.url("/large"), "large", 4);

        runner.scrapeDueNow();

        assertThat(targetsOf(tenant.id(), large))
                .extracting(ScrapeTarget::lastError)
                .containsExactly("the answer is larger than " + properties.maxBytes() / 1024
                        + " KiB, the most one scrape reads");
    }

    @Test
    void a_tenant_with_as_many_targets_as_one_may_have_is_refused_another_with_a_409() {
        TestTenant full = TestTenant.create(context, "scrape-full");
        String deployment = full.deployment("full");
        owner.jdbc().update("""
                        insert into scrape_target (tenant_id, deployment_id, url, replica, interval_s, timeout_s,
                                                   created_at, next_scrape_at)
                        select ?, d.id, 'http://127.0.0.1:9/metrics', 'r-' || n, 60, 5, now(), now() + interval '1 day'
                          from deployment d, generate_series(1, ?) n where d.slug = ?""", full.id(), properties.maxTargetsPerTenant() - 1, deployment);
        String sources = full.key(ApiScope.SOURCES_WRITE);

        Answer last = post(sources, deployment, "last");
        Answer beyond = post(sources, deployment, "beyond");

        assertThat(last.status()).as(last.body()).isEqualTo(201);
        assertThat(beyond.status()).isEqualTo(409);
        assertThat(beyond.detail())
                .isEqualTo("the tenant already has " + properties.maxTargetsPerTenant()
                        + " scrape targets, the most one tenant may have (an operator sets"
                        + " inference-metrics.scrape.max-targets-per-tenant)");
        owner.jdbc().update("delete from scrape_target where tenant_id = ?", full.id());
    }

    private Answer post(String key, String deployment, String replica) {
        String body = "{\"deployment\":\"" + deployment + "\",\"url\":\"http://127.0.0.1:9/metrics\",\"replica\":\""
                + replica + "\",\"intervalSeconds\":60}";
        return api.post("/api/v1/scrape-targets", key, HttpApi.JSON, body.getBytes(StandardCharsets.UTF_8));
    }

    private long add(long tenantId, String deployment, String url, String replica, int timeoutSeconds) {
        return targets.add(TenantScope.tenant(tenantId), deployment, url, replica, 60, timeoutSeconds, null)
                .id();
    }

    private List<ScrapeTarget> targetsOf(long tenantId, String deployment) {
        return targets.targets(TenantScope.tenant(tenantId), deployment);
    }
}
