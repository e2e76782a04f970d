package dev.inferencemetrics;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.vaadin.flow.router.Route;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;

class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.inferencemetrics");

    @Test
    void views_live_in_ui_packages() {
        classes()
                .that()
                .areAnnotatedWith(Route.class)
                .should()
                .resideInAPackage("..ui..")
                .check(MAIN);
    }

    @Test
    void views_reach_data_through_services_never_repositories() {
        noClasses()
                .that()
                .resideInAPackage("..ui..")
                .should()
                .dependOnClassesThat()
                .areAssignableTo(Repository.class)
                .check(MAIN);
    }

    @Test
    void logic_reads_time_from_the_injected_clock() {
        noClasses()
                .should()
                .callMethod(Instant.class, "now")
                .because("an injected Clock keeps time testable")
                .check(MAIN);
    }
}
