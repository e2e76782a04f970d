package dev.inferencemetrics.testing;

import org.junit.jupiter.api.BeforeAll;

/**
 * A test of the HTTP API against the running application: a client for it, and a tenant of the class's own with a
 * key carrying every scope.
 */
public abstract class ApiIntegrationTest extends HttpIntegrationTest {

    private final String tenantName;

    protected TestTenant tenant;
    protected String key;

    /** {@code tenantName}: lower-case letters, digits and dashes, at most 40 characters. */
    protected ApiIntegrationTest(String tenantName) {
        this.tenantName = tenantName;
    }

    @BeforeAll
    void createTheClassTenant() {
        tenant = TestTenant.create(context, tenantName);
        key = tenant.fullKey();
    }
}
