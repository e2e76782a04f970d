package dev.inferencemetrics.testing;

import java.time.Clock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test of the HTTP API against the running application: a client for it, and a tenant of the class's own with a
 * key carrying every scope.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ApiIntegrationTest {

    private final String tenantName;

    @LocalServerPort
    protected int port;

    @Autowired
    protected ApplicationContext context;

    @Autowired
    protected JsonMapper json;

    @Autowired
    protected Clock clock;

    protected HttpApi api;
    protected TestTenant tenant;
    protected String key;

    /** {@code tenantName}: lower-case letters, digits and dashes, at most 40 characters. */
    protected ApiIntegrationTest(String tenantName) {
        this.tenantName = tenantName;
    }

    @BeforeAll
    void connectAsTheClassTenant() {
        api = new HttpApi(port, json);
        tenant = TestTenant.create(context, tenantName);
        key = tenant.fullKey();
    }
}
