package dev.inferencemetrics.deployment;

import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A tenant's deployments by the OTLP service names and model names listed on them. */
public record OtlpRoutes(Map<String, DeploymentRef> byServiceName, Map<String, DeploymentRef> byModel) {

    public OtlpRoutes {
        byServiceName = Map.copyOf(byServiceName);
        byModel = Map.copyOf(byModel);
    }

    /** The deployment a span belongs to: its service name decides first, then its model. */
    public Optional<DeploymentRef> route(@Nullable String serviceName, @Nullable String model) {
        DeploymentRef byService = serviceName == null ? null : byServiceName.get(serviceName);
        if (byService != null) {
            return Optional.of(byService);
        }
        return Optional.ofNullable(model == null ? null : byModel.get(model));
    }
}
