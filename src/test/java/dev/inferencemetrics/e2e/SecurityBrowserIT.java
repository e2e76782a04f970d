package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SessionRechecks;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** What people see of tenant isolation, sign-in throttling and the audit log in a real browser. */
@IntegrationTest
class SecurityBrowserIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    UserAccounts users;

    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void another_tenants_deployment_page_shows_nothing_of_it() throws Exception {
        browser = Browser.open(port);
        browser.signIn("globex-admin", "demo");

        browser.open("/deployments/qwen3-coder");

        String page = browser.waitUntil(Duration.ofSeconds(30), d -> {
            String text = d.findElement(By.tagName("body")).getText();
            return text.contains("No deployment 'qwen3-coder' that you can see") ? text : null;
        });
        assertThat(page).doesNotContain("Qwen3 Coder").doesNotContain("Acme");
        browser.screenshot("foreign-deployment");
    }

    @Test
    void after_five_wrong_passwords_the_login_page_says_to_wait_even_for_the_right_one() throws Exception {
        TestTenant tenant = TestTenant.create(context, "browser-throttle");
        String username = "throttled-" + tenant.id();
        users.createIfAbsent(tenant.id(), username, "Throttled", "the right password", Role.TENANT_VIEWER);
        browser = Browser.open(port);
        for (int attempt = 0; attempt < 5; attempt++) {
            attemptSignIn(username, "wrong password " + attempt);
        }

        attemptSignIn(username, "the right password");

        String refusal = browser.waitUntil(Duration.ofSeconds(30), d -> {
            String text = d.findElement(By.tagName("body")).getText();
            return text.contains("Too many failed sign-ins") ? text : null;
        });
        assertThat(refusal).contains("try again in 15 minutes");
        assertThat(browser.driver.getCurrentUrl()).contains("/login");
        browser.screenshot("sign-in-throttled");
    }

    @Test
    void an_operator_finds_their_own_sign_in_at_the_top_of_the_audit_log() throws Exception {
        browser = Browser.open(port);
        browser.signIn("operator", "demo");

        browser.open("/admin/audit");

        List<String> cells = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> texts = browser.all("vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return texts.contains("Signed in") ? texts : null;
        });
        assertThat(cells).contains("operator", "Signed in", "Time", "Event", "Actor");
        browser.screenshot("audit-log");
    }

    @Test
    void a_password_changed_on_the_account_page_keeps_this_session_signed_in_past_the_recheck() throws Exception {
        TestTenant tenant = TestTenant.create(context, "browser-password");
        String username = "changer-" + tenant.id();
        users.createIfAbsent(tenant.id(), username, "Changer", "the old password", Role.TENANT_VIEWER);
        browser = Browser.open(port);
        browser.signIn(username, "the old password");
        browser.open("/account");

        List<WebElement> fields = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<WebElement> found = d.findElements(By.cssSelector("vaadin-password-field input"));
            return found.size() == 3 ? found : null;
        });
        fields.get(0).sendKeys("the old password");
        fields.get(1).sendKeys("the new password");
        fields.get(2).sendKeys("the new password");
        browser.driver
                .findElement(By.xpath("//vaadin-button[normalize-space()='Change password']"))
                .click();

        browser.waitUntil(Duration.ofSeconds(30), d -> bodyText(d).contains("Your password has been changed."));
        browser.screenshot("password-changed");
        String sessionId = browser.driver.manage().getCookieNamed("JSESSIONID").getValue();
        SessionRechecks.makeDue(context, sessionId);
        browser.open("/account");

        String page = browser.waitUntil(Duration.ofSeconds(30), d -> {
            String text = bodyText(d);
            return text.contains("Signed in as") || d.getCurrentUrl().contains("/login") ? text : null;
        });
        assertThat(page).contains("Signed in as " + username);
    }

    private static String bodyText(WebDriver driver) {
        return driver.findElement(By.tagName("body")).getText();
    }

    private void attemptSignIn(String username, String password) {
        browser.open("/login");
        WebElement user = browser.waitUntil(Duration.ofMinutes(3), d -> {
            List<WebElement> found = d.findElements(By.cssSelector("input[name=username]"));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
        user.sendKeys(username);
        browser.driver.findElement(By.cssSelector("input[name=password]")).sendKeys(password);
        browser.driver.findElement(By.cssSelector("vaadin-button[slot=submit]")).click();
        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().contains("error") ? true : null);
    }
}
