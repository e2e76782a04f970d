package dev.inferencemetrics.deployment;

/** The deployment exists but belongs to a tenant the caller may not touch. */
public final class ForeignDeploymentException extends RuntimeException {

    public ForeignDeploymentException(String slug) {
        super("Deployment '" + slug + "' belongs to another tenant.");
    }
}
