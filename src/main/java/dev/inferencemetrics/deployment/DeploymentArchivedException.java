package dev.inferencemetrics.deployment;

/** The deployment, or its tenant, is archived, so it takes no new samples until an operator restores it. */
public final class DeploymentArchivedException extends RuntimeException {

    public DeploymentArchivedException(String slug) {
        super("deployment archived: '" + slug
                + "' takes no samples until an operator restores it; nothing was stored.");
    }
}
