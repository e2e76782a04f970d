package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The session id travels in a SameSite cookie only, never in a URL. */
@IntegrationTest
class SessionCookieIT {

    @LocalServerPort
    int port;

    @Test
    void the_session_cookie_is_same_site_lax_and_http_only() {
        BrowserSession browser = new BrowserSession(port);
        HttpResponse<String> signIn = browser.signIn("acme-viewer", "demo");

        assertThat(signIn.headers().allValues("Set-Cookie"))
                .filteredOn(cookie -> cookie.startsWith("JSESSIONID="))
                .singleElement()
                .satisfies(cookie -> assertThat(cookie).contains("SameSite=Lax").contains("HttpOnly"));
    }

    @Test
    void a_redirect_to_the_login_page_carries_no_session_id_in_its_url() {
        HttpResponse<String> answer = new BrowserSession(port).get("/VAADIN/");

        assertThat(answer.headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).doesNotContainIgnoringCase("jsessionid"));
        assertThat(answer.body()).doesNotContainIgnoringCase("jsessionid");
    }
}
