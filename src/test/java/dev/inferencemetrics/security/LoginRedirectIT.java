package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SignInForm;
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
        HttpResponse<String> response =
                postLogin("operator", "demo", get("/login").body());

        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/"));
        assertThat(get("/deployments").statusCode()).isEqualTo(200);
    }

    @Test
    void a_wrong_password_returns_to_the_login_page_with_an_error() throws Exception {
        HttpResponse<String> response =
                postLogin("operator", "not-the-password", get("/login").body());

        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login?error"));
        assertThat(get("/deployments").statusCode()).isEqualTo(302);
    }

    @Test
    void a_cross_site_sign_in_without_the_login_pages_token_is_refused_and_signs_nobody_in() throws Exception {
        HttpResponse<String> response = postForm("username=operator&password=demo");

        assertRefused(response);
    }

    @Test
    void a_sign_in_with_a_token_of_another_session_is_refused() throws Exception {
        String othersToken = SignInForm.tokenOf(HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(uri("/login")).build(), HttpResponse.BodyHandlers.ofString())
                .body());
        get("/login");

        HttpResponse<String> response = postForm("username=operator&password=demo&_csrf=" + othersToken);

        assertRefused(response);
    }

    /**
     * Sent back to the login page (not to the dashboard, not with a sign-in error), and whatever cookie came with the
     * answer opens no page.
     */
    private void assertRefused(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
        assertThat(get("/deployments").statusCode()).isEqualTo(302);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> postLogin(String username, String password, String loginPage)
            throws IOException, InterruptedException {
        return postForm(SignInForm.body(username, password, loginPage));
    }

    private HttpResponse<String> postForm(String form) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri("/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
