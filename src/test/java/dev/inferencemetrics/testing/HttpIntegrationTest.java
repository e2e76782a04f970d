package dev.inferencemetrics.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test against the running application over HTTP: its port, context, JSON mapper and clock, and a client for its
 * API. Tests that need a tenant of the class's own extend {@link ApiIntegrationTest}; the others make their tenants.
 * After each test, no thread (a request's or the application's own) may have held two pooled connections at once
 * ({@link ConnectionsPerThread}).
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

    @Autowired
    protected ConnectionsPerThread connections;

    protected HttpApi api;

    @BeforeAll
    void connect() {
        api = new HttpApi(port, json);
    }

    @BeforeEach
    void forgetEarlierConnections() {
        connections.forget();
    }

    @AfterEach
    void noThreadHeldTwoConnectionsAtOnce() {
        assertThat(connections.seconds())
                .as("threads that held two pooled connections at once")
                .isEmpty();
    }
}
