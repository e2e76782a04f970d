package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinServletContext;
import com.vaadin.flow.server.startup.ApplicationConfiguration;
import dev.inferencemetrics.Application;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import jakarta.annotation.security.RolesAllowed;
import jakarta.servlet.ServletContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

/**
 * What the jar and the Docker image ship is the production bundle: it holds only the components its build found, so a
 * component that a page creates but the bundle lacks stays an undefined element and its page breaks, while the
 * development bundle (which holds every component) hides it. Every page, every deployment tab and the menus, pickers
 * and dialogs they open are used here as a person would, and none may leave an element undefined or log a script
 * error; axe-core checks every page and tab for accessibility violations. The README's test command builds the production bundle ({@code -Pproduction}), so this runs against it;
 * in a development-mode run it is skipped, except on CI, where that is a failure.
 */
@IntegrationTest
class ProductionBundleBrowserIT {

    private static final String DEPLOYMENT = "qwen3-coder";

    @LocalServerPort
    int port;

    @Autowired
    ServletContext servletContext;

    private Browser browser;
    private final List<String> problems = new ArrayList<>();

    @BeforeEach
    void theProductionBundleIsServed() {
        boolean production = ApplicationConfiguration.get(new VaadinServletContext(servletContext))
                .isProductionMode();
        if ("true".equals(System.getenv("CI"))) {
            assertThat(production)
                    .as("CI runs the README's test command, which builds the production bundle (-Pproduction)")
                    .isTrue();
        }
        assumeTrue(production, "runs against the production bundle: ./mvnw -Pproduction verify");
        browser = Browser.open(port);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void every_page_an_operator_opens_has_its_components_no_script_error_and_no_accessibility_violation() {
        browser.signIn("operator", "demo");
        for (String page : pages()) {
            visit(page);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void every_page_tab_menu_picker_and_dialog_a_tenant_admin_opens_is_complete_and_accessible() {
        browser.signIn("acme-admin", "demo");
        // the operator's test opens every page; a tenant admin opens those a tenant admin may, and one refused page
        List<String> operatorsOnly = operatorsOnlyPages();
        for (String page : pages()) {
            if (!operatorsOnly.contains(page)) {
                visit(page);
            }
        }
        visit(operatorsOnly.getFirst());
        visit("/deployments/" + DEPLOYMENT + "?range=1h");
        List<String> tabs = tabs();
        assertThat(tabs)
                .as("tabs of the deployment page")
                .contains("Metrics", "Overview", "Sources", "Import", "Capacity");
        for (String tab : tabs) {
            openTab(tab);
            check("tab " + tab);
            checkAccessibility("tab " + tab);
            openEveryPicker("tab " + tab);
        }

        openTab("Metrics");
        openCompareMenu();
        openAnnotationDialog();
        assertThat(problems).isEmpty();
    }

    private List<String> tabs() {
        return browser.all("vaadin-tabs vaadin-tab").stream()
                .filter(WebElement::isDisplayed)
                .map(tab -> tab.getText().trim())
                .toList();
    }

    private void openTab(String name) {
        WebElement tab = browser.all("vaadin-tabs vaadin-tab").stream()
                .filter(candidate -> candidate.getText().trim().equals(name))
                .findFirst()
                .orElseThrow();
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView(); arguments[0].click()", tab);
        browser.awaitServerRoundTrips();
    }

    /** Every page of the application, by its route, a deployment's page for the demo's qwen3-coder. */
    private static List<String> pages() {
        List<String> pages = pagesOf(view -> true);
        assertThat(pages).as("pages found").hasSizeGreaterThan(10);
        return pages;
    }

    /** The pages only an operator may open. */
    private static List<String> operatorsOnlyPages() {
        List<String> pages = pagesOf(view -> {
            RolesAllowed roles = view.getAnnotation(RolesAllowed.class);
            return roles != null && List.of(roles.value()).equals(List.of(Role.OPERATOR.name()));
        });
        assertThat(pages).as("operators' pages found").isNotEmpty();
        return pages;
    }

    private static List<String> pagesOf(Predicate<Class<?>> views) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Route.class));
        List<String> pages = new ArrayList<>();
        for (BeanDefinition view : scanner.findCandidateComponents(Application.class.getPackageName())) {
            Class<?> type = classOf(view);
            Route route = Objects.requireNonNull(type.getAnnotation(Route.class));
            if (route.autoLayout() && views.test(type)) {
                pages.add("/" + route.value().replace(":slug", DEPLOYMENT));
            }
        }
        return pages.stream().sorted().toList();
    }

