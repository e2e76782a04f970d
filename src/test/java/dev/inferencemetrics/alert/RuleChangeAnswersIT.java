package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.util.AopTestUtils;
import org.springframework.test.util.ReflectionTestUtils;

/**
 * A rule change the caller got wrong is a 400 with its plain sentence; one that fails on our side (here an
 * IllegalArgumentException from inside the service, as the JDK and libraries throw for bugs) is a 500 problem with an
 * error id that is in the log with its stack, never a 400 that blames the caller's values.
 */
class RuleChangeAnswersIT extends ApiIntegrationTest {

    String deployment;
    String writer;
    long kvRule;

    RuleChangeAnswersIT() {
        super("rule-change-answers");
    }

    @BeforeAll
    void aDeploymentWithItsDefaultRules() {
        deployment = tenant.deployment("answers");
        writer = tenant.key(ApiScope.ALERTS_WRITE);
        HttpApi.Answer rules = api.get("/api/v1/deployments/" + deployment + "/alert-rules", key);
        kvRule = json.readTree(rules.body())
                .valueStream()
                .filter(rule -> rule.get("kind").asString().equals("KV_MEAN"))
                .findFirst()
                .orElseThrow()
                .get("id")
                .asLong();
    }

    @Test
    void a_negative_threshold_is_a_400_with_its_plain_sentence() {
        HttpApi.Answer answer = change("{\"threshold\":-1,\"clearBelow\":1,\"enabled\":true}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("threshold must be a positive number");
        assertThat(answer.json().has("errorId")).isFalse();
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void an_illegal_argument_from_inside_is_a_500_problem_with_an_error_id_logged_with_its_stack(CapturedOutput log) {
        AlertService failing = mock(AlertService.class);
        when(failing.changeRule(any(), any(), anyLong(), any()))
                .thenThrow(new IllegalArgumentException("Maximum allowed page count is 10"));
        AlertController controller = AopTestUtils.getUltimateTargetObject(context.getBean(AlertController.class));
        Object real = ReflectionTestUtils.getField(controller, "alerts");
        HttpApi.Answer answer;
        try {
            ReflectionTestUtils.setField(controller, "alerts", failing);
            answer = change("{\"threshold\":80,\"clearBelow\":70,\"enabled\":true}");
        } finally {
            ReflectionTestUtils.setField(controller, "alerts", real);
        }

        assertThat(answer.status()).as(answer.toString()).isEqualTo(500);
        assertThat(answer.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.json().path("status").asInt()).isEqualTo(500);
        String errorId = answer.json().path("errorId").asString();
        assertThat(errorId).matches("[a-z0-9]{8}");
        assertThat(answer.detail())
                .isEqualTo("Something went wrong on our side. If it happens again, tell your operator error id "
                        + errorId + ".");
        assertThat(log.getAll())
                .contains("[" + errorId + "] API call failed")
                .contains("Maximum allowed page count is 10")
                .contains("\tat dev.inferencemetrics.");
    }

    private HttpApi.Answer change(String body) {
        return api.put(
                "/api/v1/deployments/" + deployment + "/alert-rules/" + kvRule,
                writer,
                body.getBytes(StandardCharsets.UTF_8));
    }
}
