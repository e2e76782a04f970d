package dev.inferencemetrics.testing;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.LocalDate;
import java.util.List;
import org.springframework.context.ApplicationContext;

/**
 * One tenant running 1,000 deployments, each with a day of usage (deployment n: n thousand input tokens), for the
 * pages that must hold at fleet scale. Its admin signs in as {@code large-fleet-admin} with "demo".
 */
public final class LargeFleet {

    public static final String TENANT = "large-fleet";
    public static final String ADMIN = "large-fleet-admin";
    public static final int SIZE = 1_000;

    private LargeFleet() {}

    public static String slug(int n) {
        return "fleet-%04d".formatted(n);
    }

    public static String name(int n) {
        return "Fleet model %04d".formatted(n);
    }

    /** Provisions the fleet once per database (cheap to call again); its usage lies on {@code day}. */
    public static SeededTenant seed(ApplicationContext context, LocalDate day) {
        SeededTenant tenant =
                SeededTenant.of(context, TENANT, "Large Fleet").withUser(ADMIN, "Lea Fleet", Role.TENANT_ADMIN);
        if (context.getBean(DeploymentService.class)
                .find(TenantScope.tenant(tenant.id()), slug(SIZE))
                .isPresent()) {
            return tenant;
        }
        for (int n = 1; n <= SIZE; n++) {
            if (tenant.addDeployment(slug(n), name(n), "1", "2", "USD")) {
                tenant.addUsage(slug(n), List.of(SeededTenant.day(day, n * 1_000, n)));
            }
        }
        return tenant;
    }
}
