package dev.inferencemetrics.otlp;

import dev.inferencemetrics.deployment.OtlpNames;

/**
 * The shell lines that point vLLM's OTLP trace export at a deployment. They use OTLP/HTTP at the dashboard's own
 * address, which the page knows; gRPC (vLLM's default) is on port 4317, whose address from the inference hosts the
 * server cannot know. vLLM exports over OTLP/HTTP only when told {@code http/protobuf}, and the exporter reads the key
 * from the headers variable, where the space after Bearer is written {@code %20}. The key is a placeholder.
 */
public record VllmTracesSnippet(String baseUrl, OtlpNames names, String model) {

    public String shell() {
        String service = names.serviceNames().isEmpty()
                ? ""
                : "export OTEL_SERVICE_NAME=" + names.serviceNames().getFirst() + "\n";
        String routing = names.serviceNames().isEmpty() && names.modelNames().isEmpty()
                ? "# First list a service name or model name on this deployment (Tenants and deployments page).\n"
                : "";
        return routing + """
                pip install opentelemetry-sdk opentelemetry-api opentelemetry-exporter-otlp \\
                  opentelemetry-semantic-conventions-ai
                %sexport OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/protobuf
                export OTEL_EXPORTER_OTLP_TRACES_HEADERS="Authorization=Bearer%%20$INFERENCE_METRICS_KEY"
                vllm serve %s --otlp-traces-endpoint %s/v1/traces""".formatted(service, model, baseUrl);
    }
}
