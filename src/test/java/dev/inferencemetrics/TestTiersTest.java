package dev.inferencemetrics;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two test tiers stay apart. {@code ./mvnw test} runs the {@code *Test} classes (surefire), which must start
 * nothing: no application or Spring context, no database, no browser, no server on a port; whatever does is an
 * {@code *IT} that {@code ./mvnw verify} runs (failsafe). The forbidden types are named as strings, so that this class
 * does not depend on them itself.
 */
class TestTiersTest {

    private static final JavaClasses TESTS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
            .importPackages("dev.inferencemetrics");

    /** Packages whose types start a context, a database, a browser or a server. */
    private static final String[] STARTING_PACKAGES = {
        "org.springframework.boot.test.context..",
        "org.springframework.boot.test.web..",
        "org.springframework.test.context..",
        "com.vaadin.browserless..",
        "org.openqa.selenium..",
        "org.testcontainers..",
        "io.zonky.test..",
        "com.icegreen.greenmail..",
        "com.sun.net.httpserver.."
    };

    /** The project's own test bases and helpers that need the application, its database or a browser. */
    private static final String[] STARTING_CLASSES = {
        "dev.inferencemetrics.testing.IntegrationTest",
        "dev.inferencemetrics.testing.HttpIntegrationTest",
        "dev.inferencemetrics.testing.ApiIntegrationTest",
        "dev.inferencemetrics.testing.TestDatabase",
        "dev.inferencemetrics.testing.OwnerJdbc",
        "dev.inferencemetrics.testing.FreshDatabase",
        "dev.inferencemetrics.testing.RestartablePostgres",
        "dev.inferencemetrics.testing.AppProcess",
        "dev.inferencemetrics.testing.BrowserSession",
        "dev.inferencemetrics.testing.TestTenant",
        "dev.inferencemetrics.database.EmbeddedPostgresServer",
        "java.net.ServerSocket"
    };

    /** What marks a method as a test. */
    private static final List<String> TEST_ANNOTATIONS = List.of(
            "org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.RepeatedTest",
            "org.junit.jupiter.api.TestFactory",
            "org.junit.jupiter.api.TestTemplate",
            "org.junit.jupiter.params.ParameterizedTest");

    @Test
    void unit_tests_start_no_context_database_browser_or_server() {
        noClasses()
                .that(belongToATopLevelClassNamed("Test"))
                .and(areRunnable())
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(STARTING_PACKAGES)
                .orShould(dependOnAnyOf(STARTING_CLASSES))
                .because("a *Test runs in ./mvnw test, the fast tier; a test that starts any of these is an *IT")
                .check(TESTS);
    }

    @Test
    void every_class_with_tests_is_run_by_one_of_the_tiers() {
        classes()
                .that(declareTests())
                .and(areRunnable())
                .should(ArchConditions.be(belongToATopLevelClassNamed("Test").or(belongToATopLevelClassNamed("IT"))))
                .because("surefire runs only *Test and failsafe only *IT: a test class named otherwise never runs")
                .check(TESTS);
    }

    private static DescribedPredicate<JavaClass> belongToATopLevelClassNamed(String suffix) {
        return DescribedPredicate.describe(
                "in a top-level class named *" + suffix,
                javaClass -> topLevel(javaClass).getSimpleName().endsWith(suffix));
    }

    private static DescribedPredicate<JavaClass> declareTests() {
        return DescribedPredicate.describe("declare test methods", javaClass -> javaClass.getMethods().stream()
                .anyMatch(method -> method.isAnnotatedWith("org.junit.jupiter.api.Test")
                        || method.isMetaAnnotatedWith("org.junit.jupiter.api.TestTemplate")
                        || method.isAnnotatedWith("org.junit.jupiter.api.TestFactory")));
    }

    /** The bases (an annotation, abstract classes) are named *Test too, but only their concrete users run. */
    private static DescribedPredicate<JavaClass> areRunnable() {
        return DescribedPredicate.describe(
                "are concrete classes",
                javaClass -> !javaClass.isAnnotation()
                        && !javaClass.isInterface()
                        && !topLevel(javaClass).getModifiers().contains(JavaModifier.ABSTRACT));
    }

    private static ArchCondition<JavaClass> dependOnAnyOf(String[] names) {
        Set<String> forbidden = Set.of(names);
        return ArchConditions.dependOnClassesThat(DescribedPredicate.describe(
                "are any of " + String.join(", ", names), target -> forbidden.contains(target.getName())));
    }

    private static JavaClass topLevel(JavaClass javaClass) {
        JavaClass outer = javaClass;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }
}
