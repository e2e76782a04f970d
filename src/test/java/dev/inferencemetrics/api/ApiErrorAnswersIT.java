package dev.inferencemetrics.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Every answer under {@code /api/**} is an RFC 9457 problem, whatever went wrong and wherever: a method the route
 * does not take, a parameter the container cannot decode, no key, an address that leads nowhere, a failure of ours.
 * Never a redirect to the login page.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiErrorAnswersIT extends ApiIntegrationTest {

    ApiErrorAnswersIT() {
        super("api-errors");
    }

    @Test
    void a_get_on_a_route_that_only_takes_put_is_a_405_problem_naming_the_method_it_takes() {
        Answer answer = api.get("/api/v1/deployments/" + tenant.deployment("rules") + "/alert-rules/1", key);

        assertProblem(answer, 405);
        assertThat(answer.header("Allow")).hasValue("PUT");
    }

    @Test
    void a_cursor_that_is_not_percent_encoded_is_a_400_problem_with_a_reason() throws IOException {
        Instant to = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        String answer = rawGet("/api/v1/deployments/" + tenant.deployment("cursor") + "/requests?from="
                + to.minus(Duration.ofHours(1)) + "&to=" + to + "&after=%%%");

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("Content-Type: application/problem+json");
        assertThat(answer).contains("\"status\":400").contains("write a % as %25");
    }

    @Test
    void a_call_without_a_key_is_a_401_problem_on_any_route_and_method() {
        String rules = "/api/v1/deployments/" + tenant.deployment("anonymous") + "/alert-rules/1";

        assertProblem(api.get(rules, null), 401);
        assertProblem(api.delete(rules, null), 401);
        assertProblem(api.get("/api/v1/no-such-thing", null), 401);
    }

    @Test
    void an_address_under_api_that_leads_nowhere_is_a_404_problem() {
        Answer answer = api.get("/api/v1/deployments/" + tenant.deployment("nowhere") + "/no-such-thing", key);

        assertProblem(answer, 404);
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void a_failure_of_ours_during_a_call_is_a_500_problem_whose_error_id_is_logged_with_its_stack(CapturedOutput log) {
        String deployment = tenant.deployment("corrupt");
        Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(5));
        storeAnUnreadableRollup(deployment, minute);
        Answer answer;
        try {
            answer = api.get(
                    "/api/v1/deployments/" + deployment + "/metrics?from=" + minute.minus(Duration.ofMinutes(55))
                            + "&to=" + minute.plus(Duration.ofMinutes(5)),
                    key);
        } finally {
            // the fleet overview of every other test reads this rollup too
            owner().update(
                            "delete from request_rollup where deployment_id = (select id from deployment where slug = ?)",
                            deployment);
        }

        assertProblem(answer, 500);
        String errorId = answer.json().path("errorId").asString();
        assertThat(errorId).matches("[a-z0-9]{8}");
        assertThat(answer.detail()).contains(errorId).doesNotContain("sketch");
        assertThat(log.getAll()).contains("[" + errorId + "]").contains("\tat dev.inferencemetrics.");
    }

    /** A rollup whose TTFT sketch no version of the application wrote: reading it is bound to fail. */
    private void storeAnUnreadableRollup(String deployment, Instant minute) {
        api.ingestRequests(key, deployment, List.of(RequestSampleJson.ok("corrupt-1", minute.plusSeconds(10))));
        int changed = owner().update(
                        "update request_rollup set ttft = '\\x09'::bytea where deployment_id ="
                                + " (select id from deployment where slug = ?)",
                        deployment);
        assertThat(changed).isPositive();
    }

    private JdbcTemplate owner() {
        return context.getBean(OwnerJdbc.class).jdbc();
    }

    /** A request as written, byte for byte: Java's URI refuses a % that starts no escape, as clients may not. */
    private String rawGet(String pathAndQuery) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.getOutputStream()
                    .write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + key
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void assertProblem(Answer answer, int status) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
        assertThat(answer.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.json().path("status").asInt()).isEqualTo(status);
    }
}
