package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import dev.inferencemetrics.testing.TestTenant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;

/** Adding, listing and removing targets through the API, their health after failed scrapes, and the lease. */
class ScrapeTargetApiIT extends ApiIntegrationTest {

    private static final String TARGETS = "/api/v1/scrape-targets";

    @Autowired
    AllowListService allowList;

    @Autowired
    ScrapeRunner runner;

    @Autowired
    ScrapeTargetStore store;

    @Autowired
    OwnerJdbc owner;

    private final EngineServer engines = new EngineServer();
    private String deployment;
    private String sources;

    ScrapeTargetApiIT() {
        super("scrape-api");
    }

    @BeforeAll
    void allowLoopback() {
        ScrapeAllowList.permitLoopback(allowList);
        deployment = tenant.deployment("engine");
        sources = tenant.key(ApiScope.SOURCES_WRITE);
    }

    @AfterAll
    void stopEngines() {
        engines.close();
    }

    @Test
    void a_target_is_added_with_defaults_listed_without_its_token_and_removed() {
        Answer added = post(body(deployment, "http://127.0.0.1:9/metrics", "\"bearerToken\":\"s3cret-token\""));

        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(added.json().path("intervalSeconds").asInt()).isEqualTo(15);
        assertThat(added.json().path("timeoutSeconds").asInt()).isEqualTo(5);
        assertThat(added.json().path("replica").asString()).isEqualTo("127.0.0.1:9");
        assertThat(added.json().path("hasToken").asBoolean()).isTrue();
        Answer listed = api.get(TARGETS + "?deployment=" + deployment, sources);
        assertThat(listed.body()).contains("127.0.0.1:9").doesNotContain("s3cret-token");

        long id = added.json().path("id").asLong();
        assertThat(api.delete(TARGETS + "/" + id + "?deployment=" + deployment, sources)
                        .status())
                .isEqualTo(204);
        assertThat(api.delete(TARGETS + "/" + id + "?deployment=" + deployment, sources)
                        .status())
                .isEqualTo(404);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "file:///etc/passwd|only http and https URLs can be scraped",
                "http://user:pw@127.0.0.1:9/metrics|put credentials in the bearer token, not in the URL",
                "http://10.255.255.1:8000/metrics|10.255.255.1 is outside the scrape allow-list (for this tenant and"
                        + " port)",
                "http://169.254.169.254/latest/meta-data|169.254.169.254 is outside the scrape allow-list (for this"
                        + " tenant and port)",
                "http://[::1]:9/metrics|::1 is outside the scrape allow-list (for this tenant and port)",
                "http://[::a9fe:a9fe]/latest|::a9fe:a9fe is outside the scrape allow-list (for this tenant and port)",
                "not a url|not a URL: Illegal character in path"
            })
    void a_target_outside_http_or_the_allow_list_is_refused_with_the_reason(String url, String reason) {
        Answer answer = post(body(deployment, url, null));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"url\":\"http://127.0.0.1:9/m\"}|deployment is required",
                "{\"deployment\":\"x\",\"url\":\"http://127.0.0.1:9/m\",\"intervalSeconds\":\"15\"}"
                        + "|intervalSeconds must be a whole number of seconds",
                "[1]|the body must be a JSON object",
                "{|the body is not JSON"
            })
    void a_malformed_body_is_a_400_with_a_plain_reason(String body, String reason) {
        Answer answer = post(body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @Test
    void interval_and_timeout_outside_their_bounds_are_refused() {
        assertThat(post(body(deployment, "http://127.0.0.1:9/a", "\"intervalSeconds\":2"))
                        .detail())
                .isEqualTo("the interval must be between 5 and 3600 seconds");
        assertThat(post(body(deployment, "http://127.0.0.1:9/b", "\"intervalSeconds\":10,\"timeoutSeconds\":10"))
                        .detail())
                .isEqualTo("the timeout must be 1 to 60 seconds and shorter than the interval");
    }

    @Test
    void another_tenants_deployment_is_403_and_an_unknown_one_404() {
        String foreign = TestTenant.create(context, "scrape-foreign").deployment("theirs");

        assertThat(post(body(foreign, "http://127.0.0.1:9/metrics", null)).status())
                .isEqualTo(403);
        assertThat(post(body("no-such-deployment-anywhere", "http://127.0.0.1:9/metrics", null))
                        .status())
                .isEqualTo(404);
    }

    @Test
    void a_failed_scrape_shows_the_error_in_plain_words_and_backs_off() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        engines.serve("/ok", ScrapeReaderTest.FIXTURES.resolve("vllm-v1-two-engines.txt"));
        String health = tenant.deployment("health");
        add(health, "http://127.0.0.1:" + closedPort + "/metrics", "refused");
        add(health, engines.url("/missing"), "missing");

        runner.scrapeDueNow();

        List<ScrapeTarget> targets = targetsOf(health);
        assertThat(targets)
                .extracting(ScrapeTarget::replica, ScrapeTarget::lastError, ScrapeTarget::failures)
                .containsExactly(
                        tuple("missing", "the target answered HTTP 404, not 200", 1),
                        tuple("refused", EngineEndpoint.NO_ANSWER, 1));
        Instant attempt = targets.getFirst().lastAttemptAt();
        assertThat(nextScrapeOf(health, "missing")).isEqualTo(attempt.plus(Duration.ofSeconds(30)));
    }

    @Test
    void a_service_that_is_not_an_engine_is_named_by_line_and_fault_never_by_what_it_answered() {
        engines.serveText("/internal", "db_password: S3cr3t-Internal-Passw0rd\n");
        String internal = tenant.deployment("internal");
        add(internal, engines.url("/internal"), "internal");

        runner.scrapeDueNow();

        assertThat(targetsOf(internal).getFirst().lastError())
                .isEqualTo("the answer is not in the Prometheus text format: line 1: a sample value is not a number");
    }

    @Test
    void a_closed_port_a_silent_one_and_one_that_speaks_no_http_fail_alike() throws Exception {
        String ports = tenant.deployment("ports");
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ServerSocket banner = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int closedPort;
            try (ServerSocket socket = new ServerSocket(0)) {
                closedPort = socket.getLocalPort();
            }
            Thread.ofVirtual().start(() -> {
                try (Socket client = banner.accept()) {
                    client.getOutputStream().write("SSH-2.0-OpenSSH_9.6\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // the scraper hung up first
                }
            });
            context.getBean(ScrapeTargetService.class)
                    .add(
                            TenantScope.tenant(tenant.id()),
                            ports,
                            "http://127.0.0.1:" + silent.getLocalPort() + "/m",
                            "silent",
                            null,
                            1,
                            null);
            add(ports, "http://127.0.0.1:" + banner.getLocalPort() + "/m", "banner");
            add(ports, "http://127.0.0.1:" + closedPort + "/m", "closed");

            runner.scrapeDueNow();
        }

        assertThat(targetsOf(ports))
                .extracting(ScrapeTarget::replica, ScrapeTarget::lastError)
                .containsExactly(
                        tuple("banner", EngineEndpoint.NO_ANSWER),
                        tuple("closed", EngineEndpoint.NO_ANSWER),
                        tuple("silent", EngineEndpoint.NO_ANSWER));
    }

    @Test
    void a_target_whose_entry_left_the_allow_list_is_not_connected_to_at_its_next_scrape() {
        allowList.add(TenantScope.allTenants(), "test", "127.0.0.2");
        String moved = tenant.deployment("moved");
        add(moved, "http://127.0.0.2:9/metrics", "moved");
        long entry = allowList.entries().stream()
                .filter(e -> e.entry().equals("127.0.0.2/32"))
                .findFirst()
                .orElseThrow()
                .id();
        allowList.remove(TenantScope.allTenants(), entry);

        runner.scrapeDueNow();

        assertThat(targetsOf(moved).getFirst().lastError())
                .isEqualTo("127.0.0.2 is outside the scrape allow-list (for this tenant and port)");
    }

    @Test
    void an_allow_list_entry_for_one_tenant_and_some_ports_lets_only_those_targets_through() {
        TestTenant other = TestTenant.create(context, "scrape-neighbour");
        allowList.add(TenantScope.allTenants(), "test", "127.0.0.4/32:8000-8100 for " + tenant.slug());

        Answer inside = post(body(deployment, "http://127.0.0.4:8000/metrics", null));
        Answer otherPort = post(body(deployment, "http://127.0.0.4:9/metrics", null));
        Answer neighbour = api.post(
                TARGETS,
                other.key(ApiScope.SOURCES_WRITE),
                HttpApi.JSON,
                body(other.deployment("theirs"), "http://127.0.0.4:8000/metrics", null)
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(inside.status()).as(inside.body()).isEqualTo(201);
        assertThat(otherPort.status()).isEqualTo(400);
        assertThat(neighbour.status()).isEqualTo(400);
        assertThat(neighbour.detail())
                .isEqualTo("127.0.0.4 is outside the scrape allow-list (for this tenant and port)");
    }

    @Test
    void an_allow_list_entry_for_a_tenant_there_is_not_is_refused() {
        assertThatThrownBy(() -> allowList.add(TenantScope.allTenants(), "test", "10.9.0.0/16 for no-such-tenant-x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("there is no tenant no-such-tenant-x");
    }

    @Test
    void a_due_target_is_claimed_by_one_instance_only_until_its_lease_expires() {
        String leased = tenant.deployment("leased");
        add(leased, "http://127.0.0.1:9/metrics", "leased");
        Instant now = clock.instant().plusSeconds(1);

        List<ClaimedTarget> first = claim("instance-a", now);
        List<ClaimedTarget> second = claim("instance-b", now);
        List<ClaimedTarget> afterExpiry = claim("instance-b", now.plusSeconds(5 + 30));

        assertThat(first).extracting(ClaimedTarget::replica).contains("leased");
        assertThat(second).extracting(ClaimedTarget::replica).doesNotContain("leased");
        assertThat(afterExpiry).extracting(ClaimedTarget::replica).contains("leased");
    }

    private List<ClaimedTarget> claim(String instance, Instant now) {
        return context.getBean(TenantTransactions.class)
                .call(TenantScope.allTenants(), () -> store.claimDue(instance, now, 1000, 1000, Map.of()));
    }

    private Answer post(String body) {
        return api.post(TARGETS, sources, HttpApi.JSON, body.getBytes(StandardCharsets.UTF_8));
    }

    private static String body(String deployment, String url, String extra) {
        return "{\"deployment\":\"" + deployment + "\",\"url\":\"" + url + "\"" + (extra == null ? "" : "," + extra)
                + "}";
    }

    private void add(String deployment, String url, String replica) {
        context.getBean(ScrapeTargetService.class)
                .add(TenantScope.tenant(tenant.id()), deployment, url, replica, null, null, null);
    }

    private List<ScrapeTarget> targetsOf(String deployment) {
        return context.getBean(ScrapeTargetService.class).targets(TenantScope.tenant(tenant.id()), deployment);
    }

    private Instant nextScrapeOf(String deployment, String replica) {
        return owner.jdbc()
                .queryForObject(
                        "select next_scrape_at from scrape_target where replica = ? and deployment_id ="
                                + " (select id from deployment where slug = ?)",
                        Timestamp.class,
                        replica,
                        deployment)
                .toInstant();
    }
}
