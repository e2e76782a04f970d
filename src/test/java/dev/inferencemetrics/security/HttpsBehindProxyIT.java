package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Served over HTTPS by a reverse proxy on this machine or the private network (which names the scheme in
 * {@code X-Forwarded-Proto}), pages and the API answer as HTTPS does: Strict-Transport-Security, and a session cookie
 * marked Secure. Over plain HTTP, neither (a browser would refuse the cookie back).
 */
@IntegrationTest
class HttpsBehindProxyIT {

    private final HttpClient http = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    @LocalServerPort
    int port;

    @Test
    void behind_an_https_proxy_the_login_page_sends_hsts_and_a_secure_session_cookie() throws Exception {
        HttpResponse<String> login = get("/login", "https");

        assertThat(login.statusCode()).isEqualTo(200);
        assertThat(login.headers().firstValue("Strict-Transport-Security"))
                .hasValueSatisfying(value -> assertThat(value).contains("max-age="));
        assertThat(sessionCookies(login)).isNotEmpty().allSatisfy(cookie -> assertThat(cookie)
                .containsIgnoringCase("; Secure"));
    }

    @Test
    void the_api_behind_an_https_proxy_sends_hsts() throws Exception {
        HttpResponse<String> answer = get("/api/v1/deployments", "https");

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("Strict-Transport-Security")).isPresent();
    }

    @Test
    void over_plain_http_neither_hsts_nor_a_secure_cookie() throws Exception {
        HttpResponse<String> login = get("/login", null);

        assertThat(login.headers().firstValue("Strict-Transport-Security")).isEmpty();
        assertThat(sessionCookies(login)).isNotEmpty().noneSatisfy(cookie -> assertThat(cookie)
                .containsIgnoringCase("; Secure"));
    }

    private HttpResponse<String> get(String path, @Nullable String forwardedProto)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        if (forwardedProto != null) {
            request.header("X-Forwarded-Proto", forwardedProto);
        }
        return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> sessionCookies(HttpResponse<String> response) {
        return response.headers().allValues("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith("JSESSIONID="))
                .toList();
    }
}
