package dev.inferencemetrics.deployment;

import dev.inferencemetrics.api.ApiProblem;
import org.springframework.http.HttpStatus;

/**
 * The deployment, or its tenant, is archived, so it takes no new samples until an operator restores it. Resending will
 * not help until then, hence a conflict rather than a 503.
 */
public final class DeploymentArchivedException extends ApiProblem {

    public DeploymentArchivedException(String slug) {
        super(
                HttpStatus.CONFLICT,
                "deployment archived: '" + slug
                        + "' takes no samples until an operator restores it; nothing was stored.");
    }
}
