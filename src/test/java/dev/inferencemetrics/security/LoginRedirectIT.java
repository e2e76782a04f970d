package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@IntegrationTest
class LoginRedirectIT {

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @Test
    void anonymous_visitors_are_sent_to_the_login_page() throws Exception {
        HttpResponse<String> response = get("/deployments");

        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
    }

    @Test
    void the_login_page_is_public() throws Exception {
        assertThat(get("/login").statusCode()).isEqualTo(200);
    }

    @Test
    void correct_credentials_sign_in_and_open_the_dashboard() throws Exception {
        get("/login");
        HttpResponse<String> response = postLogin("operator", "demo");

        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/"));
        assertThat(get("/deployments").statusCode()).isEqualTo(200);
    }

    @Test
    void a_wrong_password_returns_to_the_login_page_with_an_error() throws Exception {
        get("/login");
        HttpResponse<String> response = postLogin("operator", "not-the-password");

        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login?error"));
        assertThat(get("/deployments").statusCode()).isEqualTo(302);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> postLogin(String username, String password) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri("/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=" + username + "&password=" + password))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
