package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import java.time.Clock;
import java.util.function.Function;
import org.springframework.stereotype.Component;

/**
 * A read of one deployment over the window its {@link WindowParameters} name, answered as
 * every such endpoint answers: an unusable window or parameter is a 400 with the reason (an
 * {@link dev.inferencemetrics.base.UnusableValueException}, answered by the API's handler), and an operator's read of
 * a tenant's deployment is in the audit log.
 */
@Component
class DeploymentWindowReads {

    private final DeploymentService deployments;
    private final OperatorAccessAudit audit;
    private final Clock clock;

    DeploymentWindowReads(DeploymentService deployments, OperatorAccessAudit audit, Clock clock) {
        this.deployments = deployments;
        this.audit = audit;
        this.clock = clock;
    }

    /** {@code query} may throw UnusableValueException for a parameter of its own: the caller gets a 400 too. */
    <T> T read(Caller caller, String slug, String what, WindowParameters parameters, Function<QueryWindow, T> query) {
        T answer = query.apply(parameters.window(clock));
        audit.called(
                caller, () -> deployments.require(caller.scope(), slug).tenantId(), what + " of deployment " + slug);
        return answer;
    }
}
