package dev.inferencemetrics.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.OtlpNames;
import java.util.List;
import org.junit.jupiter.api.Test;

class VllmTracesSnippetTest {

    @Test
    void the_snippet_names_the_listed_service_the_protobuf_protocol_the_key_header_and_the_endpoint() {
        VllmTracesSnippet snippet = new VllmTracesSnippet(
                "https://metrics.example.com", new OtlpNames(List.of("vllm-qwen"), List.of()), "Qwen/Qwen3-8B");

        assertThat(snippet.shell())
                .contains("export OTEL_SERVICE_NAME=vllm-qwen\n")
                .contains("export OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/protobuf\n")
                .contains(
                        "export OTEL_EXPORTER_OTLP_TRACES_HEADERS=\"Authorization=Bearer%20$INFERENCE_METRICS_KEY\"\n")
                .endsWith("vllm serve Qwen/Qwen3-8B --otlp-traces-endpoint https://metrics.example.com/v1/traces");
    }

    @Test
    void without_a_listed_name_the_snippet_says_to_list_one_first() {
        VllmTracesSnippet snippet =
                new VllmTracesSnippet("http://localhost:8080", new OtlpNames(List.of(), List.of()), "m");

        assertThat(snippet.shell())
                .startsWith("# First list a service name or model name on this deployment")
                .doesNotContain("OTEL_SERVICE_NAME");
    }
}
