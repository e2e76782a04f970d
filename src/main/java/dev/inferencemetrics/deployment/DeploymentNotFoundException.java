package dev.inferencemetrics.deployment;

/** No deployment has this slug. */
public final class DeploymentNotFoundException extends RuntimeException {

    public DeploymentNotFoundException(String slug) {
        super("No deployment with slug '" + slug + "'.");
    }
}
