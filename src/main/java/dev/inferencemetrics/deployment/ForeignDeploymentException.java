package dev.inferencemetrics.deployment;

import dev.inferencemetrics.api.ApiProblem;
import org.springframework.http.HttpStatus;

/** The deployment exists but belongs to a tenant the caller may not touch. */
public final class ForeignDeploymentException extends ApiProblem {

    public ForeignDeploymentException(String slug) {
        super(HttpStatus.FORBIDDEN, "Deployment '" + slug + "' belongs to another tenant.");
    }
}
