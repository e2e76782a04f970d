package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SampleReaderTest {

    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

    private final JsonMapper json = JsonMapper.builder().build();
    private final SampleReader reader =
            new SampleReader(new IngestLimits(null, 0, null, 0, 0), NOW, NOW.minusSeconds(86_400));

    @Test
    void the_samples_of_a_batch_that_name_one_value_share_one_string_of_it() {
        RequestSample first = reader.requestSample(sample("r1", "acme-prod", "support-lora", "interactive"));
        // strings equal but not the same, as a parser reads them from each sample of a body
        RequestSample second =
                reader.requestSample(sample("r2", new String("acme-prod"), new String("support-lora"), "batch"));

        assertThat(second.consumer()).isEqualTo("acme-prod").isSameAs(first.consumer());
        assertThat(second.adapter()).isSameAs(first.adapter());
        assertThat(second.priority()).isEqualTo("batch");
    }

    @Test
    void samples_another_source_built_share_one_string_of_a_value_too() {
        RequestSample built = reader.requestSample(sample("r1", null, null, null));

        RequestSample first = reader.checked(built.withDimensions(new String("acme-prod"), null, "batch"));
        RequestSample second = reader.checked(built.withDimensions(new String("acme-prod"), null, null));

        assertThat(second.consumer()).isEqualTo("acme-prod").isSameAs(first.consumer());
        assertThat(first.priority()).isEqualTo("batch");
        assertThat(second.priority()).isNull();
        assertThatThrownBy(() -> reader.checked(built.withDimensions("sk-live-secret", null, null)))
                .isInstanceOf(InvalidSample.class);
    }

    @Test
    void a_value_is_checked_for_its_own_dimension_and_a_bad_one_is_refused_every_time() {
        String long40 = "a".repeat(40);
        RequestSample asConsumer = reader.requestSample(sample("r1", long40, null, null));
        assertThat(asConsumer.consumer()).isEqualTo(long40);

        // 40 characters are a consumer's but past a priority's 32, though the batch has seen the same string
        assertThatThrownBy(() -> reader.requestSample(sample("r2", null, null, long40)))
                .isInstanceOf(InvalidSample.class)
                .hasMessageContaining("priority");
        for (String id : new String[] {"r3", "r4"}) {
            assertThatThrownBy(() -> reader.requestSample(sample(id, "bad value", null, null)))
                    .isInstanceOf(InvalidSample.class)
                    .hasMessageContaining("consumer");
        }
    }

    private JsonNode sample(String requestId, String consumer, String adapter, String priority) {
        RequestSampleJson sample = RequestSampleJson.ok(requestId, NOW.minusSeconds(60));
        if (consumer != null) {
            sample.set("consumer", consumer);
        }
        if (adapter != null) {
            sample.set("adapter", adapter);
        }
        if (priority != null) {
            sample.set("priority", priority);
        }
        return json.valueToTree(sample.toJson());
    }
}
