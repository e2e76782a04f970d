package dev.inferencemetrics.testing;

import java.time.Clock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test against the running application over HTTP: its port, context, JSON mapper and clock, and a client for its
 * API. Tests that need a tenant of the class's own extend {@link ApiIntegrationTest}; the others make their tenants.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class HttpIntegrationTest {

    @LocalServerPort
    protected int port;

    @Autowired
    protected ApplicationContext context;

    @Autowired
    protected JsonMapper json;

    @Autowired
    protected Clock clock;

    protected HttpApi api;

    @BeforeAll
    void connect() {
        api = new HttpApi(port, json);
    }
}
