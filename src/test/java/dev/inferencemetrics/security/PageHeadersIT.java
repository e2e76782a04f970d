package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.security.ui.PageSecurityConfiguration;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Pages carry a Content-Security-Policy, nosniff, and no-store where they show a tenant's data. */
@IntegrationTest
class PageHeadersIT {

    @LocalServerPort
    int port;

    @Test
    void a_signed_in_page_forbids_caching_sniffing_framing_and_foreign_scripts() {
        BrowserSession browser = new BrowserSession(port);
        browser.signIn("acme-viewer", "demo");

        HttpResponse<String> page = browser.get("/deployments");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .as(page.headers().map().toString())
                .contains(PageSecurityConfiguration.CONTENT_SECURITY_POLICY);
        assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(page.headers().firstValue("Cache-Control"))
                .hasValueSatisfying(value -> assertThat(value).contains("no-store"));
    }

    @Test
    void the_login_page_carries_the_same_policy() {
        HttpResponse<String> login = new BrowserSession(port).get("/login");

        assertThat(login.headers().firstValue("Content-Security-Policy"))
                .as(login.headers().map().toString())
                .contains(PageSecurityConfiguration.CONTENT_SECURITY_POLICY);
        assertThat(login.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    }
}
