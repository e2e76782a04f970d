package dev.inferencemetrics;

import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.lease.SchedulerLease;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;
import org.springframework.scheduling.annotation.Scheduled;

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

    /**
     * Several instances share one database, so scheduled work runs on one of them at a time through the lease. The
     * scrape schedule is the exception: it only claims due targets, each claimed by one instance in PostgreSQL.
     */
    @Test
    void scheduled_work_runs_one_instance_at_a_time_through_the_lease() {
        classes()
                .that()
                .containAnyMethodsThat(annotatedWith(Scheduled.class))
                .and()
                .doNotHaveSimpleName("ScrapeSchedule")
                .should()
                .dependOnClassesThat()
                .areAssignableTo(SchedulerLease.class)
                .because("two instances must not run the same scheduled job at once")
                .check(MAIN);
    }

    /**
     * Every package can be read from the bottom up: the security core below the features, each feature below its
     * pages. A cycle means two packages can only be understood, tested and changed together.
     */
    @Test
    void packages_depend_on_each_other_in_one_direction_only() {
        slices().matching("dev.inferencemetrics.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
