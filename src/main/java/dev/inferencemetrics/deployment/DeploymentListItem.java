package dev.inferencemetrics.deployment;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One row of the deployments list: what a person needs to recognise a deployment, and since when it (or its
 * tenant) is archived; null while active.
 */
public record DeploymentListItem(
        String slug,
        String displayName,
        String tenantName,
        String model,
        String engine,
        String region,
        @Nullable Instant archivedAt) {

    public boolean archived() {
        return archivedAt != null;
    }
}