    private static Class<?> classOf(BeanDefinition view) {
        try {
            return Class.forName(view.getBeanClassName());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private void visit(String page) {
        browser.open(page);
        browser.waitUntil(Duration.ofSeconds(30), d -> !d.findElements(By.cssSelector("vaadin-app-layout"))
                .isEmpty());
        browser.awaitServerRoundTrips();
        check(page);
        checkAccessibility(page);
        openEveryPicker(page);
    }

    /** Opens every combo box, select, date picker and menu on screen, as a person looking for a choice would. */
    private void openEveryPicker(String where) {
        String pickers = "vaadin-combo-box, vaadin-select, vaadin-date-picker, vaadin-menu-bar";
        for (int i = 0; i < browser.all(pickers).size(); i++) {
            WebElement picker = browser.all(pickers).get(i);
            if (!picker.isDisplayed() || picker.getRect().getWidth() == 0) {
                if (picker.isDisplayed()) {
                    problems.add(where + ": a " + picker.getTagName() + " is 0 px wide");
                }
                continue;
            }
            String tag = picker.getTagName();
            if (tag.equals("vaadin-menu-bar")) {
                picker.findElements(By.cssSelector("vaadin-menu-bar-button")).stream()
                        .findFirst()
                        .ifPresent(WebElement::click);
            } else {
                ((JavascriptExecutor) browser.driver).executeScript("arguments[0].click()", picker);
            }
            browser.awaitServerRoundTrips();
            check(where + ", " + tag + " opened");
            new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
            browser.awaitServerRoundTrips();
        }
    }

    private void openCompareMenu() {
        WebElement menu = browser.waitUntil(
                Duration.ofSeconds(30), d -> d.findElement(By.cssSelector("vaadin-menu-bar.compare-menu")));
        assertThat(menu.getRect().getWidth()).as("the Compare menu's width").isPositive();
        menu.findElement(By.cssSelector("vaadin-menu-bar-button")).click();
        List<String> items = browser.waitUntil(Duration.ofSeconds(10), d -> {
            List<String> shown = d.findElements(By.cssSelector("vaadin-menu-bar-item")).stream()
                    .filter(WebElement::isDisplayed)
                    .map(item -> item.getText().trim())
                    .toList();
            return shown.isEmpty() ? null : shown;
        });
        assertThat(items).contains("Previous period", "Same period last week");
        check("the Compare menu");
        new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
    }

    private void openAnnotationDialog() {
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotate")).click();
            return true;
        });
        WebElement text = browser.waitUntil(
                Duration.ofSeconds(10), d -> d.findElements(By.cssSelector("vaadin-text-area.annotation-text")).stream()
                        .filter(WebElement::isDisplayed)
                        .findFirst()
                        .orElse(null));
        assertThat(text.getRect().getWidth()).as("the annotation text's width").isPositive();
        check("the annotation dialog");
        new Actions(browser.driver).sendKeys(Keys.ESCAPE).perform();
    }

    /** What axe-core, the accessibility checker, finds on the page as it stands (WCAG 2.x A and AA rules). */
    private void checkAccessibility(String where) {
        Results results = new AxeBuilder()
                .withTags(List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"))
                // Vaadin's own status element, appended to the body outside any page, announces a lost connection
                .exclude("vaadin-connection-indicator")
                // a tooltip the pointer happened to open: appended to the body as well, and read out through its
                // target's aria-describedby, so it belongs to no landmark region
                .exclude("vaadin-tooltip")
                .analyze(browser.driver);
        for (Rule violation : results.getViolations()) {
            List<String> targets = violation.getNodes().stream()
                    .limit(3)
                    .map(node -> String.valueOf(node.getTarget()))
                    .toList();
            problems.add(
                    where + ": accessibility " + violation.getImpact() + " " + violation.getId() + " at " + targets);
        }
    }

    private void check(String where) {
        browser.undefinedElements().forEach(tag -> problems.add(where + ": <" + tag + "> is never defined"));
        browser.consoleErrors().forEach(error -> problems.add(where + ": console error " + error));
    }
}
