package dev.inferencemetrics.deployment;

/** An operator changed which OTLP service names and model names route trace spans to a deployment. */
public record DeploymentOtlpNamesChanged(long deploymentId, long tenantId, OtlpNames before, OtlpNames after) {}
