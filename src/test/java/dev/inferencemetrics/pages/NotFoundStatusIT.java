package dev.inferencemetrics.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SignInForm;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The page request itself answers 404 where a person may see nothing, as the README promises, not only the view. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NotFoundStatusIT {

    @LocalServerPort
    int port;

    private final HttpClient acmeAdmin = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @BeforeAll
    void signInAsATenantAdminOfAcme() throws IOException, InterruptedException {
        String loginPage = get("/login").body();
        HttpResponse<String> signedIn = acmeAdmin.send(
                HttpRequest.newBuilder(uri("/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(SignInForm.body("acme-admin", "demo", loginPage)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signedIn.headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).doesNotContain("error"));
    }

    @Test
    void the_page_of_another_tenants_deployment_answers_404() throws Exception {
        assertThat(get("/deployments/deepseek-v3-sglang").statusCode()).isEqualTo(404);
    }

    @Test
    void the_page_of_a_deployment_that_does_not_exist_answers_404() throws Exception {
        assertThat(get("/deployments/no-such-deployment").statusCode()).isEqualTo(404);
    }

    @Test
    void the_page_of_an_own_deployment_answers_200() throws Exception {
        assertThat(get("/deployments/qwen3-coder").statusCode()).isEqualTo(200);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return acmeAdmin.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
