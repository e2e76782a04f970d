package dev.inferencemetrics.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Holds the test context back until its pages are served. In development mode Vaadin builds the frontend bundle the
 * first time it is needed (once per clone, about a minute) and meanwhile answers every page with a "building" page;
 * a test that signs in over HTTP right after start-up would read that page instead of the login form. Waiting here,
 * once per context, keeps every such test independent of which test happens to run first.
 */
class FrontendReady implements ApplicationListener<WebServerInitializedEvent> {

    private static final Duration PATIENCE = Duration.ofMinutes(5);

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        URI login = URI.create("http://localhost:" + event.getWebServer().getPort() + "/login");
        HttpClient http = HttpClient.newHttpClient();
        await().alias("the login page served at " + login)
                .atMost(PATIENCE)
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> page(http, login).contains("name=\"_csrf\""));
    }

    private static String page(HttpClient http, URI address) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(address).GET().build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (IOException e) {
            throw new IllegalStateException("the test server does not answer at " + address, e);
        }
    }
}
