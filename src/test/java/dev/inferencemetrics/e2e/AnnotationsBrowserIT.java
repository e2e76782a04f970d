package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/** A tenant admin annotates a deployment from its Metrics tab; the note is marked on every chart of the page. */
@IntegrationTest
class AnnotationsBrowserIT {

    private static final String NOTE = "max-num-seqs 256 to 128";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    JsonMapper json;

    @Autowired
    UserAccounts users;

    @Autowired
    Clock clock;

    private Browser browser;
    private String deployment;

    @BeforeEach
    void aDeploymentWithAnHourOfTraffic() {
        TestTenant tenant = TestTenant.create(context, "annotation-page");
        deployment = tenant.deployment("noted");
        Instant now = clock.instant();
        List<RequestSampleJson> samples = IntStream.range(0, 600)
                .mapToObj(i -> RequestSampleJson.ok("noted-" + i, now.minusSeconds(6L * i + 1))
                        .ttft(80 + i % 40)
                        .e2e(900 + i % 200))
                .toList();
        HttpApi api = new HttpApi(port, json);
        api.ingestRequests(tenant.fullKey(), deployment, samples);
        api.ingestKvCache(
                tenant.fullKey(),
                deployment,
                IntStream.range(0, 60)
                        .mapToObj(i -> KvReadingJson.reading("pod-0", now.minusSeconds(60L * i + 1), 20 + i % 7))
                        .toList());
        String admin = "annotation-admin-" + tenant.id();
        users.createIfAbsent(tenant.id(), admin, "Ann Admin", "a long password", Role.TENANT_ADMIN);
        browser = Browser.open(port);
        browser.signIn(admin, "a long password");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void an_annotation_added_from_the_toolbar_is_marked_on_every_chart() throws Exception {
        browser.open("/deployments/" + deployment + "?range=1h");
        browser.drawnCharts(7, "svg.apexcharts-svg");

        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotate")).click();
            return true;
        });
        browser.setValue("vaadin-text-area.annotation-text", NOTE);
        browser.setValue("vaadin-text-field.annotation-tags", "tuning, vllm");
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotation-add")).click();
            return true;
        });

        List<List<String>> labels = List.of();
        for (long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                System.nanoTime() < deadline && !onEveryChart(labels);
                Browser.pause(Duration.ofMillis(250))) {
            labels = browser.waitUntil(Duration.ofSeconds(5), d -> browser.all(".chart-grid im-apex-chart").stream()
                    .map(AnnotationsBrowserIT::xAxisLabels)
                    .toList());
        }
        assertThat(labels).hasSize(7).allSatisfy(chart -> assertThat(chart).contains(NOTE));
        browser.screenshot("annotation-on-every-chart");
    }

    private static boolean onEveryChart(List<List<String>> labels) {
        return labels.size() == 7 && labels.stream().allMatch(chart -> chart.contains(NOTE));
    }

    /** SVG text has no rendered text for WebDriver; its content is what is drawn. */
    private static List<String> xAxisLabels(WebElement chart) {
        SearchContext root = Browser.shadowOf(chart);
        return root.findElements(By.cssSelector(".apexcharts-xaxis-annotations text")).stream()
                .map(label -> label.getDomProperty("textContent"))
                .toList();
    }
}
