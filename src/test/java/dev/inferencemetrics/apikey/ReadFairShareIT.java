package dev.inferencemetrics.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.security.ManagedUsers;
import dev.inferencemetrics.security.NewUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.userdetails.UserDetailsService;

/**
 * One tenant flooding the API with 30-day metrics reads through a signed-in session (60 at once, retrying refusals
 * ten times a second) gets 429 with {@code Retry-After} past its share, while another tenant's calls are all served. The other tenant's median latency, loaded against
 * unloaded, is printed as a ratio (see BENCHMARKS.md); it is not asserted, since timing on a shared machine varies.
 */
class ReadFairShareIT extends HttpIntegrationTest {

    /** As many parallel 30-day reads as the penetration test sent. */
    private static final int FLOODERS = 60;
    /** An impatient client: it retries a refused read after a tenth of a second, not after Retry-After. */
    private static final Duration RETRY_PAUSE = Duration.ofMillis(100);

    private static final int PROBES = 40;

    @Autowired
    ManagedUsers managedUsers;

    @Autowired
    UserDetailsService userDetails;

    @Test
    void a_tenant_flooding_reads_through_its_session_is_held_to_its_share_while_another_tenant_is_served()
            throws Exception {
        TestTenant busy = TestTenant.create(context, "fair-busy");
        String busyDeployment = busy.deployment("flooded");
        TestTenant quiet = TestTenant.create(context, "fair-quiet");
        String session = signedInAdmin(busy);
        Instant now = clock.instant();
        String thirtyDays = "/api/v1/deployments/" + busyDeployment + "/metrics?from=" + now.minus(Duration.ofDays(30))
                + "&to=" + now;

        List<Long> unloaded = probe(api, quiet.fullKey());
        AtomicBoolean flooding = new AtomicBoolean(true);
        List<HttpResponse<String>> flood = new ArrayList<>();
        List<Long> loaded;
        try (ExecutorService flooders = Executors.newFixedThreadPool(FLOODERS)) {
            List<Future<List<HttpResponse<String>>>> running = new ArrayList<>();
            for (int i = 0; i < FLOODERS; i++) {
                running.add(flooders.submit(() -> {
                    BrowserSession browser = BrowserSession.presenting(port, session);
                    List<HttpResponse<String>> answers = new ArrayList<>();
                    while (flooding.get()) {
                        HttpResponse<String> answer = browser.get(thirtyDays);
                        answers.add(answer);
                        if (answer.statusCode() == 429) {
                            Thread.sleep(RETRY_PAUSE);
                        }
                    }
                    return answers;
                }));
            }
            loaded = probe(api, quiet.fullKey());
            flooding.set(false);
            for (Future<List<HttpResponse<String>>> answers : running) {
                flood.addAll(answers.get(1, TimeUnit.MINUTES));
            }
        }

        List<HttpResponse<String>> refused =
                flood.stream().filter(answer -> answer.statusCode() == 429).toList();
        assertThat(flood).allSatisfy(answer -> assertThat(answer.statusCode()).isIn(200, 429));
        assertThat(refused).isNotEmpty().allSatisfy(answer -> assertThat(
                        answer.headers().firstValue("Retry-After"))
                .hasValueSatisfying(
                        seconds -> assertThat(Integer.parseInt(seconds)).isPositive()));
        System.out.printf(
                "fair share: %d flooding reads, %d refused; other tenant's median latency %.2f ms unloaded,"
                        + " %.2f ms loaded, ratio %.2f%n",
                flood.size(),
                refused.size(),
                median(unloaded) / 1e6,
                median(loaded) / 1e6,
                median(loaded) / median(unloaded));
    }

    /** The other tenant's calls: every one served; their latencies in nanoseconds. */
    private static List<Long> probe(HttpApi api, String key) {
        List<Long> latencies = new ArrayList<>();
        for (int i = 0; i < PROBES; i++) {
            long started = System.nanoTime();
            HttpApi.Answer answer = api.get("/api/v1/deployments", key);
            latencies.add(System.nanoTime() - started);
            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        }
        return latencies;
    }

    private String signedInAdmin(TestTenant tenant) {
        SignedInUser operator = (SignedInUser) userDetails.loadUserByUsername("operator");
        String username = "flooder-" + tenant.id();
        managedUsers.create(
                operator, tenant.id(), new NewUser(username, "Flooder", Role.TENANT_ADMIN, "a long enough password"));
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(username, "a long enough password");
        assertThat(browser.isSignedIn()).isTrue();
        return Objects.requireNonNull(browser.sessionId());
    }

    private static double median(List<Long> values) {
        return values.stream().sorted().skip(values.size() / 2).findFirst().orElseThrow();
    }
}
