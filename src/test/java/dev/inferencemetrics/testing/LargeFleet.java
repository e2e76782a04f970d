package dev.inferencemetrics.testing;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.LocalDate;
import java.util.List;
import org.springframework.context.ApplicationContext;

/**
 * A tenant running 1,000 deployments, each with a day of usage (deployment n: n thousand input tokens), for the pages
 * that must hold at fleet scale. Its admin signs in with "demo". The tests share the test database, so a test that
 * sends a fleet requests uses a fleet of its own: the usage of {@link #AT_REST} stays exactly as seeded, whichever
 * test ran before.
 */
public record LargeFleet(String tenant, String tenantName, String admin, String slugPrefix, String namePrefix) {

    public static final int SIZE = 1_000;

    /** The admin of {@link #AT_REST}, a constant for {@code @WithUserDetails}. */
    public static final String AT_REST_ADMIN = "large-fleet-admin";

    /** The fleet no test sends requests to. */
    public static final LargeFleet AT_REST =
            new LargeFleet("large-fleet", "Large Fleet", AT_REST_ADMIN, "fleet", "Fleet model");

    /** The fleet whose first deployment a test makes burn its TTFT budget. */
    public static final LargeFleet ALERTING =
            new LargeFleet("alerting-fleet", "On-call Fleet", "alerting-fleet-admin", "oncall", "On-call model");

    public String slug(int n) {
        return "%s-%04d".formatted(slugPrefix, n);
    }

    public String name(int n) {
        return "%s %04d".formatted(namePrefix, n);
    }

    /** Provisions the fleet once per database (cheap to call again); its usage lies on {@code day}. */
    public SeededTenant seed(ApplicationContext context, LocalDate day) {
        SeededTenant seeded =
                SeededTenant.of(context, tenant, tenantName).withUser(admin, "Lea Fleet", Role.TENANT_ADMIN);
        if (context.getBean(DeploymentService.class)
                .find(TenantScope.tenant(seeded.id()), slug(SIZE))
                .isPresent()) {
            return seeded;
        }
        for (int n = 1; n <= SIZE; n++) {
            if (seeded.addDeployment(slug(n), name(n), "1", "2", "USD")) {
                seeded.addUsage(slug(n), List.of(SeededTenant.day(day, n * 1_000, n)));
            }
        }
        return seeded;
    }
}
