package dev.inferencemetrics.deployment;

import dev.inferencemetrics.api.ApiProblem;
import org.springframework.http.HttpStatus;

/** No deployment has this slug. */
public final class DeploymentNotFoundException extends ApiProblem {

    public DeploymentNotFoundException(String slug) {
        super(HttpStatus.NOT_FOUND, "No deployment with slug '" + slug + "'.");
    }
}
