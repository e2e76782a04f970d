package dev.inferencemetrics.otlp;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.OtlpRoutes;
import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.ingest.Rejection;
import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.tenancy.TenantScope;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Turns an OTLP trace export into request samples of the key's tenant's deployments, routed by the service name of
 * the resource and the model of the span. Everything is stored in one transaction, so the answer is given only once
 * every accepted span is committed; a resent span (same request id and start) is a duplicate, never a double count.
 */
@Service
public class OtlpIngestService {

    private final DeploymentOtlpNames names;
    private final IngestService ingest;

    OtlpIngestService(DeploymentOtlpNames names, IngestService ingest) {
        this.names = names;
        this.ingest = ingest;
    }

    @Transactional
    SpanOutcomes export(TenantScope.SingleTenant tenant, ExportTraceServiceRequest request) {
        OtlpRoutes routes = names.routes(tenant);
        SpanOutcomes outcomes = new SpanOutcomes();
        Map<DeploymentRef, List<RequestSample>> byDeployment = new LinkedHashMap<>();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = new SpanAttributes(resource.getResource().getAttributesList()).text("service.name");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    route(new GenAiSpan(span), service, routes, outcomes, byDeployment);
                }
            }
        }
        byDeployment.forEach((deployment, samples) -> store(deployment, samples, outcomes));
        return outcomes;
    }

    private static void route(
            GenAiSpan span,
            @Nullable String service,
            OtlpRoutes routes,
            SpanOutcomes outcomes,
            Map<DeploymentRef, List<RequestSample>> byDeployment) {
        if (!span.isGenAi()) {
            outcomes.ignore();
            return;
        }
        DeploymentRef deployment = routes.route(service, span.model()).orElse(null);
        if (deployment == null) {
            outcomes.reject("no deployment of this tenant lists service.name " + quoted(service) + " or model "
                    + quoted(span.model()));
            return;
        }
        if (!deployment.active()) {
            outcomes.reject("deployment " + deployment.slug() + " is archived");
            return;
        }
        try {
            RequestSample sample = span.sample()
                    .withDimensions(
                            span.consumer(),
                            span.adapter(
                                    deployment.model(),
                                    model -> deployment.equals(routes.byModel().get(model))),
                            span.priority());
            byDeployment.computeIfAbsent(deployment, d -> new ArrayList<>()).add(sample);
        } catch (UnusableValueException e) {
            outcomes.reject(Objects.requireNonNullElse(e.getMessage(), "the span is not usable"));
        }
    }

    private void store(DeploymentRef deployment, List<RequestSample> samples, SpanOutcomes outcomes) {
        IngestResult result = ingest.ingestBuilt(deployment, samples);
        outcomes.addStored(result.accepted() - result.duplicates());
        outcomes.addDuplicates(result.duplicates());
        for (Rejection rejection : result.errors()) {
            outcomes.reject(rejection.reason());
        }
    }

    private static String quoted(@Nullable String name) {
        return name == null ? "(none)" : "\"" + name + "\"";
    }
}
