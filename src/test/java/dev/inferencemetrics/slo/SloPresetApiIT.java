package dev.inferencemetrics.slo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OperatorKey;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** SLO presets listed, applied through the objectives API and through the provisioning API. */
class SloPresetApiIT extends ApiIntegrationTest {

    private String deployment;

    SloPresetApiIT() {
        super("slo-presets");
    }

    @BeforeAll
    void aDeployment() {
        deployment = tenant.deployment("presets");
    }

    @Test
    void the_presets_are_listed_with_their_p99_targets() {
        Answer answer = api.get("/api/v1/slo-presets", key);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode voice = answer.json().get(1);
        assertThat(answer.json().size()).isEqualTo(6);
        assertThat(voice.get("id").asString()).isEqualTo("voice-agent");
        assertThat(voice.get("ttftP99Ms").asInt()).isEqualTo(150);
        assertThat(voice.get("itlP99Ms").asInt()).isEqualTo(30);
        assertThat(voice.get("targetPct").asDouble()).isEqualTo(99);
    }

    @Test
    void a_preset_sets_the_ttft_and_itl_objectives_and_a_field_sent_beside_it_wins() {
        Answer both = put("/objectives", "{\"preset\":\"retrieval-augmented-chat\"}");
        Answer changed = put("/objectives/ITL", "{\"preset\":\"retrieval-augmented-chat\",\"thresholdMs\":90}");
        JsonNode objectives = api.get("/api/v1/deployments/" + deployment + "/objectives", key)
                .json();

        assertThat(both.status()).as(both.body()).isEqualTo(200);
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(objective(objectives, "TTFT").get("targetPct").asDouble()).isEqualTo(99);
        assertThat(objective(objectives, "TTFT").get("thresholdMs").asDouble()).isEqualTo(400);
        assertThat(objective(objectives, "ITL").get("targetPct").asDouble()).isEqualTo(99);
        assertThat(objective(objectives, "ITL").get("thresholdMs").asDouble()).isEqualTo(90);
        assertThat(objective(objectives, "ITL").get("enabled").asBoolean()).isTrue();
    }

    @Test
    void an_unknown_preset_or_a_preset_for_availability_is_refused() {
        Answer unknown = put("/objectives", "{\"preset\":\"chat\"}");
        Answer availability = put("/objectives/AVAILABILITY", "{\"preset\":\"voice-agent\"}");
        Answer missing = put("/objectives/TTFT", "{\"thresholdMs\":300}");

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("there is no SLO preset 'chat'");
        assertThat(availability.status()).isEqualTo(400);
        assertThat(availability.body()).contains("presets set TTFT and ITL objectives only");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body()).contains("targetPct is required without a preset");
    }

    @Test
    void provisioning_with_a_preset_fills_the_thresholds_left_out_and_holds_the_objectives_at_99_percent() {
        String admin = OperatorKey.create(context, "operator");
        String slug = "preset-prov-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        String body = "{\"tenant\":\"" + tenant.slug() + "\",\"displayName\":\"Voice\",\"model\":\"m\","
                + "\"engine\":\"vLLM\",\"region\":\"r\",\"sloPreset\":\"voice-agent\",\"slo\":{\"itlP95Ms\":35}}";

        Answer created = api.put("/api/v1/deployments/" + slug, admin, body.getBytes(StandardCharsets.UTF_8));
        Answer unknown = api.put(
                "/api/v1/deployments/" + slug,
                admin,
                body.replace("voice-agent", "podcast").getBytes(StandardCharsets.UTF_8));
        JsonNode objectives =
                api.get("/api/v1/deployments/" + slug + "/objectives", key).json();

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("slo").get("ttftP95Ms").asDouble()).isEqualTo(150);
        assertThat(created.json().get("slo").get("itlP95Ms").asDouble()).isEqualTo(35);
        assertThat(objective(objectives, "TTFT").get("targetPct").asDouble()).isEqualTo(99);
        assertThat(objective(objectives, "TTFT").get("thresholdMs").asDouble()).isEqualTo(150);
        assertThat(objective(objectives, "ITL").get("thresholdMs").asDouble()).isEqualTo(35);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("there is no SLO preset 'podcast'");
    }

    private Answer put(String path, String body) {
        return api.put("/api/v1/deployments/" + deployment + path, key, body.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode objective(JsonNode objectives, String kind) {
        for (JsonNode objective : objectives) {
            if (objective.get("kind").asString().equals(kind)) {
                return objective;
            }
        }
        throw new AssertionError("no " + kind + " objective in " + objectives);
    }
}
