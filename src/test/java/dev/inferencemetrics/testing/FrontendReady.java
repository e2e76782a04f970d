package dev.inferencemetrics.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
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
        Instant giveUp = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(giveUp)) {
            try {
                String page = http.send(
                                HttpRequest.newBuilder(login).GET().build(), HttpResponse.BodyHandlers.ofString())
                        .body();
                if (page.contains("name=\"_csrf\"")) {
                    return;
                }
                Thread.sleep(1_000);
            } catch (IOException e) {
                throw new IllegalStateException("the test server does not answer at " + login, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException("the login page was not served within " + PATIENCE);
    }
}
