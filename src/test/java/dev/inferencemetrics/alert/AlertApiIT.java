package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The alerting API refuses bad values with a plain reason, and a channel's test button reports what went wrong. */
class AlertApiIT extends ApiIntegrationTest {

    @Autowired
    ChannelService channels;

    String deployment;
    String writer;
    String reader;

    AlertApiIT() {
        super("alert-api");
    }

    @BeforeAll
    void aTenantWithKeys() {
        deployment = tenant.deployment("chat");
        writer = tenant.key(ApiScope.ALERTS_WRITE);
        reader = tenant.key(ApiScope.METRICS_READ);
    }

    @Test
    void the_default_rules_follow_the_workbook_and_a_rule_change_with_clear_above_threshold_is_refused() {
        HttpApi.Answer rules = api.get("/api/v1/deployments/" + deployment + "/alert-rules", reader);
        long kvRule = json.readTree(rules.body())
                .valueStream()
                .filter(rule -> rule.get("kind").asString().equals("KV_MEAN"))
                .findFirst()
                .orElseThrow()
                .get("id")
                .asLong();

        HttpApi.Answer bad = put("/alert-rules/" + kvRule, "{\"threshold\":90,\"clearBelow\":95,\"enabled\":true}");
        HttpApi.Answer good = put(
                "/alert-rules/" + kvRule,
                "{\"threshold\":80,\"clearBelow\":70,\"forDuration\":\"PT5M\",\"enabled\":true}");

        assertThat(rules.status()).isEqualTo(200);
        assertThat(rules.body())
                .contains("TTFT fast burn", "ITL slow burn", "Availability budget burn", "KV cache high");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("clear-below must be positive and at most the threshold");
        assertThat(good.status()).isEqualTo(200);
        assertThat(json.readTree(good.body()).get("threshold").asDouble()).isEqualTo(80.0);
    }

    @Test
    void an_objective_of_100_percent_and_a_silence_in_the_past_are_refused_with_a_reason() {
        HttpApi.Answer objective = put("/objectives/TTFT", "{\"targetPct\":100,\"thresholdMs\":500,\"enabled\":true}");
        HttpApi.Answer silence = post(
                "/api/v1/deployments/" + deployment + "/silences",
                "{\"endsAt\":\"" + clock.instant().minus(Duration.ofMinutes(1)) + "\",\"reason\":\"late\"}");
        HttpApi.Answer state = api.get("/api/v1/alerts?state=burning", reader);

        assertThat(objective.status()).isEqualTo(400);
        assertThat(objective.body()).contains("target must lie between 0 and 100 %, exclusive");
        assertThat(silence.status()).isEqualTo(400);
        assertThat(silence.body()).contains("a silence must end in the future, within 30 days");
        assertThat(state.status()).isEqualTo(400);
        assertThat(state.body()).contains("state must be PENDING, FIRING or RESOLVED");
    }

    @Test
    void a_tenant_s_webhook_to_a_private_or_link_local_address_is_refused() {
        HttpApi.Answer loopback = post(
                "/api/v1/alert-channels",
                "{\"name\":\"hook\",\"kind\":\"WEBHOOK\",\"target\":\"http://127.0.0.1:9/x\"}");
        HttpApi.Answer metadata = post(
                "/api/v1/alert-channels",
                "{\"name\":\"hook\",\"kind\":\"SLACK\",\"target\":\"http://169.254.169.254/latest\"}");
        HttpApi.Answer ftp = post(
                "/api/v1/alert-channels", "{\"name\":\"hook\",\"kind\":\"WEBHOOK\",\"target\":\"ftp://example.com/\"}");

        assertThat(loopback.status()).isEqualTo(400);
        assertThat(loopback.body()).contains("is not a public address");
        assertThat(metadata.status()).isEqualTo(400);
        assertThat(metadata.body()).contains("169.254.169.254");
        assertThat(ftp.status()).isEqualTo(400);
        assertThat(ftp.body()).contains("the URL must start with http:// or https://");
    }

    @Test
    void the_test_button_of_an_unreachable_webhook_says_it_could_not_reach_it() {
        long id = channels.create(
                TenantScope.allTenants(),
                new NewChannel(tenant.id(), "closed port", ChannelKind.WEBHOOK, "http://127.0.0.1:1/hook", true));

        HttpApi.Answer answer = post("/api/v1/alert-channels/" + id + "/test", "");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(json.readTree(answer.body()).get("delivered").asBoolean()).isFalse();
        assertThat(json.readTree(answer.body()).get("error").asString()).startsWith("could not reach 127.0.0.1");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            value = {
                "{\"threshold\":-1,\"clearBelow\":1,\"enabled\":true}|threshold must be a positive number",
                "{\"threshold\":120,\"clearBelow\":85,\"enabled\":true}|a KV-cache threshold is a percentage, at most 100",
                "{\"threshold\":90,\"clearBelow\":85,\"forDuration\":\"PT25H\",\"enabled\":true}|for must lie between 0 and 24 hours",
                "{\"threshold\":90,\"clearBelow\":85,\"forDuration\":\"ten minutes\",\"enabled\":true}|forDuration must be an ISO-8601 duration, e.g. PT10M",
                "{\"threshold\":90,\"clearBelow\":0,\"enabled\":true}|clear-below must be positive and at most the threshold"
            })
    void an_invalid_rule_value_is_a_400_with_the_reason_and_changes_nothing(String body, String reason) {
        long kvRule = json.readTree(api.get("/api/v1/deployments/" + deployment + "/alert-rules", reader)
                        .body())
                .valueStream()
                .filter(rule -> rule.get("name").asString().equals("KV cache high"))
                .findFirst()
                .orElseThrow()
                .get("id")
                .asLong();
        String before = api.get("/api/v1/deployments/" + deployment + "/alert-rules", reader)
                .body();

        HttpApi.Answer answer = put("/alert-rules/" + kvRule, body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains(reason);
        assertThat(api.get("/api/v1/deployments/" + deployment + "/alert-rules", reader)
                        .body())
                .isEqualTo(before);
    }

    private HttpApi.Answer put(String path, String body) {
        return api.put("/api/v1/deployments/" + deployment + path, writer, body.getBytes(StandardCharsets.UTF_8));
    }

    private HttpApi.Answer post(String path, String body) {
        return api.post(path, writer, HttpApi.JSON, body.getBytes(StandardCharsets.UTF_8));
    }
}
