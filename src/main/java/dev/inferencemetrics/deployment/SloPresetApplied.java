package dev.inferencemetrics.deployment;

/**
 * An operator applied an SLO preset to a deployment: its TTFT and ITL thresholds now hold the figures saved with it
 * (the preset's, or the operator's changes to them), which the objectives should hold at the preset's 99 %.
 * Published inside the transaction that applied it.
 */
public record SloPresetApplied(DeploymentRef deployment, SloPreset preset) {}
